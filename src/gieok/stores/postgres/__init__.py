"""S2: ``postgresql://`` (or ``postgres://``) — PostgreSQL with pgvector, for teams and
replicas. Needs the ``postgres`` extra (psycopg 3 with its pool, pgvector)."""

from gieok.stores.postgres.store import PostgresStore

__all__ = ["PostgresStore"]
