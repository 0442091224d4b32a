"""Sentences whose structure says a lasting fact (W3): "나 이번에 팀장 됐다 ㅋㅋ", "회사 layoff
당했어..", "부모님은 광주에 사세요", "My husband works night shifts at the airport".

The learned sentence judge (``memorable``) vetoes whole-sentence memories it scores low. It
learned from the words of the dev conversations, so on fresh text it scores a new job title,
a layoff said in English inside Korean, or a relative's workplace as chatter — the held-out
files' weakest families (family, work) were lost that way. What makes these sentences facts
is not their words but their shape: the subject is the user, a relative or a pet (or no
subject, which in chat is the user), and the predicate is a life event or a lasting state —
a job taken, left or changed, a school entered or finished, a marriage, a birth, a move, a
diagnosis, where someone lives or works. Such a sentence is not vetoed by the judge (the
hard gates — questions, hypotheticals, hearsay, negation — still apply) and is kept whole
when no slot rule reads it. Moods, opinions and one-off events have other predicates
("기분 최악이야", "회사 가기 싫다", "우리 팀장님 진짜 이상해") and stay with the judge.

Short statements of health and of a coming appointment are facts by their shape too: a
condition, an allergy, a medicine or a scheduled event with its day is what the predicate
(있다, a verb of taking a medicine, of having a condition) takes — "당뇨가 있어", "혈압약 먹고
있어", "내일 중요한 면접이 있어", "my mom has dementia", "I have a dentist appointment next
Tuesday" — and so is a name given ("우리 강아지 이름은 콩이야") and a pet's or relative's habit ("my rabbit
keeps chewing the cables"). A judge trained on many writers scores such two-word casual
Korean statements as low as a greeting (docs/benchmarks.md, "Round 3, session 9"); their
structure, not their score, keeps them.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.health import HEALTH, is_medicine
from gieok.write.extract.korean import FAMILY_KO, PETS_KO, Token, tokens
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN


# nouns that, with 하다/되다/당하다, are a life event or a lasting state
_EVENT_NOUNS = frozenset(
    "승진 입사 퇴사 이직 취직 취업 졸업 입학 전학 편입 결혼 이혼 약혼 재혼 임신 출산 이사 은퇴 "
    "근무 재직 전공 합격 해고 휴직 복직 진학 수료 개업 창업 동거 입양 분양 진단 입원 퇴원 "
    "등록 재택근무 휴학 복학 제대 전역 입대 정년퇴직 퇴직 계약 발령 전근 파견 부임 중성화 "
    "수술 사직 권고사직 정리해고".split())
# verb stems that are one by themselves ("그만뒀어", "다녀", "살아", "키워")
_EVENT_VERBS = frozenset("그만두 관두 다니 일하 살 사 키우 기르 태어나 돌아가 붙 맡 들어가 옮기 "
                         "떨어지 잘리".split())
# adverbs of habit: with an action verb, the sentence says what the user does these days
_HABITUAL = frozenset("매일 맨날 항상 늘 주말마다 아침마다 저녁마다 매주 매달 평일마다".split())
# "요즘" alone marks a passing state ("요즘 영상통화를 자주 해요"); with "만" (only) it says what the
# user does and nothing else these days — a taste ("요즘 뉴진스 노래만 들음")
_LATELY = frozenset({"요즘", "요새"})
_WH = frozenset("뭐 뭘 무엇 어디 언제 누구 누가 왜 어떻게 몇".split())
# what someone is for good, with the copula: a place in the family or a marital status
# ("제가 외동이라 …", "우리 딸이 막내야", "저 돌싱이에요") — not a role of the day ("오늘 당번이야")
_STANDING = frozenset("외동 외동딸 외동아들 외아들 외딸 장남 장녀 차남 차녀 삼남 막내 막내딸 "
                      "막내아들 맏이 맏딸 맏아들 첫째 둘째 셋째 쌍둥이 독자 기혼 기혼자 미혼 "
                      "미혼자 돌싱 유부남 유부녀 싱글맘 싱글대디 한부모 워킹맘 전업주부".split())
_ROLE_BECOME = frozenset({"되"})  # "팀장 됐다": a role noun before 되다
_SUFFERED = frozenset({"당하"})  # "layoff 당했어", "해고 당했어"
_PERSON_KO = re.compile(rf"^(?:{FAMILY_KO}|{PETS_KO}|나|저|내|제|사용자|우리|저희|어머님|아버님|"
                        r"할머님|할아버님|장모님|장인어른|시부모님|부모님)(?:님)?$")
_PERSON_EN = re.compile(rf"^(?i:{FAMILY_EN}|{PETS_EN})$")


def lasting(sentence: str) -> bool:
    """The sentence says a life event or a lasting state of the user, a relative or a pet."""
    text = sentence.strip()
    if not text or text.endswith(("?", "？")):
        return False
    if _HANGUL.search(text):
        return _korean(tokens(text))
    return _english(text)


def _korean(toks: list[Token]) -> bool:
    if not toks or any(t.tag == "SF" and t.form in "?？" for t in toks):
        return False
    held = _held(toks)
    if held is not None:  # "당뇨가 있어": the noun marked 가 is what is had, not who has it
        return _subject_is_ours(toks[:held])
    named = _naming(toks)
    if named is not None:  # "우리 강아지 이름은 콩이야", not "친구 이름은 민수야" — nor a bare
        # "이름은 망고" after a pet was spoken of: whose name it is, the sentence does not say
        owners = [t for t in toks[:named] if t.tag.startswith(("NN", "NP", "SL"))]
        return bool(owners) and all(_ours(t) for t in owners)
    if not _subject_is_ours(toks):
        return False
    pred = _final_predicate(toks)
    if pred is None:
        return False
    head = toks[pred]
    before = toks[pred - 1] if pred > 0 else None
    after = next((t for t in toks[pred + 1:] if t.tag != "EP"), None)
    if after is not None and after.tag.startswith(("ETM", "ETN")):
        return False  # "제주도에 집 살 듯": a guess, "이사 갈 생각": a thought — not a statement
    if head.tag.startswith(("VV", "XSV")) and _habitual(toks[:pred]) \
            and not any((t.form in ("안", "못") and t.tag == "MAG") or t.form in _WH for t in toks):
        return True  # "요즘 뉴진스 노래만 들음", "주말마다 등산 가요": what the user does these days
    if head.tag == "XSV" and before is not None and before.tag == "XSN" and pred > 1:
        return toks[pred - 2].form + before.form in _EVENT_NOUNS  # "중성화했다"
    if head.tag == "XSV" and before is not None and before.tag in ("NNG", "NNP"):
        return before.form in _EVENT_NOUNS
    stem = head.form
    if stem in _ROLE_BECOME:  # "팀장 됐다", "과장이 됐어요"
        role = toks[pred - 2] if before is not None and before.tag in ("JKC", "JKS") and pred > 1 \
            else before
        return role is not None and role.tag in ("NNG", "NNP", "SL") and _final_is_past(toks, pred)
    if stem in _SUFFERED:  # "회사 layoff 당했어", "해고 당함"
        return before is not None and (before.tag == "SL" or before.form in _EVENT_NOUNS)
    if head.tag == "VCP" and before is not None and before.form == "계":
        stem = "계시"  # "요양병원에 계세요", read by Kiwi as 계/NNG + 이다
    if stem == "계시":  # "할머니는 시골에 계셔": where an elder lives or stays
        return any(t.form == "에" and t.tag == "JKB" for t in toks[:pred])
    if stem in ("살", "사"):  # "광주에 사세요": where someone lives (not 사다, to buy)
        return any(t.form == "에" and t.tag == "JKB" for t in toks[:pred]) \
            or any(t.form in ("혼자", "같이", "따로") for t in toks[:pred])
    if head.tag == "VCP" and before is not None and before.tag in ("NNG", "NNP"):
        return before.form in _STANDING  # "제가 외동이라", "우리 딸이 막내야"
    return head.tag.startswith("VV") and stem in _EVENT_VERBS


# A closed class of events that are scheduled for a day: with a date or a day said, "X가 있다"
# is an appointment the assistant should know of ("내일 면접 있어", "금요일에 치과 예약 있어")
_SCHEDULED = frozenset("면접 시험 수술 시술 예약 진료 검진 검사 발표 미팅 회의 출장 결혼식 상견례 "
                       "마감 재판 수업 오디션 공연 경기 대회 입원 접종 학회 세미나 리허설 시험".split())
# the day it is on: tomorrow or later (today's events pass with the day)
_WHEN = frozenset("내일 모레 글피 다음 담주 다음주 다다음주 이번 주말 다음달 담달".split())
# verbs of taking a medicine ("혈압약 먹고 있어", "엄마가 고혈압약 드셔", "인슐린 맞아")
_TAKE = frozenset("먹 드시 복용하 맞 바르 넣 투약하".split())
# verbs of having a condition ("당뇨에 걸렸어", "천식을 앓고 있어")
_SUFFER = frozenset("앓 걸리".split())
# a body part said with no owner is the speaker's
_BODY = frozenset("허리 무릎 어깨 손목 발목 머리 피부 다리 팔 골반 발 손 치아 잇몸 관절 목 눈 귀 "
                  "위장 심장 폐 간 신장 장".split())


def _held(toks: list[Token]) -> int | None:
    """A condition, an allergy or a medicine the speaker (a relative, a pet) has or takes, or
    a scheduled event on a coming day — by the clause's shape: the last predicate is 있다
    (have), a verb of taking a medicine or of having a condition, and the noun it takes is a
    health word, a medicine or a scheduled event with its day said ("당뇨가 있어", "땅콩
    알레르기 있어요", "혈압약 먹고 있어", "내일 중요한 면접이 있어"). Negated, a guess or a
    past dose ("감기약 먹었어") is not. Returns the index of the noun had or taken."""
    if any((t.form in ("안", "못") and t.tag == "MAG") or (t.form == "없" and t.tag == "VA")
           for t in toks):
        return None
    pred = _predicate_through_progressive(toks)
    if pred is None or pred == 0:
        return None
    after = next((t for t in toks[pred + 1:] if t.tag != "EP"), None)
    if after is not None and after.tag.startswith(("ETM", "ETN")):
        return None
    head = toks[pred]
    stem = head.form
    if head.tag == "XSV":
        stem = toks[pred - 1].form + head.form  # "복용하", "투약하"
    arg = _argument(toks, pred if head.tag != "XSV" else pred - 1)
    if arg is None:
        return None
    at, last = arg
    first = last - 1 if toks[last].tag == "XSN" else last
    if first > at and toks[first - 1].tag == "XPN":
        first -= 1  # "고혈압", "저혈압": Kiwi reads the prefix apart (고/XPN + 혈압)
    word = "".join(t.form for t in toks[first:last + 1])
    past = _final_is_past(toks, pred)
    if stem == "있" and head.tag in ("VA", "VV"):
        if word in _SCHEDULED or word[-2:] in _SCHEDULED:
            dated = any(t.form in _WHEN or t.form.endswith("요일")
                        or (t.tag == "NNB" and t.form in ("월", "일")) for t in toks[:pred])
            return at if dated else None
        return at if HEALTH.search(word + " ") is not None and not is_medicine(word) else None
    if stem in _TAKE:
        progressive = any(t.form == "있" and t.tag == "VX" for t in toks[pred + 1:])
        # a medicine by its name, or a word for one: -약 (medicine), -제 (an agent: 철분제)
        taken = (is_medicine(word) or word.endswith(("약", "제"))) and (progressive or not past)
        return at if taken else None
    if stem in _SUFFER:
        return at if HEALTH.search(word + " ") is not None else None
    return None


def _predicate_through_progressive(toks: list[Token]) -> int | None:
    """The last predicate; "먹고 있어" (-고 있다, the progressive) is 먹다's."""
    for i in range(len(toks) - 1, -1, -1):
        t = toks[i]
        if t.tag.startswith("VX"):
            if t.form == "있" and i > 1 and toks[i - 1].form == "고" and toks[i - 1].tag == "EC":
                continue
            return None
        if t.tag.startswith(("VV", "VA", "XSV")):
            return i
        if t.tag.startswith(("VCP", "VCN", "XSA")):
            return None
    return None


def _argument(toks: list[Token], pred: int) -> tuple[int, int] | None:
    """Where the noun the predicate at ``pred`` takes begins, and its head (last) noun: the
    nouns before it, through one case particle or topic marker ("당뇨가 있어", "약을 먹어",
    "인슐린 맞아")."""
    i = pred - 1
    if i >= 0 and toks[i].tag in ("JKS", "JKO", "JX", "JKB"):
        i -= 1
    suffixed = i > 0 and toks[i].tag == "XSN"  # "철분제": a noun and its suffix
    if suffixed:
        i -= 1
    if i >= 0 and toks[i].tag in ("NNG", "NNP", "SL"):
        head = i + 1 if suffixed else i
        while i > 0 and toks[i - 1].tag in ("NNG", "NNP", "XPN"):
            i -= 1  # the compound's first noun: "땅콩 알레르기", "치과 예약"
        return i, head
    return None


def names(sentence: str) -> bool:
    """A name given, whoever it is of ("이름은 지훈이" after "만나는 사람 생겼어", "우리 강아지
    이름은 콩이야"): a precise value, like a slot's, so the judge's veto is not what decides it —
    the rules and the turn around it do. Not someone else's name ("친구 이름은 민수야")."""
    text = sentence.strip()
    if not _HANGUL.search(text) or text.endswith(("?", "？")):
        return False
    toks = tokens(text)
    named = _naming(toks)
    if named is None:
        return False
    return all(_ours(t) for t in toks[:named] if t.tag.startswith(("NN", "NP", "SL")))


def _naming(toks: list[Token]) -> int | None:
    """"이름은 지훈이", "우리 강아지 이름은 콩이야": a name given (whose: the subject check)."""
    for i, t in enumerate(toks[:-1]):
        if t.form == "이름" and t.tag == "NNG" and toks[i + 1].tag in ("JX", "JKS") \
                and toks[i + 1].form in ("은", "는", "이", "가"):
            rest = [x for x in toks[i + 2:] if x.tag not in ("SF", "SW", "SE", "EF", "VCP")
                    and not (x.tag == "XSN" and x.form == "이")]  # "하람이야": the familiar 이
            return i if len(rest) == 1 and rest[0].tag in ("NNP", "NNG", "SL") else None
    return None


def _habitual(toks: list[Token]) -> bool:
    return any(t.form in _HABITUAL or (t.form == "마다" and t.tag == "JX") for t in toks) or (
        any(t.form in _LATELY for t in toks) and any(t.form == "만" and t.tag == "JX" for t in toks))


def _final_predicate(toks: list[Token]) -> int | None:
    """The index of the sentence's last predicate stem (not an auxiliary after a connective:
    "하고 싶어" ends on 싶다, which is a wish, not the event)."""
    for i in range(len(toks) - 1, -1, -1):
        t = toks[i]
        if t.tag.startswith(("VV", "VA", "XSV", "XSA", "VCP", "VCN")):
            return i
        if t.tag.startswith("VX"):
            return None  # "결혼하고 싶어", "이직해야 해": a wish or a need
    return None


def _final_is_past(toks: list[Token], pred: int) -> bool:
    return any(t.tag == "EP" and t.form[:1] in ("었", "았", "였", "ᆻ") for t in toks[pred + 1:])


def _subject_is_ours(toks: list[Token]) -> bool:
    """Every noun marked as the subject or topic is the user, a relative or a pet ("부모님은",
    "제가", "우리 딸은") — or there is none (chat leaves the user unsaid)."""
    segment: list[Token] = []
    for tok in toks:
        if tok.tag in ("JKS", "JX") and tok.form in ("이", "가", "은", "는", "께서") and segment:
            # "친구 딸이", "친구의 딸이": someone else's daughter — every noun must be ours
            nouns = [t for t in segment if t.tag.startswith(("NN", "NP", "SL", "NR"))]
            # a name right after a relative or pet is theirs ("사용자의 딸 하은이가"); a name
            # alone ("민수씨는") is someone else
            if not all(_ours(t) or (i and _ours(nouns[i - 1]) and _named(t))
                       for i, t in enumerate(nouns)):
                return False
            segment = []
            continue
        if tok.tag in ("JKG", "XSN"):
            continue  # "사용자의 딸", "부모님": the subject goes on
        if tok.tag.startswith(("V", "E", "XSV", "XSA", "J", "SF", "SP", "MAG")):
            segment = []
        else:
            segment.append(tok)
    return True


def _ours(tok: Token) -> bool:
    if tok.form in _BODY:
        return True  # "무릎이 맨날 쑤시네": a body part said with no owner is the speaker's
    return bool(_PERSON_KO.match(tok.form) or _PERSON_KO.match(tok.form + "님")
                or _PERSON_EN.match(tok.form))


def _named(tok: Token) -> bool:
    return (tok.tag in ("NNP", "NNG") and tok.form not in _OTHERS) or (
        tok.tag == "SL" and tok.form[:1].isupper())


# People outside the user's family: never a name ("엄마 친구 아들이": mother's friend's son)
_OTHERS = frozenset("친구 동료 지인 선배 후배 동기 상사 팀장 부장 과장 차장 대리 사장 이웃 옆집 "
                    "룸메 룸메이트 선생 선생님 교수 교수님 고객 손님 클라이언트 거래처 팀 회사".split())


_EN_SUBJECT = (rf"(?:I|I['’]m|I['’]ve|we|we['’]re|we['’]ve|(?:my|our)\s+(?:[\w-]+\s+)?"
               rf"(?:{FAMILY_EN}|{PETS_EN})(?:\s+[A-Z][a-z]+)?|User|User['’]s\s+(?:[\w-]+\s+)?"
               rf"(?:{FAMILY_EN}|{PETS_EN})(?:\s+[A-Z][a-z]+)?)")
_EN_LASTING = re.compile(
    rf"^(?:(?:so|and|also|btw|oh|well|anyway|fyi|yes|yeah|yep|yup)[,\s]+)*{_EN_SUBJECT}\s+"
    r"(?:(?:just|finally|recently|now|still|also|officially|already|actually)\s+)*(?:"
    r"works?\s+(?:(?:as|at|for|in|on|from|remotely|nights?|night\s+shifts?|part[- ]time|"
    r"full[- ]time|shifts?)\b)|worked\s+(?:as|at|for)\b|"
    r"lives?\s+(?:in|with|near|alone|abroad|overseas|downstairs|upstairs)\b|"
    r"teach(?:es)?\b|stud(?:y|ies)\s+\w+|majors?\s+in\b|manages?\b|runs?\s+(?:a|an|the|my|our|his|"
    r"her)\s+\w+|owns?\s+(?:a|an|the)\b|"
    r"got\s+(?:promoted|hired|laid\s+off|fired|married|engaged|divorced|diagnosed|accepted|into|"
    r"a\s+job|a\s+new\s+job|the\s+job|an?\s+offer|transferred)\b|"
    r"(?:was|were|has\s+been|have\s+been|just\s+got|got)\s+(?:promoted|laid\s+off|let\s+go|"
    r"diagnosed|hired|accepted|admitted|transferred)\b|"
    r"became\b|retired\b|graduated\b|(?:start(?:s|ed)?|began|begins?)\s+(?:at|a\s+new|"
    r"(?:elementary|middle|high|primary)?\s*school|kindergarten|college|university|uni|daycare|"
    r"preschool|working|grad\s+school)\b|joined\b|moved\s+(?:in|to|into|out|back)\b|"
    r"turned\s+\d|was\s+born\b|"
    # a place in the family for good: "I'm an only child", "my son is the youngest of three"
    r"(?:(?:am|is|are|was)\s+)?(?:an?\s+)?(?:only\s+(?:child|son|daughter|kid)|twin|"
    r"(?:single|widowed)\s+(?:mom|mum|dad|parent|mother|father)|widow(?:er)?)\b|"
    r"(?:(?:am|is|are|was)\s+)?the\s+(?:oldest|eldest|youngest|middle)\s+(?:child|kid|son|"
    r"daughter|sibling|of\s+(?:two|three|four|five|six|seven|\d+))\b|"
    # a thing owned, said by its make or model: "I have a Roomba", "we own a Dyson V15"
    r"(?:have|has|own|owns)\s+(?:a|an|two|\d+)\s+(?-i:[A-Z][\w-]*(?:\s+[A-Z0-9][\w.-]*)*)"
    r"\s*[.!]*$|(?:is|are)\s+(?:pregnant|expecting|engaged|married|divorced|"
    r"retired|deployed|stationed)\b|passed\s+away\b|adopted\b|quit\s+(?:my|his|her|their|the|"
    r"our)\s+job\b|"
    # a household by its count: "I have two kids", "we have three cats and a dog"
    rf"(?:have|has|got)\s+(?:a|an|one|two|three|four|five|six|\d)\s+(?:[\w-]+\s+)?"
    rf"(?:{FAMILY_EN}|{PETS_EN})(?=\s*(?:$|[,.!;]|\s(?:and|named|called|who|aged|under|over|"
    rf"at\s+home|\d))))",
    re.IGNORECASE)


# what a subject has or takes for good: a condition, an allergy, a medicine ("my mom has
# dementia", "I take metformin", "I'm allergic to shellfish") — the health word decides
_EN_HELD = re.compile(
    rf"^(?:(?:so|and|also|btw|oh|well|anyway|fyi)[,\s]+)*{_EN_SUBJECT}\s+"
    r"(?:(?:also|still|now|actually)\s+)?(?:has|have|(?:is|am|are)\s+on|['’]m\s+on|['’]s\s+on|"
    r"takes?|(?:is|am|are|['’]m|['’]s|['’]re)\s+(?=allergic))\s+(?P<what>.+)$", re.IGNORECASE)
# a scheduled event on a coming day ("I have a job interview tomorrow", "my dad has surgery
# on Friday")
_EN_SCHEDULED = re.compile(
    r"\b(?:appointment|interview|exam|surgery|check-?up|procedure|operation|audition|"
    r"hearing|recital|presentation)\b.*\b(?:tomorrow|next\s+\w+|on\s+(?:mon|tues|wednes|thurs|"
    r"fri|satur|sun)day|on\s+the\s+\d+|this\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december))\b", re.IGNORECASE)
# what a pet or a relative keeps doing: their habit ("my rabbit keeps chewing the cables")
_EN_KEEPS = re.compile(
    rf"^(?:(?:so|and|also|btw|oh|well|anyway)[,\s]+)*(?:my|our)\s+(?:[\w-]+\s+)?"
    rf"(?:{FAMILY_EN}|{PETS_EN})(?:\s+[A-Z][a-z]+)?\s+(?:always\s+)?keeps\s+\w+ing\b",
    re.IGNORECASE)
_EN_ALLERGIC = re.compile(
    rf"^(?:(?:so|and|also|btw|oh|well|anyway|fyi)[,\s]+)*{_EN_SUBJECT}\s+(?:(?:is|am|are)\s+)?"
    r"(?:(?:also|still|severely|very|deathly)\s+)*allergic\b", re.IGNORECASE)
_EN_NEGATED = re.compile(r"\b(?:not|no|never|n['’]t)\b", re.IGNORECASE)


def _english(text: str) -> bool:
    if _EN_LASTING.match(text) is not None or _EN_KEEPS.match(text) is not None \
            or _EN_ALLERGIC.match(text) is not None:
        return True
    held = _EN_HELD.match(text)
    if held is None or _EN_NEGATED.search(held.group("what")):
        return False
    what = held.group("what")
    return HEALTH.search(what) is not None or _EN_SCHEDULED.search(what) is not None


# "anymore", "no longer", "이제 … 안", "더 이상 … 아님": a state said to have ended
_EN_LAPSE = re.compile(r"\b(?:any\s?more|no\s+longer)\b", re.IGNORECASE)
_EN_NEW = re.compile(r"\b(?:instead|now|switched|started|became|moved|since|but|because|so)\b|"
                     r"['’]m\s+\w+ing\b", re.IGNORECASE)
_KO_LAPSE = re.compile(r"(?:^|\s)(?:이제|더\s?이상|이젠)\s")
_KO_NEW = re.compile(r"대신|말고|(?:부터|로)\s|시작|바꿨|바꿈|옮겼|갈아탔")


def lapsed(sentence: str) -> bool:
    """The sentence only says that something of the user's has ended — "I'm not a vegetarian
    anymore", "I no longer drive", "나 이제 담배 안 펴", "더 이상 비건 아님" — naming nothing that
    holds instead (not "quit keto, going vegetarian instead", "이제 야간 안 하고 주간 고정").
    It retires what is stored about it and is no memory of its own: with nothing stored, a
    lapse tells the assistant nothing it would otherwise assume."""
    s = sentence.strip()
    if _HANGUL.search(s):
        if not _KO_LAPSE.search(s) or _KO_NEW.search(s):
            return False
        toks = tokens(s)
        neg = [t for t in toks if (t.form in ("안", "못") and t.tag == "MAG") or (
            t.form in ("아니", "않", "없") and t.tag.startswith(("VC", "VX", "VA")))]
        if not neg and re.search(r"아님(?![가-힣])", s) is None:
            return False
        # the ending is the last thing said ("이제 야간 안 하고 주간 고정": what holds now)
        return not neg or re.search(r"[가-힣](?:고|며|는데|지만)\s+\S", s[neg[-1].end:]) is None
    if not _EN_LAPSE.search(s) or _EN_NEW.search(s):
        return False
    return re.search(r"\b(?:I|I['’]m|I['’]ve|I\s+am)\b|^(?:not|no\s+longer)\b", s,
                     re.IGNORECASE) is not None


def asked_about_user(question: str) -> bool:
    """The assistant's question asks about the user's life — a name, an age, a relative, a pet,
    where they live ("What's his name?", "How old is he?", "몇 살이에요?") — not how the task at
    hand should go ("How many people?", "Want the quantities?", "몇 인분?") nor how the moment
    is ("How was your weekend?"). A bare answer to it ("Biscuit", "4") is a precise fact and is
    judged like one; the judge's answer veto is for answers that size the task."""
    from gieok.write.extract import asked_task, followup

    return bool(question) and not asked_task.task_question(question) \
        and not followup.small_talk(question) and not narrows(question) \
        and not offers_choice(question)


def answer_kind(question: str) -> str:
    """How the judge weighs a bare answer to ``question``: "slot" (no veto) when the question
    asks about the user's life, "generic" (the whole-sentence veto) when it narrows the complaint
    of the moment — the answer ("오른쪽 무릎 안쪽이요") details what the user already said, and
    is kept only if it says more, as a sentence said alone would be — else "answer" (the answer
    veto: it sizes the task, "4인분")."""
    if asked_about_user(question):
        return "slot"
    return "generic" if narrows(question) else "answer"


# "Do you prefer A or B?", "Would you rather …, or …?", "How about A or B?": the user is offered
# options for the task; "Are you vegetarian or vegan?" asks what the user is (no such verb)
_EN_CHOICE = re.compile(r"\b(?:prefer|rather|fancy|how\s+about|what\s+about|would\s+you\s+like|"
                        r"do\s+you\s+want|want\s+me\s+to|should\s+i|shall\s+i|suits?\s+you|"
                        r"works?\s+(?:best|better)|better\s+for\s+you)\b", re.IGNORECASE)
_EN_OR = re.compile(r"\bor\b", re.IGNORECASE)
# a predicate of liking or suiting, said of each option ("오전이 좋으세요, 오후가 좋으세요?",
# "매운 거 괜찮으세요, 순한 게 나으세요?") or after 아니면 ("… 아니면 포케가 나을까요?")
_KO_SUITS = frozenset("좋 괜찮 낫 편하 원하 선호하".split())


def offers_choice(question: str) -> bool:
    """The assistant's question offers the user options for the task at hand — which time,
    which format, which of the things it suggested ("오전이 좋으세요, 오후가 좋으세요?", "Do you
    prefer tonkotsu or shoyu?", "Would you rather arrive early or sleep in?"). The bare answer
    ("오후", "sleep in") picks one for the moment and is judged as an answer. A question of
    what the user, a relative or a pet is ("Are you vegetarian or vegan?", "Is she a dog or a
    cat?") names no liking and keeps its answer as a fact."""
    q = question.strip()
    if not _HANGUL.search(q):
        return _EN_CHOICE.search(q) is not None and _EN_OR.search(q) is not None
    toks = tokens(q)
    suits = [i for i, t in enumerate(toks) if t.tag.startswith(("VA", "VV")) and (
        t.form in _KO_SUITS or (i and toks[i - 1].form + t.form in _KO_SUITS))] + [
        i for i, t in enumerate(toks) if t.tag in ("XSA", "XSV") and i
        and toks[i - 1].form + t.form in _KO_SUITS]
    either = any(t.form == "아니면" for t in toks)
    return len(suits) >= 2 or (either and bool(suits))


# a sensation of the moment: what a complaint feels like ("불편하세요", "저리세요", "hurts")
_SENSATION = frozenset("아프 불편하 저리 쑤시 가렵 결리 붓 시리 당기 땡기 뻑뻑하 따갑 뻐근하 "
                       "욱신거리 욱신하 찌릿하 시큰하 화끈거리 먹먹하 멍멍하 답답하 울리 심하".split())
_WHICH = frozenset({("어느", "MM"), ("어디", "NP")})
# the spot asked about: a body part, a side or a part of something ("어느 쪽", "어느 부위")
_SPOT = _BODY | frozenset("쪽 부위 부분 곳 귀 눈 코 이 이빨 턱 엉덩이 종아리 허벅지 가슴 배 등 "
                          "손가락 발가락 발바닥 뒤꿈치 옆구리 명치 뒷목".split())
_EN_SENSE = (r"(?:hurts?|hurting|aches?|aching|sore|bother(?:s|ing)?|itch(?:y|es|ing)?|swollen|"
             r"numb|tingl\w*|pain(?:ful)?|worse|tender|stiff|burn(?:s|ing)?|throb\w*)")
_EN_SPOT = (r"(?:ear|eye|knee|ankle|wrist|shoulder|hip|foot|feet|hand|arm|leg|side|tooth|teeth|"
            r"back|neck|elbow|finger|toe|heel|jaw|one|part|spot)s?")
_EN_NARROWS = re.compile(
    rf"^(?:which|where)\b(?=.*\b{_EN_SENSE}\b)(?=.*\b(?:{_EN_SPOT}|it|more|most)\b)|"
    rf"^which\s+(?:\w+\s+)?{_EN_SPOT}\s*[?？]", re.IGNORECASE)


def narrows(question: str) -> bool:
    """The assistant's question narrows the complaint the user brought to the chat — which side,
    which spot, which is worse ("어느 쪽 귀가 더 불편하세요?", "무릎 어디가 저리세요?", "Which ear
    is worse?", "Which knee?") — rather than asking about the user's life. Its answer ("왼쪽요",
    "오른쪽 무릎 바깥쪽") details the problem of the moment, and is judged as an answer. The
    shape: a which-word, a predicate of sensation, and the spot named or compared ("더");
    "어디 아프세요?" names no spot and asks whether something is wrong: its answer stays a fact."""
    q = question.strip()
    if not _HANGUL.search(q):
        return _EN_NARROWS.search(q) is not None
    toks = tokens(q)
    if not any((t.form, t.tag.split("-")[0]) in _WHICH for t in toks):
        return False
    stems = {t.form for t in toks if t.tag.startswith(("VA", "VV"))} | {
        toks[i - 1].form + t.form for i, t in enumerate(toks)
        if i and t.tag in ("XSA", "XSV") and toks[i - 1].tag.startswith(("NNG", "XR"))}
    if not stems & _SENSATION:
        return False
    return any(t.form in _SPOT and t.tag.startswith("NN") for t in toks) or any(
        t.form in ("더", "제일", "가장") and t.tag == "MAG" for t in toks)
