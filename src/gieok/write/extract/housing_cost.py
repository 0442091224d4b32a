"""What the user's home costs: the rent, the 전세 or 월세 and its deposit (issue 16).

Why: the amount is the fact a later answer needs ("is 1,850 normal for Somerville?", "5%
넘는 거 아냐?"), and it is said in shapes no other rule reads:
- a raise said with the new amount after a comma: "the landlord raised our rent again,
  1,850 now" — read alone it is a change (``said_alone``) and is kept only if it ends a
  stored rent, so a first mention stored nothing;
- the amount in the next sentence: "전세 만기가 내년 2월인데 집주인이 보증금 5천 올려달래.
  지금 3억 2천인데" — the sentence with the amount names no home at all.
So the whole turn is read (like ``ko_titles``): a housing word (rent, 월세, 전세, 보증금) and
an amount said of it, in a statement, by the user of their own home ("my/our rent", "the
landlord raised the rent", "I pay 1,200 in rent"; Korean with no one else as the subject).
Never an amount in a question ("is 2000 a lot for rent?"), a condition ("if the rent goes up
to 2000"), someone else's rent ("my sister's rent"), a listing ("a studio for 1,500"), or a
raise asked for ("보증금 5천 올려달래": the raise, not what is paid).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit
from gieok.write.extract.discourse import split_sentences
from gieok.write.extract.patterns_ko_base import OTHERS
from gieok.text.hangul import HANGUL

# -- English ---------------------------------------------------------------------------------

_AMOUNT_EN = r"(?:[$£€]\s?)?(?:\d{1,2},\d{3}|\d{3,5}|\d(?:\.\d)?k)(?!\s*(?:sq|square|ft|feet|miles?|km|%))"
_PER = r"(?:\s*(?:/\s?mo(?:nth)?|a\s+month|per\s+month|monthly|a\s+week|per\s+week|pw|pcm))?"
# "my rent is 1,850", "our rent went up to $2,100", "the rent's now 1850" (with the landlord)
_RENT_IS = re.compile(
    rf"\b(?P<own>my|our|the)\s+rent(?:\s+(?:is|was|went\s+up\s+to|is\s+going\s+up\s+to|goes\s+up\s+to|"
    rf"just\s+went\s+up\s+to|got\s+(?:raised|bumped|hiked)\s+to|is\s+now|jumped\s+to)|['’]s)"
    rf"(?:\s+(?:now|only|about|around|like|already))*\s+(?P<amt>{_AMOUNT_EN}){_PER}", re.IGNORECASE)
# "the landlord raised our rent again, 1,850 now", "landlord is raising the rent to 2100 in March"
_RAISED = re.compile(
    rf"\b(?:landlord|landlady|management|they)\s+(?:just\s+)?(?P<verb>raised|is\s+raising|are\s+raising|"
    rf"bumped|hiked|increased|upped|jacked\s+up|is\s+bumping|is\s+hiking|will\s+raise)\s+"
    rf"(?P<own>my|our|the)\s+rent(?:\s+(?:up|again))*"
    rf"(?:\s+(?:to|by)\s+(?P<to>{_AMOUNT_EN}){_PER}|,\s*(?P<now>{_AMOUNT_EN}){_PER}\s+now)"
    rf"(?P<when>\s+(?:in|from|starting|next|this)\s+[A-Za-z]+(?:\s+\d{{1,2}})?)?", re.IGNORECASE)
# "I pay 1,200 in rent", "we pay $2k a month for rent"
_PAY = re.compile(rf"\b(?:I|we)\s+(?:currently\s+|now\s+|still\s+)?pay\s+(?P<amt>{_AMOUNT_EN}){_PER}"
                  rf"\s+(?:in|for)\s+rent\b", re.IGNORECASE)
_NOT_STATED_EN = re.compile(r"\?|\b(?:if|would|could|should|might|whether|unless|what\s+if|"
                            r"supposed|typical|normal\s+for|average)\b", re.IGNORECASE)
_SOMEONE_ELSES = re.compile(r"\b(?:my|our)\s+(?:\w+\s+){0,2}?\w+['’]s\s+rent\b", re.IGNORECASE)


def _english(sentence: str) -> tuple[Hit, str] | None:
    if _NOT_STATED_EN.search(sentence) or _SOMEONE_ELSES.search(sentence):
        return None
    raised = _RAISED.search(sentence)
    if raised is not None:
        amount = raised.group("to") or raised.group("now")
        going = raised.group("verb").lower().startswith(("is", "are", "will"))
        if going:
            when = (raised.group("when") or "").strip()
            text = f"User's rent is going up to {amount}" + (f" {when}" if when else "")
        elif raised.group("now") is not None or raised.group("to") is not None \
                and not raised.group(0).lower().split("rent")[1].lstrip().startswith("by"):
            text = f"User's rent is {amount} (the landlord raised it)"
        else:
            return None  # "raised our rent by 200": what is paid now is not said
        return _hit(text, amount, "en")
    found = _RENT_IS.search(sentence) or _PAY.search(sentence)
    if found is None:
        return None
    if "own" in found.groupdict() and (found.group("own") or "").lower() == "the" \
            and not re.search(r"\blandlord|landlady\b", sentence, re.IGNORECASE):
        return None  # "the rent is 3000 for a studio here": the market's, not the user's
    if re.search(r"\bwas\b", found.group(0), re.IGNORECASE):
        return None  # "my rent was 900 in Ohio": an old value
    return _hit(f"User's rent is {found.group('amt')}", found.group("amt"), "en")


# -- Korean ----------------------------------------------------------------------------------

_AMOUNT_KO = (r"(?:\d+(?:\.\d+)?\s?억(?:\s?\d+(?:\s?천|\s?백)?(?:\s?만)?)?|\d+\s?천(?:\s?만)?|"
              r"\d{1,3}(?:,\d{3})+|\d{2,4}(?:\s?만)?|"
              # said in words before 에 월세: "보증금 천에 월세 75", "오백에 50"
              r"(?:[이삼사오육칠팔구]?천|[이삼사오육칠팔구]?백)(?=에\s?월세))(?:\s?원)?")
_KIND_KO = r"(?P<kind>반전세|전세|월세|보증금|관리비)"
_COPULA = r"(?:이야|야|이에요|예요|에요|이고|고|인데|이라서|라서|임|입니다|이다|짜리|씩|정도|쯤|내|낸다|내요|내고)"
# "월세 80이야", "전세 3억 2천인데", "보증금은 지금 5천이고"
_KO_IS = re.compile(rf"{_KIND_KO}\s?(?:금|가|는|은|이|도)?\s?(?:지금|현재|이제|원래)?\s?"
                    rf"(?P<amt>{_AMOUNT_KO})\s?(?=(?:{_COPULA}|에\s?월세)(?:\s|$|[.,!~ㅠㅜ])|"
                    # "보증금 천에 월세 75. 관리비 별도 …": the amount said bare, ending the clause
                    r"[.,!](?:\s|$)|\s*$)")
# "지금 3억 2천인데": the amount alone, after a sentence that named the home's 전세/월세
_KO_ALONE = re.compile(rf"^(?:근데\s|그리고\s)?(?:지금|현재|원래)\s?(?:은|는)?\s?(?P<amt>{_AMOUNT_KO})\s?"
                       rf"(?:{_COPULA})[\s.!~ㅠㅜ]*$")
_KO_NOT_STATED = re.compile(r"\?|(?:올려|올린|올리|인상|내려|깎|낮춰)|(?:면|라면|으면)\s|까요|나요|할까|는지")


def _korean(sentence: str, before: str | None, start: int = 0) -> tuple[Hit, str] | None:
    found = _KO_IS.search(sentence, start)
    kind = found.group("kind") if found else None
    if found is None and before is not None:
        alone = _KO_ALONE.match(sentence.strip())
        named = re.findall(_KIND_KO, before)
        if alone is not None and named and not _other_tenant(before):
            found, kind = alone, ("전세" if "전세" in named else named[0])
    if found is None or kind is None:
        return None
    said = sentence[max(0, found.start() - 20):found.end() + 12]
    if _KO_NOT_STATED.search(said) or _other_tenant(sentence[:found.start()]):
        return None
    amount = re.sub(r"\s+", " ", found.group("amt")).strip()
    label = "전세 보증금" if kind == "전세" else kind
    return _hit(f"사용자의 {label}은 {amount}" if kind != "월세" else f"사용자의 월세는 {amount}",
                amount, "ko", kind)


def _other_tenant(before: str) -> bool:
    """Someone else's home: "친구 월세는 …", "동생이 전세 …"."""
    for word in re.findall(r"([가-힣]+)(?:의|네|는|은|이|가)?(?=\s)", before):
        if word in ("집주인", "주인", "집주인이", "부동산") or word.startswith("집주인"):
            continue
        if OTHERS.match(word) or re.search(r"(?:씨|님)$", word):
            return True
    return False


def _hit(text: str, amount: str, lang: str, kind: str = "rent") -> tuple[Hit, str]:
    slot = "deposit" if kind in ("전세", "보증금", "반전세") else "rent"
    return (Hit(content=text, family="residence", type=MemoryType.FACT, category="context",
                slot=slot, value=re.sub(r"[\s,원$£€]", "", amount).casefold(), tags=("housing",),
                confidence=0.8), lang)


def stated(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """A memory for each amount the turn says the user's home costs (see the module
    docstring), unless one of ``stored`` (what the turn's sentences made) already says it."""
    out: list[tuple[Hit, str]] = []
    before: str | None = None
    for sentence in split_sentences(turn_text):
        hit = _korean(sentence, before) if HANGUL.search(sentence) else _english(sentence)
        if hit is not None and HANGUL.search(sentence):  # "보증금 천에 월세 75": both amounts
            said = _KO_IS.search(sentence)
            more = _korean(sentence, None, said.end()) if said is not None else None
            hits = [hit, more] if more is not None and more[0].slot != hit[0].slot else [hit]
        else:
            hits = [hit] if hit is not None else []
        before = sentence
        for one in hits:
            if not any((one[0].value or "") in re.sub(r"[\s,원$£€]", "", s).casefold()
                       for s in stored):
                out.append(one)
    return out
