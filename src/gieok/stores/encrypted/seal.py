"""What gets sealed in each value a store keeps, and how filters follow (S4).

Sealed (random nonce): a memory's content, index text, source preview and structured data;
audit events' before/after text and details (which hold the version snapshots); turns'
text, speaker name and metadata; rolling summaries; job payloads and errors.
Sealed equal-to-equal (so filters work): category, emotion, tags and metadata strings.
Kept as they are: ids, scope ids, enums (layer, type, status, source), numbers, times,
flags, PII labels, vectors (derived data: they are numbers computed from the text, see the
README) — and settings and API tokens, which are configuration, not user text.

A content hash is replaced by a keyed hash of it; opening a record recomputes it from the
content. Values written before the store was encrypted open as they are.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gieok.domain.audit import AuditEvent
from gieok.domain.query import And, Condition, Filter, Not, Or, RankRow
from gieok.domain.records import MemoryRecord, content_hash
from gieok.domain.turns import Turn
from gieok.errors import InvalidInputError
from gieok.security.crypto import JSON_PREFIX, PREFIX, Keyring
from gieok.stores.working import SummaryState

SEALED = "$sealed"  # the one key of a sealed dict (structured data, details, metadata)
_EQUAL_FIELDS = frozenset({"category", "emotion", "tags"})
_ORDER_OPS = frozenset({"gt", "gte", "lt", "lte"})


class Sealer:
    def __init__(self, keyring: Keyring) -> None:
        self.keys = keyring

    # -- records ------------------------------------------------------------------------------
    def record(self, r: MemoryRecord) -> MemoryRecord:
        k = self.keys
        return r.model_copy(update={
            "content": k.seal(r.content),
            "index_text": None if r.index_text is None else k.seal(r.index_text),
            "source_preview": None if r.source_preview is None else k.seal(r.source_preview),
            "data": None if r.data is None else {SEALED: k.seal_json(r.data)},
            "metadata": {key: self._seal_value(v) for key, v in r.metadata.items()},
            "tags": [k.seal_equal(t) for t in r.tags],
            "category": None if r.category is None else k.seal_equal(r.category),
            "emotion": None if r.emotion is None else k.seal_equal(r.emotion),
            "content_hash": k.digest(r.content_hash),
        })

    def open_record(self, r: MemoryRecord) -> MemoryRecord:
        k = self.keys
        content = k.open(r.content)
        return r.model_copy(update={
            "content": content,
            "index_text": None if r.index_text is None else k.open(r.index_text),
            "source_preview": None if r.source_preview is None else k.open(r.source_preview),
            "data": self._open_dict(r.data),
            "metadata": {key: self._open_value(v) for key, v in r.metadata.items()},
            "tags": [k.open(t) for t in r.tags],
            "category": None if r.category is None else k.open(r.category),
            "emotion": None if r.emotion is None else k.open(r.emotion),
            "content_hash": content_hash(content),
        })

    def open_rank(self, row: RankRow) -> RankRow:
        """A search's scoring columns, opened like ``open_record`` opens the same fields."""
        content = self.keys.open(row.content)
        return replace(row, content=content, content_hash=content_hash(content),
                       turn=None if row.turn is None else self.keys.open(row.turn),
                       speaker=None if row.speaker is None else self.keys.open(row.speaker),
                       follows=None if row.follows is None else self.keys.open(row.follows))

    def _seal_value(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.keys.seal_equal(value)
        if isinstance(value, dict | list | tuple):
            return self.keys.seal_json(value)
        return value  # numbers, booleans, null: compared by order in filters

    def _open_value(self, value: Any) -> Any:
        if isinstance(value, str) and value.startswith(JSON_PREFIX):
            return self.keys.open_json(value)
        if isinstance(value, str):
            return self.keys.open(value)
        return value

    def _seal_dict(self, value: dict[str, Any] | None) -> dict[str, Any]:
        return {SEALED: self.keys.seal_json(value)} if value else {}

    def _open_dict(self, value: dict[str, Any] | None) -> dict[str, Any] | None:
        if value is not None and set(value) == {SEALED}:
            opened: dict[str, Any] = self.keys.open_json(value[SEALED])
            return opened
        return value

    # -- audit events, turns, summaries, jobs ---------------------------------------------------
    def event(self, e: AuditEvent) -> AuditEvent:
        k = self.keys
        return e.model_copy(update={
            "before_content": None if e.before_content is None else k.seal(e.before_content),
            "after_content": None if e.after_content is None else k.seal(e.after_content),
            "details": self._seal_dict(e.details)})

    def open_event(self, e: AuditEvent) -> AuditEvent:
        k = self.keys
        return e.model_copy(update={
            "before_content": None if e.before_content is None else k.open(e.before_content),
            "after_content": None if e.after_content is None else k.open(e.after_content),
            "details": self._open_dict(e.details) or {}})

    def turn(self, t: Turn) -> Turn:
        return t.model_copy(update={
            "content": self.keys.seal(t.content),
            "name": None if t.name is None else self.keys.seal(t.name),
            "metadata": self._seal_dict(t.metadata)})

    def open_turn(self, t: Turn) -> Turn:
        return t.model_copy(update={
            "content": self.keys.open(t.content),
            "name": None if t.name is None else self.keys.open(t.name),
            "metadata": self._open_dict(t.metadata) or {}})

    def summary(self, s: SummaryState) -> SummaryState:
        return SummaryState(s.covered, self.keys.seal(s.last_turn), self.keys.seal(s.text))

    def open_summary(self, s: SummaryState) -> SummaryState:
        return SummaryState(s.covered, self.keys.open(s.last_turn), self.keys.open(s.text))

    def payload(self, payload: dict[str, Any]) -> dict[str, Any]:
        return self._seal_dict(payload)

    def open_payload(self, payload: dict[str, Any]) -> dict[str, Any]:
        return self._open_dict(payload) or {}

    def text(self, value: str | None) -> str | None:
        return None if value is None else self.keys.seal(value)

    def open_text(self, value: str | None) -> str | None:
        return None if value is None else self.keys.open(value)

    # -- filters ------------------------------------------------------------------------------
    def filter(self, f: Filter | None) -> Filter | None:
        """``f`` comparing sealed values: each text value becomes its sealed forms (one per
        data key: two while a rekey runs)."""
        match f:
            case None:
                return None
            case And(items):
                return And(tuple(self.filter(i) for i in items))  # type: ignore[misc]
            case Or(items):
                return Or(tuple(self.filter(i) for i in items))  # type: ignore[misc]
            case Not(item):
                return Not(self.filter(item))  # type: ignore[arg-type]
            case Condition(name, _, _) if name in _EQUAL_FIELDS or name.startswith("metadata."):
                return self._condition(f)
        return f

    def _condition(self, c: Condition) -> Filter:
        values = c.value if isinstance(c.value, tuple) else (c.value,)
        if not any(isinstance(v, str) for v in values):
            return c
        if c.op in _ORDER_OPS:
            raise InvalidInputError(
                f"filter {c.field}.{c.op} compares text by order, which an encrypted store "
                "cannot do; compare it by equality (eq, in) instead", code="INVALID_FILTER")
        sealed = tuple(s for v in values
                       for s in (self.keys.seal_equal_all(v) if isinstance(v, str) else [v]))
        if c.op == "contains":
            return Or(tuple(Condition(c.field, "contains", s) for s in sealed)) \
                if len(sealed) > 1 else Condition(c.field, "contains", sealed[0])
        if c.op in ("eq", "ne") and len(sealed) > 1:
            return Condition(c.field, "in" if c.op == "eq" else "nin", sealed)
        if c.op in ("eq", "ne"):
            return Condition(c.field, c.op, sealed[0])
        return Condition(c.field, c.op, sealed)


def is_sealed(value: str) -> bool:
    return value.startswith((PREFIX, JSON_PREFIX))
