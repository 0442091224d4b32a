"""L1: confidence decay for inferred memories (seed 000: ×0.95 per period, floor 0.1).

Only what gieok *inferred* decays: explicit, imported and system memories keep the
confidence they were given, and pinned memories never decay. Each record remembers how far
it has been decayed (``metadata["decayed_to"]``), so running the job twice at the same time
changes nothing, and running it monthly or yearly ends at the same confidence. A use of the
memory (``last_used_at``) restarts its clock. Every change writes a ``decay`` audit event.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from gieok.domain.audit import AuditAction, Trigger, audit_for
from gieok.domain.query import View, parse_filter
from gieok.domain.records import MemoryRecord, Source, utcnow
from gieok.domain.scope import Scope
from gieok.stores.base import Store, WriteBatch

FACTOR = 0.95
PERIOD_DAYS = 30.0
FLOOR = 0.1
_PAGE = 500


@dataclass
class DecayReport:
    scanned: int = 0
    decayed: int = 0
    changes: list[tuple[str, float, float]] = field(default_factory=list)  # id, before, after


def _anchor(record: MemoryRecord) -> datetime:
    marked = record.metadata.get("decayed_to")
    candidates = [record.event_time]
    if record.last_used_at is not None:
        candidates.append(record.last_used_at)
    if isinstance(marked, str):
        try:
            candidates.append(datetime.fromisoformat(marked))
        except ValueError:
            pass
    return max(candidates)


def decay_record(
    record: MemoryRecord, now: datetime, *, factor: float = FACTOR,
    period_days: float = PERIOD_DAYS, floor: float = FLOOR,
) -> MemoryRecord | None:
    """The decayed record, or ``None`` when nothing changes (pure)."""
    if record.source is not Source.INFERRED or record.pinned or record.confidence <= floor:
        return None
    anchor = _anchor(record)
    periods = math.floor((now - anchor) / timedelta(days=period_days))
    if periods <= 0:
        return None
    confidence = max(floor, record.confidence * factor**periods)
    moved_to = anchor + timedelta(days=period_days * periods)
    return record.model_copy(update={
        "confidence": round(confidence, 6),
        "metadata": {**record.metadata, "decayed_to": moved_to.isoformat()},
        "updated_at": now,
    })


async def run_decay(
    store: Store, scope: Scope | None = None, *, now: datetime | None = None,
    factor: float | None = None, period_days: float | None = None,
    floor: float | None = None, dry_run: bool = False,
) -> DecayReport:
    """Decay every live inferred memory in ``scope`` (the whole default tenant by default)."""
    now = now or utcnow()
    where = scope if scope is not None else Scope.model_construct()
    opts = {"factor": FACTOR if factor is None else factor,
            "period_days": PERIOD_DAYS if period_days is None else period_days,
            "floor": FLOOR if floor is None else floor}
    if not 0 < opts["factor"] <= 1 or opts["period_days"] <= 0 or not 0 <= opts["floor"] <= 1:
        from gieok.errors import InvalidInputError

        raise InvalidInputError("decay needs 0 < factor ≤ 1, period_days > 0, 0 ≤ floor ≤ 1")
    report = DecayReport()
    flt = parse_filter({"source": Source.INFERRED.value})
    offset = 0
    while True:
        page = await store.list(where, filters=flt, view=View(), limit=_PAGE, offset=offset)
        batch = WriteBatch()
        for record in page.items:
            report.scanned += 1
            after = decay_record(record, now, **opts)
            if after is None:
                continue
            report.decayed += 1
            report.changes.append((record.id, record.confidence, after.confidence))
            batch.upserts.append((after, None))
            batch.audit.append(audit_for(AuditAction.DECAY, after, before=record,
                                         trigger=Trigger.DECAY,
                                         details={"decayed_to": after.metadata["decayed_to"]}))
        if not dry_run and not batch.is_empty():
            await store.write(batch)
        offset += len(page.items)
        if not page.items or offset >= page.total:
            return report
