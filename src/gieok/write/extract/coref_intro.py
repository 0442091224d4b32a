"""Finding referents (W3): the pets and relatives a sentence introduces, and how they are called.

"my cat Nabi", "우리 고양이 나비", "a beagle puppy … his name is Bori", "two dogs, Max and Ruby",
"소라게 세 마리": each is an ``Entity`` (its noun, its name when said, pet or family, gender and
number). ``introduced`` reads one sentence; ``named_in`` reads a stored memory in gieok's own
wording, so a pet named in an earlier session is known in this one. ``coref.Entities`` keeps
them across a session; ``coref_rewrite`` makes later sentences name them. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.focus import counted
from gieok.write.extract.korean import FAMILY_KO, PETS_KO
from gieok.write.extract.names import BREED_SAID, familiar, hangul_named, ko_called, ko_noun
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN

_FEMALE = re.compile(r"^(?:wife|daughter|mom|mum|mummy|mother|sister|grandma|grandmother|"
                     r"granny|gran|nana|nan|nanna|girlfriend|"
                     r"niece|aunt|auntie|stepmom|stepmother|stepsister|godmother|"
                     r"(?:mother|sister|daughter)-in-law|great-grand(?:ma|mother)|"
                     r"아내|와이프|딸|큰딸|작은딸|엄마|어머니|어머님|시어머님|친정엄마|친정어머니|시할머니|형수님?|누나|언니|여동생|할머니|할머님|시어머니|이모|고모|"
                     r"숙모|큰엄마|작은엄마|외할머니|친할머니|장모님?|며느리|시누이|처제|처형|올케|새엄마)$",
                     re.I)
_MALE = re.compile(r"^(?:husband|hubby|son|dad|father|brother|grandpa|grandfather|grandad|"
                   r"granddad|boyfriend|nephew|"
                   r"uncle|stepdad|stepfather|stepbrother|godfather|"
                   r"(?:father|brother|son)-in-law|great-grand(?:pa|father)|"
                   r"남편|아들|큰아들|작은아들|아빠|아버지|아버님|시아버님|친정아빠|친정아버지|시할아버지|형님|형|오빠|남동생|할아버지|할아버님|삼촌|"
                   r"외삼촌|큰아버지|작은아버지|"
                   r"이모부|고모부|외할아버지|친할아버지|장인어른|장인|사위|형부|매형|제부|시아버지|"
                   r"시동생|새아빠)$", re.I)
_PLURAL_KIN = re.compile(r"^(?:parents|kids|children|twins|grandparents|grandkids|grandchildren|"
                         r"in-laws|sons|daughters|brothers|sisters|siblings|cousins)$")
_NOT_NAME = frozenset("is was has and who that the a an named called but so just".split())
# a kind said in two words ("크레스티드 게코", "골든리트리버") is one word, with its space or without
_PET_WORDS = set(PETS_EN.replace("\\s+", " ").split("|")) | {
    w.replace("\\s?", gap) for w in PETS_KO.split("|") for gap in (" ", "")}
PET_WORDS = frozenset(_PET_WORDS)


@dataclass
class Entity:
    name: str | None
    noun: str
    kind: str  # "pet" | "family"
    lang: str
    gender: str | None = None
    plural: bool = False  # "소라게 세 마리", "three hermit crabs": named all at once later

    def display(self, lang: str) -> str:
        if lang == "ko":  # "my daughter 서윤" said in English: 사용자의 딸 서윤 in Korean
            noun = ko_noun(self.noun, self.name, self.lang)
            return f"사용자의 {noun} {self.name}" if self.name else f"사용자의 {noun}"
        return f"User's {self.noun} {self.name}" if self.name else f"User's {self.noun}"


_MY = r"(?i:my|our)"
# "our senior beagle Rusty", "my rescue greyhound Comet", "my other dog Luna": words before the noun
_EN_ADJ = (r"youngest|oldest|little|old|senior|elderly|baby|new|sweet|rescue|rescued|adopted|"
           r"big|tiny|fat|lazy|grumpy|crazy|fluffy|black|white|orange|grey|gray|brown|tabby|"
           r"golden|younger|older|twin|own|other|second|third|first|eldest|middle|step")
_EN_INTRO = [
    re.compile(rf"\b{_MY}\s+(?:\d+[- ]year[- ]old\s+|(?i:{_EN_ADJ})\s+)*"
               rf"(?P<noun>(?i:{FAMILY_EN}|{PETS_EN}))(?:,)?\s+(?:(?:is\s+)?(?:named|called)\s+)?"
               r"(?P<name>[A-Z][a-z]+)\b"),
    re.compile(rf"\b(?i:an?|the)\s+(?:[\w-]+\s+){{0,3}}?(?P<noun>(?i:{PETS_EN}))\s+(?:named|called)\s+"
               r"(?P<name>[A-Z][a-z]+)\b"),
    re.compile(rf"\b(?P<name>[A-Z][a-z]+),\s+{_MY}\s+(?P<noun>(?i:{FAMILY_EN}|{PETS_EN}))\b"),
    re.compile(rf"\b{_MY}\s+(?P<noun>(?i:{FAMILY_EN}|{PETS_EN}))['’]s\s+name\s+is\s+"
               r"(?P<name>[A-Z][a-z]+)"),
    re.compile(r"\b(?P<noun>youngest|oldest),\s+(?P<name>[A-Z][a-z]+)\b"),
    # "Loki (my husky) needs …"
    re.compile(rf"\b(?P<name>[A-Z][a-z]+)\s*\(\s*{_MY}\s+"
               rf"(?P<noun>(?i:{FAMILY_EN}|{PETS_EN}))\s*\)"),
    # "I have a son, Ethan", "we have a daughter named Ivy"
    # ("we adopted a rescue greyhound, Comet": any words before the noun that _EN_ADJ holds)
    # "Bramble the lurcher is fine", "Pepper the spaniel has been limping": a name, then the
    # kind of animal it names, then what it does (a verb: "Walk the dog every day" is no name)
    re.compile(rf"(?<![\w'’])(?P<name>[A-Z][a-z]+)\s+the\s+(?P<noun>(?i:{PETS_EN}))"
               r"(?=\s+(?:(?:just|still|always|never|really|finally|also|now)\s+)?"
               r"(?:is|was|has|had|keeps|kept|loves|hates|likes|gets|got|won['’]t|can['’]t|"
               r"doesn['’]t|didn['’]t|will|needs|seems|turned|turns|ate|eats|[a-z]+ed)\b|['’]s\s)"),
    re.compile(rf"\b(?i:have|has|got|had|adopted|rescued)\s+(?i:an?|one)\s+"
               rf"(?:(?i:{_EN_ADJ}|\d+[- ]year[- ]old)\s+){{0,2}}"
               rf"(?P<noun>(?i:{FAMILY_EN}|{PETS_EN}))(?:,\s*|\s+(?:named|called)\s+)"
               r"(?P<name>[A-Z][a-z]+)\b"),
]
# "we have a 4 yo named Kabir", "my 6 year old, Maya,", "our 3-year-old Leo": a child said by
# age alone (a pet's age goes with its kind: "a 2 year old lab named Rex" is read above)
_EN_AGED = re.compile(rf"\b(?:{_MY}|(?i:have|has|had)\s+(?i:an?))\s+\d{{1,2}}\s?(?i:yo|y/o|yr[- ]old|"
                      r"years?[- ]old|-years?-old)(?:,)?\s+(?:(?i:named|called)\s+)?(?P<name>[A-Z][a-z]+)\b")
# "I'm married to Elena", "engaged to Marco since june": the spouse or fiancé, by name
_EN_WED = re.compile(r"\b(?P<how>(?i:married|engaged))\s+to\s+(?P<name>[A-Z][a-z]+)\b")
# "two dogs, Max and Ruby": one entity per name. Each name may carry its age ("our two kids,
# Theo (9) and Ruby (6)", "Theo who is 9 and Ruby who's 6"), and the list may follow "are"
# ("my kids are Theo and Ruby").
_AGE_AFTER = r"(?:\s*\(\d{1,2}\)|,?\s+who(?:['’]s|\s+is)\s+\d{1,2})?"
_NAME_AGED = rf"[A-Z][a-z]+{_AGE_AFTER}"
_EN_LIST = re.compile(rf"\b(?P<noun>(?i:{FAMILY_EN}|{PETS_EN}))(?:[,:]?\s+|\s+(?i:are|were)\s+)"
                      r"(?:(?:named|called)\s+)?"
                      rf"(?P<names>{_NAME_AGED}(?:,\s*{_NAME_AGED})*,?\s+and\s+{_NAME_AGED})")
# "we adopted a beagle puppy", "my grandmother lives with us": an entity named later, or never.
_EN_UNNAMED = re.compile(
    rf"\b(?:(?i:have|has|got|adopted|rescued|bought|own|adopt|found)\s+(?i:an?|two|three|\d+)"
    rf"\s+(?:[\w-]+\s+){{0,2}}?(?P<noun>(?i:{PETS_EN}|{FAMILY_EN}))\b|"
    # ("my nan", "our nanna": a grandmother, said only with my/our — never NaN in code)
    rf"{_MY}\s+(?P<noun2>(?i:{FAMILY_EN}|{PETS_EN})|(?-i:nan|nanna))"
    r"(?=['’]s\s|\s+(?:is|was|has|had|lives|just|turns|turned|starts|started|got|uses|takes|"
    r"are|were|live|have|moved|moves|uses|used|needs|needed|broke|fell|had)\b"
    # "my husband says I work too much. he is a mechanic": a relative who says, thinks or
    # wants something is the "he" that follows, not a son named in an earlier session
    r"|\s+(?:says?|said|thinks?|thought|wants?|wanted|told|tells|keeps|kept|works|worked|"
    r"loves|loved|hates|likes|does|did|doesn['’]t|didn['’]t|can|can['’]t|will|would|never|"
    r"always|still|also)\b"
    # "I call my dad every Wednesday, he's …": the relative as the object, then when or where
    r"|\s+(?:every|each|on|at|in|for|to|about|with|from|when|after|before|this|next|last)\b"
    r"|\s*[.!?,]|\s*$)|"  # "a party for my daughter", "a gift for my husband?"
    # "is it ok to give my rabbit carrots?": a pet, whatever follows (no person is a rabbit)
    # (a breed or kind word may come between: "my new betta fish", "my old tabby cat")
    rf"{_MY}\s+(?:(?i:{_EN_ADJ})\s+)?(?:(?!(?i:hot|corn|top|sea|lap|guide|guard|watch|sausage)\s)"
    rf"(?i:[a-z]+)\s+)?(?P<noun3>(?i:{PETS_EN}))\b|"
    # "the puppy we got in august"
    rf"\b(?i:the)\s+(?P<noun4>(?i:{PETS_EN}))\s+(?i:we|I)\s+(?i:got|adopted|rescued|brought\s+home|"
    r"took\s+in)\b|"
    # "the dog's been limping since tuesday", "the cat keeps waking me at 5": a pet said with
    # "the" as the subject of the user's own sentence, with an ongoing state and no place or
    # owner after the noun ("the dog next door", "the cat at work" are not the user's)
    rf"^(?:(?i:so|and|also|ugh|um|ok|okay|hey|hi|morning|oh|well)\W+)*(?i:the)\s+"
    rf"(?P<noun5>(?i:{PETS_EN}))(?=['’]s\s+(?:been|got|not|off|on|still|always|due)\b|"
    r"\s+(?i:keeps|has\s+been|is\s+(?:still|always|now|on|off|being)|won['’]t|doesn['’]t|"
    r"hates|needs|started|stopped|threw\s+up|has\s+(?:started|stopped|got))\b)|"
    # "first trip with the baby", "the baby is teething": a household's own "the baby" (or
    # kids, twins), said with the user or as the subject — not "the baby next door", "the
    # kids' menu", "the baby in the movie"
    r"(?:\b(?i:with|for|and|take|took|bring|brought|drop|dropped|pick|picked)\s+|"
    r"^(?:(?i:so|and|also|ugh|ok|okay|oh|well)\W+)*)(?i:the)\s+(?P<noun7>(?i:baby|kids|twins|toddler))"
    r"(?=\s*[.,!?;]|\s*$|\s+(?:is|was|has|had|just|finally|still|keeps|won['’]t|can['’]t|"
    r"turned|turns|started|starts|slept|sleeps|woke|got|up|off|to|for)\b))")
EN_NAME_LATER = re.compile(r"\b(?:his|her|its|their|User['’]s\s+(?:[\w-]+\s+){0,2}?[\w-]+['’]s)"
                           r"\s+name(?:\s+is|['’]s)\s+(?P<name>[A-Z][a-z]+)|"
                           # "we got a kitten!! named her Mochi"
                           r"\b(?i:named|called|call)\s+(?i:him|her|it)\s+(?P<name2>[A-Z][a-z]+)")
# "우리 dog 해피", "제 daughter 지우": mixed chat names the pet or relative in English
_KO_NOUN = rf"{FAMILY_KO}|{PETS_KO}|(?i:{PETS_EN}|{FAMILY_EN})(?![A-Za-z])"
# pet nouns of one syllable (개, 새) end many other words; they count only as a word of their own
_PETS_SHORT = "|".join(w for w in PETS_KO.split("|") if len(w) == 1)
_PETS_LONG = "|".join(w for w in PETS_KO.split("|") if len(w) > 1)
_KO_INTRO = [
    re.compile(rf"(?:우리|저희|울|내|제)\s?(?:집\s?)?(?P<noun>{_KO_NOUN})\s?"
               r"(?P<name>[가-힣A-Za-z]{1,6})(?:가|는|은|를|도|랑|께서)(?=\s|$)"),
    # "저희 집 리트리버 하루한테 닭고기 알레르기가 있어서": a pet's name before 한테/에게 (a
    # relative's word may be followed by someone else's: "우리 엄마 친구한테")
    re.compile(rf"(?:우리|저희|울|내|제)\s?(?:집\s?)?(?P<noun>{PETS_KO})\s?"
               r"(?P<name>[가-힣A-Za-z]{1,6}?)(?:이)?(?:한테|에게)(?=\s|$)"),
    # "앵무새 이름은 망고인데 요즘 …": the name before the copula's connective as well
    re.compile(rf"(?P<noun>{_KO_NOUN})\s?이름은\s?(?P<name>[가-힣A-Za-z]{{1,6}}?)"
               r"(?:이)?(?:야|예요|에요|이에요|입니다|이고|임|이야|인데)?(?=[\s.!,]|$)"),
    re.compile(rf"(?P<name>[가-힣A-Za-z]{{1,6}}?)(?:이)?라는\s(?P<noun>{PETS_KO}|{FAMILY_KO})"),
    re.compile(rf"(?P<noun>{PETS_KO})(?:를|을)?\s?(?:한\s?마리\s?)?키우는데\s?이름이\s?"
               r"(?P<name>[가-힣A-Za-z]{1,6}?)(?:이)?(?:에요|예요|야|이야)"),
    re.compile(rf"(?:우리|저희|울|내|제)\s?(?:집\s?)?(?P<noun>{_KO_NOUN})\s"
               r"(?P<name>[A-Z][A-Za-z]+)"),
    # "작년에 키우던 햄스터 쿠키가 죽었어": the pet the user keeps (or kept), then its name
    re.compile(rf"(?:키우던|키우는|키웠던|기르던|기르는|길렀던)\s(?P<noun>{PETS_KO})\s?"
               r"(?P<name>[가-힣A-Za-z]{1,6}?)(?:이)?(?:가|는|은|를|도|랑)(?=\s)"),
    # "고양이 두 마리 중에 까망이가 첫째야": a name with the familiar 이 after a pet or relative
    # (a relative is a word of its own: not the 형 of "원숭이 인형"; nor is a one-syllable pet:
    # not the 개 of "김치찌개 맛있게 끓이는 법" or "무지개", the 새 of "냄새")
    re.compile(rf"(?P<noun>{_PETS_LONG}|(?<![가-힣])(?:{_PETS_SHORT}|{FAMILY_KO}))\s[^.!?]{{0,12}}?(?<=\s)"
               r"(?P<name>[가-힣]{1,3})이(?:가|는|도|랑|를)(?=\s)"),]
KO_RELATIVE = "|".join(w for w in FAMILY_KO.split("|")
                       if w not in ("아이", "아기", "애기", "애", "가족", "자녀"))
_KO_BARE_NAME = re.compile(rf"(?:우리|저희|울|내|제)\s?(?:집\s?)?(?P<noun>{_KO_NOUN})\s"
                           r"(?P<name>[가-힣]{1,4})(?=[\s?!.,]|$)")
_KO_UNNAMED = re.compile(rf"(?:우리|저희|울|내|제)\s?(?:집\s?)?(?P<noun>{_KO_NOUN})"
                         r"(?:이|가|는|은|도|랑|를|께서)?(?=\s)|"
                         # "지금은 토끼 한 마리 키워", "거북이 키운 지 10년": a pet the user
                         # keeps, named later or never
                         rf"(?<![가-힣])(?P<noun2>{PETS_KO})(?:를|을)?\s?(?:새끼(?:를|를)?\s?)?"
                         r"(?:(?:한|두|세|\d)\s?마리\s?(?:를\s?|을\s?)?)?"
                         r"(?:키워|키우|키운|길러|기르|입양|데려|분양)|"
                         # "햄스터 이름 뭐로 하지?": a pet the user is naming
                         rf"(?<![가-힣])(?P<noun6>{PETS_KO})\s?이름\s?(?:뭐로|뭘로|추천|지어|짓|정해)|"
                         # "막내가 유치원 졸업식이었거든": a relative said bare as the sentence's
                         # subject is the user's (not "애"/"아이", which may be any child)
                         r"(?:^|(?<=[.!?~ㅋㅎ]))\s*(?:(?:오늘|어제|요즘|이번에|아까)\s)?"
                         rf"(?P<noun3>{KO_RELATIVE})(?:(?:이|가|는|은|께서)(?=\s)|"
                         # "시어머니 생신 선물 …", "할머니 구순 잔치 …": a relative said bare
                         # before a noun is "my …" (Korean drops the 의 and the 우리)
                         r"\s(?=[가-힣]{2,}\s))")
KO_NAME_LATER = re.compile(r"(?:^|\s)이름은\s?(?P<q>['‘\"“])?(?P<name>[가-힣A-Za-z]{1,6}?)"
                           # "이름은 '양말' 근데 …": a quoted name, closed by its quote
                           r"(?(q)['’\"”]|(?:이)?)"
                           r"(?:야|예요|에요|이에요|입니다|이고|임|이야|인데)?(?=[\s.!,]|$)|"
                           # "이름이 Sunny야", "걔 이름이 서윤인데": with 이 only before a copula
                           r"(?:^|\s)이름이\s?(?P<name2>(?!(?:뭐|뭔|무엇|머)(?![가-힣]))(?:[가-힣]{1,6}?|[A-Za-z]{1,12}?))"
                           r"(?:이)?(?:야|예요|에요|이에요|입니다|이고|이야|인데|이라서|라서|이라|라|다)"
                           r"(?=[\s.!,~]|$)")
KO_NAME_LIST = re.compile(r"^(?:이름은\s?)?(?P<a>[가-힣]{1,4}?)(?:이)?(?:랑|하고|와|과|,)\s?"
                          r"(?P<b>[가-힣]{1,4}?)(?:이)?(?:야|이야|예요|이에요|입니다|이고)?[\s.!~ㅋㅎ]*$")
KO_NOT_NAME = re.compile(r"^(?:이름|요즘|지금|이번|올해|벌써|진짜|너무|정말|이제|원래|두|세|한|각각|"
                         r"다음|어제|오늘|내일|둘|셋)$")




# children named by their order: "큰애는 7살 지호, 작은애는 4살 지안이", "첫째는 지호 둘째는 지안"
_ORDER_KO = r"큰애|작은애|큰아이|작은아이|첫째|둘째|셋째|막내|막둥이|큰딸|작은딸|큰아들|작은아들"
_KO_ORDERED = re.compile(
    rf"(?<![가-힣])(?P<noun>{_ORDER_KO})(?:는|은|가|이)?\s(?P<age>\d{{1,2}}\s?살\s)?(?P<name>[가-힣]{{2,3}}?)(?:이)?"
    rf"(?=(?:야|예요|에요|이에요|이고|고)?(?:[,.!~\s]*$|,|\s(?:{_ORDER_KO})))")
# what a child is, said in the same shape ("첫째는 학생이고 둘째는 유치원생이야")
_KO_NOT_CHILD_NAME = re.compile(r"^(?:학생|대학생|고등학생|중학생|초등학생|유치원생|고딩|중딩|초딩|아기|신생아|"
                                r"딸|아들|남자|여자|군인|직장인|재수생|취준생|외동|쌍둥이|\d)")


def _ordered_children(sentence: str) -> list[Entity]:
    """Children named by their order, when an age is said before the name or two or more are
    named in the sentence — a word alone after "첫째는" may be what the child is."""
    found = [m for m in _KO_ORDERED.finditer(sentence)
             if not KO_NOT_NAME.match(m.group("name")) and not _KO_NOT_CHILD_NAME.match(m.group("name"))]
    if len(found) < 2:
        found = [m for m in found if m.group("age")]
    return [entity(m.group("name"), m.group("noun"), "ko") for m in found]


def named(m: re.Match[str]) -> str:
    return m.group("name") or m.group("name2") or ""


def introduced(sentence: str) -> list[Entity]:
    """The pets and relatives ``sentence`` introduces ("my cat Nabi", "우리 고양이 나비",
    "소라게 세 마리"), named or not, in the order found."""
    out = [entity(name, noun, "en") for name, noun in hangul_named(sentence)[1]]
    for pattern in _EN_INTRO:
        for m in pattern.finditer(sentence):
            if m.group("name").lower() in _NOT_NAME or m.group("name") == "User":
                continue
            out.append(entity(m.group("name"), m.group("noun"), "en"))
    for m in _EN_AGED.finditer(sentence):  # "we have a 4 yo named Kabir": a child by age
        if m.group("name").lower() not in _NOT_NAME:
            out.append(entity(m.group("name"), "kid", "en"))
    for m in _EN_WED.finditer(sentence):  # "married to Elena. she's a nurse"
        if m.group("name").lower() not in _NOT_NAME:
            out.append(entity(m.group("name"), "fiancé" if m.group("how").lower() == "engaged"
                              else "spouse", "en"))
    for m in _EN_LIST.finditer(sentence):
        noun = re.sub(r"(?:ren|s)$", "", m.group("noun").lower()) or m.group("noun")
        for name in re.findall(r"[A-Z][a-z]+", re.sub(_AGE_AFTER, "", m.group("names"))):
            if name.lower() not in _NOT_NAME:
                out.append(entity(name, noun, "en"))
    for pattern in _KO_INTRO:
        for m in pattern.finditer(sentence):
            name = ko_called(m.group("name"), sentence[m.end("name"):])
            if KO_NOT_NAME.match(name):
                continue
            noun = m.group("noun")
            kind = BREED_SAID.match(sentence[m.end("name"):])
            if kind is not None and noun in ("애", "아이", "애기", "아기"):
                noun = kind.group("noun")  # "우리 애 Toby, corgi인데": the child is a corgi
            out.append(entity(name, noun, "ko"))
    out.extend(_ordered_children(sentence))  # "큰애는 7살 지호, 작은애는 4살 지안이"
    if not out and re.search(r"[\uac00-\ud7a3]", sentence):
        out.extend(_bare_korean_name(sentence))
    if not out:
        m = _EN_UNNAMED.search(sentence) or _KO_UNNAMED.search(sentence)
        if m is not None:
            g = m.groupdict()
            noun = next((g[k] for k in ("noun", "noun2", "noun3", "noun4", "noun5", "noun6", "noun7")
                         if g.get(k)), "")
            lang = "ko" if re.search(r"[\uac00-\ud7a3]", noun) else "en"
            out.append(entity(None, noun, lang))
    for m in _EN_COUNTED_KIN.finditer(sentence):
        # "with my wife Mei and our two kids": the kids too, unnamed, named all at once later
        noun = m.group("noun").lower()
        if not any(e.noun.rstrip("s") == noun.rstrip("s") for e in out):
            out.append(Entity(name=None, noun=noun, kind="pet" if _PET_WORDS & {noun, noun[:-1]}
                              else "family", lang="en", plural=True))
    for m in _KO_COUNTED_KIN.finditer("" if _KO_GROUP.search(sentence) else sentence):
        # "애 둘 키워요", "딸 셋이에요", "두 아이 엄마": children counted, named later
        noun = m.group("noun") or m.group("noun2")
        noun = "아이" if noun in ("애", "애들", "아이들", "자녀") else noun  # one of them
        if not any(e.noun == noun for e in out):
            out.append(Entity(name=None, noun=noun, kind="family", lang="ko", plural=True))
    herd = counted(sentence) if not any(e.name for e in out) else None
    same = next((e for e in out if e.name is None and herd and e.noun == herd), None)
    if same is not None:  # "고양이 두 마리 키워": the cats already found, now counted
        same.plural = True
    elif herd is not None:  # "조카가 두고 간 소라게 세 마리": the animals, after the nephew
        lang = "ko" if re.search(r"[\uac00-\ud7a3]", herd) else "en"
        kind = "pet" if _HANGUL.search(sentence) \
            or entity(None, herd, lang).kind != "family" else "family"  # (마리: animals)
        out.append(Entity(name=None, noun=herd, kind=kind, lang=lang, plural=True))
    return out


# "our two kids", "my three cats": several relatives or pets counted, not yet named
_EN_COUNTED_KIN = re.compile(
    rf"\b{_MY}\s+(?i:two|three|four|five|six|[2-9])\s+(?:(?:little|young|grown|older|"
    rf"rescue|[\w-]+-year-old)\s+)?(?P<noun>(?i:kids|children|sons|daughters|boys|girls|"
    rf"grandkids|grandchildren|cats|dogs|kittens|puppies|rabbits|bunnies))\b")


# "우리 팀은 애들이 셋이야": 애들 for the people of a team, class or club, not children
_KO_GROUP = re.compile(r"팀|회사|부서|학원|동아리|교실|(?<![가-힣])반(?:에|은|는|이|애들)|학생|직원|후배")
_KO_COUNTED_KIN = re.compile(
    r"(?<![가-힣])(?P<noun>애|아이|아들|딸|자녀|애들|아이들)(?:이|가|는|은|만)?\s?"
    r"(?:둘|셋|넷|두\s?명|세\s?명|네\s?명|[2-9]\s?명)(?:이(?:에요|예요|야|고|라서|다|요)?)?"
    r"(?![가-힣])"
    r"|(?<![가-힣])(?:두|세|네)\s(?P<noun2>아이|아들|딸|자녀)(?![가-힣])")


def _bare_korean_name(sentence: str) -> list[Entity]:
    """"우리 집 강아지 몽이 알지?": a name right after the pet or relative, with no
    particle — only when Kiwi reads it as a proper noun."""
    m = _KO_BARE_NAME.search(sentence)
    if m is None or KO_NOT_NAME.match(m.group("name")):
        return []
    from gieok.write.extract.korean import tokens

    start = m.start("name")
    if not any(t.start == start and t.tag == "NNP" for t in tokens(sentence)) \
            and not familiar(m.group("name")) \
            and not re.fullmatch(r"[A-Za-z]+", m.group("noun")) \
            and not _name_then_when(m.group("name"), sentence[m.end("name"):]):
        return []
    return [entity(m.group("name"), m.group("noun"), "ko")]


# the pet's or relative's own things said right after it, with no 의 ("우리 강아지 털 요즘 …",
# "우리 고양이 밥 …"): not a name, however the sentence goes on
_THEIRS = frozenset("털 밥 사료 간식 이름 나이 몸무게 체중 발 발톱 눈 귀 코 입 이빨 피부 배 꼬리 다리 "
                    "산책 병원 약 장난감 집 옷 미용 목욕 건강 상태 똥 오줌 방 학교 회사 일 생일 "
                    "생신 선물 차 폰 숙제 성적 친구 남친 여친 결혼".split())
_WHEN_NEXT = re.compile(r"^\s(?:요즘|요새|오늘|어제|그제|지금|이번|최근|작년|올해|벌써|아직|드디어|"
                        r"맨날|매일|또|아까|방금|요번|지난)(?:에|엔)?(?![가-힣])")


def _name_then_when(name: str, after: str) -> bool:
    """"우리 강아지 보리 오늘 병원 갔어", "우리 앵무새 키위 요즘 깃털 뽑아요": a word right after
    the pet or relative, then when — the pet's name, even a common noun (보리, 키위, 콩)."""
    return name not in _THEIRS and _WHEN_NEXT.match(after) is not None


def entity(name: str | None, noun: str, lang: str) -> Entity:
    """A pet or relative as its noun says: a pet when the noun is an animal, else family;
    gender and number from the noun ("wife" is she, "parents" are several)."""
    low = noun.lower()
    kind = "pet" if low in _PET_WORDS else "family"
    gender = "f" if _FEMALE.match(low) else "m" if _MALE.match(low) else None
    return Entity(name=name, noun=noun.lower() if lang == "en" else noun, kind=kind,
                  lang=lang, gender=gender, plural=_PLURAL_KIN.match(low) is not None)


_STORED_KO = re.compile(rf"^사용자의\s(?P<noun>{FAMILY_KO}|{PETS_KO})\s(?P<name>[가-힣A-Za-z]{{1,6}}?)"
                        r"(?:이)?(?:는|은|가|이|도|의|랑)?\s")


@lru_cache(maxsize=4096)
def named_in(memory: str) -> tuple[tuple[str, str, str], ...]:
    """(name, noun, language) of each pet or relative a stored memory names — cached: the same
    memories are read on every ``add`` of a scope."""
    own = _STORED_KO.match(memory.strip())
    if own is not None and not KO_NOT_NAME.match(own.group("name")):
        # "사용자의 딸 지유 이번에 …": gieok's own wording puts the name right after the noun
        return ((ko_called(own.group("name"), memory.strip()[own.end("name"):]),
                 own.group("noun"), "ko"),)
    text = re.sub(r"^User\s+has\b", "I have", memory.strip())
    text = re.sub(r"\bUser['’]s\b", "my", text)
    text = re.sub(r"\bUser\b", "I", text)  # never a pet called "User"
    text = re.sub(r"사용자의(?=\s)", "우리", text)
    text = re.sub(r"(?<=[가-힣])(?:이다|다)(?=[\s.,]|$)", "이야", text)  # "이름은 하준이다" → "하준이야"
    text = re.sub(r"(?<=[A-Za-z])(?:이다|다)(?=[\s.,]|$)", " 이야", text)  # "이름은 Noah다"
    return tuple((e.name, e.noun, e.lang) for e in introduced(text)
                 if e.name is not None and e.name not in ("I", "User", "사용자"))


def fits(entity: Entity, pronoun: str) -> bool:
    """"she" may be a woman or any pet, "he" a man or any pet; "it" and "걔" anyone — never
    several counted at once ("3 adults", "three hermit crabs")."""
    gender = {"she": "f", "her": "f", "he": "m", "his": "m", "him": "m"}.get(pronoun)
    return not entity.plural and (entity.gender in (gender, None) or entity.kind == "pet")
