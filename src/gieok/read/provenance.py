"""A fact ranks at least where the turn it came from ranks (provenance).

Found on fresh users through ``add()`` (docs/benchmarks.md "Through add(), session 13"): a
question about the user ranked the raw turn above the fact extracted from it, and ``fold``
(read/search.py: one hit per source turn) then dropped the fact. "what medication do I
take?" showed "my GP put me on citalopram 20mg now, up from 10" and never "User's GP put the
user on citalopram 20mg …"; "where do I work?" showed three turns that say "work" and not
"User is a night-shift nurse at St James's in Leeds". The turn wins on evidence the fact
cannot have: an archived turn is indexed with its neighbours' text (write/archive.py), so
full text and the dense vector see "taking melatonin" one turn earlier, or "at work" one
turn later, while the fact is indexed by its own sentence.

A fact says what its turn says, stated plainly, kept current (a superseded fact leaves the
search; its turn stays), and it carries the turn as provenance (``source_turn_ids``). So
the fact is lent the relevance of its best source turn among the candidates when that is
higher than its own, and it sits just above that turn (``LEAD``): folding then keeps the
fact and drops the turn, instead of the other way round. A fact whose turns are not
candidates, or rank below it, keeps its own relevance; turns never borrow from facts.

Only a fact that says what its turn says is lent (found in the lead's trial, session 14:
"do I have pets?" ranked the turn "just an air fryer and a rice cooker honestly. oh and our
parrot Kiwi screams …" first; the memory cut from it, the user's answer about kitchen
equipment, took the turn's place and the parrot was gone). A fact cut from part of a turn
says less than the turn, and the turn may have matched on what the fact left out; folding
would then hide the answer behind a fact that does not hold it. So a fact is lent only when
it ``covers`` its turn — holds nearly all of the turn's content words (``COVER``; Korean
by morpheme, so "짖어" and "짖는다" are one word) — or when its own relevance is at least
``share`` of its turn's (it scores as its turn does by itself). Otherwise the turn keeps
its place and the fact folds under it: the turn shows everything the fact says. Relevance
alone cannot tell which part matched: with a small embedder, "User's answer to 'What car do
you have?': an old Corolla" scores above "User's dog Pepper gets carsick" for "what animals
live with me?", both cut from one turn.

A session's episode is never lent: it summarises every turn of its session (its sources:
26 turns on average on LoCoMo), it does not say what any one of them says. Lent its
session's best turn, it ranked just above that turn, and folding then hid every later turn of
the session behind the summary (session 14: on LoCoMo dev the episodes among the first ten
went from 460 to 752 with lending, and the turns and facts found there fell 0.762 → 0.735
at 10 — while the harness, crediting an episode with all its session's turns, read +0.009).

A fact of the family the query names is lent whatever it covers (``families``; found in
the lead's trial, session 18): "What's my job?" ranked the turn "Quick intro: I'm a high
school chemistry teacher, and please always keep your answers short" (dense .81: the rule
and the neighbours' text) above "User is a high school chemistry teacher" (.77), and the fact,
cut from part of the turn, folded under it. The rule against a partial fact is that the turn
may have matched on what the fact left out; when the query asks for work (medication, an
appointment: read/kinds.py) and the fact shows work, the fact holds the part that was asked
for. It is also the only lending ``context()`` does: there a fact lifted over the memories'
floor by its turn is a line about what the request asks, not one more for an unrelated one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from gieok.domain.query import RankRow
from gieok.read.fusion import Fused
from gieok.read.kinds import in_family
from gieok.text.analysis import query_terms

ARCHIVE = "archive"  # RankRow.layer of an archived turn
EPISODIC = "episodic"  # a session's episode: its summary, never lent (module docstring)
# How far above its best source turn a fact is placed (relevance is in [0, 1]; a tie would
# go to the turn or the fact by id): small enough to pass no other candidate the turn does
# not pass.
LEAD = 1e-4
# The share of its turn's content words a fact must hold to take the turn's place (a
# restatement in the third person holds them all but the pronouns, which are stop words).
COVER = 0.75
_ENDINGS = ("ing", "ed", "es", "s")
# A Korean turn word the extractor restates in another word, as the one word: "저는 부산에
# 살아요" is stored "사용자는 부산에 거주" (write/extract/patterns_ko_situation.py), so 살다
# (the morpheme 살; "사는" comes as 사) and 거주 are one word when a fact is held to its turn.
# Without it the fact held half its turn ({부산, 살} against {부산, 거주}), was not lent, and
# "어디 살아?" showed the turn and folded the fact under it (the lead's trial, session 20).
_SAME_KO = {"사": "거주", "살": "거주"}
_HANGUL = re.compile(r"[가-힣]+")


def _stem(word: str) -> str:
    """An English word without its inflection ("sleeps", "sleeping" → "sleep"): enough to
    match a restatement's verb to the turn's; Korean comes as morphemes already."""
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[:-len(ending)]
    return word


def _words(text: str) -> frozenset[str]:
    return frozenset(_SAME_KO.get(term) or _stem(term) for term in query_terms(text)[1])


def _held(word: str, fact: str, words: frozenset[str]) -> bool:
    """Whether ``fact`` holds ``word``: among its words, or — a Korean word of two syllables or
    more — written in it as is. The morpheme analyser cuts a name at the end of a sentence
    ("사용자의 이름은 김지은" → 김, while the turn's "김지은이야" gives 김지은), so a fact naming
    the user was never lent and "내 이름" showed the turn (the lead's trial, session 20)."""
    return word in words or (len(word) >= 2 and _HANGUL.fullmatch(word) is not None
                             and word in fact)


def covers(fact: str, turn: str, *, cover: float = COVER) -> bool:
    """Whether ``fact`` holds at least ``cover`` of ``turn``'s content words."""
    said = _words(turn)
    words = _words(fact)
    return not said or sum(_held(w, fact, words) for w in said) >= cover * len(said)


def lend_turn_relevance(fused: Sequence[Fused], rows: Mapping[str, RankRow], *,
                        share: float = 0.0, families: frozenset[str] = frozenset(),
                        every: bool = True) -> bool:
    """Each fact in ``fused`` (a candidate not archived, with source turns) raised, in place,
    to just above its best source turn's relevance when that is higher than its own and the
    fact shows one of ``families`` (the query's, read/kinds.py), or — with ``every`` — it
    ``covers`` the turn or its own is at least ``share`` of it; whether any moved (the
    caller re-orders)."""
    turns: dict[str, tuple[float, str]] = {}  # turn id -> its best passage: relevance, text
    for item in fused:
        row = rows.get(item.id)
        if row is not None and row.layer == ARCHIVE:
            for turn in row.sources:
                if item.relevance > turns.get(turn, (0.0, ""))[0]:
                    turns[turn] = (item.relevance, row.content)
    if not turns or not (every or families):
        return False
    moved = False
    for item in fused:
        row = rows.get(item.id)
        if row is None or row.layer in (ARCHIVE, EPISODIC) or not row.sources:
            continue
        lent, said = max((turns.get(turn, (0.0, "")) for turn in row.sources),
                         key=lambda pair: pair[0])
        if lent <= 0.0 or lent + LEAD <= item.relevance:
            continue
        if (families and in_family(row.content, families)) or (every and (
                item.relevance >= share * lent or covers(row.content, said))):
            item.relevance = min(1.0, lent + LEAD) if lent < 1.0 else 1.0
            moved = True
    return moved
