"""The user's diet now: a single-valued slot read from a closed class of diet words (W6).

A diet is one value at a time, so a stated change must supersede the old one whatever the
wording — "저 이제 생선은 먹어요, 페스코로 바꿨어요" after "I'm vegetarian", "switched from
vegan to pescatarian", "I eat meat again now". The diets are a closed class (vegetarian,
vegan, pescatarian, keto, …, in English and Korean), so the rule reads their structure, not
sentences: a diet the sentence says the user *left* ("vegan wasn't working for me", "비건은
그만뒀어요", "used to be vegetarian", the "from" of a switch) is never the value; a diet said
as the user's state or the target of a change is; eating meat or fish "now"/"again"/"이제"
ends a meat-free diet. The hit carries ``slot="diet"``, so reconciliation supersedes the old
diet (pinned or not) by the slot, not by the phrase. Pure.
"""

from __future__ import annotations

import re

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit, Rule, RuleContext
from gieok.write.extract.generic import is_korean

# canonical value → its spellings (English words are matched whole, Korean ones as written)
_DIETS: dict[str, tuple[str, ...]] = {
    "pescatarian": ("pescatarian", "pescetarian", "pesco-vegetarian", "pesco vegetarian",
                    "페스코 베지테리언", "페스코테리언", "페스카테리언", "페스코"),
    "vegetarian": ("vegetarian", "veggie", "채식주의자", "베지테리언", "채식"),
    "vegan": ("vegan", "plant-based", "비건"),
    "keto": ("keto", "ketogenic", "low-carb", "low carb", "키토", "저탄고지", "저탄수"),
    "flexitarian": ("flexitarian", "플렉시테리언"),
    "paleo": ("paleo",),
    "mediterranean": ("mediterranean", "지중해식"),
    "carnivore": ("carnivore diet",),
    "halal": ("halal", "할랄"),
    "kosher": ("kosher",),
}
_KO_NAME = {"pescatarian": "페스코", "vegetarian": "채식", "vegan": "비건", "keto": "키토",
            "flexitarian": "플렉시테리언", "paleo": "팔레오", "mediterranean": "지중해식",
            "carnivore": "육식",
            "halal": "할랄", "kosher": "코셔"}
_SPELLING = {s.casefold(): d for d, spellings in _DIETS.items() for s in spellings}
_ALT = "|".join(re.escape(s) for s in sorted(_SPELLING, key=len, reverse=True))
# a Korean particle, copula or ending may follow the word ("페스코로", "비건이에요"), no other
# syllable ("비건강" is "unhealthy")
_FOLLOWS = r"(?![A-Za-z0-9-])(?![가-힣](?<![이가은는을를으로라야예입임식하중도만인에였해한]))"
DIET_WORD = re.compile(rf"(?<![\w-])(?:{_ALT}){_FOLLOWS}", re.IGNORECASE)
# diets without meat (and fish): eating it now ends them
_MEAT_FREE = ("vegetarian", "vegan")
_FLESH_EN = r"(?:meat|fish|seafood|chicken|beef|pork|steak|salmon|tuna|sushi)"
_FLESH_KO = r"(?:고기|생선|해산물|육류|닭고기|소고기|돼지고기|회|연어|참치)"
_EATS_AGAIN = re.compile(
    rf"\b(?:I|I['’]m|I['’]ve)\s+(?:\w+\s+){{0,2}}?(?:eat|eating|eats|started\s+eating|"
    rf"(?:am|['’]m)\s+eating)\s+(?:\w+\s+){{0,2}}?{_FLESH_EN}\b[^.!?]*?\b(?:again|now|these\s+days)\b|"
    rf"\b(?:now|again)\s+I\s+(?:eat|['’]m\s+eating)\s+(?:\w+\s+){{0,2}}?{_FLESH_EN}\b|"
    rf"(?:이제|다시|요즘)\s?(?:\S+\s)?{_FLESH_KO}(?:은|는|도|를|을)?\s?(?:\S+\s)?먹(?!지\s?않|지\s?마|"
    rf"으면\s?안|을\s?수\s?없|으면|을까|고\s?싶)", re.IGNORECASE)

# a diet the user left: said before or after the diet word, in the same clause
_LEFT_BEFORE = re.compile(
    r"(?:\b(?:quit|quitting|stopped|stop|gave\s+up(?:\s+on)?|giving\s+up(?:\s+on)?|no\s+longer|"
    r"not|n['’]t(?:\s+\w+)?|used\s+to\s+be|used\s+to\s+do|was|were|from|off|ditched|dropped|"
    r"broke|after\s+(?:\w+\s+){0,2}years?\s+of|instead\s+of|rather\s+than)\s+(?:being\s+|"
    r"doing\s+|eating\s+|going\s+)?(?:(?:a|an|the|my|fully|strict|strictly)\s+)?)$",
    re.IGNORECASE)
_LEFT_AFTER = re.compile(
    r"^\s*(?:diet\s+)?(?:(?:really|just|honestly|totally)\s+)?(?:wasn['’]t|isn['’]t|didn['’]t|"
    r"was\s+not|is\s+not|did\s+not|was\s+(?:too\s+)?(?:hard|tough|rough|difficult)|"
    r"(?:is|was)\s+not\s+for\s+me|(?:\w+\s+){0,3}?(?:anymore|any\s+more|no\s+more)\b|"
    r"for\s+(?:\w+\s+){1,2}(?:but|until|then))|"
    r"^(?:은|는|을|를|이|가|도)?\s?(?:\S+\s){0,2}?(?:그만|포기|끊|접었|접고|안\s?해|안\s?하|"
    r"했었|였었|이었|했다가|하다가|에서\s|에서$|은\s?아니|는\s?아니|이\s?아니|가\s?아니|아니)",
    re.IGNORECASE)
# what makes a diet left a change ("quit", "no longer", "wasn't working", "그만뒀어"), not a
# plain "I'm not vegan"
_CHANGE = re.compile(
    r"\b(?:quit|quitting|stopped|gave\s+up|giving\s+up|no\s+longer|any\s?more|no\s+more|"
    r"used\s+to|wasn['’]t\s+working|didn['’]t\s+work|ditched|dropped|after\s+\w+\s+years?)\b|"
    r"그만|포기|끊|접었|접고|했었|였었|이었|하다가|했다가", re.IGNORECASE)
# a diet stated as the user's now
_NOW = re.compile(
    r"\b(?:I['’]m|I\s+am|am|I['’]ve\s+(?:gone|been)|went|gone|became|become|going|turned|"
    r"converted)\s+(?:\w+\s+){0,2}$|"
    r"\b(?:switch\w*|mov\w*|chang\w*|convert\w*|went|gone|go\w*)\b[^,;.!?]*?\bto\s+"
    r"(?:being\s+|a\s+|an\s+)?$|"
    r"\b(?:doing|on|trying|started|start)\s+(?:a\s+|the\s+)?$", re.IGNORECASE)
_NOW_AFTER = re.compile(
    r"^\s*(?:now|these\s+days)\b|"
    r"^(?:\s?식단)?(?:으로|로)\s?(?:\S+\s)?(?:바꿨|바꿔|바꾼|바꿈|전향|갈아탔|넘어갔|정착)|"
    r"^(?:\s?식단)?\s?(?:이야|야|예요|이에요|입니다|임|해요|해|하고\s?있|하는\s?중|중|이고|인데|"
    r"이라|라서|이라서|으로\s?먹|로\s?먹)|"
    # "vegetarian 된 지 2년", "채식 한 지 3년째": how long the diet has been kept
    # (kept still: not "… 됐는데 그만뒀어", nor "비건 된 지 얼마 안 된 친구")
    r"^(?:\s?식단)?(?:이\s?)?\s?(?:된|한|시작한)\s?지\s(?![^.!?]*(?:그만|끊|관두|관뒀|접었))"
    r"[^\s.!?]+(?:\s(?:됐|되었|넘었)[^\s.!?]*)?\s*(?:[.!~ㅋㅎ]|$)", re.IGNORECASE)
_OTHER_EN = re.compile(r"\b(?:my|our|his|her|their)\s+(?:\w+\s+)?(?:is|went|was|became|has|"
                       r"switched|eats|does)\b|\b(?:he|she|they)(?:['’]s|\s+is|\s+went|\s+became)\b",
                       re.IGNORECASE)
_NOT_STATED = re.compile(r"\?|\b(?:if|should|would|could|might|maybe|thinking\s+about|"
                         r"considering|want\s+to|wants\s+to|trying\s+to\s+decide)\b|"
                         r"(?:할까|될까|싶|고민|어때|추천|괜찮을까|하면)", re.IGNORECASE)


def stated(sentence: str) -> tuple[str | None, tuple[str, ...]]:
    """(the diet the user says they follow now, the diets they say they left)."""
    if _NOT_STATED.search(sentence):
        return None, ()
    now: str | None = None
    left: list[str] = []
    for m in DIET_WORD.finditer(sentence):
        diet = _SPELLING[m.group(0).casefold()]
        before, after = sentence[max(0, m.start() - 40):m.start()], sentence[m.end():]
        clause_before = re.split(r"[,;.!?]|\bbut\b|\band\b", before)[-1]
        if _LEFT_BEFORE.search(clause_before) or _LEFT_AFTER.search(after):
            left.append(diet)
            continue
        if now is None and (_NOW.search(clause_before) or _NOW_AFTER.search(after)) \
                and not _other(sentence, m.start()):
            now = diet
    flesh = _EATS_AGAIN.search(sentence)
    if flesh is not None and not _other(sentence, flesh.start()):
        left += [d for d in _MEAT_FREE if d != now]
    return now, tuple(dict.fromkeys(d for d in left if d != now))


def _other(sentence: str, at: int) -> bool:
    """Someone else's diet ("my sister went vegan", "남편은 비건이에요")."""
    before = sentence[:at]
    if re.search(r"[가-힣]", sentence):
        from gieok.write.extract.patterns_ko import foreign_subject

        clause = re.split(r"[,;.!?]|(?<=[고서])\s|는데", before)[-1]
        return foreign_subject(clause)
    return _OTHER_EN.search(before) is not None and not re.search(r"\bI\b|\bI['’]", before)


def _hit(ctx: RuleContext, korean: bool) -> Hit | None:
    if is_korean(ctx.sentence) is not korean:
        return None  # the other language's table reads it ("I'm 채식주의자 btw" is English)
    now, left = stated(ctx.sentence)
    if now is not None:
        content = f"사용자는 {_KO_NAME[now]} 식단" if korean else f"User is {now}"
        return Hit(content=content, family="diet", type=MemoryType.CONSTRAINT, slot="diet",
                   value=now, tags=("diet",), confidence=0.85)
    if left:  # "I eat meat again now", "저 이제 생선은 먹어요": the meat-free diet is over
        flesh = _EATS_AGAIN.search(ctx.sentence)
        if flesh is None and not _CHANGE.search(ctx.sentence):
            return None  # "I'm not vegan, I just asked": never was — no change to record
        if flesh is None:  # "I quit keto": no diet now — the one left is over
            content = f"사용자는 {_KO_NAME[left[0]]} 식단을 그만둠" if korean \
                else f"User is no longer {left[0]}"
            return Hit(content=content, family="diet", type=MemoryType.CONSTRAINT,
                       slot="diet", value="not " + "/".join(left), tags=("diet",),
                       confidence=0.8)
        content = f"사용자는 이제 {_ko_food(flesh.group(0))} 먹음" if korean \
            else f"User eats {_en_food(flesh.group(0))} now"
        return Hit(content=content, family="diet", type=MemoryType.CONSTRAINT, slot="diet",
                   value="not " + "/".join(left), tags=("diet",), confidence=0.8)
    return None


def _ko_food(text: str) -> str:
    found = re.search(_FLESH_KO, text)
    word = found.group(0) if found else "고기"
    return word + ("을" if (ord(word[-1]) - 0xAC00) % 28 else "를")


def _en_food(text: str) -> str:
    found = re.search(_FLESH_EN, text, re.IGNORECASE)
    return found.group(0).lower() if found else "meat"


_TRIGGER = re.compile(DIET_WORD.pattern + rf"|{_EATS_AGAIN.pattern}", re.IGNORECASE)
RULES_EN = [Rule("diet.now", _TRIGGER, lambda m, ctx: _hit(ctx, False))]
RULES_KO = [Rule("diet.now", _TRIGGER, lambda m, ctx: _hit(ctx, True))]


# what a diet allows or excludes, said after it ("I'm 채식주의자 btw, 계란은 먹어", "vegan, but
# honey is fine"): the whole sentence is kept (carrying the diet slot), not the bare diet
_EXCEPTION = re.compile(
    r"(?:[,;]|\bbut\b|\bexcept\b|\bthough\b)[^,;]*?\b(?:eat|eats|eating|fine|ok|okay|allowed|"
    r"except)\b|(?:[,;]|지만|는데|인데)\s?[^,;]*?(?:먹|괜찮|빼고|제외)", re.IGNORECASE)


def exception(sentence: str) -> bool:
    """A diet named with what it allows or excludes."""
    return DIET_WORD.search(sentence) is not None and _EXCEPTION.search(sentence) is not None


def named(value: str, content: str) -> bool:
    """``content`` names the diet ``value`` in any of its spellings."""
    diets = value.removeprefix("not ").split("/")  # "not keto": the diet left is named
    spellings = [sp for d in diets for sp in _DIETS.get(d, (d,))]
    return any(sp.casefold() in content.casefold() for sp in spellings)


def diet_in(content: str) -> str | None:
    """The diet a stored memory states as the user's now ("User is 채식주의자 btw, 계란은
    먹어" → vegetarian), for memories stored without a diet slot."""
    return stated(content.replace("User is", "I'm").replace("사용자는", "저는"))[0]


# a stored memory about someone else ("User's sister is vegetarian too", "사용자의 딸은 …")
_OTHERS_STORED = re.compile(r"\bUser['’]s\s+(?:\w+\s+){1,2}?(?:is|went|was|became|eats|does|has)\b|"
                            r"사용자의\s")


def said_again(value: str, content: str) -> bool:
    """``content`` names the user's diet ``value`` again as still held ("Three months
    vegetarian and User doesn't even miss meat" after "User is vegetarian"): named, and not
    left, changed, asked about or someone else's."""
    if value.startswith("not ") or _CHANGE.search(content) or _NOT_STATED.search(content) \
            or _OTHER_EN.search(content) or _OTHERS_STORED.search(content):
        return False
    spellings = [sp for d in value.split("/") for sp in _DIETS.get(d, (d,))]
    low = content.casefold()
    found = False
    for sp in spellings:
        for m in re.finditer(re.escape(sp.casefold()), low):
            if _LEFT_BEFORE.search(content[:m.start()]) or _LEFT_AFTER.search(content[m.end():]):
                return False
            found = True
    return found
