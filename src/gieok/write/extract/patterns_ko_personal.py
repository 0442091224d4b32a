"""Korean rules for what the user likes, plans, decides, does and asks of the assistant (W3):
tastes, profile (name, age, birthday), plans and dates, decisions, habits, standing rules.

Why this module exists: it is the second half of the Korean rule table (``patterns_ko.RULES``
joins the halves in this order; the order rules are tried in matters), with the checks only
these rules use (a taste is a noun or a kind of thing, a plan's date, a rule's wording).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Rule, RuleContext
from gieok.write.extract.patterns_ko_base import (
    END, FAMILY, HAVE, LANG, OBJ, PETS, TIME_KO, TIME_RE, Groups, ko_end, _noun, rule,
)
from gieok.write.extract.timeexpr import resolve_time
from gieok.write.normalize import first_person_to_user_ko, josa

_WILL = {"하": "할", "할": "할", "가": "갈", "갈": "갈", "보": "볼"}


_USER_OR_TIME = re.compile(r"^(?:나|저|난|전|내가|제가|나도|저도|오늘|어제|이제|드디어|벌써|올해|곧|"
                           r"이번에|생일|생일이라|생일이라서|생일이어서|생일이에요|생일이야|ㅎㅎ|ㅋㅋ)$")


def _only_the_user_before(sentence: str, what: str) -> bool:
    """Every word before ``what`` is the speaker or a time ("오늘 생일이라 35살 됐어")."""
    m = re.search(what, sentence)
    before = sentence[: m.start()] if m else sentence
    return all(_USER_OR_TIME.match(w) for w in re.findall(r"[가-힣A-Za-z]+", before))


def _liked(g: Groups, ctx: RuleContext) -> bool:
    if re.search(r"(?:안|못)\s?좋아", ctx.sentence) or g["x"] in ("안", "못", "별로", "잘") \
            or _SINCE_WORD.fullmatch(g["x"]):
        return False  # ("원래 좋아해": how long, with the thing said before)
    g["x"] = re.sub(r"는\s?(?:거|것)$", "기", g["x"])  # "운동하는 거" → "운동하기"
    return _kind_of_thing(g) or _noun(g, ctx, allow_gi=True)


def _disliked(g: Groups, ctx: RuleContext) -> bool:
    """"저는 단 거 별로 안 좋아해요": the thing is "단 거" — never the degree adverb after it
    ("별로"), and not the speaker's own topic ("저는")."""
    g["x"] = _SELF_TOPIC.sub("", g["x"])
    if g["x"] in _DEGREE or _SINCE_WORD.fullmatch(g["x"]) or (re.search(r"별로[\s.!~ㅋㅎㅠ]*$", ctx.sentence)
                            and _KO_NOW.search(ctx.sentence)):
        return False  # ("오늘 날씨는 별로": a verdict on the moment, not a taste)
    if _kind_of_thing(g):  # a taste said with a verb of liking ("딱딱한 거 별로야" may be a tone)
        return re.search(r"싫어|좋아|질색", ctx.sentence) is not None
    return _noun(g, ctx)


_SELF_TOPIC = re.compile(r"^(?:저는|나는|난|전|저도|나도)\s+")
_KO_NOW = re.compile(r"오늘|지금|이번|요즘|어제|아까|방금|이거|그거|이건|그건|여기|거기")
_DEGREE = frozenset("안 못 별로 잘 좀 정말 진짜 너무 엄청 완전 제일 가장 딱히 그렇게 그다지 저 나 전 난".split())


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


# when the standing request holds, said before "항상/앞으로": "코드 리뷰할 때는 항상 …", or a
# condition over what the user sends or says: "내가 영어 문장 보내면 항상 …" (without it the
# rule reads as "always correct what is wrong", of everything)
_WHEN_KO = re.compile(r"(?P<c>(?:[^\s.!?\n]+\s){0,4}?(?:[^\s.!?\n]*[ᆯ할을볼쓸줄짤받갈올]\s?때(?:는|에는|엔|마다)?|"
                      r"[^\s.!?\n]*(?:보내|물어보|얘기하|이야기하|말하|부탁하|질문하|요청하|올리|"
                      r"붙여넣|(?:다|라|자)고\s?하)(?:시)?면))"
                      r"\s*(?=(?:앞으로(?:는)?|항상|늘|매번|언제나)\s)")


_INSTEAD = re.compile(r"마(?:세요|요)?\s(?P<x>[가-힣A-Za-z]{1,8}(?:가|이)?\s?(?:편해|편해요|편함|좋아|좋아요|좋음))"
                      r"[\s.!~ㅋㅎ]*$")


def _rule_content(g: Groups, ctx: RuleContext) -> str:
    clause = g["x"].strip()
    when = _WHEN_KO.search(ctx.sentence)
    always = f"{first_person_to_user_ko(when.group('c'))} 항상" \
        if when and when.group("c") not in clause else "항상"
    neg = g.get("neg", "")
    if neg:
        joined = f"{clause} 하지" if neg.startswith("하지") else f"{clause}지"
        instead = _INSTEAD.search(ctx.sentence)  # "존댓말 쓰지 마 반말 편해": what suits instead
        return f"사용자 요청: {always} {joined} 말 것" + (f" ({instead.group('x')})" if instead else "")
    if clause.endswith("해") or clause.endswith("하"):
        return f"사용자 요청: {always} {clause[:-1]}할 것"
    return f"사용자 요청: {always} {clause} 줄 것"


# a product by its brand and a model that says which ("Tesla Model Y", "Galaxy S24 Ultra", "iPad
# Pro"): a thing kept, not an errand ("우유 샀어", "Coca Cola 샀어": no model)
_MODEL = re.compile(r"[A-Za-z][A-Za-z]+(?:\s[A-Za-z0-9-]+)?\s?(?:[A-Za-z]*\d[A-Za-z0-9-]*|"
                    r"[A-Z]{1,3}|Model\s[A-Z0-9]\w*|Pro|Air|Max|Ultra|Mini|Plus)"
                    r"(?:\s(?:Pro|Max|Ultra|Plus|Mini))?")


# how long a taste has held ("원래", "어릴 때부터"): an adverb before the verb, never the thing liked
_SINCE_WORDS = r"원래|원래부터|예전부터|옛날부터|어릴\s?때부터|예전부터\s?계속|늘|항상"
_SINCE = rf"(?:(?:{_SINCE_WORDS})\s+)?"
_SINCE_WORD = re.compile(_SINCE_WORDS)


RULES: list[Rule] = [
    # -- likes, dislikes and preferences ---------------------------------------------------
    rule("ko.pref.like",
         # "김광석은 원래 좋아해": how long the taste has held is said before it, not its object
         rf"{OBJ}(?:을|를|은|는|도)?\s*{_SINCE}(?:정말|진짜|완전|엄청|너무|아주|제일|가장|많이|되게|꽤|특히|"
         rf"무척|매우|참)?\s*(?:좋아해|좋아합니다|좋아해요|좋아하거든|좋아한다|좋아함|좋아하는\s?편|좋아하고(?=\s)|"
         rf"사랑해|즐겨\s?(?:먹어|봐|들어|해|마셔)|"
         # "매운거 환장함", "곱창이라면 사족을 못 써": slang for loving it
         rf"환장해요?|환장함|환장하거든|환장한다|환장하는\s?편|사족을\s?못\s?(?:써|씀|써요))",
         _like("좋아함"), "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="like", tags=("preference",), check=_liked),
    rule("ko.pref.dislike",
         rf"{OBJ}(?:을|를|은|는|이|가)?\s*{_SINCE}(?:정말|진짜|너무|엄청|완전|별로|좀|제일|가장)?\s*"
         rf"(?:싫어해|싫어합니다|싫어해요|싫어함|싫어|안\s?좋아해|안\s?좋아하|질색|별로야|"
         # "romance는 별로": "not much", said of a thing at the end, is a dislike
         rf"못\s?견뎌|(?<=는\s)별로(?:임|예요|에요)?(?=[\s.!~ㅋㅎㅠ]*$)|"
         # "민트초코 극혐": slang for a strong dislike
         rf"극혐(?:이야|임|이에요|입니다)?(?=[\s.!~ㅋㅎㅠ]*$)|"
         # "회는 별로 안 땡겨요": not drawn to it
         rf"안\s?땡겨(?:요)?(?=[\s.!~ㅋㅎㅠ]*$))",
         _like("싫어함"), "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="dislike", tags=("preference",), check=_disliked),
    # "아아만 마심", "저는 허브티만 마셔요": the one thing the user has, a standing choice
    rule("ko.pref.only",
         rf"{OBJ}만\s*(?P<v>마셔|마셔요|마심|마십니다|마시거든|먹어|먹어요|먹음|먹습니다|먹거든|"
         # "무채색만 입음", "British crime drama만 봄", "instrumental만 들어": what the user wears,
         # watches or listens to, and nothing else
         r"입어|입어요|입음|입는다|봐|봐요|봄|본다|들어|들어요|들음|듣는다)"
         r"(?=$|[\s.!~,ㅋㅎㅠㅜ])",
         lambda g, _: f"사용자는 {g['x']}만 " + {"먹": "먹는다", "마": "마신다", "입": "입는다",
                                                "봐": "본다", "봄": "본다", "본": "본다"}.get(
             g["v"][:1], "듣는다"),
         "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="like", tags=("preference",), check=_only),
    # "커피 없으면 못 살아요": cannot do without it; "캠핑 마니아예요", "고양이 덕후": a devotee
    rule("ko.pref.cannot_do_without",
         rf"{OBJ}(?:이|가)?\s*없으면\s*못\s*(?:살아|살아요|살아용|삶|살거든|살겠어|산다)",
         lambda g, _: f"사용자는 {g['x']} 없으면 못 삶", "preference", type=MemoryType.PREFERENCE,
         category="preference", slot="pref:{x}", value="like", tags=("preference",), check=_noun),
    rule("ko.pref.devotee",
         rf"{OBJ}\s?(?P<k>마니아|매니아|덕후|러버)(?:예요|이에요|야|이야|임|입니다|라서|인데|이고)?"
         r"(?=$|[\s.!~,ㅋㅎㅠ])",
         lambda g, _: f"사용자는 {g['x']} {g['k']}", "preference", type=MemoryType.PREFERENCE,
         category="preference", slot="pref:{x}", value="like", tags=("preference",),
         check=lambda g, c: _noun(g, c) and _KO_NOW.search(c.sentence) is None),
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
         r"(?:이|가|을|를|게|것이|걸)?\s*(?:(?:훨씬|좀|백배|확실히)\s?)?(?:더\s?)?"
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
         tags=("profile",), user_subject=False, as_said=True),
    # (a name in quotes is the name: "나를 '대표님'이라고 불러줘")
    rule("ko.profile.call_me",
         r"['\"‘’“”]?(?P<x>[가-힣A-Za-z]{1,10}?)['\"‘’“”]?(?:이)?(?:라고|이라고)\s*(?:불러\s?줘|불러\s?주세요|"
         r"불러\s?줄래|불러)",
         "사용자는 {x}(이)라고 불리기를 원함", "rule", type=MemoryType.RULE, category="feedback",
         slot="preferred_name", tags=("profile",), user_subject=False),
    # "그냥 이름으로 불러줘, 태경": by the name said right after, ending the sentence
    rule("ko.profile.call_by_name",
         r"이름으로\s?(?:불러\s?줘|불러\s?주세요|불러)[,.]\s*(?!제발|그냥|부탁|이제|앞으로)"
         r"(?P<x>[가-힣]{2,4}?|[A-Z][a-z]+)"
         r"(?:이야|야|이에요|예요|입니다|임)?\s*[.!~]*$",
         "사용자는 {x}(이)라고 불리기를 원함", "rule", type=MemoryType.RULE, category="feedback",
         slot="preferred_name", tags=("profile",), user_subject=False, as_said=True),
    rule("ko.profile.age",
         r"(?:^|\s)(?P<x>\d{1,2})\s?살\s*(?:이야|야|이에요|예요|입니다|임|이고|이거든|인데|$)",
         "사용자는 {x}세", "profile", type=MemoryType.PROFILE, slot="age", tags=("profile",),
         strict=True,
         # "러시안 육지거북이야 이제 3살": a child's age said with no subject is a pet's or a
         # child's, not the user's (unless the user names themself)
         check=lambda g, c: int(g["x"]) >= 13 or re.search(
             r"(?:^|\s)(?:나|저|난|전|나는|저는|내가|제가)\s", c.sentence) is not None),
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
         value=None, confidence=0.9,
         # ("앞으로 나를 민지라고 불러줘": the name is ko.profile.call_me's, one memory with its slot)
         check=lambda g, _: re.search(r"(?:라고|이라고)\s*불러$", g["x"]) is None),
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
    # "가진 거: 코베아 텐트, 헬리녹스 체어 2개", "갖고 있는 장비는: …": what the user has, typed
    # as a list after a label (not "필요한 거:", "살 거:": a need, a wish)
    rule("ko.possession.listed",
         r"^(?:(?:나|저|내가|제가)\s)?(?:가진|갖고\s?있는|가지고\s?있는|보유한?|보유\s?중인)\s?"
         r"(?:거|것|건|장비|물건|목록|리스트)?\s?(?:은|는)?\s?[:：]\s*(?P<x>[^.!?\n:：]{2,160}?)[\s.]*$",
         "사용자가 가진 것: {x}", "note", tags=("possession",), value=None,
         check=lambda g, c: "," in g["x"] or len(g["x"].split()) <= 4),
    # "여권도 작년에 만료됐음", "비자 만료돼서 …": a document of the user's that ran out (not
    # "만료되면", "만료돼 가", "만료 예정": not yet)
    rule("ko.possession.expired",
         r"(?:^|(?<=\s))(?P<x>여권|비자|운전\s?면허증?|면허증?|신분증|외국인\s?등록증|체류\s?카드|"
         r"학생증|자격증)(?:이|가|도|은|는)?\s*(?:[가-힣0-9]+\s){0,2}?만료\s?(?:됐|됨|되었|돼서|"
         r"돼\s?버렸|된\s?지)",
         lambda g, _: f"사용자의 {josa(g['x'], '이/가')} 만료됐다", "note", slot="document:{x}",
         value="expired", tags=("possession",), strict=True,
         check=lambda g, c: not re.search(rf"(?:{FAMILY}|{PETS})(?:\s|이|가|은|는|의|$)", c.sentence)),
    # "드디어 집 샀다!!", "새 카메라 샀어", "중고 모닝 뽑았어요": a thing the user now has. A
    # purchase that lasts is marked by 새/중고 or 드디어/마침내; "우유 샀어" is an errand
    rule("ko.possession.bought",
         r"(?:(?P<f>드디어|마침내|결국)\s)?(?:[가-힣]+(?:에서|에)\s)?(?P<x>(?P<m>(?:새|중고|첫)\s?)?"
         r"[가-힣A-Za-z0-9][가-힣A-Za-z0-9-]*(?:\s[가-힣A-Za-z0-9-]+){0,2}?)(?:을|를|도|\s?하나|"
         r"\s?한\s?대)?\s?(?:샀어|샀다|샀어요|샀습니다|샀음|샀는데|샀거든|구입했|구매했|장만했|"
         r"질렀|뽑았|들였)",
         lambda g, _: f"사용자는 {g['x']} 샀다", "note", slot="owns:{x}", value="yes",
         tags=("possession",),
         check=lambda g, c: (bool(g.get("m")) or bool(g.get("f")) or _MODEL.fullmatch(g["x"])
                             is not None) and _noun(g, c)
         and not re.search(r"선물|사\s?줬|사\s?드렸", c.sentence)),
]

