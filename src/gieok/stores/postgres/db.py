"""``PgDb``: the connection pool a PostgreSQL store and its components share, and the
boundary where psycopg errors become ``StoreError``s.

``open`` first connects once, synchronously, to apply migrations under the advisory lock
(and to say clearly why a server cannot be used: bad URL, unreachable, no pgvector, a schema
newer than the code), then opens an async pool whose connections know the ``vector`` type.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar
from urllib.parse import urlsplit

import anyio
import psycopg
from psycopg.rows import tuple_row
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from gieok.errors import (
    ConfigurationError,
    StoreConstraintError,
    StoreDataError,
    StoreError,
    StoreSchemaError,
)
from gieok.stores._sql.migrate import Migration, apply_migrations
from gieok.stores.postgres.schema import PgMigrationTarget

T = TypeVar("T")
Conn = psycopg.AsyncConnection[Any]
log = logging.getLogger("gieok.stores.postgres")


def conninfo(url: str) -> str:
    """``postgres://``/``postgresql+psycopg://`` → a libpq URL, or CONFIG_INVALID."""
    if not isinstance(url, str) or "://" not in url:
        raise ConfigurationError(f"not a PostgreSQL URL: {url!r}", code="CONFIG_INVALID")
    scheme, rest = url.split("://", 1)
    if scheme.split("+", 1)[0].lower() not in ("postgresql", "postgres"):
        raise ConfigurationError(f"not a PostgreSQL URL: {url!r}", code="CONFIG_INVALID")
    fixed = "postgresql://" + rest
    try:
        parts = urlsplit(fixed)
        _ = parts.port  # raises for a malformed port
        psycopg.conninfo.conninfo_to_dict(fixed)
    except (ValueError, psycopg.ProgrammingError) as exc:
        raise ConfigurationError(
            f"cannot read the PostgreSQL URL ({exc}); use postgresql://user:password@host:5432/"
            "database", code="CONFIG_INVALID") from exc
    return fixed


def store_error(exc: BaseException) -> StoreError:
    """The store error a psycopg exception stands for (callers never see psycopg)."""
    if isinstance(exc, StoreError):
        return exc
    if isinstance(exc, psycopg.errors.IntegrityError):
        return StoreConstraintError(f"write rejected by the store: {exc}")
    if isinstance(exc, psycopg.DataError):  # SQLSTATE class 22, or refused by psycopg itself
        return StoreDataError(f"PostgreSQL cannot store this value: {exc}; change the input "
                              "and send it again")
    if isinstance(exc, psycopg.errors.UndefinedTable | psycopg.errors.UndefinedColumn):
        return StoreSchemaError(f"the store's schema is not what this gieok expects: {exc}")
    if isinstance(exc, psycopg.OperationalError | PoolTimeout):
        return StoreError(f"PostgreSQL is unavailable: {exc}".strip(), retriable=True)
    if isinstance(exc, psycopg.errors.SerializationFailure | psycopg.errors.DeadlockDetected):
        return StoreError(f"PostgreSQL: {exc}; retry", retriable=True)
    return StoreError(f"PostgreSQL: {exc}", retriable=False)


class PgDb:
    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 8,
                 connect_timeout: float = 10.0) -> None:
        self.url = conninfo(url)
        self._pool: AsyncConnectionPool | None = None
        self._sizes = (min_size, max_size)
        self._timeout = connect_timeout

    @property
    def pool(self) -> AsyncConnectionPool:
        if self._pool is None:
            raise StoreError("the store is closed; open it with open_store()", retriable=False)
        return self._pool

    async def open(self, migrations: Sequence[Migration]) -> None:
        if self._pool is not None:
            return
        await anyio.to_thread.run_sync(self._migrate, migrations)
        pool = AsyncConnectionPool(self.url, min_size=self._sizes[0], max_size=self._sizes[1],
                                   open=False, configure=_configure,
                                   kwargs={"autocommit": True, "row_factory": tuple_row},
                                   timeout=self._timeout)
        try:
            await pool.open(wait=True, timeout=self._timeout)
        except BaseException as exc:
            await pool.close()
            raise store_error(exc) from exc
        self._pool = pool

    def _migrate(self, migrations: Sequence[Migration]) -> None:
        try:
            conn = psycopg.connect(self.url, autocommit=True,
                                   connect_timeout=max(1, int(self._timeout)))
        except psycopg.Error as exc:
            host = urlsplit(self.url).hostname or "the local socket"
            raise StoreError(f"cannot connect to PostgreSQL at {host}: {exc}".strip(),
                             code="STORE_UNAVAILABLE", retriable=True) from exc
        try:
            apply_migrations(PgMigrationTarget(conn), migrations)
        finally:
            conn.close()

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @asynccontextmanager
    async def connection(self, *, transaction: bool) -> AsyncIterator[Conn]:
        """A pooled connection (in one transaction when asked), errors mapped."""
        try:
            async with self.pool.connection() as conn:
                if transaction:
                    async with conn.transaction():
                        yield conn
                else:
                    yield conn
        except StoreError:
            raise
        except (psycopg.Error, PoolTimeout) as exc:
            raise store_error(exc) from exc

    async def tx(self, fn: Callable[[Conn], Awaitable[T]]) -> T:
        async with self.connection(transaction=True) as conn:
            return await fn(conn)

    async def run(self, fn: Callable[[Conn], Awaitable[T]]) -> T:
        async with self.connection(transaction=False) as conn:
            return await fn(conn)


async def _configure(conn: Conn) -> None:
    from pgvector.psycopg import register_vector_async

    await register_vector_async(conn)
