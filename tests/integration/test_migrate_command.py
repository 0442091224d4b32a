"""``gieok migrate --from sqlite:///… --to postgresql://…``: a real SQLite file copied into a
real PostgreSQL, checked through the engine on the target; an interrupted copy resumes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.security.tokens import TokenService
from gieok.stores import open_store
from gieok.stores.transfer import copy_store

pytestmark = [pytest.mark.integration, pytest.mark.postgres]


async def _fill(url: str, settings: GieokSettings) -> tuple[str, str]:
    mem = AsyncMemory(url, settings=settings)
    try:
        for i in range(7):
            await mem.remember(f"note number {i} about green tea", user_id="u1")
        edited = await mem.remember("User lives in Seoul", org_id="acme", user_id="kim")
        await mem.update(edited.id, scope="org:acme/user:kim", content="User lives in Busan")
        await mem.add("I love hiking on weekends.", user_id="u1", session_id="s1")
        await mem.end_session(user_id="u1", session_id="s1")
        await mem.update_settings(user_id="u1", retention_days=90)
        _, secret = await TokenService(mem.store.tokens).create(tenant="acme", user="kim")
        return edited.id, secret
    finally:
        await mem.aclose()


def test_migrate_copies_a_store_losslessly(
        cli: Any, tmp_path: Path, pg_url: str, make_settings: Callable[..., GieokSettings]
) -> None:
    source = f"sqlite:///{tmp_path / 'source.db'}"
    settings = make_settings(embedder="hash:256")
    edited, secret = anyio.run(_fill, source, settings)
    result = cli("migrate", "--from", source, "--to", pg_url, "--batch", "3", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{"):])
    assert report["verified"] and report["missing"] == []
    assert report["source_records"] == report["target_records"] == report["records"] >= 10
    anyio.run(_compare, source, pg_url, settings, edited, secret)


async def _compare(source: str, pg_url: str, settings: GieokSettings, edited: str,
                   secret: str) -> None:
    before, after = AsyncMemory(source, settings=settings), AsyncMemory(pg_url, settings=settings)
    try:
        for scope in ({"user_id": "u1"}, {"org_id": "acme", "user_id": "kim"}):
            assert await after.export(**scope) == await before.export(**scope)
        assert await after.history(edited, scope="org:acme/user:kim") == \
            await before.history(edited, scope="org:acme/user:kim")
        assert (await after.get_settings(user_id="u1")).retention_days == 90
        assert await after.recent_turns(user_id="u1", session_id="s1") == \
            await before.recent_turns(user_id="u1", session_id="s1")
        hits = await after.search("where does kim live", org_id="acme", user_id="kim")
        assert hits and "Busan" in hits[0].record.content  # vectors came with their model
        principal = await TokenService(after.store.tokens).verify(secret)
        assert (principal.tenant, principal.user) == ("acme", "kim")
        assert (await after.store.index_info()) == (await before.store.index_info())
    finally:
        await before.aclose()
        await after.aclose()


@pytest.mark.anyio
async def test_an_interrupted_copy_resumes(tmp_path: Path, pg_url: str,
                                           make_settings: Callable[..., GieokSettings]) -> None:
    source_url = f"sqlite:///{tmp_path / 'source.db'}"
    await _fill(source_url, make_settings(embedder="hash:256"))
    source, target = await open_store(source_url), await open_store(pg_url)
    try:
        def stop_after_first_batch(what: str, n: int) -> None:
            raise KeyboardInterrupt("cut off")

        with pytest.raises(KeyboardInterrupt):
            await copy_store(source, target, batch=4, progress=stop_after_first_batch)
        report = await copy_store(source, target, batch=4)
        assert report.skipped == 4 and report.records == report.source_records - 4
        assert report.verified and report.target_records == report.source_records
    finally:
        await source.aclose()
        await target.aclose()


def test_a_target_holding_the_same_users_is_refused_unless_merging(
        cli: Any, tmp_path: Path, pg_url: str, make_settings: Callable[..., GieokSettings]
) -> None:
    """A team that tried PostgreSQL first and then migrates its SQLite file into it: without
    the check every fact ended up active twice, with exit 0."""
    source = f"sqlite:///{tmp_path / 'source.db'}"
    settings = make_settings(embedder="hash:256")

    async def write(url: str) -> None:
        async with AsyncMemory(url, settings=settings) as mem:
            await mem.remember("User lives in Mapo-gu", user_id="jisoo")
            await mem.remember("User likes green tea", user_id="jisoo")

    async def active(url: str) -> list[str]:
        async with AsyncMemory(url, settings=settings) as mem:
            return sorted(r.content for r in (await mem.list(user_id="jisoo")).items)

    anyio.run(write, source)
    anyio.run(write, pg_url)  # the same user, written straight into the target
    refused = cli("migrate", "--from", source, "--to", pg_url)
    assert refused.exit_code != 0
    assert "MIGRATE_TARGET_NOT_EMPTY" in refused.output and "--merge-into-existing" in \
        refused.output and "user:jisoo" in refused.output
    assert anyio.run(active, pg_url) == ["User likes green tea", "User lives in Mapo-gu"]
    merged = cli("migrate", "--from", source, "--to", pg_url, "--merge-into-existing")
    assert merged.exit_code == 0, merged.output
    assert len(anyio.run(active, pg_url)) == 4  # asked for: both kept


def test_a_rerun_into_the_same_target_stays_idempotent(
        cli: Any, tmp_path: Path, pg_url: str, make_settings: Callable[..., GieokSettings]
) -> None:
    source = f"sqlite:///{tmp_path / 'source.db'}"
    anyio.run(_fill, source, make_settings(embedder="hash:256"))
    first = cli("migrate", "--from", source, "--to", pg_url, "--json")
    again = cli("migrate", "--from", source, "--to", pg_url, "--json")
    assert first.exit_code == again.exit_code == 0, again.output
    report = json.loads(again.output[again.output.index("{"):])
    assert report["records"] == 0 and report["skipped"] == report["source_records"]
    assert report["target_records"] == report["source_records"]
