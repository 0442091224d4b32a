"""Sentences the user says that are not about the user (W3).

Checked after ``discourse.is_noise`` (which drops what is no statement at all): a statement can
still be someone else's news ("팀장님 딸이 이번에 의대 붙었대요", "my friend Marcus is allergic
to shellfish"), the material handed over for a task ("email 제목 추천 좀: …", the options
after "골라 줘."), a wish in a daydream ("로또 1등 되면 …" → "제주도에 땅 사야지"), or a nod
to what the assistant just offered ("루이보스 좋아요"). Storing any of them as a fact of the
user's life is the junk that most lowers precision on new writers, so each is recognised by
its structure (who the subject is, what came just before) and ``not_the_users`` gathers them
with the asides of ``asides``.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract import asides, chatter, in_general, recap, sarcasm
from gieok.write.extract.discourse import hypothetical, unfill
from gieok.write.extract.discourse_subject import final_predicate
from gieok.write.extract.korean import FAMILY_KO, PETS_KO, Token, tokens



# People outside the user's family and household: what they do or have is not the user's.
_OUTSIDE_KO = frozenset("친구 친구분 동료 지인 선배 후배 동기 상사 팀장 부장 과장 차장 대리 사장 "
                        "이웃 옆집 윗집 아랫집 룸메 룸메이트 교수 아저씨 "
                        "아줌마 아주머니 집주인 인턴 신입 사수 부사수 직원 대표 상무 전무 "
                        "회장 원장 실장 본부장 CEO CTO".split())
# (not 이사: a director, but far more often a move — "이사가 확정됐어")
# one of a group the turn spoke of ("친구들 6명 집들이 하는데 … 한 명은 비건이야"): not the user
_ONE_OF_KO = re.compile(r"^(?:그\s?중(?:에)?\s?|그중에\s?|그\s?사람들\s?중\s?)?(?:한|두)\s?(?:명|사람|분)"
                        r"(?:은|는|이|가|도|만)\s")
# a relative clause before the person ("우리 팀 새로 온 인턴이 …"): what may stand before the head
_CLAUSE_BEFORE = frozenset({*("NNG NNP NNB NP NR SL SN XSN MM JKG".split()),
                            *("MAG VV VA VX XSV XSA EP ETM JKB".split())})
_KNOWN_KO = re.compile(r"^(?:그냥\s|제가\s|내가\s)?아는\s?(?:사람|분|형|오빠|언니|누나|동생|애|친구|지인)")
_NOMINAL = ("NNG", "NNP", "NNB", "NP", "NR", "SL", "SN", "XSN", "MM", "JKG")
_SPEAKER_KO = re.compile(r"(?<![가-힣])(?:나|저|난|전|내가|제가|나는|저는|나도|저도|내|제|우리|저희)"
                         r"(?![가-힣])")
_SPEAKER_EN = re.compile(r"(?<![\w'’])(?:I|I['’]m|I['’]ve|I['’]d|I['’]ll|me|my|mine|we|our|us)\b")


def about_outsider(sentence: str) -> bool:
    """The sentence is about someone outside the user's family — a friend, a colleague, the
    boss's daughter, the neighbour ("팀장님 딸이 이번에 의대 붙었대요", "우리 옆집 사람이 Tesla
    샀는데…", "친구네 강아지가 어제 아팠대") — and says nothing of the user, a relative or a pet
    in the rest ("교수님이 … 저 편두통 때문에…" is the user's): not a memory about the user."""
    s = sentence.strip()
    if _HANGUL.search(s):
        if known := _KNOWN_KO.match(s):  # "아는 사람 남편이 …": an acquaintance's
            return _SPEAKER_KO.search(s[known.end():]) is None
        if _ONE_OF_KO.match(s):  # (unless the user is the one: "그중 한 명은 나야")
            return _SPEAKER_KO.search(s) is None and not any(
                t.tag == "NP" and t.form in ("나", "저", "우리", "저희") for t in tokens(s))
        toks = tokens(s)
        at = next((i for i, t in enumerate(toks[:8])
                   if t.tag == "JKS" or (t.tag == "JX" and t.form in ("은", "는", "만"))), None)
        if at is None:  # "회사 동료 keto 한다는데": the particle dropped, the news heard
            return _heard_of_outsider(s, toks)
        if not at:
            return False
        head = next((t for t in reversed(toks[:at]) if t.tag in ("NNG", "NNP", "SL")), None)
        if not all(t.tag in _NOMINAL for t in toks[:at]) and (
                head is None or head.form not in _OUTSIDE_KO
                or not all(t.tag in _CLAUSE_BEFORE for t in toks[:at])):
            return False  # (a clause before the subject only when it is the person it describes)
        nouns = [t for t in toks[:at] if t.tag.startswith("NN") and t.tag != "NNB" or t.tag == "SL"]
        if not any(t.form in _OUTSIDE_KO for t in nouns):
            return False
        heard = _hearsay([t for t in toks if not t.tag.startswith("S") or t.tag == "SL"])
        if nouns[-1].form in _OUTSIDE_KO and any(t.tag == "VCP" for t in final_predicate(toks)) \
                and not heard and not any(t.tag == "EC" for t in toks[at:]):  # (one clause: "결혼하는데 …" is two)
            return False  # who that person is: "저희 팀장님은 이민수 팀장님이에요" (a role)
        if len(nouns) > 1 and nouns[-1].form in ("이름", "성함", "존함") \
                and nouns[-2].form in _OUTSIDE_KO and len(toks) - at <= 4 \
                and not any(t.tag.startswith(("V", "E")) and t.tag != "VCP" for t in toks[at:]):
            return False  # the name of someone in that role: "팀장님 성함은 오지훈" (who it is)
        # (a relative word after it is theirs: "엄마 친구 딸은 벌써 애가 둘이래")
        return _SPEAKER_KO.search(s[toks[at].end:]) is None
    # English: a friend, a neighbour, a roommate as the subject, and no word of the user in the
    # rest ("my friend Marcus is allergic to shellfish"). Not someone the user works under ("my
    # manager Dae-ho wants weekly status reports" is the user's work).
    m = _OUTSIDE_EN.match(unfill(s))
    return m is not None and _SPEAKER_EN.search(m.group("rest")) is None


# what someone else was heard to say or do: -대(요), -래(요), -다는데, -다던데, -다더라, -다고 (하는데)
_HEARSAY_EC = re.compile(r"(?:다|라)(?:는데|던데|더라|고)$")


def heard_of_outsider(text: str) -> bool:
    """Hearsay about someone outside the family whose particle was dropped (see below), for
    a caller that holds the clause before a question ("옆집 아저씨 골프 배운다는데 …?")."""
    return _heard_of_outsider(text.strip(), tokens(text.strip()))


def _heard_of_outsider(s: str, toks: list[Token]) -> bool:
    """Hearsay whose subject, its particle dropped, is someone outside the family ("회사 동료
    keto 한다는데", "옆집 아저씨 요즘 골프 배운대", "우리 과장님 담배 끊으셨대요"): the sentence
    opens with nouns that name the person, then says what was heard of them, in its first
    clause or its last. Without the hearsay ending the user is the subject ("동료 결혼식
    가요": the user goes), and a word of the user's after the noun makes it theirs ("동료
    덕분에 나 승진했대")."""
    lead: list[Token] = []
    for t in toks:
        if t.tag not in _NOMINAL:
            break
        lead.append(t)
    nouns = [t for t in lead if t.tag.startswith("NN") and t.tag != "NNB"]
    who = next((t for t in nouns[:3] if t.form in _OUTSIDE_KO), None)
    if who is None or _SPEAKER_KO.search(s[who.end:]) is not None:
        return False
    said = [t for t in toks[len(lead):] if not t.tag.startswith("S") or t.tag == "SL"]
    first = next((i for i, t in enumerate(said) if t.tag in ("EC", "EF")
                  or (t.tag == "NNB" and t.form == "대")), None)
    return (first is not None and _hearsay(said[:first + 1])) or _hearsay(said)


def _hearsay(said: list[Token]) -> bool:
    """The words end in a hearsay ending: -대(요), -래(요), -다는데, -다던데, -다더라."""
    if not said:
        return False
    last = said[-1]
    if last.tag == "EF" and last.form.lstrip("ᆫ는").startswith(("대", "래")):
        return True
    if last.tag == "NNB" and last.form == "대" and len(said) > 1 and said[-2].tag == "ETM":
        return True  # "퇴사한대": Kiwi reads -ㄴ대 as ㄴ/ETM + 대/NNB
    return last.tag in ("EC", "EF") and _HEARSAY_EC.search(last.form) is not None


_OUTSIDE_EN = re.compile(
    r"^(?:my|our|a|an|one\s+of\s+my)\s+(?:(?:best|old|close|good)\s+)?(?:friend|buddy|pal|neighbou?r|roommate|"
    r"flatmate|housemate|classmate|coworker|co-worker|colleague|acquaintance)s?(?:['’]s?\s+"
    # ("a colleague of mine, Gareth, is allergic to nuts")
    r"(?:\w+\s+){0,2}?\w+)?(?:\s+of\s+(?:mine|ours))?(?:,?\s+(?-i:[A-Z])[\w-]+,?)?(?:['’]s|\s+(?:is|are|was|were|has|have|had|"
    r"keeps?|got|just|(?:\w+(?:s|ed)))\b)(?P<rest>.*)$", re.IGNORECASE)


# what a request to the assistant ends with ("… 골라 줘", "추천 좀", "fix my grammar")
_REQUEST_KO = re.compile(r"(?:줘|주세요|줄래|줄래요|좀|부탁해요?|부탁드려요|부탁드립니다)[\s.!~ㅋㅎㅠ]*$")
_REQUEST_EN = re.compile(
    r"^(?:(?:ok(?:ay)?|so|and|pls|please|hey)[,\s]+)*(?:(?:can|could|would|will)\s+you\s+|"
    r"please\s+|pls\s+)?(?:help|write|draft|make|give|suggest|recommend|pick|choose|fix|check|"
    r"translate|rewrite|proofread|summari[sz]e|plan|list|find|compare|edit|polish|turn|format|"
    r"convert|correct|review|look\s+over)\b", re.IGNORECASE)


def is_request(sentence: str) -> bool:
    """A request to the assistant, by how it starts (English) or ends (Korean)."""
    s = sentence.strip()
    return bool(_REQUEST_KO.search(s) if _HANGUL.search(s) else _REQUEST_EN.match(s))


_KIN = re.compile(rf"^(?:{FAMILY_KO}|{PETS_KO})$")  # a whole noun, not "개" in "2개"


def request_material(sentence: str, before: str | None = None) -> bool:
    """What the user hands over for a task, not a statement: a request with its material after
    a colon ("email 제목 추천 좀: 다음 주 회의 일정 변경", "fix my grammar:" once the quoted
    text is cut), unless what follows the colon is the user's own statement ("help me pack:
    I'm flying to Reykjavik …"); or, right after a request (``before``), a Korean fragment with
    no predicate, subject or topic of its own and no one in it — the options or the details
    of the task ("…골라 줘." → "1번 교토 2번 다낭", "예약 메시지 써줘." → "8명이고 토요일 7시");
    or what the request's character is, by the name it was given ("민수라는 아이가 나오는
    동화 써줘." → "민수는 토끼를 키우는 여섯 살")."""
    s = sentence.strip()
    head, colon, rest = s.partition(":")
    if colon and 2 <= len(head) <= 60 and is_request(head):
        return not (_SPEAKER_KO.search(rest) if _HANGUL.search(rest) else _SPEAKER_EN.search(rest))
    if before is not None and is_request(before) and _cast(before, s):
        return True
    if before is None or not _HANGUL.search(s) or not is_request(before):
        return False
    from gieok.write.extract.standing import instruction

    if instruction(before) is not None:  # "…섞지 말아 주세요." → "다 한국어로요": the rule
        return False
    if any(t.tag in ("NNG", "NNP") and _KIN.match(t.form) for t in tokens(before)):
        return False  # "조카 선물 추천해 주세요. 8살 여자애예요": it describes the relative (or pet)
    toks = tokens(s)
    # ("…추천해줘." → "아 엄마 올해 일흔이심": a relative or pet said with a copula is described)
    kin = any(t.tag in ("NNG", "NNP") and _KIN.match(t.form) for t in toks) \
        and any(t.tag == "VCP" for t in toks)
    return not kin and not any(t.tag in ("VV", "VA", "VX", "XSV", "XSA", "JX", "JKS")
                               for t in toks) and _SPEAKER_KO.search(s) is None


# a name given in a request ("지호라는 아이", "a boy called Theo", "a dragon named Ember")
_NAMED_KO = re.compile(r"(?<![가-힣])(?P<n>[가-힣]{1,4}?)(?:이)?라는\s")
_NAMED_EN = re.compile(r"\b(?:named|called)\s+(?P<n>(?-i:[A-Z])[\w-]+)", re.IGNORECASE)


def _cast(request: str, sentence: str) -> bool:
    """The sentence is about the one the request just named (a character, a persona): its
    subject is that name ("지호는 …", "Theo is 5 and …"), and no word of the user's follows."""
    named = [m.group("n") for m in (*_NAMED_KO.finditer(request), *_NAMED_EN.finditer(request))]
    for name in named:
        m = re.match(rf"{re.escape(name)}(?:이)?(?:는|은|가|이|도)\s|{re.escape(name)}(?:['’]s|\s+(?:is|was|has|"
                     rf"had|lives|loves|likes|wants|works|keeps))\b", sentence.strip())
        if m is not None:
            rest = sentence.strip()[m.end():]
            return (_SPEAKER_KO.search(rest) if _HANGUL.search(rest) else _SPEAKER_EN.search(rest)) \
                is None
    return False


_CONDITIONAL_ASK = re.compile(r"(?:면|라면|다면)\s.*(?:까|니|냐|\?)[\sㅋㅎ?!~]*$")
_INTENT = re.compile(r"(?:야지|어야지|아야지|ㄹ래|을래|할래|거야|꺼야|겠다|겠어|고\s?싶다|고\s?싶어)"
                     r"[\s.!~ㅋㅎㅠ]*$|^(?:(?:lol|haha|ok|so)[,\s]+)*I(?:['’]d|\s+would|['’]ll|\s+will|"
                     r"\s+wanna|\s+want\s+to)\b", re.IGNORECASE)


def answers_a_hypothetical(sentence: str, before: str | None) -> bool:
    """What the user would do in a case they just imagined ("로또 1등 되면 뭐 할까 ㅋㅋ" →
    "제주도에 땅 사야지", "what if I won the lottery? I'd buy a farm"): a wish in a daydream."""
    if before is None or not _INTENT.search(sentence.strip()):
        return False
    from gieok.write.extract.standing import instruction

    b = before.strip()
    # (a request with a condition is an instruction: "혹시 내가 새벽에 말 걸면 자라고 해 줘")
    return instruction(b) is None and not is_request(b) and (hypothetical(b)
                                       or _CONDITIONAL_ASK.search(b) is not None)


def not_the_users(sentence: str, before: str | None = None, shown: str = "") -> bool:
    """Said by the user but not about them (checked after ``is_noise``): someone else's news,
    what is handed over for a task, a wish in a daydream, a nod to what the assistant just
    suggested, a story the user writes, a mishap the user says they love (``sarcasm``), a
    remark on people in general (``in_general``), a conclusion or errand of the moment, what the thing asked about is (``asides``), a shape of
    the moment (``chatter``), a plot retold (``recap``). ``before``: the turn's previous sentence; ``shown``: the
    assistant's turn before this one."""
    return about_outsider(sentence) or request_material(sentence, before) \
        or answers_a_hypothetical(sentence, before) or takes_up(sentence, shown) \
        or done_as_told(sentence, shown) or pronoun_of_outsider(sentence, before) \
        or asides.fiction(sentence) or asides.story_goes_on(sentence, before) \
        or sarcasm.sarcastic(sentence) or in_general.about_people(sentence) \
        or asides.material(sentence) or chatter.of_the_moment(sentence) \
        or chatter.sent_for_work(sentence, before, shown) or recap.retold(sentence, before) \
        or asides.identified(sentence) or any(aside(sentence, shown) for aside in (
            asides.appraises, asides.echoes, asides.tried, asides.concludes, asides.adopts))


def takes_up(sentence: str, shown: str) -> bool:
    """A short Korean reply that only names what the assistant's turn just offered and says
    it is good or at hand ("캐모마일이나 루이보스 어떠세요?" → "루이보스 좋아요"; "케이스용
    가습기(댐핏) 쓰세요." → "댐핏 있어요"): a nod to the suggestion, not a fact of the user's
    life. No pronoun, subject or clause joint of its own, at most six words and marks."""
    if not shown:
        return False
    if not _HANGUL.search(sentence):  # (English: "I have a dog" after dog tips is a fact)
        return False
    toks = [t for t in tokens(sentence) if not t.tag.startswith("S") or t.tag == "SL"]
    said = [t for t in toks if t.tag.startswith(("VV", "VA", "VX", "XSV", "XSA", "VCP"))]
    if not said or said[-1].form not in ("있", "좋") or len(toks) > 6 \
            or any(t.tag in ("NP", "EC", "JKS") for t in toks):
        return False
    nouns = [t.form for t in toks if t.tag in ("NNG", "NNP", "SL")]
    return bool(nouns) and all(n in shown for n in nouns)


# the assistant's turn tells the user what to do ("3.12를 쓰세요", "CDN으로 불러오거나 …에 넣으면
# 돼요", "이렇게 해보세요")
_TOLD_KO = re.compile(r"(?:세요|보세요|면\s?돼요|면\s?됩니다|면\s?되고요|시면\s?좋아요|하는\s?게\s?좋아요)"
                      r"[\s.!~]*(?:$|\n)|(?:세요|면\s?돼요)[.!~]\s", re.MULTILINE)
_FILLER_SL = frozenset({"ok", "okay", "ㅇㅋ", "yes", "yep", "lol", "done"})
# a habit or a standing choice is more than doing what was told: "매일 스트레칭 해요" stays
_HABIT_KO = frozenset({"매일", "매주", "항상", "맨날", "자주", "늘", "보통", "원래", "요즘", "계속"})


def done_as_told(sentence: str, shown: str) -> bool:
    """A short Korean reply that reports doing what the assistant just told the user to do,
    in the assistant's own words ("3.12를 쓰세요" → "ok 3.12로 내림"; "CDN으로 불러오거나 …" →
    "CDN으로 했어"): a step of the task, not a fact of the user's life. Past tense, a noun
    ending or a promise; every noun is in the assistant's turn; no habit word, no negation."""
    if not shown or not _HANGUL.search(sentence) or _TOLD_KO.search(shown) is None:
        return False
    toks = [t for t in tokens(sentence) if not t.tag.startswith("S") or t.tag in ("SL", "SN")]
    if len(toks) > 7 or any(t.tag in ("NP", "JKS") or (t.tag == "EC" and t is not toks[-1])
                            or t.form in _HABIT_KO
                            or (t.tag == "MAG" and t.form in ("안", "못")) for t in toks):
        return False
    verbs = [i for i, t in enumerate(toks) if t.tag.startswith(("VV", "XSV"))]
    if not verbs:
        return False
    after = toks[verbs[-1] + 1:]
    done = any(t.tag == "EP" and t.form in ("었", "았", "였", "ᆻ") for t in after) \
        or any(t.tag == "ETN" or t.form == "ᆷ" for t in after) \
        or _KO_PROMISE_END.search(sentence) is not None
    nouns = [t.form for t in toks if t.tag in ("NNG", "NNP", "SL", "SN")
             and t.form.lower() not in _FILLER_SL]
    return done and bool(nouns) and all(n.lower() in shown.lower() for n in nouns)


_KO_PROMISE_END = re.compile(r"[ㄹ을]?게(?:요)?[\s.!~ㅋㅎ]*$|[갈할볼올줄낼넣쓸][게께]")


# a third person said by a pronoun at the head of the sentence ("걔 채식주의자고 …", "그분 …")
_PRONOUN_KO = re.compile(r"^(?:(?:아|참|근데|그리고|글고|또)\s)*(?:걔|걔네|걔들|쟤|쟤네|그분|그\s?분|"
                         r"그\s?사람|그\s?친구|그\s?애|그\s?형|그\s?언니|그\s?오빠|그\s?누나)"
                         r"(?:는|은|가|이|도|네|들)?(?=\s)")
# the user as the subject of a later clause ("… 근데 나는 …"), not a possessive ("우리 집엔")
_SELF_SUBJECT_KO = re.compile(r"(?<![가-힣])(?:나는|저는|나도|저도|난|전|내가|제가)(?![가-힣])")


def pronoun_of_outsider(sentence: str, before: str | None) -> bool:
    """A Korean sentence whose subject is a pronoun ("걔", "그분") right after a sentence about
    someone outside the family ("친구 Mark가 다음 달에 온대. 걔 채식주의자고 견과류 알러지
    있음"): what follows is that person's diet or allergy, not the user's. Not when the
    sentence before names a relative or pet of the user's ("우리 딸이 … 걔 땅콩 알레르기 있어"
    is the daughter's, which coreference reads), nor when the user is a subject in it."""
    if before is None or not _HANGUL.search(sentence):
        return False
    s = sentence.strip()
    m = _PRONOUN_KO.match(s)
    if m is None or _SELF_SUBJECT_KO.search(s[m.end():]):
        return False
    nouns = [t.form for t in tokens(before) if t.tag.startswith("NN")]
    # (a kin word after an outsider's is what they are called: "옆집 언니", "회사 형")
    kin = any(_KIN.match(n) and not (i and nouns[i - 1] in _OUTSIDE_KO) for i, n in enumerate(nouns))
    return any(n in _OUTSIDE_KO for n in nouns) and not kin
