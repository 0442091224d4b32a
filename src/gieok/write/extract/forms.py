"""Facts typed as a form: "goal this year: run a half marathon", "allergies: penicillin",
"목표: 올해 토익 900 넘기기", "복용약: 씬지로이드" (issue 16).

Users paste or type their details as ``label: value`` — filling a sign-up form, answering a
list of questions, making a note for themselves. Such a line has no verb for the sentence
rules to read, so nothing was stored from it (new-user trials: "goal this year: …" and
"목표: …" left no memory). This module reads a label that names something about a person
(their goals, allergies, medicines, diet, blood type, hobbies) and keeps its value as that
person's: the user's, or the relative's or pet's the label is said with ("my son's
allergies: peanuts"). Labels that could belong to anyone in a form someone else fills in
(name, age, address) are left to the rules that read whose they are.
"""

from __future__ import annotations

import re

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit, Rule, RuleContext

# label → (family, tags): what kind of fact its value is
_LABELS_EN: dict[str, tuple[str, tuple[str, ...]]] = {
    "goal": ("plan", ("goal",)), "goals": ("plan", ("goal",)),
    "resolution": ("plan", ("goal",)), "resolutions": ("plan", ("goal",)),
    "allergy": ("health", ("health", "allergy")), "allergies": ("health", ("health", "allergy")),
    "meds": ("health", ("health", "medication")), "medication": ("health", ("health", "medication")),
    "medications": ("health", ("health", "medication")),
    "current meds": ("health", ("health", "medication")),
    "conditions": ("health", ("health", "chronic")), "diagnosis": ("health", ("health", "chronic")),
    "diet": ("health", ("diet",)), "dietary restrictions": ("health", ("diet",)),
    "blood type": ("health", ("health",)),
    "hobbies": ("preference", ("hobby",)), "hobby": ("preference", ("hobby",)),
}
_LABELS_KO: dict[str, tuple[str, tuple[str, ...]]] = {
    "목표": ("plan", ("goal",)), "올해 목표": ("plan", ("goal",)), "새해 목표": ("plan", ("goal",)),
    "알레르기": ("health", ("health", "allergy")), "알러지": ("health", ("health", "allergy")),
    "복용약": ("health", ("health", "medication")), "복용 약": ("health", ("health", "medication")),
    "먹는 약": ("health", ("health", "medication")), "지병": ("health", ("health", "chronic")),
    "혈액형": ("health", ("health",)), "식단": ("health", ("diet",)),
    "취미": ("preference", ("hobby",)),
}
_WHEN_EN = (r"(?:\s+(?P<when>(?:this|for\s+the|for|in)\s+"
            r"(?:year|month|summer|spring|autumn|fall|winter|20\d\d)))?")
_OWNER_EN = (r"(?:(?:my|our)\s+(?:(?P<kin>son|daughter|kid|husband|wife|partner|mom|mum|dad|"
             r"cat|dog)['’]s\s+)?)?")


def _longest_first(labels: dict[str, tuple[str, tuple[str, ...]]]) -> str:
    """The labels as one alternation, longest first ("current meds" before "meds")."""
    return "|".join(sorted(map(re.escape, labels), key=len, reverse=True))


_LABEL_EN = re.compile(
    rf"(?:^|(?<=[\n/;|]))\s*{_OWNER_EN}(?P<label>(?i:{_longest_first(_LABELS_EN)})){_WHEN_EN}"
    r"\s*:\s*(?P<value>[^\n/;|?]{2,120}?)\s*(?=$|[\n/;|]|\s+(?:can|could|pls|please)\s)",
    re.IGNORECASE)
_LABEL_KO = re.compile(
    rf"(?:^|(?<=[\n/;|]))\s*(?:(?:내|제|나의|저의)\s+)?(?P<label>{_longest_first(_LABELS_KO)})"
    r"\s*:\s*(?P<value>[^\n/;|?]{2,120}?)\s*(?=$|[\n/;|])")
# a value that is itself a question or a blank to fill ("goal: ???", "allergies: none")
_EMPTY = re.compile(r"^(?:none|n/?a|nothing|no|nope|-+|\?+|없음|없어요?|무|x)\.?$", re.IGNORECASE)


def _build_en(m: re.Match[str], _ctx: RuleContext) -> Hit | None:
    value = m.group("value").strip(" .,!")
    label = m.group("label").lower()
    if _EMPTY.match(value) or not re.search(r"[A-Za-z0-9\uac00-\ud7a3]", value):
        return None
    family, tags = _LABELS_EN[label]
    owner = "User's " + (f"{m.group('kin').lower()}'s " if m.group("kin") else "")
    label_said = f"{label} {m.group('when')}" if m.group("when") else label
    return Hit(content=f"{owner}{label_said}: {value}", family=family, type=MemoryType.FACT,
               category="preference" if family == "preference" else "context",
               tags=tags, confidence=0.8)


def _build_ko(m: re.Match[str], _ctx: RuleContext) -> Hit | None:
    value = m.group("value").strip(" .,!")
    if _EMPTY.match(value):
        return None
    family, tags = _LABELS_KO[m.group("label")]
    return Hit(content=f"사용자의 {m.group('label')}: {value}", family=family,
               category="preference" if family == "preference" else "context",
               tags=tags, confidence=0.8)


RULES_EN: list[Rule] = [Rule("form_line", _LABEL_EN, _build_en)]
RULES_KO: list[Rule] = [Rule("form_line_ko", _LABEL_KO, _build_ko)]
