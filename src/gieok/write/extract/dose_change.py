"""A dose changed, said by the user, as a health memory of its own (the new dose is a core
fact): "10mg으로 올렸어", "란투스 24단위로 올리래", "doc upped me to 100mg sertraline last
week". Read by ``slots``' dose rules; which stored medicine's dose it replaces is decided by
reconciliation (``new_value.dosed_name``). Pure: reads text only.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.korean import FAMILY_KO, PETS_KO



# -- a dose changed, said in Korean: kept as a health memory of its own -------------------------
# "10mg으로 올렸어", "란투스 24단위로 올리래", "약 반 알로 줄였어요": the new dose of a
# medicine (named, or the one whose dose is stored — reconciliation reads which). The
# sentence is often a short report the judge would not keep; the dose is a core fact.
_DOSE_UNIT = r"\d+(?:\.\d+)?\s?(?:mg|mcg|ml|밀리|단위|유닛|알|정|캡슐)"
_DOSE_VERB = (r"(?P<verb>(?P<up>올|늘)(?:렸|리래|리라고|리라고\s?했|림|려\s?줬|려\s?주셨)|"
              r"(?P<down>줄|내)(?:였|렸|이래|리래|이라고|리라고|임|림|여\s?줬|려\s?줬|여\s?주셨|"
              r"려\s?주셨)|바(?:꿨|꾸래|꾸라고|꿈|꿔\s?줬|꿔\s?주셨)|조정(?:했|됐|함|됨))")
DOSE_CHANGE = re.compile(
    rf"(?:(?P<med>[가-힣A-Za-z][가-힣A-Za-z0-9-]{{1,15}}?)(?:을|를|은|는|이|가)?\s)?"
    rf"(?:(?:약\s?)?용량(?:을|를|은|이)?\s)?(?P<dose>{_DOSE_UNIT}|\d{{2,4}})\s?(?P<p>으로|로)\s?"
    rf"{_DOSE_VERB}")
# a word before the dose that is a clause's end, not a medicine's name ("떨어져서 10mg으로")
_ENDING = re.compile(r"(?:서|고|데|며|면|니|게|지|요|다|해|도|어|아|래|더니)$")
_NOT_DONE = re.compile(r"\?|될까|돼요|되나|괜찮|할까|싶|려고|ㄹ까|지\s?말|말까|어떨|고민")


def dose_changed(sentence: str, is_medicine: Callable[[str], bool]) -> str | None:
    """The memory of a Korean sentence saying the user's dose changed ("사용자는 란투스
    24단위로 올렸다", "사용자는 약 용량을 10mg으로 올렸다"), or None: not a question, a
    wish or a plan, and not said of a relative or pet (their doses are read elsewhere)."""
    m = DOSE_CHANGE.search(sentence)
    if m is None or _NOT_DONE.search(sentence[m.start():]) or \
            re.search(rf"(?:{FAMILY_KO}|{PETS_KO})(?:가|이|는|은|의|\s)", sentence[:m.start()]):
        return None
    med = m.group("med")
    med = med if med and (is_medicine(med) or not _ENDING.search(med) and not _HANGUL.fullmatch(
        med[:1]) or len(med) >= 3 and not _ENDING.search(med)) else None
    dose = m.group("dose").replace(" ", "")
    if med is None and dose.isdigit():
        return None  # "1000으로 올렸어": a number with no unit is a dose only of a medicine
    verb = "올렸다" if m.group("up") else "줄였다" if m.group("down") else "바꿨다"
    thing = f"{med}" if med else "약 용량을"
    return f"사용자는 {thing} {dose}{m.group('p')} {verb}"


# -- a dose changed, said in English: "doc upped me to 100mg sertraline last week", "she
# bumped my dose up to 75mcg", "my GP lowered my levothyroxine to 50mcg" — the user's own
# dose (me, my): a relative's ("upped her to …") is read elsewhere
DOSE_CHANGE_EN = re.compile(
    r"\b(?P<verb>upped|raised|increased|bumped|doubled|lowered|reduced|cut|dropped|halved|"
    r"changed|switched)\s+(?:me|my\s+dose|my\s+(?P<med>[A-Za-z][\w-]{3,}))"
    r"(?:\s+(?:dose|dosage))?\s+(?:up\s+|down\s+|back\s+)?(?:to|onto)\s+"
    r"(?P<dose>\d+(?:\.\d+)?\s?(?:mg|mcg|µg|ug|ml|units?|iu)(?![a-z]))"
    r"(?:\s+(?:of\s+)?(?P<med2>[A-Za-z][\w-]{3,}))?", re.IGNORECASE)
_UP_EN = frozenset({"upped", "raised", "increased", "bumped", "doubled"})
_DOWN_EN = frozenset({"lowered", "reduced", "cut", "dropped", "halved"})
_NOT_DONE_EN = re.compile(r"\?|\b(?:if|might|may|could|would|should|wants?\s+to|going\s+to|"
                          r"thinking|plan(?:s|ning)?\s+to)\b", re.IGNORECASE)


def dose_changed_en(sentence: str, is_medicine: Callable[[str], bool]) -> str | None:
    """The memory of an English sentence saying the user's dose changed ("User's sertraline
    dose was raised to 100mg"), or None: not a question, a maybe or a plan. The medicine is
    the one named (after the dose, or as "my X"), else the dose alone ("User's dose was
    raised to 75mcg": reconciliation reads whose, when one stored medicine gives a dose)."""
    m = DOSE_CHANGE_EN.search(sentence)
    if m is None or _NOT_DONE_EN.search(sentence):
        return None
    med = next((x for x in (m.group("med"), m.group("med2")) if x and is_medicine(x)), None)
    verb = m.group("verb").casefold()
    how = "raised" if verb in _UP_EN else "lowered" if verb in _DOWN_EN else "changed"
    dose = m.group("dose").replace(" ", "")
    return f"User's {med} dose was {how} to {dose}" if med else f"User's dose was {how} to {dose}"
