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
"""

from __future__ import annotations

import re

from gieok.write.extract.korean import FAMILY_KO, PETS_KO, Token, tokens
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN

_HANGUL = re.compile(r"[\uac00-\ud7a3]")

# nouns that, with 하다/되다/당하다, are a life event or a lasting state
_EVENT_NOUNS = frozenset(
    "승진 입사 퇴사 이직 취직 취업 졸업 입학 전학 편입 결혼 이혼 약혼 재혼 임신 출산 이사 은퇴 "
    "근무 재직 전공 합격 해고 휴직 복직 진학 수료 개업 창업 동거 입양 분양 진단 입원 퇴원 "
    "등록 재택근무 휴학 복학 제대 전역 입대 정년퇴직 퇴직 계약 발령 전근 파견 부임 중성화 "
    "수술".split())
# verb stems that are one by themselves ("그만뒀어", "다녀", "살아", "키워")
_EVENT_VERBS = frozenset("그만두 관두 다니 일하 살 사 키우 기르 태어나 돌아가 붙 맡 들어가 옮기 "
                         "떨어지 잘리".split())
# adverbs of habit: with an action verb, the sentence says what the user does these days
_HABITUAL = frozenset("매일 맨날 항상 늘 주말마다 아침마다 저녁마다 매주 매달 평일마다".split())
# "요즘" alone marks a passing state ("요즘 영상통화를 자주 해요"); with "만" (only) it says what the
# user does and nothing else these days — a taste ("요즘 뉴진스 노래만 들음")
_LATELY = frozenset({"요즘", "요새"})
_WH = frozenset("뭐 뭘 무엇 어디 언제 누구 누가 왜 어떻게 몇".split())
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
    return head.tag.startswith("VV") and stem in _EVENT_VERBS


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
    rf"^(?:(?:so|and|also|btw|oh|well|anyway|fyi)[,\s]+)*{_EN_SUBJECT}\s+"
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
    r"turned\s+\d|was\s+born\b|(?:is|are)\s+(?:pregnant|expecting|engaged|married|divorced|"
    r"retired|deployed|stationed)\b|passed\s+away\b|adopted\b|quit\s+(?:my|his|her|their|the|"
    r"our)\s+job\b)",
    re.IGNORECASE)


def _english(text: str) -> bool:
    return _EN_LASTING.match(text) is not None


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
