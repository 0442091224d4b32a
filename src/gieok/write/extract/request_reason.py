"""A request and the statement it is made for (W3): "I'm allergic to cats btw, so no cat
cafe suggestions" keeps "I'm allergic to cats btw"; "저 갑각류 알레르기가 있어서 새우는
빼주세요" keeps its reason, "저 갑각류 알레르기가 있어서". The request is a one-off ask; the
reason is a fact about the user that lasts.
"""

from __future__ import annotations

import re

from gieok.write.extract.fragments import household
from gieok.write.extract.health import HEALTH
from gieok.write.extract.moment import KO_LAUGH, KO_MOOD, past_evaluation
from gieok.write.extract.script import is_korean

# what is asked for by its noun ("추천 좀", "정리 부탁", "팁 좀"): the request said without its verb
_ASKED_NOUN = (r"추천|부탁|설명|정리|확인|도움|조언|요약|번역|검토|수정|체크|소개|리스트|목록|팁|"
               r"아이디어|예시|방법|plz|pls")
# what the user needs for the task at hand ("환자들 운동 가르쳐줄 때 쓸 양식 필요해"): an ask, not a
# fact that lasts — unless it is about health ("인슐린 필요해"); the Korean of English "I need X"
_KO_NEED = re.compile(r"(?<![가-힣])필요(?:해|해요|함|합니다|하다|하거든|하거든요)[\s.!~]*$")
# an opinion said as one ("근데 난 개인적으로 좀 이르다고 생각함"): what the user thinks of the
# matter at hand, like English "I think …"
_KO_OPINION = re.compile(r"(?:다|라|겠다)고\s?(?:생각|봐|봐요|봄)(?:해|해요|함|한다|합니다|"
                         r"하거든|하거든요)?[\s.!~]*$")
_KO_ASK_FOR = re.compile(r"(?:줘|주세요|줄래요?|주실래요|주라|해\s?줘|해\s?주세요)[\s.!~]*$")
# "리스트만 줘봐", "breakfast 추천 좀": asked, with 봐 or 좀 at its end (kept when it names a
# condition: "크론병 환자 도시락 메뉴 추천 좀" says the user has it)
_KO_ASK_SOFT = re.compile(r"(?:줘|주세요)\s?(?:봐|봐요|보세요|볼래)[\s.!~]*$|"
                          rf"(?:{_ASKED_NOUN})\s?(?:좀|ㄱ+|plz|pls)[\s.!~]*$")
# a condition named by who has it ("크론병 환자 도시락", "당뇨 환자용"): the request says the user
# has it
_KO_PATIENT = re.compile(r"환자|질환")
_KO_BECAUSE = re.compile(r"^(?P<x>.+?(?:이라|라|라서|이라서|어서|아서|해서|니까|으니까|므로|"
                         # (-아서 fused into its stem: "Lisbon 가서 필요함", "일이 돼서")
                         r"(?<=[가와돼봐써줘놔켜])서))\s+\S")


def ko_asks(text: str) -> bool:
    """A Korean sentence that asks the assistant for something (a request ending in 봐 or
    좀, a need for the task that is not about health) or gives an opinion of the matter at
    hand: no fact about the user, though its reason may be one (``reason_clause``)."""
    said = KO_LAUGH.sub("", text.strip()).strip()
    if _KO_ASK_FOR.search(said) or _KO_OPINION.search(said):
        return True
    if _KO_NEED.search(said) is None and _KO_ASK_SOFT.search(said) is None:
        return False
    # a condition said in the ask is kept: by its reason clause when it has one ("나 당뇨라서
    # 인슐린 필요해" → "나 당뇨라서"), else whole ("크론병 환자 도시락 메뉴 추천 좀")
    return (HEALTH.search(said) is None and _KO_PATIENT.search(said) is None) \
        or _KO_BECAUSE.match(said) is not None


# "… 해산물 많은 데는 별로", "… 매운 건 좀 별로야": options for the task turned down, a request
_KO_NOT_KEEN = re.compile(r"(?:은|는|건|거는|데는)\s(?:좀\s)?별로(?:야|예요|에요|임|이야)?[\s.!~]*$")


def _refused_for(text: str) -> bool:
    """Options turned down for a health reason ("남편이 갑각류 알레르기 있어서 조식 해산물 많은
    데는 별로"): the turning down is the task's, the reason a fact (not a taste said alone:
    "회는 별로야" has no reason clause, and a reason that is no condition is a mood)."""
    m = _KO_BECAUSE.match(text)
    return _KO_NOT_KEEN.search(text) is not None and m is not None \
        and HEALTH.search(m.group("x")) is not None


def reason_clause(sentence: str) -> str | None:
    """"저 keto diet 하는 중이라 탄수화물은 빼주세요": a request whose reason is a statement
    about the user — the reason ("저 keto diet 하는 중이라") is worth keeping on its own; so is
    the reason of a passing mood ("고양이 두 마리도 있어서 더 정신없어")."""
    text = KO_LAUGH.sub("", sentence.strip()).strip()
    if not is_korean(text) or not (ko_asks(text) or KO_MOOD.search(text)
                                   or past_evaluation(text) or _refused_for(text)):
        return None  # a request, or a mood with its reason: "고양이 두 마리도 있어서 정신없어"
    m = _KO_BECAUSE.match(text)
    if m is None or ko_asks(m.group("x")):
        return None
    return m.group("x")


# "I'm allergic to cats btw, so no cat cafe suggestions for the team outing": a statement,
# then a request it is the reason for (a one-off, unless standing.py reads it as a rule)
_EN_THEN_ASK = re.compile(
    r"^(?P<x>.+?)[,;]?\s+(?:so|and\s+so|which\s+means)\s+(?:(?:please|pls|plz)\s+|(?:no|don['’]?t|"
    r"do\s+not|avoid|skip|nothing|leave\s+\w+(?:\s+\w+)?\s+out|keep\s+\w+(?:\s+\w+)?\s+out|"
    r"make\s+sure|(?:can|could)\s+you|(?:suggest|recommend|give|find|show|send|help)\s+me)\b|"
    # "…, so everything gluten free please": a clause the user ends on a plea is a request
    r"(?![^,;]*\b(?:I|I['’]m|I['’]ve|we|we['’]re)\b)[^,;]*\s(?:please|pls|plz)[\s.!]*$|"
    # "…, so meal plans that fit that would be great": what would help is asked for
    r"[^,;]*\bwould\s+(?:be\s+(?:great|ideal|nice|perfect|helpful|appreciated|amazing|awesome|"
    r"good|lovely)|help|work)[\s.!]*$)", re.IGNORECASE)
# "I keep getting bitten by cats lol, what gloves actually work", "i'm a night shift nurse so
# like what should i eat": a question said without its question mark after the statement (chat
# and dictation leave it out) — a wh-word before its auxiliary and subject, or "any tips"
_EN_ASKED_AFTER = re.compile(
    r"^(?P<x>.+?)(?:\s*[,;]|\s+(?:lol|haha|lmao),?|\s+(?:so|and\s+so))\s+(?:(?:and|but|so)\s+)?"
    r"(?:(?:like|um|uh)\s+)?(?:(?:what|which|how|where)\s+(?:[\w'’-]+\s+){0,3}?(?:should|can|could|"
    r"do|does|would|will|is|are)\s+(?:i|we|you|it|they|he|she)\b|(?:what|which)\s+[\w-]+\s+"
    r"(?:actually\s+|really\s+)?(?:work|works)\b|any\s+(?:tips|ideas|advice|suggestions|recs|"
    r"recommendations)\b|"
    # a yes/no question about what was just said ("… lol is that the blue light thing")
    r"(?:is|does|should|could|would|will|can)\s+(?:that|it|this)\b)[^.!]*$", re.IGNORECASE)
# "… refusing to change anything so I need like sneaky low carb dinners": what the user needs for
# the task, said as the statement's consequence (kept when the need is about health: "so I need
# insulin before meals")
_EN_THEN_NEED = re.compile(r"^(?P<x>.+?)[,;]?\s+(?:so|and\s+so)\s+(?:(?:like|um|uh)\s+)?(?:i|we)\s+"
                           r"(?:also\s+|just\s+|really\s+|kinda\s+)*need\s+"
                           r"(?!to\s+(?:be|stay|keep|live|work)\b)(?P<what>.+)$", re.IGNORECASE)
# "plan a dinner for Sat, I'm coeliac …", "can you draft the invite? my wife is …": the task asked
# for first, then the statement said for it — the task is no part of the memory
_EN_ASK_FIRST = re.compile(
    r"^(?:(?:please|pls|plz|can\s+you|could\s+you|would\s+you)\s+)?(?:plan|make|write|find|"
    r"suggest|recommend|give\s+me|help\s+me|draft|book|create|build|list|show\s+me|tell\s+me|"
    r"translate|fix|check|pick|choose|put\s+together|organi[sz]e|sort\s+out|come\s+up\s+with)\b"
    r"[^,;:?.!]*(?:[,;:]|[?.!]+)\s+(?=(?:I|I['’]m|I['’]ve|im|my|we|we['’]re|our)\b)",
    re.IGNORECASE)


def without_request(sentence: str) -> str:
    """The statement a request is made for, without the request ("I'm allergic to cats
    btw, so no cat cafe suggestions …" → "I'm allergic to cats btw"; "저 갑각류 알레르기가
    있어서 새우는 빼주세요" → "저 갑각류 알레르기가 있어서"); the sentence when there is none."""
    text = sentence.strip()
    if is_korean(text):
        m = _KO_BECAUSE.match(text) if ko_asks(text) or _refused_for(text) else None
    else:
        text = _EN_ASK_FIRST.sub("", text)
        m = _EN_THEN_ASK.match(text)
        text = m.group("x") if m is not None else text
        need = _EN_THEN_NEED.match(text)
        if need is not None and not HEALTH.search(need.group("what")):
            text = need.group("x")
        asked = _EN_ASKED_AFTER.match(text)
        if asked is not None and len(asked.group("x").split()) >= 2:
            # (a household said as a bare count is what the user has: "three cats in a
            # one-bed, how many litter boxes do I need" → "I have three cats in a one-bed")
            text = household(asked.group("x")) or asked.group("x")
        return text if text != sentence.strip() else sentence
    return m.group("x") if m is not None else sentence


# a discourse marker left at the end of the statement ("I'm vegan btw", "we have two cats fyi",
# "저 당뇨 있어요 참고로"): how it was said, not what it says
_EN_MARKER_END = re.compile(r"(?:[,\s]+(?:btw|fyi|tbh|anyway|anyways|lol|haha|lmao))+[\s.!~]*$",
                            re.IGNORECASE)
_KO_MARKER_END = re.compile(r"(?:[,\s]+(?:참고로|아무튼|암튼|어쨌든|근데))+[\s.!~]*$")


def without_marker(sentence: str) -> str:
    """The statement without the discourse marker it ends on (see above)."""
    pattern = _KO_MARKER_END if is_korean(sentence) else _EN_MARKER_END
    bare = pattern.sub("", sentence.strip())
    return bare if len(bare.split()) >= 2 else sentence
