"""LangGraph items ↔ gieok records, as pure functions (no I/O).

An item ``(namespace, key) → value`` is one ``MemoryRecord``:

- its id is derived from tenant, namespace and key, so a ``get`` is one lookup by id and a
  ``put`` to the same key replaces the record (a new version, like ``Memory.update``);
- its scope comes from the namespace through ``NamespaceMap.levels`` (by default the first
  label is the user id), so what a graph stores shows up in that user's gieok memory;
- ``data`` holds the value exactly as given; ``content`` holds the indexed text;
- ``metadata`` holds the key, the namespace as one ``lg_p<n>`` entry per prefix depth (so a
  prefix search is one exact filter the stores compile to SQL), whether it was indexed, and
  its TTL in minutes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from langgraph.store.base import InvalidNamespaceError, Item, MatchCondition, SearchItem
from langgraph.store.base.embed import get_text_at_path, tokenize_path

from gieok.domain.records import MemoryRecord
from gieok.domain.scope import LEVELS, Scope, validate_scope_id
from gieok.errors import ConfigurationError, InvalidInputError

MAX_DEPTH = 16
KEY = "lg_key"
DEPTH = "lg_depth"
INDEXED = "lg_indexed"
TTL = "lg_ttl"
# Every LangGraph item carries ``lg_depth >= 1``: the filter that tells them from memories
# gieok extracted itself in the same scope.
ITEMS_ONLY: dict[str, Any] = {f"metadata.{DEPTH}": {"gte": 1}}


def prefix_key(depth: int) -> str:
    return f"lg_p{depth}"


def encode(labels: Sequence[str]) -> str:
    return json.dumps(list(labels), ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class NamespaceMap:
    """Which namespace position holds which scope level (``None``: a plain label)."""

    levels: tuple[str | None, ...]
    org: str | None = None

    def __post_init__(self) -> None:
        named = [level for level in self.levels if level is not None]
        bad = [level for level in named if level not in LEVELS or level == "org"]
        if bad or len(set(named)) != len(named) or not named:
            raise ConfigurationError(
                f"levels={self.levels!r}: name each of {LEVELS[1:]} at most once, at the "
                "namespace position that holds its id (None for other labels), e.g. "
                "('user',) for (user_id, 'memories') or (None, 'user') for "
                "('memories', user_id)")
        if self.org is not None:
            validate_scope_id("org", self.org)

    def scope_for(self, namespace: tuple[str, ...]) -> Scope:
        """The scope an item of ``namespace`` is written to."""
        ids = self._ids(namespace)
        if not ids:
            raise InvalidNamespaceError(
                f"namespace {namespace!r} names no scope: with levels={self.levels!r} put the "
                f"{self.levels[-1] or 'user'} id at position "
                f"{next(i for i, lv in enumerate(self.levels) if lv)}")
        return Scope(org=self.org, **ids)

    def read_scope(self, prefix: Sequence[str]) -> Scope:
        """The narrowest scope that holds every item under ``prefix`` (wildcards name none)."""
        return Scope.model_construct(org=self.org, **self._ids(tuple(prefix), strict=False))

    def _ids(self, labels: tuple[str, ...], *, strict: bool = True) -> dict[str, str]:
        ids: dict[str, str] = {}
        for position, level in enumerate(self.levels):
            if level is None or position >= len(labels) or labels[position] == "*":
                continue
            try:
                ids[level] = validate_scope_id(level, labels[position])
            except InvalidInputError as exc:
                if strict:
                    raise InvalidNamespaceError(
                        f"namespace label {labels[position]!r} is the {level} id here and "
                        f"must be 1-128 letters, digits or _ @ + - ({exc.message})") from None
                return {}  # a label no item can have: the prefix filter finds nothing
        return ids


def record_id(tenant: str, namespace: tuple[str, ...], key: str) -> str:
    digest = hashlib.sha256(f"{tenant}\x00{encode(namespace)}\x00{key}".encode()).hexdigest()
    return "lg" + digest[:30]


def namespace_metadata(namespace: tuple[str, ...]) -> dict[str, Any]:
    if len(namespace) > MAX_DEPTH:
        raise InvalidNamespaceError(
            f"namespace {namespace!r} is {len(namespace)} labels deep; the limit is {MAX_DEPTH}")
    meta: dict[str, Any] = {DEPTH: len(namespace)}
    for depth in range(1, len(namespace) + 1):
        meta[prefix_key(depth)] = encode(namespace[:depth])
    return meta


def prefix_filter(prefix: Sequence[str]) -> dict[str, Any]:
    """The store filter for "items whose namespace starts with ``prefix``"."""
    if not prefix:
        return dict(ITEMS_ONLY)
    if len(prefix) > MAX_DEPTH:
        return {f"metadata.{DEPTH}": {"gt": MAX_DEPTH}}  # nothing is that deep
    return {f"metadata.{prefix_key(len(prefix))}": encode(prefix)}


def is_item(record: MemoryRecord) -> bool:
    return isinstance(record.metadata.get(DEPTH), int) and KEY in record.metadata


def namespace_of(record: MemoryRecord) -> tuple[str, ...]:
    depth = int(record.metadata[DEPTH])
    return tuple(json.loads(record.metadata[prefix_key(depth)]))


def to_item(record: MemoryRecord) -> Item:
    return Item(value=dict(record.data or {}), key=str(record.metadata[KEY]),
                namespace=namespace_of(record), created_at=record.created_at,
                updated_at=record.updated_at)


def to_search_item(record: MemoryRecord, score: float | None = None) -> SearchItem:
    return SearchItem(namespace=namespace_of(record), key=str(record.metadata[KEY]),
                      value=dict(record.data or {}), created_at=record.created_at,
                      updated_at=record.updated_at, score=score)


def index_paths(fields: Sequence[str] | None) -> list[tuple[str, Any]]:
    """``IndexConfig.fields`` (default ``["$"]``: the whole value) tokenised once."""
    return [(p, p if p == "$" else tokenize_path(p)) for p in (fields or ["$"])]


def indexed_texts(value: Mapping[str, Any], paths: Sequence[tuple[str, Any]]) -> list[str]:
    """The texts LangGraph would embed for ``value`` (fields missing from it are skipped)."""
    texts: list[str] = []
    for _, tokens in paths:
        texts.extend(t for t in get_text_at_path(value, tokens) if t and t.strip())
    return texts


def matches_value(value: Any, wanted: Any) -> bool:
    """LangGraph's filter semantics: exact match, nested dicts, ``$eq $ne $gt $gte $lt $lte``."""
    if isinstance(wanted, dict):
        if any(k.startswith("$") for k in wanted):
            return all(_apply(value, op, arg) for op, arg in wanted.items())
        return isinstance(value, dict) and all(
            matches_value(value.get(k), v) for k, v in wanted.items())
    if isinstance(wanted, list | tuple):
        return (isinstance(value, list | tuple) and len(value) == len(wanted)
                and all(matches_value(a, b) for a, b in zip(value, wanted, strict=True)))
    return bool(value == wanted)


def matches_filter(value: Mapping[str, Any], flt: Mapping[str, Any] | None) -> bool:
    return not flt or all(matches_value(value.get(k), v) for k, v in flt.items())


def _apply(value: Any, op: str, arg: Any) -> bool:
    if op == "$eq":
        return bool(value == arg)
    if op == "$ne":
        return bool(value != arg)
    if op not in {"$gt", "$gte", "$lt", "$lte"}:
        raise InvalidInputError(f"unsupported filter operator {op!r}; use $eq $ne $gt $gte "
                                "$lt $lte", code="INVALID_FILTER")
    try:
        left, right = float(value), float(arg)
    except (TypeError, ValueError):
        return False
    return {"$gt": left > right, "$gte": left >= right, "$lt": left < right,
            "$lte": left <= right}[op]


def matches_condition(namespace: tuple[str, ...], condition: MatchCondition) -> bool:
    path = tuple(condition.path)
    if len(namespace) < len(path):
        return False
    pairs = (zip(namespace, path) if condition.match_type == "prefix"
             else zip(reversed(namespace), reversed(path)))
    return all(p == "*" or n == p for n, p in pairs)
