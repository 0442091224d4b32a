"""What happens in a film, a show or a book the user tells the assistant about (issue 16).

"just watched Past Lives. Nora moves to Toronto as a kid and twenty years later meets Hae Sung
in New York", "이번 주 드라마에서 여주가 회사 그만두고 제주도로 내려갔어 ㅋㅋ": the plot of a
work someone else made, retold. It reads like news ("moves to Toronto", "회사 그만두고") and was
stored as the user's, or as a memory with no one's name on it. Recognised by the frame, not the
topic:

- English: the sentence before says the user just watched, finished or read a titled work
  ("just watched Past Lives", "finished Severance last night"), and this sentence's subject is
  a name or a character ("Nora moves …", "the detective finally …") with no word of the user's
  in it (I, my, me, we, our);
- Korean: the sentence opens inside a watched work ("드라마에서", "영화 속에서", "어제 본 영화에서")
  and its subject is a character (주인공, 여주, 남주, 악역 …), with no word of the speaker's in it.

A work the user makes is ``asides.fiction``'s; what the user felt about a work ("I cried at the
end", "나 그 드라마 보고 울었어") has the user in it and is left alone. Pure.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL

_WATCHED_EN = re.compile(
    r"^(?:(?:so|ok(?:ay)?|omg|lol|just|finally|and)[,\s]+)*(?:i\s+|we\s+)?(?:just\s+|finally\s+)?"
    r"(?:watched|finished|saw|read|binged|rewatched|started)\s+(?:the\s+(?:movie|film|show|book|"
    r"series|novel|new\s+\w+)\s+)?(?-i:[A-Z0-9])[\w'’:&-]*(?:\s+(?-i:[A-Z0-9])[\w'’:&-]*)*"
    r"(?:\s+(?:last\s+night|yesterday|today|this\s+weekend|finally))?[\s.!~]*$",
    re.IGNORECASE)
# the subject of a retold plot: a name ("Nora", "Hae Sung") or a character by role
_PLOT_SUBJECT_EN = re.compile(
    r"^(?:(?:so|and|then|basically|spoiler|spoilers)[,:\s]+)*(?:(?-i:[A-Z])[a-z]+(?:\s+(?-i:[A-Z])[a-z]+)?"
    r"|the\s+(?:main\s+character|protagonist|detective|hero|heroine|villain|killer|mom|dad|wife|"
    r"husband|kid|girl|guy|doctor|lawyer|captain))\s+(?:\w+\s+){0,2}?\w+(?:s|ed)\b",
    re.IGNORECASE)
_SPEAKER_EN = re.compile(r"(?<![\w'’])(?:i|i['’]m|i['’]ve|i['’]d|me|my|mine|we|we['’]re|our|us)(?![\w'’])",
                         re.IGNORECASE)
_NOT_NAMES = frozenset("I My The We Our It This That So And But Oh Ok Lol Omg Just Then".split())

_WORK_KO = r"(?:드라마|영화|애니|애니메이션|시리즈|예능|웹툰|만화|소설|책|넷플릭스|연극|뮤지컬)"
_INSIDE_KO = re.compile(rf"{_WORK_KO}\s?(?:속)?\s?(?:에서|에선|에서는|속에서)\s")
_CHARACTER_KO = re.compile(r"(?<![가-힣])(?:주인공|여주|남주|여주인공|남주인공|악역|빌런|등장인물|조연|"
                           r"여자\s?주인공|남자\s?주인공)(?:이|가|은|는|도)\s")
_SPEAKER_KO = re.compile(r"(?<![가-힣])(?:나|저|난|전|내가|제가|나는|저는|나도|저도|내|제|우리|저희)"
                         r"(?![가-힣])")


def retold(sentence: str, before: str | None) -> bool:
    """The sentence retells what happens in a work the user watched or read (see above)."""
    s = sentence.strip()
    if _HANGUL.search(s):
        inside = _INSIDE_KO.search(s)
        return inside is not None and _CHARACTER_KO.search(s, inside.end()) is not None \
            and _SPEAKER_KO.search(s) is None
    if before is None or _WATCHED_EN.match(before.strip()) is None:
        return False
    m = _PLOT_SUBJECT_EN.match(s)
    return m is not None and s.split()[0] not in _NOT_NAMES and _SPEAKER_EN.search(s) is None
