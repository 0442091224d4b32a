"""An answer to the assistant's question, said as a memory about what it is about (W3).

The user tells the assistant about their horse, the assistant asks "What's her name?", the
user says "Juniper". Stored as the question and its answer (``User's answer to "What's her
name?": Juniper``) the memory names no horse, and it reads like a transcript wherever it is
shown. Said as a statement about its subject it stands alone: "User's mare is named
Juniper", "사용자의 강아지 Butter: 골든리트리버 1살 수컷". The subject comes from the question
(its pronoun, the pet or relative it names, a pet's attribute such as a breed) and from the
conversation (the pets and relatives named so far, the kind of animal or relative the user's
previous sentence spoke of, and what it said the animal is: "she's a 60 lb pit mix").
Only questions that ask an attribute of that subject are turned into a statement — its name,
age or kind; for the rest (and when no subject is found) the caller keeps the question with
its answer.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract import korean
from gieok.write.extract.coref import Entities, Entity
from gieok.write.extract.korean import FAMILY_KO, PETS_KO
from gieok.write.extract.names import name_pattern
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN
from gieok.write.normalize import has_batchim

# animals a user keeps that the pet list leaves out (a horse boarded at a barn, farm animals)
_MORE_ANIMALS = r"horse|mare|stallion|gelding|pony|foal|donkey|goat|sheep|pig|cow|hen|chicken|duck"
_KIND_EN = re.compile(rf"\b(?:my|our|mine(?:['’]s|\s+is)|we\s+have|i\s+have)\s+(?:(?:an?|\d+[- ]"
                      rf"(?:year|yr|month)s?[- ]old|[\w-]+)\s+){{0,4}}?"
                      rf"(?P<noun>(?i:{PETS_EN}|{FAMILY_EN}|{_MORE_ANIMALS}))\b", re.IGNORECASE)
_KIND_KO = re.compile(rf"(?<![가-힣])(?P<noun>{PETS_KO}|{FAMILY_KO})(?=[이가은는을를도랑의\s,.!?~]|$)")
# what the previous sentence said the animal or relative is: "she's a 60 lb pit mix"
_DESCRIBED = re.compile(r"\b(?:she|he|it|mine)(?:['’]s|\s+is)\s+(?P<d>an?\s+[\w\s-]{2,40}?)"
                        r"\s*(?=[.,!?;]|$)", re.IGNORECASE)
# questions about a pet's attribute: a breed, the kind of dog ("견종이 뭐예요?", "What breed?")
_PET_ATTR = re.compile(r"\bbreed\b|\bwhat\s+(?:kind|type|sort)\s+of\s+(?:dog|cat|pet|bird)\b|"
                       rf"견종|묘종|품종|어떤\s?(?:{PETS_KO})(?:예요|에요|야|이야|인가요)", re.IGNORECASE)
_ASKS_NAME = re.compile(r"\bname\b|이름", re.IGNORECASE)
_ASKS_AGE = re.compile(r"\bhow\s+old\b|몇\s?살|나이", re.IGNORECASE)
_ASKS_KIND = re.compile(r"^(?:what|which)\s+(?:breed|kind|type|sort)\b", re.IGNORECASE)
_NUMBERS = (r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
            r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty")
_AMBIGUOUS_KO = frozenset({"애", "아이", "애기", "아기"})


def _lang(text: str) -> str:
    return "ko" if _HANGUL.search(text) else "en"


def subject(question: str, entities: Entities, topic: Entity | None,
            prior: str | None) -> Entity | None:
    """The pet or relative ``question`` asks about: its pronoun's referent, the one it names,
    the latest pet for a pet's attribute, or the topic of the conversation just before;
    else the animal or relative the user's previous sentence (``prior``) spoke of."""
    q = question.strip()
    lang = _lang(q)
    pet_attr = _PET_ATTR.search(q) is not None
    pronoun = re.search(r"\b(she|he|her|him|his)\b", q, re.IGNORECASE) if lang == "en" else None
    if pronoun is not None:
        target = entities.pronoun_target(pronoun.group(1).lower())
        if target is not None:
            return target
    for entity in reversed(entities.known):
        if (entity.name and re.search(rf"(?<![\w]){name_pattern(entity.name)}", q)) or (
                len(entity.noun) > 1 and re.search(rf"(?<![\w]){re.escape(entity.noun)}(?![a-z])",
                                                   q, re.IGNORECASE)):
            return entity
    if pet_attr:
        pet = next((e for e in reversed(entities.known)
                    if e.kind == "pet" or e.noun in _AMBIGUOUS_KO), None)
        noun = _pet_noun(q, prior)
        if pet is not None:
            if pet.kind != "pet" and noun:  # "우리 애가 …" then "견종이 뭐예요?": the child is a dog
                return Entity(name=pet.name, noun=noun, kind="pet", lang=pet.lang)
            return pet
        return Entity(name=None, noun=noun, kind="pet", lang=lang) if noun else None
    asked_of = _asked_of(q)
    if asked_of is not None:
        return asked_of
    if topic is not None and subjectless(q):
        return topic
    if _ASKS_NAME.search(q):  # "이름이 뭐예요?": the pet or relative not named yet
        unnamed = next((e for e in reversed(entities.known) if e.name is None), None)
        if unnamed is not None:
            return unnamed
    if pronoun is not None or pet_attr or _ASKS_NAME.search(q):
        said = _kind_said(prior)
        if said is not None:
            return said
    return None


# the assistant's honorific for the user's relative ("어머님 약은 …?"): the memory says the
# plain word the user would ("사용자의 어머니")
_HONORIFIC = {"어머님": "어머니", "아버님": "아버지", "따님": "딸", "아드님": "아들",
              "남편분": "남편", "아내분": "아내", "부모님": "부모", "할머님": "할머니",
              "할아버님": "할아버지"}
_ASKED_OF_EN = re.compile(rf"\byour\s+(?:[\w-]+\s+){{0,2}}?(?P<noun>(?i:{FAMILY_EN}|{PETS_EN}|"
                          rf"{_MORE_ANIMALS}))(?:['’]s)?\b", re.IGNORECASE)
_ASKED_OF_KO = re.compile(rf"(?<![가-힣])(?P<noun>{'|'.join(_HONORIFIC)}|{FAMILY_KO}|{PETS_KO})"
                          r"(?P<many>들)?(?=[이가은는을를도의]|\s|$)")


def _asked_of(question: str) -> Entity | None:
    """The relative or pet the question itself names ("How old are your kids?", "어머님 약은
    어떤 걸 드세요?"), when no one named before is meant."""
    if _HANGUL.search(question):
        m = _ASKED_OF_KO.search(question)
        if m is None:
            return None
        noun = _HONORIFIC.get(m.group("noun"), m.group("noun"))
        entity = Entities._entity(None, noun, "ko")
        if m.group("many"):  # "조카들이 몇 살이에요?": 사용자의 조카들
            entity.noun += "들"
        return entity
    m = _ASKED_OF_EN.search(question)
    return Entities._entity(None, m.group("noun").lower(), "en") if m else None


def _pet_noun(question: str, prior: str | None) -> str | None:
    """The kind of animal a question about a breed means: the one the user just named, else
    the one the question's word implies ("견종" is a dog's breed, "묘종" a cat's)."""
    said = _kind_said(prior)
    if said is not None and said.kind == "pet":
        return said.noun
    if "견종" in question:
        return "강아지"
    if "묘종" in question:
        return "고양이"
    m = re.search(r"\b(dog|cat|bird)\b", question, re.IGNORECASE)
    return m.group(1).lower() if m else None


def _kind_said(prior: str | None) -> Entity | None:
    """The user's animal or relative the previous sentence spoke of ("mine's a 14 year old
    mare", "my dog, she's …", "우리 강아지가 …")."""
    if not prior:
        return None
    if _HANGUL.search(prior):
        found = list(_KIND_KO.finditer(prior))
        if not found:
            return None
        noun = found[-1].group("noun")
        return Entities._entity(None, noun, "ko")
    found = list(_KIND_EN.finditer(prior))
    if not found:
        return None
    noun = found[-1].group("noun").lower()
    entity = Entities._entity(None, noun, "en")
    if re.fullmatch(_MORE_ANIMALS, noun):
        entity.kind = "pet"
    return entity


def subjectless(question: str) -> bool:
    """A short question that names no one ("How old?", "몇 살이에요?", "What breed?")."""
    if _HANGUL.search(question):
        return not any(t.tag in ("NNP", "NP", "JKS") or t.form in ("은", "는")
                       for t in korean.tokens(question))
    words = re.findall(r"[A-Za-z']+", question)
    return len(words) <= 3 and not re.search(
        r"\b(?:you|your|i|my|we|our|it|they|them|their|this|that)\b", question, re.IGNORECASE)


def _described(entity: Entity, prior: str | None) -> str | None:
    """What the previous sentence said the entity is ("my dog, she's a 60 lb pit mix" → "a 60
    lb pit mix"), when that sentence names the entity."""
    if not prior or _HANGUL.search(prior):
        return None
    if not re.search(rf"\b{re.escape(entity.noun)}\b", prior, re.IGNORECASE) and not (
            entity.name and entity.name in prior):
        return None
    m = _DESCRIBED.search(prior)
    return m.group("d").strip() if m else None


_KO_ENDING = re.compile(r"\s*(?:이에요|예요|이요|요|이야|야|입니다|임)$")
_KO_NAME_IN = re.compile(r"[,\s]*(?:이름은|이름이)\s?(?P<n>[가-힣A-Za-z]{1,12}?)"
                         r"(?:이에요|예요|이요|요|이야|야|입니다|이고|임)?$")


def statement(fragment: str, question: str, entity: Entity | None, name: str | None,
              prior: str | None = None) -> str | None:
    """The answer as a statement about ``entity`` ("User's mare is named Juniper"), or None
    when the question does not ask an attribute of it (the caller keeps the question).
    ``name``: the name the fragment gives, when the question asked for one."""
    if entity is None:
        return None
    text = fragment.strip().rstrip(".!~ ")
    if _lang(text) != _lang(question):
        return None
    if _lang(text) == "ko":
        return _korean(text, question, entity, name)
    return _english(text, question, entity, name, prior)


def _english(text: str, question: str, entity: Entity, name: str | None,
             prior: str | None) -> str | None:
    described = _described(entity, prior) if entity.name is None else None
    who = entity.display("en")
    if name is not None and entity.name is None:
        if described and re.search(rf"\b{re.escape(entity.noun)}$", described, re.IGNORECASE):
            # "mine's a 14 year old mare": "User's 14 year old mare is named Juniper"
            kind = re.sub(r"^an?\s+", "", described)
            return f"User's {kind} is named {name}"
        if described:
            return f"{who}, {described}, is named {name}"
        return f"{who} is named {name}"
    if name is not None:
        return None
    body = re.sub(r"^(?:she['’]s|he['’]s|it['’]s|they['’]re|just)\s+", "", text, flags=re.I)
    plural = re.search(r"(?:s|ren)$", entity.noun) is not None and entity.name is None
    if re.match(rf"(?:about|around|almost|nearly|{_NUMBERS})\b", body, re.I):
        body = body[0].lower() + body[1:]  # "About four" → "… is about four years old"
    if _ASKS_AGE.search(question):
        if re.fullmatch(rf"(?:(?:about|around|almost|nearly)\s+)?(?:\d+(?:\.\d+)?|{_NUMBERS})", body, re.I):
            body += " years old"
        elif re.fullmatch(rf"(?:(?:about|around|almost|nearly)\s+)?(?:[\d.]+|{_NUMBERS})\s*(?:years?|yrs?|months?|"
                          r"weeks?|mos?)", body, re.I):
            body += " old"
        if re.search(r"\b(?:turning|going\s+to\s+be)\b", question, re.I):
            # "How old is she turning?" → "6!": the age to come, not the age now
            return f"{who} {'are' if plural else 'is'} turning {re.sub(r' years old$', '', body)}"
        return f"{who} {'are' if plural else 'is'} {body}"
    if entity.kind == "pet" and (_ASKS_KIND.search(question) or _PET_ATTR.search(question)):
        # a pet's kind only: "What kind of work does your wife do?" asks no kind of her
        if re.match(r"(?i)(?:a|an|the)\b", body):
            body = body[0].lower() + body[1:]
        elif not re.match(r"\d", body):
            body = ("an " if body[:1].lower() in "aeiou" else "a ") + body
        return f"{who} is {body}"
    return None


def _korean(text: str, question: str, entity: Entity, name: str | None) -> str | None:
    if name is not None and entity.name is None:
        return f"사용자의 {entity.noun} 이름은 {name}{'이다' if has_batchim(name) else '다'}"
    if name is not None:
        return None
    attr = _attribute_ko(question, entity)
    if attr is None and not (_PET_ATTR.search(question) or _ASKS_AGE.search(question)
                             or (entity.name is None and subjectless(question))):
        return None
    inner = _KO_NAME_IN.search(text)
    called = entity.name
    if inner is not None and inner.start() > 0:  # "골든리트리버 1살 수컷, 이름은 Butter"
        called = called or inner.group("n")
        text = text[:inner.start()]
    # "보리요, 네 살 러시안블루": each part said without its polite ending
    text = ", ".join(_KO_ENDING.sub("", p.strip()) for p in text.strip(" ,").split(",")).strip(" ,")
    if not text:
        return None
    who = f"사용자의 {entity.noun} {called}" if called else f"사용자의 {entity.noun}"
    return f"{who} {attr}: {text}" if attr else f"{who}: {text}"


_KO_ATTR = re.compile(r"\s?(?P<attr>[가-힣]{1,4}?)(?:은|는|이|가)\s")
_KO_NOT_ATTR = re.compile(r"^(?:들|뭐|무엇|어디|언제|누구|몇|어떤|얼마|요즘|지금|혹시|보통|이름|나이)$")


def _attribute_ko(question: str, entity: Entity) -> str | None:
    """What the question asks of the relative or pet it names, said right after it: "어머님
    약은 어떤 걸 드세요?" → 약."""
    for noun in (entity.noun, *(k for k, v in _HONORIFIC.items() if v == entity.noun)):
        at = question.find(noun)
        if at < 0:
            continue
        m = _KO_ATTR.match(question, at + len(noun))
        if m is not None and not _KO_NOT_ATTR.match(m.group("attr")):
            return m.group("attr")
    return None


# what the assistant asks of the relative or pet just talked about, named first in the
# question ("생일이 언제예요?" after "남편 생일 선물 뭐가 좋을까?"): an attribute a person or pet has
_TOPIC_ATTR_KO = re.compile(r"^(?P<attr>생일|생신|나이|연세|직업|회사|학교|학년|전공|취미|견종|묘종|품종|몸무게|체중)"
                            r"(?:이|가|은|는)\s")


def of_topic(question: str, topic: Entity | None, fragment: str) -> str | None:
    """The fragment as the attribute of ``topic`` the question asks first ("사용자의 남편 생일:
    다음주 금요일"), when the topic is the user's relative or pet; else None."""
    if topic is None or not _HANGUL.search(question):
        return None
    m = _TOPIC_ATTR_KO.match(question.strip())
    if m is None:
        return None
    text = ", ".join(_KO_ENDING.sub("", p.strip()) for p in fragment.strip(" .!~").split(",")).strip(" ,")
    return f"{topic.display('ko')} {m.group('attr')}: {text}" if text else None
