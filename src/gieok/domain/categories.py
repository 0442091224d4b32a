"""Which names a scope's ``allowed_categories`` may hold (W9).

The list is an allow-list: a long-term memory whose category is not in it is refused, and
extraction drops it. A name that no memory can ever carry — a typo ("locaton"), a stray
character — therefore stops every write in the scope without a word. So each name must be
a category gieok files memories under (the built-ins and the extractor's own), or one a
memory of the scope already carries (free-text categories a caller chose). A new
free-text category is allowed once a memory holds it.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from gieok.domain.limits import check_text
from gieok.domain.records import Category
from gieok.errors import InvalidInputError

# The built-ins, and the categories the heuristic extractor files memories under.
GIEOK_CATEGORIES = tuple(c.value for c in Category) + ("health",)


def unknown_names(names: Sequence[str]) -> list[str]:
    """The names in ``names`` that are not gieok's own categories (text checked first)."""
    for name in names:
        check_text(name, "allowed_categories")
    return [name for name in names if name not in GIEOK_CATEGORIES]


def refuse_unknown(unknown: Sequence[str]) -> InvalidInputError:
    """The error for names no memory of the scope carries, with the nearest known name."""
    hints = []
    for name in unknown:
        near = difflib.get_close_matches(name.strip().lower(), GIEOK_CATEGORIES, n=1)
        hints.append(f"{name!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
    return InvalidInputError(
        f"unknown categor{'y' if len(unknown) == 1 else 'ies'} in allowed_categories: "
        f"{', '.join(hints)}. A scope limited to it would refuse every write. Use gieok's "
        f"categories ({', '.join(GIEOK_CATEGORIES)}) or one a memory in this scope already "
        "has (store one with that category first)",
        details={"unknown": list(unknown), "known": list(GIEOK_CATEGORIES)})
