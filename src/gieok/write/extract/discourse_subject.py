"""Who a Korean sentence is about, from Kiwi's analysis (W3).

Korean drops its subject, so before a rule puts "사용자는" in front of a sentence it must know
whether the speaker is the subject (said: "저는 간호사예요", or left unsaid), a relative, pet
or named person ("제 동생이 대구에 살아요"), or something else that an adjective describes
("바다가 가까워서 좋아요", "병원 찾기가 어려워요" are not facts of the user). ``ko_subject``
answers that; coreference, the keep-or-drop gate and the noise rules all ask it, which is
why it lives apart from them. ``final_predicate`` (the last predicate word of a sentence) is
the piece of analysis they share.
"""

from __future__ import annotations

import re

from gieok.write.extract.korean import FAMILY_KO, PETS_KO, Token, tokens


def final_predicate(toks: list[Token]) -> list[Token]:
    """The tokens of a sentence's last predicate word (its stem through its ending)."""
    last = max((i for i, t in enumerate(toks) if t.tag not in ("SF", "SE", "SW", "SP", "SS")),
               default=-1)
    start = last
    while start > 0 and toks[start - 1].end >= toks[start].start:  # contractions overlap
        start -= 1
    return toks[start:last + 1]


_PERSON = re.compile(rf"^(?:{FAMILY_KO}|{PETS_KO}|사용자|선생님|의사|수의사)$")
_BODY = re.compile(r"알레르기|알러지|두드러기|백내장|당뇨|질환|염$|병$|혈압|혈당|체중|몸무게|살$|"
                   r"허리|무릎|머리|배$|눈$|귀$|이빨|목$|어깨|다리|팔$|손$|발$|피부|몸$|열$|기침|콧물")
# The speaker as subject ("난", "제가", "우리 이사했어") — not "제 동생", "우리 고양이".
SELF_KO = re.compile(rf"(?<![가-힣])(?:(?:나|저)(?:는|가|도|랑|한테)?|난|전|내가|제가|"
                     rf"(?:우리|저희)(?:는|가|도)?)(?=\s|$)(?!\s?(?:집\s?)?(?:{FAMILY_KO}|{PETS_KO}))")


def ko_subject(sentence: str, names: frozenset[str] = frozenset()) -> str:
    """Who a Korean sentence is about: "self" (the speaker, said), "entity" (a relative, pet
    or named person), "foreign" (something else is the subject of an adjective — "바다가
    가까워서 좋아요", "병원 찾기가 어려워요"), or "none" (no subject: the topic carries on)."""
    if SELF_KO.search(sentence):
        return "self"
    toks = tokens(sentence)
    # an adjective other than 있다/없다 ("면접이 있어" is "I have an interview")
    adjectival = any(t.tag.startswith(("VA", "XSA")) and t.form not in ("있", "없", "계")
                     for t in final_predicate(toks))
    segment: list[Token] = []
    for tok in toks:
        if tok.tag in ("JKS", "JX", "JKC") and segment:
            nouns = [t.form for t in segment if t.tag.startswith(("NN", "NP", "SL"))]
            # the segment as written too: Kiwi reads "사위는" as 사/NR + 위/NNB
            said = sentence[segment[0].start:segment[-1].end]
            if any(_PERSON.match(n) or n in names for n in nouns) or _PERSON.match(said):
                return "entity"
            if nouns and any(_BODY.search(n) for n in nouns):
                segment = []
                continue
            nominal = any(t.tag == "ETN" for t in segment) or nouns
            if nominal and adjectival and (tok.tag == "JKS" or tok.form in ("도", "은", "는")):
                return "foreign"
            segment = []
            continue
        if tok.tag == "ETN":  # "병원 찾기가 어려워요": a nominalised clause is a subject too
            segment.append(tok)
        elif tok.tag.startswith(("V", "E", "XS", "MAG", "JKB", "JKO", "SF", "SP")):
            segment = []
        else:
            segment.append(tok)
    return "none"
