"""What every Korean rule of the heuristic extractor (W3) shares: its words and the rule builder.

Korean drops the subject, so a sentence with no subject is taken to be about the speaker; a
sentence whose topic or subject is another person ("친구는 부산에 살아", "엄마가…") never
becomes a user fact (``foreign_subject``). Content is normalised to the "사용자는 강남구에 거주"
style with the right particles (``josa``).

Why this module exists: the Korean rule table is split by fact family into
``patterns_ko_situation`` (where the user lives and works, their family and pets, their
health) and ``patterns_ko_personal`` (tastes, profile, plans and dates, decisions, habits,
standing rules); both halves, and ``categorical``, ``business`` and ``diets``, read the same
vocabulary, the same subject checks and the same ``rule`` builder, kept here once.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit, Rule, RuleContext
from gieok.write.extract.patterns_en_base import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en_base import PETS as PETS_EN
from gieok.write.extract.korean import PETS_KO
from gieok.write.normalize import clip_ko, strip_particles

Groups = dict[str, str]
Check = Callable[[Groups, RuleContext], bool]

END = (r"(?:이야|야|예요|이에요|에요|입니다|이다|임|이고|이거든|이거든요|인데|이라서|라서|"
       r"이에용|이양|이구요|이고요|이요|요)?")
HAVE = r"(?:있어|있어요|있습니다|있음|있고|있는데|있거든|있거든요|있다|있어서|있지만)"
# (a hyphen inside a word is part of it: "sci-fi", "K-pop"; particles: strip_particles)
# (OBJ must end in "[…]+)": rules make its last word lazy with OBJ[:-1] + "?)")
OBJ = r"(?P<x>(?:[가-힣A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\s){0,2}?(?:[A-Za-z0-9]+-)*[가-힣A-Za-z0-9]+)"
# (longer words first: "큰딸" before "딸"; a child by their place among siblings, 막내/큰애, and
# the honorific forms, 어머님/아버님, are relatives too: "우리 집 막내가 매운 걸 못 먹어서" is
# the child's, not the user's)
FAMILY = (r"딸내미|딸래미|아들내미|아들래미|큰아이|작은아이|큰애|작은애|큰딸|작은딸|큰아들|작은아들|"
          r"막둥이|막내|시아버님|시어머님|시아버지|시어머니|시부모님|어머님|아버님|할머님|할아버님|"
          r"남편|아내|와이프|부인|배우자|남자\s?친구|여자\s?친구|남친|여친|애인|약혼자|아들|딸|"
          r"아이|아기|애기|애|자녀|형|오빠|누나|언니|동생|남동생|여동생|엄마|어머니|아빠|"
          r"아버지|부모님|할머니|할아버지|손주|손자|손녀|조카|쌍둥이|"
          r"이모|고모|삼촌|외삼촌|큰아버지|작은아버지|큰엄마|작은엄마|숙모|이모부|고모부|사촌|외할머니|외할아버지|친할머니|친할아버지|시댁|처가|시누이|시동생|처제|처형|형부|매형|제부|올케|며느리|사위|장모님|장인어른|장모|장인|새엄마|새아빠")
PETS = PETS_KO  # one list of pet nouns (korean.PETS_KO); breeds and 노견/유기묘 included
# a pet noun that opens a clause with no particle ("우리 노견 '할배' 15살"); not 새, which is
# also "new" ("내 새 직장")
_PET_FIRST = "|".join(p for p in PETS_KO.split("|") if p != "새")
# Places and classes one attends (다니다) rather than works at
_ATTENDED = re.compile(
    r"(?:학교|대학교|대학|대학원|학원|과외|레슨|수업|강좌|교실|헬스장?|체육관|요가원?|필라테스|수영장?|"
    r"피티|PT|크로스핏|복싱|주짓수|태권도|검도|합기도|발레|댄스|클라이밍|골프|테니스|스쿼시|볼링|"
    r"교회|성당|절|도서관|어린이집|유치원|한의원|치과|재활|병원|독서실|스터디카페|"
    # places one attends rather than works at: gyms, sports and culture centres, clinics, clubs
    r"피트니스|헬스\s?클럽|짐|gym|fitness|스포츠\s?센터|체육\s?센터|문화\s?센터|복지관|무에타이|유도|"
    r"펜싱|승마|탁구|배드민턴|풋살|러닝\s?크루|동호회|클리닉|의원|약국|미용실|교습소|공부방|"
    r"학습관|데이케어|보습학원|수학학원|영어학원|"
    # what one goes out to do, regularly: "매주 토요일에 북한산 등산 다녀" is no workplace
    r"등산|산행|트레킹|캠핑|낚시|러닝|조깅|산책|라이딩|여행|출장|봉사|스키|보드|서핑)$", re.IGNORECASE)
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
           r"곧|조만간|나중에|\d+\s?(?:주|일|달|개월|년)\s?(?:후|뒤)|"
           # a holiday or a break said with this/next is a time: "이번 추석엔", "내년 설에"
           r"(?:이번|올|올해|다음|내년)\s?(?:추석|설날|설|구정|크리스마스|성탄절|명절|연휴|"
           r"(?:여름|겨울|봄)\s?(?:방학|휴가)|방학|휴가)"
           r"(?=$|[\s,.!~]|에|엔|때|까지|부터|쯤|은|는|도|이|을|를|전|후|연휴|당일)|"
           # a day of the calendar with a date of its own ("어버이날에 부모님 모시고 …")
           r"(?:어버이날|어린이날|스승의\s?날|크리스마스(?:\s?이브)?|성탄절|한글날|광복절|현충일|개천절|"
           r"삼일절|제헌절|[밸발]렌타인\s?데이|화이트\s?데이|빼빼로\s?데이)"
           r"(?=$|[\s,.!~]|에|엔|때|까지|부터|쯤|은|는|도|이|을|를|전|후|당일))")
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


# (-서 after the vowel of a verb: "있어서", "해서", "와서" — not a noun ending in 서, "프리랜서", "비서")
_CONNECTIVE = re.compile(r"(?:(?<=[어아여해와워봐져쳐겨혀라려셔써])서|고|면|며|니까|는데|은데|지만|려고|러|"
                         r"때문에|위해|위해서)$")


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
    if strict and re.match(rf"\s*(?:(?:우리|저희|울|내|제)\s?)?(?:{FAMILY}|{_PET_FIRST}|(?i:{FAMILY_EN}))\s",
                           before):
        # "남편 job이 바뀌어서 이제 Samsung 다녀요": the husband, said first, no particle;
        # "우리 노견 '할배' 15살인데": the old dog, its name after it
        return True
    for match in re.finditer(r"([가-힣A-Za-z]+)(은|는|이|가|께서)(?=\s|$)", before):
        word, particle = match.group(1), match.group(2)
        if ALLOWED_TOPICS.match(word) or re.search(r"(?:에|에서|에게|한테|께|까지|부터)$", word):
            continue
        if OTHERS.match(word) or re.search(r"(?:씨|님|쌤)$", word):
            return True
        if strict and particle in ("은", "는", "께서"):
            return True
    return False


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
    as_said: bool = False,
) -> Rule:
    """``as_said``: the captured value is a name, kept as written — the analyser reads the
    last syllable of "김지은" or "박서은" as the particle 은 and would cut it."""
    pattern = re.compile(regex)

    def build(match: re.Match[str], ctx: RuleContext) -> Hit | None:
        if user_subject:
            raw = match.groupdict().get("x") or ""
            inner = " ".join(raw.split()[:-1])
            if foreign_subject(match.string[: match.start()] + " " + inner + " ", strict=strict):
                return None
        groups = {k: clip_ko(v if as_said else strip_lead(v)) if v else ""
                  for k, v in match.groupdict().items()}
        for key in ("x", "y", "what"):
            if groups.get(key) and not as_said:
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


_NOT_OBJECT = re.compile(r"^(?:그거|이거|저거|그것|이것|그건|이건|저건|그게|이게|너|너를|당신|니|네|"
                         r"너가|그냥|다|뭐|정말|진짜|너무|아주|완전|좀|다들|모두|더|훨씬|제일|가장|"
                         r"많이|되게|꽤|특히)$")


def _noun(g: Groups, _: RuleContext, *, allow_gi: bool = False) -> bool:
    x = g["x"]
    tokens = x.split()
    bad_end = r"(?:게|지|고|서|면|거|것|때|척|듯)$" if allow_gi else r"(?:기|게|지|고|서|면|거|것|때|척|듯)$"
    return (bool(x) and not re.search(bad_end, x) and not NOT_PLACE.match(x)
            and not TIME_RE.fullmatch(x) and not _NOT_OBJECT.match(x)
            and not any(_PARTICLE_END.search(t) for t in tokens[:-1]))
