"""A question of the assistant's that only puts forward something of its own ("Too sad?",
"A sunken temple with a lizardfolk shaman?", "평일 여행, 취미 클래스, 늦잠?"): the reply takes it up
or not and says nothing of the user (issue 16). Split out of ``followup``, which asks it of
every question an answer follows."""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract import korean

# a Korean wh-word: the question asks something (shared with ``followup``)
KO_WH = re.compile(r"뭐|뭘|무엇|무슨|어디|어느|언제|누구|누가|몇|어떤|얼마|왜|어떻게")


# what makes an English question ask about someone: "you", a wh-word, a verb, or a choice
_EN_ASKING = re.compile(
    r"\b(?:you|your|yours|yourself|u|ur|what|which|how|where|when|who|whose|why|or|is|are|was|"
    r"were|am|do|does|did|have|has|had|can|could|will|would|should|shall|may|might|must)\b|"
    r"['’](?:s|re|ve|d|ll)\b", re.IGNORECASE)


def proposes(question: str) -> bool:
    """The assistant's question only puts forward something of its own, with no verb, no
    "you", no wh-word and no choice in it ("Too sad?", "A sunken temple with a lizardfolk
    shaman and a hydra at the end?", "평일 여행, 취미 클래스, 늦잠?"): the reply ("hydra
    yesss", "perfect actually", "늦잠 1순위") takes it up or not, and says nothing of the user.
    "How old?", "Dog or cat?", "And your daughter?", "견종은요?" ask about the user's life."""
    q = question.strip()
    if not q.endswith(("?", "？")):
        return False
    if not _HANGUL.search(q):  # (an elliptical "Any allergies?", "Kids?" still asks)
        return _EN_PROPOSED.match(q) is not None and _EN_ASKING.search(q) is None
    if KO_WH.search(q) or "," not in q:
        return False  # (a Korean list of the assistant's ideas is said with commas)
    toks = korean.tokens(q)
    return not any(t.tag.startswith(("VV", "VA", "VX", "VCP", "XSV", "XSA", "EF", "EC", "JX"))
                   or t.form in ("요", "세요") or t.form in _ATTRIBUTES_KO for t in toks)


# how a proposal opens: a thing put forward ("A sunken temple …?"), a degree of what was just
# written ("Too sad?"), a suggestion ("Maybe a hydra?")
_EN_PROPOSED = re.compile(r"^(?:a|an|the|too|maybe|perhaps|something|another|one\s+more|more|less)\b",
                          re.IGNORECASE)
# what a list asks for about someone ("이름, 나이, 견종?"): not a list of ideas
_ATTRIBUTES_KO = frozenset("이름 나이 성별 견종 묘종 품종 종류 몸무게 체중 키 직업 학년 전공 지역 주소 "
                           "생일 혈액형 병력 증상 기간 예산 인원 날짜 시간 사이즈 치수".split())
