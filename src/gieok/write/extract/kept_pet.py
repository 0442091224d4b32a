"""A pet the user keeps, said in passing without its name (issue 16, pet).

"신기하다 ㅋㅋ 우리 집 거북이는 아무 말도 안 하는데", "저희 고슴도치도 밤에만 돌아다녀요": the sentence
is a remark of the moment (a comparison, a complaint) that no rule keeps, yet "우리 집 거북이" says
the user has a turtle — what a later "거북이 수조 온도 몇 도가 좋아?" needs to be read as theirs.
``introductions`` stores a pet made known by name; this stores one said as "우리 (집) X" when the
turn's memories do not name the kind.

Only what the pet does as a habit, in the present ("… 안 하는데", "… 돌아다녀요"): never a
moment's incident or a dream told in the past (the chat of the day stores nothing: "우리 강아지가
방금 양말 물고 도망감", "꿈에서 우리 고양이가 말을 했어"), a pet said as gone, wished for or
imagined (``introductions._NOT_NOW``: "우리 강아지 무지개다리 건넜어", "우리 집 고양이 있으면
좋겠다"), a group's ("우리 반 햄스터"), a question, or a one-syllable word that is part of
another ("우리 새 집": a new house, not a bird).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.discourse import hypothetical, split_sentences
from gieok.write.extract.framing import quoted_removed
from gieok.write.extract.korean import PETS_KO, tokens
from gieok.write.normalize import has_batchim

# one-syllable words that are also other words ("새 집", "개 같은"): not read alone
_LONG_PETS = "|".join(p for p in PETS_KO.split("|") if len(p.replace("\\s?", "")) > 1)
_OURS = re.compile(rf"(?:^|(?<=[\s,.!~ㅋㅎ]))(?:우리|저희|울)\s?(?:집\s?)?(?P<noun>{_LONG_PETS})"
                   r"(?:는|은|가|이|도|랑|한테|들은|들이|들도)(?=\s)")
# a moment's incident ("우리 강아지가 방금 내 양말 물고 도망감"): chatter, stored as nothing
_NOW = re.compile(r"(?<![가-힣])(?:오늘|아까|방금|어제|어젯밤|지금|이따)(?![가-힣])")
# a group that is not the household ("우리 반", "우리 회사", "우리 동네")
_NOT_HOUSE = re.compile(r"(?:우리|저희|울)\s?(?:반|회사|팀|동네|학교|학원|사무실|카페|가게)")


def stated(turn_text: str, said: Sequence[str], gone: re.Pattern[str]) -> list[tuple[Hit, str]]:
    """The user's unnamed pet the turn names as theirs (see the module docstring), unless a
    memory of the turn (``said``) names its kind; ``gone``: a pet gone or not the user's now."""
    if not HANGUL.search(turn_text):
        return []
    for sentence in split_sentences(quoted_removed(turn_text)):  # (a quoted review is not theirs)
        m = _OURS.search(sentence)
        if m is None or sentence.rstrip().endswith("?") or gone.search(sentence) \
                or hypothetical(sentence) or _NOT_HOUSE.search(sentence) or _NOW.search(sentence) \
                or any(t.tag == "EP" for t in tokens(sentence)):  # ("꿈에서 우리 고양이가 말을 했어")
            continue
        noun = re.sub(r"\s+", "", m.group("noun"))
        if any(noun in s.replace(" ", "") for s in said):
            return []
        content = f"사용자는 {noun}{'를' if not has_batchim(noun) else '을'} 키운다"
        return [(Hit(content=content, family="pet", type=MemoryType.FACT, category="context",
                     tags=("pet",), confidence=0.7), "ko")]
    return []


# "신장 안 좋은 애라", "심장 약한 애라서", "관절 안 좋은 아이예요": a pet's weak organ, said of "애"
_BODY = r"신장|심장|간|관절|피부|위장|장|눈|귀|이빨|치아|허리|다리|무릎|기관지|호흡기|췌장|방광|슬개골|고관절"
_AILING = re.compile(rf"(?:^|(?<=[\s,.]))(?P<body>{_BODY})(?:이|가)?\s?(?P<state>안\s?좋은|약한|나쁜)\s?"
                     r"(?:애|아이|녀석)(?:라|라서|여서|이라|이라서|인데|예요|이에요|야|이야)?(?=[\s,.!~]|$)")
_PET_KIND = re.compile(rf"(?:^|(?<=[\s,.!~]))(?P<noun>{_LONG_PETS})(?:\s?(?:사료|간식|용품|영양제|처방식|"
                       r"모래|장난감|약))")
_STATE = {"안좋은": "안 좋다", "약한": "약하다", "나쁜": "나쁘다"}


def ailing(turn_text: str, said: Sequence[str]) -> list[tuple[Hit, str]]:
    """"고양이 사료 추천 좀. 신장 안 좋은 애라 처방식 먹어야 하는데": the pet the turn shops for is
    "애", and its weak organ is a health fact of the user's cat (pinned by ``health``). Only when
    the turn names the pet's kind with what is bought for it, and nobody else's."""
    turn_text = quoted_removed(turn_text)
    kind = _PET_KIND.search(turn_text)
    m = _AILING.search(turn_text)
    if kind is None or m is None or "?" in turn_text[m.end():m.end() + 30] \
            or re.search(r"친구|지인|동료|이웃|옆집|[가-힣]+네\s", turn_text[:kind.start()]):
        return []
    noun, body = re.sub(r"\s+", "", kind.group("noun")), m.group("body")
    if any(noun in s and body in s for s in said):
        return []
    state = _STATE[re.sub(r"\s+", "", m.group("state"))]
    topic = "은" if has_batchim(noun) else "는"
    subject = "이" if has_batchim(body) else "가"
    return [(Hit(content=f"사용자의 {noun}{topic} {body}{subject} {state}", family="pet",
                 type=MemoryType.FACT, category="context", tags=("pet", "health"),
                 confidence=0.75), "ko")]
