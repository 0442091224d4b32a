"""What the user is in the middle of making or running (W3, project family), said the Korean
way: "학부 2학년 전공 '재료역학' 강의계획서를 만드는 중입니다", "우리 카페 리브랜딩 작업 중인데",
"요즘 웹툰 연재 준비하고 있어요".

Korean marks an undertaking by its aspect, not by its object: the bound noun 중 ("in the
middle of") after a verb of making, preparing or running ("만드는 중", "준비하는 중") or right
after the action noun itself ("작업 중", "개발 중"), or the progressive "-고 있다" after one of
those verbs. The object is an open class (a syllabus, a fan account, a rebrand); the verbs
are a closed class of making and running. The memory is the user's own clause in the plain
form, up to the predicate ("사용자는 … 강의계획서를 만드는 중이다"), so the details said in the
next sentences ("교재는 …") go on it; whatever follows the clause (a request) is left out.

Not an undertaking: a moment ("지금 저녁 준비 중", "오늘 이사 준비하는 중") — a time word of
today or a chore as the object; someone else's ("친구가 앱 개발 중"): a subject other than the
user; a question or a negation.
"""

from __future__ import annotations

import re

from gieok.write.extract import korean
from gieok.write.extract.base import Hit, Rule, RuleContext

# verbs of making, preparing, writing and running (stems as Kiwi gives them, or noun + 하)
_MAKING = frozenset({"만들", "짓", "쓰", "짜", "그리", "모으", "키우"})
_ACTION_NOUNS = frozenset({"작업", "준비", "제작", "개발", "기획", "운영", "연구", "집필", "작성",
                           "번역", "편집", "디자인", "리브랜딩", "리모델링", "연재", "촬영", "녹음",
                           "창업", "정리", "설계", "구축", "공부"})
# a moment or a chore, not an undertaking; nor the chat's own errand, a plan or a list drawn up
# with the assistant ("새해 목표 세우는 중", "김장 계획 짜는 중", "연말 파티 메뉴 짜는 중"; a
# business plan, 사업 계획서, is a work)
_MOMENT = re.compile(r"지금|오늘|방금|이따|잠깐|아까|내일|저녁|점심|아침|밥|식사|요리|출근|퇴근|외출|"
                     r"샤워|청소|빨래|설거지|이사|짐|잠|숙제|"
                     r"(?:계획(?!서)|목표|루틴|일정|식단|메뉴|시간표|동선)\s?(?:을|를)?\s?(?:짜|세우)")
_SELF = frozenset({"나", "저", "우리", "저희"})


def undertaking(sentence: str) -> str | None:
    """The user's ongoing undertaking said in ``sentence``, as a memory, or None."""
    toks = korean.tokens(sentence)
    end = _predicate_end(toks)
    if end is None:
        return None
    clause = sentence[:end].strip()
    if _MOMENT.search(clause) or korean.negated(toks) or sentence.rstrip().endswith("?"):
        return None
    head = [t for t in toks if t.end <= end]
    if any(t.tag in ("JKS", "JX") and i and head[i - 1].tag in ("NNG", "NNP", "NP")
           and head[i - 1].form not in _SELF and t.form not in ("도", "만")
           and not (t.tag == "JX" and _object_topic(head, i))
           for i, t in enumerate(head)):
        return None  # "친구가 앱 개발 중": someone else's
    title = _TITLE.search(sentence, end)
    memory = korean.to_memory(clause)
    # "졸업작품 Unity로 만드는 중, 2D 플랫포머고 제목은 '반딧불 숲'": the name the work goes by,
    # said after the clause, is the very thing the user will ask about later
    return f"{memory} (제목: {title.group('t').strip()})" if memory and title else memory


# the work's name said after the clause: quoted, or up to its copula
_TITLE = re.compile(r"(?:이름|제목|타이틀)\s?(?:은|는|이|가)\s?(?P<t>['\"‘“][^'\"’”]{1,40}['\"’”]|"
                    r"[^\s,.!?]+(?:\s[^\s,.!?]+){0,3}?(?=(?:이에요|예요|에요|이야|입니다|이고|인데|임)"
                    r"(?:$|[\s,.!?~])))")


def _object_topic(head: list[korean.Token], i: int) -> bool:
    """"교재는 …", "앱은 …": a topic that is what is made, not who makes it (a topic in the
    middle of the clause, after the first word)."""
    return i > 1


def _predicate_end(toks: list[korean.Token]) -> int | None:
    """Where the clause "… 만드는 중이다" / "… 작업 중" / "… 준비하고 있다" ends (the end of the
    word that carries the aspect), or None when the sentence has no undertaking."""
    for i, t in enumerate(toks):
        if t.form != "중" or t.tag not in ("NNB", "NNG"):
            continue
        before = toks[i - 1] if i else None
        if before is None:
            continue
        made = before.tag == "ETM" and i > 1 and _making(toks, i - 2)
        named = before.tag == "NNG" and before.form in _ACTION_NOUNS
        if made or named:
            return _word_end(toks, i)
    for i, t in enumerate(toks[1:], 1):
        if t.tag == "XSV" and toks[i - 1].form == "운영" and i > 1:
            return _word_end(toks, i)  # "팬계정 운영하는데": running it is lasting
    for i, t in enumerate(toks[1:-1], 1):
        if t.tag == "EC" and t.form == "고" and toks[i + 1].tag == "VX" \
                and toks[i + 1].form == "있" and _making(toks, i - 1):
            return _word_end(toks, i + 1)
    return None


def _making(toks: list[korean.Token], i: int) -> bool:
    t = toks[i]
    if t.tag.startswith(("VV", "VX")) and t.form in _MAKING:
        return True
    return t.tag == "XSV" and i > 0 and toks[i - 1].form in _ACTION_NOUNS


def _word_end(toks: list[korean.Token], i: int) -> int:
    """Where the predicate word ends: "중" with its copula and ending ("중입니다", "중인데"),
    up to the next space or punctuation (Kiwi's offsets overlap inside a contracted ending)."""
    end = toks[i].end
    for t in toks[i + 1:]:
        if t.start > end or t.tag in ("SF", "SP", "SW", "SS", "SE"):
            break
        end = max(end, t.end)
    return end


def _build(match: re.Match[str], ctx: RuleContext) -> Hit | None:
    content = undertaking(ctx.sentence)
    if not content:
        return None
    return Hit(content=content, family="project", category="context", tags=("project",),
               confidence=0.75)


RULES_KO = [Rule("ko.project.undertaking", re.compile(r"^(?=.*(?:중|있|운영))"), _build)]
