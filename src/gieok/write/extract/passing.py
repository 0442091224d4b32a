"""A state bounded by the current period: true now, not worth remembering (issue 16).

"I'm on call this week so I'm exhausted", "swamped today", "이번 주 당직이라 피곤해",
"요즘 며칠째 야근 중": the user's state *for this period* — a condition (tired, busy, sick,
on call, on leave, working from home, away) said together with a frame that is the current
period (this week, today, tonight, right now, 이번 주, 오늘, 지금). Both parts are closed
classes; neither alone is enough ("I'm on call every other weekend" is a routine, "this week
I start at Kakao" a change that lasts, "I'm on vacation next week" a plan). A passing
illness goes like any passing state (a condition that lasts is said without the frame); a
life event is checked by the caller first. Pure.
"""

from __future__ import annotations

import re

_DEGREE = r"(?:so|super|really|pretty|kinda|kind\s+of|a\s+bit|totally|completely|very|extra|" \
          r"absolutely|dead|utterly|just)"
_STATE_EN = (
    r"exhausted|tired|swamped|busy|slammed|stressed(?:\s+out)?|sore|burn[te]d?\s+out|drained|"
    r"wiped(?:\s+out)?|beat|sleepy|cranky|overwhelmed|buried|knackered|hungover|jet-?lagged|"
    r"freezing|cold|boiling|roasting|sweating|soaked|drenched|starving|"
    r"bored|free|off|home\s+alone|away|out\s+of\s+(?:office|town)|ooo|wfh|on\s+call|on\s+leave|"
    r"on\s+(?:vacation|holiday|pto|a\s+business\s+trip|a\s+trip|duty)|in\s+(?:meetings|crunch)|"
    r"working\s+(?:from\s+home|late|overtime|nights|remotely)|stuck\s+at\s+home|"
    r"covering\s+for\s+\w+|under\s+the\s+weather|running\s+on\s+(?:no|little)\s+sleep")
_NOW_EN = (r"this\s+(?:week|weekend|month)|today|tonight|right\s+now|at\s+the\s+moment|atm|rn|"
           r"these\s+(?:few\s+|last\s+few\s+)?days|for\s+now|all\s+week")
_PASSING_EN = re.compile(
    rf"(?:\b(?:I['’]m|I\s+am|im|we['’]re|we\s+are|I\s+feel|feeling|I['’]ve\s+been|been)\s+|^\s*)"
    rf"(?:{_DEGREE}\s+)*(?:{_STATE_EN})\b", re.IGNORECASE)
_FRAME_EN = re.compile(rf"\b(?:{_NOW_EN})\b", re.IGNORECASE)
# what makes it more than the period: a plan, a change, a habit
_NOT_EN = re.compile(r"\b(?:will|going\s+to|gonna|next|every|each|usually|always|often|"
                     r"start(?:ed|s|ing)?|new\s+job|moved|moving|since|until|till)\b",
                     re.IGNORECASE)

# a feeling of the moment; "these days" (요즘, 요새) frames it as well — a feeling is not a
# routine ("요즘 요가 다녀" is): "요즘 가게 때문에 정신이 하나도 없네요"
_FEELING_KO = r"정신\s?(?:이\s?)?(?:(?:하나도|너무|좀|진짜|완전|완전히|넘)\s?)?없|정신\s?(?:이\s?)?" \
              r"(?:하나도\s?)?없|정신없|멘붕|녹초|지쳤|지쳐|피곤|바빠|바쁘|바쁨|힘들어|힘드네|졸려"
_STATE_KO = re.compile(
    r"당직|야근\s?(?:중|이라|이어서|해서|하느라|하고)|비상\s?대기|재택(?:\s?근무)?\s?(?:중|이라|해요|해)|"
    r"출장\s?(?:중|와\s?있|나와\s?있)|휴가\s?(?:중|라서|예요|이에요)|연차\s?(?:중|라서|썼)|마감\s?(?:이라|중|때문)|"
    r"바빠|바쁘|바쁨|피곤|힘들어|힘드네|녹초|지쳤|지쳐|졸려|졸리|" + _FEELING_KO)
_FRAME_KO = re.compile(r"(?<![가-힣])(?:오늘|이번\s?주(?:말)?|요번\s?주|이번\s?달|지금|요\s?며칠|"
                       r"며칠째|당분간|오늘내일)(?![가-힣])|이번\s?주(?:는|에는|엔|내내)")
_LATELY_KO = re.compile(r"(?<![가-힣])(?:요즘|요새|요즘은|요새는)(?![가-힣])")
_NOT_KO = re.compile(r"예정|계획|거야|거예요|려고|할\s?거|갈\s?거|다음|매주|매일|항상|보통|주마다|"
                     r"시작|부터|이직|이사")


# How the moment feels, said as hyperbole ("this bug is melting my brain", "my brain is mush",
# "배고파 죽겠다", "머리 터질 것 같아"), or as the state a bounded event just left ("knackered
# after a 12 hour shift", "my wrists are killing me after a 3-hour conference"): no frame word
# is needed — the figure of speech or the event that just ended is the frame.
_HYPERBOLE_EN = re.compile(
    r"\b(?:is|are|was|were|keeps?|been|['’]s|['’]re)\s+(?:\w+\s+)?(?:killing|melting|frying|"
    r"destroying|wrecking|breaking|murdering|scrambling)\s+(?:me|us|my\s+(?:brain|head|mind|soul|"
    r"sanity|will\s+to\s+live))\b|\b(?:driving|drives|drove)\s+me\s+(?:crazy|nuts|insane|mad|"
    r"bananas|up\s+the\s+wall)\b|\bdoing\s+my\s+head\s+in\b|\bmy\s+(?:brain|head|mind|legs|arms|feet|body)\s+"
    r"(?:is|are|['’]s|['’]re|feels?|has)\s+(?:\w+\s+)?(?:mush|fried|dead|toast|jelly|porridge|gone|spinning|"
    r"pounding|exploding|soup|melting|melted|broken|scrambled|full)\b", re.IGNORECASE)
_AFTER_EVENT_EN = re.compile(
    r"\b(?:i['’]m|im|i\s+am|i\s+feel|feeling|my\s+[\w-]+\s+(?:is|are|feels?)|(?:is|are)\s+\w+ing\s+me)"
    r"\b.*\bafter\s+(?:a|an|the|my|that|this|today['’]s)\s+(?:[\w-]+\s+){0,3}?(?:flight|shift|"
    r"drive|conference|meeting|hike|run|ride|trip|journey|session|class|call|workday|commute|"
    r"trek|double|marathon|night\s+out|all-?nighter)s?\b", re.IGNORECASE)
_HYPERBOLE_KO = re.compile(r"[가-힣]\s?죽겠|미치겠|돌아\s?버리겠|머리\s?(?:가\s?)?(?:터지|터질|터져)|"
                           r"뇌\s?(?:가\s?)?녹|정신\s?(?:이\s?)?나갈|"
                           # "요즘 출퇴근 지옥이야", "야근 지옥임": a complaint, said as hell
                           r"[가-힣]\s?지옥(?:이야|이다|이에요|임|이네|이네요|이었어|이었다|이었음)")


def momentary(text: str) -> bool:
    """How the moment feels, by a figure of speech or by the bounded event it follows (see
    above): nothing that stays true."""
    if re.search(r"[가-힣]", text) and _HYPERBOLE_KO.search(text):
        return True
    # (not what has gone on for a while: "my back has been killing me since the surgery")
    return (_HYPERBOLE_EN.search(text) is not None or _AFTER_EVENT_EN.search(text) is not None) \
        and _NOT_EN.search(text) is None


# what the user is doing until a day of this week ("I'm just dogsitting till sunday", "I'm
# staying at my sister's until tomorrow"): ends within days ("until March" is more than that)
_DOING_EN = re.compile(r"\b(?:I['’]m|I\s+am|im)\s+(?:just\s+|only\s+)?\w+ing\b", re.IGNORECASE)
_UNTIL_SOON_EN = re.compile(
    r"\b(?:till|until|til|'til|thru)\s+(?:this\s+|next\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"tomorrow|tonight|the\s+weekend|the\s+end\s+of\s+the\s+(?:day|week))\b", re.IGNORECASE)


def passing(text: str) -> bool:
    """``text`` says the user's state for the current period only."""
    if momentary(text) or (_DOING_EN.search(text) and _UNTIL_SOON_EN.search(text)):
        return True
    if re.search(r"[가-힣]", text):
        # a feeling framed by "these days" only when it is what the sentence says, not the
        # cause of what it says ("요즘 피곤해서 병원 갔더니 빈혈이래요")
        framed = _FRAME_KO.search(text) or (_LATELY_KO.search(text) and any(
            not re.match(r"\S*?(?:서|니까|는데|고)(?:\s|$)", text[m.end():])
            for m in re.finditer(_FEELING_KO, text)))
        return bool(_STATE_KO.search(text) and framed and not _NOT_KO.search(text))
    return bool(_PASSING_EN.search(text) and _FRAME_EN.search(text)
                and not _NOT_EN.search(text))
