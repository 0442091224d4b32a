"""Search requests, the filter language (R3) and scored results (R2, C8).

Filters are written as plain dicts, mem0-style, and parsed into a small AST so every store
compiles the same meaning (SQL in ``stores/_sql/filters.py``, Python in ``matches``)::

    {"type": "fact", "category": {"in": ["location", "preference"]},
     "event_time": {"gte": "2021-01-01", "lt": "2023-01-01"}, "tags": {"contains": "cat"},
     "OR": [{"pinned": True}, {"importance": {"gte": 0.8}}], "metadata.topic": "billing"}

The scope levels below the tenant (``project``, ``user``, ``persona``, ``session``) narrow a
read further: ``{"project": None}`` keeps what was written outside any project, and
``{"session": {"prefix": "entity:entity_a:"}}`` every phase of one entity's hierarchical
session keys (seed 002).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, computed_field

from gieok.domain.limits import (
    MAX_FILTER_CONDITIONS,
    MAX_FILTER_DEPTH,
    MAX_FILTER_TEXT_CHARS,
    MAX_FILTER_VALUES,
    MAX_TIME,
    MIN_TIME,
    check_number,
    check_text,
    check_time,
)
from gieok.domain.records import Layer, MemoryRecord
from gieok.errors import InvalidInputError

T = TypeVar("T")

OPERATORS = frozenset({"eq", "ne", "in", "nin", "gt", "gte", "lt", "lte", "contains",
                       "prefix"})
SCOPE_FIELDS = frozenset({"project", "user", "persona", "session"})
# field -> kind; kind decides which operators and value types are allowed.
FILTER_FIELDS: dict[str, str] = {
    "layer": "str",
    "type": "str",
    "category": "str",
    "source": "str",
    "status": "str",
    "emotion": "str",
    "tags": "list",
    "pinned": "bool",
    "promoted": "bool",
    "confidence": "num",
    "importance": "num",
    "usage_count": "num",
    "event_time": "time",
    "created_at": "time",
    "updated_at": "time",
    "valid_from": "time",
    "expires_at": "time",
    **{level: "scope" for level in sorted(SCOPE_FIELDS)},
    "kind": "kind",  # "memory" | "turn": a layer condition in disguise (see _kind_condition)
}
KINDS = ("memory", "turn")
_KIND_OPS = {
    "str": {"eq", "ne", "in", "nin"},
    "list": {"contains", "in"},
    "bool": {"eq", "ne"},
    "num": {"eq", "ne", "gt", "gte", "lt", "lte"},
    "time": {"eq", "gt", "gte", "lt", "lte"},
    "meta": {"eq", "ne", "in", "nin", "gt", "gte", "lt", "lte"},
    "scope": {"eq", "ne", "in", "prefix"},
    "kind": {"eq", "ne", "in", "nin"},
}


@dataclass(frozen=True)
class Condition:
    field: str
    op: str
    value: Any

    @property
    def kind(self) -> str:
        return "meta" if self.field.startswith("metadata.") else FILTER_FIELDS[self.field]


@dataclass(frozen=True)
class And:
    items: tuple[Filter, ...]


@dataclass(frozen=True)
class Or:
    items: tuple[Filter, ...]


@dataclass(frozen=True)
class Not:
    item: Filter


Filter = Condition | And | Or | Not


def _bad(msg: str) -> InvalidInputError:
    return InvalidInputError(msg, code="INVALID_FILTER")


def _coerce(kind: str, field_name: str, op: str, value: Any) -> Any:
    if kind == "scope":
        if op in {"eq", "ne"} and value is None:
            return None  # "written outside any <level>"
        if op == "in":
            if not isinstance(value, list | tuple) or not value:
                raise _bad(f"filter {field_name}.in needs a non-empty list")
            if len(value) > MAX_FILTER_VALUES:
                raise _bad(f"filter {field_name}.in has {len(value)} values; the limit is "
                           f"{MAX_FILTER_VALUES}")
            return tuple(_coerce(kind, field_name, "prefix", v) for v in value)
        if not isinstance(value, str) or not value:
            raise _bad(f"filter {field_name} expects a non-empty string (or null for eq/ne)")
        return _filter_text(field_name, value)
    if op in {"in", "nin"} or (kind == "list" and op == "in"):
        if not isinstance(value, list | tuple) or not value:
            raise _bad(f"filter {field_name}.{op} needs a non-empty list")
        if len(value) > MAX_FILTER_VALUES:
            raise _bad(f"filter {field_name}.{op} has {len(value)} values; the limit is "
                       f"{MAX_FILTER_VALUES}: split the query or use a tag")
        return tuple(_coerce(kind, field_name, "eq", v) for v in value)
    if kind in {"str", "list"}:
        if not isinstance(value, str):
            raise _bad(f"filter {field_name} expects a string, got {type(value).__name__}")
        return _filter_text(field_name, value)
    if kind == "bool":
        if not isinstance(value, bool):
            raise _bad(f"filter {field_name} expects true or false")
        return value
    if kind == "num":
        return float(check_number(value, f"filter {field_name}", code="INVALID_FILTER"))
    if kind == "time":
        return parse_time(value, field_name)
    if isinstance(value, str):
        return _filter_text(field_name, value)
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return check_number(value, f"filter {field_name}", code="INVALID_FILTER")
    raise _bad(f"filter {field_name} expects a scalar value")


def _filter_text(field_name: str, value: str) -> str:
    if len(value) > MAX_FILTER_TEXT_CHARS:
        raise _bad(f"filter {field_name}: values are at most {MAX_FILTER_TEXT_CHARS} characters")
    return check_text(value, f"filter {field_name}", code="INVALID_FILTER")


def _kind_condition(op: str, value: Any) -> Filter:
    """``kind`` selects archived conversation turns (R8) or memories; stores only know
    ``layer``, so it is rewritten here and every store gets it for free."""
    values = value if isinstance(value, list | tuple) and op in {"in", "nin"} else [value]
    if not values or any(v not in KINDS for v in values):
        raise _bad(f"filter kind expects {' or '.join(KINDS)}")
    wanted = set(values) if op in {"eq", "in"} else set(KINDS) - set(values)
    if wanted == set(KINDS):
        return Or((Condition("layer", "eq", Layer.ARCHIVE.value),
                   Condition("layer", "ne", Layer.ARCHIVE.value)))
    if not wanted:
        return And((Condition("layer", "eq", Layer.ARCHIVE.value),
                    Condition("layer", "ne", Layer.ARCHIVE.value)))
    return Condition("layer", "eq" if wanted == {"turn"} else "ne", Layer.ARCHIVE.value)


def _bare_year(value: Any) -> int | None:
    """A year inside the time limits with room for the next one (others go to
    ``parse_time``, which says what is allowed)."""
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) == 4:
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and \
            MIN_TIME.year <= value < MAX_TIME.year:
        return value
    return None


def _year_condition(name: str, op: str, year: int) -> Filter:
    """A bare year means the whole year (seed 001's year ranges): ``lte 2022`` keeps
    everything in 2022, ``gt 2022`` starts in 2023, ``eq 2022`` is all of 2022."""
    from datetime import UTC

    start, end = datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)
    if op == "lte":
        return Condition(name, "lt", end)
    if op == "gt":
        return Condition(name, "gte", end)
    if op == "eq":
        return And((Condition(name, "gte", start), Condition(name, "lt", end)))
    return Condition(name, op, start)  # gte 2022 and lt 2022 already mean whole years


def names_field(flt: Filter | None, *names: str) -> bool:
    """Whether a parsed filter has a condition on any of ``names`` anywhere inside it."""
    if flt is None:
        return False
    if isinstance(flt, Condition):
        return flt.field in names
    if isinstance(flt, Not):
        return names_field(flt.item, *names)
    return any(names_field(f, *names) for f in flt.items)


def parse_time(value: Any, field_name: str = "time") -> datetime:
    """Accept datetimes, ISO strings and bare years (``2021`` → 2021-01-01 UTC)."""
    from datetime import UTC

    code = "INVALID_FILTER" if field_name != "timestamp" else "INVALID_INPUT"
    parsed: datetime | None = None
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 9999:
        parsed = datetime(value, 1, 1, tzinfo=UTC)
    elif isinstance(value, str):
        text = value.strip()
        if text.isdigit() and len(text) == 4:
            parsed = datetime(int(text), 1, 1, tzinfo=UTC)
        else:
            try:
                parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
            except ValueError:
                pass
    if parsed is not None:
        parsed = parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
        return check_time(parsed, field_name, code=code)
    raise InvalidInputError(
        f"{field_name}: cannot read {value!r} as a time; use ISO 8601 or a year",
        code=code,
    )


def parse_filter(spec: Mapping[str, Any] | Filter | None) -> Filter | None:
    """Parse a filter dict into the AST, refusing unknown fields and operators, and filters
    past the limits of ``domain.limits`` (depth, conditions, values per list)."""
    if spec is None or isinstance(spec, Condition | And | Or | Not):
        return spec
    return _parse(spec, depth=0, count=[0])


def _parse(spec: Any, *, depth: int, count: list[int]) -> Filter | None:
    if not isinstance(spec, Mapping):
        raise _bad("filters must be an object mapping fields to values or {op: value}")
    if depth > MAX_FILTER_DEPTH:
        raise _bad(f"filters nest at most {MAX_FILTER_DEPTH} levels of AND/OR/NOT")
    parts: list[Filter] = []
    for key, value in spec.items():
        if key in {"AND", "OR", "NOT"}:
            parts.append(_logical(key, value, depth=depth, count=count))
            continue
        kind = _field_kind(key)
        ops = value if isinstance(value, Mapping) else {("contains" if kind == "list" else "eq"): value}
        if not ops:
            raise _bad(f"filter {key} has no operator")
        for op, operand in ops.items():
            if op not in _KIND_OPS[kind]:
                raise _bad(f"operator {op!r} is not allowed on {key}; use {sorted(_KIND_OPS[kind])}")
            count[0] += 1
            if count[0] > MAX_FILTER_CONDITIONS:
                raise _bad(f"a filter holds at most {MAX_FILTER_CONDITIONS} conditions")
            if kind == "kind":
                parts.append(_kind_condition(op, operand))
                continue
            if kind == "time" and (year := _bare_year(operand)) is not None:
                parts.append(_year_condition(key, op, year))
                continue
            parts.append(Condition(key, op, _coerce(kind, key, op, operand)))
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else And(tuple(parts))


def _logical(key: str, value: Any, *, depth: int, count: list[int]) -> Filter:
    if key == "NOT":
        inner = _parse(value, depth=depth + 1, count=count)
        if inner is None:
            raise _bad("NOT needs a filter")
        return Not(inner)
    if not isinstance(value, list) or not value:
        raise _bad(f"{key} needs a non-empty list of filters")
    subs = []
    for item in value:
        sub = _parse(item, depth=depth + 1, count=count)
        if sub is None:
            raise _bad(f"each item of {key} must be a non-empty filter")
        subs.append(sub)
    return And(tuple(subs)) if key == "AND" else Or(tuple(subs))


def _field_kind(key: Any) -> str:
    if not isinstance(key, str):
        raise _bad("filter fields must be strings")
    if key.startswith("metadata."):
        meta_key = key.removeprefix("metadata.")
        if not meta_key.replace("_", "").isalnum() or len(meta_key) > 100:
            raise _bad(f"metadata key {meta_key!r} must be letters, digits or _")
        return "meta"
    if key in FILTER_FIELDS:
        return FILTER_FIELDS[key]
    raise _bad(f"unknown filter field {key!r}; known: {sorted(FILTER_FIELDS)} or metadata.<key>")


def _field_value(record: MemoryRecord, name: str) -> Any:
    if name.startswith("metadata."):
        return record.metadata.get(name.removeprefix("metadata."))
    if name in SCOPE_FIELDS:
        return getattr(record.scope, name)
    value = getattr(record, name)
    return value.value if hasattr(value, "value") else value


def matches(flt: Filter | None, record: MemoryRecord) -> bool:
    """Evaluate a filter against a record in Python (reference semantics for every store)."""
    if flt is None:
        return True
    if isinstance(flt, And):
        return all(matches(f, record) for f in flt.items)
    if isinstance(flt, Or):
        return any(matches(f, record) for f in flt.items)
    if isinstance(flt, Not):
        return not matches(flt.item, record)
    actual = _field_value(record, flt.field)
    op, want = flt.op, flt.value
    if flt.kind == "list":
        return want in actual if op == "contains" else bool(set(want) & set(actual))
    if flt.kind == "scope" and want is None:
        return (actual is None) == (op == "eq")
    if actual is None:
        return op in {"ne", "nin"}
    if op == "prefix":
        return isinstance(actual, str) and actual.startswith(want)
    try:
        if op == "eq":
            return actual == want
        if op == "ne":
            return actual != want
        if op == "in":
            return actual in want
        if op == "nin":
            return actual not in want
        if op == "gt":
            return actual > want
        if op == "gte":
            return actual >= want
        if op == "lt":
            return actual < want
        if op == "lte":
            return actual <= want
    except TypeError:
        return False
    raise _bad(f"unknown operator {op}")


class ScoreParts(BaseModel):
    """Why a memory ranked where it did."""  # R2, C8

    model_config = ConfigDict(extra="forbid")

    relevance: float = 0.0
    dense: float | None = None
    fulltext: float | None = None
    dense_rank: int | None = None
    fulltext_rank: int | None = None
    recency: float = 0.0
    importance: float = 0.0
    use: float = 0.0
    query_time: float = 0.0  # how well the event time fits a date named in the query
    speaker: float = 0.0  # 1 when a person the query names said it (an archived turn)
    reply: float = 0.0  # what it gained as the reply to a question ranked above it (a turn)
    learned: float = 0.0  # how far the learned order moved its score (read/learned.py)


class ScoredMemory(BaseModel):
    model_config = ConfigDict(extra="forbid")

    record: MemoryRecord
    score: float
    parts: ScoreParts

    @computed_field  # type: ignore[prop-decorator]
    @property
    def kind(self) -> str:
        """``"turn"``: an archived conversation passage (R8); ``"memory"``: anything else."""
        return self.record.kind


@dataclass(frozen=True, slots=True)
class RankRow:
    """What a search needs of a candidate to score, order and de-duplicate it — a handful of
    columns instead of a whole ``MemoryRecord``: validating ~100 records per search cost more
    than the search itself (docs/benchmarks.md), and only the top k are ever shown.
    ``turn`` is ``metadata["turn"]`` (the archived turn a passage belongs to), if any;
    ``speaker`` is ``metadata["speaker"]`` (who said an archived turn), if any; ``follows``
    is ``metadata["follows"]`` (the turn an archived turn came right after), if any;
    ``sources`` is ``source_turn_ids`` (the turns a fact was extracted from; an archived
    passage's own turn): a fact ranks at least where its turn does (read/provenance.py)."""

    id: str
    content: str
    content_hash: str
    layer: str
    importance: float
    event_time: datetime
    created_at: datetime
    last_used_at: datetime | None = None
    turn: str | None = None
    speaker: str | None = None
    follows: str | None = None
    sources: tuple[str, ...] = ()

    @classmethod
    def of(cls, record: MemoryRecord) -> RankRow:
        turn, speaker = record.metadata.get("turn"), record.metadata.get("speaker")
        follows = record.metadata.get("follows")
        return cls(record.id, record.content, record.content_hash, str(record.layer.value),
                   record.importance, record.event_time, record.created_at,
                   record.last_used_at, None if turn is None else str(turn),
                   None if speaker is None else str(speaker),
                   None if follows is None else str(follows),
                   tuple(record.source_turn_ids))


@dataclass(frozen=True)
class Candidate:
    """A store's raw hit: a record id and the backend's own similarity or rank score (and,
    when the read asked to ``hydrate``, the record itself)."""

    id: str
    score: float
    record: MemoryRecord | None = field(default=None, compare=False, repr=False)


@dataclass
class Page(Generic[T]):
    """One page of a listing. Iterating it (and ``len``) goes over this page's ``items``, so
    ``for record in mem.list(user_id=…)`` reads as it does with mem0; ``total`` counts every
    match."""

    items: list[T]
    total: int
    limit: int
    offset: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total

    def __iter__(self) -> Iterator[T]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


@dataclass(frozen=True)
class View:
    """Which versions a read sees: the live view by default; archived or past states on request."""

    include_archived: bool = False
    include_superseded: bool = False
    as_of: datetime | None = None
    now: datetime | None = None
    statuses: Sequence[str] = field(default_factory=tuple)
