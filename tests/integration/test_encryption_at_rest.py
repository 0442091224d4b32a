"""Encryption at rest: distinctive Korean and English words written through every path —
remember, add with extraction, update, rolling summaries, session episodes, history, turns —
are found in the raw bytes of nothing the engine leaves behind: the SQLite file with its
-wal/-shm, a PostgreSQL data directory, a Redis dump. The same run without a key finds them
(so the scan can see), and search still finds the memories by those words."""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.errors import ConfigurationError

pytestmark = [pytest.mark.anyio, pytest.mark.integration]

KEY = "q8yZQ0kL1mZ9bJx2u3V4w5X6y7Z8a9B0c1D2e3F4g5E="
OTHER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="


def words() -> dict[str, str]:
    """Fresh words no other test (or earlier run sharing a server) ever wrote."""
    rng = random.Random(uuid.uuid4().int)
    latin = lambda n: "".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou")  # noqa: E731
                              for _ in range(n))
    hangul = lambda n: "".join(chr(0xAC00 + rng.randrange(11172)) for _ in range(n))  # noqa: E731
    return {"en_fact": "Zo" + latin(5), "en_turn": "Qu" + latin(5), "en_new": "Vy" + latin(5),
            "ko_fact": hangul(4), "ko_turn": hangul(4), "ko_new": hangul(4)}


async def write_everything(mem: AsyncMemory, w: dict[str, str]) -> dict[str, str]:
    """Every write path once; returns ids to check afterwards."""
    u = {"user_id": "u1"}
    fact = await mem.remember(f"My favourite painter is {w['en_fact']}", **u)
    ko = await mem.remember(f"좋아하는 화가는 {w['ko_fact']}입니다", **u)
    await mem.update(fact.id, content=f"My favourite painter is now {w['en_new']}")
    await mem.update(ko.id, content=f"좋아하는 화가는 이제 {w['ko_new']}입니다")
    turns = [{"role": "user", "content": f"I live in {w['en_turn']} now"},
             {"role": "assistant", "content": f"{w['en_turn']} sounds lovely."},
             {"role": "user", "content": f"저는 {w['ko_turn']}에 살아요"}]
    await mem.add(turns, session_id="s1", **u)
    for i in range(14):  # past the raw window: a rolling summary is stored
        await mem.add([{"role": "user", "content": f"Turn {i} about {w['en_turn']} and "
                                                   f"{w['ko_turn']}"}],
                      session_id="s1", infer=False, **u)
    await mem.context(f"where do I live, {w['en_turn']}?", session_id="s1", **u)
    await mem.end_session(session_id="s1", **u)  # the session's episode
    assert len(await mem.history(fact.id)) >= 2
    return {"fact": fact.id, "ko": ko.id}


def scan(paths: list[Path], needles: list[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    forms = {n: {n.encode(), n.lower().encode()} for n in needles}
    for path in paths:
        data = path.read_bytes()
        for needle, variants in forms.items():
            if any(v in data for v in variants):
                found.setdefault(needle, []).append(path.name)
    return found


def files_under(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file() and not p.is_symlink()]


async def check_reads(mem: AsyncMemory, w: dict[str, str], ids: dict[str, str]) -> None:
    """Everything written reads back in clear, and full-text search finds it by its words."""
    assert w["en_new"] in (await mem.get(ids["fact"])).content
    history = await mem.history(ids["fact"])
    assert any(w["en_fact"] in (e.before_content or "") for e in history)
    hits = await mem.search(w["en_new"], user_id="u1")
    assert hits and hits[0].record.id == ids["fact"]
    hits = await mem.search(f"{w['ko_new']} 화가", user_id="u1")
    assert hits and hits[0].record.id == ids["ko"]
    texts = [m.content for m in (await mem.list(user_id="u1", limit=100)).items]
    assert any(w["en_turn"] in t for t in texts)  # extraction and the episode


@pytest.mark.parametrize("key", [KEY, None], ids=["encrypted", "plaintext-control"])
async def test_sqlite_and_redis_files_hold_no_plaintext(
        key: str | None, tmp_path: Path, make_settings: Callable[..., GieokSettings],
        redis_factory: Callable[[], Any]) -> None:
    server = redis_factory()
    w = words()
    db = tmp_path / "store" / "gieok.db"
    db.parent.mkdir()
    settings = make_settings(encryption_key=key, redis_url=server.url)
    mem = AsyncMemory(f"sqlite:///{db}", settings=settings)
    ids = await write_everything(mem, w)
    await check_reads(mem, w, ids)
    client = mem.runtime.working.cache.client  # Redis dump, uncompressed
    await client.config_set("dir", str(server.dir))
    await client.config_set("dbfilename", "dump.rdb")
    await client.config_set("rdbcompression", "no")
    await client.save()
    mem.runtime.store.conn.execute("PRAGMA wal_checkpoint(PASSIVE)")  # -wal still on disk
    files = files_under(db.parent) + [server.dir / "dump.rdb"]
    assert {p.name for p in files} >= {"gieok.db", "gieok.db-wal", "dump.rdb"}
    found = scan(files, list(w.values()))
    await mem.aclose()
    found_after_close = scan(files_under(db.parent), list(w.values()))
    if key is None:  # the scan sees plaintext where there is some
        assert set(found) == set(w.values()), found
        assert any("dump.rdb" in where for where in found.values())
    else:
        assert found == {} and found_after_close == {}


@pytest.mark.postgres
async def test_postgres_data_directory_holds_no_plaintext(
        pg_url: str, postgres_server: Any, make_settings: Callable[..., GieokSettings]) -> None:
    import psycopg

    w = words()
    mem = AsyncMemory(pg_url, settings=make_settings(encryption_key=KEY))
    ids = await write_everything(mem, w)
    await check_reads(mem, w, ids)
    await mem.aclose()
    with psycopg.connect(postgres_server.base_uri, autocommit=True) as conn:
        conn.execute("CHECKPOINT")
        row = conn.execute("SHOW data_directory").fetchone()
    assert row is not None
    found = scan(files_under(Path(row[0])), list(w.values()))
    assert found == {}


async def test_a_wrong_or_missing_key_is_a_clear_error(
        tmp_path: Path, make_settings: Callable[..., GieokSettings]) -> None:
    url = f"sqlite:///{tmp_path / 'k.db'}"
    mem = AsyncMemory(url, settings=make_settings(encryption_key=KEY))
    await mem.remember("비밀 메모", user_id="u1")
    await mem.aclose()
    for settings, code in ((make_settings(encryption_key=OTHER_KEY), "ENCRYPTION_KEY_WRONG"),
                           (make_settings(), "ENCRYPTION_KEY_MISSING"),
                           (make_settings(encryption_key="not-a-key"), "ENCRYPTION_KEY_INVALID")):
        other = AsyncMemory(url, settings=settings)
        with pytest.raises(ConfigurationError) as err:
            await other.list(user_id="u1")
        assert err.value.code == code
        assert "GIEOK_ENCRYPTION_KEY" in err.value.message or "base64" in err.value.message
        await other.aclose()
    # a plaintext store with memories is not silently half-encrypted
    plain = f"sqlite:///{tmp_path / 'p.db'}"
    mem = AsyncMemory(plain, settings=make_settings())
    await mem.remember("평문 메모", user_id="u1")
    await mem.aclose()
    mem = AsyncMemory(plain, settings=make_settings(encryption_key=KEY))
    with pytest.raises(ConfigurationError) as err:
        await mem.list(user_id="u1")
    assert err.value.code == "STORE_NOT_ENCRYPTED" and "gieok rekey" in err.value.message
    await mem.aclose()


async def test_the_key_can_come_from_a_file(
        tmp_path: Path, make_settings: Callable[..., GieokSettings]) -> None:
    key_file = tmp_path / "gieok.key"
    key_file.write_text(KEY + "\n")
    url = f"sqlite:///{tmp_path / 'f.db'}"
    mem = AsyncMemory(url, settings=make_settings(encryption_key_file=key_file))
    await mem.remember("Zorblatt likes tea", user_id="u1")
    await mem.aclose()
    again = AsyncMemory(url, settings=make_settings(encryption_key=KEY))
    assert [m.content for m in (await again.list(user_id="u1")).items] == ["Zorblatt likes tea"]
    await again.aclose()
