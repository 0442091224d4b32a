"""Names as users say them (W3): the familiar Korean 이 ("몽이", "하은이"), a name a pet's
care gives away ("Took Biscuit to the vet"), a name a clause takes as its subject before
anyone says who it is ("so Bruno is stuck inside"), someone outside the family the user is
talking about ("a card for the vet"). Read by ``coref``; pure.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.korean import FAMILY_KO, PETS_KO
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN
from gieok.write.normalize import has_batchim

_FAMILY_EN_RE = re.compile(rf"(?i:{FAMILY_EN}|grandma|grandpa|mom|dad|mum)")
_PET_NOUNS = frozenset(PETS_EN.replace("\\s+", " ").split("|"))
# what a pet is called before its name besides its kind ("my baby Biscuit", "our old boy Rex")
_PET_OR_FOND = _PET_NOUNS | {"pet", "baby", "boy", "girl"}


def ko_called(name: str, after: str) -> str:
    """A Korean name as the user calls it. After a name that ends in a consonant, "이" before
    a particle is the familiar 이 ("까망이가", "하은이는": the cat is called 까망이); before an
    ending it may be the copula ("솜사탕이야", "하준이에요") — except after a one-syllable name,
    which is always called with it ("몽이야", "콩이요": the dog is 몽이, and a memory that says
    몽 names no one the user knows). A name ending in a vowel takes no 이 ("보리야" is 보리).
    ``after``: the text right after the name as matched."""
    if name and after.startswith("이") and not name.endswith("이") and _HANGUL.fullmatch(
            name[-1]) and (ord(name[-1]) - 0xAC00) % 28 != 0 and (
            len(name) == 1 or re.match(r"이(?:가|는|를|도|랑|한테|의|\s|$)", after)):
        return name + "이"
    return name


def name_pattern(name: str) -> str:
    """A regex for a name as the user may say it again: "몽이" also as "몽" ("몽은 …")."""
    if len(name) > 1 and name.endswith("이") and _HANGUL.fullmatch(name[-2]) \
            and (ord(name[-2]) - 0xAC00) % 28 != 0:
        return re.escape(name[:-1]) + "(?:이)?"
    return re.escape(name)


def familiar(word: str) -> bool:
    """"하은이", "까망이": a name with the familiar 이 after its last consonant — read alone,
    Kiwi finds only a noun and that 이 in it (never an adverb such as 많이 or 같이, a verb,
    or a common noun of its own such as 놀이)."""
    if len(word) < 2 or not word.endswith("이") or (ord(word[-2]) - 0xAC00) % 28 == 0:
        return False
    from gieok.text.analysis import kiwi

    toks = kiwi().analyze(word, top_n=1)[0][0]
    if len(toks) == 1:  # "까망이", "서연이", "뭉뭉이": one proper or unknown noun
        return toks[0].tag == "NNP" or (toks[0].tag == "NNG" and toks[0].id <= _UNKNOWN_ID)
    # "지민"+이, "하은"+이: a proper or unknown noun — never a word the dictionary knows
    # ("생신이", "선물이": the subject particle after a common noun)
    return len(toks) == 2 and toks[1].form == "이" and toks[1].tag in ("JKS", "XSN", "VCP") \
        and (toks[0].tag == "NNP" or (toks[0].tag == "NNG" and toks[0].id <= _UNKNOWN_ID))


_UNKNOWN_ID = 2  # Kiwi's id for a noun its dictionary does not hold (a name it never saw)


_PET_CARE_EN = re.compile(
    r"\b(?:vet|vets|veterinar\w*|shots|vaccin\w*|booster|kibble|litter\s*box|groom\w*|neuter\w*|"
    r"spay\w*|fleas?|heartworm|dewormer|leash|crate|dog\s+park|kennel|cattery|flea\s+allergy)\b",
    re.IGNORECASE)
_PET_CARE_KO = re.compile(r"동물\s?병원|수의사|예방\s?접종|접종|중성화|사료|간식|산책|배변|미용|"
                          r"심장사상충|구충|켄넬|캣타워|발톱|펫\s?호텔")
_NOT_PET_NAME = frozenset(
    "Took Switched Switching Got Gave Taking Bringing Brought Fed Walked Walking Had Just Today "
    "Tomorrow Yesterday The A An My Our His Her Their This That Also And But So Then Finally "
    "She He It They We You There Here What When Where Who Why How Yes Yeah Yep No Okay Ok "
    "Dr Mr Mrs Ms Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February "
    "March April May June July August September October November December Royal Hills "
    "Purina Orijen".split())
_KO_NOT_PET_NAME = re.compile(
    r"^(?:오늘|어제|내일|요즘|이번|지난|다음|우리|저희|제|내|나|저|그|걔|얘|이제|아까|방금|드디어|"
    r"사료|간식|동물|병원|산책|강아지|고양이|반려동물|예방|접종|아침|저녁|주말|매일|처음|그래서|근데|"
    r"그리고|진짜|너무|사용자)$")


def cared_for(sentence: str) -> str | None:
    """The name a pet-care sentence is about, if it has one that is not a common word."""
    if re.search(r"[\uac00-\ud7a3]", sentence):
        if not _PET_CARE_KO.search(sentence):
            return None
        # the name right before its care ("초코 사료 바꿨더니", "보리 오늘 동물병원에서 …",
        # "단추 데리고 동물병원"): a first word alone could be anything ("올해 7살이고 …")
        first = re.match(r"\s*([가-힣]{1,4}?)(?:이가|이는|이도|이랑|이를|가|는|은|를|도|의|랑)?\s"
                         r"(?:(?:오늘|어제|내일|요즘|이번\s?주|다음\s?주|매일|드디어)\s)?"
                         r"(?:사료|간식|예방\s?접종|접종|중성화|산책|미용|발톱|동물\s?병원|심장사상충|구충|"
                         r"데리고)", sentence)
        if first is None or _KO_NOT_PET_NAME.match(first.group(1)) \
                or re.fullmatch(rf"{PETS_KO}|{FAMILY_KO}", first.group(1)):
            return None
        return first.group(1)
    if not _PET_CARE_EN.search(sentence):
        return None
    for m in re.finditer(r"(?<![\w'’])([A-Z][a-z]{2,})(?=['’]s\b|\s|[,.!]|$)", sentence):
        word = m.group(1)
        if word in _NOT_PET_NAME or _FAMILY_EN_RE.fullmatch(word) or re.search(
                r"\b(?:to|on|onto|with|from|at|by|for|of|in)\s+(?:[A-Z][\w-]*\s+)*$|"
                # "Dr. Park", "Mrs Lee": a title names a person
                r"\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sir)\.?\s+$", sentence[:m.start()]):
            continue  # "… to Royal Canin kibble": a product or a place, not the pet
        noun = re.search(r"\b(?:my|our|his|her|their|a|the)\s+(?P<noun>[a-z][a-z-]+)\s+$",
                         sentence[:m.start()])
        if noun is not None and noun.group("noun") not in _PET_OR_FOND:
            continue  # "my boss Linda took the team to the vet clinic": a person's name
        starts = m.start() == len(sentence) - len(sentence.lstrip())
        after = sentence[m.end():]
        if starts and not re.match(r"['’]s\b|\s+(?:is|was|has|had|needs|keeps|got|gets|eats|"
                                   r"hates|loves|goes|went)\b", after):
            continue  # a sentence's first word is a name only when a verb follows it
        return word
    return None


def unplaced(sentence: str) -> str | None:
    """A capitalised name that is a clause's subject ("so Bruno is stuck inside all day",
    "Mochi keeps …") — not a sentence's first word unless a verb follows it, never a day,
    month or other common capitalised word."""
    for m in re.finditer(r"(?<![\w'’])([A-Z][a-z]{2,})(?=\s+(?:is|was|has|had|keeps|gets|got|"
                         r"needs|loves|hates|eats|ate|went|goes|just|still)\b)", sentence):
        if m.group(1) in _NOT_PET_NAME or m.group(1) in ("User", "Dad", "Mom", "Mum"):
            continue
        return m.group(1)
    return None


_PERSON_NAME = re.compile(r"^(?:[A-Z][A-Za-z'’.-]*(?:\s[A-Z][A-Za-z'’.-]*){0,2}|[가-힣]{2,5})$")


def speaker_named(content: str, name: str) -> str:
    """"User adopted a puppy" → "Ana adopted a puppy" when the turn names its speaker:
    in a conversation of several people (a group chat, an imported transcript) "User"
    would not say who. A name that is not a person's (an id such as "u_123") is left out."""
    name = name.strip()
    if not _PERSON_NAME.match(name):
        return content
    if _HANGUL.search(content):
        final = has_batchim(name)
        content = re.sub(r"사용자(는|가|를|의|도|에게|한테)?(?![가-힣])", lambda m: name + {
            "는": "은" if final else "는", "가": "이" if final else "가",
            "를": "을" if final else "를"}.get(m.group(1) or "", m.group(1) or ""), content)
        return content
    content = re.sub(r"\bUser['’]s\b", f"{name}'s", content)
    content = re.sub(r"\b(?:the user|User)\b", name, content)
    return content


# Someone outside the family the user talks about: their vet, doctor, teacher, boss, friend.
_OUTSIDER_EN = re.compile(
    r"\b(?:the|a|an|our|my|his|her|their)\s+(?:new\s+|old\s+|kids['’]?\s+|son['’]s\s+|"
    r"daughter['’]s\s+)?(?:vet|veterinarian|doctor|doc|dentist|nurse|teacher|coach|trainer|groomer|"
    r"therapist|boss|manager|supervisor|coworker|co-worker|colleague|neighbou?r|landlord|landlady|"
    r"friend|roommate|client|customer|tutor|nanny|babysitter|mechanic|lawyer|accountant|"
    r"pharmacist|surgeon|instructor|professor|principal|realtor|agent|contractor|plumber)s?\b",
    re.IGNORECASE)
_THIRD_PERSON_EN = re.compile(r"\b(?:she|he|her|him|his|hers)\b", re.IGNORECASE)


# Someone the user names beside themselves or does something with ("dinner for me and 서윤",
# "lunch with Sarah"): a person of the conversation, whoever else was named before.
_COMPANION = re.compile(
    r"\b(?:me|I)\s+and\s+(?P<a>(?-i:[A-Z][a-z]+)|[가-힣]{2,4})(?![\w가-힣])"
    r"|(?<![\w가-힣])(?P<b>(?-i:[A-Z][a-z]+)|[가-힣]{2,4})\s+and\s+(?:me|I)\b"
    r"|\bwith\s+(?P<c>(?-i:[A-Z][a-z]+)|[가-힣]{2,4})(?![\w가-힣])", re.IGNORECASE)
_RELATIVE = re.compile(rf"^(?:{FAMILY_KO}|{PETS_KO})$|^(?:{FAMILY_EN})$", re.IGNORECASE)


def companion_named(sentence: str, known: set[str]) -> bool:
    """Whether ``sentence`` names, beside the user or as company, someone not in ``known``
    (the names of the session's relatives and pets): a "she" or "he" opening the next
    sentence is that person — never the cat named a month ago ("plan a dinner for me and
    서윤? she hates mushrooms")."""
    for m in _COMPANION.finditer(sentence):
        name = m.group("a") or m.group("b") or m.group("c")
        if name not in known and not _RELATIVE.match(name) and not name.startswith("사용자") \
                and name.casefold() not in ("user", "him", "her", "them", "us", "you", "my", "our"):
            return True
    return False


def outsider_named(sentence: str, *, still: bool = False) -> bool:
    """Whether an English ``sentence`` names someone outside the family (the vet, a teacher,
    a boss), so that a "she" or "her" opening the next one is that person — or, ``still``
    (the sentence before did), keeps talking about them with a she, he or her."""
    return _OUTSIDER_EN.search(sentence) is not None or (
        still and _THIRD_PERSON_EN.search(sentence) is not None)


# A relative or pet named in Hangul inside an English clause ("my daughter 서윤이 has a peanut
# allergy", "our dog 두부 hates baths"): an English word follows the name, so the name is all
# Hangul there is. A person's given name carries the familiar 이 only in Korean speech
# ("서윤이가", "서윤이 땅콩 알레르기 있어": 서윤 + the particle), so the relative is 서윤; a
# pet's name is kept as said (까망이 is what the cat is called).
_HANGUL_NAME_EN = re.compile(
    rf"(?<![\w'’])(?P<lead>(?i:my|our)\s+(?:(?i:little|baby|younger|older|youngest|oldest)\s+)?"
    rf"(?P<noun>(?i:{FAMILY_EN}|grandma|grandpa|mom|dad|mum|{PETS_EN}))\s+)(?P<name>[가-힣]{{1,4}})"
    r"(?=,?\s+[A-Za-z])")
# the Korean word for a relative or pet said in English, for a Korean memory about them
_KO_NOUN = {"wife": "아내", "husband": "남편", "son": "아들", "daughter": "딸", "kid": "아이",
            "child": "아이", "baby": "아기", "brother": "형제", "sister": "자매", "mom": "엄마",
            "mum": "엄마", "mother": "어머니", "dad": "아빠", "father": "아버지",
            "grandma": "할머니", "grandmother": "할머니", "grandpa": "할아버지",
            "grandfather": "할아버지", "boyfriend": "남자친구", "girlfriend": "여자친구",
            "dog": "강아지", "puppy": "강아지", "cat": "고양이", "kitten": "고양이",
            "rabbit": "토끼", "hamster": "햄스터", "parrot": "앵무새", "bird": "새",
            "turtle": "거북이", "fish": "물고기"}


def ko_noun(noun: str, name: str | None, lang: str) -> str:
    """The noun for a relative or pet in a Korean memory: one named in Hangul inside an
    English clause ("my daughter 서윤") by its Korean word (딸); any other as the user said it
    ("우리 cat 까망이" stays cat)."""
    if lang != "en" or not name or not _HANGUL.match(name):
        return noun
    return _KO_NOUN.get(noun.lower(), noun)


def hangul_named(sentence: str) -> tuple[str, list[tuple[str, str]]]:
    """``sentence`` with each relative named in Hangul inside an English clause given by
    their given name (see ``_HANGUL_NAME_EN``), and the (name, noun) pairs it names."""
    found: list[tuple[str, str]] = []

    def given(m: re.Match[str]) -> str:
        name, noun = m.group("name"), m.group("noun").lower()
        # a given name is two syllables: a third 이 after a consonant is the familiar one
        # (Kiwi cannot tell: it splits 서윤 into 서 + 윤 and reads 재현 as a common noun)
        if noun not in _PET_NOUNS and len(name) == 3 and name.endswith("이") \
                and (ord(name[1]) - 0xAC00) % 28 != 0:
            name = name[:-1]
        found.append((name, noun))
        return m.group("lead") + name

    return _HANGUL_NAME_EN.sub(given, sentence), found


# a name in quotes right after the pet or relative it names ("우리 고슴도치 '밤톨'", "my dog
# 'Biscuit'", "노견 “할배”"): the quotes say it is a name, even when it is a word ("할배")
_QUOTED_NAME = re.compile(
    rf"(?:(?P<ko>{PETS_KO}|{FAMILY_KO})\s?|(?<![\w'’])(?P<en>(?i:{PETS_EN}|{FAMILY_EN}))\s)"
    r"['\"‘“「『](?P<name>[가-힣]{1,6}|[A-Z][A-Za-z-]{1,14})['\"’”」』]")


_KIN_BEFORE = re.compile(rf"(?:{PETS_KO}|{FAMILY_KO})\s?$|(?<![\w'’])(?i:{PETS_EN}|{FAMILY_EN})\s$")


def kin_before(before: str) -> bool:
    """The text before a quote ends with a pet or relative ("my dog 'Biscuit'"): the quote is
    their name, not someone's words."""
    return _KIN_BEFORE.search(before) is not None


def quoted_names(sentence: str) -> list[tuple[str, str, str]]:
    """(name, noun, language) of each pet or relative named in quotes right after its noun
    ("우리 고슴도치 '밤톨' 요즘 밥을 잘 안 먹어" → 밤톨, 고슴도치, ko)."""
    return [(m.group("name"), m.group("ko") or m.group("en"), "ko" if m.group("ko") else "en")
            for m in _QUOTED_NAME.finditer(sentence)]


def unquoted(sentence: str) -> str:
    """``sentence`` with those quotes taken off ("우리 노견 '할배' 15살인데 …" → "우리 노견 할배
    15살인데 …"): the memory names them as gieok names everyone ("사용자의 노견 할배"), and a
    later session finds the name in it."""
    return _QUOTED_NAME.sub(lambda m: m.group(0)[:m.start("name") - m.start() - 1]
                            + m.group("name"), sentence)


# How a name or a kind is said of a pet in passing (read by ``coref``).
BREED_SAID = re.compile(rf"(?:이|가|는)?\s*,?\s*(?P<noun>{PETS_KO}|(?i:{PETS_EN}))(?![A-Za-z])\s?"
                        r"(?:인데|이고|이야|야|예요|이에요|에요|라서|이라서|임)")

NAMING_EN = re.compile(r"^(?:(?:and|so)\s+)?(?:(?:we|I)\s+)?(?:(?:just|finally)\s+)?"
                       r"(?i:named|called)\s+(?i:him|her|it)\s+(?P<name>[A-Z][a-z]+)\b",
                       re.IGNORECASE)

# "'s a 1 year old husky", "'s an old tabby": what a pronoun's sentence says the named one is
KIND_SAID = re.compile(rf"\s+(?:an?\s+)(?:[\w-]+\s+){{0,5}}?(?P<noun>(?i:{PETS_EN}))\b")
# "next is his neutering": a pet's care named by its pronoun; "vet said she …": who reported it
CARE_OF = re.compile(
    r"\b(?P<p>his|her)\b(?=\s+(?:[\w-]+\s+){0,2}?(?:neuter\w*|spay\w*|shots?|vaccin\w*|surgery|"
    r"check-?up|appointment|grooming|booster|dental|meds|medication|food|diet|kibble)\b)",
    re.IGNORECASE)

REPORTED_EN = re.compile(
    r"^(?:(?:the|my|our|his|her)\s+)?(?:vet|doctor|doc|dentist|groomer|trainer|pediatrician|"
    r"teacher|nurse)\s+(?:said|says|thinks|told\s+(?:me|us))\s+(?:that\s+)?(?=(?:she|he)\b)",
    re.IGNORECASE)
