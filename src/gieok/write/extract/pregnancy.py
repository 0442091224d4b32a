"""How far along the user's pregnancy is, said in the sentence after the one that says it
(issue 16): "임신 중이라 약을 함부로 못 먹는데 감기 걸렸어요ㅠ 지금 24주예요", "I'm pregnant so
I can't take much. I'm 24 weeks now".

Why: the pregnancy rule reads "임신 중" and stores it; the week, the fact the assistant needs
for any advice on medicine or food, comes in a sentence of its own with no word of pregnancy
("지금 24주예요"), which alone is nothing. So the whole turn is read (like ``housing_cost``):
a sentence that says the user is pregnant (their own: "임신 중", "임신했", "I'm pregnant"),
and a bare count of weeks said after it by the user ("지금 24주예요", "I'm 24 weeks",
"24 weeks along"). Never a week of something else ("3주 됐어요" after "이직했는데"), a
partner's or a friend's pregnancy, a question, or a count already in the stored memory.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.discourse import split_sentences

_PREGNANT_KO = re.compile(r"(?:^|\s)(?:(?:나|저|제가|내가|나는|저는|난|전)\s)?임신\s?(?:중|했|하고|한\s?지|"
                          r"\d{1,2}\s?주)")
_SOMEONE_KO = re.compile(r"(?:아내|와이프|부인|언니|누나|동생|친구|딸|며느리|여동생|동료|와이프가|아내가)\s?"
                         r"(?:가|이|는|은)?\s?임신")
_WEEKS_KO = re.compile(r"^(?:(?:지금|현재|이제|벌써|오늘로)\s?)?(?:임신\s?)?(?P<n>\d{1,2})\s?주\s?(?:차|째)?\s?"
                       r"(?:예요|에요|이에요|야|이야|입니다|임|됐어요|됐어|돼요|이고|인데|고)(?=[\s.!~ㅠㅜ]|$)")
_PREGNANT_EN = re.compile(r"\b(?:I['’]?m|I\s+am|I\s+just\s+found\s+out\s+I['’]?m)\s+(?:currently\s+|now\s+)?"
                          r"pregnant\b", re.IGNORECASE)
_WEEKS_EN = re.compile(r"^(?:(?:and|so|btw)[,\s]+)?(?:I['’]?m|I\s+am)\s+(?:now\s+|currently\s+|about\s+)?"
                       r"(?P<n>\d{1,2})\s+weeks?(?:\s+(?:along|in|now|today))*[.!]*$", re.IGNORECASE)


def weeks(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """The week of the user's pregnancy said after the sentence saying it (see the module
    docstring), unless ``stored`` (what the turn's sentences made) already holds it."""
    pregnant = False
    for sentence in split_sentences(turn_text):
        text = sentence.strip()
        if HANGUL.search(text):
            if _PREGNANT_KO.search(text) and not _SOMEONE_KO.search(text) and "?" not in text:
                pregnant = True
                continue
            found, lang = (_WEEKS_KO.match(text) if pregnant else None), "ko"
        else:
            if _PREGNANT_EN.search(text) and "?" not in text:
                pregnant = True
                continue
            found, lang = (_WEEKS_EN.match(text) if pregnant else None), "en"
        if found is None:
            continue
        n = found.group("n")
        if any(re.search(rf"(?:임신\s?{n}\s?주|{n}\s+weeks?\s+pregnant)", s) for s in stored):
            return []
        content = f"사용자는 임신 {n}주" if lang == "ko" else f"User is {n} weeks pregnant"
        return [(Hit(content=content, family="health", type=MemoryType.FACT, category="context",
                     slot="pregnancy_week", value=n, tags=("health",), confidence=0.8), lang)]
    return []
