"""A passing health state said to be over ends the memory that states it (issue 16). Pure.

"my cat Mango has been throwing up a lot" is pinned as a core fact while it holds. Months later
"Mango's sensitivity is under control, no more vomiting", "보리 피부염 다 나았어", "ankle's all
healed" say it no longer does; kept beside it, the old state stayed pinned in every context()
as if current. Reconciliation first asks ``contrast.ended_or_replaced`` (a complaint over: "Luna
is fine now", "이제 괜찮아요", read by ``shift.recovered``); ``resolved_by`` reads what that
leaves — a condition by its name (피부염, an infection, a sprain) and "under control", "cleared
up", "완치" — and finds the stored memories such a sentence ends:

* the sentence says a state is over (``resolution``): healed, all better, cleared up, under
  control, recovered, no more <symptom>; 다 나았, 완치, 회복했, 괜찮아졌, 없어졌 — not asked, hoped,
  denied or not yet ("not healed yet", "아직 안 나았어", "낫길");
* the stored memory states a *passing* state (``_PASSING``: vomiting, a limp, a rash, an
  infection, a cold, a sprain; 구토, 설사, 피부염, 감기, 삐었) and nothing lasting (an allergy,
  diabetes, asthma, a heart condition: a core fact a remark about one symptom must never end);
* both are about the same one (the same family or pet words, or both the user's) and share a
  word beyond that: the name ("Mango", "보리") or the body part or condition ("ankle", "피부염");
  when the sentence names a condition, the stored memory names it too (Mango's limp healing does
  not end Mango's vomiting).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.write.extract import changes
from gieok.write.likeness import _WORD_KO_EN, _inside, _key

_SYMPTOM_EN = (r"throw(?:ing)?\s+up|vomit\w*|diarrh\w*|limp\w*|scratch\w*|itch\w*|rash\w*|"
               r"infect\w*|cold|flu|cough\w*|fever\w*|sprain\w*|strain\w*|pulled|injur\w*|"
               r"fractur\w*|broke|broken|sore|swollen|swelling|flare[- ]?up|upset\s+stomach|"
               r"hot\s+spots?|ear\s+mites|fleas|uti|conjunctivitis|pink\s+eye|bronchitis|"
               r"sinusitis|migraines?|tendinitis|stomach\s+bug")
_SYMPTOM_KO = (r"구토|토하|토해|토를|설사|절뚝|긁|가려|피부염|염증|감기|독감|기침|열이|몸살|삐었|삐끗|"
               r"접질|다쳤|다친|부러|골절|위염|장염|결막염|중이염|방광염|비염|두드러기|진드기|벼룩|"
               r"편도염|목감기|배탈")
_PASSING = re.compile(rf"\b(?:{_SYMPTOM_EN})\b|{_SYMPTOM_KO}", re.IGNORECASE)
# what a remark about one symptom must never end: a lasting condition, an allergy
_LASTING = re.compile(
    r"allerg|diabet|asthma|epilep|arthrit|thyroid|kidney|heart|cancer|chronic|coeliac|celiac|"
    r"crohn|colitis|hypertension|blood\s+pressure|insulin|pregnan|"
    r"알레르기|알러지|당뇨|천식|뇌전증|간질|관절염|갑상선|신장|심장|암\b|만성|고혈압|혈압|인슐린|임신",
    re.IGNORECASE)
_OVER_EN = re.compile(
    r"\b(?:is|'s|’s|are|'re|’re|was|got|been|feels?|feeling)\s+(?:all\s+|totally\s+|completely\s+|"
    r"fully\s+|finally\s+|much\s+|way\s+)?(?:under\s+control|better|healed(?:\s+up)?|cleared\s+up|"
    r"gone|resolved|cured|fine\s+now|back\s+to\s+normal)\b|"
    r"\b(?:all|fully|completely|totally)\s+(?:healed|better|cleared\s+up|recovered)\b|"
    r"\b(?:healed|cleared)\s+up\b|\brecovered\s+from\b|\bgot\s+over\b|"
    rf"\bno\s+more\s+(?:{_SYMPTOM_EN})\b", re.IGNORECASE)
_OVER_KO = re.compile(r"다\s?나았|나았(?:어|다|음|네|고|어요|습니다)|다\s?낫|완치|회복\s?(?:했|됐|되었|함)|"
                      r"괜찮아졌|멀쩡해졌|(?:증상|구토|설사|기침|열)\S*\s?(?:없어졌|사라졌|멈췄|그쳤)")
# not over: asked, hoped, denied, not yet, almost
_NOT_OVER = re.compile(
    r"\?|n['’]t\b|\b(?:not|never|hope|hoping|hopefully|wish|if|should|will|would|almost|nearly|"
    r"yet|until|once|when)\b|아직|안\s?나|못\s?나|낫길|나았으면|나으면|낫기를|거의|언제|\S+지\s?않", re.IGNORECASE)
# what the user is back to ("back to running"): no body part ("hurt my back")
_BACK_TO = re.compile(r"\bback\s+(?:to|on)\b", re.IGNORECASE)
# a word that names no condition of its own: "Mango's sensitivity", "증상", "상태"
_GENERIC = frozenset("sensitivity sensitivities condition issue issues problem problems symptom "
                     "symptoms thing health 증상 상태 건강 컨디션".split())


def resolution(text: str) -> bool:
    """``text`` says a health state is over (see the module docstring)."""
    over = _OVER_EN.search(text) or _OVER_KO.search(text)
    return over is not None and _NOT_OVER.search(text) is None


def _phrases_out(text: str) -> str:
    return _BACK_TO.sub(" ", _OVER_KO.sub(" ", _OVER_EN.sub(" ", text)))


def _conditions(text: str) -> set[str]:
    return {m.group(0).casefold()[:4] for m in _PASSING.finditer(text)}


def resolved_by(new: MemoryRecord, records: Iterable[MemoryRecord],
                created: set[str]) -> list[MemoryRecord]:
    """The live memories of passing states ``new`` says are over (empty when none)."""
    if new.type is MemoryType.RULE or not resolution(new.content):
        return []
    rest = _phrases_out(new.content)
    people = changes.who(new.content)
    named = _conditions(rest)  # the condition the sentence names, if any ("limp")
    keys = {k for w in _WORD_KO_EN.findall(rest) if (k := _key(w)) and k not in _GENERIC
            and w.casefold() not in people and k not in people}
    out = []
    for r in records:
        if r.id in created or r.type is MemoryType.RULE or r.layer is not new.layer \
                or changes.who(r.content) != people or _LASTING.search(r.content) \
                or not _PASSING.search(r.content):
            continue
        if named and not named & _conditions(r.content):
            continue  # another symptom of the same one
        if any(_inside(k, r.content) for k in keys):
            out.append(r)
    return out
