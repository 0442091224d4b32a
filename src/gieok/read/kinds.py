"""What kind of thing a question asks about and a candidate is: an instruction for the
assistant, or a fact of one family (health, work, appointments).

Two failures of the same shape, found on fresh users through ``add()`` (docs/benchmarks.md
"Through add(), session 12"): where full text matches nothing and every cosine sits in the
small model's noise band (0.80–0.86), whatever is closest in form wins.

- **An instruction is not an answer.** "what medication do I take?" ranked the standing rule
  "Always answer the user in Korean please" first (dense .849) above "User switched from
  Synthroid to Tirosint"; "where do I work?" ranked "from now on answer me in Korean please"
  first. A standing rule tells the assistant how to answer or what to avoid; ``context()``
  shows rules in their own section, and in a search about the user's facts they are not
  what is asked for. ``instruction_share`` says how much of a text (by characters, per
  clause) instructs the assistant; ``about_instructions`` says whether the query asks about
  exactly that ("how should you answer me?", "답변 어떻게 해달라고 했지?"), and then rules
  rank like anything else.
- **The question's kind and the memory's family.** A question whose words name a family —
  "medication / meds / 약 / 처방", "work / job / 회사 / 직장", "appointment / 예약 / 진료",
  "diet / eat / food / 식단" —
  wants a memory of that family, even when the memory names the thing only by a proper name
  the lexicon cannot list ("Tirosint", "씬지로이드", "Coupang", "현대모비스"). Such a memory
  still shows its family by general words around the name: a doctor or a condition
  ("endocrinologist", "갑상선 때문에"), a dose ("10mg"), a verb of employment ("works at",
  "이직했어", "운영하고 있어요"), an occupation by its shape ("a dental hygienist at a
  clinic", "a barista at Blue Bottle": a role before "at/for" a named or workplace noun),
  a booking ("booked", "예약 잡았어"). ``query_families``
  reads the families a query names; ``in_family`` whether a text shows one.

Both are regular expressions over words (no model; cached per text), English and Korean,
general vocabulary only. ``search()`` lets an instruction keep
``ScoringSettings.instruction_relevance`` of its relevance (in proportion to its share)
unless the query is about instructions, and — when a query names a family and some
candidate shows it — lets the candidates that show none keep ``family_relevance``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from gieok.read.speech import share_of

# ---- instructions -----------------------------------------------------------------------

# A clause: split at sentence marks, line breaks, commas, semicolons, dashes and "and" after
# a comma, so "Don't ever suggest seafood recipes, I'm allergic to shrimp" is half a rule
# and half a fact about the user.
_CLAUSE = re.compile(r"[^.!?\n\uff1f\u3002,;:\u2014]+[.!?\uff1f\u3002]*")
_LETTER = re.compile(r"[A-Za-z\uac00-\ud7a3]")

# What only an instruction about the assistant's answers says, in English: how to answer,
# in which language or form, what to call the user.
_EN_FORM = re.compile(
    r"\b(?:(?:answer|reply|respond|talk|speak|write)(?:\s+(?:to\s+)?me)?\s+in\b"
    r"|talk\s+to\s+me|speak\s+to\s+me|call\s+me|address\s+me|answer\s+me"
    r"|your\s+(?:answers?|replies|reply|responses?|tone|messages?)"
    r"|in\s+(?:every|each|all|your)\s+(?:answers?|repl(?:y|ies)|responses?)"
    r"|in\s+(?:plain\s+)?(?:english|korean|japanese|chinese|spanish|french|german|british"
    r"\s+spelling)|emojis?|emoticons?|bullet\s+points?|spelling|metric|imperial|celsius|fahrenheit"
    r"|sources?|citations?|apologi[sz]\w*|medical\s+advice|keep\s+(?:it|them|answers?)\s+"
    r"(?:short|brief|simple|casual))\b", re.IGNORECASE)
# A clause that opens as a request to the assistant: an imperative (a verb not led by a
# subject), "please …", "can you …", "I want you to …", "always/never/don't …".
_EN_REQUEST = re.compile(
    r"^\W*(?:(?:hi|hey|ok|okay|so|also|and|but|btw|oh|just|please|pls|one\s+more\s+thing)\W+)*"
    r"(?:(?:from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future)\W+)?(?:please\W+)?"
    r"(?:(?:can|could|would|will)\s+you\b|i\s+(?:want|need|would\s+like|'d\s+like)\s+you\s+to\b"
    r"|(?:always|never|don'?t|do\s+not|stop|no\s+more)\b"
    r"|(?:answer|reply|respond|write|talk|speak|use|keep|call|address|format|give|include"
    r"|add|avoid|suggest|recommend|mention|say|explain|translate|show|list|put|make|check"
    r"|double-check|ask|remind|tell|spell|cite|limit|skip|leave)\b)",
    re.IGNORECASE)
# A standing word, and a verb of the assistant's doing that it makes a rule without a form
# word ("never recommend anything with pork", "always double-check dates you give me");
# "don't give up" and "always believe in yourself" are encouragement, not rules.
_EN_STANDING = re.compile(
    r"\b(?:from\s+now\s+on|always|never|every\s+time|going\s+forward|in\s+(?:the\s+)?future"
    r"|any\s?more|no\s+more|don'?t|do\s+not|stop)\b", re.IGNORECASE)
_EN_DOING = re.compile(
    r"\b(?:recommend\w*|suggest\w*|mention\w*|use|using|include|remind\s+me|tell\s+me|ask\s+me"
    r"|give\s+me|send\s+me|double-check|check|bring\s+up|assume)\b", re.IGNORECASE)
# What the extractor writes before a rule it stores ("Standing instruction from the user: …").
_RULE_LABEL = re.compile(r"^\W*standing\s+(?:instruction|rule)\b", re.IGNORECASE)

# Korean: what an instruction is about, what makes it standing (a prohibition is), and a
# request, prohibition or (the assistant's) promise at the clause's end.
_KO_FORM = re.compile(
    r"답변|대답|답해|답을|답장|말투|반말|존댓말|높임말|말할\s*때|말해|"
    r"(?:한국어|영어|일본어|중국어|한글)로|짧게|길게|간단히|간단하게|자세히|이모티콘|이모지|"
    r"출처|단위|섞지|불러|호칭|추천하지|추천해|쓰지|알려\s*주세요|알려\s*줘")
_KO_ONLY_FORM = re.compile(r"답변|대답|답해|말투|반말|존댓말|높임말|호칭|(?:한국어|영어|일본어|"
                           r"중국어)로만?")
_KO_STANDING = re.compile(r"앞으로|항상|(?<![가-힣])늘(?![가-힣])|매번|무조건|절대|언제나|앞으론|이제부터|지금부터|"
                          r"지\s*마|지\s*말")
_KO_ENDING = re.compile(
    r"(?:주세요|주실래요|줘|줄래|줘요|주라|마|마라|마세요|말아줘|말아\s*주세요|말아요|해라|하세요|"
    r"드릴게요|드리겠습니다|할게요|하겠습니다|해요|해)$")
_TRAILING = re.compile(r"[\s.!~^ㅋㅎㅠㅜ?]+$")


def _instructs(clause: str) -> bool:
    """Whether one clause instructs the assistant (module docstring)."""
    plain = clause.strip()
    if _RULE_LABEL.search(plain):
        return True
    if _EN_REQUEST.search(plain):
        # a one-off request ("suggest a gift for my mom") is no rule: it needs a word of the
        # answer's form, or a standing word and a verb of the assistant's doing
        return bool(_EN_FORM.search(plain)) or (
            bool(_EN_STANDING.search(plain)) and bool(_EN_DOING.search(plain)))
    hangul = _TRAILING.sub("", plain)
    if hangul and _KO_ENDING.search(hangul) and _KO_FORM.search(hangul):
        return bool(_KO_STANDING.search(hangul) or _KO_ONLY_FORM.search(hangul))
    return False


@lru_cache(maxsize=131072)
def instruction_share(text: str) -> float:
    """The share of ``text`` (by characters, per clause) that instructs the assistant how to
    answer or what to avoid, in [0, 1]; cached per text (a candidate comes back for many
    searches)."""
    if not _LETTER.search(text):
        return 0.0
    if _RULE_LABEL.search(text):
        return 1.0
    return share_of(text, _CLAUSE, _instructs)


# A query about the instructions themselves: then rules are what it wants.
_ABOUT_INSTRUCTIONS = re.compile(
    r"\b(?:rules?|instructions?|instructed|style|format|formatting|tone|how\s+(?:should|do|"
    r"must|to)\s+(?:you|i\s+want\s+you\s+to)\s+(?:answer|reply|respond|talk|speak|write|address"
    r"|call)|(?:told|asked|want)\s+you\s+to|call\s+me|your\s+(?:answers?|replies|responses?))\b"
    r"|규칙|지시|말투|답변|대답|말하라고|해달라고|하라고|하지\s*말라고|부르라고|호칭|형식|스타일",
    re.IGNORECASE)


def about_instructions(query: str) -> bool:
    """Whether ``query`` asks about the user's instructions to the assistant (how to answer,
    what to avoid, what to call them)."""
    return bool(_ABOUT_INSTRUCTIONS.search(query))


# ---- families ---------------------------------------------------------------------------

# family -> (words of a query that name it, general words a memory of it shows). Korean
# patterns match inside words (particles attach); English whole words, any inflection.
# 일하다 in any ending, opening its word: "일해", "일하거든", "일했어", "일합니다", "일하는"
# ("매일 해" and "일요일" are not: the word must open with 일 and go on with 하/해/했/합).
_KO_WORKS = r"(?<![가-힣])일(?:하|해|했|합)"
_FAMILY_CUES: dict[str, tuple[str, str]] = {
    "health": (
        r"\b(?:medications?|medicines?|meds|pills?|drugs?|prescriptions?|prescribed|dose"
        r"|dosage|tablets?)\b|(?<![가-힣])약(?![속간혼])|복용|처방",
        r"\b(?:medications?|medicines?|meds|pills?|drugs?|prescri\w+|doses?|dosage|tablets?"
        r"|capsules?|inhaler|insulin|refill\w*|pharmac\w+|doctor|physician|\w+ologist"
        r"|allerg\w+|diagnos\w+|\d+\s?(?:mg|mcg|ml|iu)"
        r"|thyroid|diabet\w*|blood\s+pressure|cholesterol|asthma|anxiety|depression"
        r"|migraines?|insomnia|\w+(?:statin|olol|pril|sartan|formin|profen|azole|oxetine))\b"
        r"|(?<![가-힣])약(?![속간혼])|(?:혈압|감기|두통|수면|처방|알레르기)약|수면제|진통제|복용|처방|의사|병원|"
        r"(?:내|외|신경|정신|안|피부|이비인후)과(?=[에의를가\s]|$)|당뇨|혈압|갑상선|콜레스테롤|"
        r"천식|편두통|우울|불안|알레르기|알러지|\d+\s?(?:mg|밀리)"),
    "work": (
        r"\b(?:work(?:s|ing)?(?=\s*(?:at|for|as|now|these\s+days|\?|$))|(?:my|for)\s+work"
        r"|job|jobs|occupation|career(?!-)|profession|employer|employed|company|boss"
        r"|coworkers?|for\s+a\s+living)\b"
        r"|직장|회사|직업|일자리|근무|출근|무슨\s*일|일\s*뭐|내\s*일\b|하는\s*일|" + _KO_WORKS,
        r"\b(?:works?\s+(?:at|as|for|in|remotely)|working\s+(?:at|as|for)|job|employ\w*"
        r"|company|office|startup|firm|hired|promoted|freelanc\w*|clients?|shifts?|teach\w*"
        r"|colleagues?|coworkers?|boss"
        r"|run\s+a|own\s+a|started\s+at|engineer|developer|designer|nurse|teacher"
        r"|manager|paralegal|lawyer|analyst|consultant|researcher|accountant)\b"
        # an occupation the list does not hold, by its shape: "a <role> at/for <place>"
        r"|\b(?:am|is|'m|was|been)\s+an?\s+(?:[\w-]+\s+){1,3}?(?:at|for)\s+(?:an?\s+|the\s+)?"
        r"(?:(?-i:[A-Z])|\w+\s+(?:clinic|hospital|school|college|firm|company|agency|bank|shop"
        r"|store|office|restaurant|cafe|bakery|startup|lab))"
        r"|회사|직장|이직|입사|퇴사|근무|운영|팀장|부장|과장|연구소|"
        r"출근|사업|가게|직원|알바|교사|선생님|간호사|개발자|디자이너|엔지니어|" + _KO_WORKS),
    "appointment": (
        r"\b(?:appointments?|booking|booked|reservations?|check-?up|consultation)\b"
        r"|예약|진료|검진|약속|일정",
        r"\b(?:appointments?|booked|booking|reservations?|reserved|scheduled|check-?up"
        r"|cleaning|consultation|interview)\b"
        r"|예약|진료|검진|약속|일정|잡았|잡혀|면접"),
    # what the user eats: a diet or what they leave out ("switched to pescatarian", "no
    # dairy", "고기 안 먹어"), not a meal they had ("we grabbed tacos"): "what do I eat?"
    # folded "User is pescatarian" under its turn "back running! also switched to
    # pescatarian, needed more protein" (the lead's trial, session 18)
    "diet": (
        # the habit, not one meal ("what did she eat at the party?" names no family)
        r"\b(?:diets?|dietary|food\s+(?:restrictions?|preferences?|allerg\w+|rules?)"
        r"|(?:do|does|can|can'?t|cannot|should|shouldn'?t|must)\s+(?:i|you|we|he|she|they)"
        r"\s+(?:not\s+)?eat(?!\s+out)|foods?\s+(?:(?:should|do|must)\s+)?(?:i|we)\s+(?:avoid|can'?t"
        r"|don'?t)|foods?\s+to\s+avoid)\b"
        r"|식단|식습관|가리는|못\s*먹|먹으면\s*안|안\s*먹는",
        r"\b(?:vegetarian|vegan|pescatarian|keto|paleo|gluten[- ]free|dairy[- ]free|lactose"
        r"|halal|kosher|plant[- ]based|low[- ]carb|intermittent\s+fasting|diets?|dieting"
        r"|allerg\w+|(?:don'?t|doesn'?t|never|can'?t|no\s+longer)\s+eats?"
        r"|no\s+(?:meat|pork|beef|dairy|gluten|sugar|alcohol|seafood|fish|eggs))\b"
        r"|채식|비건|페스코|키토|글루텐|유당|할랄|식단|다이어트|알레르기|알러지|"
        r"(?:고기|육류|유제품|돼지고기|소고기|해산물|밀가루|생선|계란)\S*\s*(?:안|못)\s*먹"),
    # where the user lives: "where is my home now?", "where do I live?", "어디 살아?" wants a
    # memory of a home ("renting a small flat downtown", "signed the papers on a house in
    # Valencia", "moved to Busan", "전세로 이사했어"), not every turn that says "house": on the
    # LongMemEval-format set "house plants" chatter took the first places for "home"
    "home": (
        r"\bwhere\b[^?.!]{0,40}\b(?:live[sd]?|living|reside[sd]?|residing|home|house"
        r"|apartment|flat|mov(?:e|ed|ing)\s+(?:to|from))\b"
        r"|\b(?:what|which)\s+(?:city|town|country|neighbou?rhood|area|state)\b[^?.!]{0,30}"
        r"\b(?:live[sd]?|living|reside[sd]?|home)\b"
        r"|\bhome\s+address\b|\b(?:my|your|their|his|her)\s+(?:address|residence)\b"
        r"|어디\s*(?:에서?\s*)?(?:살|사세|사시|사니|사냐|거주)|사는\s*(?:곳|데|동네)|집(?:이|은)?\s*어디"
        r"|거주지|주소",
        r"\b(?:live[sd]?|living)\s+(?:in|at|near|on|by|downtown|alone|together|with)\b"
        r"|\bmov(?:e|ed|es|ing)\s+(?:in(?:to)?|to|out|from|back|house|abroad|here|there)\b"
        r"|\b(?:rent(?:s|ed|ing)?|renter|lease|leasing|landlord|landlady|mortgage|tenant"
        r"|roommates?|housemates?|flatmates?|hometown|neighbou?rhood|residen\w+|resides?)\b"
        r"|\b(?:a|an|the|my|our|his|her|their|new|own)\s+(?:[\w-]+\s+)?(?:house|home|flat"
        r"|apartment|condo|studio|townhouse)\b(?!\s+(?:plants?|party|parties|rules?|music))"
        r"|(?<![가-힣])(?:살고\s*있|살아요|살았|산다|삽니다)|거주|이사|전세|월세|자취|집주인|아파트|원룸|"
        r"오피스텔|동네"),
}
_QUERY_FAMILY = {name: re.compile(q, re.IGNORECASE) for name, (q, _) in _FAMILY_CUES.items()}
_MEMORY_FAMILY = {name: re.compile(m, re.IGNORECASE) for name, (_, m) in _FAMILY_CUES.items()}


def query_families(query: str) -> frozenset[str]:
    """The families ``query``'s words name (``_FAMILY_CUES``)."""
    return frozenset(name for name, cue in _QUERY_FAMILY.items() if cue.search(query))


@lru_cache(maxsize=131072)
def text_families(text: str) -> frozenset[str]:
    """The families ``text`` shows by its general words, or by a kind the lexicon lists
    under the family's things (``_FAMILY_HEADS``); cached per text."""
    return frozenset(name for name, cue in _MEMORY_FAMILY.items()
                     if cue.search(text) or _names_kind(text, name))


# Families whose memories also show by what the lexicon (read/lexicon.txt) lists under a
# thing of theirs: "User takes iron supplements", "사용자는 요즘 철분제 먹고 있다", "비타민 D
# 먹어" are the user's medicine though no word above says so — the lexicon's kinds of
# medicine (supplement, vitamin, 철분, 영양제 …) do, in both languages, and stay one list.
_FAMILY_HEADS: dict[str, tuple[str, ...]] = {"health": ("medicine", "illness")}
_EN_TOKEN = re.compile(r"[a-z][a-z-]+")
_KO_EOJEOL = re.compile(r"[가-힣]{2,}")


@lru_cache(maxsize=8)
def _family_words(name: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The family's lexicon words: English (whole words) and Korean (two syllables or
    more, matched at the start of a word: a particle or "제"/"약" may follow)."""
    from gieok.read.expansion import kind_words  # expansion imports nothing of this module

    words = {w for head in _FAMILY_HEADS.get(name, ()) for w in kind_words(head)}
    english = frozenset(w for w in words if w.isascii())
    korean = tuple(sorted(w for w in words if not w.isascii() and len(w) >= 2))
    return english, korean


def _names_kind(text: str, name: str) -> bool:
    """Whether ``text`` names one of the family's lexicon words (``_family_words``)."""
    if name not in _FAMILY_HEADS:
        return False
    english, korean = _family_words(name)
    lowered = text.lower()
    tokens = _EN_TOKEN.findall(lowered)
    for token in tokens:
        if token in english or (token.endswith("s") and token[:-1] in english):
            return True
    if any(f"{a} {b}" in english for a, b in zip(tokens, tokens[1:], strict=False)):
        return True
    return any(eojeol.startswith(korean) for eojeol in _KO_EOJEOL.findall(text))


def in_family(text: str, families: frozenset[str]) -> bool:
    """Whether ``text`` shows any of ``families``."""
    return bool(families & text_families(text))


def kind_shares(contents: Mapping[str, str], query: str, *, instruction: float,
                family: float) -> dict[str, float]:
    """The share of its relevance each candidate (id -> text) keeps for its kind: an
    instruction ``1 − (1 − instruction) × its instruction share`` unless the query is about
    instructions; when the query names a family some candidate shows, a candidate showing
    none of it ``family`` — also when full text found it by a word of the query: that word
    is another of the query's ("take", "치과"), not the family, or the candidate would show
    it. Only the candidates that lose something are in the result."""
    out: dict[str, float] = {}
    if instruction < 1.0 and not about_instructions(query):
        for cid, text in contents.items():
            share = instruction_share(text)
            if share > 0.0:
                out[cid] = 1.0 - (1.0 - instruction) * share
    if family < 1.0:
        named = query_families(query)
        if named:
            shown = {cid for cid, text in contents.items() if in_family(text, named)}
            if shown:
                for cid in contents:
                    if cid not in shown:
                        out[cid] = out.get(cid, 1.0) * family
    return out
