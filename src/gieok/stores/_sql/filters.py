"""Compile the filter AST, read scopes and views into SQL ``WHERE`` fragments.

Pure functions parametrised by a tiny ``Dialect`` so SQLite and PostgreSQL share one meaning
(the same semantics as ``gieok.domain.query.matches``). Values always travel as parameters.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from gieok.domain.query import And, Condition, Filter, Not, Or, View
from gieok.domain.scope import LEVELS, Scope
from gieok.stores._sql.rows import USED

# Domain field -> column name (scope levels get their own columns).
SCOPE_COLUMNS = {"org": "org", "project": "project", "user": "user_id", "persona": "persona",
                 "session": "session"}
TIME_FIELDS = {"event_time", "created_at", "updated_at", "valid_from", "expires_at"}


@dataclass(frozen=True)
class Dialect:
    """What differs between SQL engines, and nothing else."""

    placeholder: str  # "?" or "%s"
    json_text: Callable[[str, str], str]  # (column, key) -> expression yielding text
    json_num: Callable[[str, str], str]
    list_contains: Callable[[str, str], str]  # (column, placeholder) -> boolean expression
    time_param: Callable[[datetime], Any]  # how a datetime travels as a parameter
    bool_param: Callable[[bool], Any] = int  # how a boolean travels (SQLite: 0/1)
    json_marker: str = "?"  # the placeholder of a JSON column's value ("%s::jsonb")
    # Planner hints, where a dialect has them: ``records INDEXED BY x`` / ``+org``.
    indexed_by: Callable[[str, str], str] = lambda table, index: table
    unindexed: Callable[[str], str] = lambda column: column


@dataclass
class Sql:
    text: str
    params: list[Any]


def scope_clause(d: Dialect, scope: Scope, table: str = "") -> Sql:
    """Rows the read scope sees: tenant exactly, every other given level equal."""
    prefix = f"{table}." if table else ""
    parts = [f"{prefix}org = {d.placeholder}"]
    params: list[Any] = [scope.tenant]
    for level in LEVELS[1:]:
        value = getattr(scope, level)
        if value is not None:
            parts.append(f"{prefix}{SCOPE_COLUMNS[level]} = {d.placeholder}")
            params.append(value)
    return Sql(" AND ".join(parts), params)


def exact_scope_clause(d: Dialect, scope: Scope) -> Sql:
    """Rows written in exactly this scope (absent levels must be NULL)."""
    parts = [f"org = {d.placeholder}"]
    params: list[Any] = [scope.tenant]
    for level in LEVELS[1:]:
        value = getattr(scope, level)
        col = SCOPE_COLUMNS[level]
        if value is None:
            parts.append(f"{col} IS NULL")
        else:
            parts.append(f"{col} = {d.placeholder}")
            params.append(value)
    return Sql(" AND ".join(parts), params)


def view_clause(d: Dialect, view: View, now: datetime) -> Sql:
    """Which versions are visible: live by default; archived/superseded/as-of on request."""
    p = d.placeholder
    parts: list[str] = []
    params: list[Any] = []
    if view.statuses:
        parts.append(f"status IN ({', '.join(p for _ in view.statuses)})")
        params.extend(view.statuses)
    elif view.include_archived:
        parts.append("status IN ('active', 'archived')")
    else:
        parts.append("status = 'active'")
    if view.as_of is not None:
        at = d.time_param(view.as_of)
        parts.append(f"valid_from <= {p} AND (valid_to IS NULL OR valid_to > {p})")
        parts.append(f"(expires_at IS NULL OR expires_at > {p})")
        params.extend([at, at, at])
    else:
        if not view.include_superseded:
            parts.append("superseded_at IS NULL")
        parts.append(f"(expires_at IS NULL OR expires_at > {p})")
        params.append(d.time_param(view.now or now))
    return Sql(" AND ".join(parts), params)


_CMP = {"eq": "=", "ne": "<>", "gt": ">", "gte": ">=", "lt": "<", "lte": "<="}


def filter_clause(d: Dialect, flt: Filter | None) -> Sql:
    """Compile a filter AST; ``None`` compiles to ``1=1``."""
    if flt is None:
        return Sql("1=1", [])
    if isinstance(flt, And | Or):
        subs = [filter_clause(d, f) for f in flt.items]
        joiner = " AND " if isinstance(flt, And) else " OR "
        return Sql(
            "(" + joiner.join(s.text for s in subs) + ")", [v for s in subs for v in s.params]
        )
    if isinstance(flt, Not):
        inner = filter_clause(d, flt.item)
        return Sql(f"NOT ({inner.text})", inner.params)
    return _condition(d, flt)


def _param(d: Dialect, field: str, value: Any) -> Any:
    if field in TIME_FIELDS and isinstance(value, datetime):
        return d.time_param(value)
    if isinstance(value, bool):
        return d.bool_param(value)
    return value


def _scope_condition(d: Dialect, c: Condition) -> Sql:
    column, p = SCOPE_COLUMNS[c.field], d.placeholder
    if c.value is None:
        return Sql(f"{column} IS {'NOT ' if c.op == 'ne' else ''}NULL", [])
    if c.op == "prefix":  # exact and case-sensitive, unlike LIKE in SQLite
        return Sql(f"((substr({column}, 1, length({p})) = {p}) IS TRUE)", [c.value, c.value])
    if c.op == "in":
        return Sql(f"(({column} IN ({', '.join(p for _ in c.value)})) IS TRUE)", list(c.value))
    if c.op == "ne":
        return Sql(f"({column} <> {p} OR {column} IS NULL)", [c.value])
    return Sql(f"(({column} = {p}) IS TRUE)", [c.value])


def _condition(d: Dialect, c: Condition) -> Sql:
    p = d.placeholder
    if c.kind == "scope":
        return _scope_condition(d, c)
    if c.kind == "list":
        if c.op == "contains":
            return Sql(d.list_contains(c.field, p), [c.value])
        ors = " OR ".join(d.list_contains(c.field, p) for _ in c.value)
        return Sql(f"({ors})", list(c.value))
    if c.kind == "meta":
        key = c.field.removeprefix("metadata.")
        numeric = isinstance(c.value, int | float) and not isinstance(c.value, bool) or (
            isinstance(c.value, tuple) and all(isinstance(v, int | float) for v in c.value)
        )
        column = (d.json_num if numeric else d.json_text)("metadata", key)
        value: Any = c.value
    else:
        column = USED.get(c.field, c.field)  # a use count adds the uses counted since
        value = c.value
    if c.op in {"in", "nin"}:
        values = [_param(d, c.field, v) for v in value]
        marks = ", ".join(p for _ in values)
        if c.op == "nin":
            return Sql(f"(({column} NOT IN ({marks})) IS TRUE OR {column} IS NULL)", values)
        return Sql(f"(({column} IN ({marks})) IS TRUE)", values)
    if c.op == "ne":
        return Sql(f"({column} <> {p} OR {column} IS NULL)", [_param(d, c.field, value)])
    # "IS TRUE" keeps SQL two-valued like the reference semantics: NULL never matches, so
    # NOT(...) of a comparison against a missing value is true, as in ``query.matches``.
    return Sql(f"(({column} {_CMP[c.op]} {p}) IS TRUE)", [_param(d, c.field, value)])
