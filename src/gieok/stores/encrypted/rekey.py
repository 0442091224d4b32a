"""Key rotation (S4): ``gieok rekey --new-key KEY`` re-encrypts a store under a new master
key while the store stays in use, and encrypts a store that was written in clear.

1. Start: a new data key becomes current, and every data key is wrapped under the new
   master key *and* still under the old one, so processes holding either key keep working
   (each looks at the key metadata every few seconds and seals with the new data key).
2. Pass: every memory and its history is read, opened and sealed again under the new data
   key (with new blind full-text terms and keyed hashes), a batch per transaction; the
   position is saved in the same transaction, so an interrupted rekey resumes there.
   Passes repeat until one finds nothing left under an old key (a process that was slow to
   notice the rotation may have written some meanwhile).
3. Finish: the old master key's wrappings are removed — from now on only the new key opens
   the store. Retired data keys stay listed (under the new key only): working-log turns,
   summaries and queued jobs sealed with them live at most a session lifetime and are not
   rewritten.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import anyio

from gieok.domain.records import MemoryRecord
from gieok.errors import ConfigurationError
from gieok.security.crypto import DataKey, Keyring, key_error, master_id
from gieok.stores.base import Store, WriteBatch
from gieok.stores.encrypted.keys import META_KEY, KeyMeta, read_meta
from gieok.stores.encrypted.store import EncryptedStore
from gieok.stores.ops import HistoryOp, ScanOp


@dataclass
class RekeyReport:
    records: int = 0  # memories sealed again
    events: int = 0  # history events sealed again
    passes: int = 0
    resumed: bool = False
    done: bool = False


async def start(raw: Store, old: bytes | None, new: bytes, *, wait_s: float) -> KeyMeta:
    """The rotation in progress (new or resumed) to ``new``."""
    meta = await read_meta(raw)
    new_id = master_id(new)
    if meta is not None and meta.rekey is not None:
        if meta.rekey.get("new_master") != new_id:
            raise key_error("another rekey is in progress; finish it first with the key it "
                            "was started with", "REKEY_IN_PROGRESS")
        return meta
    dek = DataKey.new()
    if meta is None:  # written in clear: encrypted from now on, then everything re-sealed
        meta = KeyMeta(current=dek.id, keys={dek.id: {new_id: dek.wrap(new)}},
                       rekey={"to": dek.id, "new_master": new_id, "old_master": None,
                              "cursor": 0})
    else:
        if old is None:
            raise key_error("this store is encrypted: set GIEOK_ENCRYPTION_KEY to its current "
                            "key to rekey it", "ENCRYPTION_KEY_MISSING")
        ring = meta.keyring(old)
        if master_id(old) == new_id:
            raise key_error("the new key is the key the store already uses",
                            "REKEY_SAME_KEY")
        for key in ring.keys.values():
            meta.keys[key.id][new_id] = key.wrap(new)
        meta.keys[dek.id] = {master_id(old): dek.wrap(old), new_id: dek.wrap(new)}
        meta.current = dek.id
        meta.rekey = {"to": dek.id, "new_master": new_id, "old_master": master_id(old),
                      "cursor": 0}
    await raw.write(WriteBatch(meta={META_KEY: meta.dump()}))
    await anyio.sleep(wait_s)  # running processes pick up the new data key meanwhile
    return meta


async def rekey(
    raw: Store, old: bytes | None, new: bytes, *, batch: int = 200,
    wait_s: float = 2 * EncryptedStore.refresh_s, stop_after: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> RekeyReport:
    """Rotate ``raw`` (a store opened without encryption) from ``old`` (None: written in
    clear) to ``new``; resumes a rotation that was interrupted. ``stop_after`` stops after
    that many batches (tests of resuming)."""
    before = await read_meta(raw)
    report = RekeyReport(resumed=before is not None and before.rekey is not None)
    meta = await start(raw, old, new, wait_s=0.0 if report.resumed else wait_s)
    ring = meta.keyring(new)
    enc = EncryptedStore(raw, ring, new)
    if meta.rekey is not None and meta.rekey.get("old_master") is None \
            and not meta.rekey.get("working_done"):
        await _seal_working_log(enc)  # a store written in clear: its turns too
        meta.rekey["working_done"] = True
        await raw.write(WriteBatch(meta={META_KEY: meta.dump()}))
    batches = 0
    while True:
        report.passes += 1
        rewritten = 0
        cursor = int((meta.rekey or {}).get("cursor", 0))
        while True:
            [rows] = await raw.read([ScanOp(cursor, batch)])
            if not rows:
                break
            cursor = rows[-1][0]
            assert meta.rekey is not None
            meta.rekey["cursor"] = cursor
            rewritten += await _reseal(enc, ring, [r for _, r, _ in rows], meta, report)
            if progress is not None:
                progress(len(rows))
            batches += 1
            if stop_after is not None and batches >= stop_after:
                return report
        assert meta.rekey is not None
        meta.rekey["cursor"] = 0
        if rewritten == 0:
            break
    meta.rekey = None
    for wraps in meta.keys.values():  # only the new master key opens the store now
        for mid in [m for m in wraps if m != master_id(new)]:
            del wraps[mid]
    await raw.write(WriteBatch(meta={META_KEY: meta.dump()}))
    compact = getattr(raw, "compact", None)
    if compact is not None:
        await compact()  # no plaintext left in free pages or the WAL
    report.done = True
    return report


async def _reseal(enc: EncryptedStore, ring: Keyring, records: list[MemoryRecord],
                  meta: KeyMeta, report: RekeyReport) -> int:
    """Seal again what a batch holds under an old key (or in clear); one transaction."""
    current = ring.current.id
    opened = await enc.read([HistoryOp(r.scope.tenant, r.id) for r in records])
    raw_events = await enc.inner.read([HistoryOp(r.scope.tenant, r.id) for r in records])
    stale = [r for r in records if ring.sealed_with(r.content) != current]
    stale_history = [r.id for r, events in zip(records, raw_events, strict=True)
                     if any(_stale_event(ring, e, current) for e in events)]
    ids = {r.id for r in stale} | set(stale_history)
    batch = WriteBatch(meta={META_KEY: meta.dump()})
    batch.upserts = [(enc.sealer.open_record(r), None) for r in stale]
    for record, events in zip(records, opened, strict=True):
        if record.id in ids:
            batch.purge_history.append(record.id)
            batch.audit.extend(events)
    await enc.write(batch)
    report.records += len(stale)
    report.events += sum(len(e) for r, e in zip(records, opened, strict=True) if r.id in ids)
    return len(ids)


async def _seal_working_log(enc: EncryptedStore) -> None:
    """Seal every turn, summary and session of a log written in clear: each scope is read,
    dropped and written again sealed (the store is not in use while it is encrypted)."""
    raw, log = enc.inner.working, enc.working
    for scope in await raw.scopes():
        state = await raw.state(scope)
        turns = await raw.recent(scope, limit=1_000_000)
        summary = await raw.summary(scope)
        selection = await raw.selection(scope)
        if turns and enc.keyring.sealed_with(turns[-1].content):
            continue  # sealed by an earlier, interrupted run
        await raw.drop([scope])
        if turns:
            await log.append(scope, turns)
        if state is not None:
            await log.mark(scope, extracted=state.extracted_count, closed=state.closed_count)
        if summary is not None:
            await log.put_summary(scope, summary)
        if selection:
            await log.put_selection(scope, selection)


def _stale_event(ring: Keyring, event: object, current: str) -> bool:
    for name in ("after_content", "before_content"):
        value = getattr(event, name, None)
        if value is not None:
            return ring.sealed_with(value) != current
    return False


def check_new_key(value: str) -> bytes:
    from gieok.security.crypto import parse_master_key

    try:
        return parse_master_key(value)
    except ConfigurationError as exc:
        raise key_error(f"--new-key: {exc.message}") from exc
