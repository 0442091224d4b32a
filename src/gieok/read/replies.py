"""Conversation structure, "a question and its answer" (R8 archive): when a question turn
ranks high, the turn that answered it is ranked right after it.

A question is asked in one turn and answered in the next, and the two are worded
differently: "How often do you all work out together?" shares the words and the meaning of
a search for how often they work out; "Three times a week, it keeps us on track." shares
neither, so both channels rank the question far above its answer (in LoCoMo's dev
conversations the answer sat at rank 43 under the question at rank 2). The answer is what
the searcher wanted. Each archived turn names the turn it came right after
(``metadata["follows"]``, ``write/archive.py``; ``RankRow.follows``), so search sees, among
its own candidates, which one replies to a question it ranks in its first ``REPLY_DEPTH``
places, and raises that reply's score to just under the question's (``REPLY_GAP``). Nothing
is asked of the store: a reply that is not a candidate stays out (fetching it was measured:
no better). A reply that already ranks higher keeps its place.

A turn is a question when its last sentence is one (nothing but marks, emoji or laughter
after its last "?", bracketed asides such as an attached photo's caption left out):
"Congrats! How did it feel?" is; "Did you go? I did, it was great." is not — its question
was already answered by its own speaker — and neither is "can u suggest a lunch place near
my studio? no seafood pls, I'm allergic to shellfish", whose last clause tells, not asks. A
question with no word of its own ("반갑습니다! 어떤 도움이 필요하세요?", read/phatic.py) asks
about nothing the search could want: its reply is not lifted. Nor is a reply that mostly
asks back ("Of course! Anything special to mention?", read/speech.py): it answers nothing,
and the answer, if any, comes a turn later.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.query import RankRow
from gieok.read.phatic import says_nothing
from gieok.read.speech import asking_share

REPLY_DEPTH = 10  # the first page: questions ranked lower do not lift their replies
REPLY_GAP = 0.02  # the reply's score is raised to the question's minus this
ASKS_BACK = 0.5  # a reply at least this much asking (read/speech.py) answers nothing

_ASIDE = re.compile(r"\[[^\]]*\]|\([^)]*\)")
_QUESTION_MARKS = ("?", "\uff1f")
# a letter or digit other than Hangul's bare consonants and vowels (ㅋㅋ, ㅠㅠ, ㅎㅎ)
_WORDS_AFTER = re.compile(r"[^\W_\u3131-\u318e]")


def is_question(text: str) -> bool:
    """Whether the last sentence of ``text`` asks something (module docstring): nothing
    but marks, emoji or laughter (ㅋㅋ, ㅠㅠ) after its last question mark."""
    if not any(mark in text for mark in _QUESTION_MARKS):
        return False
    plain = _ASIDE.sub(" ", text).rstrip()
    asked = max(plain.rfind(mark) for mark in _QUESTION_MARKS)
    if asked < 0:
        return False
    return not _WORDS_AFTER.search(plain, asked + 1)


def reply_lifts(order: Sequence[tuple[float, RankRow]], *, depth: int = REPLY_DEPTH,
                gap: float = REPLY_GAP) -> dict[str, float]:
    """For candidates ranked by score (``order``, best first): the new score of each reply
    to a question turn among the first ``depth`` — the question's score minus ``gap`` —
    where that is more than the reply has. Keyed by the reply's record id."""
    questions: dict[str, float] = {}
    for total, row in order[:depth]:
        if row.turn is not None and row.turn not in questions and is_question(row.content) \
                and not says_nothing(row.content, None):
            questions[row.turn] = total  # best first: a long turn's best passage
    lifts: dict[str, float] = {}
    if not questions:
        return lifts
    for total, row in order:
        if row.follows is None or row.follows not in questions \
                or asking_share(row.content) >= ASKS_BACK:
            continue
        target = questions[row.follows] - gap
        if total < target and lifts.get(row.id, float("-inf")) < target:
            lifts[row.id] = target
    return lifts
