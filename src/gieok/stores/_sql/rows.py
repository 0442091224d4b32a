"""Row ↔ MemoryRecord mapping shared by the SQL stores.

``COLUMNS`` is the one list of record columns; JSON columns travel as text, times through the
store's own converters (epoch seconds in SQLite, ``timestamptz`` in PostgreSQL).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

from gieok.domain.query import RankRow
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope

JSON_FIELDS = ("data", "metadata", "source_turn_ids", "tags", "pii_flags")
TIME_FIELDS = (
    "last_used_at", "event_time", "valid_from", "valid_to", "expires_at",
    "created_at", "updated_at", "superseded_at",
)
BOOL_FIELDS = ("pinned", "promoted")
PLAIN_FIELDS = (
    "id", "layer", "type", "category", "content", "index_text", "content_hash", "confidence",
    "importance",
    "source", "source_session", "source_preview", "emotion", "version", "usage_count",
    "superseded_by", "status",
)
SCOPE_FIELDS = ("org", "project", "user_id", "persona", "session")
COLUMNS: tuple[str, ...] = SCOPE_FIELDS + PLAIN_FIELDS + JSON_FIELDS + TIME_FIELDS + BOOL_FIELDS
# What search scores by (``RankRow``), in its field order; the last three are
# ``metadata.turn``, ``metadata.speaker`` and ``metadata.follows``.
# Columns whose value a read computes: uses counted since the row was written live in
# ``record_uses`` (stores/_sql/uses.py). Reads of record rows join it (``RECORDS``: one
# primary-key lookup a row); conditions (filters) look it up (``USED``: ``id`` is the outer
# record's, as that table has no column of that name).
RECORDS = "records LEFT JOIN record_uses ON memory_id = id"
_JOINED = {"usage_count": "(usage_count + COALESCE(uses, 0))",
           "last_used_at": "COALESCE(used_at, last_used_at)"}
USED: dict[str, str] = {
    "usage_count": "(usage_count + COALESCE((SELECT uses FROM record_uses "
                   "WHERE memory_id = id), 0))",
    "last_used_at": "COALESCE((SELECT used_at FROM record_uses WHERE memory_id = id), "
                    "last_used_at)",
}


def read_column(name: str) -> str:
    """What a read ``FROM RECORDS`` selects for record column ``name``."""
    expr = _JOINED.get(name)
    return name if expr is None else f"{expr} AS {name}"


RANK_COLUMNS = ("id", "content", "content_hash", "layer", "importance", "event_time",
                "created_at", "last_used_at", "source_turn_ids", "turn", "speaker", "follows")


def record_to_row(
    record: MemoryRecord, time_out: Callable[[datetime | None], Any]
) -> dict[str, Any]:
    scope = record.scope
    row: dict[str, Any] = {
        "org": scope.tenant, "project": scope.project, "user_id": scope.user,
        "persona": scope.persona, "session": scope.session,
    }
    for name in PLAIN_FIELDS:
        value = getattr(record, name)
        row[name] = value.value if hasattr(value, "value") else value
    for name in JSON_FIELDS:
        value = getattr(record, name)
        row[name] = None if value is None else json.dumps(value, ensure_ascii=False, default=str)
    for name in TIME_FIELDS:
        row[name] = time_out(getattr(record, name))
    for name in BOOL_FIELDS:
        row[name] = int(bool(getattr(record, name)))
    return row


@lru_cache(maxsize=4096)
def _scope(org: str | None, project: str | None, user: str | None, persona: str | None,
           session: str | None) -> Scope:
    """Rows of one scope share one (frozen) ``Scope``: validating its five ids again for
    every row was a quarter of building a record."""
    return Scope(org=org or None, project=project, user=user, persona=persona, session=session)


_EMPTY_JSON: dict[str, Callable[[], Any]] = {"[]": list, "{}": dict, "null": lambda: None}


def row_to_record(
    row: Mapping[str, Any], time_in: Callable[[Any], datetime | None]
) -> MemoryRecord:
    """One record row read by its column names (``records_from`` of that single row)."""
    names = tuple(row.keys())
    return records_from(names, [tuple(row[name] for name in names)], time_in)[0]


def records_from(names: Sequence[str], rows: Iterable[Sequence[Any]],
                 time_in: Callable[[Any], datetime | None]) -> list[MemoryRecord]:
    """``row_to_record`` of every row of one result whose columns are ``names``, reading
    the tuples by position (looked up once per result, not a dict made per row): a record
    row cost ~30 µs, a quarter of it in making and reading that dict."""
    at = {name: i for i, name in enumerate(names)}
    scope = tuple(at[name] for name in ("org", "project", "user_id", "persona", "session"))
    plain = tuple((name, at[name]) for name in PLAIN_FIELDS)
    docs = tuple((name, at[name]) for name in JSON_FIELDS)
    times = tuple((name, at[name]) for name in TIME_FIELDS)
    flags = tuple((name, at[name]) for name in BOOL_FIELDS)
    validate = MemoryRecord.model_validate
    empty_json = _EMPTY_JSON
    out = []
    for row in rows:
        values: dict[str, Any] = {"scope": _scope(*[row[i] for i in scope])}
        for name, i in plain:
            values[name] = row[i]
        for name, i in docs:
            raw = row[i]
            empty = empty_json.get(raw) if isinstance(raw, str) and len(raw) <= 4 else None
            values[name] = empty() if empty is not None else \
                json.loads(raw) if isinstance(raw, str) else raw
        if values["metadata"] is None:
            values["metadata"] = {}
        for name in ("source_turn_ids", "tags", "pii_flags"):
            if values[name] is None:
                values[name] = []
        for name, i in times:
            value = row[i]
            values[name] = None if value is None else time_in(value)
        for name, i in flags:
            values[name] = bool(row[i])
        out.append(validate(values))
    return out


def row_to_rank(row: Sequence[Any], time_in: Callable[[Any], datetime | None]) -> RankRow:
    """A ``rank_rows`` result row (columns in ``RANK_COLUMNS`` order) as a ``RankRow``."""
    (rid, content, chash, layer, importance, event_time, created_at, last_used, sources,
     turn, speaker, follows) = row
    return RankRow(rid, content, chash, layer, float(importance), time_in(event_time),  # type: ignore[arg-type]
                   time_in(created_at), time_in(last_used),  # type: ignore[arg-type]
                   None if turn is None else str(turn),
                   None if speaker is None else str(speaker),
                   None if follows is None else str(follows), _ids(sources))


def _ids(raw: Any) -> tuple[str, ...]:
    """A ``source_turn_ids`` column as a tuple: JSON text (SQLite) or a list (PostgreSQL's
    JSONB)."""
    if not raw:
        return ()
    return tuple(str(i) for i in (json.loads(raw) if isinstance(raw, str) else raw))
