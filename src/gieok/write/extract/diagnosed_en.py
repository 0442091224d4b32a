"""A finding reported in a clinician's words, in English, where "it" is the user's complaint
(issue 16): "my knee's been acting up, physio says it's IT band syndrome", "the doctor thinks
it's plantar fasciitis", "GP said it was a tennis elbow".

Why: "the doctor says I have plantar fasciitis" is read (``health.medical_report``), but the
chat shape names no holder: "it" is the complaint said before, in the same turn or none. The
sentence rules need the user as the subject, so nothing was stored, and a physio or a GP was no
clinician to ``health.EN_FINDING``. So the whole turn is read (like ``diagnosed`` for Korean):
a clinician as the subject (doctor, GP, physio, physical therapist, surgeon, specialist …),
a verb of saying or finding, then "it's / it is / it was / that's" and a finding that names a
condition ("… syndrome", "… itis", a tear, a fracture, or ``health.health_related``). The
memory is the user's, with the body part the turn complains of and the clinician as source:
"User has IT band syndrome (knee), per the physio".

Never: a question or a condition ("if the physio says it's …"), a finding ruled out or hedged
("it's not a tear", "it could be …", "probably"), a lay source ("my friend says it's …"), a
vet (the finding is a pet's), a turn about a relative or pet, or a finding already stored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.health import health_related
from gieok.write.extract.patterns_en_base import FAMILY, PETS

_CLINICIAN = (r"(?:doctor|doc|gp|dr\.?(?:\s+(?-i:[A-Z])[\w'’-]+)?|physician|physio|physiotherapist|"
              r"physical\s+therapist|pt|surgeon|specialist|orthopedist|orthopaedist|podiatrist|"
              r"dermatologist|neurologist|cardiologist|rheumatologist|chiropractor|osteopath|"
              r"ent|optometrist|ophthalmologist|dentist|urgent\s+care|er\s+doctor|sports\s+doc)")
_SAID = re.compile(
    rf"(?:^|(?<=[\s,.;!]))(?:(?:my|the|our)\s+)?(?P<src>{_CLINICIAN})\s+"
    r"(?:(?:says|said|thinks|thought|reckons|confirmed|told\s+me|found|diagnosed\s+it\s+as)\s+)"
    r"(?:that\s+)?(?:it['’]s|it\s+is|it\s+was|that['’]s|its)\s+"
    r"(?P<f>[^,.;!?]{3,50}?)(?=\s*(?:[,.;!]|$|\s+(?:so|and|but|which|from|because|lol|ugh|tho)\b))",
    re.IGNORECASE)
_FINDING = re.compile(r"(?:syndrome|disease|disorder|itis|osis|itis\b|tear|torn\s+\w+|fracture|"
                      r"sprain|strain|tendinopathy|bursitis|hernia|deficiency|infection|"
                      r"fasciitis|elbow|knee|impingement|stress\s+reaction)\b", re.IGNORECASE)
_NOT_FINDING = re.compile(r"\b(?:not|no|nothing|fine|normal|okay|ok|could|might|may|maybe|"
                          r"probably|possibly|likely|unlikely|just\s+(?:stress|age|aging|in\s+my)|"
                          r"ruled\s+out)\b", re.IGNORECASE)
_ASKS_OR_IF = re.compile(r"\?|\b(?:if|unless|whether|hope|hopefully)\b", re.IGNORECASE)
_LAY = re.compile(r"\b(?:friend|coworker|colleague|internet|google|reddit|youtube|blog)\b",
                  re.IGNORECASE)
_OTHER = re.compile(rf"\b(?:he|she|his|her|they|their|vet|(?:my|our)\s+(?:{FAMILY}|{PETS}))\b",
                    re.IGNORECASE)
_PART = re.compile(r"\bmy\s+(?P<p>knee|knees|back|lower\s+back|shoulder|hip|ankle|wrist|elbow|"
                   r"neck|foot|feet|heel|hamstring|calf|shin|achilles|toe|thumb|jaw|arm|leg)\b",
                   re.IGNORECASE)


def reported(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """The finding a clinician reported about the user's complaint (module docstring)."""
    text = turn_text.strip()
    if not text or HANGUL.search(text):
        return []
    m = _SAID.search(text)
    if m is None:
        return []
    before = text[:m.start()]
    finding = re.sub(r"^(?:a|an|just\s+an?|just)\s+", "", m.group("f").strip(), flags=re.I)
    if _ASKS_OR_IF.search(text) or _NOT_FINDING.search(finding) or _LAY.search(before) \
            or _OTHER.search(text) or not (_FINDING.search(finding) or health_related(finding)):
        return []
    if any(finding.casefold() in s.casefold() for s in stored):
        return []
    part = _PART.search(before)
    where = f" ({part.group('p').lower()})" if part else ""
    source = re.sub(r"\s+", " ", m.group("src"))
    source = source if re.match(r"dr\b", source, re.I) else source.lower()
    article = "" if re.match(r"dr\b", source, re.I) else "the "
    return [(Hit(content=f"User has {finding}{where}, per {article}{source}", family="health",
                 type=MemoryType.FACT, category="context", tags=("health",), confidence=0.8),
             "en")]
