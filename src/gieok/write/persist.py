"""Direct writes to the store (W14): validate, deduplicate, embed, cap, audit — one batch.

Shared by ``remember`` and ``import_memories``. Exact duplicates (same scope, same
normalised text, in the store or earlier in the batch) are never stored twice: the first
copy's use count and confidence go up instead (seed 000's upsert), with an UPDATE audit event.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, TypeVar

from gieok.domain.audit import AuditAction, AuditEvent, Trigger, audit_for
from gieok.domain.limits import MAX_IMPORT_ITEMS
from gieok.domain.records import Layer, MemoryRecord, Source, utcnow
from gieok.domain.scope import Scope, resolve_scope
from gieok.embedders.base import Embedder
from gieok.errors import InvalidInputError
from gieok.stores.base import Store, WriteBatch
from gieok.stores.ops import HashOp
from gieok.write.direct import build_record, coerce_enum_fields

T = TypeVar("T")
Item = tuple[Scope, str, dict[str, Any]]
EMBED_CHUNK = 256
CapacityHook = Callable[
    [Sequence[MemoryRecord], datetime, Trigger],
    Awaitable[tuple[list[MemoryRecord], list[AuditEvent]]],
]


def prepare_import(
    items: Iterable[Mapping[str, Any] | MemoryRecord], default: Scope | None, *, max_chars: int
) -> list[Item]:
    """Normalise import items to (scope, text, fields) and validate every one before any
    write; an error names the failing item's index."""
    prepared: list[Item] = []
    if isinstance(items, str | bytes | Mapping) or not isinstance(items, Iterable):
        raise InvalidInputError("items must be a list of objects with a content field")
    for index, item in enumerate(items):
        if index >= MAX_IMPORT_ITEMS:
            raise InvalidInputError(
                f"an import holds at most {MAX_IMPORT_ITEMS} items (each import is one "
                "transaction); split the file and import the parts one after another",
                details={"limit": MAX_IMPORT_ITEMS})
        try:
            fields = _item_fields(item)
        except InvalidInputError as exc:
            exc.details["index"] = index
            exc.message = f"item {index}: {exc.message}"
            raise
        item_scope = item.scope if isinstance(item, MemoryRecord) else fields.pop("scope", None)
        text = fields.pop("content", None) or fields.pop("text", None)
        fields.setdefault("source", Source.IMPORTED)
        if "timestamp" in fields:
            fields["event_time"] = fields.pop("timestamp")
        try:
            where = resolve_scope(item_scope) if item_scope is not None else default
            if where is None:
                raise InvalidInputError("a scope is required: pass user_id=… or per-item scope")
            build_record(where, text or "", coerce_enum_fields(fields), max_chars=max_chars)
        except InvalidInputError as exc:
            exc.details["index"] = index
            exc.message = f"item {index}: {exc.message}"
            raise
        prepared.append((where, text or "", fields))
    return prepared


def _item_fields(item: Any) -> dict[str, Any]:
    if isinstance(item, MemoryRecord):
        return item.model_dump(exclude={"id", "scope", "content_hash", "version"})
    if not isinstance(item, Mapping) or not all(isinstance(k, str) for k in item):
        raise InvalidInputError("each item must be an object with a content field")
    return dict(item)


def _bump(record: MemoryRecord, confidence: float, now: datetime) -> MemoryRecord:
    return record.model_copy(update={
        "usage_count": record.usage_count + 1,
        "confidence": max(record.confidence, confidence),
        "updated_at": now,
    })


async def persist_direct(
    store: Store,
    embedder: Embedder,
    items: Sequence[Item],
    *,
    trigger: Trigger,
    max_chars: int,
    capacity: CapacityHook,
    after_embed: Callable[[], Awaitable[None]],
    progress: Callable[[int], None] | None = None,
    owed: list[MemoryRecord] | None = None,
) -> list[MemoryRecord]:
    """Write ``items`` in one transaction; returns one record per item, in order. However
    many there are, it is all or nothing (X4/X5): a process killed or a store error before
    the commit leaves none of them; ``progress`` hears of each embedded chunk.
    With ``owed`` (a list), new records are written without their vectors, owed in the
    same transaction, and appended to it for the caller to queue (``write/backlog.py``; a
    store with ``Capability.LATE_VECTORS`` only)."""
    now = utcnow()
    records = [
        build_record(where, text, coerce_enum_fields(dict(fields)), max_chars=max_chars)
        for where, text, fields in items
    ]
    fresh: list[MemoryRecord] = []
    bumped: dict[str, tuple[MemoryRecord, MemoryRecord]] = {}  # id -> (before, after)
    by_key: dict[tuple[str, str], str] = {}
    order: list[str] = []
    # The duplicates and the capacity plan are read at once: under load every store call
    # waits its turn, and two reads queued together wait once. The plan assumes no item is
    # a duplicate; when one is, it is made again for the records actually new.
    stored, planned = await asyncio.gather(_stored_duplicates(store, records),
                                           _settled(capacity(records, now, trigger)))
    for record in records:
        key = (record.scope.key(), record.content_hash)
        rid = by_key.get(key)
        if rid is None:
            found = stored.get(key, [])
            if not found:
                fresh.append(record)
                by_key[key] = record.id
                order.append(record.id)
                continue
            rid = by_key[key] = found[0].id
            bumped[rid] = (found[0], found[0])
        if rid in bumped:
            before, current = bumped[rid]
            bumped[rid] = (before, _bump(current, record.confidence, now))
        else:
            i = next(i for i, r in enumerate(fresh) if r.id == rid)
            fresh[i] = _bump(fresh[i], record.confidence, now)
        order.append(rid)
    batch = WriteBatch()
    for before, after in bumped.values():
        batch.upserts.append((after, None))
        batch.audit.append(audit_for(AuditAction.UPDATE, after, before=before,
                                     trigger=trigger, details={"duplicate": True}))
    if fresh and owed is not None:
        await after_embed()
        owed.extend(fresh)
        for record in fresh:
            batch.upserts.append((record, None))
            batch.pending_vectors.append(record.id)
            batch.audit.append(audit_for(AuditAction.CREATE, record, trigger=trigger))
    elif fresh:
        vectors = []
        for start in range(0, len(fresh), EMBED_CHUNK):
            part = fresh[start : start + EMBED_CHUNK]
            vectors.extend(await embedder.embed_documents([r.embedding_text() for r in part]))
            if progress is not None:
                progress(len(part))
        await after_embed()
        for record, vector in zip(fresh, vectors, strict=True):
            batch.upserts.append((record, vector))
            batch.audit.append(audit_for(AuditAction.CREATE, record, trigger=trigger))
    if len(fresh) == len(records):  # nothing was a duplicate: the plan is for these records
        archived, events = planned()
    else:
        archived, events = await capacity(fresh, now, trigger)
    batch.upserts.extend((record, None) for record in archived)  # W7
    batch.audit.extend(events)
    await store.write(batch)
    if progress is not None and len(items) > len(fresh):
        progress(len(items) - len(fresh))  # duplicates: nothing to embed
    final = {r.id: r for r in fresh} | {rid: pair[1] for rid, pair in bumped.items()}
    return [final[rid] for rid in order]


async def _stored_duplicates(store: Store, records: Sequence[MemoryRecord]
                             ) -> dict[tuple[str, str], list[MemoryRecord]]:
    """Live stored records with the same text in the same scope, for every record: one read."""
    keys = list(dict.fromkeys((r.scope.key(), r.content_hash) for r in records))
    scopes = {r.scope.key(): r.scope for r in records}
    found = await store.read([HashOp(scopes[k], h) for k, h in keys]) if keys else []
    # an archived conversation turn (R8) with the same words is not a duplicate memory
    return {key: [r for r in records if r.layer is not Layer.ARCHIVE]
            for key, records in zip(keys, found, strict=True)}


async def _settled(pending: Awaitable[T]) -> Callable[[], T]:
    """``pending``'s outcome, to take later: its value, or its error raised then (a refused
    capacity plan must not fail the read it was asked beside, nor be raised when unused)."""
    try:
        value = await pending
    except Exception as exc:  # noqa: BLE001 — raised again where the plan is used
        error = exc

        def fail() -> T:
            raise error

        return fail
    return lambda: value
