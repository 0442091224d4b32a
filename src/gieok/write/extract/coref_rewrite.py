"""Rewriting a clause (W3): a later sentence made to name the pet or relative it is about.

A leading pronoun becomes the entity ("She's 8" → "User's dog Sunny is 8"; "걔는 …" → "사용자의
고양이 까망은 …"), a bare name is qualified once ("Nabi takes methimazole" → "User's cat Nabi
takes …"), and a sentence with no subject, right after one about a pet or relative, is about
them ("요즘 백내장이 와서 …" after "강아지 초코는 13살이에요"). Read by ``coref.Entities.resolve``
with the entities the session has found (``coref_intro``). Pure.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gieok.write.extract import focus
from gieok.write.extract.coref_intro import KO_NAME_LATER, KO_NOT_NAME, KO_RELATIVE
from gieok.write.extract.coref_intro import entity as make_entity
from gieok.write.extract.coref_intro import named
from gieok.write.extract.focus import FEELING, VERB_FIRST, each_named
from gieok.write.extract.korean import honorific, honours_subject, medical_said
from gieok.write.extract.names import CARE_OF, KIND_SAID, NAMING_EN, REPORTED_EN, name_pattern

if TYPE_CHECKING:
    from gieok.write.extract.coref import Entities
    from gieok.write.extract.coref_intro import Entity

_KO_LEAD = re.compile(r"^(?:(?:네|응|어|아|음|ㅇㅇ|웅|엉|근데|그런데|그리고|아무튼|암튼|참|맞다|ㅋ+|ㅎ+|ㅠ+|ㅜ+|"
                      r"뭐(?=\s?ㅋ))[\s,.~!]+)+")


def resolve_en(ents: Entities, text: str) -> str:
    """An English clause with its leading pronoun, bare name, or subjectless verb made to
    name whom it is about ("She's 3" → "User's dog Sunny is 3")."""
    naming = NAMING_EN.match(text)
    unnamed = next((e for e in reversed(ents.known) if e.name is None), None)
    if naming is not None and unnamed is not None:  # "we got a kitten!! named her Mochi"
        who = unnamed.display("en")
        unnamed.name = naming.group("name")
        return f"{who} is named {naming.group('name')}{text[naming.end():]}"
    aged = _NAMED_AGED.match(text)
    if aged is not None and unnamed is not None and unnamed.kind == "pet" and not unnamed.plural:
        # "a good feeding amount for a 4kg cat? … Olive, 6 years old, indoor only": the pet
        # asked about, named with its age in a fragment
        who = unnamed.display("en")
        unnamed.name = aged.group("name")
        rest = aged.group("rest") or ""
        return f"{who} {aged.group('name')} is {aged.group('age')}{rest}"
    herd = next((e for e in reversed(ents.known) if e.plural and e.name is None), None)
    they = re.match(r"(?i:their\s+names\s+are|they['’]re\s+(?:named|called))\s", text)
    if herd is not None and they is not None and each_named(text):  # "their names are …"
        return f"{herd.display('en')} are named {text[they.end():]}"
    they = re.match(r"^(?:(?:and|also|but|so|now|plus|yeah|well|oh)[,\s]+)*they(?P<re>['’]re)?\s",
                    text, re.IGNORECASE)
    group = ents.topic if ents.topic is not None and ents.topic.plural else ents.group \
        if they is not None and re.match(r"(?:both|all)\b", text[they.end():]) else None
    if they is not None and group is not None:
        # "my parents live in Busan. they're both retired": the relatives just talked about;
        # "they both …" after one of "two cats, Luna and Mochi": the two named together
        return f"{group.display('en')}{' are' if they.group('re') else ''} {text[they.end():]}"
    said = REPORTED_EN.match(text)
    if said is not None:  # "vet said she needs her second rabies shot": she is the cat
        inner = resolve_en(ents, text[said.end():])
        return text if inner == text[said.end():] else text[:said.end()] + inner
    m = re.match(r"^(?P<lead>(?:(?:and|also|but|so|now|plus|nah|no|yeah|yes|yep|nope|well|oh|ok|okay)"
                 r"[,\s]+)+)?(?P<p>she|he|it|her|his)\b"
                 r"(?P<s>['’]s)?", text, re.IGNORECASE)
    if m:
        p = m.group("p").lower()
        if ents.outsider and p != "it":
            return text  # "… a card for the vet? her name is Dr. Patel": the vet's name
        target = ents.pronoun_target(p)
        kind = KIND_SAID.match(text[m.end():]) if m.group("s") and p in ("he", "she") \
            else None
        if kind is not None and ents.unplaced and (target is None or target.name is None):
            # "… so Bruno is stuck inside. he's a 1 year old husky": Bruno is that husky
            target = make_entity(ents.unplaced, kind.group("noun"), "en")
            target.gender = "f" if p == "she" else "m"
            ents._add(target)
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
    if lead is not None and ents.topic is not None:  # "takes methimazole twice a day now"
        return f"{ents.topic.display('en')} {text[lead.start('v'):]}"
    entity = ents.mentioned(text, "en")
    if entity and entity.name and not re.search(
            rf"(?:my|our|User's|named|called|name\s+is)\s+(?:[\w-]+\s+){{0,3}}"
            rf"{re.escape(entity.name)}",
            text, re.I):  # "… a golden retriever called Sunny" introduces her again
        return re.sub(rf"(?<![\w]){re.escape(entity.name)}", entity.display("en"), text,
                      count=1)
    care = CARE_OF.search(text)
    if care and not re.match(r"^(?:I|my|we|our)\b", text, re.IGNORECASE):
        # "next is his neutering, booked for the 4th": the pet's care, not someone's
        target = ents.pronoun_target(care.group("p").lower())
        if target is not None and target.kind == "pet":
            return text[:care.start()] + target.display("en") + "'s" + text[care.end():]
    obj = re.search(r"\b(?P<p>her|him)\b(?=\s+(?:on|to|with|for|in|at|off|out)\b|[\s.,!]*$)",
                    text, re.IGNORECASE)
    cared = _CARED_FOR.match(text)
    if cared is not None:  # "we switched her to a renal diet", "I give him fish oil daily"
        obj = cared
    if obj and (cared is not None or not re.match(r"^(?:I|my|we|our)\b", text, re.IGNORECASE)) \
            and not ents.outsider:
        group = "p" if obj.group("p") else "p2"
        target = ents.pronoun_target(obj.group(group).lower())
        if cared is not None and target is not None and target.kind == "family" \
                and target.noun.lower() not in _CHILDREN:
            target = None  # "I walked her home": a wife or a mother is not walked or dosed
        own = _own_subject(text[:obj.start(group)])
        if own is not None and target is not None:
            # the sentence's own subject, when the session knows it ("biscuit's off …"
            # with a pet Biscuit known), else no one said before
            target = next((e for e in reversed(ents.known)
                           if own in {(e.name or "").lower(), e.noun.lower()}), None)
        if target is not None:
            return text[:obj.start(group)] + target.display("en") + text[obj.end(group):]
    return text


# "(yes,) we switched her to a hydrolyzed diet", "I give him fish oil every morning", "I walk her
# twice a day": what the user does for the pet or child the session is about. With the user as
# the subject, a "her" or "him" is otherwise left alone ("I met her at a bar" is someone new).
_WE_DO = r"^(?:(?:yes|yeah|yep|so|and|also|now|ok|okay)\W+)*(?:I|we)\s+"  # "yes, we …"
_CARED_FOR = re.compile(
    rf"{_WE_DO}(?:(?:just|now|also|still|usually|always|finally|had\s+to)\s+)?"
    r"(?:switched|switch|put|took|take|moved|move|started|start|changed|change|weaned|wean)\s+"
    r"(?P<p>her|him)\b(?=\s+(?:on|to|off|onto)\b)"
    rf"|{_WE_DO}(?:(?:just|now|also|still|usually|always)\s+)?"
    r"(?:give|gave|feed|fed|walk|walked|brush|bathe|dose)\s+(?P<p2>her|him)\b", re.IGNORECASE)


# "biscuit's off the gabapentin now, vet switched her to …": the sentence opens on its own
# third-person subject, and the "her" after it is that one — not whoever the session named
# last (a child talked about a turn before). Pronouns and the speaker are not such a subject.
_OWN_SUBJECT_EN = re.compile(r"^(?:the\s+)?(?P<w>[A-Za-z][\w-]*)(?:['’]s|\s+(?:is|was|has|had|got|"
                             r"gets|went|just|still|now))\b", re.IGNORECASE)
_NOT_A_SUBJECT_EN = frozenset({"she", "he", "it", "i", "we", "you", "they", "this", "that",
                               "there", "here", "what", "who", "so", "and", "but", "also", "now",
                               "well", "oh", "yeah", "yes", "no", "nope", "ok", "okay", "then"})


_CHILDREN = frozenset("son daughter kid child baby toddler boy girl".split())


def _own_subject(before: str) -> str | None:
    """The third-person subject (lower-cased) the clause before an object pronoun opens on."""
    m = _OWN_SUBJECT_EN.match(before.strip())
    if m is None or m.group("w").lower() in _NOT_A_SUBJECT_EN:
        return None
    return m.group("w").lower()


def resolve_ko(ents: Entities, text: str) -> str:
    """A Korean clause with its 걔/얘, bare name, or missing subject made to name whom it is
    about ("걔는 …" → "사용자의 고양이 까망은 …")."""
    text = _KO_LEAD.sub("", text).strip() or text
    sibling = re.match(r"^(?:(?:우리|내|제|울)\s?)?(?P<n>동생)(?=[은는이가도의]|\s)", text)
    said = {e.noun for e in ents.known if e.noun in ("남동생", "여동생")}
    if sibling is not None and len(said) == 1:
        # "남동생이 다음주에 결혼해 … 동생은 민호고": the brother said before, said short
        text = f"{text[:sibling.start('n')]}{said.pop()}{text[sibling.end('n'):]}"
    m = re.match(r"^(?:근데|그리고|아\s)?\s*(?P<p>걔|얘|그\s?애|그\s?아이|이\s?아이|그\s?녀석|"
                 r"이\s?녀석|우리\s?애|그\s?분)"
                 r"(?P<j>가|는|도|를|한테|랑)?", text)
    if m and ents.known:
        target = ents.topic or ents.known[-1]
        # "걔 이름이 서윤인데": the name of whoever 걔 is ("사용자의 막내 이름이 …")
        josa = m.group("j") or ("" if text[m.end():].lstrip().startswith("이름") else "는")
        who = target.display("ko")
        if josa == "가" and _batchim(who):
            josa = "이"
        elif josa == "는" and _batchim(who):
            josa = "은"
        return f"{who}{josa}" + text[m.end():]
    unnamed = next((e for e in reversed(ents.known) if e.name is None), None)
    herd = next((e for e in reversed(ents.known) if e.plural and e.name is None), None)
    if herd is not None and each_named(text) and re.match(r"이름(?:은|이|들은)\s", text):
        return f"{herd.display('ko')} {text.lstrip()}"  # "이름은 각각 집게, 보라, 쉘던"
    if unnamed is not None and KO_NAME_LATER.match(text) \
            and not KO_NOT_NAME.match(named(KO_NAME_LATER.match(text))):  # "이름은 유나"
        if re.fullmatch(r"이름은\s?[가-힣]{1,6}", text.strip()):
            text = text.strip() + "야"  # "이름은 당근이": the copula chat leaves out
        return f"{unnamed.display('ko')} {text.lstrip()}"
    entity = ents.mentioned(text, "ko")
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
    bare = re.match(rf"(?P<noun>{KO_RELATIVE})\s(?=\S)", text)
    if bare is not None and honorific(text) and no_subject_ko(text[bare.end():]):
        # "엄마 올해 일흔이신데 매일 등산 다니셔": the relative said bare, then honoured
        kin = next((e for e in reversed(ents.known) if e.noun == bare.group("noun")),
                   None) or make_entity(None, bare.group("noun"), "ko")
        who = kin.display("ko")
        return f"{who}{'은' if _batchim(who) else '는'} {text[bare.end():]}"
    topic = ents.topic
    honoured = topic is not None and topic.kind == "family" and honorific(text)
    if not honoured and honours_subject(text) and ents.elder() is not None:
        # "등산 엄청 좋아하심" after "시아버님 생신 선물 …": the user never honours
        # themselves, so a sentence that honours its subject is the elder's, even when the
        # pet or child was talked about last
        topic, honoured = ents.elder(), True
    # (a dose said next, "하루 한 번 연고 바르래요", is the vet's instruction for them)
    if topic is not None and (focus.HEALTHY.search(text) or honoured
                              or _health_related(text) or medical_said(text)) \
            and no_subject_ko(text) and not _names_itself(topic, text):
        who = topic.display("ko")
        opened = _OPENED_BY_NAME.match(text)
        if topic.kind == "pet" and opened is not None and not _KO_NOT_OPENER.match(
                opened.group("x")) and (topic.name is None or topic.plural):
            # "코코가 신장이 안 좋아서 …" after "고양이 두 마리(모모, 코코) 키워": the pet named
            # bare is one of the user's, the subject already ("사용자의 고양이 코코가 …")
            return f"{who} {text}"
        if topic.kind == "pet":
            # "하루에 두 번 베트메딘 먹이고 있어요": what the user feeds the pet, the pet eats
            text = focus.FED.sub(lambda m: focus.EATS[m.group(0)], text)
        # "할머니 아흔 되셔": the relative said bare is the subject already
        text = re.sub(rf"^{re.escape(topic.noun)}\s(?=\S)", "", text)
        return f"{who}{'은' if _batchim(who) else '는'} {text}"
    return text


# a name and an age said as a fragment: "Olive, 6 years old, indoor only"
_NAMED_AGED = re.compile(r"^(?P<name>[A-Z][a-z]{1,14}),\s*(?P<age>\d{1,2}\s*(?:years?|yrs?|months?|weeks?|wks?)\s+old|"
                         r"\d{1,2})(?P<rest>(?:,\s*[^,.!?]{2,40}){0,3})[.!]*$")


# a clause that opens on a bare word and its subject particle ("코코가 …", "모모는 …")
_OPENED_BY_NAME = re.compile(r"^(?P<x>[가-힣]{2,4}?)(?:가|는)\s")
# … that is no name: a pronoun, a person, the user, a time or a word of the body or the home
_KO_NOT_OPENER = re.compile(
    r"^(?:우리|저희|나|저|내|제|걔|얘|쟤|그게|이게|저게|요즘|오늘|어제|내일|지금|아까|이번|저번|"
    r"사료|병원|의사|수의사|선생님|엄마|아빠|남편|아내|와이프|동생|언니|오빠|누나|형|친구|"
    r"배|머리|다리|눈|귀|코|피부|털|신장|심장|간|위|장|이빨|치아|약|밥|물|변|오줌|소변|대변|"
    r"강아지|고양이|애기|아기|애|아이)$")


def _names_itself(topic: Entity, text: str) -> bool:
    """The clause opens by naming the one in focus ("우리 노견 '할배' 15살인데 …"): it has
    its subject, though no particle marks it, and a second one in front would repeat it."""
    said = rf"(?:우리|저희|울|내|제)\s?(?:집\s?)?{re.escape(topic.noun)}"
    if topic.name:
        said += rf"|{name_pattern(topic.name)}"
    return re.match(rf"\s*(?:{said})", text) is not None


def _health_related(text: str) -> bool:
    from gieok.write.extract.health import health_related

    return health_related(text)


def _batchim(word: str) -> bool:
    last = word[-1:]
    if "\uac00" <= last <= "\ud7a3":
        return (ord(last) - 0xAC00) % 28 != 0
    return last.lower() in "lmnr"


def no_subject_ko(text: str) -> bool:
    """No speaker, no relative or pet, no other subject: the sentence carries on the topic."""
    from gieok.write.extract.discourse import ko_subject

    return ko_subject(text) == "none"
