"""S1: the embedded default — one SQLite file in WAL mode."""

from gieok.stores.sqlite.store import SqliteStore

__all__ = ["SqliteStore"]
