"""A memory that gives the user what a pronoun for someone else said (issue 16).

"근데 걔 치킨 싫어함 ㅋㅋ" (the friend spoken of two turns ago), "그분 해운대 산다고 자랑하실
듯", "그 사람 coffee를 좋아해": when coreference finds whom the pronoun means, the memory
names them ("사용자의 딸은 …"); when it does not, a rule that reads the predicate (a dislike, a
home, a liking) still writes the user as its subject and keeps the pronoun after it —
"사용자는 걔 치킨을 싫어함" — which says something false of the user. Such a memory is dropped.
Only the pronouns of a person not the speaker, right after the user as subject. Pure.
"""

from __future__ import annotations

import re

_USER_THEN_PRONOUN = re.compile(
    r"^사용자(?:는|가|도)\s+(?:걔|걔네|걔들|쟤|쟤네|그분|그\s?사람|그녀|그\s?애|그\s?친구|그\s?양반)"
    r"(?:[는은가이도네들]|(?=\s)|$)")


def unresolved(content: str) -> bool:
    """The memory makes the user the subject of what a third-person pronoun said (above)."""
    return _USER_THEN_PRONOUN.match(content.strip()) is not None
