"""Who a conversation is about while its sentences do not say (W3, read by ``coref``).

Korean drops subjects, and chat English drops them too ("royal canin indoor."). The pet or
relative a conversation turns to stays its focus across sentences and turns until a sentence
gives itself another subject: a question or request to the assistant ("관절 영양제 뭐가
좋을까요?", "any tips?") or a bare fragment changes nothing about who is talked about, and the
assistant's own question says whom the next answer is about ("What is she eating now?" after
the cat). Several animals counted and then named at once ("소라게 세 마리 … 이름은 각각 집게,
보라, 쉘던") are named together — the names are theirs, not the nephew's who left them. A
clause that opens with a pronoun inside a longer sentence ("she's my son Rob's girl, he's in
Aberdeen …") is a statement of its own about the person the pronoun points to. Pure.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.korean import FAMILY_KO, PETS_KO, tokens
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN

# the speaker as a subject or owner: "I", "my", "저는", "제가" — a sentence about the user
_SPEAKER_EN = re.compile(r"(?<![\w'’])(?:I|I['’]m|I['’]ve|I['’]d|I['’]ll|me|my|mine|we|our|us)"
                         r"(?![\w'’])", re.IGNORECASE)
_SPEAKER_KO = re.compile(r"(?<![가-힣])(?:나|저)(?:는|가|도|랑|한테|의)?(?![가-힣])|"
                         r"(?<![가-힣])(?:난|전|내가|제가|내|제)(?![가-힣])")
# a question or request put to the assistant
_ASK_EN = re.compile(r"\?\s*$|^(?:(?:ok|so|and|also|btw|pls|please|hey)[,\s]+)*(?:any|what|which|"
                     r"how|where|when|should|can|could|would|is|are|do|does|recommend|suggest|"
                     r"tell|give|help|pls|please)\b", re.IGNORECASE)
_ASK_KO = re.compile(r"(?:까요|나요|을까|ㄹ까|할까|될까|는지|을지|인지|가요|죠|니|냐|어때|어때요|"
                     r"주세요|줘|줄래|줄래요|주실래요|부탁해|부탁해요|좀)[\s?!.~ㅋㅎㅠ]*$|\?\s*$")
_NOUNISH_EN = re.compile(r"\b(?:is|are|was|were|has|have|had|do|does|did|will|can|gets?|got|"
                         r"takes?|took|goes|went|eats?|ate|loves?|hates?|likes?|needs?|seems?)\b",
                         re.IGNORECASE)


def keeps_focus(sentence: str) -> bool:
    """A question or request to the assistant, or a bare English fragment, in which the
    speaker is not the subject: who the conversation is about stays who it was ("저희 진돗개
    백구가 열두 살인데 … 관절 영양제 뭐가 좋을까요?" → "병원에선 고관절 이형성증이래요" is
    still about 백구). A sentence where the user speaks of themselves ("저는 …", "I …") is
    about the user, and one that names someone else is about them (the caller checks)."""
    s = sentence.strip()
    if not s:
        return False
    if _HANGUL.search(s):
        return _ASK_KO.search(s) is not None and _SPEAKER_KO.search(s) is None
    if _SPEAKER_EN.search(s):
        return False
    words = re.findall(r"[A-Za-z][\w'’-]*|\d+", s)
    fragment = len(words) <= 4 and _NOUNISH_EN.search(s) is None \
        and re.match(r"(?i:she|he|it|they|her|his)\b", s) is None
    return fragment or _ASK_EN.search(s) is not None


# the assistant's question about someone: "What is she eating now?", "Does he still limp?",
# "걔는 뭐 먹어요?", "그 아이 몇 살이에요?"
_ASKED_PRONOUN_EN = re.compile(r"\b(she|he|her|him|his)\b", re.IGNORECASE)
_ASKED_PRONOUN_KO = re.compile(r"(?:^|\s)(?:걔|얘|그\s?아이|그\s?애|그\s?녀석|우리\s?애|그\s?분)")


def asked_pronoun(question: str) -> str | None:
    """The pronoun the assistant's question uses for a third party ("she", "he", or "걔" as
    "it"), or None when it asks about the user or something else."""
    if _HANGUL.search(question):
        return "it" if _ASKED_PRONOUN_KO.search(question) else None
    m = _ASKED_PRONOUN_EN.search(question)
    return m.group(1).lower() if m else None


_EN_COUNT = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d+)"
_COUNTED_EN = re.compile(rf"\b{_EN_COUNT}\s+(?:(?:little|baby|young|old|rescue|pet)\s+)?"
                         r"(?P<noun>(?:[a-z]+\s+)?[a-z]+s)\b(?!\s+(?:ago|old|later)\b)",
                         re.IGNORECASE)
_NOT_ANIMAL_EN = re.compile(r"\b(?:days|weeks|months|years|hours|minutes|times|things|ways|"
                            r"kids|children|sons|daughters|brothers|sisters|cousins|people|"
                            r"adults|guests|students|members|rooms|bedrooms|beds|cars|jobs|"
                            r"friends|books|apps|words|pounds|dollars|kilos|miles|steps)$",
                            re.IGNORECASE)


def counted(sentence: str) -> str | None:
    """The animals a sentence counts ("소라게 세 마리를 떠맡음" → "소라게", "three hermit
    crabs" → "hermit crabs"), which names said next belong to; None when it counts none."""
    if _HANGUL.search(sentence):
        noun = _counted_ko(sentence)
        if noun is not None and not re.fullmatch(rf"{FAMILY_KO}|이름|사람|명", noun):
            return noun
        return None
    for m in _COUNTED_EN.finditer(sentence):
        noun = m.group("noun").lower()
        if not _NOT_ANIMAL_EN.search(noun) and not re.fullmatch(FAMILY_EN, noun):
            return noun
    return None


# a word before the count that ends in an animal noun is all noun ("길냥이", which Kiwi reads
# as 길 + 냥 + 이/JKS): its last syllable is no particle
_ENDS_IN_PET_KO = re.compile(rf"(?:{PETS_KO})$")
_COUNT_TAGS = frozenset({"MM", "NR", "SN"})  # 두/MM, 여덟/NR, 2/SN before 마리/NNB


def _counted_ko(sentence: str) -> str | None:
    """The noun counted by 마리, read by Kiwi ("고양이 두 마리" → 고양이/NNG 두/MM 마리/NNB):
    the word before the count, less the particle Kiwi finds in it ("원숭이가" → "원숭이",
    "거북이" → "거북이" — a noun that ends in 이 is not noun + subject particle)."""
    if "마리" not in sentence:
        return None
    toks = tokens(sentence)
    for i, t in enumerate(toks):
        if t.form != "마리" or t.tag != "NNB" or i < 2 or toks[i - 1].tag not in _COUNT_TAGS:
            continue
        end = toks[i - 1].start
        word_end = len(sentence[:end].rstrip())
        word_start = max(sentence.rfind(" ", 0, word_end), sentence.rfind(",", 0, word_end)) + 1
        word = sentence[word_start:word_end]
        inside = [u for u in toks if word_start <= u.start < word_end]
        if not word or not inside or inside[0].tag not in ("NNG", "NNP", "SL"):
            return None  # "키우는 두 마리": no noun is counted
        if _ENDS_IN_PET_KO.search(word):
            return word
        cut = next((u.start for u in inside[1:] if u.tag.startswith("J") or u.tag == "VCP"
                    or (u.tag == "XSN" and u.form == "들")), word_end)
        return sentence[word_start:cut] or None
    return None


_KO_NAME = r"[가-힣A-Za-z]{1,6}?"
_KO_JOIN = r"\s?(?:,|랑|하고|와|과|이랑)\s?"
_EACH_NAMED_KO = re.compile(rf"이름(?:은|이|들은)\s?(?:각각\s?|차례로\s?)?(?P<names>{_KO_NAME}"
                            rf"(?:{_KO_JOIN}{_KO_NAME}){{1,5}})(?:이)?"
                            r"(?:야|이야|예요|이에요|에요|입니다|이고|임|이다|다)?(?=[\s.!,~ㅋㅎ]|$)")
_EACH_NAMED_EN = re.compile(r"\b(?:named|called|names\s+are|they['’]re\s+called)\s+"
                            r"(?P<names>[A-Z][a-z]+(?:,\s*[A-Z][a-z]+)*,?\s+and\s+[A-Z][a-z]+)\b")


# One name with its age: "Leo is 8", "Ruby's 5", "Max is 2 years old"; "레오는 8살", "루비 5살"
_AGED_EN = (r"[A-Z][a-z]+(?:\s+is|['’]s)\s+\d{1,2}(?:\s+(?:years?|yrs?|months?)(?:\s+old)?|"
            r"\s*(?:yo|mo))?")
_AGED_KO = r"[가-힣A-Za-z]{1,6}?(?:은|는|이는|이가|가)?\s?\d{1,2}\s?(?:살|개월)"
_AGED_LIST_EN = re.compile(rf"^{_AGED_EN}(?:(?:,\s*(?:and\s+)?|\s+and\s+){_AGED_EN})+[.!]?$")
_AGED_LIST_KO = re.compile(rf"^{_AGED_KO}(?:(?:이고|이구|,)\s*{_AGED_KO})+"
                           r"(?:이야|이에요|예요|입니다|이요|요)?[.!~]?$")
_AGED_JOIN = re.compile(r"(?:,\s*(?:and\s+)?|\s+and\s+|(?<=살|월)(?:이고|이구|,)\s*)")
_AGED_NAME = re.compile(r"^([가-힣A-Za-z]+?)(?:(?:은|는|이는|이가|가)?\s?\d|\s+is\b|['’]s\b)")


def aged_list(sentence: str) -> list[str]:
    """The clauses of a list of names with their ages ("Leo is 8 and Ruby is 5" → "Leo is 8",
    "Ruby is 5"; "레오는 8살이고 루비는 5살이야"), said when the assistant asked how old the
    children or pets are; empty when the sentence is not such a list."""
    text = sentence.strip()
    if not (_AGED_LIST_KO if _HANGUL.search(text) else _AGED_LIST_EN).match(text):
        return []
    clauses = [c.strip(" .!~") for c in _AGED_JOIN.split(text) if c.strip(" .!~")]
    return [re.sub(r"^([A-Z][a-z]+)['’]s\s", r"\1 is ", c) for c in clauses]  # "Leo's 8"


def aged_name(clause: str) -> str | None:
    """The name one clause of ``aged_list`` gives ("Ruby is 5" → "Ruby", "루비는 5살" → "루비")."""
    m = _AGED_NAME.match(clause)
    return m.group(1) if m else None


def each_named(sentence: str) -> list[str]:
    """The names a list gives at once ("이름은 각각 집게, 보라, 쉘던", "named Pinchy, Bora and
    Sheldon"), in order; empty when the sentence gives no list of names."""
    m = _EACH_NAMED_KO.search(sentence) if _HANGUL.search(sentence) else None
    if m is None:
        m = _EACH_NAMED_EN.search(sentence)
        if m is None:
            return []
        return [n for n in re.split(r",\s*|\s+and\s+", m.group("names")) if n]
    names = [n for n in re.split(_KO_JOIN, m.group("names")) if n]
    return names if len(names) >= 2 else []


# "…, he's in Aberdeen on the rigs", "…, she's on a hairball control diet now": a clause with
# a pronoun subject after a comma or a joint, inside a longer sentence
_PRONOUN_CLAUSE = re.compile(
    r"(?:,|;|\s[-–—])\s*(?:(?:and|but|so|plus|now)\s+)?(?=(?:she|he)(?:['’]s|\s+(?:is|has|was|"
    r"lives|works|takes|needs|gets|goes|eats|started|moved|got|had|loves|likes|hates|wants|"
    r"plays|can|will|turns|turned|uses|used|walks|sleeps|teaches|studies|runs|(?:just|still|also|"
    r"finally|already)\s+[a-z]+)\b))", re.IGNORECASE)


def pronoun_clauses(sentence: str) -> list[str]:
    """``sentence`` cut before each inner clause whose subject is "she" or "he" ("she's my son
    Rob's girl, he's in Aberdeen on the rigs" → two clauses): each says something of its own
    about whom its pronoun points to, and is resolved and judged on its own. English only."""
    if _HANGUL.search(sentence):
        return honoured_reason(sentence)
    if _SUBJECT_LEAD.match(sentence):
        return [sentence]  # "our rescue pup is called Pepper, she's a beagle mix": one subject
    parts: list[str] = []
    start = 0
    for m in _PRONOUN_CLAUSE.finditer(sentence):
        if m.start() - start >= 12:
            parts.append(sentence[start:m.start()].strip())
            start = m.end()
    parts.append(sentence[start:].strip())
    # "he's in Aberdeen on the rigs so we have her a lot": what the speaker does about it is
    # the speaker's clause, not more about him
    parts = [c for p in parts for c in (_SPEAKER_AFTER.split(p, maxsplit=1)
                                        if re.match(r"(?i:she|he)\b", p) else [p])]
    return [p.strip() for p in parts if p and p.strip()]


# a reason clause whose verb honours its subject: "당뇨가 있으셔서", "무릎이 안 좋으시니까"
_REASON_EC = frozenset({"어서", "아서", "서", "니까", "으니까", "니", "으니"})
_KIN_SUBJECT_KO = re.compile(rf"(?<![가-힣])(?:{FAMILY_KO})(?:이|가|은|는|께서)\s")


def honoured_reason(sentence: str) -> list[str]:
    """A Korean sentence cut after a reason clause about a relative that honours them, when
    what follows is the user's own doing ("시어머니가 당뇨가 있으셔서 | 저녁은 싱겁게 해요",
    "장모님이 무릎이 안 좋으셔서 | 제가 병원에 모시고 다녀요"): the elder's state is a fact
    of theirs (a health one is pinned) and the user's habit one of the user's, not one blurred
    memory. Only a state (a health word, an adjective, 있다/없다, a copula) is cut off: an
    event ("엄마가 오셔서 같이 밥 먹었어요") takes its tense from the clause after it."""
    from gieok.write.extract.health import health_related
    from gieok.write.extract.korean import honorific, honours_subject, is_question

    toks = tokens(sentence)
    if is_question(toks) or _KIN_SUBJECT_KO.search(sentence) is None:
        return [sentence]
    for i, t in enumerate(toks[2:-1], start=2):
        if t.tag != "EC" or t.form not in _REASON_EC or toks[i - 1].form not in ("시", "으시"):
            continue
        head, tail = sentence[:t.end].strip(), sentence[t.end:].strip(" ,")
        stem = next((u for u in reversed(toks[:i - 1]) if u.tag.startswith(("V", "XS"))), None)
        state = stem is not None and (stem.tag.startswith(("VA", "VCP", "XSA"))
                                      or stem.form in ("있", "없")) or health_related(head)
        if not state or _KIN_SUBJECT_KO.search(head) is None or len(tail) < 4 \
                or honours_subject(tail) or _KIN_SUBJECT_KO.search(tail) is not None \
                or honorific(tail):
            # (an honoured verb before an auxiliary, "안약 넣으셔야 돼": still the elder's)
            return [sentence]
        from gieok.write.extract.discourse import ko_subject

        # the clause after it, with no subject of its own, is the speaker's: said so, or it
        # would read as more about the relative
        said = ko_subject(tail) != "none" or _SPEAKER_KO.search(tail) is not None
        return [head, tail if said else f"저는 {tail}"]
    return [sentence]


# a sentence that opens with the pet or relative as its subject: "she" after the comma is them
_SUBJECT_LEAD = re.compile(r"^(?:(?:btw|so|and|oh|also)[,\s]+)*(?:(?:my|our)\s+(?:[\w-]+\s+){0,3}?"
                           r"[\w-]+|[A-Z][a-z]+)\s+(?:is|was|has|had|gets|got|takes|needs|lives|"
                           r"just|can|will)\b")
_SPEAKER_AFTER = re.compile(r",?\s+(?:so|and|but)\s+(?=(?:I|we|I['’]m|we['’]re)\s)",
                            re.IGNORECASE)


_KIN_EN = re.compile(rf"^(?:(?:and|but|so|btw|oh)[,\s]+)*(?:my|our)\s+(?:[\w-]+\s+){{0,2}}?"
                     rf"(?:{FAMILY_EN}|{PETS_EN})\b", re.IGNORECASE)


def about_kin(sentence: str) -> bool:
    """A relative or pet is the sentence's subject ("어머니는 당진 사세요", "my mom lives in
    Dangjin"): what it says is about them, not about what the sentence before handed over."""
    if _HANGUL.search(sentence):
        from gieok.write.extract.discourse import ko_subject

        return ko_subject(sentence) == "entity"
    return _KIN_EN.match(sentence.strip()) is not None


# The assistant's question about a name (read by ``coref.Entities.kind_asked``): "Is Oreo a
# cat?", "Who's Toto?", and the answers that say whose it is ("my jindo", "우리 강아지야").
ASKED_KIND_EN = re.compile(rf"\b(?:is|was)\s+(?P<name>[A-Z][a-z]+)\s+an?\s+(?P<noun>{PETS_EN})\b",
                           re.IGNORECASE)
ASKED_KIND_KO = re.compile(rf"(?P<name>[가-힣]{{1,4}}?)(?:이)?(?:는|은|가)\s?(?P<noun>{PETS_KO})"
                           r"(?:예요|이에요|야|이야|죠|지|인가요|에요|맞죠|맞아)")
ASKED_WHO_EN = re.compile(r"\b(?i:who)(?:['’]s|\s+is)\s+(?P<name>[A-Z][a-z]+)\s*\?")
ASKED_WHO_KO = re.compile(r"(?P<name>[가-힣A-Za-z]{1,6}?)(?:이)?(?:가|는|은)\s?누구"
                          r"(?:야|예요|에요|니|죠|인가요)?\s*\?")
ANSWER_MY_EN = re.compile(rf"^(?:(?:oh|ah|haha|lol|sorry)[,!\s]+)*"
                          rf"(?:(?:that['’]s|he['’]s|she['’]s|it['’]s)\s+)?"
                          rf"(?:my|our)\s+(?:[\w-]+\s+)?(?P<noun>(?i:{FAMILY_EN}|{PETS_EN}))"
                          r"(?![\w-])|"
                          # "my jindo", "my manager": a breed or a role no list holds
                          r"^(?:(?:that['’]s|he['’]s|she['’]s)\s+)?(?:my|our)\s+"
                          r"(?P<noun2>[a-z][a-z-]{2,})"
                          r"(?=\s*(?:[,.!]|$))")
ANSWER_MY_KO = re.compile(rf"^(?:(?:아|앗|ㅋ+|ㅎ+)[\s,!]+)*(?:우리|저희|울|내|제)\s?(?:집\s?)?"
                          rf"(?P<noun>{FAMILY_KO}|{PETS_KO})")
NO = re.compile(r"^(?:no|nope|nah|not|아니|아뇨|아니요|아녜요)", re.IGNORECASE)


EATS = {"먹이고": "먹고", "먹여요": "먹어요", "먹여": "먹어", "먹이는": "먹는", "먹인다": "먹는다",
        "먹였어": "먹었어", "먹였어요": "먹었어요", "먹이": "먹",
        # "영양제 먹이래요": the vet's instruction to feed it, so what the pet must take
        "먹이래요": "먹어야 해요", "먹이래": "먹어야 해", "먹이라고": "먹어야 한다고"}
FED = re.compile("|".join(sorted(EATS, key=len, reverse=True)))
# What a sentence without a subject may say about the pet or relative just talked about.
HEALTHY = re.compile(r"알레르기|알러지|약|복용|주사|접종|수술|진단|질환|염|백내장|사료|병원|"
                     r"치료|검진|몸무게|체중|살\b|살이|\d+\s?살|개월|학년|학교|유치원|어린이집|"
                     r"입학|졸업|축구부|학원|간식|산책|좋아해|싫어해|먹어|먹는|먹고|먹이|먹여|"
                     r"\d+\s?(?:kg|킬로)|"
                     # mixed chat: "hairball control food로 바꿈", "insulin 맞아야 돼"
                     r"(?i:food|diet|kibble|treats?|insulin|meds|medicine|pills?|shots?|vaccine)")


# "nope she's thrilled": how she feels today is no fact about her
FEELING = re.compile(
    r"\s+(?:so\s+|really\s+|super\s+|very\s+|a\s+(?:bit|little)\s+|kinda\s+|pretty\s+)?"
    r"(?:thrilled|nervous|excited|scared|worried|anxious|upset|stressed|tired|bored|mad|angry|"
    r"annoyed|happy|sad|fine|ok|okay|good|great|pumped|stoked)\b"
    r"(?!\s+(?:of|about|around|with|whenever|when|at)\b)", re.IGNORECASE)
# "takes methimazole twice a day now", "is on insulin": a chat clause without its subject whose
# verb is third person (the -s, "is", "has"; the user drops "I" before "take", "need"), so it is
# about whoever the conversation is about
VERB_FIRST = re.compile(r"^(?:(?:and|also|now|still|plus|btw|but)[,\s]+)*(?P<v>(?:takes|gets|needs|"
                        r"eats|weighs|goes\s+to|has\s+(?:a|an|to)|"
                        r"is\s+(?:on|allergic|diabetic|due|booked))\b)", re.IGNORECASE)
