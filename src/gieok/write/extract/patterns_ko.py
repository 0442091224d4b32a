"""Korean rules for the heuristic extractor (W3), one family per block.

Korean drops the subject, so a sentence with no subject is taken to be about the speaker; a
sentence whose topic or subject is another person ("친구는 부산에 살아", "엄마가…") never
becomes a user fact (``foreign_subject``). The user's family and pets ("우리 고양이는…") get
their own rule and are written as "사용자의 고양이는 …". Content is normalised to the
"사용자는 강남구에 거주" style with the right particles (``josa``).

Why this module is past 600 lines: like ``patterns_en``, it is one ordered rule table with
the helpers its rules share (the allergen reader, the subject checks); the order the rules are
tried in matters, so the table stays in one place.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit, Rule, RuleContext
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN
from gieok.write.extract.timeexpr import resolve_time
from gieok.write.normalize import clip_ko, josa, strip_particles

Groups = dict[str, str]
Check = Callable[[Groups, RuleContext], bool]

END = (r"(?:이야|야|예요|이에요|에요|입니다|이다|임|이고|이거든|이거든요|인데|이라서|라서|"
       r"이에용|이양|이구요|이고요|이요|요)?")
HAVE = r"(?:있어|있어요|있습니다|있음|있고|있는데|있거든|있거든요|있다|있어서|있지만)"
# (a hyphen inside a word is part of it: "sci-fi", "K-pop"; particles: strip_particles)
# (OBJ must end in "[…]+)": rules make its last word lazy with OBJ[:-1] + "?)")
OBJ = r"(?P<x>(?:[가-힣A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\s){0,2}?(?:[A-Za-z0-9]+-)*[가-힣A-Za-z0-9]+)"
FAMILY = (r"남편|아내|와이프|부인|배우자|남자\s?친구|여자\s?친구|남친|여친|애인|약혼자|아들|딸|"
          r"아이|아기|애기|애|자녀|형|오빠|누나|언니|동생|남동생|여동생|엄마|어머니|아빠|"
          r"아버지|부모님|할머니|할아버지|손주|손자|손녀|조카|쌍둥이|"
          r"이모|고모|삼촌|외삼촌|큰아버지|작은아버지|큰엄마|작은엄마|숙모|이모부|고모부|사촌|외할머니|외할아버지|친할머니|친할아버지|시댁|처가|시누이|시동생|처제|처형|형부|매형|제부|올케|며느리|사위|장모님|장인어른|장모|장인|새엄마|새아빠")
PETS = (r"고양이|냥이|강아지|개|반려견|반려묘|댕댕이|햄스터|토끼|앵무새|새|물고기|금붕어|거북이|"
        r"고슴도치|도마뱀|페럿|기니피그")
# Places and classes one attends (다니다) rather than works at
_ATTENDED = re.compile(
    r"(?:학교|대학교|대학|대학원|학원|과외|레슨|수업|강좌|교실|헬스장?|체육관|요가원?|필라테스|수영장?|"
    r"피티|PT|크로스핏|복싱|주짓수|태권도|검도|합기도|발레|댄스|클라이밍|골프|테니스|스쿼시|볼링|"
    r"교회|성당|절|도서관|어린이집|유치원|한의원|치과|재활|병원|독서실|스터디카페|"
    # places one attends rather than works at: gyms, sports and culture centres, clinics, clubs
    r"피트니스|헬스\s?클럽|짐|gym|fitness|스포츠\s?센터|체육\s?센터|문화\s?센터|복지관|무에타이|유도|"
    r"펜싱|승마|탁구|배드민턴|풋살|러닝\s?크루|동호회|클리닉|의원|약국|미용실|교습소|공부방|"
    r"학습관|데이케어|보습학원|수학학원|영어학원)$", re.IGNORECASE)
OTHERS = re.compile(
    rf"^(?:친구|동료|선배|후배|사장님?|팀장님?|부장님?|과장님?|선생님|교수님|걔|얘|쟤|그|그녀|"
    rf"그분|이분|저분|사람들|누구|남들|다들|회사|{FAMILY}|{PETS}|"
    # "제 sister가 Vancouver에 살아요": a relative named in English is someone else too
    rf"(?i:{FAMILY_EN}|{PETS_EN}|mom|mum|dad|bf|gf|hubby))$"
)
ALLOWED_TOPICS = re.compile(
    r"^(?:나|저|난|전|내가|제가|우리|우리\s?집|집|가족|저희|식구|요즘|지금|현재|이제|오늘|내일|올해|작년|"
    r"원래|사실|참고로|근데|그런데|아|음|저기|일단|아무튼|그리고|또|이번|다음|최근|앞으로|"
    r"예전|지난번|주말|평일|매일|보통|항상)$"
)
PLACE_SUFFIX = re.compile(r"(?:시|도|구|군|동|읍|면|리|로|길|역|마을|아파트|빌라|오피스텔|타운|섬|"
                          r"주|국|랜드)$")
CITIES = re.compile(
    r"^(?:서울|부산|인천|대구|대전|광주|울산|세종|제주|제주도|수원|성남|분당|판교|일산|용인|고양|"
    r"창원|청주|전주|포항|강릉|춘천|천안|김포|파주|하남|구리|남양주|안양|부천|평택|화성|미국|일본|"
    r"중국|캐나다|호주|영국|독일|프랑스|베트남|태국|뉴욕|도쿄|오사카|런던|파리|베를린|시드니|"
    r"싱가포르|홍콩|상하이|베이징|LA|엘에이|시골|강남|강북|홍대|신촌|잠실|해운대|송도|"
    r"[A-Z][a-z]+)$"
)
NOT_PLACE = re.compile(r"^(?:혼자|같이|함께|잘|열심히|행복하게|여기|거기|저기|그곳|이곳|어디|"
                       r"뭐|언제|누구|몇|그냥|따로|오래|계속|근처|이렇게|그렇게)$")
LEAD = re.compile(r"^(?:(?:나|저|난|전|나는|저는|내가|제가|우리는|우리|지금은?|요즘은?|현재는?|"
                  r"원래는?|사실|참고로|이제|그리고|아|음|근데|저기)\s+)+")
TIME_KO = (r"(?:오늘|내일|모레|글피|이번\s?주(?:말)?|다음\s?주(?:말)?|다음\s?달|이번\s?달|다음\s?해|"
           r"주말|올해|내년|연말|\d{1,2}월\s?\d{1,2}일|\d{1,2}월|\d{1,2}일|[월화수목금토일]요일|"
           r"곧|조만간|나중에|\d+\s?(?:주|일|달|개월|년)\s?(?:후|뒤))")
TIME_RE = re.compile(TIME_KO)
OCCUPATIONS = (r"개발자|프로그래머|엔지니어|디자이너|교사|선생님|강사|교수|간호사|의사|한의사|"
               r"치과의사|수의사|약사|변호사|회계사|세무사|노무사|연구원|회사원|직장인|공무원|"
               r"학생|대학생|대학원생|고등학생|중학생|초등학생|취준생|취업준비생|자취생|고시생|"
               r"수험생|프리랜서|주부|전업주부|작가|기자|요리사|셰프|바리스타|자영업자|사업가|"
               r"대표|인턴|군인|경찰|경찰관|소방관|간병인|트레이너|마케터|기획자|PM|PD|"
               r"데이터\s?사이언티스트|분석가|번역가|통역사|사진작가|유튜버|스트리머|배우|가수|"
               r"은행원|공인중개사|건축가|미용사|택배기사|기사|운전기사|판매원|상담사|사회복지사|"
               r"물리치료사|영양사|보육교사|농부|어부|목수|전기기사|정비사|조종사|승무원|백수|"
               r"무직|은퇴자|퇴직자|직원|매니저|팀장|과장|부장|사원|대리|차장|임원")
CONDITIONS = (r"당뇨병?|고혈압|저혈압|천식|아토피|비염|우울증|불면증|공황장애|관절염|갑상선\s?\S*|"
              r"편두통|위염|역류성\s?식도염|디스크|허리\s?디스크|심장병|신장병|빈혈|통풍|크론병|"
              r"과민성\s?대장\s?증후군|ADHD|adhd|알츠하이머|치매|간염|고지혈증|뇌전증|간질|"
              r"신부전|암|류머티즘")
LANG = r"한국어|영어|일본어|중국어|스페인어|프랑스어|독일어|반말|존댓말|존대"
_KO_ENDINGS = [
    (r"하고\s?있어요?$|하고\s?있습니다$|하고\s?있음$|하는\s?중이?야?$", "하고 있음"),
    (r"해요$|합니다$|한다$|해$|하거든요?$|함$", "함"),
    (r"있어요?$|있습니다$|있다$|있거든요?$|있음$", "있음"),
    (r"없어요?$|없습니다$|없다$|없음$", "없음"),
    (r"가요$|갑니다$|간다$", "감"),
    (r"마셔요?$|마신다$|마십니다$", "마심"),
    (r"먹어요?$|먹는다$|먹습니다$", "먹음"),
    (r"봐요?$|본다$|봅니다$", "봄"),
    (r"들어요?$|듣는다$", "들음"),
    (r"읽어요?$|읽는다$", "읽음"),
    (r"다녀요?$|다닌다$|다닙니다$", "다님"),
    (r"(?:이)?(?:야|예요|에요|이에요|입니다|이다|임)$", ""),
]


FACTISH = re.compile(
    r"(?:이야|야|예요|이에요|에요|입니다|임|있어|있어요|있습니다|있음|없어|없어요|좋아해|좋아해요|"
    r"싫어해|싫어해요|못\s?먹어|안\s?돼|다녀|다녀요|일해|일해요|근무해|살아|살아요|먹어|먹어요|"
    r"복용\s?중|\d+\s?살|키워|키워요|해요|해)$"
)
_WILL = {"하": "할", "할": "할", "가": "갈", "갈": "갈", "보": "볼"}


def ko_end(phrase: str) -> str:
    """Informal predicate → memo style: "매일 조깅해" → "매일 조깅함"."""
    text = phrase.strip()
    for pattern, repl in _KO_ENDINGS:
        new = re.sub(pattern, repl, text)
        if new != text:
            return new.strip()
    return text


class _Groups(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return ""


_CONNECTIVE = re.compile(r"(?:서|고|면|며|니까|는데|은데|지만|려고|러|때문에|위해|위해서)$")


def strip_lead(x: str) -> str:
    tokens = x.strip().split()
    while len(tokens) > 1 and _CONNECTIVE.search(tokens[0]):
        tokens = tokens[1:]  # "있어서 혈압약" → "혈압약": a clause before the object
    x = LEAD.sub("", " ".join(tokens))
    return re.sub(r"(?:은|는)$", "", x) if len(x) > 2 and re.search(r"[은는]$", x) else x


def foreign_subject(before: str, *, strict: bool = False) -> bool:
    """True when the clause before the predicate names someone other than the user as its
    topic or subject ("친구는 …", "엄마가 …", "민수씨는 …").

    ``strict`` (facts about the person: residence, job, health, age) treats any other
    topic as foreign ("민수는 강남에 살아"); lenient rules (likes, plans) allow a topicalised
    object ("커피는 별로 안 좋아해")."""
    if strict and re.match(rf"\s*(?:(?:우리|저희|울|내|제)\s?)?(?:{FAMILY}|(?i:{FAMILY_EN}))\s", before):
        return True  # "남편 job이 바뀌어서 이제 Samsung 다녀요": the husband, said first, no particle
    for match in re.finditer(r"([가-힣A-Za-z]+)(은|는|이|가|께서)(?=\s|$)", before):
        word, particle = match.group(1), match.group(2)
        if ALLOWED_TOPICS.match(word) or re.search(r"(?:에|에서|에게|한테|께|까지|부터)$", word):
            continue
        if OTHERS.match(word) or re.search(r"(?:씨|님|쌤)$", word):
            return True
        if strict and particle in ("은", "는", "께서"):
            return True
    return False


_USER_OR_TIME = re.compile(r"^(?:나|저|난|전|내가|제가|나도|저도|오늘|어제|이제|드디어|벌써|올해|곧|"
                           r"이번에|생일|생일이라|생일이라서|생일이어서|생일이에요|생일이야|ㅎㅎ|ㅋㅋ)$")


def _only_the_user_before(sentence: str, what: str) -> bool:
    """Every word before ``what`` is the speaker or a time ("오늘 생일이라 35살 됐어")."""
    m = re.search(what, sentence)
    before = sentence[: m.start()] if m else sentence
    return all(_USER_OR_TIME.match(w) for w in re.findall(r"[가-힣A-Za-z]+", before))


def _user(g: Groups, ctx: RuleContext, start: int) -> bool:
    return not foreign_subject(ctx.sentence[:start])


def rule(
    name: str,
    regex: str,
    template: str | Callable[[Groups, RuleContext], str],
    family: str,
    *,
    type: MemoryType = MemoryType.FACT,
    category: str = "context",
    slot: str | None = None,
    value: str | None = "{x}",
    tags: tuple[str, ...] = (),
    check: Check | None = None,
    confidence: float = 0.85,
    user_subject: bool = True,
    strict: bool = False,
) -> Rule:
    pattern = re.compile(regex)

    def build(match: re.Match[str], ctx: RuleContext) -> Hit | None:
        if user_subject:
            raw = match.groupdict().get("x") or ""
            inner = " ".join(raw.split()[:-1])
            if foreign_subject(match.string[: match.start()] + " " + inner + " ", strict=strict):
                return None
        groups = {k: clip_ko(strip_lead(v)) if v else "" for k, v in match.groupdict().items()}
        for key in ("x", "y", "what"):
            if groups.get(key):
                groups[key] = strip_particles(groups[key])
        if "x" in groups and not groups["x"]:
            return None
        if check is not None and not check(groups, ctx):
            return None
        content = template(groups, ctx) if callable(template) else template.format(**groups)
        safe = _Groups(groups)
        return Hit(
            content=content, family=family, type=type, category=category,
            slot=slot.format_map(safe) if slot else None,
            value=value.format_map(safe) or None if value else None,
            tags=tags, confidence=confidence,
        )

    return Rule(name, pattern, build)


_PARTICLE_END = re.compile(r"(?:에|에서|을|를|이|가|은|는|도|와|과|랑|로|으로|의|께|한테|서|고|면)$")


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


_NOT_OBJECT = re.compile(r"^(?:그거|이거|저거|그것|이것|그건|이건|저건|그게|이게|너|너를|당신|니|네|"
                         r"너가|그냥|다|뭐|정말|진짜|너무|아주|완전|좀|다들|모두|더|훨씬|제일|가장|"
                         r"많이|되게|꽤|특히)$")


# "이번에 이직했어": a time word before 에 is when, not where
_WHEN_WORDS = frozenset("이번 요번 저번 지난번 올해 작년 재작년 내년 요즘 최근 얼마 전 지난달 이번달 "
                        "다음달 드디어 결국".split())


def _noun(g: Groups, _: RuleContext, *, allow_gi: bool = False) -> bool:
    x = g["x"]
    tokens = x.split()
    bad_end = r"(?:게|지|고|서|면|거|것|때|척|듯)$" if allow_gi else r"(?:기|게|지|고|서|면|거|것|때|척|듯)$"
    return (bool(x) and not re.search(bad_end, x) and not NOT_PLACE.match(x)
            and not TIME_RE.fullmatch(x) and not _NOT_OBJECT.match(x)
            and not any(_PARTICLE_END.search(t) for t in tokens[:-1]))


def _liked(g: Groups, ctx: RuleContext) -> bool:
    if re.search(r"(?:안|못)\s?좋아", ctx.sentence) or g["x"] in ("안", "못", "별로", "잘"):
        return False
    g["x"] = re.sub(r"는\s?(?:거|것)$", "기", g["x"])  # "운동하는 거" → "운동하기"
    return _kind_of_thing(g) or _noun(g, ctx, allow_gi=True)


def _disliked(g: Groups, ctx: RuleContext) -> bool:
    """"저는 단 거 별로 안 좋아해요": the thing is "단 거" — never the degree adverb after it
    ("별로"), and not the speaker's own topic ("저는")."""
    g["x"] = _SELF_TOPIC.sub("", g["x"])
    if g["x"] in _DEGREE or (re.search(r"별로[\s.!~ㅋㅎㅠ]*$", ctx.sentence)
                            and _KO_NOW.search(ctx.sentence)):
        return False  # ("오늘 날씨는 별로": a verdict on the moment, not a taste)
    if _kind_of_thing(g):  # a taste said with a verb of liking ("딱딱한 거 별로야" may be a tone)
        return re.search(r"싫어|좋아|질색", ctx.sentence) is not None
    return _noun(g, ctx)


_SELF_TOPIC = re.compile(r"^(?:저는|나는|난|전|저도|나도)\s+")
_KO_NOW = re.compile(r"오늘|지금|이번|요즘|어제|아까|방금|이거|그거|이건|그건|여기|거기")
_DEGREE = frozenset("안 못 별로 잘 좀 정말 진짜 너무 엄청 완전 제일 가장 딱히 그렇게 그다지 저 나 전 난".split())


# a reason said between the thing and what the user cannot do ("안 맞아서", "배탈 나서")
_REASON = r"(?:(?:[가-힣]+(?:가|이)\s|안\s|잘\s안\s)?[가-힣]+서\s+)"


def _only(g: Groups, ctx: RuleContext) -> bool:
    """What the user only eats or drinks as a standing choice — not what they have today
    ("오늘은 샐러드만 먹어")."""
    return _KO_NOW.search(ctx.sentence) is None and _noun(g, ctx)


def _kind_of_thing(g: Groups) -> bool:
    """A kind of thing named by an adjective ("단 거", "매운 거", "차가운 것"): the adjective's
    modifier form ends in ㄴ (a batchim of ㄴ: 단, 매운, 짠)."""
    m = re.fullmatch(r"(?P<adj>[가-힣]{1,4})\s?(?:거|것)", g["x"])
    if m is None or (ord(m["adj"][-1]) - 0xAC00) % 28 != 4:
        return False
    g["x"] = f"{m['adj']} 거"
    return True


def _dated(text: str, ctx: RuleContext) -> str:
    found = TIME_RE.search(ctx.sentence)
    when = resolve_time(ctx.sentence, ctx.at) if found else None  # as the memory's date
    resolved = when.value if when is not None and len(when.value) == 10 else None
    return f"{text} ({resolved})" if resolved else text


def _like(verb: str) -> Callable[[Groups, RuleContext], str]:
    # "단 거" stays as said ("사용자는 단 거 싫어함"): a kind of thing named by its adjective
    # is looked up by those words, and "단 걸" no longer holds them
    return lambda g, _: f"사용자는 {g['x'] if g['x'].endswith(' 거') else josa(g['x'], '을/를')} {verb}"


def _rule_content(g: Groups, _: RuleContext) -> str:
    clause = g["x"].strip()
    neg = g.get("neg", "")
    if neg:
        joined = f"{clause} 하지" if neg.startswith("하지") else f"{clause}지"
        return f"사용자 요청: 항상 {joined} 말 것"
    if clause.endswith("해") or clause.endswith("하"):
        return f"사용자 요청: 항상 {clause[:-1]}할 것"
    return f"사용자 요청: 항상 {clause} 줄 것"


_ALLERGEN_TAGS = frozenset({"NNG", "NNP", "SL", "SN", "XSN", "NR", "NNB", "JC", "SP"})


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
    holder = re.search(r"([가-힣A-Za-z]+?)(?:이|가|은|는|께서|도)\s*$", before)
    if foreign_subject(before, strict=True) or "사용자의" in before or (
            holder is not None and not re.fullmatch(r"나|저|내|제|전|난", holder.group(1))):
        return None  # "우리 딸은 우유 알레르기 있어", "걔가 땅콩 알레르기가 …": someone else's
    x = ", ".join(items)
    return Hit(content=f"사용자는 {x} 알레르기가 있음", family="health",
               type=MemoryType.CONSTRAINT, slot=f"allergy:{x.lower()}", value="yes",
               tags=("health", "allergy"))


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
         tags=("residence",), check=_place, strict=True),
    rule("ko.residence.moved",
         rf"{OBJ}\s*(?:으로|로)\s*(?:이사|이사를)\s*(?:했|왔|갔|와서|가서|온\s?지|간\s?지|완료)",
         lambda g, _: f"사용자는 {re.sub(r'으$', '', g['x'])}에 거주", "residence",
         category="location", slot="residence",
         tags=("residence",), check=_place_with("로"), strict=True),
    rule("ko.residence.home_is",
         rf"(?:사는\s?곳은|집은|거주지는|우리\s?집은)\s*{OBJ}\s*(?:이야|야|예요|이에요|입니다|임|에\s?있어)",
         "사용자는 {x}에 거주", "residence", category="location", slot="residence",
         tags=("residence",), check=_place_with("에")),
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
    rule("ko.job.i_am",
         rf"(?P<x>(?:[가-힣A-Za-z]+\s)?(?:{OCCUPATIONS}))\s*(?:이야|야|예요|이에요|에요|입니다|임|"
         rf"이고|이거든|인데|이라서|라서|로\s?일해|로\s?일하고\s?있|로\s?근무)",
         "사용자의 직업은 {x}", "job", slot="occupation", tags=("job",),
         # "제 딸 서연이가 초등학생이에요" is the daughter's, not the user's occupation
         check=lambda g, c: not re.match(r"^(?:우리|내|제|친구|그)\s", g["x"])
         and not re.match(r"^\S+(?:가|는|은|께서)\s", g["x"])
         and not re.search(rf"(?:{FAMILY}|{PETS})(?:\s|이|가|은|는|$)", c.sentence), strict=True),
    rule("ko.job.work_at",
         rf"{OBJ}(?<!로)\s*(?:에서|에)?\s*(?:일해|일하고\s?있|근무해|근무하고\s?있|근무\s?중|"
         rf"다녀(?!\s?(?:왔|와|오|옴|올|갔|가|감))|다니고\s?있|다닙니다|다녀요|다니는\s?중)",
         # ("동물병원 다녀왔어요", "교복 맞추러 다녀옴": a visit, not a workplace)
         lambda g, _: f"사용자는 {g['x']}에서 근무",
         "job", slot="employer", tags=("job",),
         check=lambda g, _: _noun(g, _) and g["x"] not in ("회사", "직장", "일")
         and not _ATTENDED.search(g["x"])
         # "밤 10시부터 새벽 4시까지 일해": the hours, not a workplace
         and not re.search(r"부터|까지|\d\s?시$", g["x"]), strict=True),
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
         rf"[가-힣A-Za-z0-9]+에서\s+{OBJ}\s*(?:으로|로)\s*(?:이직|옮겼|옮김)",
         "사용자는 {x}에서 근무", "job", slot="employer", tags=("job",), check=_noun, strict=True),
    rule("ko.job.moved_then_where",
         rf"이직\S*[,\s]+[가-힣A-Za-z0-9]+에서\s+{OBJ}\s*(?:으로|로)(?:요|이요)?[\s.!~]*$",
         "사용자는 {x}에서 근무", "job", slot="employer", tags=("job",), check=_noun, strict=True),
    rule("ko.job.joined",
         rf"{OBJ}\s*(?:에|으로|로)\s*(?:이직|취직|입사|취업)\s?(?:했|해서|함|하게\s?됐|하게\s?되었)",
         "사용자는 {x}에서 근무", "job", slot="employer", tags=("job",),
         check=lambda g, c: _noun(g, c) and g["x"] not in _WHEN_WORDS, strict=True),
    rule("ko.job.company_is",
         r"(?:회사|직장)(?:는|은)\s*(?P<x>[가-힣A-Za-z][가-힣A-Za-z0-9&]*?)\s*(?:이야|야|예요|이에요|에요|"
         r"입니다|이고|인데|이거든|임)(?=[\s.!~]|$)",
         "사용자는 {x}에서 근무", "job", slot="employer", tags=("job",), check=_noun, strict=True),
    rule("ko.job.quit",
         r"(?P<x>회사를?|직장을?|일을?)?\s*(?:그만뒀|그만두었|관뒀|퇴사했|퇴사를?\s?했)",
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
         lambda g, _: f"사용자는 {g['name']}라는 {josa(g['x'], '을/를')} 키움", "pet",
         slot="pet_name:{x}", value="{name}", tags=("pet",)),
    rule("ko.family.have",
         rf"(?P<x>{FAMILY}|{PETS})(?:이|가)\s*(?:(?P<n>한|두|세|네|하나|둘|셋|넷|\d+)\s?"
         rf"(?:명|마리)?\s*)?{HAVE}",
         lambda g, _: (f"사용자는 {josa(g['x'], '이/가')} {g['n']} 있음" if g.get("n")
                       else f"사용자는 {josa(g['x'], '이/가')} 있음"),
         "family", tags=("family",), value=None, strict=True),
    rule("ko.family.have_count",
         rf"(?P<x>{FAMILY}|{PETS})\s*(?P<n>하나|둘|셋|넷|한\s?명|두\s?명|세\s?명|한\s?마리|두\s?마리)\s*"
         rf"{HAVE}",
         lambda g, _: f"사용자는 {josa(g['x'], '이/가')} {g['n']} 있음", "family",
         tags=("family",), value=None, strict=True),
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
        r"(?:알레르기|알러지)(?:가|이)?\s*(?:있어|있어요|있습니다|있음|있고|있는데|있거든|있다|심해|반응)"),
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
    rule("ko.diet.on_diet",
         r"(?P<x>(?:[가-힣A-Za-z]+\s)?다이어트|식단\s?조절|금주|금연)\s*(?:중|하고\s?있|시작했)",
         "사용자는 {x} 중", "diet", slot="diet_plan", tags=("diet",)),
    rule("ko.health.pregnant",
         r"(?P<x>임신)\s*(?:했|중|\d+\s?주)",
         "사용자는 임신 중", "health", slot="pregnancy", value="yes", tags=("health",), strict=True),
    rule("ko.health.intolerant",
         r"(?P<x>유당\s?불내증|글루텐\s?불내증)",
         "사용자는 {x}이 있음", "health", type=MemoryType.CONSTRAINT, tags=("health", "diet")),
    # -- likes, dislikes and preferences ---------------------------------------------------
    rule("ko.pref.like",
         rf"{OBJ}(?:을|를|은|는|도)?\s*(?:정말|진짜|완전|엄청|너무|아주|제일|가장|많이|되게|꽤|특히|"
         rf"무척|매우|참)?\s*(?:좋아해|좋아합니다|좋아해요|좋아하거든|좋아한다|좋아함|좋아하는\s?편|좋아하고(?=\s)|"
         rf"사랑해|즐겨\s?(?:먹어|봐|들어|해|마셔))",
         _like("좋아함"), "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="like", tags=("preference",), check=_liked),
    rule("ko.pref.dislike",
         rf"{OBJ}(?:을|를|은|는|이|가)?\s*(?:정말|진짜|너무|엄청|완전|별로|좀|제일|가장)?\s*"
         rf"(?:싫어해|싫어합니다|싫어해요|싫어함|싫어|안\s?좋아해|안\s?좋아하|질색|별로야|"
         # "romance는 별로": "not much", said of a thing at the end, is a dislike
         rf"못\s?견뎌|(?<=는\s)별로(?:임|예요|에요)?(?=[\s.!~ㅋㅎㅠ]*$))",
         _like("싫어함"), "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="dislike", tags=("preference",), check=_disliked),
    # "아아만 마심", "저는 허브티만 마셔요": the one thing the user has, a standing choice
    rule("ko.pref.only",
         rf"{OBJ}만\s*(?P<v>마셔|마셔요|마심|마십니다|마시거든|먹어|먹어요|먹음|먹습니다|먹거든)"
         r"(?=$|[\s.!~,ㅋㅎㅠㅜ])",
         lambda g, _: f"사용자는 {g['x']}만 {'먹는다' if g['v'].startswith('먹') else '마신다'}",
         "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="like", tags=("preference",), check=_only),
    rule("ko.pref.interest",
         rf"{OBJ}(?:에|에도)\s*(?:관심이?|흥미가?)\s*(?:많아|있어|많은\s?편|생겼어|많습니다|있습니다|"
         rf"많아요|있어요|많음)",
         "사용자는 {x}에 관심이 많음", "preference", type=MemoryType.PREFERENCE,
         category="preference", slot="pref:{x}", value="like", tags=("preference",),
         check=_noun),
    rule("ko.pref.favorite",
         r"(?:제일|가장)\s*좋아하는\s*(?P<what>[가-힣A-Za-z]+)(?:은|는)\s*(?P<x>[^.!?\n]+?)\s*"
         rf"{END}$",
         lambda g, _: f"사용자가 가장 좋아하는 {josa(g['what'], '은/는')} {g['x']}", "preference",
         type=MemoryType.PREFERENCE, category="preference", slot="favorite:{what}",
         tags=("preference",)),
    # "최애 band는 Radiohead, 특히 OK Computer", "최애는 하니": the user's favourite
    rule("ko.pref.favorite_choe",
         r"(?<![가-힣])최애\s?(?P<what>[가-힣A-Za-z]+?)?\s?(?:는|은)\s*(?P<x>[가-힣A-Za-z0-9][^.!?\n,]*?)"
         rf"\s*{END}(?=\s*[,.!~ㅋㅎ]|\s*$)",
         lambda g, _: f"사용자의 최애 {g['what'] + ' ' if g.get('what') else ''}{g['x'].strip()}",
         "preference", type=MemoryType.PREFERENCE, category="preference", slot="favorite:{what}",
         tags=("preference",), check=lambda g, _: not re.search(r"뭐|누구|어디", g["x"])),
    rule("ko.pref.hobby",
         rf"취미(?:는|가)\s*(?P<x>[^.!?\n]+?)\s*{END}$",
         "사용자의 취미는 {x}", "preference", type=MemoryType.PREFERENCE, category="preference",
         tags=("preference", "hobby")),
    rule("ko.pref.prefer",
         # ("호텔보다 한옥 스테이가 좋더라": the thing may be two words)
         r"(?P<y>[가-힣A-Za-z]+)보다\s*(?P<x>(?:[가-힣A-Za-z]+\s(?=[가-힣A-Za-z]+(?:이|가)\s))?"
         r"[가-힣A-Za-z]+?(?:(?:이|가|을|를)?\s[가-힣]+는\s?(?=게|것이|걸))?)"
         r"(?:이|가|을|를|게|것이|걸)?\s*(?:더\s?)?"
         # "버터보다 올리브유 넣는 게 좋더라고요": what the user does, and liked by experience
         r"(?:좋아|좋아해|나아|선호해|선호합니다|좋아요|좋더라|좋던데)",
         lambda g, c: f"사용자는 {g['y']}보다 {g['x']}는 걸 선호함" if " " in g["x"]
         and re.search(re.escape(g["x"]) + r"는\s?(?:게|것이|걸)", c.sentence)
         else f"사용자는 {g['y']}보다 {josa(g['x'], '을/를')} 선호함", "preference",
         type=MemoryType.PREFERENCE, category="preference", slot="pref:{x}", value="like",
         tags=("preference",)),
    # -- profile ---------------------------------------------------------------------------
    rule("ko.profile.name",
         r"(?:내|제)\s*이름은\s*(?P<x>[가-힣A-Za-z]{1,10}?)\s*(?:이야|야|예요|이에요|에요|입니다|임|"
         r"이고|라고\s?해|이라고\s?해|$)",
         "사용자의 이름은 {x}", "profile", type=MemoryType.PROFILE, slot="name",
         tags=("profile",), user_subject=False),
    rule("ko.profile.call_me",
         r"(?P<x>[가-힣A-Za-z]{1,10}?)(?:이)?(?:라고|이라고)\s*(?:불러\s?줘|불러\s?주세요|불러\s?줄래|"
         r"불러)",
         "사용자는 {x}(이)라고 불리기를 원함", "rule", type=MemoryType.RULE, category="feedback",
         slot="preferred_name", tags=("profile",), user_subject=False),
    rule("ko.profile.age",
         r"(?:^|\s)(?P<x>\d{1,2})\s?살\s*(?:이야|야|이에요|예요|입니다|임|이고|이거든|인데|$)",
         "사용자는 {x}세", "profile", type=MemoryType.PROFILE, slot="age", tags=("profile",),
         strict=True),
    # "오늘 35살 됐어": the new age — only when nothing before it names someone else
    # ("나비 오늘 생일이라 4살 됐어" is the cat's)
    rule("ko.profile.age_became",
         r"(?:^|\s)(?P<x>\d{1,2})\s?살\s?(?:이\s?)?(?:됐|되었|돼요|됨)",
         "사용자는 {x}세", "profile", type=MemoryType.PROFILE, slot="age", tags=("profile",),
         check=lambda g, c: _only_the_user_before(c.sentence, rf"{g['x']}\s?살"), strict=True),
    rule("ko.profile.age_native",
         r"(?:^|\s)(?P<x>(?:스물|스무|서른|마흔|쉰|예순|일흔)(?:\s?(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉))?)"
         r"\s?살\s*(?:이야|야|이에요|예요|입니다|임|이고|이거든|인데|$)",
         "사용자는 {x} 살", "profile", type=MemoryType.PROFILE, slot="age", tags=("profile",),
         strict=True),
    rule("ko.profile.birth_year",
         r"(?P<x>\d{2,4})\s?년생",
         "사용자는 {x}년생", "profile", type=MemoryType.PROFILE, slot="birth_year",
         tags=("profile",), strict=True),
    rule("ko.profile.birthday",
         rf"(?:내|제)\s*생일은\s*(?P<x>[^.!?\n]+?)\s*{END}$",
         "사용자의 생일은 {x}", "profile", type=MemoryType.PROFILE, slot="birthday",
         tags=("profile", "date"), user_subject=False),
    # -- plans, dates and deadlines ----------------------------------------------------------
    rule("ko.plan.scheduled",
         r"(?P<x>[^.!?\n]{2,60}?)\s*(?P<v>할|갈|볼|칠|받을|올|떠날|이사할|시작할|들어갈|)\s?"
         r"(?:예정|계획)(?:이야|야|이에요|예요|입니다|임|이고|이거든|인데|\s?중|$)",
         lambda g, c: _dated(f"사용자는 {g['x']} {g['v']} 예정".replace("  ", " "), c), "plan",
         type=MemoryType.GOAL, tags=("plan",), value=None,
         check=lambda g, c: not re.search(r"(?:뭐|어디|언제|있어\?)", g["x"])
         and g["x"] not in ("아무", "무슨", "뭔", "별")
         and not re.search(r"(?:예정|계획)(?:이|은|는)?\s*(?:없|안\s|아직)", c.sentence)),
    rule("ko.plan.will",
         rf"(?P<x>[^.!?\n]*?{TIME_KO}[^.!?\n]{{1,50}}?)\s*(?P<v>하려고|가려고|보려고|할\s?거야|"
         rf"갈\s?거야|할\s?거예요|갈\s?거예요|할\s?생각|갈\s?생각)",
         lambda g, c: _dated(f"사용자는 {g['x']} {_WILL.get(g['v'][0], '할')} 예정", c), "plan",
         type=MemoryType.GOAL,
         tags=("plan",), value=None),
    rule("ko.date.event",
         rf"(?P<x>[^.!?\n]{{0,30}}?(?:면접|시험|수술|약속|진료|병원\s?예약|출장|여행|결혼식|발표|"
         rf"건강검진|접종|상견례|시술|치료|미팅|회의|공연|오디션)(?:\s?(?:예약|일정|약속))?)(?:이|가)?\s*"
         rf"(?:{HAVE}|잡혔|예정|봐|봐요|본다|보러|가|가요|갑니다|간다|가게\s?됐|떠나|"
         # "내일모레 운전면허 도로주행 시험이야": the event said with the copula
         r"야|이에요|예요|에요|입니다|임|이고|인데|이라서|라서)(?=\s|$|[.!~,ㅋㅎㅠ])",
         lambda g, c: _dated(f"사용자는 {josa(g['x'], '이/가')} 있음", c), "date",
         type=MemoryType.TIMELINE, tags=("event",), value=None,
         check=lambda g, c: TIME_RE.search(c.sentence) is not None
         or re.search(r"면접|수술|결혼식|시험", g["x"]) is not None),
    rule("ko.date.deadline",
         rf"(?P<what>[가-힣A-Za-z0-9]+(?:\s[가-힣A-Za-z0-9]+)?)\s*(?:마감은?|마감일은?|제출\s?기한은?|"
         rf"기한은?|마감이)\s*(?P<x>[^.!?\n]+?)(?:까지)?\s*{END}$",
         lambda g, c: _dated(f"{g['what']} 마감은 {g['x']}까지", c), "date",
         type=MemoryType.TODO, slot="deadline:{what}", tags=("deadline",)),
    rule("ko.date.due",
         rf"(?P<what>[가-힣A-Za-z0-9]+(?:\s[가-힣A-Za-z0-9]+)?)(?:은|는|를|을)\s*"
         rf"(?P<x>{TIME_KO}(?:\s?[가-힣0-9]+)?)"
         rf"까지\s*(?:야|예요|이에요|입니다|제출|내야|끝내야|해야)",
         lambda g, c: _dated(f"{g['what']} 마감은 {g['x']}까지", c), "date",
         type=MemoryType.TODO, slot="deadline:{what}", tags=("deadline",),
         check=lambda g, _: not g["what"].endswith(("마감", "기한", "마감일", "제출"))),
    # -- decisions -------------------------------------------------------------------------
    rule("ko.decision",
         r"(?P<x>[^.!?\n]{2,60}?)\s*(?P<v>하기로|기로)\s*(?:했어|했어요|했습니다|했다|했음|결정했|"
         r"정했|마음먹었)",
         lambda g, _: f"사용자는 {g['x']}{g['v']} 결정함", "decision",
         type=MemoryType.DECISION, tags=("decision",), value=None),
    rule("ko.decision.chose",
         r"(?P<x>[^.!?\n]{2,40}?)(?:으로|로)\s*(?:결정했|정했|골랐|선택했)",
         lambda g, _: f"사용자는 {josa(g['x'], '으로/로')} 결정함", "decision",
         type=MemoryType.DECISION, tags=("decision",), value=None),
    rule("ko.habit.quit",
         r"(?P<x>담배|술|커피|카페인|고기|설탕|탄산|게임)(?:를|을|는|은)?\s*(?:끊었|끊기로|끊은\s?지)",
         lambda g, _: f"사용자는 {josa(g['x'], '을/를')} 끊음", "habit", type=MemoryType.DECISION,
         category="behavior", slot="habit:{x}", value="quit", tags=("habit",)),
    # -- habits ----------------------------------------------------------------------------
    rule("ko.habit.freq",
         r"(?P<f>매일(?:\s?아침|\s?저녁|\s?밤)?|매주(?:\s?[월화수목금토일]요일)?(?:마다)?|"
         r"[월화수목금토일]요일마다|주말마다|아침마다|"
         r"저녁마다|보통|주로|자주|맨날|일주일에\s?\S+\s?번|하루에\s?\S+\s?번)\s*"
         r"(?P<x>[^.!?\n]{2,50}?(?:해|해요|합니다|한다|하고\s?있어|가|가요|마셔|마셔요|먹어|먹어요|봐|"
         r"봐요|들어|읽어|뛰어|다녀|다녀요|걸어|타))$",
         lambda g, _: f"사용자는 {g['f']} {ko_end(g['x'])}", "habit", category="behavior",
         tags=("habit",), value=None,
         check=lambda g, _: not re.search(r"(?:줘|주세요|까|니|나요)$", g["x"])),
    # -- standing rules for the assistant --------------------------------------------------
    rule("ko.rule.always",
         r"(?:앞으로(?:는)?|항상|늘|매번|언제나|다음부터(?:는)?)\s*(?:항상\s*|늘\s*)?"
         r"(?P<x>[^.!?\n]{2,60}?)\s*(?:(?P<neg>하지\s?마|하지\s?마세요|하지\s?말아\s?줘|하지\s?말아\s?주세요|"
         r"지\s?마|지\s?마세요|지\s?말아\s?줘)|(?:줘|주세요|줄래|주라|줄\s?수\s?있어))",
         _rule_content, "rule", type=MemoryType.RULE, category="feedback", tags=("rule",),
         value=None, confidence=0.9),
    rule("ko.rule.tone",
         r"(?P<x>반말|존댓말|존대)(?:로|으로)?\s*(?:해\s?줘|해\s?주세요|해도\s?돼|써\s?줘|써\s?주세요|"
         r"하자|해\s?줄래|써\s?줄래)",
         lambda g, _: f"사용자 요청: {josa(g['x'], '으로/로')} 대화할 것", "rule",
         type=MemoryType.RULE, category="feedback", slot="rule:tone", tags=("rule",),
         confidence=0.85),
    rule("ko.rule.language",
         rf"(?P<x>{LANG})(?:로|으로)만?\s*(?:대답|답변|말|얘기|대화)(?:해\s?줘|해\s?주세요|해\s?줄래|"
         rf"하자|해\s?주라)",
         lambda g, _: f"사용자 요청: {josa(g['x'], '으로/로')} 대답할 것", "rule",
         type=MemoryType.RULE, category="feedback", tags=("rule",), value=None,
         confidence=0.85),
]


def _rule_slot(hit: Hit) -> Hit:
    if hit.type is not MemoryType.RULE or hit.slot:
        return hit
    found = re.search(rf"({LANG})", hit.content)
    if found:
        slot = "rule:tone" if re.search(r"반말|존댓말|존대", hit.content) else "rule:language"
        return Hit(**{**hit.__dict__, "slot": slot, "value": found.group(1)})
    if re.search(r"짧게|간단히|간결|자세히|길게|요약", hit.content):
        return Hit(**{**hit.__dict__, "slot": "rule:length"})
    return hit


POSTPROCESS = (_rule_slot,)
