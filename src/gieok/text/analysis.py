"""Text analysis for full-text indexes, shared by every store.

Korean attaches particles to words ("강남구에"), so a plain unicode tokenizer never matches
"강남구". Korean text therefore gets a second field of content morphemes from kiwipiepy
(nouns, verb and adjective stems, roots, foreign words); English goes through the index's own
stemming tokenizer. Kiwi takes ~1 s and ~0.5 GB to load, so it is loaded once, lazily, and
only when Hangul is seen.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Any

from gieok.text.hangul import HANGUL as _HANGUL

_WORD = re.compile(r"\w+", re.UNICODE)
_KEEP_TAGS = frozenset({"NNG", "NNP", "NR", "NP", "VV", "VA", "XR", "SL", "SH", "SN", "MAG"})
STOPWORDS = frozenset(
    """a an and are as at be been but by can could did do does for from had has have he her
    him his how i if in into is it its me my of on or our she so than that the their them
    then there these they this to was we were what when where which who whom why will with
    would you your yours about after before did do just also very""".split()
)

_kiwi: Any = None
_kiwi_lock = threading.Lock()


def kiwi() -> Any:
    """The shared Kiwi analyser, loaded on first use."""
    global _kiwi
    with _kiwi_lock:
        if _kiwi is None:
            from kiwipiepy import Kiwi

            _kiwi = Kiwi()
        return _kiwi


def load_tokenizer() -> None:
    """Load the Korean tokenizer now (a service calls this at start-up so that the first
    Korean request does not pay for it)."""
    kiwi()


def has_hangul(text: str) -> bool:
    return _HANGUL.search(text) is not None


@lru_cache(maxsize=4096)
def korean_morphs(text: str) -> tuple[str, ...]:
    """Content morphemes of the Hangul parts of ``text`` (empty when there is no Hangul),
    and the Latin words written onto Hangul ("lead는" → "lead", see ``_glued``)."""
    return tuple(form for form, _ in _tagged_morphs(text))


@lru_cache(maxsize=4096)
def _tagged_morphs(text: str) -> tuple[tuple[str, str], ...]:
    if not has_hangul(text):
        return ()
    return _kept(text, kiwi().tokenize(text))


def _content(text: str, tokens: Any) -> tuple[str, ...]:
    return tuple(form for form, _ in _kept(text, tokens))


# Korean attaches particles to English words too ("team lead는", "Python보다", "Rust로"):
# the index's word tokenizer then sees one token "lead는", which no query word matches.
# Kiwi separates the Latin part (tag SL); it joins the morpheme column when it was glued to
# Hangul — a Latin word standing alone is already a token of the word column, and listing
# it twice would count it twice.
_LATIN = re.compile(r"[A-Za-z]")


def _glued(text: str) -> list[tuple[int, int]]:
    """Spans of the word-tokens of ``text`` that mix Hangul with Latin letters."""
    return [(m.start(), m.end()) for m in _WORD.finditer(text)
            if has_hangul(m.group(0)) and _LATIN.search(m.group(0))]


def _kept(text: str, tokens: Any) -> tuple[tuple[str, str], ...]:
    spans = _glued(text)
    return tuple((t.form.lower(), t.tag) for t in tokens
                 if (t.tag in _KEEP_TAGS and has_hangul(t.form))
                 or (t.tag == "SL" and any(a <= t.start < b for a, b in spans)))


# Words that name whose memory it is. Every memory of a scope is about its user ("User lives
# in…", "사용자는…"), so in a query they say nothing about *which* memory is meant — like
# "I" and "my", already stop words. Korean pronouns (tag NP: 나, 저, 내, 우리…) likewise.
SUBJECT_TERMS = frozenset({"user", "users", "사용자", "유저"})
# Words a question is built with, not what it asks about ("What should I get Butter for his
# birthday?", "can you tell me …"): in a query they match whichever memory happens to use
# them ("… trying to get into running") and outrank the one about Butter. Queries only.
QUERY_FILLERS = frozenset(
    """should shall may might must get got getting gets let please tell know think""".split())

# Korean light verbs, the do/have/be of STOPWORDS: the stems of "하다", "있다", "되다" end
# a large share of all Korean sentences ("운동해", "있어?", "됐어"), so in a query they
# match a quarter of a Korean store's rows while saying nothing about which row is meant.
# Dropped from queries only; documents keep them (a query of nothing else still matches
# through the dense side).
KO_LIGHT_VERBS = frozenset({"하", "있", "되"})

# Words that point at the time of asking ("오늘 저녁 메뉴 추천해줘", "what should I cook
# today?", "요즘 뭐 먹지?"): in a query they name the moment, not a memory, yet full text
# matched them against any stored turn that said "today" ("오늘 비 오네") and, in a small
# store, made that turn the most relevant thing known. Dropped from queries only; the
# moment is read by query analysis (read/temporal.py), and documents keep them.
QUERY_NOW = frozenset({"today", "tonight", "now", "currently", "nowadays", "lately",
                       "recently", "오늘", "요즘", "요새", "지금", "최근", "오늘밤"})


def morph_field(text: str) -> str:
    """The value of the morpheme column for a document."""
    return " ".join(korean_morphs(text))


def morph_fields(texts: list[str]) -> list[str]:
    """``morph_field`` of many documents, the Korean ones analysed in one Kiwi call (its
    worker threads share the batch; a bulk load calls this off the event loop)."""
    out = [""] * len(texts)
    todo = [i for i, text in enumerate(texts) if has_hangul(text)]
    if len(todo) < 8:  # not worth a batch; the per-text cache may know them
        for i in todo:
            out[i] = morph_field(texts[i])
        return out
    for i, tokens in zip(todo, kiwi().tokenize([texts[i] for i in todo]), strict=True):
        out[i] = " ".join(_content(texts[i], tokens))
    return out


# A query text that starts with this mark is a list of separate words (a query's expansion,
# read/expansion.py), not a sentence: each Korean word is analysed on its own, cached, so a
# list of forty words costs no Kiwi call once its words have been seen (as running text it
# cost ~20 ms per query).
WORD_LIST_MARK = "\u203b "


@lru_cache(maxsize=8192)
def _word_morphs(word: str) -> tuple[tuple[str, str], ...]:
    return _tagged_morphs(word)


def query_terms(text: str) -> tuple[list[str], list[str]]:
    """(plain words for the stemmed column, Korean morphemes for the morpheme column).

    Latin words go to both: a document's morpheme column holds the Latin words written onto
    Hangul ("team lead는"), which its word column cannot match (``_glued``); and a Latin
    word a Korean query glues to a particle ("Python보다") is searched as a word too."""
    if text.startswith(WORD_LIST_MARK):
        tagged: tuple[tuple[str, str], ...] = tuple(
            pair for word in text[len(WORD_LIST_MARK):].split() if has_hangul(word)
            for pair in _word_morphs(word))
    else:
        tagged = _tagged_morphs(text)
    words = [
        w for w in (m.group(0).lower() for m in _WORD.finditer(text))
        if w not in STOPWORDS and w not in QUERY_FILLERS and w not in SUBJECT_TERMS
        and w not in QUERY_NOW and not has_hangul(w)
        and (len(w) > 1 or w.isdigit())
    ]
    morphs = [form for form, tag in tagged
              if tag != "NP" and form not in SUBJECT_TERMS and form not in QUERY_NOW
              and not (tag in ("VV", "VA") and form in KO_LIGHT_VERBS)]
    glued = [form for form, tag in tagged if tag == "SL" and form not in STOPWORDS
             and form not in QUERY_FILLERS and form not in SUBJECT_TERMS and len(form) > 1]
    latin = [*words, *glued]
    return list(dict.fromkeys(latin)), list(dict.fromkeys([*morphs, *latin]))


# A memory's ``index_text`` (searched, never shown) counts this much per occurrence of a
# term, relative to its content: context helps a memory be found without outranking
# memories that say the thing themselves (measured in docs/benchmarks.md).
INDEX_TEXT_WEIGHT = 0.5
