"""A remark about people in general (W3): no one of the user's is its subject.

"우리 인간은 원래 게으르잖아" was stored as "사용자의 인간은 원래 게으르다": 우리 ("we, our") made
the rules read the user's own, and "we humans are lazy by nature" became "User humans are lazy".
The subject is humankind, or people at large ("people are just lazy, we all procrastinate",
"사람은 원래 다 이기적이야") — a view of the world, not a fact of the user's life. Recognised by
that subject at the start of the sentence, with no word of the user's own after it ("everyone in
my family has celiac", "사람들이 우리 가게를 좋아해" say something of theirs and are left alone).
Pure.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL

_LEAD_KO = r"^(?:(?:아|아니|근데|솔직히|원래|결국|어차피|그니까|하긴|뭐)[\s,]+)*"
_PEOPLE_KO = re.compile(
    _LEAD_KO + r"(?:우리\s?(?:인간|인류|사람|현대인|한국인|한국\s?사람|어른|직장인|(?:MZ|mz|Z|X|밀레니얼)\s?세대)(?:들)?|"
    r"(?:요즘\s?(?:애들|사람들|젊은\s?사람들|것들)|(?:MZ|mz)\s?세대|젊은\s?사람들|현대인들|직장인들)|"
    r"(?:인간|인류|사람|현대인|인간들|사람들)(?=(?:은|는|이|가|도)\s(?:원래|다|누구나|결국|본래|어차피|"
    r"다들|모두|대부분)))(?:은|는|이|가|도)?\s")
# the user's own after the subject: "사람들이 우리 가게를 좋아해" (their shop), "우리 사람들" is not
_MINE_KO = re.compile(r"(?<![가-힣])(?:나|저|내|제|난|전|나는|저는|내가|제가|우리\s?(?:집|가게|회사|팀|애|딸|아들|"
                      r"엄마|아빠|가족|남편|아내)|저희)(?![가-힣])")
_PEOPLE_EN = re.compile(
    r"^(?:(?:honestly|i\s+mean|well|tbh|ngl|lol|like|but|and|so)[,\s]+)*(?:we\s+(?:humans|people|mortals)|"
    r"we\s+as\s+(?:humans|a\s+species|a\s+society)|humans|humanity|people(?:\s+in\s+general)?|"
    r"(?:we\s+)?(?:millennials|gen\s?z(?:ers)?|zoomers|boomers)|kids\s+these\s+days|"
    r"most\s+people|everyone|everybody|nobody|no\s+one|all\s+of\s+us)\b(?!\s*(?:at|in|from|of|on|who)\b)",
    re.IGNORECASE)
_MINE_EN = re.compile(r"(?<![\w'’])(?:i|i['’]m|i['’]ve|i['’]d|me|my|mine|our|us)(?![\w'’])", re.IGNORECASE)


def about_people(sentence: str) -> bool:
    """The sentence's subject is humankind or people at large, and nothing after it is the
    user's own (see above)."""
    s = sentence.strip()
    if _HANGUL.search(s):
        m = _PEOPLE_KO.search(s)
        return m is not None and _MINE_KO.search(s[m.end():]) is None
    m = _PEOPLE_EN.search(s)
    return m is not None and _MINE_EN.search(s[m.end():]) is None
