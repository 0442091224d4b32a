"""A standing request moved to a new value by a request (issue 16): "출근 시간 바뀌어서 브리핑 6시
반으로 당겨줘" after "앞으로 아침 브리핑은 8시에 보내줘"; "move my morning briefing to 6:30".

Why: a request to the assistant to change something ("…로 바꿔줘", "move it to Friday") is,
alone, a task of the moment — nothing in the user's life changed, and ``said_alone`` rightly
keeps no memory of it. Said about a thing a stored standing request names (the briefing and
its time), it changes that standing request: every later briefing comes at 6:30. It was
dropped, and the 8 o'clock request stayed current.

So such a request becomes a candidate that only changes what is stored (``Candidate.lapse``,
``said_alone.changed_alone``), and reconciliation reads it here first: a stored standing
request (``MemoryType.RULE``) naming the thing with another value of the same kind is
superseded by itself at the new value ("사용자 요청: 앞으로 아침 브리핑은 6시 반에 보내줘",
``partial.rewritten``), the old value kept as ``previously``. Nothing else is ever changed by
it — no fact ("팀 회의는 월요일 2시" stays after "회의 3시로 바꿔줘", a task on a document) —
and with no such request stored, nothing is kept. Never a question or a wish. Pure.
"""

from __future__ import annotations

import re
from datetime import datetime

from gieok.domain.records import MemoryRecord, MemoryType, content_hash
from gieok.write import partial
from gieok.write.extract.base import Candidate
from gieok.write.extract.new_value import SURE, new_value
from gieok.write.extract.new_value import replaced as states_old_value
from gieok.write.plan import Plan, Pool, narrowed, supersede

# "<thing> … <value>(으)로 당겨줘 / 미뤄 주세요 / 바꿔줄래 / 변경해줘 / 옮겨줘 / 늦춰줘"
_KO = re.compile(r"(?:으로|로)\s?(?:좀\s)?(?:당겨|앞당겨|미뤄|늦춰|바꿔|옮겨|변경해|조정해)\s?"
                 r"(?:줘|줘요|주세요|줄래|줄래요|주라|주면\s?돼)(?![가-힣])")
# "move / push / change / switch / bump / shift my <thing> to <value>" (the user's own standing
# thing: "change the date to friday" is a task on a document)
_EN = re.compile(r"^(?:(?:ok(?:ay)?|also|and|so|actually|hey)[,\s]+)*(?:please\s+|can\s+you\s+|could\s+you\s+)?"
                 r"(?P<verb>move|push|change|switch|bump|shift|make)\s+(?:my|our)\s+\w+(?:\s+\w+){0,2}?"
                 r"\s+(?:up\s+|back\s+)?(?:to|for)\s+\S", re.IGNORECASE)
_ASKED = re.compile(r"\?|할까|까요|나요|고\s?싶")
_VALUE = re.compile(r"\d|[월화수목금토일]요일|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\bnoon\b",
                    re.IGNORECASE)


# where the request's own clause starts: after a sentence end, or a reason or background
# clause said before it ("출근 시간 바뀌어서 브리핑 …", "since my shift changed, move …")
_CLAUSE_START = re.compile(r"[.!?~\n]\s*|(?:서|는데|니까|라서|so|since|because)[,\s]\s*", re.IGNORECASE)


def request_clause(sentence: str) -> str | None:
    """The clause of ``sentence`` that asks the assistant to move a thing to a new value
    ("브리핑 6시 반으로 당겨줘" of "출근 시간 바뀌어서 브리핑 6시 반으로 당겨줘"; "move my
    briefing to 6:30") — the shape that changes a standing request — or None."""
    s = sentence.strip()
    if _ASKED.search(s):
        return None
    ko = _KO.search(s)
    if ko is not None:
        start = max((m.end() for m in _CLAUSE_START.finditer(s, 0, ko.start())), default=0)
        clause = s[start:ko.end()]
    else:
        en = next((m for part in re.split(r"(?<=[.!?])\s+", s) if (m := _EN.search(part))), None)
        clause = en.string[en.start("verb"):] if en is not None else ""
    said = new_value(clause) if clause else None
    # the new value is a time, a date or a number (a request's schedule or size), never a
    # language or a style ("…를 영어로 바꿔줘" is a task on the text)
    return clause if said is not None and _VALUE.search(said.value) else None


def moved_request(sentence: str) -> bool:
    """``sentence`` asks the assistant to move a thing to a new value (``request_clause``)."""
    return request_clause(sentence) is not None


def move(c: Candidate, new: MemoryRecord, pool: Pool, plan: Plan, now: datetime) -> bool:
    """The candidate's turn asks to move a thing (``request_clause``): supersede each stored
    standing request it moves with itself at the new value. True when the candidate is the
    request itself (a lapse: it moves what it moves, or nothing — a request moves no fact);
    False for another memory of the same turn ("출근 시간 바뀌었다", said as the reason), which
    is reconciled as any."""
    clause = request_clause(c.preview or "")
    renewal = new_value(clause) if clause else None
    if renewal is None or clause is None:
        return False
    for old in [r for r in pool.records.values() if r.id not in pool.created
                and r.type is MemoryType.RULE and r.layer is new.layer
                and states_old_value(r.content, renewal) == SURE]:
        moved = partial.rewritten(old.content, clause, renewal.value)
        if moved is None:
            continue
        content, before = moved
        record = narrowed(old, content, new, now).model_copy(update={
            "content_hash": content_hash(content),
            "source_turn_ids": list(dict.fromkeys([*old.source_turn_ids,
                                                   *new.source_turn_ids])),
            "metadata": {**old.metadata, "previously": before}})
        supersede(plan, pool, [old], record, now, "the standing request moved")
    return c.lapse
