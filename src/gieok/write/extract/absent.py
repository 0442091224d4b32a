"""What the user does not have or does not take, said as a plain negation (issue 16): "자식은
없어", "운전면허 없어", "no kids, just two cats", "I don't have a car", "we don't have kids",
"오후 2시 이후엔 caffeine 안 마셔", "담배 안 펴", "남편은 술 안 마셔", "I don't smoke", "I don't
drive".

Why: a negated Korean predicate is dropped by the slot rules (``heuristic.hits``: "저 이제 회사
안 다녀요" states no job), and the judge and ``generic.keepable`` refuse a negation that is not
about health, so these sentences stored nothing. Yet the absence is what the assistant needs:
no children (never suggest a family trip "with the kids"), no licence (no road trip), no
caffeine after two (no afternoon coffee). What makes the negation a fact and not a passing
"시간이 없어" is its object: a closed class of things whose absence lasts — children,
siblings, a partner, a car, a licence, pets, a religion — or of things people abstain from
(alcohol, tobacco, coffee, caffeine, meat, dairy) and driving. The whole turn is read (like
``housing_cost``), sentence by sentence, and the clause must be the user's (or a named
relative's: "남편은 술 안 마셔") as a standing state: never a question, a condition ("차 없으면"),
a past one-off ("어제 술 안 마셨어"), today only ("오늘은 술 안 마셔"), someone else's, or a
thing already in a memory of the turn.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.discourse import split_sentences
from gieok.write.extract.korean import FAMILY_KO
from gieok.write.normalize import has_batchim

# things whose absence lasts (a person in the family, a thing that takes months to get)
_HAVE_KO = (r"자식|자녀|아이|애|애기|아기|형제|형제자매|남매|남자\s?친구|여자\s?친구|남친|여친|애인|"
            r"차|자차|자동차|운전\s?면허증?|면허증?|반려동물|종교")
_SUBJECT_KO = r"(?:(?:나|저|난|전|나는|저는|우리|우린|우리는|저희|저흰|저희는|우리\s?집은|우리\s?집엔)\s)"
_KIN_KO = rf"(?:(?:우리|내|제)\s)?(?P<kin>{FAMILY_KO})(?:은|는|도|이|가)\s"
_END_KO = r"(?=[\s.,!~ㅋㅎㅠㅜ]|$)"
_ABSENT_KO = re.compile(
    rf"(?:^|(?<=[\s,]))(?:{_SUBJECT_KO}|{_KIN_KO})?(?:아직\s)?(?P<noun>{_HAVE_KO})"
    rf"(?:은|는|이|가|도)?\s?(?:아직\s|하나도\s|전혀\s)?없(?:어|어요|음|다|습니다|고|는데){_END_KO}")
# things people abstain from, and the verb each takes
_TAKEN_KO = (r"술|담배|전자\s?담배|커피|카페인|caffeine|coffee|고기|육류|돼지고기|소고기|해산물|"
             # foods a body refuses ("남친이 회를 못 먹어", "나 오이 못 먹어")
             r"회|날것|생선|갑각류|새우|견과류|땅콩|오이|고수|버섯|계란|달걀|닭고기|매운\s?(?:거|것|음식)|"
             r"유제품|우유|밀가루|설탕|탄산|탄산음료|운전")
_VERB_KO = {"마셔": "마신다", "마셔요": "마신다", "마심": "마신다", "마십니다": "마신다",
            "먹어": "먹는다", "먹어요": "먹는다", "먹음": "먹는다", "먹습니다": "먹는다",
            "피워": "피운다", "피워요": "피운다", "펴": "피운다", "펴요": "피운다", "피움": "피운다",
            "핌": "피운다", "피웁니다": "피운다", "해": "한다", "해요": "한다", "함": "한다",
            "합니다": "한다"}
_ABSTAIN_KO = re.compile(
    # (no relative among the words before: "남자친구랑 가고 남친이 회를 …" is read from 남친이)
    rf"(?:^|(?<=[\s,]))(?:{_SUBJECT_KO}|{_KIN_KO})?(?P<pre>(?:(?!{FAMILY_KO})[^\s,]+\s){{0,4}}?)"
    rf"(?P<noun>{_TAKEN_KO})(?:을|를|은|는|도)?\s?(?P<neg>안|못)\s?"
    rf"(?P<verb>{'|'.join(sorted(_VERB_KO, key=len, reverse=True))}){_END_KO}", re.IGNORECASE)
# "고수만 안 들어가면 됨", "새우만 빼면 다 잘 먹어": anything but the food — the user does not eat it
_BUT_KO = re.compile(
    r"(?:^|(?<=[\s,]))(?P<noun>회|날것|생선|갑각류|새우|견과류|땅콩|오이|고수|버섯|계란|달걀|닭고기|"
    r"매운\s?(?:거|것|음식)|유제품|우유|밀가루|고기|돼지고기|소고기|해산물|가지|당근|파|양파|마늘)"
    r"(?:만|은|는)\s?(?:안\s?들어가면|안\s?넣으면|빼면|빼고|없으면)\s?(?:(?:다|뭐든|아무거나)\s?)?(?:잘\s)?"
    r"(?:돼|됨|돼요|되요|괜찮|좋아|상관\s?없|먹어|먹음|먹어요|ok|오케이)")
# a clause of one moment or one occasion, or not the user's own state
_MOMENT_KO = re.compile(r"오늘|어제|내일|이번\s?(?:주|달|엔|에는)|지금은|방금|아까|당분간|그날|그때|이따")
_NOT_STATED_KO = re.compile(r"[?？]|(?:면|다면|거든요?\?|까|나요|래|대|냐|니)\s*$")
# what may come before a clause of the user's own in the same sentence
_OPENERS_KO = re.compile(r"(?:^|[,.!~ㅋㅎㅠㅜ]|\s(?:근데|그리고|참|아|사실|대신|그래서|원래|요즘|이제|저는|나는|"
                         r"[가-힣]+(?:고|는데|지만|니까|어서|아서|해서)))\s*$")
_OTHERS_KO = re.compile(rf"(?<![가-힣])(?:{FAMILY_KO}|친구|동료|걔|쟤|그\s?사람|팀장|상사|사장)")

_HAVE_EN = (r"kids|children|a\s+kid|a\s+child|any\s+kids|any\s+children|siblings|any\s+siblings|"
            r"a\s+car|a\s+(?:driver['’]?s\s+)?licen[cs]e|any\s+pets|pets|a\s+partner|a\s+boyfriend|"
            r"a\s+girlfriend|a\s+religion")
_STOP_EN = (r"(?=\s*(?:[,.!;)]|$|\s(?:and|but|so|yet|either|at\s+all|anymore|though|lol|haha|"
            r"just|or)\b))")
_ABSENT_EN = re.compile(
    rf"^(?:(?:and|also|so|btw|oh|well|nope|no|yeah)[,\s]+)*(?P<who>i|we)\s+(?:still\s+|also\s+)?"
    rf"(?:don['’]?t|do\s+not|never)\s+(?:even\s+)?have\s+(?P<noun>{_HAVE_EN}){_STOP_EN}",
    re.IGNORECASE)
_NONE_EN = re.compile(
    rf"^(?:(?:and|also|so|btw|oh|well)[,\s]+)*(?:no|zero)\s+(?P<noun>kids|children|siblings|pets|car)"
    rf"(?=\s*(?:[,.!;]|$|\s(?:yet|either|and|but|just)\b))", re.IGNORECASE)
_ABSTAIN_EN = re.compile(
    rf"^(?:(?:and|also|so|btw|oh|well|nope|no)[,\s]+)*(?P<who>i)\s+(?:also\s+|just\s+)?"
    rf"(?:don['’]?t|do\s+not|never)\s+(?P<verb>smoke|drive|vape)"
    rf"(?=\s*(?:[,.!;]|$|\s(?:and|but|so|at\s+all|anymore|either|though|lol|haha)\b))",
    re.IGNORECASE)
_NOT_STATED_EN = re.compile(r"\?|\b(?:if|unless|when|would|wish|pretend|imagine|suppose)\b", re.IGNORECASE)
_FAMILY_NOUNS = ("자식", "자녀", "아이", "애", "애기", "아기", "형제", "형제자매", "남매", "남자친구",
                 "여자친구", "남친", "여친", "애인", "kids", "children", "siblings", "partner",
                 "boyfriend", "girlfriend")


def stated(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """The lasting absences the turn states (see the module docstring), each unless ``stored``
    (what the turn's sentences made) already says it."""
    out: list[tuple[Hit, str]] = []
    for sentence in split_sentences(turn_text):
        text = sentence.strip()
        if HANGUL.search(text):
            found = _korean(text)
        else:
            found = _english(text)
        for content, noun, family in found:
            key = noun.replace(" ", "").casefold()
            if any(key in s.replace(" ", "").casefold() and _negative(s) for s in [*stored, *(
                    h.content for h, _ in out)]):
                continue
            out.append((Hit(content=content, family=family, type=MemoryType.FACT,
                            category="context", tags=_tags(family), confidence=0.8),
                        "ko" if HANGUL.search(content) else "en"))
    return out


def _negative(memory: str) -> bool:
    return re.search(r"없|안\s|못\s|빼면|빼고|\bno\b|n['’]t\b|\bnot\b|\bnever\b", memory,
                     re.IGNORECASE) is not None


def _tags(family: str) -> tuple[str, ...]:
    return ("diet",) if family == "diet" else ("health",) if family == "health" else ()


def _korean(text: str) -> list[tuple[str, str, str]]:
    if "?" in text or "？" in text:
        return []
    out: list[tuple[str, str, str]] = []
    for m in _ABSENT_KO.finditer(text):
        if _MOMENT_KO.search(text[:m.end()]) or _condition_after(text, m.end()):
            continue
        noun = re.sub(r"\s", "", m.group("noun"))
        if not _clause_start(text, m.start()):
            continue  # "남편 차가 없어", "시간 여유가 …": the noun is someone else's or a part
        who = _who_ko(m.group("kin"))
        particle = "이" if has_batchim(noun) else "가"
        family = "family" if noun in _FAMILY_NOUNS else "possession"
        out.append((f"{who} {noun}{particle} 없다", noun, family))
    for m in _ABSTAIN_KO.finditer(text):
        if _MOMENT_KO.search(text[:m.end()]) or _condition_after(text, m.end()):
            continue
        pre = m.group("pre").strip()
        if not _clause_start(text, m.start()) or _OTHERS_KO.search(pre) \
                or re.search(r"(?:고|서|면|는데|지만|니까)$", pre.split(" ")[-1] if pre else ""):
            continue  # the words before are another clause, or name whose habit it is
        noun = m.group("noun")
        verb = _VERB_KO[m.group("verb")]
        who = _who_ko(m.group("kin"))
        body = " ".join(p for p in (pre, noun, m.group("neg"), verb) if p)
        timed = re.search(r"시|이후|후에|부터|저녁|밤|오후|아침|평일|주말|점심", pre) is not None
        family = "routine" if timed or noun in ("운전", "커피", "카페인", "coffee", "caffeine") else \
            "health" if noun in ("술", "담배", "전자담배", "전자 담배") else "diet"
        out.append((f"{who} {body}", noun, family))
    for m in _BUT_KO.finditer(text):
        if _MOMENT_KO.search(text[:m.end()]) or not _clause_start(text, m.start()) \
                or _OTHERS_KO.search(text[:m.start()]):
            continue
        noun = re.sub(r"\s+", " ", m.group("noun"))
        out.append((f"사용자는 {noun}{'을' if has_batchim(noun) else '를'} 안 먹는다", noun, "diet"))
    return out


def _clause_start(text: str, at: int) -> bool:
    """Nothing of another clause is said right before ``at`` ("…, 오후 2시 이후엔 …", "ㅋㅋ
    …", "근데 …"): the noun is not the object of something said before it."""
    before = text[:at]
    return not before.strip() or _OPENERS_KO.search(" " + before) is not None


def _condition_after(text: str, end: int) -> bool:
    """The clause goes on into a condition or a question ("없으면", "안 마셔도 돼?")."""
    rest = text[end:end + 6]
    return re.match(r"(?:면|도\s?(?:돼|되)|\s?(?:나요|냐|니)\b)", rest) is not None


def _who_ko(kin: str | None) -> str:
    if kin is None:
        return "사용자는"
    kin = re.sub(r"\s", "", kin)
    return f"사용자의 {kin}{'은' if has_batchim(kin) else '는'}"


def _english(text: str) -> list[tuple[str, str, str]]:
    if _NOT_STATED_EN.search(text):
        return []
    m = _ABSENT_EN.match(text)
    if m is not None:
        noun = re.sub(r"\s+", " ", m.group("noun")).strip()
        bare = re.sub(r"^(?:any|an?)\s+", "", noun, flags=re.IGNORECASE)
        family = "family" if bare.casefold() in _FAMILY_NOUNS or bare in ("kid", "child") else "possession"
        if noun.casefold().startswith(("a ", "an ")):
            content = f"User doesn't have {noun}"
        else:
            content = f"User has no {bare}"
        if m.group("who").casefold() == "we":
            content = content.replace("User", "User and their household", 1) if family != "family" \
                else content
        return [(content, bare, family)]
    m = _NONE_EN.match(text)
    if m is not None:
        noun = m.group("noun").casefold()
        family = "family" if noun in _FAMILY_NOUNS else "possession"
        return [(f"User has no {noun}" if noun != "car" else "User doesn't have a car", noun, family)]
    m = _ABSTAIN_EN.match(text)
    if m is not None:
        verb = m.group("verb").casefold()
        return [(f"User doesn't {verb}", verb, "routine" if verb == "drive" else "health")]
    return []
