"""Pure helpers behind the inspector's pages: the filters a search form means, the months of
a timeline, settings forms. No I/O and no FastAPI here, so they are unit-tested directly."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from gieok.domain.policy import CapacityPolicy, PiiPolicy
from gieok.domain.records import Category, Layer, MemoryRecord, MemoryType, Status
from gieok.errors import InvalidInputError

TYPES = [t.value for t in MemoryType]
LAYERS = [layer.value for layer in Layer if layer is not Layer.WORKING]
CATEGORIES = [c.value for c in Category]
STATUSES = [Status.ACTIVE.value, Status.ARCHIVED.value]  # "" = both
PII_POLICIES = [p.value for p in PiiPolicy]
CAPACITY_POLICIES = [p.value for p in CapacityPolicy]
MIN_YEAR, MAX_YEAR = 1900, 2200


def year_range(year: int) -> dict[str, Any]:
    return {"event_time": {"gte": datetime(year, 1, 1, tzinfo=UTC),
                           "lt": datetime(year + 1, 1, 1, tzinfo=UTC)}}


def month_range(year: int, month: int) -> dict[str, Any]:
    end = datetime(year + 1, 1, 1, tzinfo=UTC) if month == 12 else \
        datetime(year, month + 1, 1, tzinfo=UTC)
    return {"event_time": {"gte": datetime(year, month, 1, tzinfo=UTC), "lt": end}}


def all_of(*parts: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """One filter that needs every part (``None`` when there is none)."""
    items = [dict(p) for p in parts if p]
    return {"AND": items} if len(items) > 1 else (items[0] if items else None)


@dataclass
class MonthGroup:
    year: int
    month: int
    count: int
    records: list[MemoryRecord] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return f"m-{self.year}-{self.month:02d}"


def month_counts(records: Sequence[MemoryRecord]) -> dict[int, int]:
    """Memories per month (UTC event time) of records that are all of one year."""
    counts: dict[int, int] = {}
    for record in records:
        month = record.event_time.astimezone(UTC).month
        counts[month] = counts.get(month, 0) + 1
    return counts


def group_by_month(records: Sequence[MemoryRecord], counts: Mapping[int, int],
                   year: int) -> list[MonthGroup]:
    """The year's months that have memories, newest first, each with its count and the
    records shown (which may be fewer than the count on a long page)."""
    groups = {m: MonthGroup(year, m, c) for m, c in counts.items() if c}
    for record in records:
        at = record.event_time.astimezone(UTC)
        if at.year == year and at.month in groups:
            groups[at.month].records.append(record)
    return [groups[m] for m in sorted(groups, reverse=True)]


def _int(form: Mapping[str, Any], name: str, low: int, high: int) -> int | None:
    raw = str(form.get(name) or "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise InvalidInputError(f"{name.replace('_', ' ')} must be a whole number") from None
    if not low <= value <= high:
        raise InvalidInputError(f"{name.replace('_', ' ')} must be between {low} and {high}")
    return value


@dataclass
class SearchForm:
    """The search page's query string, checked: the filter it means and whether archived
    memories are searched too."""

    q: str = ""
    year_from: int | None = None
    year_to: int | None = None
    type: str = ""
    category: str = ""
    layer: str = ""
    status: str = "active"

    @classmethod
    def parse(cls, params: Mapping[str, Any]) -> SearchForm:
        form = cls(q=str(params.get("q") or "").strip(),
                   year_from=_int(params, "year_from", MIN_YEAR, MAX_YEAR),
                   year_to=_int(params, "year_to", MIN_YEAR, MAX_YEAR))
        for name, allowed in (("type", TYPES), ("layer", LAYERS), ("status", STATUSES)):
            value = str(params.get(name) or "").strip()
            if value and value not in allowed:
                raise InvalidInputError(f"unknown {name} {value!r}; pick one from the list")
            setattr(form, name, value if name != "status" or "status" in params else form.status)
        form.category = str(params.get("category") or "").strip()[:200]
        if form.year_from and form.year_to and form.year_from > form.year_to:
            raise InvalidInputError("the 'from' year is after the 'to' year")
        return form

    def filters(self) -> dict[str, Any] | None:
        parts: list[dict[str, Any]] = []
        for name in ("type", "category", "layer", "status"):
            value = getattr(self, name)
            if value:
                parts.append({name: value})
        when: dict[str, datetime] = {}
        if self.year_from:
            when["gte"] = datetime(self.year_from, 1, 1, tzinfo=UTC)
        if self.year_to:
            when["lt"] = datetime(self.year_to + 1, 1, 1, tzinfo=UTC)
        if when:
            parts.append({"event_time": when})
        return all_of(*parts)

    @property
    def include_archived(self) -> bool:
        return self.status in ("archived", "")


def settings_changes(form: Mapping[str, Any]) -> dict[str, Any]:
    """The ``ScopeSettings`` fields a settings form sets. Checkboxes absent from the form are
    off; empty number fields mean "no limit"."""
    ticked = form.getlist("allowed_categories") if hasattr(form, "getlist") else \
        form.get("allowed_categories", [])
    categories = [str(c) for c in ticked if str(c).strip()]
    extra = [c.strip() for c in str(form.get("extra_categories") or "").split(",") if c.strip()]
    restrict = form.get("restrict_categories") == "on"
    changes: dict[str, Any] = {
        "enabled": form.get("enabled") == "on",
        "auto_extraction": form.get("auto_extraction") == "on",
        "allowed_categories": list(dict.fromkeys(categories + extra)) if restrict else None,
        "max_memories": _int(form, "max_memories", 1, 10_000_000),
        "retention_days": _int(form, "retention_days", 1, 1_000_000),
        "max_episodes": _int(form, "max_episodes", 1, 10_000_000),
    }
    for name, allowed in (("pii_policy", PII_POLICIES), ("pii_contact_policy", PII_POLICIES),
                          ("capacity_policy", CAPACITY_POLICIES)):
        value = str(form.get(name) or "")
        if value not in allowed:
            raise InvalidInputError(f"unknown {name.replace('_', ' ')} {value!r}")
        changes[name] = value
    return changes


def edit_changes(form: Mapping[str, Any], record: MemoryRecord) -> dict[str, Any]:
    """What a memory's edit form changes (only fields that differ from the record)."""
    content = str(form.get("content") or "").strip()
    if not content:
        raise InvalidInputError("the memory's text is empty: write what should be remembered")
    changes: dict[str, Any] = {}
    if content != record.content:
        changes["content"] = content
    kind = str(form.get("type") or record.type.value)
    if kind not in TYPES:
        raise InvalidInputError(f"unknown type {kind!r}; pick one from the list")
    if kind != record.type.value:
        changes["type"] = kind
    category = str(form.get("category") or "").strip() or None
    if category != record.category:
        changes["category"] = category
    for name in ("importance", "confidence"):
        raw = str(form.get(name) or "").strip()
        try:
            value = float(raw)
        except ValueError:
            raise InvalidInputError(f"{name} must be a number between 0 and 1") from None
        if not 0.0 <= value <= 1.0:
            raise InvalidInputError(f"{name} must be a number between 0 and 1")
        if abs(value - getattr(record, name)) > 1e-9:
            changes[name] = value
    return changes
