"""A history line in the block brings the memory that ended it (issue 14 §2).

An archived turn whose fact was superseded since is quoted as past ("user: I work at Deloitte
(until 2026-10-20)"), but the memory that ended it — "User started at Stripe", "사용자는
네이버로 이직했다", "User finally moved to Denver" — often shares few words with the request
("where do I work?", "회사 어디 다니지?") and stays under the floor: the block then says only
what is no longer true. The write path dates the turn by the day the old fact stopped being true
(``metadata.until``: the superseded memory's ``valid_to``), which is the day the new one holds
from (its ``valid_from``), so the ender is found by that date: a live memory said after the turn
whose ``valid_from`` falls on it. A memory the write path read as a change (``introduced``,
``ended``, ``previously``, a slot value) is preferred over another one of the same day; at most
``PER_TURN`` per line. One store read, only when a shown turn carries such a date.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime, time, timedelta, timezone

from gieok.context.sources import LIVE, both
from gieok.domain.query import Filter, ScoredMemory, ScoreParts, parse_filter
from gieok.domain.records import Layer, MemoryRecord
from gieok.domain.scope import Scope
from gieok.stores.base import Store

PER_TURN = 2
_CHANGE_KEYS = ("introduced", "ended", "previously", "slot")
_NOT_MEMORIES = [Layer.PROCEDURAL.value, Layer.WORKING.value, Layer.ARCHIVE.value,
                 Layer.EPISODIC.value]


def _until(record: MemoryRecord) -> date | None:
    raw = record.metadata.get("until")
    if not raw:
        return None
    try:
        return date.fromisoformat(str(raw)[:10])
    except ValueError:
        return None


def _day(day: date) -> tuple[datetime, datetime]:
    start = datetime.combine(day, time(), tzinfo=timezone.utc)
    return start, start + timedelta(days=1)


async def enders(
    store: Store, reader: Scope, within: Filter | None, shown: Sequence[ScoredMemory],
    already: set[str], admit: Callable[[MemoryRecord], bool],
    relevance: Mapping[str, float],
) -> list[ScoredMemory]:
    """The memories that ended the history lines among ``shown`` (archived turns), not in
    ``already``, each scored like the line it answers (``relevance``: the search's relevance of
    the candidates it read, a tie-break among one day's memories)."""
    dated = [(h, day) for h in shown if (day := _until(h.record)) is not None]
    if not dated:
        return []
    days = sorted({day for _, day in dated})
    ranges = [{"valid_from": {"gte": _day(d)[0], "lt": _day(d)[1]}} for d in days]
    flt = both(parse_filter({"layer": {"nin": _NOT_MEMORIES}, "OR": ranges}), within)
    page = await store.list(reader, filters=flt, view=LIVE, limit=50, offset=0)
    found = [r for r in page.items if r.id not in already and admit(r)]
    out: list[ScoredMemory] = []
    taken = set(already)
    for hit, day in dated:
        start, end = _day(day)
        mine = [r for r in found if r.id not in taken and r.valid_from is not None
                and start <= r.valid_from < end and r.event_time > hit.record.event_time]
        mine.sort(key=lambda r: (not any(r.metadata.get(k) for k in _CHANGE_KEYS),
                                 -relevance.get(r.id, 0.0), -r.event_time.timestamp(), r.id))
        for record in mine[:PER_TURN]:
            taken.add(record.id)
            parts = ScoreParts(relevance=relevance.get(record.id, 0.0),
                               importance=record.importance)
            out.append(ScoredMemory(record=record, score=hit.score, parts=parts))
    return out
