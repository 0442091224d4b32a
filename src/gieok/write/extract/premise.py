"""The statement a question is built on (W3): "since I'm lactose intolerant, what can I use
instead of milk?" → "I'm lactose intolerant".

People ask for help and say who they are in the same breath: "my daughter is turning 7 next
week, any ideas for a unicorn party?", "I just moved to Denver, how do I make friends here?",
"회사에서 팀장 됐는데 팀원 관리 팁 있어?", "저희 엄마가 다음 달에 무릎 수술 하시는데 뭘
챙겨드리면 좋을까요?". The question is a request (never a memory), but its premise is a
statement about the user like any other. This module only cuts the premise out; whether it
is worth remembering is decided by the same gates as every other sentence.
"""

from __future__ import annotations

import re

from gieok.write.extract import korean
from gieok.write.normalize import has_batchim

_HANGUL = re.compile(r"[\uac00-\ud7a3]")
# "since I'm lactose intolerant, what can I use …?"
_EN_BECAUSE = re.compile(
    r"^(?:(?:so|ok|okay|hey|hi|btw)[,\s]+)*(?:since|as|because|given\s+that|now\s+that)\s+"
    r"(?P<p>[^,?]{6,}),\s*(?P<q>[^,]*\S.*\?)\s*$", re.IGNORECASE)
# "my daughter is turning 7 next week, any ideas for …?"
_EN_THEN_ASK = re.compile(
    r"^(?P<p>[^,?]{6,}?)(?:,|\s+-+|\s+so|\s+and)\s+(?P<q>(?:so\s+)?(?:any|what|what's|how|where|which|who|"
    r"when|why|can|could|should|would|will|do|does|did|is|are|got|tips|ideas|suggestions|"
    r"recommendations|thoughts|advice)\b[^?]*\?)\s*$", re.IGNORECASE)
_EN_SELF = re.compile(r"(?<![\w'’])(?:I|I['’]m|im|I['’]ve|my|we|we['’]re|we['’]ve|our)\b",
                      re.IGNORECASE)
_EN_ASKING = re.compile(r"^(?:can|could|would|will|do|does|did|is|are|what|how|why|where|"
                        r"which|who|when|any|should)\b", re.IGNORECASE)


def premise(sentence: str) -> str | None:
    """The statement inside a question that carries one, else None."""
    text = sentence.strip()
    if not text.endswith(("?", "？")):
        return None
    if _HANGUL.search(text):
        return _korean(text)
    for pattern in (_EN_BECAUSE, _EN_THEN_ASK):
        m = pattern.match(text)
        if m is None:
            continue
        said = m.group("p").strip()
        if _EN_SELF.search(said) and not _EN_ASKING.match(said):
            return said
    return None


_CONNECTIVE = re.compile(r"(?:는데|은데|ᆫ데|인데)(?:요)?$")


def _korean(text: str) -> str | None:
    """"회사에서 팀장 됐는데 팀원 관리 팁 있어?" → "회사에서 팀장 됐어": the clause before
    "…는데" when what follows it is the question."""
    toks = korean.tokens(text)
    cut = next((i for i, t in enumerate(toks)
                if (t.tag in ("EC", "EF") and _CONNECTIVE.search(t.form)
                    # Kiwi may read "키우는데" as 는 + the noun 데
                    or (t.tag == "ETM" and t.form in ("는", "은", "ᆫ") and i + 1 < len(toks)
                        and toks[i + 1].form == "데" and toks[i + 1].tag == "NNB"))
                and any(not u.tag.startswith("S") for u in toks[i + 2:])), None)
    if cut is None or cut == 0:
        return None
    before = toks[:cut]
    # "당뇨 전단계라고 하는데" / "전단계라는데": what the user was told about themselves
    if len(before) >= 3 and before[-1].form == "하" and before[-2].form in ("라고", "이라고") \
            and before[-3].tag == "VCP":
        before = before[:-2]
    if before[-1].tag == "VCP":  # "채식주의자인데" → "채식주의자야"
        noun = text[:before[-1].start].rstrip()
        return noun + ("이야" if has_batchim(noun) else "야")
    word_start = text.rfind(" ", 0, before[-1].start) + 1
    word = [(t.form, t.tag.split("-")[0]) for t in before if t.start >= word_start]
    if not word or not any(t[1].startswith(("V", "XSV", "XSA")) for t in word):
        return None
    if word[-1] == ("사", "VV") and toks[cut].form == "는":
        # "광명 사는데": Kiwi cannot tell 살다 (live, ㄹ dropped) from 사다 (buy) here, and
        # both say "산다" in the plain form; "사" alone would only mean "buy"
        return text[:word_start] + "산다"
    joined = korean._kiwi().join([*word, ("어", "EF")])  # "됐어", "하셔", "키워"
    return text[:word_start] + str(joined)
