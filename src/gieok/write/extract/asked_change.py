"""A change given as a bare answer to the assistant's question (issue 16).

"아버님 수술은 30일 그대로인가요?" → "4월 6일로 밀림"; "후쿠오카 여행 준비는 잘 되고 있어요?" →
"취소했어요 회사 일 때문에"; "리리카는 아직 75mg 드세요?" → "150으로 올림". The answer is a
change with its thing left out: the question said it. Read alone, "4월 6일로 밀림" moves
nothing (or the wrong plan) and "취소했어요" ends nothing, so the old value stayed current.

``carried`` puts the thing the question is about — the topic it opens with, "X은/는 …?" —
in front of an answer that is only a change (a new value with a verb of moving or changing,
or a verb of calling off or stopping), so the answer reads as the user would have said it
whole ("아버님 수술 4월 6일로 밀림"). The extractor then treats it as any change said alone:
a candidate written only when it ends a stored memory.

English (``_carried_en``): the question names the value it asks is still current — "still
using Uber Eats?", "are you still in Belfast?", "How's life at Grindhouse?" — and the answer
is a no with a new name only ("nah, Deliveroo now", "nope, Derry since the 1st"). The answer
is said whole the way the extractor already reads a change: "I switched from Uber Eats to
Deliveroo", "I moved from Belfast to Derry", "I left Grindhouse, I work at Deliveroo now". Not a yes
("yep, still there"), not an answer without a name ("nah, nothing changed"), not a question
that names no value ("still cooking?").
"""

from __future__ import annotations

import re

# the question opens with its topic: "아버님 수술은 …?", "리리카는 아직 …?"
_TOPIC = re.compile(r"^(?:(?:그럼|혹시|참|아|그런데|근데)\s)?(?P<x>(?:[가-힣A-Za-z0-9]+\s){0,2}?"
                    r"[가-힣A-Za-z0-9]+?)(?:은|는)\s(?=.*[?？]\s*$)")
# words of the preparation or state of a thing, not the thing: "후쿠오카 여행 준비는"
_NOT_THING = re.compile(r"\s(?:준비|계획|일정|상태|진행|경과)$")
_NO = r"(?:(?:아니|아뇨|아니요|아녀|네|응|어|예)[,.\s]+)?(?:(?:그거|그건|그것도)\s)?"
# the answer is only a change: a value moved to (or a dose raised to), or a calling off
_MOVED = re.compile(rf"^{_NO}(?P<c>[\w\s]{{1,12}}?(?:으로|로)\s?(?:밀림|밀렸|미뤄|미뤘|미룸|옮겼|옮김|바뀜|바뀌었|"
                    r"바꿨|바꿈|변경|올림|올렸|내림|내렸|줄임|줄였|늘림|늘렸)\S*)")
_OFF = re.compile(rf"^{_NO}(?P<c>(?:취소|그만뒀|그만둠|관뒀|관둠|접었|접음|끊었|끊음)\S*)")


# the value the question asks is still current, by how it is held: where the user lives, what
# they use, where they work ("How's life at X?" asks after the workplace)
_NAME = r"(?P<x>(?-i:[A-Z])[\w&'’.-]*(?:\s+(?-i:[A-Z])[\w&'’.-]*){0,3})"
_STILL_EN = (
    ("moved", re.compile(rf"\bstill\s+(?:living\s+|based\s+)?in\s+{_NAME}\s*\?", re.IGNORECASE)),
    ("switched", re.compile(rf"\bstill\s+(?:using|on|with|ordering\s+from|going\s+to|shopping\s+at|"
                            rf"banking\s+with|driving\s+(?:a|an|the)|seeing)\s+{_NAME}\s*\?",
                            re.IGNORECASE)),
    ("left", re.compile(rf"\bstill\s+(?:working\s+)?(?:at|for)\s+{_NAME}\s*\?", re.IGNORECASE)),
    ("left", re.compile(rf"\bhow['’]?s\s+(?:life|work|everything|it\s+going)\s+at\s+{_NAME}\s*\?",
                        re.IGNORECASE)),
)
# a no, then only a new name: "nah, Deliveroo now", "nope, Derry since the 1st"
_NO_EN = re.compile(r"^(?:no|nah|nope|not\s+any\s?more)\b[\s,.!-]+(?:it['’]?s\s+|i['’]?m\s+(?:at\s+|in\s+|on\s+|with\s+)?)?"
                    r"(?P<new>(?-i:[A-Z])[\w&'’.-]*(?:\s+(?-i:[A-Z])[\w&'’.-]*){0,2})"
                    r"(?:\s+(?:now|these\s+days|since\b[^,.;!?]*))?\s*(?=[,.;!]|$)", re.IGNORECASE)
_SAID_WHOLE = {"moved": "I moved from {old} to {new}", "switched": "I switched from {old} to {new}",
               "left": "I left {old}, I work at {new} now"}


def _carried_en(answer: str, question: str) -> str | None:
    said = _NO_EN.match(answer.strip())
    if said is None:
        return None
    for kind, pattern in _STILL_EN:
        asked = pattern.search(question)
        if asked is not None and asked.group("x").casefold() != said.group("new").casefold():
            return _SAID_WHOLE[kind].format(old=asked.group("x"), new=said.group("new"))
    return None


def carried(answer: str, question: str | None) -> str | None:
    """``answer`` with the thing ``question`` asked about put in front ("아버님 수술 4월 6일로
    밀림"), when the question opens with its topic and the answer is a bare change — or, in
    English, the change said whole ("I switched from Uber Eats to Deliveroo"); else None."""
    if not question:
        return None
    if not re.search(r"[가-힣]", answer):
        return _carried_en(answer, question)
    topic = _TOPIC.match(question.strip())
    said = _MOVED.match(answer.strip()) or _OFF.match(answer.strip())
    if topic is None or said is None:
        return None
    thing = _NOT_THING.sub("", topic.group("x"))
    return f"{thing} {said.group('c')}"
