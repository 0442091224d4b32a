"""What the user says is theirs on the way to asking about it (W3, English): a condition of
theirs that flares up, a thing of theirs named by its make or model, and "mine" pointing back
at what the question before it named.

People rarely announce "I have a Brompton" or "I have a herniated disc"; they ask: "how do I
keep my Brompton from getting stolen?", "my e-bike (a Rad Power RadWagon) dies in the cold,
normal?", "stretches for someone with a herniated disc at L4-L5? mine flared up again". The
question is no memory, and the noise filter drops it whole — the possession with it. Three
structures carry the fact whatever the wording:

- **"my" + a proper name of a thing** (a capitalised make or model, or a generic noun with
  the make in brackets) inside a question or a request: the user owns one. A person ("my
  Mom"), a day, a language or a service the user only has an account with ("my Spotify
  account", "my Python script") is not a thing owned; the exclusions are closed classes.
- **"mine" opening the sentence after a question** that named a condition or a thing with
  "someone with …" or "for a …": "mine" is the user's own one of it.
- **a condition of the user's that flares up** ("my eczema flares up every winter", "my knee
  is acting up again"): flaring is what a chronic condition does, so it is a health fact,
  not an incident of the day.

``statements`` turns the first two into a plain first-person sentence said after the
question, so every gate after it (noise, the learned judge, the rules) still decides.
"""

from __future__ import annotations

import re

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Rule
from gieok.write.extract.health import HEALTH
from gieok.write.extract.patterns_en import FAMILY, LANGUAGES, MONTHS, PETS, DAYS, rule
from gieok.write.extract.patterns_en_personal import BOUGHT_NOT
from gieok.write.extract.workspace import is_workspace, project_said, work_tool
from gieok.write.normalize import first_person_to_user_en

_ASKING = re.compile(r"\?\s*$|^(?:(?:ok|so|hey|hi|quick\s+q(?:uestion)?)[,:\s]+)*(?:how|what|why|"
                     r"where|which|when|who|is|are|does|do|did|can|could|should|would|will|any|"
                     r"help|please|pls)\b", re.IGNORECASE)
# what a capitalised word after "my" is when it is no thing owned
_NOT_A_THING = re.compile(
    rf"^(?:{FAMILY}|mum|mommy|mummy|daddy|nana|papa|granny|gran|hubby|bf|gf|{DAYS}|{MONTHS}|"
    rf"{LANGUAGES}|god|lord|goodness|gosh|bad|dear|i|ok|okay|phd|ma|ba|bs|msc|mba|gp|doctor|dr|"
    rf"vet|boss|manager|team|family|friend|friends|birthday|christmas|easter|thanksgiving)$",
    re.IGNORECASE)
# what follows a service's name: an account with it, or work done in it, not a thing owned
_ACCOUNT = re.compile(
    r"^\s*(?:account|acct|subscription|plan|password|login|profile|feed|page|channel|inbox|"
    r"calendar|playlist|library|history|settings|stats|score|results|code|script|scripts|"
    r"project|app|notebook|homework|essay|class|course|exam|test|lesson|sheet|spreadsheet|doc|"
    r"docs|document|file|files|email|emails|order|orders|cart|points|balance|card|id|"
    r"username|handle|status|streak|story|stories|post|posts|bio|resume|cv|portfolio|"
    # what the user plays or takes part in: "my D&D campaign", "my Discord server"
    r"campaign|game|server|group|guild|team|club|league|character|world|run|build|deck)s?\b",
    re.IGNORECASE)
# who or what of a service's is meant, not a thing the user owns: "my Airbnb guests"
_PEOPLE = re.compile(r"^\s*(?:guest|host|customer|client|driver|tenant|landlord|seller|buyer|"
                     r"follower|subscriber|student|user|member|listing|review|rating|bill|"
                     r"payment|update|warranty|refund|support|rep|agent)s?\b", re.IGNORECASE)
# a part of the thing: the thing is still the user's ("my Switch battery")
_PART = re.compile(r"^(?:battery|batteries|screen|charger|cable|case|remote|controller|filter|"
                   r"motor|engine|tires?|tyres?|brakes?|chain|lens|strap|keyboard|trackpad|"
                   r"speaker|speakers|fan|lid|handle|blade|blades|bowl|jar|base|cord|plug|"
                   r"port|ports|button|buttons|display|sensor|light|lights)$")
# a word that follows the name and is no part of it: a verb or a preposition
_FOLLOWS = re.compile(r"^(?:from|to|in|on|at|for|with|is|was|are|were|keeps|kept|has|had|"
                      r"died|dies|broke|breaks|stopped|stops|needs|makes|made|won|doesn|isn|"
                      r"can|and|or|since|because|but|so|if|when|that|which|just|still|again|"
                      r"randomly|suddenly|always|never|now|anymore|back|any|into|without|"
                      r"outside|inside|after|before|every|each|running|getting|making|"
                      r"starting|turning|working|doing|going|won't|doesn't|isn't|can't|"
                      r"smells|smell|sounds|makes|leaks|leaking|shows|says|won't)$")
_PRODUCT = r"(?-i:[A-Z][\w-]*|[a-z]+[A-Z][\w-]*)(?:\s+(?-i:[A-Z0-9][\w-]*|[a-z]*\d[\w-]*)){0,3}"
# "my Brompton", "my old Honda Civic", "my iPhone 13"
_MY_PRODUCT = re.compile(
    rf"(?<![\w'’])my\s+(?:(?:old|new|trusty|beloved|little|ancient|first|second)\s+)?"
    rf"(?P<p>{_PRODUCT})(?P<after>[^.!?;\n]{{0,20}})", re.IGNORECASE)
# "my e-bike (a Rad Power RadWagon)", "my blender, a Vitamix 5200,"
_MY_NOUN_MAKE = re.compile(
    rf"(?<![\w'’])my\s+(?P<n>[a-z][\w-]+(?:\s+[a-z][\w-]+)?)\s*(?:\(|,\s*)(?:an?\s+|the\s+)?"
    rf"(?P<p>{_PRODUCT})\s*(?:\)|,)", re.IGNORECASE)

# "what's a good lock for an e-scooter, mine's a Segway Ninebot Max": "mine" inside the
# question, the user's one of what it asks about, by its make
_MINE_IS = re.compile(rf"(?:[,;:–—-]\s*|\s(?:and|but|btw)\s+)mine(?:['’]s|\s+is)\s+(?:an?\s+|the\s+)?"
                      rf"(?P<p>{_PRODUCT})")
# what a question names that "mine" can point back at: "for someone with a herniated disc",
# "a good case for an iPhone 15", "tips for a leaky faucet"
_NAMED = re.compile(
    r"\b(?:(?:someone|somebody|anyone|anybody|people|folks|a\s+(?:person|guy|woman|man|kid|"
    r"runner|beginner))\s+with|for|with)\s+(?:an?\s+|the\s+)?(?P<np>(?:[\w-]+\s+){0,4}?[\w-]+)"
    r"(?=\s*(?:[?,.;!]|$)|\s+(?:and|or|that|who|which|to|when|if|after|before|because|so|like|"
    r"without|please|pls|lol)\b)", re.IGNORECASE)
_NOT_NAMED = re.compile(r"^(?:(?:my|your|his|her|their|our|this|that|these|those|it|me|you|"
                        r"him|them|us|example|instance|sure|now|today|tonight|dinner|lunch|"
                        r"breakfast|fun|free|real|once|good)\b)", re.IGNORECASE)
_MINE = re.compile(r"^(?P<f>(?:(?:and|but|so|well|oh|because|cause|cuz|since)[,\s]+)*)"
                   r"(?P<m>mine|ours)(?P<s>['’]s|\s+is|\s+has|\s+was|\s+keeps|\s+\w+ed\b|"
                   r"\s+\w+s\b)", re.IGNORECASE)
# "for someone with a herniated disc": what "mine" is, is the disc
_WHO_WITH = re.compile(r"^(?:someone|somebody|anyone|anybody|people|folks)\s+with\s+(?:an?\s+|the\s+)?",
                       re.IGNORECASE)
# "ours is called Dumpling", "mine's named Kiwi": the sentence gives a name
_NAMING = re.compile(r"(?:['’]s|\s+is)\s+(?:called|named)\b|['’]s\s+name\s+is\b", re.IGNORECASE)
# the animal a question is about, however it is asked ("what should I feed a 3-month-old
# corgi?"): "ours is called Dumpling" next is the user's corgi
_ASKED_PET = re.compile(rf"\b(?:an?|the)\s+(?:[\w-]+\s+){{0,3}}?(?P<np>(?i:{PETS}))\b",
                        re.IGNORECASE)


# "it's a £600 Hilleberg", "it's an old Trek", "it's the 14" M4 Pro": the thing just named,
# by its make; also said with no "it's" at all ("my new piano arrived! a Yamaha U1.")
_IT_IS_MAKE = re.compile(
    r"^(?i:(?:(?:oh|and|but|btw|well|lol|yeah|fwiw)[,\s]+)*(?:it['’]?s\s+|it\s+is\s+)?(?:an?\s+|the\s+)?)"
    r"(?P<q>(?:(?:[£$€₩]\s?\d[\d,.]*k?|\d+(?:\.\d+)?\s?(?:\"|”|''|-?inch(?:es)?)|"
    rf"\d+\s?(?:yo|year[-\s]old)|(?:19|20)\d\d|old|new|secondhand|second-hand|vintage|used)\s+)*)"
    rf"(?P<p>{_PRODUCT})"
    r"(?:\s+(?P<n>[a-z][a-z-]+))?\s*[.!]*$")
# the user's thing said before it: "my mate wants to borrow my tent", "my new upright piano
# arrived", "the MacBook I just bought"
_MY_NOUN = re.compile(r"(?<![\w'’])my\s+(?:(?:old|new|only|favourite|favorite|first|"
                      r"secondhand|second-hand|used)\s+)*(?:(?:upright|grand|electric|acoustic|"
                      r"digital|folding|mountain|road|gaming)\s+)?(?P<n>[a-z][a-z-]{2,})\b(?!['’])|"
                      r"(?<![\w'’])the\s+(?P<t>(?-i:[A-Z][\w-]*|[a-z]+[A-Z][\w-]*)|[a-z][a-z-]{2,})\s+(?:I|we)\s+"
                      r"(?:just\s+|finally\s+|recently\s+)?(?:bought|got|ordered|picked\s+up)\b")
_NOT_OWNED = re.compile(
    rf"^(?:{FAMILY}|{PETS}|mate|mates|friend|friends|boss|manager|colleague|coworker|neighbou?r|"
    r"flatmate|housemate|landlord|landlady|teacher|doctor|therapist|team|class|students?|"
    r"clients?|life|job|work|time|head|mind|day|week|plan|plans|way|own|fault|turn|name|"
    r"birthday|wedding|shift|opinion|idea|question|answer|phone\s+number|address)$",
    re.IGNORECASE)


def _made_by(before: str, sentence: str) -> str | None:
    """"… borrow my tent …? it's a £600 Hilleberg" → "I have a £600 Hilleberg tent": "it" is
    the last thing of the user's the sentence before named. The statement takes the place of
    the "it's a …" sentence (``statements``), so the make is said once: the fragment step
    (``fragments``) only reads an "it's a …" that no "my <thing>" before explains."""
    make = _IT_IS_MAKE.match(sentence.strip())
    if make is None or _NOT_A_THING.match(make.group("p").split()[0]):
        return None
    if not re.match(r"(?:(?:oh|and|but|btw|well|lol|yeah|fwiw)[,\s]+)*(?:it|an?\s)", sentence.strip(),
                    re.IGNORECASE):
        return None  # a bare name with no article ("Yamaha."): the fragment step reads it
    before = re.sub(r"\([^)]*\)", " ", before)  # "my new (well, secondhand) piano"
    nouns = [m.group("n") or m.group("t") for m in _MY_NOUN.finditer(before)
             if not _NOT_OWNED.match(m.group("n") or m.group("t"))]
    if not nouns or (make.group("n") and make.group("n") != nouns[-1]):
        return None
    if make.group("p").split()[0].lower() in ("the", "a") \
            or make.group("p").casefold() == nouns[-1].casefold():
        return None
    if re.search(r"[A-Z]", nouns[-1]):  # "the MacBook I just bought? It's the 14" M4 Pro": a model
        return f"I have {_a(make.group('q') + make.group('p'))} {nouns[-1]}"
    if re.search(r"\d", make.group("p").split()[0]):
        return None
    return f"I have {_a(make.group('q') + make.group('p'))} {nouns[-1]}"


# "the MacBook I just bought", "the kayak we got last month": a thing the user bought
_THE_BOUGHT = re.compile(r"(?<![\w'’])the\s+(?P<n>(?:(?:new|used|secondhand)\s+)?(?:[A-Z][\w-]*|"
                         r"[a-z]+[A-Z][\w-]*|"
                         r"[a-z][a-z-]{2,}))\s+(?:I|we)\s+(?:just\s+|finally\s+|recently\s+)?"
                         r"(?:bought|ordered|picked\s+up)\b")


# how to keep up a thing by its make: "how do I descale a Breville Barista Express", "how
# can I reset the Roomba": only its owner descales, resets or services one (not "how do you
# …", asked of anyone's; not one "at work" or someone else's)
_UPKEEP = re.compile(
    r"\bhow\s+(?:do|can|should|would)\s+(?:I|we)\s+(?:properly\s+|safely\s+)?(?:descale|clean|"
    r"deep[-\s]clean|reset|factory\s+reset|fix|repair|service|calibrate|unclog|defrost|maintain|"
    r"winteri[sz]e|sharpen|oil|reboot|re-?pair|update\s+the\s+firmware\s+on)\s+(?:an?|the|our)\s+"
    rf"(?P<p>{_PRODUCT})(?P<after>[^.!?;\n]{{0,30}})", re.IGNORECASE)
_NOT_MINE = re.compile(r"\b(?:at\s+(?:work|the\s+office|school)|(?:friend|mum|mom|dad|neighbou?r|"
                       r"boss|sister|brother|parent)s?['’]s?\b|rental|hired|borrowed)", re.IGNORECASE)


def _possession(question: str) -> str | None:
    """"I have a Brompton" for a question or request that names the user's Brompton."""
    upkeep = _UPKEEP.search(question)
    if upkeep is not None and not _NOT_A_THING.match(upkeep.group("p").split()[0]) \
            and not _NOT_MINE.search(upkeep.group("after")) \
            and not re.search(rf"\b(?:{FAMILY}|{PETS})\b", upkeep.group("p"), re.IGNORECASE):
        return f"I have {_a(upkeep.group('p'))}"
    bought = _THE_BOUGHT.search(question)
    if bought is not None and not _NOT_OWNED.match(bought.group("n")) \
            and not BOUGHT_NOT.search(bought.group("n")) \
            and not re.fullmatch(r"(?:stuff|things?|ones?|food|groceries|snacks?|meat|bread|milk|"
                                 r"coffee|wine|beer|fish|veg|vegetables|fruit|ingredients?|"
                                 r"books?|clothes|shoes|flowers|medicine|pills?|tickets?)",
                                 bought.group("n"), re.IGNORECASE):
        return f"I bought {_a(bought.group('n'))}"
    theirs = _MINE_IS.search(question)
    if theirs is not None and not _NOT_A_THING.match(theirs.group("p").split()[0]):
        return f"I have {_a(theirs.group('p'))}"  # "… for an e-scooter, mine's a Ninebot Max"
    made = _MY_NOUN_MAKE.search(question)
    if made is not None and not _NOT_A_THING.match(made.group("p").split()[0]):
        return f"I have {_a(made.group('n'))} ({made.group('p')})"
    for m in _MY_PRODUCT.finditer(question):
        product, after = m.group("p"), m.group("after")
        if len(product) < 2 or after[:1] in tuple("&+/'’-") or _ACCOUNT.match(after) \
                or _NOT_A_THING.match(product.split()[0]) \
                or _PEOPLE.match(after) or re.match(r"\s*['’]s\b", after) \
                or re.search(rf"\b(?:{FAMILY}|{PETS})\b", product, re.IGNORECASE):
            continue  # "my Mom", "my Spotify account", "my Airbnb guest", "my Corgi"
        head = re.match(r"\s+(?P<n>[a-z][a-z-]+)\b", after)
        inverted = re.search(r"\b(?:can|could|does|did|will|would|should|is|was|do|may|"
                             r"might|must)\s*$", question[:m.start()], re.IGNORECASE)
        if head is not None and inverted is None and not _PART.match(head.group("n")) \
                and not _FOLLOWS.match(head.group("n")):  # ("can my Kindle read PDFs?")
            product += " " + head.group("n")  # "my Etsy shop", "my Le Creuset pan"
        return f"I have {_a(product)}"
    return None


def _a(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _mine(question: str, sentence: str) -> str | None:
    """"mine flared up again" after "… for someone with a herniated disc?" → "my herniated
    disc flared up again"; "ours is called Dumpling" after "what should I feed a 3-month-old
    corgi?" → "our corgi is called Dumpling"."""
    start = _MINE.match(sentence.strip())
    if start is None:
        return None
    rest = sentence.strip()[start.end("f"):]
    # a name given is a pet's when the question asked about an animal (not "for a week")
    named = [m.group("np") for m in _ASKED_PET.finditer(question)] \
        if _NAMING.match(rest[len(start.group("m")):]) else []
    named = named or [_WHO_WITH.sub("", m.group("np")) for m in _NAMED.finditer(question)
                      if not _NOT_NAMED.match(m.group("np"))]
    if not named:
        return None
    mine = "our" if start.group("m").lower() == "ours" else "my"
    return f"{start.group('f')}{mine} {named[-1]}{rest[len(start.group('m')):]}"


def statements(sentences: list[str]) -> list[str]:
    """The turn's sentences, with what a question says is the user's as a statement of its
    own after it ("I have a Brompton"), and "mine" after a question resolved to what the
    question named."""
    out: list[str] = []
    asked: str | None = None
    said: str | None = None  # the sentence before, as the user said it
    owned: int | None = None  # where the statement the sentence before gave is
    for sentence in sentences:
        if re.search(r"[\uac00-\ud7a3]", sentence):
            out.append(sentence)
            out.extend(ko_statements(sentence))
            asked, said, owned = None, None, None
            continue
        if asked is not None:
            sentence = _mine(asked, sentence) or sentence
        made = _made_by(said, sentence) if said else None
        # (the statement replaces the sentence, and the bare statement the question before
        # gave: one memory says the make, not two)
        if made is not None and owned is not None:
            out[owned] = made
        else:
            out.append(sentence if made is None else made)
        said, owned = sentence, None
        asking = _ASKING.search(sentence.strip()) is not None
        statement = _possession(sentence) if asking else None
        if statement is not None:
            owned = len(out)
            out.append(statement)
        asked = sentence if sentence.rstrip().endswith(("?", "？")) else None
    return out


# a condition of the user's that flares up, acts up or comes back: what a chronic one does
_FLARES = (r"(?:(?:has|have|had|always|often|sometimes|usually|really|just|totally)\s+)*"
           r"(?:flared(?:\s+up)?|flares?(?:\s+up)?|(?:is|was|keeps|kept)\s+flaring(?:\s+up)?)")
_ACTS_UP = (r"(?:(?:has|have|had|always|often|sometimes|usually|really|just|totally)\s+)*"
            r"(?:(?:is|was|keeps|kept|has\s+been)\s+acting\s+up|acts?\s+up|acted\s+up|"
            r"(?:has\s+)?(?:come|came)\s+back|relapsed|got\s+worse|(?:is|has\s+been)\s+getting\s+"
            r"worse)")
_BODY = re.compile(
    r"\b(?:back|knee|knees|hip|hips|shoulder|neck|wrist|ankle|elbow|disc|disk|spine|joints?|"
    r"sciatica|migraines?|tendon|achilles|acl|mcl|plantar|gut|skin|sinus(?:es)?|tinnitus|"
    r"\w+(?:itis|osis|algia|pathy|emia|aemia))\b", re.IGNORECASE)


def _condition(x: str) -> bool:
    """Not a relative, a pet, a mood or a device: "my laptop keeps acting up"."""
    return not re.search(rf"\b(?:{FAMILY}|{PETS}|temper|boss|car|laptop|phone|computer|wifi|"
                         rf"internet|printer|code|app)\b", x, re.IGNORECASE)


RULES_EN: list[Rule] = [
    rule("en.health.flares",
         rf"(?P<all>(?<![\w'’])(?:my|our)\s+(?P<x>(?:[\w-]+\s+){{0,4}}?[\w-]+)\s+{_FLARES}\b"
         r"[^.!?;\n]{0,80})",
         lambda g, _: first_person_to_user_en(g["all"]), "health",
         type=MemoryType.CONSTRAINT, tags=("health", "chronic"),
         check=lambda g, _: _condition(g["x"])),
    rule("en.health.acts_up",
         rf"(?P<all>(?<![\w'’])(?:my|our)\s+(?P<x>(?:[\w-]+\s+){{0,4}}?[\w-]+)\s+{_ACTS_UP}\b"
         r"[^.!?;\n]{0,80})",
         lambda g, _: first_person_to_user_en(g["all"]), "health",
         type=MemoryType.CONSTRAINT, tags=("health", "chronic"),
         check=lambda g, _: _condition(g["x"]) and (_BODY.search(g["x"]) is not None
                                                or HEALTH.search(g["x"]) is not None)),
]


# -- Korean: a thing of the user's said on the way to a question -----------------------------
# "친구는 MacBook Pro 쓰는데 난 ThinkPad X1 Carbon 써", "구보다 L4508 쓰는데 manual을 잃어버렸어요":
# a product named by its make or model code (a Latin word or a code with digits, after an
# optional Hangul make) that the user uses or rides — never one a named other person uses
_KO_PRODUCT = (r"(?:[가-힣]{1,6}(?<![은는이가을를도의께])\s){0,2}(?:[A-Za-z][\w.+-]*|[A-Za-z]*\d[\w.+-]*)"
               r"(?:\s(?:[A-Za-z][\w.+-]*|\d[\w.+-]*))*")
_KO_USES = re.compile(
    rf"(?:(?<=\s)|^)(?:(?P<me>나|저|난|전|나는|저는)\s)?(?P<p>{_KO_PRODUCT})(?:을|를)?\s?"
    r"(?P<v>쓰는데|써요|써|씀|씁니다|쓰고\s?있(?:어요|어|는데|습니다)|타는데|타요|타|탐|"
    r"타고\s?있(?:어요|어|는데))(?=$|[\s,.!~ㅋㅎ])")
# "아버지한테 물려받은 1978년식 야마하 업라이트 피아노가 있는데요, …": a thing said with how it
# came to the user (inherited, bought, kept for years) and that the user has it
# (a giver said before it stays with it: "물려주신 재봉틀" without "할머니가" is garbled)
_KO_HAS = re.compile(
    r"(?P<giver>[가-힣]+(?:가|이|께서|한테서?|에게서?|께)\s(?=물려))?(?P<np>"
    r"(?:물려받은|물려주신|산|샀던|새로\s산|쓰던|오래된|\d{4}년식|\d+년\s된)\s"
    r"(?:[^\s,]+\s){0,3}?[^\s,]+?)(?P<j>이|가)\s?있(?:는데요?|거든요?|어서|어요|어|습니다)"
    r"(?=$|[\s,.!~])")
# another person as the clause's topic or subject: what they use is theirs
_OTHER_TOPIC = re.compile(r"(?:^|\s)(?!(?:나|저|난|전|내가|제가)\s)[가-힣]+(?:은|는|이|가)\s")
_NOT_OWNED_KO = re.compile(r"^(?:버스|지하철|택시|기차|KTX|SRT|비행기|배|자전거\s?도로)")


# "내 MacBook Air M2 배터리가 벌써 85%야 정상이야?": the user's thing, by its make, in a
# question about it (its part, or itself, as the subject)
_KO_MY_PRODUCT = re.compile(
    r"(?:^|\s)(?:내|제)\s(?P<p>(?:[A-Za-z][\w.+-]*|[A-Za-z]*\d[\w.+-]*)(?:\s(?:[A-Za-z][\w.+-]*|"
    r"\d[\w.+-]*))*)(?:\s?(?!계정|아이디|구독|요금제|파일|코드|주문|예약|점수|결과|성적)[가-힣]{1,4}?)?"
    r"(?:이|가|은|는|을|를)\s")
_ASKS_KO_OWNED = re.compile(r"[?？]\s*$|[?？]\s|(?:정상|괜찮|고장|문제)\S*\s*$|(?:해야|하나|돼|되나|될까)\S*\s*$")
# a health fact of the user's said as the reason or background of a question or request:
# "라텍스 알러지라서 장갑 바꿔 달라고 해야 되는데 영어로 어떻게 말해?", "정신과에서 졸피뎀 반 알
# 처방받았는데요, 이거 먹고 운전해도 되나요?" — the question is dropped whole, the fact with it
_KO_HEALTH_CLAUSE = re.compile(
    r"^(?P<c>.*?(?:알레르기|알러지))(?:가\s?있어서|가\s?있는데|(?:이)?라서|(?:이)?라(?=\s)|여서|"
    r"이어서|\s?때문에|\s?있어서|\s?있는데)\s|"
    r"^(?P<p>.*?처방\s?받았)(?:는데요?|어서|거든요?)[\s,]")
_ASKS_KO = re.compile(r"[?？]\s*$|(?:줘|주세요|줄래|줄래요|주실래요|할까|될까|되나요|돼요\?|어때)"
                      r"[\s.!~ㅠㅜ]*$")


def _ko_health_said(sentence: str) -> list[str]:
    """The health fact a Korean question or request gives as its reason, as a statement of
    its own ("저는 라텍스 알러지가 있어요", "저는 정신과에서 졸피뎀 반 알 처방받았어요"); the
    rules still decide whose it is and what it names."""
    m = _KO_HEALTH_CLAUSE.match(sentence.strip())
    if m is None or _ASKS_KO.search(sentence.strip()) is None:
        return []
    if m.group("c"):
        return [f"{m.group('c').strip()}가 있어요"]
    return [f"{m.group('p').strip()}어요"]


def _phone_said(sentence: str) -> bool:
    from gieok.write.extract.slots import _PHONE  # (slots builds on this module)

    return _PHONE.search(sentence) is not None


def ko_statements(sentence: str) -> list[str]:
    """What a Korean sentence says the user owns, as plain statements said after it ("나는
    ThinkPad X1 Carbon 써요", "저는 1978년식 야마하 업라이트 피아노가 있어요"); none when
    it says no such thing."""
    out: list[str] = _ko_health_said(sentence)
    if project_said(sentence) or is_workspace(sentence):
        return out  # what a sentence about the work uses is the work's (workspace knowledge)
    for m in _KO_USES.finditer(sentence):
        before = sentence[:m.start()]
        if not sentence[m.end():].strip(" .!~ㅋㅎ,") and not re.sub(r"[\s,]", "", before):
            continue  # the whole sentence: the rules read it as said
        clause = re.split(r"(?:는데|지만|고)\s", before)[-1]
        if _NOT_OWNED_KO.match(m.group("p")) or (not m.group("me") and _OTHER_TOPIC.search(clause)) \
                or work_tool(m.group("p")):
            continue  # (a tool the user works with is the work's, not a thing owned: workspace)
        verb = "타요" if m.group("v").startswith("타") else "써요"
        out.append(f"저는 {m.group('p')} {verb}")
    mine = _KO_MY_PRODUCT.search(sentence)
    if mine is not None and _ASKS_KO_OWNED.search(sentence.strip()) and not work_tool(mine.group("p")) \
            and not re.fullmatch(r"[A-Z]{1,4}", mine.group("p")) \
            and not _phone_said(sentence):  # (not "내 MBTI가"; a phone has a slot rule of its own)
        out.append(f"저는 {mine.group('p')} 써요")
    for m in _KO_HAS.finditer(sentence):
        out.append(f"저는 {m.group('giver') or ''}{m.group('np')}{m.group('j')} 있어요")
    return out
