"""The store's key metadata (S4): which data keys exist, each wrapped under the master keys
that may open it, and which one seals new values.

Kept in the store itself (``MetaOp("encryption")``) as JSON::

    {"v": 1, "current": "<data key id>",
     "keys": {"<data key id>": {"<master key id>": "<wrapped data key>", ...}, ...},
     "rekey": {"to": "<data key id>", "old_master": "<id>", "cursor": ...} | absent}

A master key that unwraps none of the keys is the wrong key: a clear error at start, never
garbage. A store written without encryption has no metadata; one that has metadata refuses
to open without a key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from gieok.security.crypto import DataKey, Keyring, key_error, master_id
from gieok.stores.base import Store, WriteBatch
from gieok.stores.ops import MetaOp, ScanOp

META_KEY = "encryption"


@dataclass
class KeyMeta:
    current: str
    keys: dict[str, dict[str, str]]
    rekey: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> KeyMeta:
        data = json.loads(text)
        return cls(current=data["current"], keys=data["keys"], rekey=data.get("rekey"))

    def dump(self) -> str:
        data: dict[str, Any] = {"v": 1, "current": self.current, "keys": self.keys}
        if self.rekey is not None:
            data["rekey"] = self.rekey
        return json.dumps(data, sort_keys=True)

    def keyring(self, master: bytes) -> Keyring:
        """Every data key this master key can unwrap; the wrong key unwraps none."""
        mid = master_id(master)
        found = [DataKey.unwrap(kid, wraps[mid], master)
                 for kid, wraps in self.keys.items() if mid in wraps]
        if not any(k.id == self.current for k in found):
            raise key_error("GIEOK_ENCRYPTION_KEY does not open this store (it was encrypted "
                            "with another key); set the key it was created with",
                            "ENCRYPTION_KEY_WRONG")
        return Keyring(found, self.current)


async def read_meta(store: Store) -> KeyMeta | None:
    [raw] = await store.read([MetaOp(META_KEY)])
    return None if raw is None else KeyMeta.parse(raw)


async def write_meta(store: Store, meta: KeyMeta) -> None:
    await store.write(WriteBatch(meta={META_KEY: meta.dump()}))


async def holds_data(store: Store) -> bool:
    """Whether anything was written to the store yet (memories or turns)."""
    [rows] = await store.read([ScanOp(0, 1)])
    if rows:
        return True
    scopes = getattr(store.working, "scopes", None)
    return bool(await scopes()) if scopes is not None else False


async def open_keyring(store: Store, master: bytes) -> Keyring:
    """The store's keyring under ``master``; a new, empty store gets its first data key."""
    meta = await read_meta(store)
    if meta is not None:
        return meta.keyring(master)
    if await holds_data(store):
        raise key_error("this store holds memories written without encryption; encrypt them "
                        "with `gieok rekey --new-key KEY` (run without GIEOK_ENCRYPTION_KEY)",
                        "STORE_NOT_ENCRYPTED")
    first = DataKey.new()
    meta = KeyMeta(current=first.id, keys={first.id: {master_id(master): first.wrap(master)}})
    await write_meta(store, meta)
    return meta.keyring(master)


async def refuse_if_encrypted(store: Store) -> None:
    """A store with key metadata opened without a key: say so instead of showing sealed
    text."""
    if await read_meta(store) is not None:
        raise key_error("this store is encrypted: set GIEOK_ENCRYPTION_KEY (or "
                        "GIEOK_ENCRYPTION_KEY_FILE) to the key it was created with",
                        "ENCRYPTION_KEY_MISSING")
