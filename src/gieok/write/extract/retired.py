"""What a sentence says the user no longer has or does (W6): "헬스 그만두고 수영 다녀요",
"switched from VS Code to Neovim", "I don't live in Busan anymore", "이제 강남 안 살아요".

``retired(sentence)`` returns the names of those things. Reconciliation retires (supersedes)
the stored memories that state them, so ``context()`` does not present "User goes to the gym
three times a week" beside "User quit the gym and swims now" as two current facts. A slot
(residence, employer, diet) already does this for the facts it covers; this reads the
change the user states in words for everything else. Only the named thing is retired, never
a health or safety fact (those change only by their own slot or by the user's edit). Pure.
"""

from __future__ import annotations

import re

from gieok.text.hangul import present_tense
from gieok.write.extract import finished
from gieok.write.extract.correction import corrected_earlier, slipped_just_now
from gieok.write.extract.english import PAST_IRREGULAR as _PAST_IRREGULAR

from gieok.write.extract.health import health_related, is_medicine
from gieok.write.extract.korean import FAMILY_KO
from gieok.write.extract.moment import PUT_DOWN
from gieok.write.extract.patterns_ko_base import TIME_KO
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN

_EN_OBJECT = r"(?:(?:my|the|our|their|his|her|an?|using|playing|doing|going\s+to|eating|drinking|taking)\s+)?" \
             r"(?P<x>[\w.+#'-]+(?:\s+(?-i:[A-Z0-9])[\w.+#-]*){0,2})"
_EN = [
    re.compile(r"\b(?:quit|stopped|gave\s+up(?:\s+on)?|got\s+rid\s+of|sold|ditched|"
               r"traded(?:\s+in)?|swapped(?:\s+out)?|exchanged|replaced|"
               r"(?:switched|moved|changed|weaned)\s+(?:(?:me|him|her|them|us)\s+)?"
               r"(?:away\s+)?from|"
               r"instead\s+of|took\s+(?:me|him|her|them|us)\s+off|re-?hom(?:e|ed|ing)|gave\s+away|"
               r"moved\s+out\s+of|cancell?(?:ed|ing)|unsubscribed\s+from|pull(?:ed|ing)?\s+out\s+of|"
               r"withdr(?:ew|aw|awn|awing)\s+from|drop(?:ped|ping)?\s+out\s+of|"
               r"no\s+longer\s+(?:use|have|play|do|go\s+to|eat|drink|drive|live\s+in|"
               r"like|love|own))\s+(?!(?:at|by|in|for|to|on|off|over|when|because)\b)"
               + _EN_OBJECT, re.IGNORECASE),
    # "I don't live in Busan anymore", "I'm not vegan anymore", "don't use Notion any more"
    re.compile(r"\b(?:don['’]?t|do\s+not|am\s+not|['’]m\s+not|not)\s+(?:\w+\s+){0,3}?"
               r"(?:in\s+|at\s+|with\s+|to\s+)?(?P<x>[\w.+#-]+(?:\s+(?-i:[A-Z0-9])[\w.+#-]*){0,2})"
               r"\s+any\s?more\b", re.IGNORECASE),
]
_EN.append(re.compile(r"(?:^|[,.;]\s*|\s-\s)(?:bye(?:\s+bye)?|no\s+more)\s+"
                      r"(?P<x>(?:[A-Z]|[a-z][A-Z])[\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*){0,2})"))
# ("…, bye iPhone"); "…, no more royal canin": what the clause says is over
_EN.append(re.compile(r",\s*no\s+more\s+(?P<x>[\w'’.+#-]+(?:\s+[\w'’.+#-]+){0,2}?)\s*[.!]*$",
                      re.IGNORECASE))
# leaving a workplace: "my last day at Pebble is July 25", "I'm leaving Naver", "resigned
# from Toss" — a closed class of leaving predicates, and a capitalised name (never "the
# office": where the user is leaving from tonight is no workplace left)
_EN.append(re.compile(
    r"\b(?:last\s+day\s+(?:at|with)|leaving|left|resign(?:ed|ing)\s+from|quitting|handed\s+in\s+"
    r"(?:my\s+)?notice\s+at|(?:was|got|been)\s+laid\s+off\s+(?:from|at|by))\s+"
    r"(?P<x>(?-i:[A-Z])[\w&.+-]*(?:\s+(?-i:[A-Z])[\w&.+-]*){0,2})", re.IGNORECASE))
# "I left teaching and now work as a lab manager", "quit nursing last year": an occupation left,
# said by its gerund (what is stored says the verb: "User teaches high school chemistry")
_EN.append(re.compile(r"(?:^|[,.;!]\s*|\bI\s+(?:just\s+|finally\s+|officially\s+)?)(?:left|quit)\s+"
                      r"(?P<x>(?!(?:everything|nothing|something|thing|morning|evening|meeting|building|"
                      r"wedding|ceiling|clothing|parking|string|spring|king|ring|wing|sibling|"
                      r"earring|offspring)\b)[a-z]{3,}ing)\b(?!\s+(?:early|late|at|for)\b)",
                      re.IGNORECASE))
# "our trip to Porto got cancelled", "Coldplay was called off": the name said before it
_EN.append(re.compile(r"(?P<x>(?-i:[A-Z])[\w'’.&-]*)\s+(?:got|was|were|has\s+been|have\s+been|is|are)\s+"
                      r"(?:cancell?ed|called\s+off|scrapped)\b", re.IGNORECASE))
# "party's off", "the wedding is off", "we called off the barbecue": an event of the user's
# called off, named by its kind (what is stored about it names the same word)
_EVENT_EN = r"(?:party|trip|wedding|holiday|vacation|concert|reunion|celebration|barbecue|bbq|" \
            r"camping\s+trip|hike|visit|surgery|operation|ceremony|meetup|gig|getaway|honeymoon)"
_EN.append(re.compile(rf"(?<![\w-])(?P<x>{_EVENT_EN})(?:['’]s|\s+is)\s+off\b(?!\s+(?:to|for|at)\b)",
                      re.IGNORECASE))
_EN.append(re.compile(rf"\b(?:called\s+off|cancell?ed|scrapped)\s+(?:the|our|my)\s+(?:[\w'’-]+\s+)?"
                      rf"(?P<x>{_EVENT_EN})\b", re.IGNORECASE))
# "dropping the spanish thing", "ditching my pottery class": a goal or an activity of the user's
# let go, named before a word of that kind (never "dropped my phone": a thing dropped)
_EN.append(re.compile(r"\b(?:dropp(?:ed|ing)|ditch(?:ed|ing)|giving\s+up(?:\s+on)?|shelv(?:ed|ing))\s+"
                      r"(?:the|my|that|this|our)\s+(?P<x>[\w'’-]+(?:\s+[\w'’-]+)?)\s+(?:thing|goal|"
                      r"plan|idea|class|classes|course|lessons|project|habit|resolution)\b",
                      re.IGNORECASE))
# "dropped pottery, doing salsa now", "I dropped calculus": a class or pastime the user dropped
# (the sentence opens with it, or "I dropped"), said by a bare noun — never "dropped the kids at
# school", "dropped my phone", "dropped off", "dropped 5kg", "my fever dropped overnight"
_EN.append(re.compile(r"(?:^|[,.;!]\s*|\bI\s+(?:just\s+|finally\s+|also\s+|officially\s+)?)"
                      r"dropped\s+(?!(?:the|my|a|an|our|his|her|their|its|off|by|out|in|into|to|it|"
                      r"him|her|them|me|us|everything|all|some|back)\b)(?P<x>[a-z][\w-]+)"
                      r"(?=\s*(?:[,.;!]|$|\s+(?:and|for|because|since|after|class(?:es)?|lessons?)\b))",
                      re.IGNORECASE))
_KO = [
    # "페블 퇴사했어요", "페블에서 마지막 출근이 25일이야", "이번 달까지만 페블 다녀요"
    re.compile(r"(?P<x>[가-힣A-Za-z0-9&]{2,}?)(?:에서|을|를|은|는)?\s?(?:퇴사|마지막\s?(?:출근|근무|날))"),
    re.compile(r"까지만\s(?P<x>[가-힣A-Za-z0-9&]{2,}?)(?:에)?\s?(?:다녀|다니|출근|근무)"),
    # "아이폰에서 갤럭시로 바꿨어": what was left behind
    # ("천안에서 청주 오송으로 이사했어요": a move, a transfer or a change of school too)
    re.compile(r"(?P<x>[가-힣A-Za-z0-9]{2,}?)에서\s(?:[가-힣A-Za-z0-9]+\s)?[가-힣A-Za-z0-9]+?(?:으로|로)\s?"
               r"(?:바꿨|바꿈|바꾸|갈아탔|갈아타|옮겼|넘어왔|넘어갔|이사|이직|전학|전근)"),
    # a model said with its number ("Pixel 9 팔고"), and 그만 before any verb ("렌즈 그만
    # 끼고", "커피 그만 마시고")
    # an adverb may come between ("커피 완전히 끊었어요"); scrapping a car, cancelling a
    # subscription, disposing of a thing end it too ("아반떼 폐차하고", "Netflix 해지했어")
    re.compile(r"(?P<x>[가-힣A-Za-z0-9]{2,}?(?:\s[A-Za-z]?[0-9][A-Za-z0-9]{0,3})?)(?:은|는|을|를|도|에서)?"
               r"\s?(?:(?:완전히|완전|아예|결국|드디어|그냥|진짜|싹)\s)?(?:그만두|그만뒀|그만\s뒀|그만했|그만\s?[가-힣]{1,3}고\s|"
               r"끊고|끊었|끊은\s?지|끊음|관두|관뒀|접고|접었|팔고|팔았|취소하고|취소했|취소됐|취소됨|취소되었|"
               r"폐차|해지|처분)"),
    # a pet given a new home: "까망이는 이모네로 입양 보냈어요", "보리 파양했어"
    re.compile(r"(?P<x>[가-힣A-Za-z0-9]{2,}?)(?:은|는|을|를|도)?\s(?:[가-힣A-Za-z0-9]+(?:으로|로|에)\s)?"
               r"(?:(?:입양|분양)\s?(?:보냈|보내고|보냄)|파양)"),
    # "비타민D는 피검사 수치 괜찮대서 끊었어": the thing as the topic, the reason between
    re.compile(r"(?:^|(?<=\s))(?!사용자|우리|제가|내가)(?P<x>[가-힣A-Za-z0-9]{2,}?)(?:은|는|을|를)\s"
               r"(?:[^\s.,!?]+\s){0,4}?[가-힣]*(?:[가-힣]서|니까|길래)\s"
               r"(?:(?:그냥|결국|아예|이제)\s)?(?:끊었|끊음|끊고|그만뒀|그만\s뒀|관뒀|접었)"),
    re.compile(r"(?P<x>[가-힣A-Za-z0-9]{2,}?)(?:을|를)?\s대신(?:에)?\s"),
    # "회사가 재택 없앴어요", "야근 수당 없어졌어": what is gone
    re.compile(r"(?P<x>[가-힣A-Za-z0-9]{2,}?)(?:을|를|이|가|은|는)?\s?(?:없앴|없애고|없어졌|없어짐|"
               r"없어지고|폐지)"),
    re.compile(r"(?:이제|더\s?이상|이제는|요즘|요새|요즘은)\s(?P<x>[가-힣A-Za-z0-9]{2,}?)(?:에|에서|은|는|을|를)?\s?"
               r"안\s?(?:살|다니|다녀|해|하|써|먹|마셔|가|키워)"),
    # "필라테스 이제 안 다녀요": the thing first, then that it is over
    re.compile(r"(?P<x>[가-힣A-Za-z0-9]{2,}?)(?:에|에서|은|는|을|를|도)?\s(?:이제|더\s?이상|이젠|이제는|요즘|요새)\s"
               r"안\s?(?:살|다니|다녀|해|하|써|먹|마셔|가|키워)"),
]
_PERSON = re.compile(rf"(?i:{FAMILY_EN}|{FAMILY_KO}|mum|mommy|daddy|guys|everyone|all)")
# Words that name no particular thing: retiring memories that mention them would be a guess.
_VAGUE = frozenset(
    "it that this them those these one ones job work stuff things thing everything something "
    "anything here there home me him her you us all much lot lots the a an and so too way "
    "그거 이거 저거 그것 이것 회사 일 그냥 진짜 너무 요즘 이제 다 좀 거 것".split())


# a word before "퇴사했어" that says when, or who (with a subject particle): "오늘부로 퇴사했어",
# "드디어 퇴사함", "남편이 퇴사했어" left no thing named "오늘부로" or "남편이"
_WHEN_OR_WHO = re.compile(rf"(?:{TIME_KO}|오늘부로|오늘부터|어제|그저께|드디어|결국|방금|작년|재작년|"
                          rf"지난\s?(?:주|달|해)|올해|얼마\s?전)(?:에|부로|부터|자로)?|"
                          rf"(?:{FAMILY_KO})(?:이|가|께서)")


def _because(word: str) -> bool:
    """A Korean verb's reason form ("와서", "아파서", "괜찮대서", "없어서"): 서 after an open
    syllable whose vowel is one a verb's 아/어 form ends in — never a noun ending in 서 ("순서",
    "보고서", "경찰서")."""
    if len(word) < 2 or word[-1] != "서" or not "가" <= word[-2] <= "힣":
        return False
    code = ord(word[-2]) - 0xAC00
    return code % 28 == 0 and (code // 28) % 21 in _REASON_VOWELS


# ㅏ ㅐ ㅓ ㅔ ㅕ ㅘ ㅙ ㅚ ㅝ (vowel indices of the Hangul block)
_REASON_VOWELS = frozenset({0, 1, 4, 5, 6, 9, 10, 11, 14})


def retired(sentence: str) -> tuple[str, ...]:
    """The things ``sentence`` says the user stopped having or doing, as said. Never a
    person ("bye Mom" is a goodbye)."""
    names: list[str] = []
    for pattern in _KO if re.search(r"[\uac00-\ud7a3]", sentence) else _EN:
        for match in pattern.finditer(sentence):
            name = match.group("x").strip(" .,!'")
            if re.search(r"(?:니까|길래|고|는데|은데|인데)$", name) or _because(name):
                continue  # "요요 와서 접었어": a verb's connective form, not a thing
            if name and name.casefold() not in _VAGUE and len(name) > 1 \
                    and not _PERSON.fullmatch(name) and not _WHEN_OR_WHO.fullmatch(name):
                names.append(name)
    # "the TA job is over": a term's commitment ran its course
    names += [n for n in finished.over(sentence) if n.casefold() not in _VAGUE]
    return tuple(dict.fromkeys(names))


# "Mango passed away last week", "우리 고양이 망고가 무지개다리를 건넜어": a pet or relative who died
_DIED = re.compile(r"\b(?:passed\s+away|died|put\s+(?:down|to\s+sleep)|was\s+euthani[sz]ed|"
                   rf"{PUT_DOWN}|"  # "we had to put Pickles down"
                   r"crossed\s+the\s+rainbow\s+bridge)\b|세상을\s?떠났|무지개\s?다리를?\s?건넜|죽었|"
                   r"하늘나라(?:로|에)\s?(?:갔|보냈)|돌아가셨|떠나보냈|"
                   # "a fox got Dash last night": an animal taken by a predator
                   r"\b(?:fox|foxes|hawk|coyote|badger|stoat|weasel|mink|predator)\s+(?:got|took|killed)\s+"
                   r"(?-i:[A-Z])", re.IGNORECASE)
_NOT_DEATH = re.compile(r"\b(?:almost|nearly|if|would\s+have)\b|(?:죽을\s?뻔|죽겠|죽는\s?줄|배고파\s?죽|"
                        r"웃겨\s?죽)", re.IGNORECASE)


def died(sentence: str) -> bool:
    """The sentence says someone died ("… passed away last week"), not a figure of speech
    ("배고파 죽겠어", "I almost died laughing")."""
    return _DIED.search(sentence) is not None and _NOT_DEATH.search(sentence) is None


# "Jun and I broke up", "I split up with Alex", "준이랑 헤어졌어": the partner the user parted
# from — a closed class of predicates that end a relationship; the name is the other party
_NAME = r"(?-i:[A-Z][a-z]+)"
_PARTED_EN = re.compile(
    rf"\b(?:(?:my\s+(?:ex|boyfriend|girlfriend|partner|husband|wife|fianc[ée]e?)\s+)?(?P<a>{_NAME})\s+"
    rf"and\s+I|I\s+and\s+(?P<b>{_NAME}))\s+(?:have\s+|just\s+|finally\s+|officially\s+)*"
    rf"(?:broke\s+up|breaks?\s+up|splits?\s+up|separated|divorced|called\s+off\s+the\s+engagement)\b|"
    rf"\bI\s+(?:just\s+|finally\s+|officially\s+)*(?:broke\s+up|split\s+up)\s+with\s+"
    rf"(?:my\s+\w+\s+)?(?P<c>{_NAME})\b|\bI\s+(?:just\s+|finally\s+)*(?:divorced|dumped)\s+"
    rf"(?:my\s+\w+\s+)?(?P<d>{_NAME})\b", re.IGNORECASE)
_PARTED_KO = re.compile(
    r"(?P<k>[가-힣A-Za-z]{1,6}?)(?:이)?(?:랑|이랑|와|과|하고)\s(?:(?:결국|드디어|완전히|그냥)\s)?"
    r"(?:헤어졌|이혼했|파혼했|헤어짐|이혼함)")


_PUT_DOWN = re.compile(PUT_DOWN, re.IGNORECASE)


# "we lost Pilot last month", "I lost my cat Miso in the spring": a death said as a loss, of
# one named — never a thing mislaid or a pet gone missing for a while ("lost Max at the park",
# "lost Biscuit for an hour"), a name's belonging ("lost Sam's number") or a game ("lost to Jo")
_LOST = re.compile(rf"\b(?:we|I)\s+(?:just\s+|sadly\s+|finally\s+)?lost\s+(?:(?:our|my)\s+(?:old\s+)?"
                   rf"(?:dog|cat|pup|puppy|kitty|greyhound|rabbit|bunny|bird|parrot|hamster|horse|"
                   rf"grandma|grandpa|grandmother|grandfather|dad|mom|mum|father|mother)\s+)?"
                   rf"(?P<n>{_NAME})(?=\s*(?:[,.;!:)]|$)|\s+(?:last|this|yesterday|today|earlier|recently|"
                   rf"over\s+the|in\s+(?:the\s+)?(?:spring|summer|fall|autumn|winter|january|february|march|"
                   rf"april|may|june|july|august|september|october|november|december))\b)")


def who_is_gone(sentence: str) -> tuple[str, ...]:
    """Who the sentence says is gone from the user's life, by name: the partner parted from
    (``parted``), or the pet put down ("we had to put Pickles down this morning" — the one put
    down is the object, so the sentence's subject is no help), or the one lost ("we lost Pilot
    last month")."""
    m = _PUT_DOWN.search(sentence) if died(sentence) else None
    lost = _LOST.search(sentence)
    return parted(sentence) or ((m.group("put"),) if m is not None and m.group("put") else ()) or (
        (lost.group("n"),) if lost is not None and lost.group("n") not in ("User", "It", "The") else ())


def parted(sentence: str) -> tuple[str, ...]:
    """The partner the user says they broke up with or divorced (empty when none)."""
    m = _PARTED_EN.search(sentence) or _PARTED_KO.search(sentence)
    if m is None:
        return ()
    name = next(g for g in m.groups() if g)
    return () if name.lower() in ("we", "i", "my", "they", "she", "he", "우리", "저희") else (name,)


_DOSE = re.compile(
    r"^\W{0,2}(?:\s?(?:을|를|은|는|도|이|가)?\s?(?:(?:하루|매일|아침|저녁|밤|자기\s?전|매주|한\s?달에)\s?)?"
    r"(?:\d+(?:\.\d+)?\s?(?:mg|ml|알|정|번|회|캡슐|방울|units?)|한\s?알|두\s?알|반\s?알|한\s?번|두\s?번)|"
    r"\s?(?:을|를|은|는|도)?\s?(?:먹고\s?있|먹어|먹는|먹인|먹이|복용|드시|드셔|맞고|맞아|맞는|처방))|"
    r"^\s+(?:\d+(?:\.\d+)?\s?(?:mg|mcg|ml|units?)|(?:once|twice|three\s+times)\s+a\s+day|daily)\b",
    re.IGNORECASE)


def dosed(content: str, name: str) -> bool:
    """``content`` states ``name`` as something taken in doses ("아포퀠 하루 한 알 먹고 있다",
    "Vetmedin 2.5mg twice a day"): a medicine by what is said of it, whether or not the
    medicine lexicon knows the name."""
    low, key = content.casefold(), name.casefold()
    at = low.find(key)
    return at >= 0 and (_DOSE.search(low[at + len(key):at + len(key) + 30]) is not None
                        or _TAKES.search(low[max(0, at - 16):at]) is not None)


# "User takes Nexium", "is on the Nexium": the English verb of taking said before the name
_TAKES = re.compile(r"\b(?:takes?|taking|is\s+on|am\s+on|been\s+on)\s+(?:the\s+|my\s+)?$")


def mentions(content: str, name: str) -> bool:
    """``content`` states ``name``: every word of an English name, or a Korean name as a
    part of a word (Korean glues particles and endings on: "헬스한다", "강남에", and on
    Latin words too: "Orbit다")."""
    if re.search(r"[\uac00-\ud7a3]", name):
        return name in content
    # whole Latin words, a Korean particle glued on allowed ("Orbit다", "Toss에서")
    low = content.casefold()
    return all(re.search(rf"(?<![a-z0-9.+#-]){re.escape(w)}(?![a-z0-9+#]|\.[a-z0-9])", low)
               for w in re.findall(r"[\w.+#-]+", name.casefold()))


# -- the memory of a change states the new value only ------------------------------------------
_HABIT = re.compile(r"smok|cigar|vap|alcohol|drink|booze|caffeine|담배|흡연|술|전자담배|카페인",
                    re.IGNORECASE)
_EN_LEFT = r"(?:quit|left|sold|ditched|dumped|traded\s+in|gave\s+up(?:\s+on)?|got\s+rid\s+of|" \
           r"dropped|stopped)"
_KO_LEFT = r"(?:팔고|팔아\s?버리고|폐차하고|해지하고|그만두고|그만\s두고|그만뒀고|그만\s?했고|그만\s?[가-힣]{1,3}고|관두고|" \
          r"관뒀고|끊고|끊었고|접고|정리하고|처분하고|취소하고)"
_KO_TO = r"(?=(?:\S+\s)?\S*?(?:으로|로)\s?(?:바꿨|바꿈|바꾸|바꾼|갈아탔|갈아타|옮겼|옮김|옮긴|넘어왔|넘어갔|이직|" \
         r"이사|전학|변경))"


# the thing left said as a sentence of its own, then what holds now after a comma: "keto
# 그만뒀어, 그냥 balanced diet로 돌아옴" (the rest must be in the present tense: "…, 너무
# 힘들어서" is a reason, and the ending stays)
_KO_LEFT_SAID = re.compile(r"(?P<x>[^\s,]+?)(?:은|는|을|를|도)?\s?(?:그만뒀|그만\s뒀|관뒀|끊었|접었|팔았|취소했|"
                           r"해지했|정리했)(?:어요|어|다|음|습니다)?,\s*(?P<rest>[^.!?]+)")


def _then_now(m: re.Match[str], name: str) -> str:
    """"" plus the rest when the ending said before the comma is of ``name`` and the rest
    states the present; else the match unchanged."""
    if m.group("x") != name and not m.group("x").startswith(name):
        return m.group(0)
    return m.group("rest") if present_tense(m.group("rest")) else m.group(0)


# what may follow the clause of the thing left when the rest says what the user did instead
# ("sold the Avante and bought a Tesla", "quit Coupang and now work for Toss", "quit the
# bakery, User is a barista now"): a past verb, a clause of its own, or any verb after
# "now"/"then" — never a reason ("quit the program, too much with work")
_DID = re.compile(r"(?:user|i|i['’]m|[a-z]+ed|is|has|does|"
                  r"(?!(?:was|this|its|thus|less|yes|plus|always|sometimes|perhaps)\b)[a-z]+[^s\W]s|"
                  r"" + "|".join(sorted(_PAST_IRREGULAR)) + r")\b"
                  # "got too busy", "felt so tired": how the user was, a reason
                  r"(?!\s+(?:too|so|very|really|pretty|super|way|kinda|a\s+bit|tired|busy|sick|"
                  r"bored|burned|burnt|overwhelmed)\b)", re.IGNORECASE)


# "…, doing salsa on thursdays now instead": what the user does instead, said by a gerund —
# "instead", or an activity's verb with "now"; never how the user is ("…, feeling much
# better now", "…, sleeping better now": a consequence, and the ending is the memory)
_DOING_NOW = re.compile(r"[a-z]+ing\b[^.!?]*\binstead\b|(?:doing|taking|playing|learning|using|"
                        r"attending|practicing|practising|studying|going\s+to)\b[^.!?]*\bnow\b",
                        re.IGNORECASE)


def _then_did(m: re.Match[str]) -> str:
    """"" when what follows the clause the user left says what they do now; else the match
    unchanged (the clause stays)."""
    if m.group("then") or _DID.match(m.string, m.end()) or _DOING_NOW.match(m.string, m.end()):
        return ""
    return m.group(0)


_THIRD = re.compile(r"^User\s+(work|live|teach|run|use|take|do|go|have|study|play|drive|own|write|make|"
                    r"help|manage|lead|coach|train|volunteer|freelance|consult)\b")
_THIRD_FORM = {"teach": "teaches", "do": "does", "go": "goes", "have": "has", "study": "studies",
               "coach": "coaches"}


def without(content: str, names: tuple[str, ...]) -> str:
    """``content`` without the clause that names what the user left behind, when the rest
    still says what holds now: "User sold the Avante last month and bought a Tesla Model 3"
    → "User bought a Tesla Model 3", "User switched from Verizon to T-Mobile" → "User
    switched to T-Mobile", "사용자는 아이폰 팔고 갤럭시 S25로 바꿨다" → "사용자는 갤럭시 S25로
    바꿨다". The old value lives on in the memory the change supersedes (with the date it
    stopped holding); kept here too, the newest memory would state both values as current.
    A sentence that only says what ended ("User quit Shinhan") is returned unchanged, and
    so is a medicine or a habit given up ("quit smoking", "switched from lisinopril"): that
    history is itself a fact about the user's health. A diet left ("키토는 그만뒀고 이제
    지중해식으로 먹어요") is dropped like any other old value."""
    if any(is_medicine(name) or _HABIT.search(name) for name in names):
        return content
    text = content
    for name in names:
        n = re.escape(name)
        if re.search(r"[\uac00-\ud7a3]", content):
            text = re.sub(rf"{n}(?:은|는|을|를|도)?\s?{_KO_LEFT}\s+", "", text)
            text = re.sub(rf"{n}에서\s{_KO_TO}", "", text)
            text = _KO_LEFT_SAID.sub(lambda m: _then_now(m, name), text)
        else:
            det = r"(?:(?:the|my|their|his|her|our|an?)\s+)?"
            text = re.sub(rf"\b{_EN_LEFT}\s+{det}{n}\b[^,;.!?]*?(?:,\s*(?:and\s+)?|\s+and\s+)"
                          r"(?P<then>(?:then\s+|now\s+|so\s+(?:now\s+)?))?(?=[a-z])", _then_did,
                          text, flags=re.IGNORECASE)
            text = re.sub(rf"\bfrom\s+{det}{n}\s+(?=to\b)", "", text, flags=re.IGNORECASE)
            # "traded in my Galaxy for a Pixel 8": what they got
            text = re.sub(rf"\b(?:traded(?:\s+in)?|swapped(?:\s+out)?|exchanged|replaced)\s+{det}{n}"
                          r"\s+(?:for|with)\s+", "got ", text, flags=re.IGNORECASE)
            text = re.sub(rf",\s*(?:and\s+)?no\s+more\s+{det}{n}\b", "", text, flags=re.IGNORECASE)
    text = re.sub(r"\s{2,}", " ", text).strip(" ,")
    text = re.sub(r"^User\s+(?=User\s)", "", text)  # "User [quit X,] User is a Y now"
    # "User [left teaching and now] work as …": the verb said after "and" takes the subject
    text = _THIRD.sub(lambda m: f"User {_THIRD_FORM.get(m.group(1).casefold(), m.group(1) + 's')}",
                      text) if text != content else text
    doing = re.sub(r"^User\s+", "", text)
    if text != content and _DOING_NOW.match(doing):  # "[Dropped pottery,] doing salsa now"
        text = f"User is {doing}"
    if text == content or len(re.findall(r"[\w가-힣]+", text)) < 3:
        return content
    return text


# -- a thing renamed: every memory about it now uses the new name -----------------------------
_Q = r"['‘’\"“”「」『』]?"
_NAME_RE = r"[\w가-힣.+#-]+(?:\s[A-Z0-9][\w.+#-]*)?"
_RENAMED = [re.compile(p) for p in (
    # "Phoenix got renamed to Atlas", "we renamed Phoenix to Atlas", "Phoenix is now called Atlas"
    rf"(?i:\b(?:renamed|rebranded)\s+){_Q}(?P<old>(?-i:[A-Z0-9])[\w.+#-]*){_Q}\s+(?i:to|as)\s+{_Q}"
    rf"(?P<new>(?-i:[A-Z0-9])[\w.+#-]*){_Q}",
    rf"{_Q}(?P<old>(?-i:[A-Z0-9])[\w.+#-]*){_Q}\s+(?i:(?:got|was|has\s+been|is\s+being|is\s+now|"
    rf"just\s+got)\s+)?(?i:renamed|rebranded|now\s+called|changed\s+its\s+name)\s+(?i:to|as)?\s*"
    rf"{_Q}(?P<new>(?-i:[A-Z0-9])[\w.+#-]*){_Q}",
    # "프로젝트명이 '바다'에서 '파도'로 바뀌었어요", "Orbit 이름 바꿨어 → Nova"
    rf"{_Q}(?P<old>[\w가-힣.+#-]+?){_Q}(?:에서)\s?{_Q}(?P<new>[\w가-힣.+#-]+?){_Q}(?:으로|로)\s?"
    r"(?:바뀌었|바뀜|바뀌|바꿨|바꿈|변경|개명)",
    rf"{_Q}(?P<old>[\w가-힣.+#-]+?){_Q}(?:의)?\s?(?:이름|명칭|name)(?:을|를|이|은)?\s?(?:바꿨|바꿈|바뀌었|바뀜|"
    rf"변경|changed)[^→>\n]{{0,12}}?(?:→|->|=>)\s?{_Q}(?P<new>[\w가-힣.+#-]+){_Q}",
)]


def slip_said_now(text: str | None, pair: tuple[str, str] | None) -> bool:
    """Whether ``pair`` (a rename) comes from a slip said bare in ``text`` ("아 60 아니고 50"):
    such a correction fixes only a value said in the same conversation (``reconcile``). A
    typo owned up to ("동생 이름 민서 아니고 민지야 typo였어") is of something written before, in
    any conversation: no slip of just now."""
    if re.search(r"오타|\btypo", text or "", re.IGNORECASE):
        return False
    return pair is not None and any(slipped_just_now(s) == pair
                                    for s in re.split(r"(?<=[.!?])\s+|\n+", text or ""))


def says_only(content: str, pair: tuple[str, str] | None) -> bool:
    """Whether ``content`` says nothing but the two values of a slip ("사용자는 커피 아니고
    차다"): with no memory of the wrong value to fix, such a memory would state nothing. One
    that says what the value is of ("소시지는 5kg 아니고 6kg다") is kept."""
    rest = content
    for value in pair or ():
        rest = re.sub(re.escape(value), " ", rest, flags=re.IGNORECASE)
    for word in (r"사용자(?:는|가|의)?", r"User(?:'s)?", "아니고", "아니라", "not", "no", "wait", "oh", "sorry", "oops", "actually", "아",
                 "is", "was", r"(?:이)?(?:다|였다|이었다|요|에요|예요)"):
        rest = re.sub(rf"(?<![\w가-힣]){word}(?![\w])", " ", rest, flags=re.IGNORECASE)
    return not re.search(r"[\w가-힣]{2,}", rest)


_NAME_WORD = re.compile(r"이름|\S명(?:이|을|은)|명칭|개명|\bname", re.IGNORECASE)


def renamed(sentence: str) -> tuple[str, str] | None:
    """(old name, new name) when the sentence says a thing got a new name ("Phoenix got
    renamed to Atlas", "프로젝트명이 '바다'에서 '파도'로 바뀌었어요", "Orbit 이름 바꿨어 →
    Nova"): what is stored about the old name is now about the new one. A correction of a
    value said in an earlier conversation ("correction from last time, it's Medford not
    Somerville", "저번에 하남이라고 했는데 잘못 말했어요, 남양주 다산이에요") is read the same way:
    what was stored with the wrong value now says the right one."""
    fixed = corrected_earlier(sentence)
    if fixed is not None:
        return fixed
    for i, pattern in enumerate(_RENAMED):
        if i == 2 and not _NAME_WORD.search(sentence):
            continue  # "사료를 로얄캐닌에서 힐스로 바꿨어" is a switch, not a new name
        m = pattern.search(sentence)
        if m is None:
            continue
        old, new = m.group("old").strip(), m.group("new").strip()
        if len(old) > 1 and len(new) > 1 and old.casefold() != new.casefold() \
                and old.casefold() not in _VAGUE and not _PERSON.fullmatch(old):
            return old, new
    return None


# -- the same place attended, named in the other language --------------------------------------
# "I quit the grad program" against "요즘 야간 대학원 다닌다": a closed class of places one
# attends whose Korean and English names do not look alike (no transliteration finds them)
_ATTENDED = (
    (r"grad|graduate|master['’]?s|ph\.?d", r"대학원"),
    (r"gym", r"헬스|체육관"),
    (r"daycare", r"어린이집"),
    (r"kindergarten", r"유치원"),
)


def named_across(name: str, content: str) -> bool:
    """``content`` names the place attended ``name`` names, in the other language ("grad"
    ↔ "대학원", "헬스" ↔ "gym")."""
    for english, korean in _ATTENDED:
        if re.fullmatch(rf"(?:{english})(?:\s+\w+)*", name, re.IGNORECASE) \
                and re.search(korean, content):
            return True
        if re.search(korean, name) and re.search(rf"\b(?:{english})\b", content, re.IGNORECASE):
            return True
    return False


def other_sentences(content: str, names: tuple[str, ...]) -> str | None:
    """The sentences of a memory that states several things ("사용자는 치과위생사다. 요즘
    야간 대학원 다니느라 정신없다") that do not name what the user left (``names``), when
    they still say who it is about; None when every sentence names it, or none does."""
    parts = re.split(r"(?<=[.!?])\s+", content.strip())
    kept = [p for p in parts if not any(mentions(p, n) or named_across(n, p) for n in names)]
    if not kept or len(kept) == len(parts) or re.match(r"(?:사용자는|User)\s", kept[0]) is None:
        return None
    return " ".join(kept).rstrip(".")


# a sentence that says what might be, not what is: nothing it names is left yet
_UNSURE = re.compile(r"\b(?:if|maybe|might|may|probably|perhaps|thinking\s+(?:of|about)|considering|"
                     r"i\s+think|i\s+guess|not\s+sure|kinda|sort\s+of|"
                     r"should|would|could|want\s+to|going\s+to|plan(?:ning)?\s+to)\b|"
                     r"아마|할까|려고|ㄹ까|을까|수도|지도|싶|생각|면\s|예정|거야|듯|같아|같은데|같기도", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|\n+|(?<=[ㅋㅎㅠㅜ])\s+")


# nouns that say what kind of thing ended, not which: the word before them names it
# ("제주 여행 취소됐어" ends what is said of 제주, not every trip)
_KIND_OF_EVENT = frozenset("여행 약속 예약 일정 계획 모임 수업 레슨 trip plan plans appointment booking "
                           "reservation class lessons".split())


_OWNER = frozenset("my our your their his her its 우리 저희 제 내".split())


def _which(sentence: str, name: str) -> str | None:
    """``name``, or the word before it when ``name`` only says what kind of thing it was;
    None when nothing names which one."""
    if name.casefold() not in _KIND_OF_EVENT:
        return name
    before = re.search(rf"([가-힣A-Za-z0-9]{{2,}})\s+(?:the\s+|my\s+|our\s+)?{re.escape(name)}",
                       sentence, re.IGNORECASE)
    word = before.group(1) if before else ""
    return word if word and word.casefold() not in _VAGUE | _OWNER else None


# "left the hotel! now head chef at a small bistro", "quit the agency, I'm freelancing now": a
# place left, then what holds now — a change of job or of what the user does, never a place
# left for the day ("left the office at 6", "left the house early": no "now" follows)
_LEFT_FOR_NOW = re.compile(
    r"(?:^|[,.;!]\s*)(?:I\s+)?(?:just\s+|finally\s+|officially\s+)?(?:left|quit)\s+(?:the|my)\s+"
    r"(?P<x>(?!(?:house|home|office|room|party|gym|building|car|bar|city|country|group|chat|hospital)\b)"
    r"[a-z][a-z-]+)\s*(?:!+|\.|,|;|\s-)\s*(?:and\s+)?(?:I['’]?m\s+|I\s+am\s+|I\s+work\s+)?now\b",
    re.IGNORECASE)


def in_turn(turn: str) -> tuple[str, ...]:
    """What the turn says the user left, in a sentence that made no memory of its own:
    "오사카 취소됐어. 친구가 다리 다쳐서. 대신 5월에 혼자 강릉 가려고" — the cancelled trip
    is said in a sentence too short to be kept, and the plan the turn keeps replaces it.
    Sentences that say what might be ("if I quit …", "끊을까") name nothing left."""
    names: list[str] = []
    for sentence in _SENTENCE_END.split(turn):
        if sentence and _UNSURE.search(sentence) is None:
            names += [w for w in (_which(sentence, n) for n in retired(sentence)) if w]
    if _UNSURE.search(turn) is None:
        names += [m.group("x") for m in _LEFT_FOR_NOW.finditer(turn)]
    return tuple(dict.fromkeys(names))


def medicine_in(content: str, name: str) -> bool:
    """``content`` states ``name`` as a medicine: a known one, in either script ("로사르탄"
    left, "… losartan 드신다" stored), or one taken in doses."""
    from gieok.write.extract.new_value import same_word

    return is_medicine(name) or dosed(content, name) or any(
        is_medicine(w) and same_word(name, w) for w in re.findall(r"\w+", content))
