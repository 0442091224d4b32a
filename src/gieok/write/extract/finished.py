"""A standing commitment said to be over (issue 16, a new-user trial): "the TA job is over"
after "I TA a stats section on tuesdays and thursdays this term"; "조교 일 이제 끝났어" after
"이번 학기에 화요일이랑 목요일마다 통계 조교 해"; "my internship wrapped up".

Why: a term's work — a TA section, tutoring, an internship, volunteering — ends by running its
course, not by the user quitting it, so none of the leaving verbs ``retired`` reads ("quit",
"그만뒀어") is said, and the weekly commitment stayed current after the user said it was over.
``over(sentence)`` names the commitment said to be finished, for ``retired`` to end.

Only a commitment word is read (a job, gig, internship, a TA or tutoring post, volunteering —
in Korean 조교, 과외, 인턴, 봉사, 알바, 교생 실습), never an event or a class that is over for the
day ("the party is over", "수업 끝났어"), and never with a word of the day ("for today", "오늘",
"방금", "퇴근"): "과외 끝났어" after tonight's lesson ends nothing. A Korean lesson or shift
word (과외, 알바) said without a word that it is over for good (이제, 다, 완전히, 학기, 계약,
마지막) is a day's lesson or shift, and names nothing either.
"""

from __future__ import annotations

import re

# "the TA job", "my tutoring gig", "the internship", "my stint at the library"
_KIND_EN = r"(?:job|gig|stint|position|post|contract|placement|assistantship|apprenticeship|" \
           r"internship|residency|fellowship)"
_EN = re.compile(
    rf"\b(?:the|my|our)\s+(?:(?P<x>[A-Za-z][\w-]*)\s+)?(?P<kind>{_KIND_EN}|tutoring|volunteering)"
    r"(?:\s+(?:at|with|for)\s+[\w' -]+?)?\s*(?:is|['’]s|was|has|got|just)?\s*(?:been\s+|officially\s+|"
    r"finally\s+|all\s+)?(?:over|done|finished|ended|wrapped(?:\s+up)?|came\s+to\s+an\s+end)\b"
    rf"|\b(?:finished|wrapped\s+up|ended|done\s+with|completed)\s+(?:the|my)\s+"
    rf"(?:(?P<y>[A-Za-z][\w-]*)\s+)?(?P<kind2>{_KIND_EN}|tutoring|volunteering)\b"
    r"|\b(?:I['’]?m|I\s+am)\s+(?:all\s+|finally\s+|officially\s+)?(?:done|finished)\s+"
    r"(?P<z>TAing|tutoring|volunteering|interning)\b",
    re.IGNORECASE)
_DAY_EN = re.compile(r"\b(?:today|tonight|for\s+the\s+day|this\s+(?:morning|afternoon|evening)|"
                     r"for\s+now|yet|almost|nearly|soon|next|will|gonna|going\s+to|when|if|"
                     r"not|never|isn['’]t|wasn['’]t)\b|\?", re.IGNORECASE)
# the commitment words in Korean; 과외/알바 are also a day's lesson or shift
_KIND_KO = r"조교|과외|인턴(?:십)?|봉사|알바|아르바이트|교생\s?실습|실습|계약직|연구\s?보조|튜터링"
_KO = re.compile(
    rf"(?<![가-힣])(?:(?P<x>[가-힣A-Za-z]{{2,6}})\s)?(?P<kind>{_KIND_KO})(?:\s?(?:일|활동|생활|기간|계약))?"
    r"(?:은|는|도|이|가)?\s?(?:(?:이제|다|완전히|드디어|결국|무사히|벌써)\s)*(?:끝났|끝남|끝났음|끝이|종료|끝나서|끝나고)")
_DAILY_KO = re.compile(r"^(?:과외|알바|아르바이트|실습)$")
_FOR_GOOD_KO = re.compile(r"이제|(?<![가-힣])다\s|완전히|학기|계약|기간|마지막|그만|드디어|무사히|벌써")
_DAY_KO = re.compile(r"오늘|방금|아까|지금|퇴근|오전|오후|저녁|밤에|내일|곧|[?]|면\s|언제|안\s?끝|못\s?끝")


def over(sentence: str) -> tuple[str, ...]:
    """The commitment ``sentence`` says is over, as ``retired`` names things ("TA", "조교"),
    or nothing (see the module docstring)."""
    if re.search(r"[\uac00-\ud7a3]", sentence):
        m = _KO.search(sentence)
        if m is None or _DAY_KO.search(sentence):
            return ()
        kind = re.sub(r"\s+", " ", m.group("kind"))
        if _DAILY_KO.match(kind) and not _FOR_GOOD_KO.search(sentence):
            return ()
        return (kind,)
    m = _EN.search(sentence)
    if m is None or _DAY_EN.search(sentence):
        return ()
    word = m.group("x") or m.group("y") or m.group("z") or m.group("kind") or m.group("kind2")
    if word.casefold() in ("new", "old", "last", "first", "whole", "summer", "part-time", "full-time"):
        word = m.group("kind") or m.group("kind2") or word
    if word.casefold() == "taing":
        word = "TA"
    # an acronym is stored inflected ("User TAs a section"): named in lower case too, which
    # reconciliation finds with its endings
    return tuple(dict.fromkeys([word, word.casefold()])) if word.isupper() else (word,)
