"""Encryption at rest (S4): ``EncryptedStore`` around any store, ``secure`` to apply the
configured key (or refuse an encrypted store opened without one)."""

from __future__ import annotations

from gieok.stores.base import Store
from gieok.stores.encrypted.keys import refuse_if_encrypted
from gieok.stores.encrypted.store import EncryptedStore
from gieok.stores.encrypted.working import EncryptedQueue, EncryptedWorkingLog

__all__ = ["EncryptedQueue", "EncryptedStore", "EncryptedWorkingLog", "secure"]


async def secure(store: Store, master: bytes | None) -> Store:
    """``store`` (set up) sealed under ``master``; without a key, ``store`` itself after
    checking that it is not an encrypted one."""
    if master is None:
        await refuse_if_encrypted(store)
        return store
    return await EncryptedStore.open(store, master)
