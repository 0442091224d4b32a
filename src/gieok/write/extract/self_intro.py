"""The user's own name said in a greeting: "안녕 난 지수야", "안녕하세요, 저는 민준이에요",
"hi i'm Priya" (issue 16, from a new-user trial).

Why: the name rules need "이름은" / "my name is"; a greeting then "난 X야" named no one, and
"저는 민준이에요" was kept as "사용자는 민준이다" with no name slot. What makes X a name and
not what the user is ("난 학생이야", "난 괜찮아", "I'm tired") is the greeting the turn opens
with — an introduction — and X itself: one word, two to four Hangul syllables or a
capitalised Latin word, not a role, an age, a state or a nationality. The whole turn is read
(like ``housing_cost``): "안녕! 난 지수야" is two sentences, and the greeting is the first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.write.extract import korean
from gieok.write.extract.base import Hit
from gieok.write.extract.patterns_ko_base import OCCUPATIONS

_GREETING_KO = r"(?:안녕(?:하세요|하십니까)?|하이|반가워(?:요)?|반갑습니다|처음\s?뵙겠습니다|ㅎㅇ)"
_KO = re.compile(
    rf"^\s*{_GREETING_KO}[\s,.!~?]+(?:(?:저는|전|나는|난)\s?|(?:나|저)\s)(?P<x>[가-힣]{{2,4}}?)(?:이)?"
    r"(?:야|예요|에요|이에요|입니다|이고|라고\s?해(?:요)?|라고\s?합니다|이라고\s?해(?:요)?|이라고\s?합니다)"
    r"(?=[\s,.!~]|$)")
# what the user is, said in the same shape: a role, a place in the family, a state
_NOT_NAME_KO = re.compile(
    rf"^(?:{OCCUPATIONS}|학생|대학생|고등학생|중학생|초등학생|대학원생|직장인|주부|백수|취준생|신입|"
    r"프리랜서|사장|대표|막내|외동|첫째|둘째|셋째|장남|장녀|싱글|솔로|유부남|유부녀|혼자|엄마|아빠|"
    r"할머니|할아버지|아줌마|아저씨|남자|여자|한국인|외국인|교포|초보|처음|신규|회원|고객|"
    r"개발자|디자이너|기획자|마케터|간호사|의사|선생님|교사|작가|집순|집돌|괜찮|피곤|반대|찬성)")
# "나 민준인데 대구 살아", "나는 서연이야 판교에서 …": a name and, in the same breath, more about
# the user — with no greeting, the word must be a proper noun to the tagger
_RUN_ON_KO = re.compile(
    rf"^\s*(?:{_GREETING_KO}[\s,.!~?]+)?(?:저는|전|나는|난|나|저)\s(?P<x>[가-힣]{{2,4}}?)(?:이)?"
    r"(?P<join>야|예요|에요|이에요|입니다|인데요|인데|이고|고)\s+(?P<rest>\S.*)$")
_GREETED_KO = re.compile(rf"^\s*{_GREETING_KO}[\s,.!~?]")
_GREETING_EN = r"(?:hi|hey|hello|hiya|howdy|yo|good\s+(?:morning|afternoon|evening))"
_EN = re.compile(
    rf"^\s*{_GREETING_EN}(?:\s+there)?[\s,.!]+(?:i['’]?m|i\s+am|this\s+is|it['’]?s)\s+"
    r"(?P<x>(?-i:[A-Z][a-z]{1,14}))(?=\s*(?:[,.!]|$|and\b|here\b|btw\b|by\s+the\s+way\b))",
    re.IGNORECASE)
_NOT_NAME_EN = re.compile(
    r"^(?:American|British|English|Scottish|Irish|Welsh|Canadian|Australian|Korean|Japanese|"
    r"Chinese|Indian|French|German|Spanish|Italian|Mexican|Brazilian|Russian|Polish|Dutch|"
    r"Swedish|Vietnamese|Filipino|Thai|Turkish|Greek|Jewish|Muslim|Christian|Catholic|Hindu|"
    r"Buddhist|Vegan|Vegetarian|Back|Home|Here|New|Fine|Good|Great|Okay|Ok|Sorry|Tired|Sick|"
    r"Still|Just|Not|Also|So|Really|Finally|Done|Free|Busy|Bored|Stuck|Going|Trying|Looking|"
    r"Working|Planning|Thinking|Wondering|Curious)$")


def named(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """The user's name when the turn opens with a greeting and then says who the user is (see
    the module docstring), unless ``stored`` (what the turn's sentences made) already names
    them."""
    text = turn_text.strip()
    run_on = _run_on(text, stored)
    if run_on:
        return run_on
    ko = _KO.match(text)
    if ko is not None and not _NOT_NAME_KO.match(ko.group("x")):
        name = ko.group("x")
        if any(f"이름은 {name}" in s for s in stored):
            return []
        return [(Hit(content=f"사용자의 이름은 {name}", family="profile", type=MemoryType.PROFILE,
                     category="context", slot="name", value=name, tags=("profile",),
                     confidence=0.8), "ko")]
    en = _EN.match(text)
    if en is not None and not _NOT_NAME_EN.match(en.group("x")):
        name = en.group("x")
        if any(f"name is {name}" in s for s in stored):
            return []
        return [(Hit(content=f"User's name is {name}", family="profile", type=MemoryType.PROFILE,
                     category="context", slot="name", value=name.casefold(), tags=("profile",),
                     confidence=0.8), "en")]
    return []


def _run_on(text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """The name of a Korean run-on introduction, and what the rest of it says as a memory of its
    own when the sentence was stored glued to the name ("사용자는 서연이야 판교에서 …")."""
    m = _RUN_ON_KO.match(text)
    if m is None or _NOT_NAME_KO.match(m.group("x")) or "?" in text:
        return []
    name = m.group("x")
    if not _GREETED_KO.match(text) and not any(
            t.tag == "NNP" and t.form in (name, name + "이") for t in korean.tokens(text[:m.end("join")])):
        return []  # ("나 혼자인데 …", "나 초보인데 …": what the user is, not who)
    out: list[tuple[Hit, str]] = []
    if not any(f"이름은 {name}" in s for s in stored):
        out.append((Hit(content=f"사용자의 이름은 {name}", family="profile", type=MemoryType.PROFILE,
                        category="context", slot="name", value=name, tags=("profile",),
                        confidence=0.8), "ko"))
    for memory in stored:
        glued = _GLUED.match(memory)
        if glued is not None and glued.group("x") == name:
            out.append((Hit(content=f"사용자는 {glued.group('rest')}", family="note",
                            type=MemoryType.FACT, category="context", confidence=0.75), "ko"))
    return out


_GLUED = re.compile(r"^사용자는 (?P<x>[가-힣]{2,4}?)(?:이)?(?:야|예요|에요|이에요|입니다|인데요|인데|이고|고)"
                    r"\s+(?P<rest>\S.*)$")


def bare_of(bare: str, named: str) -> bool:
    """``bare`` is the run-on introduction glued to the name ``named`` gives."""
    m = re.match(r"^사용자의 이름은 (?P<n>\S+)$", named)
    if m is None:
        return False
    # "사용자는 안녕, 나 민호다": the greeting and the name, kept whole as a sentence
    greeted = re.fullmatch(rf"사용자는 {_GREETING_KO}[\s,.!~]+(?:(?:저는|전|나는|난|나|저)\s)?"
                           rf"{re.escape(m.group('n'))}(?:이)?(?:다|야|예요|이에요)?\.?", bare)
    glued = _GLUED.match(bare)
    return greeted is not None or glued is not None and glued.group("x") == m.group("n")
