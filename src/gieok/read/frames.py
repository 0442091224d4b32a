"""What full text should not read of a question: the word that only says what kind of answer
is wanted, when the answer belongs to someone else.

"what's my fiancé's name" asks for a name, and the one memory of a user's store that says
"name" is most often the user's own ("User's name is Priya"). Full text matched it there
and nowhere else, so it carried the search (its full-text share dwarfed the dense side of
"my boyfriend Arjun proposed last night! We're engaged!", the dense list's best), and
`context()` showed the user's own name for their fiancé's (the lead's trial, session 19).
In "<someone>'s name" / "the name of my <someone>" / "남편 이름" the word names the answer's
type; the topic is the person, and a memory that gives the answer names that person anyway.
So full text (and its expansion) reads such a question without "name"; the dense query
keeps the whole question. "what's my name?", "내 이름 뭐야?" keep the word: there the name
is the user's own, and the memory that says it is the answer.
"""

from __future__ import annotations

import re
from functools import lru_cache

# "my fiancé's name", "our landlord's full name", "my sister-in-law's names"
_EN_OWNED = re.compile(
    r"(\b(?:my|our)\s+(?:[\w'\u2019-]+\s+){0,3}?[\w-]+['\u2019]s?\s+(?:(?:full|first|last)\s+)?)"
    r"names?\b", re.IGNORECASE)
# "the name of my dentist", "names of our neighbours"
_EN_OF = re.compile(r"\bnames?(\s+of\s+(?:my|our)\s)", re.IGNORECASE)
# "남편 이름", "약혼자의 이름", "우리 강아지 이름이": a Hangul word right before 이름 that is
# not the user's own (``_KO_SELF``).
_KO_OWNED = re.compile(r"(?<![가-힣])([가-힣]+)(\s*)이름(?:이|은|는|을|도|만)?(?![가-힣])")
_KO_SELF = frozenset({"내", "제", "나", "저", "나의", "저의", "내가", "제가", "사용자", "사용자의",
                      "유저", "유저의"})


@lru_cache(maxsize=4096)
def fulltext_text(query: str) -> str:
    """``query`` as full text reads it: without "name"/"이름" where the name asked for is
    someone else's (module docstring); the query itself otherwise."""
    text = _EN_OWNED.sub(r"\1", query)
    text = _EN_OF.sub(r"\1", text)
    return _KO_OWNED.sub(_korean, text)


def _korean(match: re.Match[str]) -> str:
    owner = match.group(1)
    return match.group(0) if owner in _KO_SELF else owner + match.group(2)
