"""A name given as the reply about a relative or pet just spoken of (issue 16, family and pet).

"초등학생 딸 하나 있어요" → "따님은 몇 학년이에요?" → "3학년이요 이름은 서윤이"; "형네 부부가 쌍둥이를
낳았어" → "조카들 이름은 정했대요?" → "하준이랑 하린이"; "여자친구 생겼어!" → "이름은 수아야".

Why: a reply names no one by itself. The sentence rules read "이름은 X" as the user's own name
("사용자의 이름은 수아다"), or store the whole reply as a fallback answer ('질문 "따님은 몇
학년이에요?"에 대한 사용자의 답: …'), and the name of the daughter is lost to every later turn
("서윤이가 견과류 알레르기가 있어서 …" then reads 서윤 as nobody). Whose name it is comes from what
the conversation is about, in this order: the relative or pet the assistant's question names
("따님은", "조카들 이름은", "강아지 이름이"), the one the user's sentence before names ("여자친구
생겼어!"), the latest one the session knows without a name. The name is stored as theirs
("사용자의 딸 이름은 서윤이 (3학년)") and the relative is named in ``Entities`` for what follows.

Never: the user's own name ("내/제 이름은"), a question, a name the question did not ask for
when the reply has no "이름은" (a bare word answers the question asked: "몇 학년?" → "3학년"),
a friend's or colleague's pet or child ("친구네 강아지 이름은 …"), a thing's name ("브랜드",
"가게", "책" 이름), and nothing when no relative or pet is in view.
"""

from __future__ import annotations

import re
from gieok.domain.records import MemoryType
from gieok.domain.turns import Turn
from gieok.text.hangul import HANGUL
from gieok.write.extract import newcomer
from gieok.write.extract.base import Hit
from gieok.write.extract.coref import Entities
from gieok.write.extract.coref_intro import KO_NOT_NAME, Entity
from gieok.write.extract.discourse import hypothetical
from gieok.write.extract.korean import FAMILY_KO, PETS_KO
from gieok.write.extract.names import ko_called

# the honorific words an assistant uses for the user's relatives, as the user says them
_HONORIFIC = {"따님": "딸", "아드님": "아들", "남편분": "남편", "남편 분": "남편", "아내분": "아내",
              "아내 분": "아내", "부인": "아내", "여자친구분": "여자친구", "남자친구분": "남자친구",
              "여자 친구분": "여자친구", "남자 친구분": "남자친구", "여친분": "여친", "남친분": "남친",
              "어머님": "어머니", "아버님": "아버지", "자녀분": "아이", "아이들": "아이", "애들": "아이",
              "조카들": "조카", "아기": "아기", "쌍둥이들": "쌍둥이"}
# a child or pet said as "애"/"아이" is anyone's: never a noun to name from the sentence before
_VAGUE = frozenset({"애", "아이", "애기", "아기", "가족", "자녀", "시댁", "처가", "새", "개"})
_KIN = re.compile(rf"(?<![가-힣])(?P<noun>{'|'.join(map(re.escape, _HONORIFIC))}|{FAMILY_KO}|{PETS_KO})"
                  r"(?=[은는이가도의을를랑\s]|들|$)")
# someone outside the household owns the relative or pet ("친구네 강아지", "동료 딸")
_OTHERS = re.compile(r"(?:친구|동료|지인|이웃|옆집|선배|후배|사장님|팀장님|[가-힣]{1,3}네)\s?(?:집\s?)?$")
# the turn itself says the one named is someone else's ("친구네 강아지 이름은 콩이래")
_OTHERS_SAID = re.compile(rf"(?:친구|동료|지인|이웃|옆집|선배|후배|[가-힣]{{1,3}}네)\s?(?:집\s?)?"
                          rf"(?:{PETS_KO}|{FAMILY_KO})")
# no name: "이름은 아직", "이름은 뭐야", "이름은 비밀", "이름은 서아로 (할래)" (a name being chosen)
_NO_NAME = re.compile(r"^(?:뭐|뭘|뭔|무엇|아직|모르|몰라|비밀|없|미정|글쎄|그냥|좀)|.*로$")
_OWN_NAME = re.compile(r"(?:내|제|나의|저의|난|전|나는|저는)\s?이름")
# a thing's name is no one's ("브랜드 이름이 뭐예요?" is answered with a brand)
_THING = re.compile(r"(?:브랜드|제품|상품|가게|식당|회사|책|앱|게임|노래|영화|드라마|약|사료|모델|팀|"
                    r"프로젝트|파일|폴더|채널|계정|동네|학교|학원|병원)\s?(?:이름|명)")
_NAMED = re.compile(r"(?:^|(?<=[\s.,!~]))이름(?:은|는)\s?(?P<name>[가-힣]{1,4}?)(?P<after>이(?=[\s.,!~]|$|"
                    r"(?:야|고|에요|예요|요)(?=[\s.,!~]|$))|)(?:야|예요|에요|이에요|이요|요|이고|고|임|입니다|이야)?"
                    r"(?=[\s.,!~]|$)")
_LISTED = re.compile(r"^(?:(?:응|네|넹|어|음)[\s,.]+)?(?:이름은\s?)?(?P<a>[가-힣]{1,4}?)(?:이)?(?:랑|하고|와|과|,\s?)"
                     r"\s?(?P<b>[가-힣]{1,4}?)(?P<after>이)?(?:요|야|이야|예요|이에요|입니다|래요|이래요|래)?"
                     r"[\s.!~ㅋㅎ]*$")
_ASKS_NAME = re.compile(r"이름")
# a kind of pet named in the turn (not the one-syllable 개, 새: words inside other words)
_PET_SAID = re.compile("|".join(p for p in PETS_KO.split("|") if len(p.replace("\\s?", "")) > 1))
# "애", "아이" as the subject or topic: a child — or a pet, when a pet was just spoken of
_CHILD_OR_PET = re.compile(r"(?<![가-힣])(?:애|아이|얘|이\s?녀석|이\s?놈)(?:라|가|는|이라|라서|인데|예요|야)?(?=\s|$)")
_GRADE = re.compile(r"(?<![\d가-힣])(?P<g>(?:초|중|고)?\s?\d{1,2}\s?학년|\d{1,2}\s?살|[일이삼사오육칠팔구십]{1,2}\s?살|"
                    r"(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s?살)(?=이요|이에요|예요|요|이야|야|이고|고|[\s.,!~]|$)")


def stated(turn_text: str, shown: str, prior: str | None,
           entities: Entities) -> list[tuple[Hit, str]]:
    """The name the reply gives to the relative or pet in view (see the module docstring);
    the entity is named in ``entities`` too, before the turn's sentences are read, so they
    resolve to it ("이름은 보리. 로얄캐닌 레날 먹이고 있어")."""
    text = turn_text.strip()
    kind = _PET_SAID.search(text)
    if kind is not None:  # "고양이 사료 추천 좀. 신장 안 좋은 애라 …": the "애" named next is a cat
        entities.animal_said = re.sub(r"\s+", "", kind.group(0))
    if not HANGUL.search(text) or "?" in text or _OWN_NAME.search(text) \
            or _OTHERS_SAID.search(text) or hypothetical(text):
        return []
    question = _last_question(shown)
    if question and _THING.search(question):
        return []
    names = _names(text, question)
    if not names:
        return []
    named_at = _NAMED.search(text)
    # "룸메이트 생겼어. 이름은 민지고 …": the newcomer the turn gives news of (``newcomer``)
    here = newcomer.introduced(text[:named_at.start()]) if named_at is not None else None
    if here is None and named_at is not None and _KIN.search(text[:named_at.start()]):
        return []  # "누나 아들. 이름은 도윤이고 …": the turn says whose; its own sentences read it
    target = (here, None) if here is not None else _whose(question, prior, entities)
    if target is None:
        return []
    noun, entity = target
    extra = _GRADE.search(text) if len(names) == 1 else None
    aside = f" ({re.sub(r'(?<=[가-힣]) (?=학년|살)', '', extra.group('g'))})" if extra else ""
    what = newcomer.what_they_are(text[named_at.end("name"):]) \
        if named_at is not None and not aside and len(names) == 1 else None
    aside = f" ({what})" if what is not None else aside  # "민지고 간호사야": what they are
    if entity is not None and entity.name is None and len(names) == 1:
        entity.name = names[0]
        entities.topic = entity
    elif entity is None and len(names) == 1:
        entities.known.append(Entity(name=names[0], noun=noun, kind=_kind(noun), lang="ko"))
        entities.topic = entities.known[-1]
    content = f"사용자의 {noun} 이름은 {', '.join(names)}{aside}"
    family = "pet" if _kind(noun) == "pet" else "family"
    return [(Hit(content=content, family=family, type=MemoryType.FACT, category="context",
                 tags=(family,), confidence=0.8), "ko")]


def in_context(turn: Turn, previous: Turn | None, prior: str | None, entities: Entities) -> None:
    """A turn of the session's context read again: only who it names (see ``stated``)."""
    shown = previous.content if previous is not None and previous.role == "assistant" else ""
    stated(turn.content, shown, prior, entities)


def _names(text: str, question: str | None) -> list[str]:
    """The names the reply gives: after "이름은", or the bare name (list) a name question asked."""
    m = _NAMED.search(text)
    if m is not None:
        name = ko_called(m.group("name"), text[m.end("name"):])
        return [] if KO_NOT_NAME.match(name) or _NO_NAME.match(name) else [name]
    if not question or not _ASKS_NAME.search(question):
        return []
    m = _LISTED.match(text)
    if m is None:
        return []
    names = [ko_called(m.group("a"), "이" if text[m.end("a"):].startswith("이") else ""),
             ko_called(m.group("b"), m.group("after") or "")]
    return [] if any(KO_NOT_NAME.match(n) or _NO_NAME.match(n) for n in names) else names


def _whose(question: str | None, prior: str | None,
           entities: Entities) -> tuple[str, Entity | None] | None:
    """The noun of the relative or pet the name is for, and the known entity if there is one."""
    for source in (question, prior):
        if not source:
            continue
        if source is prior and not _KIN.search(source) and newcomer.introduced(source):
            return newcomer.introduced(source) or "", None  # "룸메이트 생겼어" → "이름은 민지야"
        if source is prior and entities.animal_said and HANGUL.search(entities.animal_said) \
                and _CHILD_OR_PET.search(source):
            return entities.animal_said, None  # ("… 신장 안 좋은 애라": the cat just asked about)
        for m in _KIN.finditer(source):
            if re.search(r"(?:누구|누구의|누구네|어느\s?분의?)\s?$", source[:m.start()]):
                continue  # "누구 아들이에요?": whose son is asked, not the user's son
            noun = _HONORIFIC.get(m.group("noun"), m.group("noun"))
            if source is prior and noun in _VAGUE:
                continue
            if _OTHERS.search(source[:m.start()]):
                return None
            known = next((e for e in reversed(entities.known) if e.noun == noun and e.name is None),
                         None)
            return noun, known
    unnamed = next((e for e in reversed(entities.known) if e.name is None and not e.plural), None)
    if unnamed is None or unnamed.lang != "ko" or unnamed.noun in _VAGUE:
        return None  # ("우리 애가 …": a child or a pet — the turn's own sentences tell which)
    return unnamed.noun, unnamed


def _kind(noun: str) -> str:
    return "pet" if re.fullmatch(PETS_KO, noun) else "family"


def _last_question(shown: str) -> str | None:
    parts = [p for p in re.split(r"(?<=[.!?])\s+", shown.strip()) if p.rstrip().endswith("?")]
    return parts[-1] if parts else None


# the reading the sentence rules made of a reply that names someone else: the user's own name,
# the whole reply as an answer, "이름은" misread ("사용자는 이름은 본다": Kiwi reads 보리 as a verb)
def bare_of(bare: str, named: str) -> bool:
    """``bare`` is a misreading of the naming reply that ``named`` (made here) says whole."""
    m = re.match(r"^사용자의 (?P<noun>\S+) 이름은 (?P<names>[^()]+?)(?: \(.*\))?$", named)
    if m is None or bare == named:
        return False
    first = m.group("names").split(", ")[0]
    stem = first[:-1] if len(first) > 2 and first.endswith("이") else first
    if bare.startswith((f"사용자의 이름은 {stem}", f"이름은 {stem}")):  # (… "지훈이고 회사 동기다": the rest with it)
        return True
    if bare.startswith("질문 \"") and first in bare:
        return True
    return "이름은" in bare and first not in bare
