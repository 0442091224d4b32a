"""What PostgreSQL spells differently: ``%s`` placeholders, ``jsonb`` access, booleans and
``timestamptz`` values travel as themselves."""

from __future__ import annotations

from gieok.stores._sql.filters import Dialect


def _json_num(col: str, key: str) -> str:
    # a non-number never matches a numeric comparison (SQLite's CAST would make it 0)
    return (f"(CASE WHEN jsonb_typeof({col} -> '{key}') = 'number' "
            f"THEN ({col} ->> '{key}')::double precision END)")


DIALECT = Dialect(
    placeholder="%s",
    json_text=lambda col, key: f"({col} ->> '{key}')",
    json_num=_json_num,
    list_contains=lambda col, p: f"({col} ? {p})",
    time_param=lambda t: t,
    bool_param=bool,
    json_marker="%s::jsonb",
)
