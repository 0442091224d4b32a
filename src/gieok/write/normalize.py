"""W5: canonical form and scores for candidates, plus the small text helpers the extractors
share (Korean particles, phrase clipping, relative dates).

Content is made short and self-contained: whitespace collapsed, trailing punctuation and
fillers removed, first letter capitalised in English, one sentence. Importance follows seed
001: safety-critical items (allergy, medication, chronic illness, contraindication) rank
highest, then diet and profile items, then everything else; explicit requests add a little.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from gieok.domain.records import MemoryType, Source
from gieok.write.extract.base import Candidate

MAX_CANDIDATE_CHARS = 300

# -- Korean particles ------------------------------------------------------------------------


def has_batchim(word: str) -> bool:
    """True when the last Hangul syllable has a final consonant (decides 을/를, 이/가…)."""
    for ch in reversed(word.strip()):
        if "\uac00" <= ch <= "\ud7a3":
            return (ord(ch) - 0xAC00) % 28 != 0
        if ch.isdigit():
            return ch in "013678"
        if ch.isalpha():
            return ch.lower() in "lmnr"  # roughly how Korean readers pronounce the letter
    return False


def josa(word: str, pair: str) -> str:
    """``josa("고양이", "을/를") == "고양이를"``; pairs: 을/를, 이/가, 은/는, 과/와, 으로/로."""
    with_final, without = pair.split("/")
    if pair == "으로/로" and word and (ord(word[-1]) - 0xAC00) % 28 == 8:  # ㄹ final → 로
        return word + without
    return word + (with_final if has_batchim(word) else without)


# -- phrase cleanup --------------------------------------------------------------------------

_EN_CLAUSE_BREAK = re.compile(
    r"\s*(?:,\s*)?\b(?:but|because|since|though|although|whereas|while|so that|unless|"
    r"which|who|where|when|if|cause|cuz|'cause|lol|haha|hehe)\b.*$|"
    r"\s*(?:,\s*)?\b(?:and|so|or)\s+(?:I|i|I'm|I've|I'd|my|it|it's|we|he|she|they|you|that|"
    r"this|there|then|now|also)\b.*$|"
    r",\s+(?:it|that|this|which|and|but|so|because|since|as|though|although|while|when)\b.*$|"
    r"\s+[-—–]\s+.*$|\s*\(.*$",
    re.IGNORECASE,
)
_EN_TRAILING = re.compile(
    r"(?:\s*,)?\s+(?:now|right now|these days|nowadays|lately|currently|at the moment|anymore|"
    r"a lot|so much|very much|too|as well|though|actually|really|honestly|already|though|"
    r"btw|by the way|haha|lol|:\)|:D|!+|"
    r"for\s+(?:\d+|a|an|one|two|three|four|five|six|ten|many|several|a\s+few|the\s+past)\s+"
    r"(?:years?|months?|weeks?|days?)(?:\s+now)?|since\s+(?:\d{4}|last\s+\w+|\w+\s+\d{4}))\s*$",
    re.IGNORECASE,
)
_EDGE_PUNCT = " \t\n\"'“”‘’.,!?;:~…-·"


def clip_en(phrase: str) -> str:
    """Cut an English phrase at the next clause ("…, but I…") and drop trailing fillers."""
    text = re.sub(r"\s*,\s*[\uac00-\ud7a3].*$", "", phrase.strip())  # ", 그리고 …" starts a new clause
    text = _EN_CLAUSE_BREAK.sub("", text)
    for _ in range(3):
        text = _EN_TRAILING.sub("", text).strip(_EDGE_PUNCT)
    return text


_EN_RULE_BREAK = re.compile(
    r"\s*(?:,\s*)?\b(?:because|since|cause|cuz|'cause|lol|haha|hehe)\b.*$|\s*\(.*$",
    re.IGNORECASE)


def clip_rule_en(phrase: str) -> str:
    """Like ``clip_en`` for an instruction to the assistant: its condition is part of it
    ("reply in English, even if I write in Korean", "… unless I ask otherwise"); only a
    reason or chatter after it is cut."""
    text = re.sub(r"\s*,\s*[\uac00-\ud7a3].*$", "", phrase.strip())
    text = _EN_RULE_BREAK.sub("", text)
    for _ in range(3):
        text = _EN_TRAILING.sub("", text).strip(_EDGE_PUNCT)
    return text


_KO_CLAUSE_BREAK = re.compile(
    r"(?:는데|은데|인데|지만|니까|어서|아서|해서|라서|이라서|고\s+나서|면서)(?:\s.*)?$"
)


def clip_ko(phrase: str) -> str:
    text = _KO_CLAUSE_BREAK.sub("", phrase.strip())
    return text.strip(_EDGE_PUNCT)


def collapse(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


_PRONOUNS = frozenset(
    "it that this you them those these him her me us everything something anything nothing "
    "one ones which what stuff things thing".split()
)


def is_pronoun_phrase(phrase: str) -> bool:
    words = phrase.lower().split()
    return not words or words[0] in _PRONOUNS or (len(words) == 1 and words[0] in _PRONOUNS)


_EN_PERSON = {
    # mode: (I am, I have, I will, I would, my, mine, me, myself, I)
    "subject": ("User is", "User has", "User will", "User would", "User's", "User's", "User",
                "User", "User"),
    "pronoun": ("they are", "they have", "they will", "they would", "their", "theirs", "them",
                "themselves", "they"),
    "object": ("the user is", "the user has", "the user will", "the user would", "the user's",
               "the user's", "the user", "the user", "the user"),
}


# A capitalised pronoun inside a title or name ("a novel called The Last Mine", "Between Us",
# "Stand By Me") is a word of that name, not the speaker: it stays as written. It must follow a
# capitalised word (not "I", not a sentence's first word) or a naming verb, so "Mine's scruffy"
# and "and my dog" still change.
_CAPITAL_PRONOUN = re.compile(r"\b(?:Mine|Ours|Me|Us|My|Our|We|Myself)\b")
_TITLE_WORD = re.compile(r"(?:^|[^.!?\s]\s+)(?!I\b)([A-Z][\w'’]*)\s+$|"
                         r"\b(?:called|named|titled)\s+$")


def keeping_titles(text: str, rewrite: Callable[[str], str]) -> str:
    """``rewrite(text)`` (a first-person rewrite) with a title's pronouns left as written."""
    kept = [m for m in _CAPITAL_PRONOUN.finditer(text)
            if m.start() and _TITLE_WORD.search(text[:m.start()])]
    for m in reversed(kept):
        text = text[:m.start()] + "\x00" + text[m.end():]
    text = rewrite(text)
    for m in kept:
        text = text.replace("\x00", m.group(0), 1)
    return text


def first_person_to_user_en(text: str, mode: str = "subject") -> str:
    """Rewrite first person for a self-contained memory.

    ``subject``: "my wife's birthday is June 3" → "User's wife's birthday is June 3";
    ``pronoun`` (after "User decided …"): "to sell my car" → "to sell their car";
    ``object`` (rules for the assistant): "call me Jin" → "call the user Jin".
    A title's pronouns stay ("a novel called The Last Mine": ``keeping_titles``).
    """
    return keeping_titles(text, lambda t: _first_person_en(t, mode))


def _first_person_en(text: str, mode: str) -> str:
    am, have, will, would, my, mine, me, myself, i = _EN_PERSON[mode]
    out = re.sub(r"(?<![\w'])(?:I am|I'm|I’m|Im)\b", am, text)
    out = re.sub(r"(?<![\w'])I(?:'ve|’ve)\b", have, out)
    out = re.sub(r"(?<![\w'])I(?:'ll|’ll)\b", will, out)
    out = re.sub(r"(?<![\w'])I(?:'d|’d)\b", would, out)
    out = re.sub(r"\b(?:[Mm]y|[Oo]ur)\b", my, out)  # "we love our new house": the household's
    out = re.sub(r"\b(?:[Mm]ine|[Oo]urs)\b", mine, out)
    out = re.sub(r"\b[Mm]yself\b", myself, out)
    out = re.sub(r"\b[Mm]e\b", me, out)
    out = re.sub(r"(?<![\w'])I\b", i, out)
    if mode == "subject":
        out = re.sub(r"\bUser (am|was)\b",
                     lambda m: "User " + ("is" if m.group(1) == "am" else "was"), out)
    return out


def first_person_to_user_ko(text: str) -> str:
    out = re.sub(r"(?<![가-힣])(?:나는|저는|난|전)(?=\s)", "사용자는", text)
    out = re.sub(r"(?<![가-힣])(?:내가|제가)(?=\s)", "사용자가", out)
    out = re.sub(r"(?<![가-힣])(?:나의|저의|내|제)(?=\s)", "사용자의", out)
    out = re.sub(r"(?<![가-힣])(?:나를|저를|날)(?=\s)", "사용자를", out)
    out = re.sub(r"(?<![가-힣])(?:나|저)(?=\s)", "사용자", out)
    return out


# -- scores (W5) -----------------------------------------------------------------------------

IMPORTANCE_BY_FAMILY = {
    "health": 0.9, "rule": 0.8, "diet": 0.8, "profile": 0.7, "residence": 0.7, "family": 0.7,
    "pet": 0.7, "job": 0.7, "decision": 0.7, "date": 0.65, "plan": 0.6, "preference": 0.55,
    "habit": 0.5, "situation": 0.55, "explicit": 0.7, "note": 0.5,
}
_CRITICAL = re.compile(
    r"allerg|알레르기|알러지|anaphyla|medic|약을|복용|insulin|인슐린|chronic|만성|diabet|당뇨|"
    r"asthma|천식|epilep|간질|contraindic|금기|pregnan|임신|seizure|kidney|신장|heart|심장",
    re.IGNORECASE,
)


def score_importance(candidate: Candidate, family: str) -> float:
    base = IMPORTANCE_BY_FAMILY.get(family, 0.5)
    if _CRITICAL.search(candidate.content):
        base = max(base, 0.9)
    if candidate.source is Source.EXPLICIT:
        base = min(1.0, base + 0.1)
    return round(base, 3)


def finalize(candidate: Candidate) -> Candidate | None:
    """Canonical content (or ``None`` when nothing worth storing is left)."""
    text = collapse(candidate.content).strip(" \t\n\"'“”‘’,;:~")
    text = re.sub(r"\s+([,.!?])", r"\1", text)
    text = re.sub(r"[.!?。]+$", "", text).strip()
    if candidate.lang == "en" and text[:1].islower():
        text = text[:1].upper() + text[1:]
    if len(re.sub(r"\W", "", text)) < 4:
        return None
    if len(text) > MAX_CANDIDATE_CHARS:
        text = text[: MAX_CANDIDATE_CHARS - 1].rstrip() + "…"
    confidence = min(1.0, max(0.0, candidate.confidence))
    importance = min(1.0, max(0.0, candidate.importance))
    value = collapse(candidate.value).casefold() if candidate.value else candidate.value
    return candidate.with_(content=text, confidence=round(confidence, 3),
                           importance=round(importance, 3), value=value)


TYPE_DEFAULT_CATEGORY = {
    MemoryType.RULE: "feedback",
    MemoryType.PREFERENCE: "preference",
}


def strip_particles(phrase: str) -> str:
    """Drop Korean particles after the last noun ("고수는" → "고수", "고양이를" → "고양이")
    without cutting nouns that merely end like one ("오이", "고양이"). Uses the morpheme
    analyser the full-text index already loads."""
    if not phrase or not re.search(r"[\uac00-\ud7a3]$", phrase):
        return phrase
    from gieok.text.analysis import kiwi

    tokens = kiwi().tokenize(phrase)
    cut = len(phrase)
    for token in reversed(tokens):
        if token.tag.startswith("J") and token.start + token.len == cut:
            cut = token.start
        else:
            break
    return phrase[:cut].rstrip() or phrase
