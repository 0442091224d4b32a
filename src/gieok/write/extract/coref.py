"""Coreference within a session (W3): "she", "걔", "우리 애", the pet named two turns earlier.

``Entities`` reads the user's turns in order and remembers the relatives and pets they name
("my cat Nabi", "우리 고양이 나비", "a beagle puppy … his name is Bori", "아내 이름은 소라").
``resolve`` then rewrites a later sentence so it stands alone: a leading pronoun becomes the
entity ("She's 8" → "User's dog Sunny is 8"; "걔는 …" → "사용자의 고양이 까망은 …"), and a
bare name is qualified once ("Nabi takes methimazole" → "User's cat Nabi takes …"). A
Korean sentence with no subject right after one about a pet or relative continues that topic
("요즘 백내장이 와서 …" after "강아지 초코는 13살이에요"). Pure and deterministic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from gieok.write.extract.korean import FAMILY_KO, PETS_KO, medical_said, honorific
from gieok.write.extract import focus
from gieok.write.extract.focus import FEELING, VERB_FIRST, asked_pronoun, counted, each_named
from gieok.write.extract.focus import keeps_focus
from gieok.write.extract.focus import about_kin, pronoun_clauses  # noqa: F401  (for heuristic)
from gieok.write.extract.names import cared_for, familiar, ko_called, name_pattern, unplaced
from gieok.write.extract.names import companion_named, hangul_named, ko_noun, outsider_named
from gieok.write.extract.names import BREED_SAID, CARE_OF, KIND_SAID, NAMING_EN, REPORTED_EN
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN

_FEMALE = re.compile(r"^(?:wife|daughter|mom|mother|sister|grandma|grandmother|girlfriend|"
                     r"niece|aunt|auntie|stepmom|stepmother|stepsister|godmother|"
                     r"(?:mother|sister|daughter)-in-law|great-grand(?:ma|mother)|"
                     r"아내|와이프|딸|큰딸|작은딸|엄마|어머니|어머님|누나|언니|여동생|할머니|할머님|시어머니|이모|고모|"
                     r"숙모|큰엄마|작은엄마|외할머니|친할머니|장모님?|며느리|시누이|처제|처형|올케|새엄마)$",
                     re.I)
_MALE = re.compile(r"^(?:husband|son|dad|father|brother|grandpa|grandfather|boyfriend|nephew|"
                   r"uncle|stepdad|stepfather|stepbrother|godfather|"
                   r"(?:father|brother|son)-in-law|great-grand(?:pa|father)|"
                   r"남편|아들|큰아들|작은아들|아빠|아버지|아버님|형|오빠|남동생|할아버지|할아버님|삼촌|"
                   r"외삼촌|큰아버지|작은아버지|"
                   r"이모부|고모부|외할아버지|친할아버지|장인어른|장인|사위|형부|매형|제부|시아버지|"
                   r"시동생|새아빠)$", re.I)
_PLURAL_KIN = re.compile(r"^(?:parents|kids|children|twins|grandparents|grandkids|grandchildren|"
                         r"in-laws|sons|daughters|brothers|sisters|siblings|cousins)$")
_NOT_NAME = frozenset("is was has and who that the a an named called but so just".split())
_PET_WORDS = set(PETS_EN.replace("\\s+", " ").split("|")) | set(PETS_KO.split("|"))


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
# "our senior beagle Rusty", "my rescue greyhound Comet": words before the noun
_EN_ADJ = (r"youngest|oldest|little|old|senior|elderly|baby|new|sweet|rescue|rescued|adopted|"
           r"big|tiny|fat|lazy|grumpy|crazy|fluffy|black|white|orange|grey|gray|brown|tabby|"
           r"golden|younger|older|twin")
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
    re.compile(rf"\b(?i:have|has|got|had)\s+(?i:an?|one)\s+(?:(?i:little|baby|younger|older|"
               rf"big|new)\s+)?(?P<noun>(?i:{FAMILY_EN}|{PETS_EN}))(?:,\s*|\s+(?:named|called)\s+)"
               r"(?P<name>[A-Z][a-z]+)\b"),
]
# "two dogs, Max and Ruby": one entity per name.
_EN_LIST = re.compile(rf"\b(?P<noun>(?i:{FAMILY_EN}|{PETS_EN}))[,:]?\s+(?:(?:named|called)\s+)?"
                      r"(?P<names>[A-Z][a-z]+(?:,\s*[A-Z][a-z]+)*,?\s+and\s+[A-Z][a-z]+)\b")
# "we adopted a beagle puppy", "my grandmother lives with us": an entity named later, or never.
_EN_UNNAMED = re.compile(
    rf"\b(?:(?i:have|has|got|adopted|rescued|bought|own|adopt|found)\s+(?i:an?|two|three|\d+)"
    rf"\s+(?:[\w-]+\s+){{0,2}}?(?P<noun>(?i:{PETS_EN}|{FAMILY_EN}))\b|"
    rf"{_MY}\s+(?P<noun2>(?i:{FAMILY_EN}|{PETS_EN}))"
    r"(?=['’]s\s|\s+(?:is|was|has|had|lives|just|turns|turned|starts|started|got|uses|takes|"
    r"are|were|live|have)\b"
    # "my husband says I work too much. he is a mechanic": a relative who says, thinks or
    # wants something is the "he" that follows, not a son named in an earlier session
    r"|\s+(?:says?|said|thinks?|thought|wants?|wanted|told|tells|keeps|kept|works|worked|"
    r"loves|loved|hates|likes|does|did|doesn['’]t|didn['’]t|can|can['’]t|will|would|never|"
    r"always|still|also)\b"
    # "I call my dad every Wednesday, he's …": the relative as the object, then when or where
    r"|\s+(?:every|each|on|at|in|for|to|about|with|from|when|after|before|this|next|last)\b"
    r"|\s*[.!?,]|\s*$)|"  # "a party for my daughter", "a gift for my husband?"
    # "is it ok to give my rabbit carrots?": a pet, whatever follows (no person is a rabbit)
    rf"{_MY}\s+(?P<noun3>(?i:{PETS_EN}))\b|"
    # "the puppy we got in august"
    rf"\b(?i:the)\s+(?P<noun4>(?i:{PETS_EN}))\s+(?i:we|I)\s+(?i:got|adopted|rescued|brought\s+home|"
    r"took\s+in)\b)")
_EN_NAME_LATER = re.compile(r"\b(?:his|her|its|their|User['’]s\s+(?:[\w-]+\s+){0,2}?[\w-]+['’]s)"
                            r"\s+name(?:\s+is|['’]s)\s+(?P<name>[A-Z][a-z]+)|"
                            # "we got a kitten!! named her Mochi"
                            r"\b(?i:named|called|call)\s+(?i:him|her|it)\s+(?P<name2>[A-Z][a-z]+)")
# "우리 dog 해피", "제 daughter 지우": mixed chat names the pet or relative in English
_KO_NOUN = rf"{FAMILY_KO}|{PETS_KO}|(?i:{PETS_EN}|{FAMILY_EN})(?![A-Za-z])"
_KO_INTRO = [
    re.compile(rf"(?:우리|저희|울|내|제)\s?(?:집\s?)?(?P<noun>{_KO_NOUN})\s?"
               r"(?P<name>[가-힣A-Za-z]{1,6})(?:가|는|은|를|도|랑|께서)(?=\s|$)"),
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
    # (a relative is a word of its own: not the 형 of "원숭이 인형")
    re.compile(rf"(?P<noun>{PETS_KO}|(?<![가-힣])(?:{FAMILY_KO}))\s[^.!?]{{0,12}}?(?<=\s)"
               r"(?P<name>[가-힣]{1,3})이(?:가|는|도|랑|를)(?=\s)"),]
_KO_RELATIVE = "|".join(w for w in FAMILY_KO.split("|")
                        if w not in ("아이", "아기", "애기", "애", "가족", "자녀"))
_KO_BARE_NAME = re.compile(rf"(?:우리|저희|울|내|제)\s?(?:집\s?)?(?P<noun>{_KO_NOUN})\s"
                           r"(?P<name>[가-힣]{1,4})(?=[\s?!.,]|$)")
_KO_UNNAMED = re.compile(rf"(?:우리|저희|울|내|제)\s?(?:집\s?)?(?P<noun>{_KO_NOUN})"
                         r"(?:이|가|는|은|도|랑|를|께서)?(?=\s)|"
                         # "지금은 토끼 한 마리 키워", "거북이 키운 지 10년": a pet the user
                         # keeps, named later or never
                         rf"(?<![가-힣])(?P<noun2>{PETS_KO})(?:를|을)?\s?(?:(?:한|두|세|\d)\s?마리\s?"
                         r"(?:를\s?|을\s?)?)?(?:키워|키우|키운|길러|기르|입양|데려|분양)|"
                         # "막내가 유치원 졸업식이었거든": a relative said bare as the sentence's
                         # subject is the user's (not "애"/"아이", which may be any child)
                         r"(?:^|(?<=[.!?~ㅋㅎ]))\s*(?:(?:오늘|어제|요즘|이번에|아까)\s)?"
                         rf"(?P<noun3>{_KO_RELATIVE})(?:(?:이|가|는|은|께서)(?=\s)|"
                         # "시어머니 생신 선물 …", "할머니 구순 잔치 …": a relative said bare
                         # before a noun is "my …" (Korean drops the 의 and the 우리)
                         r"\s(?=[가-힣]{2,}\s))")
_KO_LEAD = re.compile(r"^(?:(?:네|응|어|아|음|ㅇㅇ|웅|엉|근데|그런데|그리고|아무튼|암튼|참|맞다|ㅋ+|ㅎ+|ㅠ+|ㅜ+|"
                      r"뭐(?=\s?ㅋ))[\s,.~!]+)+")
_KO_NAME_LATER = re.compile(r"(?:^|\s)이름은\s?(?P<name>[가-힣A-Za-z]{1,6}?)(?:이)?"
                            r"(?:야|예요|에요|이에요|입니다|이고|임|이야|인데)?(?=[\s.!,]|$)|"
                            # "이름이 Sunny야", "걔 이름이 서윤인데": with 이 only before a copula
                            r"(?:^|\s)이름이\s?(?P<name2>(?!(?:뭐|뭔|무엇|머)(?![가-힣]))(?:[가-힣]{1,6}?|[A-Za-z]{1,12}?))"
                            r"(?:이)?(?:야|예요|에요|이에요|입니다|이고|이야|인데|이라서|라서|이라|라|다)"
                            r"(?=[\s.!,~]|$)")
_KO_NAME_LIST = re.compile(r"^(?:이름은\s?)?(?P<a>[가-힣]{1,4}?)(?:이)?(?:랑|하고|와|과|,)\s?"
                           r"(?P<b>[가-힣]{1,4}?)(?:이)?(?:야|이야|예요|이에요|입니다|이고)?[\s.!~ㅋㅎ]*$")
_KO_NOT_NAME = re.compile(r"^(?:이름|요즘|지금|이번|올해|벌써|진짜|너무|정말|이제|원래|두|세|한|각각|"
                          r"다음|어제|오늘|내일|둘|셋)$")


_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _named(m: re.Match[str]) -> str:
    return m.group("name") or m.group("name2") or ""


@dataclass
class Entities:
    """The relatives and pets named so far in a session, most recent last."""

    known: list[Entity] = field(default_factory=list)
    topic: Entity | None = None  # the entity the last user sentence was about
    # a name the last sentence used as its subject without saying who it is ("so Bruno is
    # stuck inside"): "he's a 1 year old husky" next says he is the user's husky
    unplaced: str | None = None
    # the last sentence named someone outside the family ("a card for the vet"): a "she" or
    # "her" that opens the next one is that person, not a relative or pet named before
    outsider: bool = False

    def observe(self, sentence: str) -> None:
        lang = "ko" if re.search(r"[\uac00-\ud7a3]", sentence) else "en"
        found = self._intros(sentence)
        self.unplaced = unplaced(sentence) if lang == "en" and not found else None
        # ("… for the vet? her name is Dr. Patel. she was very patient with him": the vet
        # stays who "she" is while the sentences keep saying she or he)
        names = {e.name for e in self.known if e.name}
        self.outsider = not found and (lang == "en" and self.mentioned(sentence, lang) is None
                                       and outsider_named(sentence, still=self.outsider)
                                       or companion_named(sentence, names))
        for entity in found:
            self._add(entity)
        herd = next((e for e in reversed(self.known) if e.plural and e.name is None), None)
        if herd is not None and all(e.name is None for e in found) and each_named(sentence):
            # "소라게 세 마리 … 이름은 각각 집게, 보라, 쉘던": the names are the crabs', one each
            self.known.remove(herd)
            for name in each_named(sentence):
                self._add(Entity(name=name, noun=herd.noun, kind=herd.kind, lang=herd.lang))
            self.topic = None
            return
        unnamed = next((e for e in reversed(self.known) if e.name is None), None)
        listed = _KO_NAME_LIST.match(sentence.strip()) if lang == "ko" and not found else None
        if listed and unnamed is not None and unnamed.kind == "pet" \
                and not any(_KO_NOT_NAME.match(n) for n in listed.group("a", "b")):
            # "고양이 두 마리 키워. 치즈랑 까망이": the two cats are 치즈 and 까망
            self.known.remove(unnamed)
            found = [self._entity(ko_called(listed.group(g), sentence.strip()[listed.end(g):]),
                                  unnamed.noun, "ko") for g in ("a", "b")]
            for entity in found:
                self._add(entity)
            self.topic = None
            return
        named = _EN_NAME_LATER.search(sentence) or (
            _KO_NAME_LATER.search(sentence) if lang == "ko" else None)
        if named and all(e.name is None for e in found) and not _KO_NOT_NAME.match(_named(named)):
            target = next((e for e in reversed(self.known) if e.name is None), None)
            if target is not None:
                group = "name" if named.group("name") else "name2"
                target.name = ko_called(named.group(group), sentence[named.end(group):])
                found = [target]
        topic = found[0] if found else self.mentioned(sentence, lang)
        if topic is None:  # "사용자의 엄마는 꽃이랑 등산 좋아하셔" (resolved): the unnamed mother
            topic = next((e for e in reversed(self.known)
                          if sentence.startswith(e.display(lang) + ("" if lang == "ko" else " "))),
                         None)
        if topic is None and self.topic is not None and (
                lang == "ko" and _no_subject_ko(sentence) or keeps_focus(sentence)):
            # "코숏이야. 근데 요즘 살이 쪄서 …": no subject, the pet is still the topic; a
            # question to the assistant ("관절 영양제 뭐가 좋을까요?") changes nothing either
            return
        self.topic = topic

    def _intros(self, sentence: str) -> list[Entity]:
        out = [self._entity(name, noun, "en") for name, noun in hangul_named(sentence)[1]]
        for pattern in _EN_INTRO:
            for m in pattern.finditer(sentence):
                if m.group("name").lower() in _NOT_NAME or m.group("name") == "User":
                    continue
                out.append(self._entity(m.group("name"), m.group("noun"), "en"))
        for m in _EN_LIST.finditer(sentence):
            noun = re.sub(r"(?:ren|s)$", "", m.group("noun").lower()) or m.group("noun")
            for name in re.split(r",\s*|\s+and\s+", m.group("names")):
                if name and name.lower() not in _NOT_NAME:
                    out.append(self._entity(name.strip(", "), noun, "en"))
        for pattern in _KO_INTRO:
            for m in pattern.finditer(sentence):
                name = ko_called(m.group("name"), sentence[m.end("name"):])
                if _KO_NOT_NAME.match(name):
                    continue
                noun = m.group("noun")
                kind = BREED_SAID.match(sentence[m.end("name"):])
                if kind is not None and noun in ("애", "아이", "애기", "아기"):
                    noun = kind.group("noun")  # "우리 애 Toby, corgi인데": the child is a corgi
                out.append(self._entity(name, noun, "ko"))
        if not out and re.search(r"[\uac00-\ud7a3]", sentence):
            out.extend(self._bare_korean_name(sentence))
        if not out:
            m = _EN_UNNAMED.search(sentence) or _KO_UNNAMED.search(sentence)
            if m is not None:
                g = m.groupdict()
                noun = g.get("noun") or g.get("noun2") or g.get("noun3") or g.get("noun4") or ""
                lang = "ko" if re.search(r"[\uac00-\ud7a3]", noun) else "en"
                out.append(self._entity(None, noun, lang))
        herd = counted(sentence) if not any(e.name for e in out) else None
        same = next((e for e in out if e.name is None and herd and e.noun == herd), None)
        if same is not None:  # "고양이 두 마리 키워": the cats already found, now counted
            same.plural = True
        elif herd is not None:  # "조카가 두고 간 소라게 세 마리": the animals, after the nephew
            lang = "ko" if re.search(r"[\uac00-\ud7a3]", herd) else "en"
            kind = "pet" if _HANGUL.search(sentence) \
                or self._entity(None, herd, lang).kind != "family" else "family"  # (마리: animals)
            out.append(Entity(name=None, noun=herd, kind=kind, lang=lang, plural=True))
        return out

    def learn(self, memory: str) -> None:
        """A pet or relative a stored memory names ("User's corgi Butter …", "User has a cat
        named Nabi", "사용자의 딸 서연이는 …"): known in every later session, so "Butter has hip
        dysplasia" said a month later is about the user's dog. Never the session's topic."""
        for name, noun, lang in _named_in(memory):
            self._add(self._entity(name, noun, lang))

    def notice_pet(self, sentence: str) -> None:
        """A name never introduced, in a sentence about a pet's care ("Took Biscuit to the
        vet", "Mochi's annual shots are due", "보리 오늘 동물병원에서 예방접종 맞았어"): the
        user's pet — a person is not taken to the vet or given kibble. Its kind stays unknown
        ("User's pet Biscuit") until the chat says it."""
        if sentence.rstrip().endswith("?"):
            return
        name = cared_for(sentence)
        if name is None or self.mentioned(name, "") is not None:
            return
        lang = "ko" if re.search(r"[\uac00-\ud7a3]", sentence) else "en"
        self._add(Entity(name=name, noun="반려동물" if lang == "ko" else "pet", kind="pet",
                         lang=lang))

    def kind_asked(self, question: str, answer: str) -> bool:
        """"Is Oreo a cat?" → "yep, a tabby": Oreo is the user's cat; "콩이는 고양이예요?" →
        "아니 강아지! 말티즈": 콩이 is their dog. True when the answer said what kind it is."""
        pronoun = asked_pronoun(question)
        target = self.pronoun_target(pronoun) if pronoun else None
        if target is not None and not self.outsider:
            self.topic = target  # "What is she eating now?": the answer is about the cat
        m = focus.ASKED_KIND_EN.search(question) or focus.ASKED_KIND_KO.search(question)
        if m is None:
            return self._who_asked(question, answer)
        noun = m.group("noun")
        if focus.NO.match(answer.strip()):
            other = re.search(rf"(?:{PETS_KO})|\b(?i:{PETS_EN})\b", answer)
            if other is None:
                return False
            noun = other.group(0)
        name = m.group("name")
        known = next((e for e in self.known if e.name == name), None)
        if known is not None:
            known.noun, known.kind = noun.lower() if known.lang == "en" else noun, "pet"
        else:
            self._add(self._entity(name, noun, "ko" if re.search(r"[\uac00-\ud7a3]", noun)
                                   else "en"))
        return True

    def _who_asked(self, question: str, answer: str) -> bool:
        """"Who's Toto?" → "my jindo, he's 3"; "토토가 누구야?" → "우리 강아지야": the name
        is the user's pet or relative the answer says, and the topic of what follows."""
        m = focus.ASKED_WHO_EN.search(question) or focus.ASKED_WHO_KO.search(question)
        if m is None:
            return False
        said = focus.ANSWER_MY_EN.match(answer.strip()) or focus.ANSWER_MY_KO.match(answer.strip())
        if said is None:
            return False
        name = m.group("name")
        noun = said.groupdict().get("noun") or said.groupdict().get("noun2") or ""
        known = next((e for e in self.known if e.name == name), None)
        if known is not None:
            self.known.remove(known)
        entity = self._entity(name, noun, "ko" if re.search(r"[\uac00-\ud7a3]", noun) else "en")
        self._add(entity)
        self.topic = entity
        return True

    def name_asked_about(self, name: str, question: str) -> None:
        """The user answered "what's its name?": the unnamed pet or relative the question
        names ("강아지 이름이 뭐예요?"), else the latest unnamed one, is called ``name`` and
        is what the next sentences are about."""
        unnamed = [e for e in self.known if e.name is None]
        target = next((e for e in reversed(unnamed) if e.noun.lower() in question.lower()),
                      unnamed[-1] if unnamed else None)
        if target is not None:
            target.name = name
            self.topic = target

    def _bare_korean_name(self, sentence: str) -> list[Entity]:
        """"우리 집 강아지 몽이 알지?": a name right after the pet or relative, with no
        particle — only when Kiwi reads it as a proper noun."""
        m = _KO_BARE_NAME.search(sentence)
        if m is None or _KO_NOT_NAME.match(m.group("name")):
            return []
        from gieok.write.extract.korean import tokens

        start = m.start("name")
        if not any(t.start == start and t.tag == "NNP" for t in tokens(sentence)) \
                and not familiar(m.group("name")) \
                and not re.fullmatch(r"[A-Za-z]+", m.group("noun")):  # "우리 dog 해피"
            return []
        return [self._entity(m.group("name"), m.group("noun"), "ko")]

    @staticmethod
    def _entity(name: str | None, noun: str, lang: str) -> Entity:
        low = noun.lower()
        kind = "pet" if low in _PET_WORDS else "family"
        gender = "f" if _FEMALE.match(low) else "m" if _MALE.match(low) else None
        return Entity(name=name, noun=noun.lower() if lang == "en" else noun, kind=kind,
                      lang=lang, gender=gender, plural=_PLURAL_KIN.match(low) is not None)

    def _add(self, entity: Entity) -> None:
        for old in self.known:
            same_unnamed = old.name is None and old.noun == entity.noun
            if (entity.name and old.name == entity.name) or same_unnamed:
                self.known.remove(old)
                break
        if entity.name is None and any(e.noun == entity.noun for e in self.known):
            return  # "my dog" again after "my dog Dubu": the named one is meant
        self.known.append(entity)

    def mentioned(self, sentence: str, lang: str) -> Entity | None:
        for entity in reversed(self.known):
            if entity.name and re.search(rf"(?<![\w]){name_pattern(entity.name)}", sentence):
                return entity
        return None

    def subject(self, sentence: str) -> Entity | None:
        """The relative or pet a resolved sentence is about, when it is its subject
        ("User's brother Tom lives…", "제 동생 Minji가 …"), not merely mentioned."""
        entity = self.mentioned(sentence, "")
        if entity is None or entity.name is None:
            return None
        name = re.escape(entity.name)
        if re.search(r"[\uac00-\ud7a3]", sentence):
            from gieok.write.extract.discourse import ko_subject

            if re.match(re.escape(entity.display("ko")) + r"(?:이|가|은|는|도|랑)?\s", sentence):
                return entity  # "사용자의 딸 지유 이번에 …": resolved, the name leads
            called = frozenset({entity.name, entity.name.removesuffix("이")} - {""})
            return entity if ko_subject(sentence, called) == "entity" else None
        lead = rf"^(?:User['’]s|(?i:my|our))\s+(?:[\w-]+\s+){{0,3}}?{name}\b|^{name}\b"
        return entity if re.search(lead, sentence) else None

    def resolve(self, sentence: str) -> str:
        """``sentence`` with its leading pronoun or bare name made self-contained."""
        text = hangul_named(sentence)[0].strip()  # "my daughter 서윤이 has …": 서윤
        if not re.search(r"[\uac00-\ud7a3]", text):
            return self._resolve_en(text)
        return self._resolve_ko(text)

    def pronoun_target(self, pronoun: str) -> Entity | None:
        return next((e for e in reversed(self.known) if fits(e, pronoun)), None)

    def _resolve_en(self, text: str) -> str:
        naming = NAMING_EN.match(text)
        unnamed = next((e for e in reversed(self.known) if e.name is None), None)
        if naming is not None and unnamed is not None:  # "we got a kitten!! named her Mochi"
            who = unnamed.display("en")
            unnamed.name = naming.group("name")
            return f"{who} is named {naming.group('name')}{text[naming.end():]}"
        herd = next((e for e in reversed(self.known) if e.plural and e.name is None), None)
        they = re.match(r"(?i:their\s+names\s+are|they['’]re\s+(?:named|called))\s", text)
        if herd is not None and they is not None and each_named(text):  # "their names are …"
            return f"{herd.display('en')} are named {text[they.end():]}"
        they = re.match(r"^(?:(?:and|also|but|so|now|plus|yeah|well|oh)[,\s]+)*they(?P<re>['’]re)?\s",
                        text, re.IGNORECASE)
        if they is not None and self.topic is not None and self.topic.plural:
            # "my parents live in Busan. they're both retired": the relatives just talked about
            return f"{self.topic.display('en')}{' are' if they.group('re') else ''} " \
                   f"{text[they.end():]}"
        said = REPORTED_EN.match(text)
        if said is not None:  # "vet said she needs her second rabies shot": she is the cat
            inner = self._resolve_en(text[said.end():])
            return text if inner == text[said.end():] else text[:said.end()] + inner
        m = re.match(r"^(?P<lead>(?:(?:and|also|but|so|now|plus|nah|no|yeah|yes|yep|nope|well|oh)"
                     r"[,\s]+)+)?(?P<p>she|he|it|her|his)\b"
                     r"(?P<s>['’]s)?", text, re.IGNORECASE)
        if m:
            p = m.group("p").lower()
            if self.outsider and p != "it":
                return text  # "… a card for the vet? her name is Dr. Patel": the vet's name
            target = self.pronoun_target(p)
            kind = KIND_SAID.match(text[m.end():]) if m.group("s") and p in ("he", "she") \
                else None
            if kind is not None and self.unplaced and (target is None or target.name is None):
                # "… so Bruno is stuck inside. he's a 1 year old husky": Bruno is that husky
                target = self._entity(self.unplaced, kind.group("noun"), "en")
                target.gender = "f" if p == "she" else "m"
                self._add(target)
            if target is None or (p == "it" and target.kind != "pet") or (
                    m.group("s") and FEELING.match(text[m.end():])):
                return text  # "nope she's thrilled": how she feels today is no fact about her
            who = target.display("en")
            rest = text[m.end():]
            # "she doesn't eat raw fish, so no sushi places for her": the same person at the end
            them = "her" if target.gender == "f" else "him"
            rest = re.sub(rf"\b(for|with|to|from|about)\s+{them}(?=[\s.!]*$)",
                          lambda o: f"{o.group(1)} {who}", rest) if target.gender else rest
            if m.group("s"):  # "She's 3" → "… is 3"; "He's been" → "… has been"
                verb = " has" if re.match(r"\s+(?:been|got|gotten|had)\b", rest) else " is"
                return who + verb + rest
            if p in ("her", "his"):
                who += "'s"
            return who + rest
        lead = VERB_FIRST.match(text)
        if lead is not None and self.topic is not None:  # "takes methimazole twice a day now"
            return f"{self.topic.display('en')} {text[lead.start('v'):]}"
        entity = self.mentioned(text, "en")
        if entity and entity.name and not re.search(
                rf"(?:my|our|User's|named|called)\s+(?:[\w-]+\s+){{0,3}}{re.escape(entity.name)}",
                text, re.I):  # "… a golden retriever called Sunny" introduces her again
            return re.sub(rf"(?<![\w]){re.escape(entity.name)}", entity.display("en"), text,
                          count=1)
        care = CARE_OF.search(text)
        if care and not re.match(r"^(?:I|my|we|our)\b", text, re.IGNORECASE):
            # "next is his neutering, booked for the 4th": the pet's care, not someone's
            target = self.pronoun_target(care.group("p").lower())
            if target is not None and target.kind == "pet":
                return text[:care.start()] + target.display("en") + "'s" + text[care.end():]
        obj = re.search(r"\b(?P<p>her|him)\b(?=\s+(?:on|to|with|for|in|at|off|out)\b|[\s.,!]*$)",
                        text, re.IGNORECASE)
        if obj and not re.match(r"^(?:I|my|we|our)\b", text, re.IGNORECASE) and not self.outsider:
            target = self.pronoun_target(obj.group("p").lower())
            if target is not None:
                return text[:obj.start()] + target.display("en") + text[obj.end():]
        return text

    def _resolve_ko(self, text: str) -> str:
        text = _KO_LEAD.sub("", text).strip() or text
        m = re.match(r"^(?:근데|그리고|아\s)?\s*(?P<p>걔|얘|그\s?애|그\s?아이|이\s?아이|그\s?녀석|"
                     r"이\s?녀석|우리\s?애|그\s?분)"
                     r"(?P<j>가|는|도|를|한테|랑)?", text)
        if m and self.known:
            target = self.topic or self.known[-1]
            # "걔 이름이 서윤인데": the name of whoever 걔 is ("사용자의 막내 이름이 …")
            josa = m.group("j") or ("" if text[m.end():].lstrip().startswith("이름") else "는")
            who = target.display("ko")
            if josa == "가" and _batchim(who):
                josa = "이"
            elif josa == "는" and _batchim(who):
                josa = "은"
            return f"{who}{josa}" + text[m.end():]
        unnamed = next((e for e in reversed(self.known) if e.name is None), None)
        herd = next((e for e in reversed(self.known) if e.plural and e.name is None), None)
        if herd is not None and each_named(text) and re.match(r"이름(?:은|이|들은)\s", text):
            return f"{herd.display('ko')} {text.lstrip()}"  # "이름은 각각 집게, 보라, 쉘던"
        if unnamed is not None and _KO_NAME_LATER.match(text) \
                and not _KO_NOT_NAME.match(_named(_KO_NAME_LATER.match(text))):  # "이름은 유나"
            if re.fullmatch(r"이름은\s?[가-힣]{1,6}", text.strip()):
                text = text.strip() + "야"  # "이름은 당근이": the copula chat leaves out
            return f"{unnamed.display('ko')} {text.lstrip()}"
        entity = self.mentioned(text, "ko")
        called = name_pattern(entity.name) if entity and entity.name else ""
        if entity and entity.name and not re.search(
                rf"(?:우리|저희|울|내|제|사용자의)\s?(?:집\s?)?\S*\s?{called}|"
                rf"{re.escape(entity.noun)}\s?{called}|"
                rf"이름(?:은|이|는)\s?{called}|{called}(?:이)?라는",
                text):  # "고양이 이름은 치즈야" introduces her again
            who = entity.display("ko")
            if re.match(rf"{called}\s", text) and medical_said(text):
                # "망고 병원 다녀왔는데 비타민 A 결핍이래요": the name said bare, then its
                # health, is the topic ("망고는"), not the owner of the hospital
                who += "은" if _batchim(who) else "는"
            return re.sub(called, who, text, count=1)
        bare = re.match(rf"(?P<noun>{_KO_RELATIVE})\s(?=\S)", text)
        if bare is not None and honorific(text) and _no_subject_ko(text[bare.end():]):
            # "엄마 올해 일흔이신데 매일 등산 다니셔": the relative said bare, then honoured
            kin = next((e for e in reversed(self.known) if e.noun == bare.group("noun")),
                       None) or self._entity(None, bare.group("noun"), "ko")
            who = kin.display("ko")
            return f"{who}{'은' if _batchim(who) else '는'} {text[bare.end():]}"
        honoured = self.topic is not None and self.topic.kind == "family" and honorific(text)
        # (a dose said next, "하루 한 번 연고 바르래요", is the vet's instruction for them)
        if self.topic is not None and (focus.HEALTHY.search(text) or honoured
                                       or _health_related(text) or medical_said(text)) \
                and _no_subject_ko(text):
            who = self.topic.display("ko")
            if self.topic.kind == "pet":
                # "하루에 두 번 베트메딘 먹이고 있어요": what the user feeds the pet, the pet eats
                text = focus.FED.sub(lambda m: focus.EATS[m.group(0)], text)
            # "할머니 아흔 되셔": the relative said bare is the subject already
            text = re.sub(rf"^{re.escape(self.topic.noun)}\s(?=\S)", "", text)
            return f"{who}{'은' if _batchim(who) else '는'} {text}"
        return text


_STORED_KO = re.compile(rf"^사용자의\s(?P<noun>{FAMILY_KO}|{PETS_KO})\s(?P<name>[가-힣A-Za-z]{{1,6}}?)"
                        r"(?:이)?(?:는|은|가|이|도|의|랑)?\s")


@lru_cache(maxsize=4096)
def _named_in(memory: str) -> tuple[tuple[str, str, str], ...]:
    """(name, noun, language) of each pet or relative a stored memory names — cached: the same
    memories are read on every ``add`` of a scope."""
    own = _STORED_KO.match(memory.strip())
    if own is not None and not _KO_NOT_NAME.match(own.group("name")):
        # "사용자의 딸 지유 이번에 …": gieok's own wording puts the name right after the noun
        return ((ko_called(own.group("name"), memory.strip()[own.end("name"):]),
                 own.group("noun"), "ko"),)
    text = re.sub(r"^User\s+has\b", "I have", memory.strip())
    text = re.sub(r"\bUser['’]s\b", "my", text)
    text = re.sub(r"\bUser\b", "I", text)  # never a pet called "User"
    text = re.sub(r"사용자의(?=\s)", "우리", text)
    text = re.sub(r"(?<=[가-힣])(?:이다|다)(?=[\s.,]|$)", "이야", text)  # "이름은 하준이다" → "하준이야"
    text = re.sub(r"(?<=[A-Za-z])(?:이다|다)(?=[\s.,]|$)", " 이야", text)  # "이름은 Noah다"
    return tuple((e.name, e.noun, e.lang) for e in Entities()._intros(text)
                 if e.name is not None and e.name not in ("I", "User", "사용자"))


def fits(entity: Entity, pronoun: str) -> bool:
    """"she" may be a woman or any pet, "he" a man or any pet; "it" and "걔" anyone — never
    several counted at once ("3 adults", "three hermit crabs")."""
    gender = {"she": "f", "her": "f", "he": "m", "his": "m", "him": "m"}.get(pronoun)
    return not entity.plural and (entity.gender in (gender, None) or entity.kind == "pet")


def _health_related(text: str) -> bool:
    from gieok.write.extract.health import health_related

    return health_related(text)


def _batchim(word: str) -> bool:
    last = word[-1:]
    if "\uac00" <= last <= "\ud7a3":
        return (ord(last) - 0xAC00) % 28 != 0
    return last.lower() in "lmnr"


def _no_subject_ko(text: str) -> bool:
    """No speaker, no relative or pet, no other subject: the sentence carries on the topic."""
    from gieok.write.extract.discourse import ko_subject

    return ko_subject(text) == "none"
