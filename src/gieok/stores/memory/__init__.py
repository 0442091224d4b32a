"""``memory://``: the reference store (plain Python, no persistence) and its components."""

from gieok.stores.memory.store import InMemoryStore

__all__ = ["InMemoryStore"]
