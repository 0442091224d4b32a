"""A change said alone, in a sentence nothing else in it is worth keeping for (issue 16).

Why: the later half of an update sequence is often a bare remark — "team moved standup to
10:15", "다시 사무실 출근함", "집주인 바뀌었어" — that the judge rightly finds too slight to
keep *by itself*: said to someone who knows nothing, it is chatter. Said after "my standup is
at 9:30 every day" it is the one sentence that makes the stored value wrong, and dropping it
left the old value current.

So such a sentence becomes a candidate that is written only when it ends a stored memory
(``Candidate.lapse``; reconciliation decides): with nothing stored to end, nothing is kept,
and the judge's call on chatter stands. The shapes are the ones reconciliation already reads
as a change — a thing left (``shift.said_over``), a thing given a new value
(``new_value``: "moved standup to 10:15"), an event moved (``shift``: "수술 4월 6일로 밀림"), a kind of thing changed
(``changes``: "집주인 바뀌었어", "switched vets"), a pole of a one-value axis of where the
work is done (``styles``: "다시 사무실 출근함" after "재택근무") — never a question, a wish or a
plan (no change has happened yet), never a sentence denying the change.
"""

from __future__ import annotations

import re

from gieok.write import styles
from gieok.write.ending import called_off
from gieok.write.moved_request import moved_request
from gieok.write.revoked import takes_back
from gieok.write.resolved import resolution
from gieok.write.extract import changes
from gieok.write.extract.new_value import new_value
from gieok.write.extract.retired import died
from gieok.write.extract.shift import said_over, shifts

# not a change that happened: a question, a wish, a hedge or a plan still to be decided
_NOT_HAPPENED = re.compile(
    r"\?|\b(?:if|would|could|should|might|maybe|hope|hoping|wish|want|wants|thinking|planning|"
    r"whether|can\s+(?:i|you)|could\s+you|please|pls|do\s+i|hate|not|never|didn['’]?t|don['’]?t|"
    r"won['’]?t|haven['’]?t)\b|"
    # a request to the assistant ("change it to Friday", "영어로 바꿔줘"): nothing changed yet
    r"^\s*(?:change|move|switch|swap|make|update|set|put|push|replace)\b|"
    r"(?:할까|을까|ㄹ까|려고|고\s?싶|[어아여]?\s?(?:줘|주세요|줄래|주실|줄\s?수)|(?<=[가-힣])면(?:\s|$)|"
    r"어떡|어떻게|걱정|싫|지\s?말지|인가|나요|까요|는지|(?<![가-힣])(?:안|못)\s?[가-힣])",
    re.IGNORECASE)


def changed_alone(sentence: str) -> bool:
    """``sentence`` says a value of the user's life changed, in a shape reconciliation reads
    (see the module docstring): kept as a candidate that ends what it replaces, or nothing."""
    if said_over(sentence) or resolution(sentence):  # "ankle's all healed": a state over
        return True
    if takes_back(sentence):  # "영어 요약 이제 안 붙여도 돼": a standing request taken back
        return True
    if called_off(sentence):  # "back from iceland, jet lag is killing me": a plan over
        return True
    if moved_request(sentence):  # "브리핑 6시 반으로 당겨줘": a standing request's new value
        return True
    if _NOT_HAPPENED.search(sentence):
        return False
    # "we had to put Pickles down this morning": a pet or person died — what is stored about
    # them ends (kept only when something is stored about the one named)
    return new_value(sentence) is not None or changes.change(sentence) is not None \
        or died(sentence) \
        or styles.names_pole(sentence) or any(s.kind == "rescheduled" for s in shifts(sentence))
