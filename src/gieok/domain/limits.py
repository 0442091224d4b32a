"""Input limits and the checks that enforce them before anything reaches a store (X5).

Everything a caller sends — text, ids, filters, JSON metadata — is checked here against
explicit, documented limits (docs/reliability.md lists them), so bad input becomes an
``InvalidInputError`` with a stable code instead of a database error deep inside a write:

* times lie between 1800-01-01 and 2200-12-31 (UTC);
* text must be valid Unicode: a lone surrogate (``"\\ud800"``) cannot be stored as UTF-8;
* text holds no NUL character (U+0000): PostgreSQL cannot store it in a text or JSON value,
  so it is refused for every store alike (SQLite could keep it, but then the same call would
  succeed on one backend and fail on another, and a migrate to PostgreSQL would fail later).
  Refused, not stripped: a NUL in chat text is binary debris, and quietly changing what a
  caller sent would make an id, a tag or a filter value match something else than asked;
* integers fit in 64 bits (what SQLite and PostgreSQL store), floats are finite;
* JSON values (``metadata``, ``data``) nest at most ``MAX_JSON_DEPTH`` deep with string keys;
* filters nest at most ``MAX_FILTER_DEPTH`` levels of AND/OR/NOT, hold at most
  ``MAX_FILTER_CONDITIONS`` conditions and ``MAX_FILTER_VALUES`` values per ``in`` list
  (SQLite's parser gives up around 100 nested NOTs and 32,766 bound values).
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Any

from gieok.errors import InvalidInputError

INT_MIN, INT_MAX = -(2**63), 2**63 - 1
MAX_JSON_DEPTH = 16
MAX_FILTER_DEPTH = 8
MAX_FILTER_CONDITIONS = 64
MAX_FILTER_VALUES = 1000
MAX_FILTER_TEXT_CHARS = 1000
MAX_TAGS = 100
MAX_TAG_CHARS = 200
MAX_ID_CHARS = 200
MAX_IMPORT_ITEMS = 100_000  # one import is one transaction, its vectors held in memory
# Times: wide enough for any life history, narrow enough that date arithmetic (windows,
# decay periods, retention) can never step outside what datetime can hold.
MIN_TIME = datetime(1800, 1, 1, tzinfo=UTC)
MAX_TIME = datetime(2200, 12, 31, 23, 59, 59, tzinfo=UTC)


def check_text(value: str, what: str, *, code: str = "INVALID_INPUT") -> str:
    """``value`` if every store can keep it (UTF-8, no lone surrogates, no NUL), else
    INVALID_INPUT (or ``code``)."""
    nul = value.find("\x00")
    if nul >= 0:
        raise InvalidInputError(
            f"{what} holds a NUL character (U+0000) at position {nul}, which gieok refuses on "
            "every store (PostgreSQL cannot keep it): remove it, for example with "
            "text.replace('\\x00', ''), and send the text again",
            code=code, details={"position": nul},
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidInputError(
            f"{what} holds an unpaired surrogate ({value[exc.start]!r} at position "
            f"{exc.start}), which is not valid Unicode; send UTF-8 text",
            code=code, details={"position": exc.start},
        ) from None
    return value


def check_int(value: int, what: str, *, code: str = "INVALID_INPUT") -> int:
    if not INT_MIN <= value <= INT_MAX:
        raise InvalidInputError(f"{what} is out of range: integers must fit in 64 bits "
                                f"({INT_MIN} to {INT_MAX})", code=code)
    return value


def check_number(value: Any, what: str, *, code: str = "INVALID_INPUT") -> int | float:
    """A JSON number within the limits (bools are not numbers)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidInputError(f"{what} must be a number", code=code)
    if isinstance(value, int):
        return check_int(value, what, code=code)
    if not math.isfinite(value):
        raise InvalidInputError(f"{what} must be a finite number", code=code)
    return value


def check_json(value: Any, what: str, *, depth: int = 0, code: str = "INVALID_INPUT") -> None:
    """Raise unless ``value`` is plain JSON within the limits (see the module docstring)."""
    if depth > MAX_JSON_DEPTH:
        raise InvalidInputError(f"{what} nests deeper than {MAX_JSON_DEPTH} levels", code=code)
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, str):
        check_text(value, what, code=code)
    elif isinstance(value, int | float):
        check_number(value, what, code=code)
    elif isinstance(value, list | tuple):
        for item in value:
            check_json(item, what, depth=depth + 1, code=code)
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidInputError(f"{what} keys must be strings", code=code)
            check_text(key, f"a key of {what}", code=code)
            check_json(item, what, depth=depth + 1, code=code)
    else:
        raise InvalidInputError(f"{what} holds a {type(value).__name__}; use JSON values "
                                "(strings, numbers, true/false, null, lists, objects)", code=code)


def check_time(value: datetime, what: str, *, code: str = "INVALID_INPUT") -> datetime:
    """``value`` (timezone-aware) if it lies within MIN_TIME..MAX_TIME."""
    try:
        inside = MIN_TIME <= value <= MAX_TIME
    except OverflowError:  # an offset that pushes it past year 1 or 9999
        inside = False
    if not inside:
        raise InvalidInputError(f"{what} must lie between {MIN_TIME.date()} and "
                                f"{MAX_TIME.date()}", code=code)
    return value


def check_id(value: Any, what: str = "memory id") -> str:
    """A record id as given by the caller: a non-empty string of at most MAX_ID_CHARS."""
    if not isinstance(value, str) or not value or len(value) > MAX_ID_CHARS:
        raise InvalidInputError(f"{what} must be a non-empty string of at most "
                                f"{MAX_ID_CHARS} characters")
    return check_text(value, what)
