"""What a change makes outdated (issue 16): the old value a memory of a change names.

A change is often said with its old value in the same sentence: "수영을 아침 6시에서 저녁 8시
반으로 바꿨어요", "이사 화요일 아니고 목요일이에요", "the doctor raised my levothyroxine from
50 to 75 mcg", "Sergio eats mustard greens, not collards". Stored as said, the newest memory
names both values, and ``context()`` shows the old one beside the new as if both held — the
reader cannot tell which is current. So the memory of a change states the new value only, and
keeps the old one as ``metadata.previously``: ``context()`` prints it as past ("(이전에는 아침
6시)", "(previously 50)": ``context.assemble``), so nothing is lost and nothing reads as current twice. (The same
rule as ``old_words.without_old``, which rewords a change when reconciliation found the memory
it replaces; this one needs no stored memory: the sentence itself says which value is old.)

The shapes are closed and structural, in both languages:

* **from → to** — Korean ``X에서 Y(으)로 <change verb>`` (바꾸다, 바뀌다, 옮기다, 올리다,
  내리다, 줄이다, 늘리다, 갈아타다, 이사/이직/전학/발령/변경/조정 하다); English
  ``<change verb> … from X to Y`` (switched, moved, changed, raised, lowered, upped, bumped,
  increased, reduced, cut, went, transferred);
* **left X for Y** — Korean ``X(을) 끊고/정리하고/그만두고/관두고/접고/팔고 Y(으)로 <change
  verb>``;
* **not X but Y** — Korean ``X 아니고 Y``, ``X(이/가) 아니라 Y``, ``X 말고 Y``, ``X 대신 Y``;
  English ``Y instead of X``, ``Y, not X`` (at a clause's end).

``distinctive(old)`` says whether the old value names a thing (a drug, a town, an app, a
language) rather than a time, a weekday or a number: only such a value dates the archived
turns that mention it past (``reword_plan`` hands it to the session-end marking), since "6시"
or "Thursday" would match unrelated turns. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from gieok.domain.records import Layer, MemoryRecord, content_hash
from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract import shift
from gieok.write.extract.health import is_medicine
from gieok.write.extract.new_value import dosed_name
from gieok.write.extract.shift import EN_CHANGE_VERB, KO_CHANGE_VERB
from gieok.write.restating import _WORD, _stem

_KO_VERB = KO_CHANGE_VERB  # one vocabulary of change verbs (``shift``)
# a time of day or a frequency said before the old value: part of it ("아침 6시에서")
_KO_TIME_WORD = r"(?:아침|저녁|오전|오후|새벽|밤|낮|매일|매주|하루|주|일주일에|한\s?달에)"
_KO_FROM_TO = re.compile(
    rf"(?P<old>(?:{_KO_TIME_WORD}\s)?[^\s,.()]+?)에서\s(?P<new>(?:[^\s,.]+\s){{0,3}}?[^\s,.]+?)"
    rf"(?:으로|로)\s?{_KO_VERB}")
# "X 끊고 Y로 바꿨다", "X 정리하고 이제 Y로 이사했다": the thing left, then where the change went
_PARTICLE_END = "은는이가을를에의도로와과랑"
_KO_LEFT_TO = re.compile(
    rf"(?P<old>(?:[^\s,.()]+\s)?[^\s,.()]+?)(?:을|를)?\s(?:끊고|정리하고|그만두고|관두고|접고|팔고)\s"
    rf"(?P<new>(?:[^\s,.]+\s){{0,3}}?[^\s,.]+?)(?:으로|로)\s?{_KO_VERB}")
# "X 아니고 Y", "X가 아니라 Y", "X 말고 Y", "X 대신 Y": X is one word (a particle may be glued)
_KO_NOT = re.compile(r"(?<![^\s,(])(?P<word>[^\s,.()]+)\s(?P<cue>아니고|아니라|말고|대신)\s(?=\S)")
# pronouns and fillers that are not a value ("그게 아니고", "이거 말고")
_KO_NOT_VALUE = frozenset("그게 그건 그거 이게 이건 이거 저거 저게 내가 제가 나 저 그 이 그냥 사실 "
                          "뭐 아 아니 그런".split())
_EN_VERB = EN_CHANGE_VERB
_EN_FROM_TO = re.compile(
    rf"\b{_EN_VERB}\b(?:\s+[\w'’./-]+){{0,5}}?(?P<span>\s+from\s+(?P<old>[\w'’./-]+(?:\s+[\w'’./-]+)"
    r"{0,2}?))\s+to\s+\S", re.IGNORECASE)
_EN_INSTEAD = re.compile(r"(?P<span>,?\s+instead\s+of\s+(?P<old>[\w'’./-]+(?:\s+[\w'’./-]+){0,2}?))"
                         r"(?=\s*(?:[,.;!?)]|$|\s+(?:now|because|since|so|and)\b))", re.IGNORECASE)
_EN_NOT = re.compile(r"(?P<span>,\s+not\s+(?:the\s+|a\s+)?(?P<old>[\w'’./-]+(?:\s+[\w'’./-]+){0,2}?))"
                     r"(?=\s*(?:[,.;!?)]|$))", re.IGNORECASE)
_EN_NOT_VALUE = frozenset("really sure yet now that this it me them sure quite always ever".split())
_EN_TO_FROM = re.compile(
    rf"\b{_EN_VERB}\b(?:\s+[\w'’./-]+){{0,5}}?\s+to\s+[\w'’./-]+(?:\s+[\w'’./-]+){{0,2}}?"
    r"(?P<span>\s+from\s+(?P<old>[\w'’./-]+(?:\s+[\w'’./-]+){0,2}?))(?=\s*(?:[,.;!?)]|$))",
    re.IGNORECASE)
_STARTS = re.compile(r"(?:next|this|last|tomorrow|today|now|then|the|mid|early|late|\d|"
                     r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
                     r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)", re.IGNORECASE)
# "not X" / "X 아니고" says a value does not hold; it says the value *changed* (or was
# misstated) only beside a word of change or correction — "the nurse, not a doctor" said
# fresh is no earlier value
_CUE = re.compile(r"\b(?:now|actually|meant|sorry|oops|correction|chang\w*|switch\w*|mov\w*|"
                  r"instead|no\s+longer|any\s?more|typo|autocorrect|wait|updat\w*)\b|"
                  r"이제|정정|잘못|실수|오타|바꿨|바꿈|바꾸|바뀌|바뀜|바뀐|옮겼|옮김|옮기|갈아|변경|"
                  r"더\s?이상|취소|이직|이사", re.IGNORECASE)

# words that say when or how often, never which thing: a value made of these alone is not
# distinctive enough to date other turns by
_WHEN_WORDS = re.compile(
    r"^(?:\d+[\d.:/]*\s?(?:mg|mcg|g|kg|km|ml|시|분|반|시간|일|주|달|개월|년|알|번|회|정|단|급|"
    r"am|pm|h|x|%|st|nd|rd|th)?|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mornings?|evenings?|nights?|weekends?|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|daily|weekly|"
    r"[월화수목금토일]요일|아침|저녁|오전|오후|새벽|밤|낮|매일|매주|하루|주말|평일|"
    r"반|두|세|네|한|다섯|여섯|일곱|여덟|아홉|열|번|알|시|분|[가-힣]?요일)$", re.IGNORECASE)


@dataclass(frozen=True)
class Outdated:
    """A memory of a change, reworded: ``content`` states the new value only; ``previous``
    is the old value it named."""

    content: str
    previous: str


def _tidy(text: str) -> str:
    text = re.sub(r"\s{2,}", " ", text)
    return re.sub(r"\s+([,.;!?])", r"\1", text).strip()


def _thing(word: str) -> bool:
    """An English word after "not" that names a value (a name, a plural, a number, several
    words) rather than a degree ("fine, not great")."""
    return word[:1].isupper() or word.endswith("s") or any(c.isdigit() for c in word) \
        or " " in word


def reword(content: str, said: str = "") -> Outdated | None:
    """``content`` without the old value a change names, and that value; ``None`` when the
    sentence names no old value in a known shape (or only a pronoun: "그게 아니고"). A
    "not X" shape counts only beside a word of change or correction in ``content`` or in
    ``said`` (the turn it came from: "oops, …", "정정할게요")."""
    m = _KO_FROM_TO.search(content)
    if m is not None and m.group("old") not in _KO_NOT_VALUE:
        return Outdated(_tidy(content[:m.start("old")] + content[m.start("new"):]), m.group("old"))
    m = _KO_LEFT_TO.search(content)
    if m is not None:
        words = m.group("old").split()
        if len(words) == 2 and (words[0][-1] in _PARTICLE_END or words[0] in _KO_NOT_VALUE):
            words = words[1:]  # "의사가 metformin 끊고": the subject is not what was left
        if words and words[-1] not in _KO_NOT_VALUE:
            start = m.end("old") - len(" ".join(words))
            return Outdated(_tidy(content[:start] + content[m.start("new"):]), " ".join(words))
    for pattern in (_EN_FROM_TO, _EN_TO_FROM):
        m = pattern.search(content)
        if m is None or (pattern is _EN_TO_FROM and _STARTS.match(m.group("old"))):
            continue  # "moving to day shift from november": when it starts, not what it was
        if m.group("old").casefold() not in _EN_NOT_VALUE:
            return Outdated(_tidy(content[:m.start("span")] + content[m.end("span"):]),
                            m.group("old").strip(" '’"))
    if _CUE.search(content) is None and _CUE.search(said) is None:
        return None
    m = _KO_NOT.search(content)
    if m is not None and m.group("word") not in _KO_NOT_VALUE:
        word = m.group("word")
        if m.group("cue").startswith("아니") and len(word) > 2 and word[-1] in "이가":
            word = word[:-1]  # "2알이 아니라": the subject particle; "요가 아니고" keeps its 가
        return Outdated(_tidy(content[:m.start()] + content[m.end():]), word)
    for pattern in (_EN_INSTEAD, _EN_NOT):
        m = pattern.search(content)
        if m is None:
            continue
        old = m.group("old").strip(" '’")
        if not old or old.casefold() in _EN_NOT_VALUE or not _thing(old):
            continue
        return Outdated(_tidy(content[:m.start("span")] + content[m.end("span"):]), old)
    return None


def distinctive(old: str) -> bool:
    """Whether ``old`` names a thing a turn could be matched on: not a time, a weekday, a
    count or a dose number alone ("아침 6시", "Thursdays", "50", "2알")."""
    words = [w for w in re.split(r"\s+", old.strip()) if w]
    return bool(words) and not all(_WHEN_WORDS.match(w) for w in words) and len(old) >= 2


class _PlanLike(Protocol):
    creates: list[MemoryRecord]
    decisions: list
    left: list


def reword_plan(plan: _PlanLike,
                when: Callable[[MemoryRecord], datetime] = lambda r: r.valid_from or r.event_time
                ) -> None:
    """Reword each long-term memory a reconciliation plan creates that names the old value of
    a change (after the decisions, which read that value to find what the change replaces),
    keep the value as ``metadata.previously``, and hand a distinctive one to the session-end
    marking (``plan.left``): the archived turns naming it before the change are dated past."""
    for i, record in enumerate(plan.creates):
        if record.layer is not Layer.LONG_TERM or record.superseded_at is not None \
                or record.metadata.get("previously"):
            continue
        said = reword(record.content, record.source_preview or "")
        if said is None or len(said.content) < 4:
            continue
        after = record.model_copy(update={
            "content": said.content, "content_hash": content_hash(said.content),
            "metadata": {**record.metadata, "previously": said.previous}})
        plan.creates[i] = after
        for d in plan.decisions:
            if d.memory.id == record.id:
                d.memory = after
        if distinctive(said.previous):
            plan.left.append((said.previous, when(after)))


# -- what a memory that ends another says of it ----------------------------------------------------


def left_names(gone: list[MemoryRecord], why: str) -> list[str]:
    """The medicine a switch left ("아토르바스타틴" for "약 바꿨어요. 이제 로수바스타틴"): the
    archived turns that name it are dated past at the session's end, as for a thing the user
    said they left."""
    if why != "switched to another medicine":  # (contrast.SWITCHED)
        return []
    return [n for r in gone if (n := dosed_name(r.content) or next(
        (w for w in _WORD.findall(r.content) if len(w) >= 4 and is_medicine(w)), None))]


def event_in_full(content: str, gone: list[MemoryRecord]) -> str:
    """``content`` with an event said by its last syllable ("식을 내년 4월로 미뤘다") named as
    the memory it moved names it ("결혼식 10월 17일로 잡았다" → "결혼식을 내년 4월로 미뤘다"):
    alone, the new date would not say what moved."""
    for said in shift.shifts(content):
        if said.kind == "rescheduled" and not said.anchor and len(gone) == 1:
            # "they moved me up to march 2": the one dated plan, at its new date
            from gieok.write.partial import redated

            return redated(gone[0].content, content) or content
        if said.kind != "rescheduled" or len(said.anchor) != 1 or not _HANGUL.match(said.anchor):
            continue
        full = next((_stem(w) for r in gone for w in re.findall(r"[가-힣]+", r.content)
                     if len(_stem(w)) > 1 and _stem(w).endswith(said.anchor)), None)
        if full is not None:
            return re.sub(rf"(?<![가-힣]){said.anchor}(?=(?:을|를|은|는|이|가|도)?\s)", full, content,
                          count=1)
    return content

