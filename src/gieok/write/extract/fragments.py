"""A verbless fragment that goes on about what the sentence before it said.

In chat a fact often comes in two pieces: a statement, then a bare noun phrase that names
what it was about — "drone 샀어. DJI Mini 4 Pro", "나도 와인 좋아함. 내추럴 와인", "I adopted a
cat last week. Grey tabby, three years old.", "my mate wants to borrow my tent. it's a £600
Hilleberg". The fragment has no predicate of its own, so no rule reads it, and alone it is
no memory; but the name, the model, the kind it gives is often the very thing the user
will later ask about. The extractor appends such a fragment to the memory the previous
sentence of the same turn made (``elaborated``), instead of dropping it.

What counts as a fragment is decided by structure, not by words of a topic: in Korean,
Kiwi's analysis shows no verb, adjective, copula, ending, topic or subject (those make
a clause, which other rules read: "7살 푸들이야" after a pet is named is about the pet); in English, no pronoun subject and no finite verb, an optional "it's"/"that's"
opener that points back. Interjections, laughter, questions and requests are never
fragments ("thanks!", "lol", "ㅋㅋ 진짜?").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.base import Candidate, Hit
from gieok.write.extract.timeexpr import resolve_time

_LAUGHTER = re.compile(r"[ㅋㅎㅠㅜ]{2,}|\^\^")
_LAUGH = re.compile(rf"(?:{_LAUGHTER.pattern}|[~!.…]+)")
_MAX_WORDS = 8

# English: an opener that points back at what was just said ("it's a £600 Hilleberg")
_POINTS_BACK = re.compile(r"^(?:it|that|this)(?:['’]s|\s+is|\s+was)\s+(?=\S)",
                          re.IGNORECASE)
_EN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d[\d.,:/-]*[A-Za-z%]*|[£$€₩¥]\d[\d.,]*")
# words that make a clause (a subject or a finite verb) or a reply, not a noun phrase
_EN_CLAUSE = frozenset("""
i i'm i've i'd i'll me you you're we we're they they're he she he's she's it it's there's
let's that's what's who's here's
am is are was were be been being have has had do does did don't doesn't didn't will
would can can't could should shall may might must need needs want wants like likes
love loves hate hates think thinks know knows feel feels guess mean get gets got go goes
went make makes made take takes took say says said tell told see saw look looks
please pls plz can't won't isn't aren't wasn't weren't haven't hasn't
""".split())
_EN_REPLY = frozenset("""
yes yeah yep yup no nope nah ok okay sure thanks thank thx ty lol lmao haha hahaha hehe
cool nice great awesome perfect wow oh ah hmm hm um uh bye hi hello hey right true exactly
agreed fine anyway whatever good
""".split())

_NUMBERS = frozenset("one two three four five six seven eight nine ten eleven twelve "
                     "twenty thirty forty fifty hundred first second third".split())
_DETERMINERS = frozenset("a an the my our his her their its".split())

# Korean: morphemes that make a predicate of their own (a copula only names)
_KO_PREDICATE = ("VV", "VA", "VX", "XSV", "XSA", "EP")
_TOPIC = frozenset(("은", "는", "ㄴ", "도"))


def _english(text: str) -> bool:
    body = _POINTS_BACK.sub("", text, count=1)
    words = [w.casefold().replace("’", "'") for w in _EN_WORD.findall(body)]
    if not words or len(words) > _MAX_WORDS:
        return False
    if any(w in _EN_CLAUSE for w in words):
        return False
    # a past tense or participle after a name or noun is a verb ("Steve moved to sales",
    # "named her Mochi"); after a determiner it describes ("a used car")
    raw = _EN_WORD.findall(body)
    if any(w.endswith("ed") and len(w) > 3 and (i == 0 or raw[i - 1].casefold() not in _DETERMINERS)
           for i, w in enumerate(raw)):
        return False
    if words[0] in _EN_REPLY:  # "yes, two", "lol the 2019 one": a reply, not a name
        return False
    # a noun phrase names something: a number or an amount, a name (a capital past the first
    # word), or a determiner before a word ("a Brompton"); "wild", "so annoying" name nothing
    return any(w[0].isdigit() or w[0] in "£$€₩¥" or w.casefold() in _NUMBERS for w in raw) \
        or any(w[0].isupper() for w in raw[1:]) \
        or any(a.casefold() in _DETERMINERS for a in raw[:-1])


def _korean(text: str) -> bool:
    from gieok.write.extract import discourse, korean

    toks = [t for t in korean.tokens(text) if not t.tag.startswith(("SF", "SP", "SE", "SS", "SW"))]
    if not toks or len(text.split()) > _MAX_WORDS:
        return False
    if any(t.tag.startswith(_KO_PREDICATE) for t in toks):
        return False
    # an ending, a copula ("7살 푸들이야" says something of the pet just named), a topic or
    # a subject ("이름은 콩이") make a clause: other rules read those
    if any(t.tag.startswith(("E", "VCP", "JKS")) or (t.tag == "JX" and t.form in _TOPIC)
           for t in toks):
        return False
    if not any(t.tag.startswith(("NN", "NP", "NR", "SL", "SN", "SH")) for t in toks):
        return False
    if all(t.tag in ("IC", "MAG", "MAJ") or t.form in ("응", "네", "예", "아니", "ㅇㅇ")
           for t in toks if not t.tag.startswith(("VCP", "E", "J"))):
        return False
    if re.search(r"(?:좀|좀요|부탁|ㄱㄱ|plz|pls)\s*$", text):
        return False  # "셔츠 추천좀": a request without its verb, not a name
    return discourse.ko_subject(text) == "none"


def is_fragment(sentence: str) -> bool:
    """Whether ``sentence`` is a bare noun phrase (or a copula naming one) with no clause of
    its own — something that can only go on about what was said before it."""
    text = _LAUGH.sub(" ", sentence).strip(" ,")
    if not text or any(c in text for c in "?？:"):  # a labelled item is a statement
        return False
    return _korean(text) if _HANGUL.search(text) else _english(text)


def elaborated(content: str, fragment: str) -> str:
    """``content`` with ``fragment`` said after it, in parentheses; a second fragment joins
    the first ("…: 19개월 (쌍둥이야 둘 다 남자애, 준이랑 율이)")."""
    more = _LAUGHTER.sub(" ", fragment)  # "13.6 inch", "Fly.io" keep their dots
    more = re.sub(r"\s+", " ", more).strip(" ,.!~…")
    base = content.rstrip(" .")
    if base.endswith(")") and " (" in base:
        return f"{base[:-1]}, {more})"
    return f"{base} ({more})"


def touched(before: Sequence[object], after: Sequence[object]) -> int | None:
    """The index of the memory a sentence added or went on with: ``before`` is the turn's
    memories as the sentence found them, ``after`` as it left them (memories are immutable,
    so a changed one is a new object). None when it left them as they were."""
    if len(after) > len(before):
        return len(after) - 1
    if len(after) < len(before):
        return None
    changed = [i for i, (old, new) in enumerate(zip(before, after, strict=True)) if old is not new]
    return changed[-1] if changed else None


def onto(candidate: Candidate, fragment: str, at: datetime | None) -> Candidate:
    """``candidate`` with ``fragment`` said after it (``elaborated``), and the date the
    fragment gives when the memory had none ("I'm flying to Lisbon. Next Friday.")."""
    merged = candidate.with_(content=elaborated(candidate.content, fragment))
    when = None if (candidate.data or {}).get("when") else resolve_time(fragment, at)
    return merged if when is None else merged.with_(data={**(merged.data or {}), **when.as_data()})


def opening(sentences: list[str], prior: str | None, shown: str,
            hits: Callable[[str], Sequence[tuple[Hit, str]]]) -> list[str]:
    """The turn's sentences, with the user's previous message's last sentence said again
    before them when the turn opens with a fragment that names the thing that sentence said
    the user bought or owns ("finally bought an e-bike." → next message "A Tern HSD. how
    often should I charge it?"), so the make goes on that memory (same slot: it replaces the
    bare one). Only right after the user's own message (no assistant turn between: after a
    question the fragment answers it) and only a thing owned (a possession rule's slot)."""
    if shown or not prior or not sentences or not is_fragment(sentences[0]):
        return sentences
    if not any(h.slot and "possession" in h.tags for h, _ in hits(prior)):
        return sentences
    return [prior, *sentences]


# A household said as a bare count before the question it is for ("three cats in a one-bed, how
# many litter boxes do I actually need", "2 kids under 5, what car should we get"): a count of
# animals or children with no verb is what the user has — the question is cut off, the count is
# the fact. Only animals and children: "two tickets", "3 bags" are what the task is about.
_HOUSEHOLD = re.compile(
    r"^(?:(?:so|ok|okay|well|right|hi|hey)[,\s]+)*(?P<n>two|three|four|five|six|seven|eight|"
    r"nine|ten|\d{1,2}|a\s+couple\s+of)\s+(?:[\w-]+\s+){0,2}?"
    r"(?P<what>cats|dogs|kittens|puppies|rabbits|bunnies|hamsters|guinea\s+pigs|ferrets|birds|"
    r"budgies|chickens|hens|ducks|goats|horses|kids|children|boys|girls|toddlers|teenagers|"
    r"teens|sons|daughters)\b(?P<rest>(?:\s+(?:in|and|with|at|under|aged|all|plus)\b[^,;:?!.]*)?)"
    r"[\s.]*$", re.IGNORECASE)


def household(text: str) -> str | None:
    """The first-person statement of a household said as a bare count ("three cats in a
    one-bed" → "I have three cats in a one-bed"), or None when the text is anything else."""
    m = _HOUSEHOLD.match(text.strip())
    if m is None:
        return None
    return "I have " + text.strip()[m.start("n"):].rstrip(" .")
