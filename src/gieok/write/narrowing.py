"""A condition narrowed to one member of what it covered (issue 16): "서윤이 알레르기 검사 다시
했는데 호두만 남았대요! 다른 견과류는 괜찮대요" after "서윤이가 견과류 알레르기가 있어요"; "retested
— turns out she's only allergic to walnuts now, the other nuts are fine".

Why: the news names neither a change verb nor the old value's words — it names a member
(호두) of the class the stored allergy covers (견과류) and says it is all that is left. Nothing
read that as a change, so the whole nut allergy stayed a core fact beside a second pinned
memory ("사용자는 서윤이 알레르기 검사 다시 했는데 호두만 남았다"), and context() told the
assistant to avoid every nut.

The reading has two parts, both needed:

* the sentence says one thing is all that remains (``kept``): "X만 남았다 / X만 있대 / X 알레르기만",
  "X 빼고 (다) 괜찮대", "only X (now)", "everything but X" — and may name the class whose other
  members are fine ("다른 견과류는 괜찮대요", "the other nuts are fine");
* a stored allergy (or intolerance) memory of the same holder names a class that X belongs to
  (a closed list of allergen classes: nuts, shellfish, seafood, fish, dairy, fruit, grains).

Then the stored memory is superseded by itself narrowed: the class word replaced by X ("견과류
알레르기가 있다" → "호두 알레르기만 있다"), the class said to be fine otherwise, still pinned (it is
still an allergy); the old memory is history, and the sentence is not kept as a second memory.
A member said alone with no stored class ("호두만 남았대" with nothing stored), a member of
another class ("새우만 남았대" after a nut allergy), or "only" of something else ("only two
left") changes nothing. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from gieok.domain.records import MemoryRecord, MemoryType, content_hash
from gieok.write.extract import changes
from gieok.write.extract.base import Candidate
from gieok.write.plan import Plan, Pool, narrowed, supersede

# allergen classes: (the class's spellings, its members' spellings), Korean and English
_CLASSES: tuple[tuple[tuple[str, ...], frozenset[str]], ...] = (
    (("견과류", "견과", "tree nuts", "tree nut", "nuts", "nut"), frozenset(
        "호두 땅콩 아몬드 캐슈넛 캐슈 피스타치오 마카다미아 피칸 헤이즐넛 잣 walnut walnuts peanut "
        "peanuts almond almonds cashew cashews pistachio pistachios macadamia macadamias pecan "
        "pecans hazelnut hazelnuts".split())),
    (("갑각류", "shellfish", "crustaceans", "crustacean"), frozenset(
        "새우 게 꽃게 대게 랍스터 가재 shrimp shrimps prawn prawns crab crabs lobster lobsters "
        "crayfish".split())),
    (("해산물", "해물", "seafood"), frozenset(
        "새우 게 꽃게 대게 랍스터 조개 굴 홍합 오징어 문어 전복 가리비 shrimp prawns crab lobster "
        "clams clam oysters oyster mussels squid octopus scallops".split())),
    (("생선", "fish"), frozenset(
        "고등어 연어 참치 갈치 대구 삼치 mackerel salmon tuna cod".split())),
    (("유제품", "dairy"), frozenset(
        "우유 치즈 버터 요거트 요구르트 milk cheese butter yogurt yoghurt".split())),
    (("과일", "fruit", "fruits"), frozenset(
        "복숭아 사과 키위 딸기 망고 바나나 체리 peach peaches apple apples kiwi strawberry "
        "strawberries mango banana cherries".split())),
    (("곡물", "grains"), frozenset("밀 메밀 보리 wheat buckwheat barley".split())),
)
_FINE_KO = r"(?:괜찮|먹어도|먹을\s?수\s?있|문제\s?없|음성|안전)"
_ONLY_KO = re.compile(
    r"(?P<x>[가-힣]+?)\s?(?:알레르기|알러지)?(?:하나)?만\s?(?:남았|남음|남아|나왔|양성|반응|있|"
    r"안\s?(?:돼|되|된)|조심|피하|주의|알레르기|알러지)")
_EXCEPT_KO = re.compile(
    rf"(?P<x>[가-힣]+?)\s?(?:알레르기|알러지)?\s?(?:빼고|말고|제외하고|외에는|외엔|빼면)\s?(?:는|은)?\s?"
    rf"(?:다|나머지(?:는|도)?|전부|모두)?\s?{_FINE_KO}")
_OTHERS_KO = re.compile(
    rf"(?:다른|나머지)\s?(?P<c>[가-힣]+?)(?:들)?(?:은|는|도)?\s?(?:다\s?|전부\s?|모두\s?)?{_FINE_KO}")
_ONLY_EN = re.compile(
    r"\bonly\s+(?:allergic\s+to\s+|reacts?\s+to\s+)?(?P<x>[a-z]+)\b|"
    r"\b(?:just|only)\s+(?P<y>[a-z]+)\s+(?:now|left|anymore|any\s+more)\b|"
    r"\b(?:everything|all|anything)\s+(?:but|except(?:\s+for)?)\s+(?P<z>[a-z]+)\b", re.IGNORECASE)
_OTHERS_EN = re.compile(
    r"\b(?:the\s+)?(?:other|rest\s+of\s+the)\s+(?P<c>[a-z]+(?:\s+nuts)?)\s+(?:are|is|were|came\s+back)\s+"
    r"(?:fine|ok(?:ay)?|safe|negative|clear)\b", re.IGNORECASE)
_ALLERGY = re.compile(r"알레르기|알러지|allerg|intoleran|못\s?먹|먹으면\s?안", re.IGNORECASE)


@dataclass(frozen=True)
class Narrowing:
    """What remains (``kept``, a member as said) and the class said fine otherwise (or None)."""

    kept: str
    of: str | None


def narrowing(text: str) -> Narrowing | None:
    """The narrowing ``text`` says, when it says one thing is all that remains."""
    for pattern in (_ONLY_KO, _EXCEPT_KO):
        m = pattern.search(text)
        if m is not None and _member_of(m.group("x")) is not None:
            others = _OTHERS_KO.search(text)
            return Narrowing(m.group("x"), others.group("c") if others else None)
    for m in _ONLY_EN.finditer(text):
        kept = (m.group("x") or m.group("y") or m.group("z") or "").casefold()
        if _member_of(kept) is not None:
            others = _OTHERS_EN.search(text)
            return Narrowing(kept, others.group("c").casefold() if others else None)
    return None


def _member_of(word: str) -> tuple[str, ...] | None:
    return next((names for names, members in _CLASSES if word.casefold() in members), None)


def _class_in(content: str, kept: str) -> str | None:
    """The spelling of a class ``kept`` belongs to that ``content`` names, longest first."""
    low = content.casefold()
    for names, members in _CLASSES:
        if kept.casefold() not in members:
            continue
        for name in sorted(names, key=len, reverse=True):
            if re.search(r"[가-힣]", name):
                if name in content and not re.search(rf"{name}(?:[가-힣]*)?\s?(?:말고|빼고)", content):
                    return name
            elif re.search(rf"(?<![a-z]){re.escape(name)}(?![a-z])", low):
                return name
    return None


def reworded(content: str, kept: str, klass: str) -> str:
    """``content`` (a stored allergy memory naming ``klass``) narrowed to ``kept``."""
    if re.search(r"[가-힣]", klass):
        out, n = re.subn(rf"{klass}\s?(알레르기|알러지)(?:가|이|는|도)?(?=\s|$)",
                         lambda m: f"{kept} {m.group(1)}만", content)
        if not n:
            out = content.replace(klass, kept)
        particle = "은" if _batchim(klass) else "는"
        return f"{out} (다른 {klass}{particle} 괜찮다)"
    out = re.sub(rf"(?<![a-z]){re.escape(klass)}(?![a-z])", kept, content, flags=re.IGNORECASE)
    plural = klass if klass.endswith("s") else f"{klass}s"
    return f"{out} (other {plural} are fine)"


def _batchim(word: str) -> bool:
    last = word[-1]
    return "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 != 0


def narrowed_records(said: str, new: MemoryRecord,
                     records: Iterable[MemoryRecord], created: set[str]) -> list[
                         tuple[MemoryRecord, str]]:
    """The stored allergy memories ``said`` (the user's turn) narrows, each with its narrowed
    wording — of the holder the sentence is about: when several memories name the class, those
    naming a word the turn names too ("서윤이"), else none."""
    n = narrowing(said)
    if n is None:
        return []
    found = []
    for r in records:
        if r.id in created or r.layer is not new.layer or r.type is MemoryType.RULE \
                or not _ALLERGY.search(r.content):
            continue
        klass = _class_in(r.content, n.kept)
        if klass is None or (n.of is not None and _member_of(n.kept) != _member_of_class(n.of)
                             and n.of.casefold() != klass.casefold()):
            continue
        kin_said, kin_held = changes.who(said), changes.who(r.content)
        if kin_said and kin_held and not kin_said & kin_held:
            continue  # "딸 …" narrows the daughter's allergy, not the husband's
        found.append((r, reworded(r.content, n.kept, klass)))
    if len(found) > 1:  # the holder: a name or word of the memory the turn says too
        shared = [(r, text) for r, text in found
                  if (_words(r.content) - _GENERIC) & _words(said)]
        return shared
    return found


def _member_of_class(word: str) -> tuple[str, ...] | None:
    return next((names for names, _ in _CLASSES if word.casefold() in names), None)


def _words(text: str) -> set[str]:
    """Words of two or more Hangul syllables (their first two: "서윤이가" → 서윤) or Latin
    letters — enough to tell whose memory the turn names."""
    return {w[:2].casefold() for w in re.findall(r"[가-힣]{2,}|[A-Za-z]{3,}", text)}


# words every allergy memory says: never what tells two holders apart
_GENERIC = _words("사용자 사용자의 알레르기 알러지 User user allergic allergy has have 있다 있음") | {
    w for names, _ in _CLASSES for name in names for w in _words(name)}


def narrow(c: Candidate, new: MemoryRecord, pool: Pool, plan: Plan, now: datetime) -> bool:
    """Supersede each stored allergy memory the candidate's turn narrows with itself narrowed
    (still pinned; the old one is history); the candidate's own wording is not kept (False
    when the turn narrows none)."""
    said = f"{c.preview or ''} {new.content}"
    found = narrowed_records(said, new, pool.records.values(), pool.created)
    for old, content in found:
        record = narrowed(old, content, new, now).model_copy(update={
            "content_hash": content_hash(content),
            "source_turn_ids": list(dict.fromkeys([*old.source_turn_ids,
                                                   *new.source_turn_ids]))})
        supersede(plan, pool, [old], record, now, "narrowed to one thing it covered")
    return bool(found)
