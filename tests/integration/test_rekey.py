"""``gieok rekey``: re-encryption under a new key while the store is in use, resumable, the
old key accepted until it is done and refused after; a store written in clear encrypted."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.errors import ConfigurationError
from gieok.stores import open_raw_store
from gieok.stores.encrypted.keys import read_meta
from gieok.stores.encrypted.rekey import rekey
from gieok.stores.encrypted.store import EncryptedStore
from gieok.stores.ops import ScanOp

pytestmark = [pytest.mark.anyio, pytest.mark.integration]

OLD = "q8yZQ0kL1mZ9bJx2u3V4w5X6y7Z8a9B0c1D2e3F4g5E="
NEW = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
FACTS = [f"Fact {i}: the courier code word is Brumblefox{i}" for i in range(7)] + [
    "좋아하는 음식은 떡볶이입니다", "고양이 이름은 나비입니다"]


async def seed(url: str, settings: GieokSettings) -> dict[str, str]:
    mem = AsyncMemory(url, settings=settings)
    ids = {}
    for text in FACTS:
        ids[text] = (await mem.remember(text, user_id="u1")).id
    await mem.update(ids[FACTS[0]], content="Fact 0: the courier code word is Zinderwhale")
    await mem.add("I moved to Busan last week", user_id="u1", session_id="s1")
    await mem.aclose()
    return ids


async def check(url: str, settings: GieokSettings, ids: dict[str, str]) -> None:
    mem = AsyncMemory(url, settings=settings)
    assert "Zinderwhale" in (await mem.get(ids[FACTS[0]])).content
    assert any("Brumblefox0" in (e.before_content or "")
               for e in await mem.history(ids[FACTS[0]]))
    hits = await mem.search("Brumblefox5", user_id="u1")
    assert hits[0].record.id == ids[FACTS[5]]
    hits = await mem.search("떡볶이", user_id="u1")
    assert hits[0].record.id == ids[FACTS[7]]
    assert [t.content for t in await mem.recent_turns(user_id="u1", session_id="s1")] == [
        "I moved to Busan last week"]
    await mem.aclose()


async def data_keys_in_use(url: str) -> set[str]:
    """The data keys the stored memories are sealed with, read from the raw rows."""
    raw = await open_raw_store(url)
    assert await read_meta(raw) is not None
    [rows] = await raw.read([ScanOp(0, 1000)])
    await raw.aclose()
    return {_key_id(r.content) for _, r, _ in rows}


def _key_id(value: str) -> str:
    import base64

    body = value.removeprefix("gk1:")
    return base64.urlsafe_b64decode(body[:8] + "==")[:4].hex()


async def test_rekey_is_resumable_and_accepts_the_old_key_until_done(
        tmp_path: Path, make_settings: Callable[..., GieokSettings]) -> None:
    url = f"sqlite:///{tmp_path / 'r.db'}"
    ids = await seed(url, make_settings(encryption_key=OLD))
    first_keys = await data_keys_in_use(url)
    assert len(first_keys) == 1
    running = AsyncMemory(url, settings=make_settings(encryption_key=OLD))  # a live server
    await running.list(user_id="u1")

    from gieok.security.crypto import parse_master_key

    raw = await open_raw_store(url)
    part = await rekey(raw, parse_master_key(OLD), parse_master_key(NEW), batch=3,
                       wait_s=0, stop_after=1)  # interrupted after one batch
    await raw.aclose()
    assert not part.done and part.records == 3
    assert len(await data_keys_in_use(url)) == 2  # half and half
    for key in (OLD, NEW):  # mid-rotation: either key opens everything, search included
        await check(url, make_settings(encryption_key=key), ids)
    running.runtime.store.refresh_s = 0  # the live server notices the rotation
    fact = await running.remember("Written during the rekey: Quillmoth", user_id="u1")

    raw = await open_raw_store(url)
    rest = await rekey(raw, parse_master_key(OLD), parse_master_key(NEW), batch=3, wait_s=0)
    await raw.aclose()
    assert rest.done and rest.resumed and rest.records >= len(FACTS) - 3
    assert (await data_keys_in_use(url)) & first_keys == set()
    await check(url, make_settings(encryption_key=NEW), ids)
    assert (await running.get(fact.id)).content == "Written during the rekey: Quillmoth"
    await running.aclose()
    with pytest.raises(ConfigurationError) as err:
        await check(url, make_settings(encryption_key=OLD), ids)
    assert err.value.code == "ENCRYPTION_KEY_WRONG"


def test_cli_encrypts_a_store_written_in_clear(
        tmp_path: Path, make_settings: Callable[..., GieokSettings]) -> None:
    import anyio

    db = tmp_path / "plain.db"
    url = f"sqlite:///{db}"
    ids = anyio.run(seed, url, make_settings())
    files = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("plain"))
    assert b"Brumblefox5" in files  # the scan below can see plaintext where there is some
    env = {"GIEOK_STORE_URL": url, "GIEOK_EMBEDDER": "hash:256",
           "GIEOK_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    cli = [sys.executable, "-c", "from gieok.cli import main; main()", "rekey"]
    done = subprocess.run([*cli, "--new-key", NEW, "--wait", "0", "--json"], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert '"done": true' in done.stdout
    anyio.run(check, url, make_settings(encryption_key=NEW), ids)
    files = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("plain"))
    for word in (b"Brumblefox5", "떡볶이".encode(), b"Busan", b"Zinderwhale"):
        assert word not in files, word
    again = subprocess.run([*cli, "--new-key", "short"], env=env, capture_output=True,
                           text=True, timeout=300)
    assert again.returncode == 2 and "base64" in again.stderr


def test_encrypted_store_class_is_what_the_engine_uses(
        tmp_path: Path, make_settings: Callable[..., GieokSettings]) -> None:
    import anyio

    async def run() -> None:
        mem = AsyncMemory(f"sqlite:///{tmp_path / 'e.db'}",
                          settings=make_settings(encryption_key=OLD))
        await mem.remember("x", user_id="u1")
        assert isinstance(mem.runtime.store, EncryptedStore)
        await mem.aclose()

    anyio.run(run)
