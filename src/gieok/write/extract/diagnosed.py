"""A diagnosis reported through the doctor's or the vet's words, in Korean (issue 16): "수의사
선생님이 우리 보리 슬개골 탈구 2기래요", "의사 선생님이 저 고혈압이래요", "병원에서 나 당뇨 전단계래".

Why: hearsay is dropped as someone else's words unless ``health.medical_report`` reads it, and
the sentence rules then need the holder in a form they know — "의사 선생님이" (the honorific
선생님 reads as another person) and a pet named for the first time ("우리 보리") stored nothing.
Yet the finding is the user's (or their pet's or relative's), pinned, and the one who said it
is only the source. So the whole turn is read (like ``housing_cost``): a clinician as the
subject (의사, 수의사, 한의사, 주치의, 선생님 after 의사/수의사, 병원에서), then whose finding it
is (the user: 저/나 or no one; "우리 X": a relative by the family word, else — when the vet
says it — a pet), then a finding that names a condition, ended by the reported copula
("-래요", "-이래", "-라고 하셨어요") or "X 있대요". Never a question, a condition the clinician
rules out ("아니래요"), a friend's or colleague's word, or a finding already stored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit
from gieok.write.extract.discourse import split_sentences
from gieok.write.extract.health import health_related
from gieok.write.extract.korean import FAMILY_KO, PETS_KO
from gieok.write.normalize import has_batchim

_SOURCE = (r"(?P<src>(?:담당\s?)?(?:수의사|의사|한의사|주치의)(?:\s?선생님)?|병원|동물\s?병원|검사\s?결과)"
           r"(?:이|가|께서|에서|에서도|에선|상)\s")
_HOLDER = (rf"(?:(?P<self>저|나|제가|내가|저는|나는)\s|(?:우리|울)\s(?P<other>{FAMILY_KO}|{PETS_KO}|"
           r"[가-힣]{1,4}?)(?:이|가|는|은)?\s)?")
_SAID = re.compile(
    rf"^(?:(?:근데|그리고|오늘|어제|결국|아|참)\s)*{_SOURCE}{_HOLDER}"
    r"(?P<f>[^\s?]+(?:\s[^\s?]+){0,4}?)"
    r"(?:(?:이)?래요|(?:이)?래|(?:이)?라고\s?(?:하셨어요|하셨어|했어요|했어|하더라고요|하더라|하네요|함)|"
    r"(?P<has>(?:이|가)?\s?있대요|(?:이|가)?\s?있대))(?=[\s.!~ㅠㅜ]|$)")
_RULED_OUT = re.compile(r"아니|없|괜찮|정상|문제\s?없")


def reported(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """The finding a clinician reported of the user, a relative or a pet (see the module
    docstring), unless ``stored`` already holds it."""
    out: list[tuple[Hit, str]] = []
    for sentence in split_sentences(turn_text):
        text = sentence.strip()
        if "?" in text:
            continue
        m = _SAID.match(text)
        if m is None:
            continue
        finding = m.group("f").strip()
        if not health_related(finding) or _RULED_OUT.search(finding):
            continue
        if any(finding in s and not garbled(s) for s in stored):
            continue  # (one that kept the clinician's words in the user's place is replaced)
        holder = _holder(m)
        if holder is None:
            continue
        if m.group("has"):
            said = f"{finding}{'이' if has_batchim(finding) else '가'} 있다"
        else:
            said = f"{finding}{'이다' if has_batchim(finding) else '다'}"
        source = re.sub(r"\s", " ", m.group("src"))
        content = f"{holder} {said} ({source} 소견)"
        out.append((Hit(content=content, family="health", type=MemoryType.FACT, category="context",
                        tags=("health",), confidence=0.85), "ko"))
    return out


def _holder(m: re.Match[str]) -> str | None:
    """Whose finding: "사용자는", "사용자의 딸은", "사용자의 반려동물 보리는"."""
    other = m.group("other")
    if other is None:
        return "사용자는"
    topic = "은" if has_batchim(other) else "는"
    if re.fullmatch(FAMILY_KO, other) or re.fullmatch(PETS_KO, other):
        return f"사용자의 {other}{topic}"
    if "수의사" in m.group("src") or "동물" in m.group("src"):
        return f"사용자의 반려동물 {other}{topic}"  # a name the vet speaks of is an animal's
    return None  # a name the doctor speaks of: whose, unknown


# a memory of the sentence that kept the clinician as its subject ("수의사가 사용자의 강아지 …",
# "사용자는 병원에서 나 당뇨 전단계다")
_GARBLED = re.compile(rf"^(?:사용자는\s)?{_SOURCE}")


def garbled(memory: str) -> bool:
    return _GARBLED.match(memory) is not None


def bare_of(bare: str, named: str) -> bool:
    """``bare`` is the same finding with the clinician left as its subject."""
    m = re.search(r" (?P<f>\S+(?: \S+)*?)(?:이다|다|이 있다|가 있다) \((?P<src>[^)]+) 소견\)$", named)
    return m is not None and garbled(bare) and m.group("f").split(" ")[-1] in bare
