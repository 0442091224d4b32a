"""Coreference within a session (W3): "she", "걔", "우리 애", the pet named two turns earlier.

``Entities`` reads the user's turns in order and remembers the relatives and pets they name
("my cat Nabi", "우리 고양이 나비", "a beagle puppy … his name is Bori", "아내 이름은 소라").
``resolve`` then rewrites a later sentence so it stands alone: a leading pronoun becomes the
entity ("She's 8" → "User's dog Sunny is 8"; "걔는 …" → "사용자의 고양이 까망은 …"), and a
bare name is qualified once ("Nabi takes methimazole" → "User's cat Nabi takes …"). A
Korean sentence with no subject right after one about a pet or relative continues that topic
("요즘 백내장이 와서 …" after "강아지 초코는 13살이에요"). Pure and deterministic.

By job: ``coref_intro`` finds who a sentence introduces (and names a stored memory
holds), ``coref_rewrite`` rewrites a clause to name them, and this module keeps them across
the session — who is known, who the conversation is about, what the assistant asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gieok.write.extract import focus
from gieok.write.extract.coref_intro import EN_NAME_LATER, KO_NAME_LATER, KO_NAME_LIST, KO_NOT_NAME
from gieok.write.extract.coref_intro import Entity, fits, introduced, named_in
from gieok.write.extract.coref_intro import entity as make_entity
from gieok.write.extract.coref_intro import named as named_
from gieok.write.extract.coref_rewrite import no_subject_ko, resolve_en, resolve_ko
from gieok.write.extract.focus import asked_pronoun, each_named, keeps_focus
from gieok.write.extract.focus import about_kin, pronoun_clauses  # noqa: F401  (for heuristic)
from gieok.write.extract.korean import ELDERS, PETS_KO, humble
from gieok.write.extract.names import cared_for, companion_named, hangul_named, ko_called
from gieok.write.extract.names import name_pattern, outsider_named, quoted_names, unplaced
from gieok.write.extract.names import unquoted
from gieok.write.extract.patterns_en import PETS as PETS_EN

__all__ = ["Entities", "Entity", "about_kin", "fits", "pronoun_clauses"]


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
    # the names the sentence being resolved gave in quotes ("우리 노견 '할배'"): names, even
    # when the word is a common noun, introduced when the resolved sentence is observed
    quoted: list[tuple[str, str, str]] = field(default_factory=list)
    # the pets or relatives last named together ("two cats, Luna and Mochi"): "they both …"
    group: Entity | None = None
    # the last kind of animal any sentence named, the user's or not ("how long does a canary
    # moult last?"): "Mine's looking scruffy" next is the user's canary
    animal_said: str | None = None

    def observe(self, sentence: str) -> None:
        lang = "ko" if re.search(r"[\uac00-\ud7a3]", sentence) else "en"
        if self._mine(sentence):
            return
        quoted = [self._entity(*q) for q in self.quoted if q[0] in sentence]
        found = quoted + [e for e in introduced(sentence)
                          if not any(e.noun == q.noun and e.name in (None, q.name) for q in quoted)]
        self.quoted = []
        self.unplaced = unplaced(sentence) if lang == "en" and not found else None
        # ("… for the vet? her name is Dr. Patel. she was very patient with him": the vet
        # stays who "she" is while the sentences keep saying she or he)
        names = {e.name for e in self.known if e.name}
        self.outsider = not found and (lang == "en" and self.mentioned(sentence, lang) is None
                                       and outsider_named(sentence, still=self.outsider)
                                       or companion_named(sentence, names))
        for entity in found:
            self._add(entity)
        if all(e.name is None for e in found) and self._herd_named(
                each_named(sentence) or _aged_names(sentence)):
            # "소라게 세 마리 … 이름은 각각 집게, 보라, 쉘던": the names are the crabs', one each
            self.topic = None
            return
        unnamed = next((e for e in reversed(self.known) if e.name is None), None)
        listed = KO_NAME_LIST.match(sentence.strip()) if lang == "ko" and not found else None
        if listed and unnamed is not None and unnamed.kind == "pet" \
                and not any(KO_NOT_NAME.match(n) for n in listed.group("a", "b")):
            # "고양이 두 마리 키워. 치즈랑 까망이": the two cats are 치즈 and 까망
            self.known.remove(unnamed)
            found = [self._entity(ko_called(listed.group(g), sentence.strip()[listed.end(g):]),
                                  unnamed.noun, "ko") for g in ("a", "b")]
            for entity in found:
                self._add(entity)
            self.topic = None
            return
        named = EN_NAME_LATER.search(sentence) or (
            KO_NAME_LATER.search(sentence) if lang == "ko" else None)
        if named and all(e.name is None for e in found) and not KO_NOT_NAME.match(named_(named)):
            target = next((e for e in reversed(self.known) if e.name is None), None)
            if target is not None:
                group = "name" if named.group("name") else "name2"
                target.name = ko_called(named.group(group), sentence[named.end(group):])
                found = [target]
        got = _GOT_NAMED.match(sentence) if not found else None
        if got is not None and self.topic is not None and self.topic.kind == "pet" \
                and self.topic.name is None and got.group("name").lower() not in _NOT_NAMES:
            # "Is this your first moult with him?" → "yeah, got Nigel in spring": the pet the
            # conversation is about, unnamed so far, is Nigel
            self.topic.name = got.group("name")
            found = [self.topic]
        topic = found[0] if found else self.mentioned(sentence, lang)
        if len(found) > 1 and lang == "en" and _together(found) is not None:
            topic = self.group = _together(found)  # "two dogs, Max and Ruby": "they" is both
        if topic is None:  # "사용자의 엄마는 꽃이랑 등산 좋아하셔" (resolved): the unnamed mother
            topic = next((e for e in reversed(self.known)
                          if sentence.startswith(e.display(lang) + ("" if lang == "ko" else " "))),
                         None)
        if topic is None and self.topic is not None and (
                lang == "ko" and (no_subject_ko(sentence) or humble(sentence))
                or keeps_focus(sentence)):
            # "코숏이야. 근데 요즘 살이 쪄서 …": no subject, the pet is still the topic; a
            # question to the assistant ("관절 영양제 뭐가 좋을까요?") changes nothing either, nor
            # what the user does for an elder ("제가 병원에 모시고 가요")
            return
        self.topic = topic

    def _herd_named(self, names: list[str]) -> bool:
        """Name the last pets or relatives counted but not named ("our two kids" → "Leo is 8
        and Ruby is 5"): one entity per name. False when there is no such group to name."""
        herd = next((e for e in reversed(self.known) if e.plural and e.name is None), None)
        if herd is None or len(names) < 2:
            return False
        self.known.remove(herd)
        noun = herd.noun if herd.lang == "ko" else _one_of(herd.noun)
        for name in names:
            self._add(Entity(name=name, noun=noun, kind=herd.kind, lang=herd.lang,
                             gender=herd.gender))
        return True

    def listed_apart(self, sentence: str) -> list[str]:
        """A list of names with their ages, one clause per name ("Leo is 8 and Ruby is 5" →
        "Leo is 8", "Ruby is 5"), after naming the children or pets just counted, so each
        clause resolves to its own one ("User's kid Leo is 8"). Unchanged when the names are
        neither the group just counted nor known already (a list of strangers' ages)."""
        clauses = focus.aged_list(sentence)
        names = [n for n in (focus.aged_name(c) for c in clauses) if n]
        if len(names) < 2 or len(names) != len(clauses):
            return [sentence]
        if self._herd_named(names) or all(
                any(e.name == n for e in self.known) for n in names):
            return clauses
        return [sentence]

    def _mine(self, sentence: str) -> bool:
        """"Anyone know how long a canary moult lasts? Mine's looking scruffy": "mine" is the
        user's animal of the kind just named. True when the sentence was read so."""
        animal = re.search(rf"\b(?i:{PETS_EN})(?:e?s)?\b", sentence)
        if animal is not None:
            self.animal_said = _singular(animal.group(0).lower())
        if not _MINE.match(sentence) or self.animal_said is None:
            return False
        known = next((e for e in self.known if e.noun == self.animal_said), None)
        self.topic = known or self._entity(None, self.animal_said, "en")
        if known is None:
            self._add(self.topic)
        return True

    def assistant_said(self, text: str) -> None:
        """The assistant asked about "your cat" and the user goes on: the user has a cat,
        named later or never (a pet the chat has not named yet, so "her name's Toffee" next
        names it)."""
        for m in _YOUR_PET.finditer(text):
            noun = m.group("noun").lower()
            if not any(e.noun == noun for e in self.known):
                self._add(self._entity(None, noun, "en"))

    def name_chosen(self, sentence: str, shown: str) -> None:
        """"이름 추천 좀" … "누리 좋다 누리로 할래", "let's go with Pepper": a name picked from
        the assistant's suggestions (``shown`` holds it) is the name of the pet the chat has
        not named yet."""
        m = _KO_CHOSEN.search(sentence) or _EN_CHOSEN.search(sentence)
        target = next((e for e in reversed(self.known) if e.kind == "pet" and e.name is None),
                      None)
        if m is None or target is None:
            return
        name = m.groupdict().get("name") or m.groupdict().get("alone") or ""
        if name in shown or name.removesuffix("이") in shown:
            target.name = name
            self.topic = target

    def learn(self, memory: str) -> None:
        """A pet or relative a stored memory names ("User's corgi Butter …", "User has a cat
        named Nabi", "사용자의 딸 서연이는 …"): known in every later session, so "Butter has hip
        dysplasia" said a month later is about the user's dog. Never the session's topic."""
        found = named_in(memory)
        for name, noun, lang in found:
            self._add(self._entity(name, noun, lang))
        if not found:
            # "User's vet put Biscuit on gabapentin …": a name cared for as a pet is the
            # user's pet in later sessions too ("biscuit's off the gabapentin now, vet
            # switched her …" a month on), as it was in the session that said it
            self.notice_pet(re.sub(r"\bUser['’]s\b", "my", memory))

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

    @staticmethod
    def _entity(name: str | None, noun: str, lang: str) -> Entity:
        return make_entity(name, noun, lang)

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
        sentence = self.recased(sentence)
        self.quoted = quoted_names(sentence)  # "우리 고슴도치 '밤톨'": 밤톨 is its name
        text = hangul_named(unquoted(sentence))[0].strip()  # "my daughter 서윤이 has …": 서윤
        if not re.search(r"[\uac00-\ud7a3]", text):
            return resolve_en(self, text)
        return resolve_ko(self, text)

    def recased(self, sentence: str) -> str:
        """``sentence`` with a known name typed in lower case written as it was introduced,
        where the lower-case word can only be the name: opening the sentence or owning
        something ("my dog Luna …" then "luna tore her ACL, surgery on the 20th", "pip's
        dose lowered to 10mg" — chat is typed without capitals, and nothing read them as the
        pet's). Elsewhere a lower-case word stays a word ("i baked a cookie" is no Cookie)."""
        for entity in self.known:
            name = entity.name
            if not name or not name.isascii() or not _CAPITALISED.fullmatch(name):
                continue
            low = re.escape(name.lower())
            sentence = re.sub(rf"^(\W*(?:(?:and|so|also|btw|oh|but|ok|okay|ugh|well)\W+)*){low}\b"
                              rf"|(?<![\w'’]){low}(?=['’]s\b)",
                              lambda m, name=name: (m.group(1) or "") + name, sentence)
        return sentence

    def elder(self) -> Entity | None:
        """Whom a sentence that honours its subject is about ("등산 엄청 좋아하심"): the
        latest elder named — a parent, grandparent, in-law, aunt or uncle — never a child,
        a partner or a pet, and never the user."""
        return next((e for e in reversed(self.known)
                     if e.kind == "family" and ELDERS.fullmatch(e.noun)), None)

    def pronoun_target(self, pronoun: str) -> Entity | None:
        return next((e for e in reversed(self.known) if fits(e, pronoun)), None)


_MINE = re.compile(r"^(?:(?:and|but|ha|lol|ugh)\W+)?(?i:mine)(?:['’]s|\s+(?:is|has|just|keeps|"
                   r"started|stopped|won['’]t|doesn['’]t))\b")
_YOUR_PET = re.compile(rf"\byour\s+(?P<noun>(?i:{PETS_EN}))\b(?!['’]s\s+name\b)")
_GOT_NAMED = re.compile(r"^(?:(?:yeah|yep|yes|yup|ya|and|so|oh)\W+)*(?:(?:we|i|I)\s+)?"
                        r"(?:got|adopted|rescued|brought\s+home|took\s+in)\s+(?P<name>[A-Z][a-z]+)"
                        r"(?=\s+(?:in|from|at|when|as|last|this|two|three|a|an|back|after|off)\b|"
                        r"\s*[,.!]|\s*$)")
_NOT_NAMES = frozenset("it him her them one this that".split())
# a name as introduced: one capitalised word ("Luna", "McKenzie"), not an all-caps acronym
_CAPITALISED = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z]+)?")
_KO_CHOSEN = re.compile(r"(?P<name>[가-힣]{1,4})(?:으로|로)\s?(?:할래|할게|하자|정했|지었|하기로|결정)")
_EN_CHOSEN = re.compile(r"\b(?:go(?:ing)?\s+with|picked|chose|we['’]ll\s+call\s+(?:him|her|it)|"
                        r"name\s+(?:him|her|it))\s+(?P<name>[A-Z][a-z]+)|"
                        # the name alone, cheered ("Flare!! love it", "Mochi it is"): the
                        # reply is the pick (it must be one the assistant offered)
                        r"^(?P<alone>[A-Z][a-z]+)(?:\s+it\s+is)?\s*(?:!+|\.|$)")


def _aged_names(sentence: str) -> list[str]:
    return [n for n in (focus.aged_name(c) for c in focus.aged_list(sentence)) if n]


def _one_of(noun: str) -> str:
    """"kids" → "kid", "children" → "child", "puppies" → "puppy": one of a counted group."""
    one = _singular(noun)
    return one if one != noun else re.sub(r"(?:ren|s)$", "", noun)


def _singular(noun: str) -> str:
    """"budgies" → "budgie", "puppies" → "puppy", "finches" → "finch": one animal of the kind."""
    from gieok.write.extract.coref_intro import PET_WORDS

    for one in (noun[:-1], noun[:-3] + "y", noun[:-2]):
        if noun.endswith("s") and one in PET_WORDS:
            return one
    return noun


def _together(found: list[Entity]) -> Entity | None:
    """Pets or relatives named together as one group ("two dogs, Max and Ruby", "my sons Leo
    and Sam"), as one referent that "they" points to: "User's dogs Max and Ruby"; None when
    the sentence names several of different kinds."""
    def one(noun: str) -> str:
        return re.sub(r"(?:ren|s)$", "", noun)

    names = list(dict.fromkeys(e.name for e in found if e.name))
    if len(names) < 2 or any(e.name is None or one(e.noun) != one(found[0].noun) for e in found):
        return None
    noun = max((e.noun for e in found), key=len)
    if noun == one(noun) and not noun.endswith("fish"):
        noun = re.sub(r"(?<=[^aeiou])y$", "ie", noun) + "s"
    return Entity(name=", ".join(names[:-1]) + " and " + names[-1], noun=noun,
                  kind=found[0].kind, lang="en", plural=True)
