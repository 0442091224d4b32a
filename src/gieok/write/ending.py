"""An ended thing is history, not a current fact (issue 16).

When the user says something ended — "I left Deloitte", "다낭 여행 취소했어", "Mango passed
away", "남자친구랑 헤어졌어", "quit smoking" — the extractor names what ended
(``Candidate.retires`` / ``Candidate.ended``) and reconciliation supersedes the memories that
state it (their ``valid_to`` is the turn's time). The memory of the ending itself still names
the old thing ("User left Deloitte"). Read as a current statement it says "Deloitte" beside
the new job as if both held; it is an event, true at the moment it was said, and from then on
the history of that thing: "2026-05-04: left Deloitte".

``ended_in(content, names)`` says which of ``names`` a memory records the end of; the write
path keeps them in ``metadata.ended`` (``pipeline.candidate_record``) and
``MemoryRecord.is_history()`` reads it: ``context()`` marks such a line as past, search still
finds it ("where did I use to work?"), and a sequence's old value counts against the scorer
only in a current memory. No new field: the metadata goes through every store and export as
it is.

Only a memory that says the ending and nothing current is history. One that goes on to what
holds now ("헬스 그만두고 수영 다닌다", "quit smoking and vapes now", "keto 그만뒀어, balanced
diet로 돌아온다") states a current fact too and stays current; a reason or a time said with the
ending ("아빠 수술 일정이랑 겹쳤다", "last month") is part of the history. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.write.extract.retired import mentions

# what the user does or has now, said after the ending: "now", "instead", "switched to …"
_NOW_EN = re.compile(
    r"\b(?:now|instead|these\s+days|nowadays|anymore|any\s+more|switched\s+to|moved\s+to|"
    r"(?:switched|moved|changed|went|upgraded|downgraded)\s+from\s+.+?\s+to|"
    r"changed\s+to|back\s+to|went\s+back|replaced\s+(?:it|them|him|her)\s+with|in\s+favou?r\s+of|"
    r"(?:and|but)\s+(?:still|kept|keeps?|stays?|started|starts?|joined|got|bought|adopted|"
    r"moved|switched|took\s+up|picked\s+up|use[sd]?|is|has|does|goes|went|works?))\b",
    re.IGNORECASE)
# Korean: 이제/대신/요즘, a new value with 으로/로 and a change verb, a clause that goes on
# after the thing left with -고 ("헬스 그만두고 수영 다닌다"), or a present-tense predicate
# after a comma or a sentence end ("…그만뒀어, 그냥 balanced diet로 돌아온다")
_NOW_KO = re.compile(
    r"이제|대신|요즘|그\s?다음부터|(?:으로|로)\s?(?:바꿨|바꿈|바꾸|바꾼|갈아|옮겼|옮김|옮긴|돌아|넘어|"
    r"이사|이직|전학|변경)|(?:그만두|그만\s두|관두|끊|접|팔|취소하|정리하|처분하|해지하)고\s+\S|"
    r"(?:그만뒀|관뒀|끊었|접었|팔았|취소했|헤어졌)(?:고|는데|지만)\s+\S")
_SSANG_SIOS = 20  # the final consonant ㅆ of a Hangul syllable: the past tense (했, 었, 갔)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|,\s*|\n+")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _present_ko(clause: str) -> bool:
    """A Korean clause ending in a present-tense predicate ("돌아온다", "다닌다", "있다",
    "하는 중"): the syllable before the final 다 has no ㅆ (했다, 겹쳤다, 갔다 are past)."""
    text = clause.strip(" .!?~ㅋㅎㅠㅜ")
    if text.endswith("중") or text.endswith("중이다"):
        return True
    if len(text) < 2 or not text.endswith("다") or not _HANGUL.match(text[-2]):
        return False
    return (ord(text[-2]) - 0xAC00) % 28 != _SSANG_SIOS


def _goes_on(content: str) -> bool:
    """``content`` says, besides an ending, what holds now."""
    if _HANGUL.search(content):
        if _NOW_KO.search(content):
            return True
        # a later clause in the present tense is a current state; the first one holds the
        # ending itself, and a reason ("회사 일 때문에") or the past ("겹쳤다") is history
        return any(_present_ko(part) for part in _SENTENCE.split(content)[1:])
    return _NOW_EN.search(content) is not None


def ended_in(content: str, names: Iterable[str]) -> tuple[str, ...]:
    """The names among ``names`` (what the user's sentence said ended: the extractor's
    ``retires`` and ``ended``) that ``content`` records the end of — empty when the memory
    does not name them in its first clause ("User bikes everywhere now" after "sold my
    Civic"; "User tore their calf, not running chicago this year" is the injury) or also
    states what holds now, so it is a current fact."""
    first = _SENTENCE.split(content, maxsplit=1)[0]  # the memory's own clause says the end
    stated = tuple(dict.fromkeys(n for n in names if n and mentions(first, n)))
    if not stated or _goes_on(content):
        return ()
    return stated
