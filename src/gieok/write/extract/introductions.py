"""A pet named in passing is a memory of its own (W3).

"our goose Gerald chased the postman again", "우리 고슴도치 밤톨이가 어제 또 탈출했어", or
"her name's Toffee" after "the cat keeps waking me at 5": each sentence is about something of
the moment (an escape, a question, a complaint) that no rule keeps, yet it says the user has a
goose called Gerald — what every later mention ("Gerald's limping again") needs to be read as
the user's. When a turn makes a pet known by name and nothing the turn stored names it, the
ownership is stored alone: "User has a goose named Gerald", "사용자는 고슴도치 밤톨이를 키운다".

Never for a pet said in a hypothetical ("if I got a dog I'd call him Bruno"), a denial or a
loss ("I don't have a cat named Mittens anymore", "무지개다리 건넜어"): the pet must be the
user's now. Pure; ``coref.Entities`` knows the pets, this module only words the memory.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, TypeVar

from gieok.domain.records import MemoryType
from gieok.write.extract import allergic_to, diagnosed, for_whom, health_apart, lab_value, new_partner
from gieok.write.extract import kept_pet, named_reply, ordered_kids, self_intro, trip_dates
from gieok.write.extract.base import Hit
from gieok.write.extract.coref import Entities
from gieok.write.extract.discourse import hypothetical, split_sentences
from gieok.write.extract.names import ko_noun, name_pattern
from gieok.write.normalize import has_batchim

# the pet is not the user's now, or not yet: said as gone, denied, wished for or wondered about
_NOT_NOW = re.compile(
    r"\b(?:don['’]?t|do\s+not|never|no\s+longer|anymore|used\s+to|passed\s+away|died|put\s+down|"
    r"rehomed|gave\s+away|if|would|wish|want\s+to\s+get|thinking\s+of|maybe|"
    r"said\s+(?:our\s+|my\s+)?(?:last\s+)?goodbyes?\s+to|put\s+to\s+sleep|rainbow\s+bridge|euthani[sz]\w*)\b|"
    r"없어|없었|없다|없는|떠났|무지개\s?다리|하늘나라|안락사|보냈|죽었|키웠었|키우던|키웠던|길렀던|만약|라면|싶다|싶어|"
    # a pet in a story, a song or a game the user asks for is a character
    r"\b(?:story|stories|poem|song|lyrics|novel|book|film|movie|show|series|game|character|"
    r"cartoon|fiction|tale|write|imagine)\b|소설|동화|이야기|시를|노래|가사|캐릭터|영화|드라마|게임", re.I)


def named_pets(entities: Entities) -> frozenset[str]:
    """The names of the pets known so far (to tell which ones a turn adds)."""
    return frozenset(e.name for e in entities.known if e.kind == "pet" and e.name)


def introduced_pets(before: frozenset[str], entities: Entities, turn_text: str,
                    stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """An ownership memory for the pets the turn named that nothing in ``stored`` (what the
    turn's own sentences made) names with its kind — one memory for several of one kind
    ("이름은 깨랑 콩이": "사용자는 랫트 깨, 콩을 키운다") — with its language."""
    kinds: dict[tuple[str, str], list[str]] = {}
    said_of: dict[str, str] = {}
    for pet in entities.known:
        if pet.kind != "pet" or not pet.name or pet.plural or pet.name in before \
                or pet.name in _NOT_A_NAME \
                or pet.noun in ("pet", "반려동물"):
            continue
        said = _sentence_naming(turn_text, pet.name)
        if said is None or _NOT_NOW.search(said) or hypothetical(said) \
                or _someone_elses(said, pet.noun) \
                or any(_names(text, pet.name) and pet.noun in text for text in stored):
            continue
        kinds.setdefault((pet.noun, pet.lang), []).append(pet.name)
        said_of[pet.name] = said
    out: list[tuple[Hit, str]] = []
    for (noun, lang), names in kinds.items():
        if lang == "ko":
            shown = ko_noun(noun, names[0], lang)
            particle = "을" if has_batchim(names[-1]) else "를"
            content = f"사용자는 {shown} {', '.join(names)}{particle} 키운다"
        elif len(names) == 1:
            content = f"User has a {noun} named {names[0]}{_described(said_of[names[0]], names[0])}"
        else:
            content = f"User has {noun}s named {', '.join(names[:-1])} and {names[-1]}"
        out.append((Hit(content=content, family="pet", type=MemoryType.FACT,
                        category="context", tags=("pet",), confidence=0.75), lang))
    named = [e.noun for e in entities.known if e.kind == "pet" and e.name]  # ("우리 집 거북이는 …":
    return out + kept_pet.stated(turn_text, [*stored, *named, *(h.content for h, _ in out)],
                                 _NOT_NOW)  # the user's turtle, never named)


class _HasContent(Protocol):  # (a candidate: only its words are read)
    @property
    def content(self) -> str: ...


_Memory = TypeVar("_Memory", bound=_HasContent)


def named_over(made: list[_Memory], named: list[_Memory]) -> list[_Memory]:
    """``made`` with ``named`` added, less a bare ownership of a kind that ``named`` now
    names: "크레스티드 게코 키우는데 이름은 '양말' …" split off "사용자는 크레스티드 게코 키운다"
    before the name was read; "사용자는 크레스티드 게코 양말을 키운다" says it, with the name."""
    if not named:
        return made
    gone = [m for m in made if any(_bare_of(m.content, n.content) for n in named)]
    return [m for m in made if m not in gone] + named


def _bare_of(bare: str, named: str) -> bool:
    """``bare`` owns a pet of the kind ``named`` names, and says nothing else — or says the
    user "is" the name ``named`` gives them ("사용자는 민준이다" beside "사용자의 이름은 민준")."""
    if allergic_to.bare_of(bare, named) or new_partner.bare_of(bare, named) \
            or health_apart.bare_of(bare, named) or diagnosed.bare_of(bare, named) \
            or self_intro.bare_of(bare, named) or lab_value.bare_of(bare, named) \
            or ordered_kids.bare_of(bare, named) or named_reply.bare_of(bare, named) \
            or for_whom.bare_of(bare, named) or trip_dates.bare_of(bare, named):
        # "사용자는 알레르기 있다" beside what it is to; "사용자는 남친 생겼다" beside the name;
        # "사용자는 유당불내증 있고 회사 점심은 …" beside its halves
        return True
    name = re.match(r"^(?:사용자의 이름은 |User's name is )(?P<n>\S+)$", named)
    if name is not None:
        return re.fullmatch(rf"사용자는 {re.escape(name.group('n'))}(?:이)?다\.?|User is "
                            rf"{re.escape(name.group('n'))}\.?", bare) is not None
    ko = re.match(r"^사용자는\s(?:우리\s)?(?P<noun>.+?)(?:를|을|\s한\s?마리)?\s키운다\.?$", bare)
    if ko is not None:
        return named.startswith(f"사용자는 {ko.group('noun')} ")
    en = re.match(r"^User\s(?:has|owns)\s(?:a|an)\s(?P<noun>[\w -]+?)\.?$", bare)
    return en is not None and named.startswith(f"User has a {en.group('noun')} named ")


# "sheltie, 6, her name's Maisie": what the naming sentence says of the pet besides its name
_NAMING = re.compile(r"\b(?:(?:his|her|its)\s+name(?:\s+is|['’]s)|(?:named|called))\s+\S+"
                     r"|\b(?:yeah|yep|yes|yup|ok|oh|and|so)\b", re.I)


def _described(sentence: str, name: str) -> str:
    """" (sheltie, 6)" when the rest of the sentence is short words with no verb, else ""."""
    rest = [p.strip(" .!") for p in _NAMING.sub("", sentence).split(",")]
    rest = [p for p in rest if p and not _names(p, name)]
    if not rest or len(" ".join(rest).split()) > 5 or any(
            re.search(r"\b(?:is|was|has|had|are|'s|got|gets|[a-z]+ed|[a-z]+ing)\b", p, re.I)
            for p in rest):
        return ""
    return f" ({', '.join(rest)})"


def _sentence_naming(text: str, name: str) -> str | None:
    return next((s for s in split_sentences(text) if _names(s, name)), None)


def _names(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){name_pattern(name)}", text) is not None


# someone outside the household said as the one who keeps the pet ("친구가 보리라는 고양이
# 키우는데 …", "동료는 강아지 두 마리 키워")
_OTHER_KEEPER = (r"(?<![가-힣])(?:친구|동료|지인|이웃|옆집|선배|후배|사촌|친척|[가-힣]{1,4}(?:씨|님))"
                 r"(?:가|이|는|은|도|네가|네는)\s")
# ("my buddy Marcus just got a corgi puppy named Waffles", "our neighbour has a cat called …")
_OTHER_KEEPER_EN = (r"\b(?:my|our)\s+(?:best\s+)?(?:buddy|mate|pal|friend|coworker|co-worker|colleague|"
                    r"neighbou?r|boss|roommate|flatmate|classmate|landlord|landlady)\s+(?:[A-Z][\w-]+\s+)?"
                    r"(?:just\s+|finally\s+|also\s+)?(?:got|gets|has|had|adopted|bought|rescued|brought\s+home|"
                    r"is\s+getting|keeps)\b")
# ... or a third person, by pronoun or by name, as the subject ("Is Taylor Swift married? I heard
# she has two cats named Meredith and Olivia", "Taylor Swift has two cats named …"): not the
# user's pets (a sentence opening on "My"/"Our"/"I"/"We" is the user's own)
_THIRD_KEEPER_EN = (r"(?:^|[.!?,;]\s+|\b(?:heard|think|know|read|says?|said|apparently)\s+(?:that\s+)?)"
                    r"(?:(?i:she|he|they)|(?!(?:I|My|Our|We|Me)\b)[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)\s+"
                    r"(?:(?i:also|just|still|apparently)\s+)?(?i:has|have|had|got|gets|adopted|keeps|owns|"
                    r"rescued)\b")
# Korean pronouns a name-finder may take for a name ("보리 나이는 …" is not a pet "나")
_NOT_A_NAME = frozenset("나 저 너 난 전 넌 내 제 네 우리 저희".split())


def _someone_elses(sentence: str, noun: str) -> bool:
    """"친구네 강아지 콩이", "my sister's dog Rufus", "옆집 고양이", "친구가 … 고양이 키우는데":
    the pet has another owner."""
    if re.search(rf"{_OTHER_KEEPER}(?:\S+\s){{0,5}}?\S*{re.escape(noun)}\S*\s(?:\S+\s)?"
                 r"(?:키우|키워|길러|기르)", sentence):
        return True
    if re.search(rf"{_OTHER_KEEPER_EN}[^.!?]{{0,40}}?\b{re.escape(noun)}", sentence, re.IGNORECASE):
        return True
    if re.search(rf"{_THIRD_KEEPER_EN}[^.!?]{{0,40}}?\b{re.escape(noun)}", sentence):
        return True
    noun = re.escape(noun)
    return re.search(rf"(?:[가-힣]+네|[가-힣]+의|옆집|이웃|회사)\s?(?:집\s?)?{noun}|"
                     rf"\b(?!(?i:my|our)\b)\w+['’]s?['’]?\s+(?:\w+\s+)?{noun}\b", sentence) is not None
