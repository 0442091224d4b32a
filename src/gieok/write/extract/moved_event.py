"""An event said to be moved, with its new date said apart from it (issue 16): "상견례
미뤄졌어요ㅠ 예비 시아버님이 입원하셔서 4월 11일로 바꿨어요", "결혼식 연기됐어. 10월 10일로",
"회의 당겨졌어 다음 주 월요일로".

Why: ``new_value`` reads a change where the thing, the new value and the verb of the change
come together ("상견례 4월 11일로 미뤘어"). Said in speech, the event comes first with the verb
of moving it, then a reason (whose subject is someone else: "시아버님이 입원하셔서"), then the
date with 로 and a second, empty verb ("…로 바꿨어요"). Nothing read the move, so the old date
stayed current beside the new one.

``postponed(content)`` gives (the event, its new date) when the sentence says the event was
moved — a verb of moving a date (미뤄지다/미루다/밀리다/연기되다/당겨지다/당기다) right after the
event's noun — and names a date with 으로/로 after it; ``new_value`` reads it as "<event>
<date>로 미뤘다". Never a date said without 로 ("4월 11일에 병원 가"), never a move with no
date ("마감 미뤄졌어 다행이다"), never a question. Pure.
"""

from __future__ import annotations

import re

_VERB = (r"(?:미뤄졌|미뤄짐|미뤘|밀렸|밀림|연기됐|연기되었|연기됨|연기했|당겨졌|당겨짐|앞당겨졌|"
         r"당겼|앞당겼)")
# the event's noun (one or two words, its particle), then the verb of moving it
_MOVED = re.compile(rf"(?P<x>[가-힣A-Za-z0-9]+(?:\s[가-힣A-Za-z0-9]+)?)(?:이|가|은|는|도)?\s?"
                    rf"(?:(?:또|결국|갑자기|좀|다시)\s)?{_VERB}")
# the new date, with 으로/로, said after the move
_DATE_TO = re.compile(r"(?P<d>(?:\d{1,2}월\s?)?\d{1,2}일(?:\s?[월화수목금토일]요일)?|"
                      r"(?:다음\s?주\s?)?[월화수목금토일]요일)\s?(?:으로|로)(?![가-힣])")
_NOT_EVENT = frozenset("사용자는 사용자의 사용자가 나 난 저 전 우리 그거 이거 그게 이게 일정 날짜".split())


def postponed(content: str) -> tuple[str, str] | None:
    """(the event, its new date) when ``content`` says the event was moved to that date."""
    if "?" in content:
        return None
    m = _MOVED.search(content)
    if m is None:
        return None
    date = _DATE_TO.search(content, m.end())
    if date is None:
        return None
    words = [re.sub(r"(?:이|가|은|는|도)$", "", w) if len(w) > 2 else w for w in m.group("x").split()]
    words = [w for w in words if w not in _NOT_EVENT]
    if not words:
        return None
    return " ".join(words), date.group("d")
