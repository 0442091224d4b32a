"""PostgreSQL beyond the contract suite: the engine end to end on a real server, and one
clear typed error for each kind of bad input (wrong URL, unreachable server, no pgvector,
another embedding model, a schema newer than the code) with nothing half-applied."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import psycopg
import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.errors import ConfigurationError, StoreError, StoreSchemaError
from gieok.stores import open_store
from gieok.stores._sql.migrate import Migration, apply_migrations
from gieok.stores.postgres.schema import MIGRATIONS, PgMigrationTarget

pytestmark = [pytest.mark.anyio, pytest.mark.postgres, pytest.mark.integration]


async def test_the_engine_end_to_end(pg_url: str, make_settings: Callable[..., GieokSettings]
                                     ) -> None:
    mem = AsyncMemory(pg_url, settings=make_settings())
    try:
        result = await mem.add("I live in Busan. My cat Nabi is allergic to chicken.",
                               user_id="u1", session_id="s1")
        assert len(result.decisions) >= 2
        again = await mem.add("I live in Busan.", user_id="u1", session_id="s2")
        assert [d.kind.value for d in again.decisions] == ["NOOP"]
        hits = await mem.search("where does the user live?", user_id="u1")
        assert "Busan" in hits[0].record.content
        assert not await mem.search("Busan", user_id="u2")
        ctx = await mem.context("what can Nabi eat?", user_id="u1", session_id="s1")
        assert "chicken" in ctx.text
        assert [t.content for t in await mem.recent_turns(user_id="u1", session_id="s1")]
        assert await mem.forget(user_id="u1") >= 2
        assert (await mem.list(user_id="u1")).total == 0
        assert await mem.recent_turns(user_id="u1", session_id="s1") == []
    finally:
        await mem.aclose()


async def test_a_wrong_url_is_a_configuration_error() -> None:
    with pytest.raises(ConfigurationError) as err:
        await open_store("postgresql://user@localhost:notaport/db")
    assert err.value.code == "CONFIG_INVALID" and "postgresql://" in err.value.message


async def test_an_unreachable_server_fails_fast_and_retriable() -> None:
    started = time.monotonic()
    with pytest.raises(StoreError) as err:
        await open_store("postgresql://gieok@127.0.0.1:1/gieok?connect_timeout_s=2")
    assert err.value.code == "STORE_UNAVAILABLE" and err.value.retriable
    assert "cannot connect to PostgreSQL" in err.value.message
    assert time.monotonic() - started < 30


def _as_role(url: str, role: str) -> str:
    return url.replace("postgresql://postgres:@", f"postgresql://{role}:@", 1)


async def test_a_server_without_usable_pgvector_says_so(postgres_server: Any) -> None:
    """A database where the store's role may not create the ``vector`` extension is what a
    server without pgvector looks like from here: refused, nothing created."""
    with psycopg.connect(postgres_server.base_uri, autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS no_vector")
        conn.execute("DROP ROLE IF EXISTS plain_user")
        conn.execute("CREATE ROLE plain_user LOGIN")
        conn.execute("CREATE DATABASE no_vector")
        conn.execute("GRANT CREATE ON DATABASE no_vector TO plain_user")
    with psycopg.connect(postgres_server.base_uri.replace("/postgres?", "/no_vector?"),
                         autocommit=True) as conn:
        conn.execute("GRANT ALL ON SCHEMA public TO plain_user")
    url = _as_role(postgres_server.base_uri.replace("/postgres?", "/no_vector?"), "plain_user")
    with pytest.raises(StoreSchemaError) as err:
        await open_store(url)
    assert err.value.code in ("STORE_EXTENSION_MISSING", "STORE_MIGRATION_FAILED")
    assert "vector" in err.value.message
    with psycopg.connect(postgres_server.base_uri.replace("/postgres?", "/no_vector?")) as c:
        tables = {r[0] for r in c.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert "records" not in tables


async def test_another_embedding_model_is_refused(pg_url: str,
                                                  make_settings: Callable[..., GieokSettings]
                                                  ) -> None:
    first = AsyncMemory(pg_url, settings=make_settings(embedder="hash:64"))
    await first.remember("User likes tea", user_id="u1")
    await first.aclose()
    other = AsyncMemory(pg_url, settings=make_settings(embedder="hash:128"))
    with pytest.raises(ConfigurationError) as err:
        await other.search("tea", user_id="u1")
    assert err.value.code == "EMBEDDER_MISMATCH" and "hash:64" in err.value.message
    await other.aclose()


async def test_a_schema_newer_than_the_code_is_refused_unchanged(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("INSERT INTO _migrations (name, applied_at) VALUES ('9999_future', 0)")
    with pytest.raises(StoreSchemaError) as err:
        await open_store(pg_url)
    assert err.value.code == "STORE_SCHEMA_NEWER" and not err.value.retriable


def test_a_failing_step_leaves_nothing(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        steps = [*MIGRATIONS, Migration("9001_half", "CREATE TABLE half_done (x INT); "
                                        "INSERT INTO half_done VALUES (1); SELECT 1/0")]
        with pytest.raises(StoreSchemaError) as err:
            apply_migrations(PgMigrationTarget(conn), steps)
        assert err.value.code == "STORE_MIGRATION_FAILED"
        assert conn.execute("SELECT to_regclass('half_done')").fetchone() == (None,)
        names = [r[0] for r in conn.execute("SELECT name FROM _migrations")]
        assert "9001_half" not in names
