"""The user's occupation said with the copula, known by the form of the word (W3, job family):
"저 장례지도사인데 …", "나 용접공이야", "전 wedding planner예요".

``patterns_ko`` reads an occupation from a closed list (개발자, 간호사, 교사 …), and every new
writer brings one the list lacks: 장례지도사, 관제사, 조향사, 도예가, 해설사. Korean names a
trade by a small set of Sino-Korean suffixes — -사 (師/士: 지도사, 관제사), -원 (員: 상담원),
-관 (官: 관제관), -가 (家: 도예가), -수 (手: 목수), -부 (夫/婦: 어부), -공 (工: 용접공) — and
code-mixed chat by an English agent noun ("planner", "interpreter", "sommelier"). The word
form is the signal; the speaker as the subject ("저/나/전/난 …") and the copula make it a
statement about them. The same suffixes also end places and states said with the copula
("저 병원인데" = I'm at the hospital, "저 휴가인데"): those words are listed out.
"""

from __future__ import annotations

import re

from gieok.write.extract.base import Hit, Rule, RuleContext

_SPEAKER = r"(?:(?<=\s)|^)(?:저|나|난|전|저는|나는)\s+(?:(?:이제|지금|원래|현재|그냥)\s+)?"
_COPULA = (r"(?:이야|야|예요|이에요|에요|입니다|이고|이거든요?|거든요?|인데요?|이라서|라서|이라|라|"
           r"임)(?=[\s.!~,ㅋㅎㅠ]|$)")
_KO_TRADE = re.compile(r"[가-힣]+(?:사|원|관|가|수|부|공)$")
# words with those endings that are places, times or states, not trades
_NOT_TRADE = re.compile(
    r"(?:회사|본사|지사|이사|병원|학원|공원|요양원|유치원|법원|대학원|도서관|영화관|체육관|"
    r"미술관|박물관|대사관|휴가|출장가|평가|대가|정가|시가|여가|재수|삼수|기부|본부|전부|일부|"
    r"대부|공부|휴학|신입사원|인사|감사|기사|검사|행사|역사)$")
_EN_TRADE = re.compile(
    r"^(?:[A-Za-z-]+\s){0,3}(?:[A-Za-z-]+(?:er|or|ist|ician|eur)|(?:consult|assist|account|"
    r"attend|serv)ant|agent|chef|cook|nurse|sommelier|barista|tutor|librarian|historian)$",
    re.IGNORECASE)
_EN_NOT_TRADE = re.compile(r"(?:^|\s)(?:beginner|user|member|owner|fan|customer|patient|student|"
                           r"parent|mother|father|sister|brother|daughter|partner|foreigner|"
                           r"other|after|never|ever|better|center|winter|summer|weekend|"
                           r"tired|present|different|allergic|intolerant|vegetarian|pescatarian|"
                           r"sober|"
                           r"over|under|later|sooner|rather|together|whatever)$", re.IGNORECASE)


def _build(match: re.Match[str], _: RuleContext) -> Hit | None:
    word = match.group("x").strip()
    if " " in word and not _EN_TRADE.match(word):
        return None  # "저 지금 강남 회사인데": more than the trade
    if _KO_TRADE.search(word):
        if _NOT_TRADE.search(word) or len(word) < 3:
            return None  # (a two-syllable word: 교수, 목수 are in patterns_ko's list)
    elif not _EN_TRADE.match(word) or _EN_NOT_TRADE.search(word):
        return None
    return Hit(content=f"사용자의 직업은 {word}", family="job", slot="occupation", value=word,
               tags=("job",), confidence=0.8)


RULES_KO: list[Rule] = [
    Rule("ko.job.trade_by_form",
         re.compile(rf"{_SPEAKER}(?P<x>[가-힣]{{2,8}}?|(?:[A-Za-z-]+\s){{0,3}}[A-Za-z-]+)"
                    rf"\s?{_COPULA}"),
         _build),
]
