"""Korean rules for who the user is and how they live (W3): where they live and work, their
family and pets, their health and diet.

Why this module exists: it is the first half of the Korean rule table (``patterns_ko.RULES``
joins the halves in this order; the order rules are tried in matters), with the checks only
these rules use (is the word a place, the allergen reader). The user's family and pets
("우리 고양이는…") are written as "사용자의 고양이는 …".
"""

from __future__ import annotations

import re

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit, Rule, RuleContext
from gieok.write.extract.health import is_medicine
from gieok.write.extract.patterns_ko_base import (
    _ATTENDED, CITIES, CONDITIONS, END, FACTISH, FAMILY, HAVE, _NOT_OBJECT, NOT_PLACE, OBJ,
    OCCUPATIONS, _PARTICLE_END, PETS, PLACE_SUFFIX, TIME_RE, Check, Groups, foreign_subject,
    ko_end, _noun, rule,
)
from gieok.write.normalize import has_batchim, josa


_NEAR = frozenset({"근처", "부근", "인근", "쪽"})


def _place(g: Groups, _: RuleContext) -> bool:
    # "집은 아직 대전이에요": an adverb of time before the place is not part of it
    x = g["x"] = re.sub(r"^(?:(?:아직|여전히|아직도|이제|이제는|계속|지금은?|현재는?|요즘은?)\s)+", "",
                        g["x"])
    tokens = x.split()
    last = tokens[-1] if tokens else ""
    if any(_PARTICLE_END.search(t) and not PLACE_SUFFIX.search(t) for t in tokens[:-1]):
        return False
    if len(tokens) > 1 and last in _NEAR:  # "판교 근처 살아": near a place is a place
        near = tokens[-2]
        return not NOT_PLACE.match(near) and (
            PLACE_SUFFIX.search(near) is not None or CITIES.match(near) is not None)
    return bool(last) and not NOT_PLACE.match(last) and not NOT_PLACE.match(x) and (
        PLACE_SUFFIX.search(last) is not None or CITIES.match(last) is not None
        or g.get("p") not in (None, ""))


def _place_with(particle: str) -> Check:
    """``_place`` read as if the place took ``particle`` ("집은 대전이에요" = "대전에")."""
    def check(g: Groups, c: RuleContext) -> bool:
        had = g.get("p")
        g["p"] = particle
        ok = _place(g, c)
        g["p"] = had or ""
        if particle == "로":  # "부산으로": the place is 부산, its value too
            g["x"] = re.sub(r"으$", "", g["x"])
        return ok
    return check


# a word before 일 that names no kind of work: a time, a demonstrative, an amount, the home
# "삼성전자에서 일해요": a place with its particle before 일 is where the user works (the
# employer rules read it), not the kind of work
def _as_occupation(x: str, sentence: str) -> bool:
    """"간호사로 일해", "간호사 일 해요": an occupation said as the role is what ``ko.job.i_am``
    and ``ko.job.does`` read (with the occupation slot) — not a second memory "사용자는 간호사
    일을 한다" (unless a relative is in the sentence: those rules stand back, this one reads)."""
    return re.fullmatch(OCCUPATIONS, x) is not None \
        and re.search(re.escape(x) + r"\s?(?:(?:으로|로)\s?일|일\s?(?:을\s?)?(?:해|하))", sentence) is not None \
        and re.search(rf"(?:{FAMILY}|{PETS})(?:\s|이|가|은|는|$)", sentence) is None


def _at_place(x: str, sentence: str) -> bool:
    return re.search(re.escape(x) + r"\s?(?:에서|에게|한테)\s?일", sentence) is not None
_WORK_KIND_NOT = re.compile(
    r"^(?:집안|집|그|이|저|무슨|어떤|다른|딴|같은|큰|작은|급한|중요한|밀린|남은|많은|힘든|쉬운|"
    r"오늘|내일|어제|이번|지난|다음|요즘|요새|평소|매일|하루|주말|회사|직장|학교|남의|내|제|네|"
    r"우리|저희|사람|아무|별|이런|그런|저런|온갖|모든|허드렛|잡|궂은|좋은|나쁜|혼자|같이|함께|"
    r"많이|열심히|계속|원래|지금|아직|이제|나|저|난|전|나는|저는)$")


def korean_noun(word: str) -> bool:
    """The word is a noun by Kiwi's analysis (its last morpheme), not a verb's form."""
    from gieok.write.extract import korean

    toks = [t for t in korean.tokens(word) if not t.tag.startswith("S")]
    return bool(toks) and toks[-1].tag.startswith(("NNG", "NNP", "SL", "XSN"))


# "여기 염전에서 일해": "here" before the workplace is where the user is, not its name
_HERE = re.compile(r"^(?:여기|거기|이\s동네)\s")

# "이번에 이직했어": a time word before 에 is when, not where
_WHEN_WORDS = frozenset("이번 요번 저번 지난번 올해 작년 재작년 내년 요즘 최근 얼마 전 지난달 이번달 "
                        "다음달 드디어 결국".split())


# a reason said between the thing and what the user cannot do ("안 맞아서", "배탈 나서")
# what may come before 퇴사 said alone: when, or the speaker ("오늘부로 퇴사했어", "나 드디어 퇴사함");
# a word of any other kind there names the workplace ("네이버 퇴사했어") and is stored as said
_WHEN_QUIT = (r"(?:오늘부로|오늘부터|오늘|어제|그저께|"
              r"드디어|결국|방금|얼마\s?전에?|지난\s?(?:주|달)에?|이번\s?(?:주|달)에?|작년에?|올해|"
              r"\d{1,2}월\s?(?:\d{1,2}일)?(?:에|부로|자로)?|나|저|난|전|나는|저는|사실|참고로|아|그래서|그리고)")
_REASON = r"(?:(?:[가-힣]+(?:가|이)\s|안\s|잘\s안\s)?[가-힣]+서\s+)"


_ALLERGEN_TAGS = frozenset({"NNG", "NNP", "SL", "SN", "XSN", "NR", "NNB", "JC", "SP"})


def _nouns_only(x: str) -> bool:
    """Only nouns: a place's name ("충북 괴산"), not a description ("조용한 편")."""
    from gieok.write.extract.korean import tokens

    return all(t.tag in ("NNP", "NNG", "SL", "SN") for t in tokens(x))


def allergens(sentence: str, before: int) -> tuple[list[str], int] | None:
    """The allergens named right before ``before`` (where "알레르기" starts), read by
    morphology: nouns joined by 이랑/하고/와/과 or commas are one allergen each ("땅콩이랑
    복숭아" → 땅콩, 복숭아), nouns side by side are one ("고양이 털"). Also where the list
    starts, so the words before it can be checked for whose allergy it is."""
    from gieok.write.extract.korean import tokens

    toks = [t for t in tokens(sentence) if t.end <= before]
    start = len(toks)
    while start > 0:
        t = toks[start - 1]
        contracted = t.tag == "JKS" and start > 1 and toks[start - 2].start == t.start  # 게 = 것+이
        if t.tag not in _ALLERGEN_TAGS and not contracted:
            break
        start -= 1
    chain = toks[start:]
    while chain and chain[0].tag in ("JC", "SP"):
        chain = chain[1:]
    if not chain:
        return None
    items, begin = [], chain[0].start
    for t in chain:
        if t.tag in ("JC", "SP") and t.start >= begin:
            items.append(sentence[begin:t.start])
            begin = t.end
    items.append(sentence[begin:before])
    out = [" ".join(i.split()) for i in items if i.strip(" ,")]
    if not out or any(_NOT_OBJECT.match(i) or TIME_RE.fullmatch(i) for i in out):
        return None
    return out, chain[0].start


def _allergy(match: re.Match[str], ctx: RuleContext) -> Hit | None:
    found = allergens(match.string, match.start())
    if found is None:
        return None
    items, begin = found
    before = match.string[:begin]
    # (a holder in the dative too: "리트리버 하루한테 닭고기 알레르기가 있어서")
    holder = re.search(r"([가-힣A-Za-z]+?)(?:이|가|은|는|께서|도|한테|에게|께)(?:는|도)?\s*$", before)
    if foreign_subject(before, strict=True) or "사용자의" in before or (
            holder is not None and not re.fullmatch(r"나|저|내|제|전|난", holder.group(1))):
        return None  # "우리 딸은 우유 알레르기 있어", "걔가 땅콩 알레르기가 …": someone else's
    x = ", ".join(items)
    return Hit(content=f"사용자는 {x} 알레르기가 있음", family="health",
               type=MemoryType.CONSTRAINT, slot=f"allergy:{x.lower()}", value="yes",
               tags=("health", "allergy"))


# 약 as a word of its own or a compound's end ("약을", "혈압약을"; never 예약, 계약, 요약, 절약)
_DRUG_WORD = re.compile(r"(?<![예계요절공])약(?:을|를|이|은|도|만)?(?=\s|$)|처방")
_SOMEONE_ELSES = re.compile(rf"(?:^|\s)(?:{FAMILY}|{PETS})(?:이|가|는|은|께서|도)?\s")
# a day, a time or a place is what a booking or a commute moves between, not a medicine
_NOT_A_DRUG = re.compile(r"(?:요일|[0-9]+(?:시|일|월)|아침|저녁|오전|오후|주말|평일|여기|거기|저기|집|"
                         r"회사|학교|오늘|내일|어제|이번|다음)$")


# a dose said with a medicine ("반 알", "10mg", "하루 두 알", "3일치")
_DOSE = r"(?:반\s?알|[한두세네]\s?알|\d+(?:\.\d+)?\s?(?:mg|밀리|알|정|일치)|하루\s?[한두세]\s?(?:알|번))"
# prescribed, but no medicine: glasses, a diet, a test
_NOT_PRESCRIBED = re.compile(r"(?:안경|렌즈|도수|식단|운동|검사|진단서|소견서|깁스|보조기|주사)$")
# where a diagnosis is heard: a clinic by its department (이비인후과, 정형외과), a doctor, a test
_CLINIC = re.compile(r"[가-힣]+과(?:에서|에|\s|를|갔|다녀)|병원|의원|의사|선생님|검사|진단|MRI|CT|엑스레이|"
                     r"X-?ray|초음파|내시경", re.IGNORECASE)


def _hangul_final(word: str) -> bool:
    """``word`` ends on a Hangul syllable with a final consonant ("콩", not "보리" or "Max")."""
    return bool(word) and "가" <= word[-1] <= "힣" and has_batchim(word)


# a rank in a Korean company, from the first up (이사 is left out: it is also a move)
_RANKS = r"사원|주임|대리|과장|차장|부장|팀장|실장|파트장|본부장|선임|책임|수석|상무|전무"


def _promoted(g: Groups, ctx: RuleContext) -> str:
    """"대리에서 과장 됨" → "사용자는 과장으로 승진했다 (대리에서)"; said without the rank
    before or the word 승진 ("나 이번에 팀장 됐다"), the sentence is worded as said."""
    from gieok.write.extract.korean import to_memory

    if g.get("old") or "승진" in ctx.sentence:
        before = f" ({g['old']}에서)" if g.get("old") else ""
        return f"사용자는 {josa(g['x'], '으로/로')} 승진했다{before}"
    return to_memory(ctx.sentence) or f"사용자는 {g['x']}이 됐다"


def _named_noun(x: str, sentence: str = "") -> bool:
    """``x`` ends on a noun or a Latin word (a name), not an adverb ("새로 처방받았어"). A
    drug's name read alone may be cut into pieces ("졸피뎀" alone is 졸 + 피 + 데 + ㅁ), so
    it is also read where it was said: Kiwi takes "졸피뎀 처방받음" as one name."""
    from gieok.write.extract.korean import tokens

    def noun_at_end(toks: list, end: int) -> bool:
        last = [t for t in toks if t.end <= end]
        return bool(last) and last[-1].end == end and last[-1].tag in ("NNG", "NNP", "SL", "SH")

    if noun_at_end(tokens(x), len(x)):
        return True
    at = sentence.find(x)
    return at >= 0 and noun_at_end(tokens(sentence), at + len(x))


_HOME_IS = rf"(?:사는\s?곳은|집은|거주지는|우리\s?집은)\s*{OBJ}\s*(?:이야|야|예요|이에요|입니다|임|에\s?있어)"


def _word_ends(sentence: str) -> bool:
    """The place named after "집은" ends on a word of ``sentence``: "우리 집은 애들 평일엔 게임
    금지야" read as 게 + the copula 임 ends inside the word 게임."""
    from gieok.write.extract.korean import tokens

    m = re.search(_HOME_IS, sentence)
    return m is None or any(t.end == m.end("x") for t in tokens(sentence))


def _mine(sentence: str, what: str) -> bool:
    """No relative or pet is named before ``what``: the medicine or the diagnosis is the
    user's ("엄마가 혈압약 … 드셔": the mother's)."""
    return _SOMEONE_ELSES.search(sentence[:max(sentence.find(what), 0)] + " ") is None


def _prescription(g: Groups, ctx: RuleContext) -> bool:
    """A medicine changed for the user: 약 is said, or either name is a medicine's, and no
    relative or pet is whose it is ("엄마 약을 … 바꿨어": the mother's)."""
    if _NOT_A_DRUG.search(g["x"]) or _NOT_A_DRUG.search(g["old"]):
        return False
    return (_DRUG_WORD.search(ctx.sentence) is not None or is_medicine(g["x"])
            or is_medicine(g["old"])) and _SOMEONE_ELSES.search(ctx.sentence) is None


RULES: list[Rule] = [
    # -- residence and places --------------------------------------------------------------
    # "회사가 강남역 근처라 commute 편해요", "학교는 신촌 쪽이에요": where the user's workplace or
    # school is (not their home)
    rule("ko.place.work_area",
         r"(?<![가-힣])(?P<what>회사|직장|사무실|오피스|학교|캠퍼스|연구실)(?:가|이|는|은)\s*"
         r"(?P<x>[가-힣A-Za-z0-9]+(?:\s[가-힣A-Za-z0-9]+)?)\s?(?P<rel>근처|앞|옆|쪽|부근|인근|에\s?있)",
         lambda g, _: f"사용자의 {josa(g['what'], '은/는')} {g['x']}"
         + (f" {g['rel']}" if not g["rel"].startswith("에") else "에 있음"),
         "residence", category="location", slot="area:{what}",
         tags=("location",), check=lambda g, c: not re.search(r"어디|뭐", c.sentence)
         and not re.search(r"(?:친구|동생|남편|아내|와이프|형|누나|언니|오빠)\s?(?:네\s)?$",
                           c.sentence[: c.sentence.find(g["what"])].strip() + " ")),
    # (the place's last word is lazy, so "부평에" leaves 에 to the particle: a noun + 에 + 살다
    # is a place, a district without a suffix too)
    rule("ko.residence.live",
         rf"{OBJ[:-1]}?)\s*(?P<p>에서|에)?\s*(?:(?:혼자|가족이랑|가족과|가족하고|부모님이랑|부모님과|같이|"
         rf"함께|계속|지금|아직|쭉)\s*)?(?:살아|살고\s?있|살아요|삽니다|산다|살고요|살거든|사는\s?중|"
         rf"살아서|살지만|거주\s?중|거주하고\s?있|거주해|(?:와서\s?|이사\s?와서\s?)?산\s?지\s?\S+\s?(?:됐|되|넘)|"
         rf"살아\s?보니)",
         "사용자는 {x}에 거주", "residence", category="location", slot="residence",
         tags=("residence",), strict=True,
         # "친구랑 같이 살아": who the user lives with is no place
         check=lambda g, c: _place(g, c) and not re.search(
             rf"{re.escape(g['x'])}(?:이랑|랑|하고|와|과)\s*(?:같이|함께|둘이|셋이)", c.sentence)),
    # "우리 집 자가야 전세 아니고", "저희 집은 월세예요": how the user holds their home
    rule("ko.residence.tenure",
         r"(?:(?:^|\s)(?:우리|저희|내|제)\s?)?집(?:은|이|도)?\s?(?P<t>자가|전세|월세|반전세)"
         r"(?:야|예요|에요|이에요|임|입니다|이고|인데|라서|고|거든)(?=$|[\s,.!~ㅋㅎ])",
         lambda g, _: f"사용자의 집은 {g['t']}", "residence", category="location", slot="home_tenure",
         value="{t}",
         tags=("residence",), strict=True),
    # "요즘 대전에 있어", "요새 제주에서 지내요": where the user is these days is where they
    # live (a named place only: not "요즘 회사에 있어", not "지금 대전에 있어" — right now)
    rule("ko.residence.these_days",
         rf"(?:요즘|요새)(?:은|는)?\s+{OBJ}\s*(?:에\s*(?:있어|있어요|있는데|있고|있음|있습니다|있거든|있다|"
         rf"있는\s?중)|에서\s*(?:지내|지내요|지내고\s?있|지내는\s?중|머물고\s?있|머무는\s?중))",
         "사용자는 {x}에 산다 (요즘)", "residence", category="location", slot="residence",
         tags=("residence",), check=lambda g, c: _place({**g, "p": ""}, c)
         and "지금" not in c.sentence, strict=True),
    # "장인어른이랑 같이 사는 중이라 방이 부족해", "할머니랑 둘이 살아": who the user lives with
    rule("ko.family.lives_with",
         rf"(?P<x>{FAMILY}|룸메이트|룸메|하우스메이트)(?:이랑|랑|하고|와|과)\s*(?:같이|함께|둘이|셋이)\s*"
         r"(?:살아|살고\s?있|사는\s?중|사는데|살아서|삽니다|살아요|살거든|살고요|산다)",
         lambda g, _: f"사용자는 {josa(g['x'], '과/와')} 같이 산다", "family", category="context",
         slot="lives_with:{x}", value="yes", tags=("family", "household"), strict=True),
    rule("ko.residence.moved",
         rf"{OBJ}\s*(?:으로|로)\s*(?:이사|이사를)\s*(?:했|왔|갔|와서|가서|온\s?지|간\s?지|완료)",
         lambda g, _: f"사용자는 {re.sub(r'으$', '', g['x'])}에 거주", "residence",
         category="location", slot="residence",
         tags=("residence",), check=_place_with("로"), strict=True),
    rule("ko.residence.home_is",
         _HOME_IS,
         "사용자는 {x}에 거주", "residence", category="location", slot="residence",
         tags=("residence",), check=lambda g, c: _word_ends(c.sentence)
         and _place_with("에")(g, c)
         and not re.match(r"(?:자가|전세|월세|반전세)$", g["x"])),  # ("집은 월세예요": tenure)
    # "우리 동네가 충북 괴산 쪽인데 …", "저희 동네는 분당이에요": the user's neighbourhood is
    # where they live
    rule("ko.residence.neighbourhood",
         rf"(?:(?:^|\s)(?:우리|저희|울|내|제)\s?)동네(?:는|가|은)\s*{OBJ}\s*(?:쪽|근처|부근)?\s*"
         rf"(?:이야|야|예요|이에요|입니다|임|인데|이고|이라서|라서|이거든|거든)(?=$|[\s,.!~ㅋㅎ])",
         "사용자는 {x}에 거주", "residence", category="location", slot="residence",
         tags=("residence",), check=lambda g, c: _place_with("에")(g, c) and _nouns_only(g["x"]), strict=True),
    rule("ko.residence.hometown",
         rf"(?:고향은|고향이)\s*{OBJ}\s*{END}(?:$|\s)",
         "사용자의 고향은 {x}", "residence", category="location", slot="hometown",
         tags=("hometown",), strict=True),  # "할머니 고향이 통영이셔서": hers, not the user's
    rule("ko.residence.origin",
         r"(?P<x>[가-힣A-Za-z]+)\s?(?:사람|출신)\s*(?:이야|이에요|이예요|입니다|임|이고|인데|이라서)",
         "사용자는 {x} 출신", "residence", category="location", slot="hometown",
         tags=("hometown",), check=lambda g, c: _place({**g, "p": ""}, c), strict=True),
    rule("ko.job.company",
         r"(?P<x>(?:[가-힣A-Za-z0-9]+\s)?[가-힣A-Za-z0-9]*(?:회사|스타트업|은행|병원|공장|연구소|"
         r"학교|대학교|대학원))\s+(?:다녀(?!\s?(?:왔|와|오|옴|올|갔|가|감))|다니고\s?있|다닙니다|다녀요|"
         r"다니는\s?중)",
         lambda g, _: (f"사용자는 {g['x']}에 다님" if re.search(r"(?:학교|대학교|대학원)$", g["x"])
                       else f"사용자는 {g['x']}에서 근무"),
         "job", slot="employer", tags=("job",),
         check=lambda g, _: g["x"] not in ("회사", "학교", "병원"), strict=True),
    rule("ko.situation.alone",
         r"(?P<x>혼자|자취)\s*(?:살아|살고\s?있|해|하고\s?있|중|생활)",
         "사용자는 혼자 거주", "situation", slot="living", value="alone", tags=("household",), strict=True),
    # -- job and situation -----------------------------------------------------------------
    rule("ko.job.occupation_is",
         rf"(?:직업은|하는\s?일은|직업이)\s*(?P<x>[^.!?\n]{{2,20}}?)\s*{END}$",
         "사용자의 직업은 {x}", "job", slot="occupation", tags=("job",)),
    rule("ko.job.i_am",  # (a place before it is no part of the role: "부산에서 간호사로 일해")
         rf"(?P<x>(?:(?![가-힣A-Za-z]*에서\s)[가-힣A-Za-z]+\s)?(?:{OCCUPATIONS}))\s*(?:이야|야|예요|이에요|에요|입니다|임|"
         rf"이고|이거든|인데|이라서|라서|로\s?일해|로\s?일하고\s?있|로\s?근무)",
         "사용자의 직업은 {x}", "job", slot="occupation", tags=("job",),
         # "제 딸 서연이가 초등학생이에요" is the daughter's, not the user's occupation
         check=lambda g, c: not re.match(r"^(?:우리|내|제|친구|그)\s", g["x"])
         and not re.match(r"^\S+(?:가|는|은|께서)\s", g["x"])
         and not re.search(rf"(?:{FAMILY}|{PETS})(?:\s|이|가|은|는|$)", c.sentence), strict=True),
    # "저 간호사 해요", "간호사 3교대 하는데 …": the occupation said as what the user does,
    # with how the shifts run between (not "간호사 하고 싶어", "의사 해 볼까", "교사 하라고")
    rule("ko.job.does",
         rf"(?:^|(?<=\s))(?P<x>{OCCUPATIONS})\s?(?P<s>[23]\s?교대|교대\s?근무|야간|나이트|"
         r"파트타임|풀타임)?\s?(?:일\s?)?(?:해요|해|하는데요?|하고\s?있어요?|합니다|하거든요?|한다)"
         r"(?=$|[\s.!~,ㅋㅎㅠ])(?!\s?(?:보|볼|봐|싶|주|줘|야|라))",
         lambda g, _: f"사용자의 직업은 {g['x']}" + (f" ({g['s']})" if g.get("s") else ""),
         "job", slot="occupation", tags=("job",),
         check=lambda g, c: not re.search(rf"(?:{FAMILY}|{PETS})(?:\s|이|가|은|는|$)", c.sentence),
         strict=True),
    # "대리에서 과장 됨", "팀장으로 승진했어요": the user's new rank (not "이사", which is a move)
    rule("ko.job.promoted",
         rf"(?:(?P<old>{_RANKS})에서\s?)?(?P<x>{_RANKS})(?:으로|로)?\s?(?:승진\s?(?:했|함|해서|했는데|"
         r"됐|됨)|(?<=\S\s)(?:됐어|됐어요|됨|됐다|됐습니다)(?=$|[\s.!~,ㅋㅎㅠ])|달았)",
         _promoted, "job", slot="rank", tags=("job",),
         check=lambda g, c: not re.search(rf"(?:{FAMILY}|{PETS})(?:\s|이|가|은|는|$)", c.sentence),
         strict=True),
    rule("ko.job.work_at",
         # ("염전에서 일한 지 3년째": how long the user has worked there)
         rf"{OBJ}(?<!로)\s*(?:에서|에)?\s*(?:일해|일하고\s?있|근무해|"
         rf"근무하고\s?있|근무\s?중|(?<=에서\s)일한\s?지|(?<=에서)일한\s?지|근무한\s?지|"
         rf"다녀(?!\s?(?:왔|와|오|옴|올|갔|가|감))|다니고\s?있|다닙니다|다녀요|다니는\s?중)",
         # ("동물병원 다녀왔어요", "교복 맞추러 다녀옴": a visit, not a workplace)
         lambda g, _: f"사용자는 {_HERE.sub('', g['x'])}에서 근무",
         "job", slot="employer", tags=("job",),
         check=lambda g, _: _noun(g, _) and g["x"] not in ("회사", "직장", "일")
         and not _ATTENDED.search(g["x"])
         # "밤 10시부터 새벽 4시까지 일해": the hours, not a workplace
         and not re.search(r"부터|까지|\d\s?시$", g["x"]), strict=True),
    # "재택으로 번역 일 하고", "요즘 배달 일 해", "디자인 일 하는데요": the kind of work the user does
    # (a noun before 일; not "집안일", "그 일", "무슨 일", "오늘 일 많아")
    rule("ko.job.kind_of_work",
         r"(?P<how>(?:재택|프리랜서|알바|파트타임|투잡|부업)(?:으로|로)\s)?(?P<x>[가-힣A-Za-z]{2,8})\s?"
         r"일(?:을)?\s?(?:해|하고|하는데|합니다|해요|하거든|하고\s?있|하는\s?중|하고요|한다|하는데요)"
         r"(?=$|[\s,.!~ㅋㅎ])",
         lambda g, _: f"사용자는 {g['how'] + ' ' if g.get('how') else ''}{g['x']} 일을 한다", "job",
         slot="work_kind:{x}",
         value="yes", tags=("job",), strict=True,
         check=lambda g, c: _noun(g, c) and _WORK_KIND_NOT.match(g["x"]) is None
         and korean_noun(g["x"]) and not _at_place(g["x"], c.sentence)
         and not _as_occupation(g["x"], c.sentence)),
    # "쿠팡에서 데이터 엔지니어로 일해": the employer before the role
    rule("ko.job.work_at_as",
         rf"{OBJ}\s*에서\s+(?P<role>(?:[가-힣A-Za-z]+\s){{0,2}}?[가-힣A-Za-z]+?)\s?(?P<p>으로|로)\s?"
         r"(?:일해|일하고\s?있|일합니다|일하는\s?중|근무해|근무하고\s?있|근무\s?중|일하고)",
         lambda g, _: f"사용자는 {g['x']}에서 {g['role']}{g['p']} 일한다",
         "job", slot="employer", tags=("job",),
         check=lambda g, _: _noun(g, _) and g["x"] not in ("회사", "직장", "일", "집")
         and not _ATTENDED.search(g["x"]), strict=True),
    # "필라테스 다녀요", "영어 학원 다니고 있어": a class or a place the user goes to, not a job
    rule("ko.routine.attends",
         rf"{OBJ}(?<!로)\s*(?:에)?\s*(?:다녀|다니고\s?있|다닙니다|다녀요|다니는\s?중)",
         "사용자는 {x}에 다닌다", "habit", slot=None, tags=("routine",),
         check=lambda g, _: _noun(g, _) and _ATTENDED.search(g["x"]) is not None
         and not re.search(r"(?:학교|대학교|대학|대학원)$", g["x"]), strict=True),
    # "토스에서 당근으로 이직했어", "이직했어요, 토스에서 당근으로요": the new employer
    rule("ko.job.moved_from_to",
         rf"[가-힣A-Za-z0-9]+에서\s+{OBJ}(?<!으)\s*(?:으로|로)\s*(?:이직|옮겼|옮김)",
         "사용자는 {x}에서 근무", "job", slot="employer", tags=("job",), check=_noun, strict=True),
    rule("ko.job.moved_then_where",
         rf"이직\S*[,\s]+[가-힣A-Za-z0-9]+에서\s+{OBJ}(?<!으)\s*(?:으로|로)(?:요|이요)?[\s.!~]*$",
         "사용자는 {x}에서 근무", "job", slot="employer", tags=("job",), check=_noun, strict=True),
    rule("ko.job.joined",
         rf"{OBJ}(?<!으)\s*(?:에|으로|로)\s*(?:이직|취직|입사|취업)\s?(?:했|해서|함|하게\s?됐|하게\s?되었)",
         "사용자는 {x}에서 근무", "job", slot="employer", tags=("job",),
         check=lambda g, c: _noun(g, c) and g["x"] not in _WHEN_WORDS, strict=True),
    rule("ko.job.company_is",
         r"(?:회사|직장)(?:는|은)\s*(?P<x>[가-힣A-Za-z][가-힣A-Za-z0-9&]*?)\s*(?:이야|야|예요|이에요|에요|"
         r"입니다|이고|인데|이거든|임)(?=[\s.!~]|$)",
         "사용자는 {x}에서 근무", "job", slot="employer", tags=("job",), check=_noun, strict=True),
    # "참고로 나 은행 IT 보안팀이야", "저 마케팅팀이에요": the team the user works in, said with
    # "I" (not "우리 팀이야", a side one supports, or a team of one's own choosing)
    rule("ko.job.team",
         r"(?:^|\s)(?:나|저|난|전|나는|저는)\s+(?P<x>(?:[가-힣A-Za-z0-9]+\s){0,3}?[가-힣A-Za-z0-9]*"
         r"[가-힣A-Za-z]팀)(?:이야|이에요|입니다|임|이고|인데|이라서|이거든|이요|이에용)(?=[\s.!~,ㅋㅎ]|$)",
         "사용자는 {x} 소속", "job", slot="team", tags=("job",),
         check=lambda g, _: not re.search(r"(?:^|\s)(?:우리|같은|한|어느|무슨|다른|상대|응원)"
                                          r"(?:\s|팀)|^팀$", g["x"]), strict=True),
    # "회사 그만뒀어", and 퇴사 said alone ("오늘부로 퇴사했어", "드디어 퇴사함"): 퇴사 is leaving
    # one's workplace, no object needed (never hearsay, "퇴사했대", or a plan, "퇴사할 거야")
    rule("ko.job.quit",
         r"(?P<x>(?:회사를?|직장을?|일을?)\s*(?:그만뒀|그만두었|관뒀|퇴사했|퇴사를?\s?했)|"
         rf"(?:^|(?<=[,.!~])\s*)(?:{_WHEN_QUIT}\s)*퇴사(?:를?\s?했|함(?![가-힣])))"
         r"(?!대|다고|다더|다며|냐|니|나요|어\?|어요\?)",
         "사용자는 퇴사함", "job", slot="employer", value="none", tags=("job",), strict=True),
    rule("ko.situation.job_hunting",
         r"(?P<x>취업\s?준비|취준|구직|이직\s?준비|시험\s?준비|수능\s?준비|공시\s?준비|고시\s?준비)\s*"
         r"(?:중|하고\s?있|해)",
         "사용자는 {x} 중", "situation", tags=("situation",)),
    # -- family and pets -------------------------------------------------------------------
    rule("ko.pet.raise",
         rf"(?P<x>(?:[가-힣A-Za-z]+\s)?(?:{PETS}))\s*(?:(?P<n>한|두|세|네|다섯|\d+)\s?마리)?\s*"
         rf"(?:를|을|도|는|은)?\s*(?:키워|키우고\s?있|키웁니다|키워요|키운다|키우는\s?중|길러|키우거든|키움|"
         # "도마뱀 키우는데요 ㅎㅎ": said as the sentence's end, -는데요 states it
         rf"키우는데요?(?=[\s.!~ㅋㅎ^]*$))",
         lambda g, _: f"사용자는 {g['x']} {g['n']} 마리를 키움" if g.get("n")
         else f"사용자는 {josa(g['x'], '을/를')} 키움",
         "pet", tags=("pet",), value=None, strict=True),
    rule("ko.pet.named",
         rf"(?P<name>[가-힣A-Za-z]+?)(?:이)?라는\s*(?P<x>{PETS})(?:를|을)?\s*(?:키워|키우고|키웁니다|키워요)",
         # ("콩이라는 강아지": after a name ending in a consonant the particle is 이라는)
         lambda g, _: f"사용자는 {g['name']}{'이라는' if _hangul_final(g['name']) else '라는'} "
         f"{josa(g['x'], '을/를')} 키움", "pet",
         slot="pet_name:{x}", value="{name}", tags=("pet",)),
    # "부양가족은 엄마 한 명", "부양가족: 아내랑 딸 둘": the relatives the user supports (said
    # for a tax form, it holds past the form: one value at a time)
    rule("ko.family.dependents",
         rf"부양\s?가족(?:은|는|이|:)\s*(?P<x>(?:{FAMILY})(?:(?:이랑|랑|하고|와|과|,)\s?(?:{FAMILY}))*"
         r"(?:\s?(?:한|두|세|네|\d+)\s?명|\s?(?:하나|둘|셋|넷))?)(?:이야|이에요|예요|입니다|임|이고|이요|요)?"
         r"(?=$|[\s.,!~])",
         "사용자의 부양가족은 {x}", "family", slot="dependents", tags=("family",), strict=True),
    # "아들 둘 있어", "쌍둥이 딸이 둘 있는데 (지유랑 지아, 5살)": how many children, siblings
    # or pets the user has — one value at a time (a third child ends "둘"), never vetoed as
    # chatter; the names or ages said in brackets right after are kept with it
    rule("ko.family.have_count",
         rf"(?P<twin>쌍둥이\s?)?(?P<x>{FAMILY}|{PETS})(?:이|가)?\s*"
         rf"(?P<n>하나|둘|셋|넷|한\s?명|두\s?명|세\s?명|네\s?명|(?:한|두|세|네|\d+)\s?마리|\d+\s?명)\s*"
         rf"{HAVE}(?:[요.!~]*\s*\((?P<who>[^()]{{1,40}})\))?",
         lambda g, _: f"사용자는 {'쌍둥이 ' if g.get('twin') else ''}{josa(g['x'], '이/가')} {g['n']} 있다"
         + (f" ({g['who']})" if g.get("who") else ""), "family",
         slot="count:{x}", value="{n}", tags=("family",), strict=True),
    rule("ko.family.have",
         rf"(?P<x>{FAMILY}|{PETS})(?:이|가)\s*{HAVE}",
         lambda g, _: f"사용자는 {josa(g['x'], '이/가')} 있음",
         "family", tags=("family",), value=None, strict=True),
    rule("ko.family.count",
         rf"(?P<x>{FAMILY})(?:이|가|는|은)\s*(?P<n>하나|둘|셋|넷|한\s?명|두\s?명|세\s?명)\s*{END}$",
         lambda g, _: f"사용자는 {josa(g['x'], '이/가')} {g['n']} 있음", "family",
         slot="count:{x}", value="{n}", tags=("family",)),
    rule("ko.family.my_rel",
         rf"(?:우리|내|제|나의|저의)\s*(?:집\s*)?(?P<rel>(?:{FAMILY}|{PETS}))"
         rf"(?:\s+(?P<name>[가-힣A-Za-z]{{1,8}}?))?\s*"  # an optional name: "우리 고양이 나비는"
         rf"(?P<topic>이름은|이름이|은|는|이|가)\s*"
         rf"(?P<rest>[^.!?\n]{{2,60}})",
         lambda g, _: f"사용자의 {g['rel']}" + (f" {g['name']}" if g.get("name") else "")
         + f"{' 이름은' if g['topic'].startswith('이름') else g['topic']} {ko_end(g['rest'])}",
         "family", tags=("family",), value=None, user_subject=False,
         check=lambda g, _: not re.search(r"(?:어디|뭐|언제|누구|몇|왜)", g["rest"])
         and FACTISH.search(g["rest"]) is not None),
    rule("ko.family.marital",
         r"(?P<x>결혼했|기혼|유부남|유부녀|미혼|싱글\s?(?:대디|맘|파파)|싱글|이혼했|약혼했|돌싱)",
         # "싱글대디라 …": a parent raising the children alone (not "미혼": often divorced)
         lambda g, _: f"사용자는 {g['x']}{'이다' if g['x'].endswith('맘') else '다'} (아이를 혼자 "
         "키운다)" if g["x"].startswith("싱글")
         and len(g["x"]) > 2 else "사용자는 " + {"결혼했": "결혼했다 (기혼)", "유부남": "기혼",
                                   "유부녀": "기혼", "싱글": "미혼", "이혼했": "이혼했다",
                                   "약혼했": "약혼했다", "돌싱": "이혼"}.get(g["x"], g["x"]),
         "family", slot="marital", tags=("family",),
         check=lambda g, c: not re.search(r"결혼했(?:으면|을까|나|니|어\?)", c.sentence), strict=True),
    # -- health: allergies, medication, chronic illness, diet ------------------------------
    Rule("ko.health.allergy", re.compile(
        r"(?:알레르기|알러지)(?:가|이)?\s*(?:있어|있어요|있습니다|있음|있고|있는데|있거든|있다|심해|반응|"
        # "나 꽃가루 알레르기 심함": how bad it is says the user has it
        r"심함(?=$|[\s.!~,ㅠㅜㅋㅎ])|심하다|심한\s?편|"
        # said as the reason for a request: "라텍스 알러지라서 장갑 바꿔 달라고 …", "땅콩
        # 알레르기라 빼주세요", "새우 알레르기 때문에"
        r"(?:이)?라서|(?:이)?라(?=\s)|여서|이어서|(?:이)?거든|(?:이)?에요|예요|(?:이)?야(?=$|[\s.!~,])|"
        r"임(?=$|[\s.!~,])|인데|때문에|체질)"),
        lambda m, ctx: _allergy(m, ctx)),
    rule("ko.health.cannot_eat",
         rf"{OBJ}(?:을|를|은|는)?\s*(?:먹으면|마시면)\s*안\s*(?:돼|되|됨|된다|됩니다)",
         lambda g, _: f"사용자는 {josa(g['x'], '을/를')} 먹으면 안 됨", "health",
         type=MemoryType.CONSTRAINT, tags=("health", "diet"), check=_noun, strict=True),
    rule("ko.health.cant_eat",
         # (a reason may come between the thing and the verb: "커피는 안 맞아서 못 마셔요")
         rf"{OBJ}(?:을|를|은|는)?\s*{_REASON}?(?:절대|아예|잘)?\s*못\s*(?:먹어|먹습니다|먹어요|먹음|"
         r"먹는다|마셔|마셔요|마심)",
         lambda g, _: f"사용자는 {josa(g['x'], '을/를')} 못 먹음", "diet",
         type=MemoryType.CONSTRAINT, tags=("diet",), check=_noun),
    rule("ko.health.medication",
         r"(?P<x>(?:[가-힣A-Za-z0-9]+\s)?[가-힣A-Za-z0-9]*(?:약|제|정|인슐린|영양제|비타민|"
         r"항생제|진통제|수면제|혈압약|당뇨약))(?:을|를)?\s*(?:매일\s?|하루에\s?\S+\s?)?(?:복용\s?중|"
         r"복용하고\s?있|복용해|먹고\s?있|먹는\s?중|맞고\s?있|처방받았|챙겨\s?먹)",
         lambda g, _: f"사용자는 {josa(g['x'], '을/를')} 복용 중", "health",
         tags=("health", "medication"), strict=True),
    # "의사가 오메프라졸에서 파모티딘으로 바꿔줬어", "약을 와파린에서 엘리퀴스로 바꿨어요": what the
    # user takes now (said of a prescription: a doctor, a clinic or 약 in the sentence)
    rule("ko.health.switched",
         r"(?P<old>[가-힣A-Za-z0-9]{2,15})(?:에서|에서부터)\s*(?P<x>[가-힣A-Za-z0-9]{2,15}?)(?:으로|로)\s*"
         r"(?:약(?:을|를|이)?\s*)?(?:바꿔|바꿨|바꾸|바뀌었|바뀌었어|바뀜|변경|교체)",
         lambda g, _: f"사용자는 {g['x']} 복용 중 ({g['old']}에서 변경)", "health",
         tags=("health", "medication"), value=None, user_subject=False,
         check=_prescription),
    # "혈압약 아모디핀 먹는데", "갑상선약 씬지로이드 매일 먹어요": the medicine by its name
    # after the word for its kind (the kind says what it is for)
    rule("ko.health.medication_named",
         r"(?P<k>[가-힣]{0,5}[가-힣](?<![예계요절공조])약|(?:진통|수면|소화|영양|항생|해열|안정|억제|"
         r"보조|지사|철분|항히스타민)제)\s(?P<x>[가-힣A-Za-z][가-힣A-Za-z0-9]{1,15}?)"
         rf"(?:\s?{_DOSE})?(?:을|를|도)?\s*(?:매일\s?|하루에?\s?\S+\s?|아침\s?|저녁\s?)?"
         r"(?:먹어|먹는데|먹고|먹어요|먹음|먹는다|먹습니다|먹거든|먹는\s?중|복용|챙겨\s?먹)",
         "사용자는 {x} 복용 중 ({k})", "health", tags=("health", "medication"),
         slot="medication:{x}", value="yes",
         check=lambda g, c: _named_noun(g["x"], c.sentence) and _mine(c.sentence, g["k"])),
    # "정신과에서 졸피뎀 반 알 처방받았는데요", "의사가 메트포르민 처방해줬어": whatever a
    # doctor prescribes the user is a medicine, whatever its name
    rule("ko.health.prescribed",
         rf"(?P<x>[가-힣A-Za-z][가-힣A-Za-z0-9]{{1,15}}?)(?:\s?{_DOSE})?(?:을|를|도)?\s*처방\s?"
         r"(?:받았|받아|받음|받고|받은|해\s?줬|해\s?주셨|해\s?주더라|나왔)",
         "사용자는 {x} 복용 중 (처방)", "health", tags=("health", "medication"),
         slot="medication:{x}", value="yes",
         check=lambda g, c: not g["x"].endswith(("약", "제")) and _NOT_PRESCRIBED.match(g["x"])
         is None and _named_noun(g["x"], c.sentence) and _mine(c.sentence, g["x"])),
    # "씬지로이드 50 먹기 시작했어", "갑상선약 복용 시작했어요": a medicine the user started
    # taking — by its name, its kind (-약/-제), a dose said with it, or a clinic in the sentence
    # (not "오트밀 먹기 시작했어": a food, no dose, no clinic)
    rule("ko.health.started_taking",
         rf"(?P<x>[가-힣A-Za-z][가-힣A-Za-z0-9]{{1,15}}?)(?P<dose>\s?(?:{_DOSE}|\d+(?:\.\d+)?))?"
         r"(?:을|를|도)?\s*(?:매일\s?|하루에?\s?\S+\s?|아침\s?|저녁\s?)?(?:먹기|복용하기|복용|맞기)\s?"
         r"(?:시작했|시작함|시작해서|시작한\s?지|시작했는데)",
         lambda g, _: f"사용자는 {g['x']}{' ' + g['dose'].strip() if g.get('dose') else ''} 복용 중",
         "health", tags=("health", "medication"), slot="medication:{x}", value="yes",
         check=lambda g, c: _named_noun(g["x"], c.sentence) and _mine(c.sentence, g["x"])
         and _NOT_PRESCRIBED.match(g["x"]) is None
         and (is_medicine(g["x"]) or g["x"].endswith(("약", "제")) or bool(g.get("dose"))
              or _CLINIC.search(c.sentence.replace(g["x"], " ")) is not None)),
    # "이비인후과 갔는데 이석증이래", "병원에서 족저근막염이라고 하더라": a diagnosis heard at
    # a clinic (a disease by its ending: -증, -염, -병, -암, -증후군, -장애)
    rule("ko.health.told",
         r"(?P<x>[가-힣A-Za-z]{1,10}(?:증|염|병|암|증후군|장애|결석|탈장|골절))(?:이)?(?:래|래요|"
         r"라고\s?(?:하네|하더라|하더라고|했어|해요|하네요|합니다|하셨어|하셨어요|그러더라)|라네|"
         r"랍니다|란다)(?=$|[\s.!~,ㅠㅜㅋㅎ])",
         "사용자는 {x} 진단을 받음", "health", type=MemoryType.CONSTRAINT,
         tags=("health", "chronic"), slot="condition:{x}", value="yes",
         check=lambda g, c: _CLINIC.search(c.sentence) is not None and _mine(c.sentence, g["x"])),
    rule("ko.health.condition",
         rf"(?P<x>{CONDITIONS})(?:이|가)?\s*(?:{HAVE}|앓고\s?있|진단\s?받|판정\s?받|때문에)",
         lambda g, _: f"사용자는 {josa(g['x'], '이/가')} 있음", "health",
         type=MemoryType.CONSTRAINT, tags=("health", "chronic"), value=None, strict=True),
    rule("ko.health.diagnosed",
         r"(?P<x>[가-힣A-Za-z]+(?:\s[가-힣A-Za-z]+)?)\s*진단(?:을)?\s?받았",
         "사용자는 {x} 진단을 받음", "health", type=MemoryType.CONSTRAINT,
         tags=("health", "chronic"), value=None, strict=True),
    rule("ko.diet.is",
         r"(?P<x>채식주의자|비건|베지테리언|페스코\s?베지테리언|채식|저탄고지|키토|글루텐\s?프리)\s*"
         r"(?:이야|야|예요|이에요|입니다|임|해|하고\s?있|중|식단)",
         "사용자는 {x} 식단", "diet", type=MemoryType.CONSTRAINT, slot="diet",
         tags=("diet",), strict=True),
    # "우리 집 이슬람이라 돼지고기랑 술 들어간 레시피는 빼줘", "저 무슬림이라 돼지고기는 안 먹어요":
    # what a faith keeps the user (or their household) from eating is a lasting diet, whatever
    # the request it is said with
    rule("ko.diet.faith",
         r"(?P<why>이슬람교?|무슬림|할랄|힌두교?|유대교|코셔|불교|불자)(?:\s?신자)?(?:이라서|라서|이라|라|여서|"
         r"이어서|이니까|니까)\s+(?P<x>[가-힣A-Za-z]{1,10}(?:(?:이랑|랑|하고|와|과|,)\s?[가-힣A-Za-z]{1,10}){0,3})"
         r"(?:은|는|이|가|을|를|도)?\s?(?:(?:들어간|들어가는|넣은|든|섞인)\s?(?:거|건|것|음식|요리|레시피|메뉴)"
         r"(?:은|는|을|를|도)?\s?)?(?:빼\s?줘|빼\s?주세요|빼고|빼 줘|안\s?먹|못\s?먹|먹지\s?않|먹으면\s?안|금지)",
         lambda g, _: f"사용자는 {g['why']}{'이라서' if has_batchim(g['why']) else '라서'} "
         f"{josa(g['x'], '을/를')} 먹지 않는다", "diet",
         type=MemoryType.CONSTRAINT, slot="diet_faith", value="{why}", tags=("diet",)),
    rule("ko.diet.on_diet",
         r"(?P<x>(?:[가-힣A-Za-z]+\s)?다이어트|식단\s?조절|금주|금연)\s*(?:중|하고\s?있|시작했)",
         "사용자는 {x} 중", "diet", slot="diet_plan", tags=("diet",)),
    rule("ko.health.pregnant",
         r"(?P<x>임신)\s*(?:했|중|(?P<w>\d+)\s?주)",
         # the week when it is said ("임신 24주차인데 …"): one memory, not "임신 중" beside the
         # whole sentence that holds the week
         lambda g, _: f"사용자는 임신 {g['w']}주차" if g.get("w") else "사용자는 임신 중",
         "health", slot="pregnancy", value="yes", tags=("health",), strict=True),
    rule("ko.health.intolerant",
         r"(?P<x>유당\s?불내증|글루텐\s?불내증)",
         "사용자는 {x}이 있음", "health", type=MemoryType.CONSTRAINT, tags=("health", "diet")),
]
