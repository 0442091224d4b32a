"""Query expansion for full text: the words a query's things are also called.

A query names a thing in one language and at one level ("dog", "약", "car"); the memory may
say it in the other language or by its kind ("강아지", "metformin", "Ioniq 5"). Full text
then finds nothing, and the dense side alone cannot pull the memory up (measured: the
local model scores cross-language and kind-word pairs no higher than unrelated ones). So
the full-text side searches, besides the query's own terms, the equivalents and narrower
kinds that ``lexicon.py`` lists for them. Only full text sees the added words (the query's
vector is its own text). They are searched as a second full-text list in the same store
read and merged into the first at ``ScoringSettings.expansion_weight`` of a query word's
weight (``merge_expansion``): measured on LoCoMo, added words at full weight let turns that
name any family member or any job outrank the turn with the query's own "family" or
"career".

Query-side only, on purpose: nothing stored changes, so every existing store gets it
without re-indexing, and a memory's index always says what it says.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from gieok.domain.query import Candidate
from gieok.read.lexicon import LEXICON
from gieok.read.loanwords import sounds_alike
from gieok.text.analysis import WORD_LIST_MARK, has_hangul, korean_morphs

_WORD = re.compile(r"[\w-]+", re.UNICODE)
MAX_ADDED = 128  # words added to one query at most (a broad word brings many kinds)
_DEPTH = 2  # narrower kinds followed this many lines down ("pet" → "dog" → breeds)


class Lexicon:
    """The parsed ``LEXICON``: each line's equivalents and narrower words."""

    def __init__(self, text: str) -> None:
        self.lines: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
        self.heads: dict[str, list[int]] = {}  # an equivalent → the lines it is one of
        for raw in text.strip().splitlines():
            if not raw.strip() or raw.lstrip().startswith("#"):
                continue
            same, _, narrower = raw.partition(":")
            words = tuple(w.strip().lower() for w in same.split(",") if w.strip())
            kinds = tuple(w.strip().lower() for w in narrower.split(",") if w.strip())
            for word in words:
                self.heads.setdefault(word, []).append(len(self.lines))
            self.lines.append((words, kinds))
        self.korean_long = tuple(sorted(
            w for w in self.heads if has_hangul(w) and len(w) >= 2))
        self._korean_long = frozenset(self.korean_long)
        self.twins = _twins(self.lines)
        self._korean_twins = frozenset(w for w in self.twins if has_hangul(w))

    def twins_named(self, text: str) -> list[str]:
        """The other spelling of every borrowed word ``text`` names that its line lists in
        both scripts ("첼로" → cello, "cello" → 첼로; ``_twins``), in order of appearance."""
        found: list[str] = []
        lowered = text.lower()
        tokens = [m.group(0) for m in _WORD.finditer(lowered)]
        for token in tokens:
            if has_hangul(token):
                words = [token[:n] for n in range(len(token), 1, -1)
                         if token[:n] in self._korean_twins and _opens(token, token[:n])]
                found.extend(self.twins[words[0]] if words else ())
            else:
                for form in _english_forms(token):
                    found.extend(self.twins.get(form, ()))
        return list(dict.fromkeys(found))

    def lines_named(self, text: str) -> list[int]:
        """The lines whose equivalents the text names, in order of appearance."""
        found: list[int] = []
        lowered = text.lower()
        tokens = [m.group(0) for m in _WORD.finditer(lowered)]
        latin = [t for t in tokens if not has_hangul(t)]
        candidates = [*latin, *(f"{a} {b}" for a, b in zip(latin, latin[1:], strict=False))]
        for token in candidates:
            for form in _english_forms(token):
                found.extend(self.heads.get(form, ()))
        if has_hangul(lowered):
            for morph in korean_morphs(text):
                found.extend(self.heads.get(morph, ()))
            eojeols = [t for t in tokens if has_hangul(t)]
            inside = self._opening_words(eojeols)
            for word in inside:  # the longest match only: 남동생, not also 동생 in it
                if not any(word != other and word in other for other in inside):
                    found.extend(self.heads[word])
        return list(dict.fromkeys(found))

    def _opening_words(self, eojeols: Sequence[str]) -> list[str]:
        """The Korean lexicon words (``korean_long``, in its order) that open one of
        ``eojeols`` (``_opens``). Each eojeol's prefixes are looked up in a set: asking every
        lexicon word of every eojeol cost ~0.25 ms a Korean query, ~2 % of a search."""
        found = {e[:n] for e in eojeols for n in range(2, len(e) + 1)
                 if e[:n] in self._korean_long and _opens(e, e[:n])}
        return sorted(found)

    def expand(self, lines: Iterable[int], *, key: Callable[[str], str] = str.lower,
               skip: Callable[[str], bool] = lambda _: False) -> list[str]:
        """Every equivalent of ``lines`` and their narrower words, following narrower words
        that head lines of their own ``_DEPTH`` lines down; at most ``MAX_ADDED`` words.

        Each of ``lines`` (a query may name several things: "a family dinner") gets its share
        of ``MAX_ADDED``: their words are taken in turn, so a broad first word ("family",
        89 words) does not leave the second none. Within one line a narrower word is followed
        at once by its own equivalents ("daughter" → "딸"), deeper kinds after: a cut then
        drops the least direct words, not the other language of the direct ones.
        ``key``: words with the same key are one word (the first is kept); ``skip``: words
        left out — both before the count, so they take no place of another."""
        each = [self._expand_one(line) for line in dict.fromkeys(lines)]
        out: dict[str, str] = {}  # key → the word kept for it
        for turn in range(max((len(words) for words in each), default=0)):
            for words in each:
                if turn >= len(words) or skip(words[turn]):
                    continue
                out.setdefault(key(words[turn]), words[turn])
                if len(out) == MAX_ADDED:
                    return list(out.values())
        return list(out.values())

    def _expand_one(self, start: int) -> list[str]:
        """``expand`` of one line, uncut (the order is what ``expand`` cuts by)."""
        out: dict[str, None] = {}
        frontier = [start]
        seen = {start}
        for depth in range(_DEPTH + 1):
            following: list[int] = []
            for index in frontier:
                words, kinds = self.lines[index]
                for word in (*words, *(kinds if depth < _DEPTH else ())):
                    out.setdefault(word)
                    for line in self.heads.get(word, ()):
                        if line not in seen:
                            seen.add(line)
                            following.append(line)
                            if depth < _DEPTH:  # the same thing in other words, right away
                                for same in self.lines[line][0]:
                                    out.setdefault(same)
            frontier = following
        return list(out)


def _twins(lines: Sequence[tuple[tuple[str, ...], tuple[str, ...]]]
           ) -> dict[str, tuple[str, ...]]:
    """Word → its other spelling(s), for the words a lexicon line lists in both scripts as
    a borrowing (read/loanwords.py): "첼로" and "cello" of the instruments' line. Only within
    one line: across the whole lexicon a skeleton of two consonants meets unrelated words
    ("서울" and "cello" are both S-L), inside a line the listed words are kinds of one thing."""
    pairs: dict[str, dict[str, None]] = {}
    for words, kinds in lines:
        listed = [*words, *kinds]
        latin = [w for w in listed if not has_hangul(w) and " " not in w]
        for word in listed:
            if not has_hangul(word) or " " in word:
                continue
            for other in latin:
                if sounds_alike(word, other):
                    pairs.setdefault(word, {}).setdefault(other)
                    pairs.setdefault(other, {}).setdefault(word)
    return {word: tuple(others) for word, others in pairs.items()}


# What may follow a Korean word inside its eojeol: a particle, the copula, a plural or a
# 하다-verb ending ("남동생은", "강아지랑", "임신했어"). Kiwi's morphemes are the first way a
# Korean word is found, but it splits some words differently in different sentences
# ("갑각류 알레르기" → 갑각); a word that opens an eojeol and is followed by one of these is
# found too — "아이디어" and "아이스" do not name a child, "이사님" is no move.
_FOLLOWERS = tuple("""은 는 이 가 을 를 에 의 도 만 와 과 로 랑 께 나 야 고 라 들 하 해 했 한 할 합
    였 으로 이랑 하고 한테 처럼 보다 까지 부터 이나 이야 예요 이에요 인데 이라 이고 이었""".split())


def _opens(eojeol: str, word: str) -> bool:
    """Whether ``eojeol`` is ``word`` with at most a particle or an ending after it."""
    if not eojeol.startswith(word):
        return False
    rest = eojeol[len(word):]
    return not rest or rest.startswith(_FOLLOWERS)


def _english_forms(token: str) -> tuple[str, ...]:
    """The token and its singular guesses ("allergies" → "allergy", "cats" → "cat")."""
    forms = [token]
    if len(token) > 3 and token.endswith("ies"):
        forms.append(token[:-3] + "y")
    if len(token) > 3 and token.endswith("es"):
        forms.append(token[:-2])
    if len(token) > 2 and token.endswith("s"):
        forms.append(token[:-1])
    return tuple(forms)


_LEXICON = Lexicon(LEXICON)


def kind_words(head: str) -> frozenset[str]:
    """Every word the lexicon lists for ``head`` (its equivalents and narrower kinds, two
    lines down, uncut): what a memory of that thing may call it ("medicine" → 영양제, 철분,
    iron, melatonin, warfarin …)."""
    lines = _LEXICON.lines_named(head)
    return frozenset(w for line in lines for w in _LEXICON._expand_one(line))


# Work named by the verb, the lexicon cannot list as a job (a plan "works", vaccines "work",
# people "work out"): a person's work asked by the question's shape — "where do I work?",
# "where does my husband work?", "who does Anna work for?", "어디서 일해?" — is searched like
# "what's my job?" (the lexicon's job words).
_WORK_ASKED = re.compile(
    r"\b(?:do|does|did)\s+(?!(?:that|this|it|these|those|they)\s)(?:[\w']+\s+){1,3}?"
    r"work(?:ing)?\s*(?:at|for|as|now|these\s+days|\?|$)"
    r"|\bwhere\s+(?:do|does|did|is|are)\s+(?:[\w']+\s+){1,3}?work(?:ing)?\b"
    r"|(?:어디서|어디에서)\s*일(?:해|하|했)", re.IGNORECASE)


@lru_cache(maxsize=1024)
def expansion(query: str) -> str:
    """The words full text should also search for ``query`` (empty when it names nothing in
    the lexicon), minus the words it already has."""
    lines = _LEXICON.lines_named(query)
    if _WORK_ASKED.search(query):
        lines += [line for line in _LEXICON.lines_named("job") if line not in lines]
    twins = _LEXICON.twins_named(query)
    if not lines and not twins:
        return ""
    lowered = query.lower()
    have = {_stem(w) for w in _WORD.findall(lowered)}
    # a word the query already has (an English word full text would stem alike, a Korean
    # word inside one of its words) would count twice in BM25: left out; so is a second
    # form of an added word ("hates" after "hate": one term of the stemmed index, which a
    # memory saying it would score twice, over one saying a word of the query's other things)
    def known(word: str) -> bool:
        return all(_stem(part) in have for part in word.split()) \
            or (has_hangul(word) and word in lowered)

    # a borrowed word's other spelling first: it is the query's own word, written twice
    words = [*(w for w in twins if not known(w)), *_LEXICON.expand(lines, key=_stem,
                                                                     skip=known)]
    return " ".join(_without_query_morphs(list(dict.fromkeys(words)), query))


def _without_query_morphs(words: list[str], query: str) -> list[str]:
    """``words`` with each Korean compound's morphemes that the query's own full-text terms
    hold taken out: the index reads "혈압약" as 혈압 + 약, so for "내가 먹는 약 뭐야?" the added
    "혈압약" matched 약 a second time, and a relative's blood-pressure pills outscored the
    user's own "철분제" on the query's one word. "혈압약" is searched as "혈압" there; a
    compound made only of the query's morphemes is left out (its parts are searched
    already)."""
    if not has_hangul(query):
        return words
    own = set(korean_morphs(query))
    out: dict[str, None] = {}
    for word in words:
        if not has_hangul(word):
            out.setdefault(word)
            continue
        parts = korean_morphs(word)
        if not own.intersection(parts):
            out.setdefault(word)
            continue
        for part in parts:
            if part not in own and has_hangul(part):
                out.setdefault(part)
    return list(out)


def _stem(word: str) -> str:
    """A light English stem, close to what the index's Porter stemmer makes of inflections
    ("friends"/"friend", "moving"/"moved"/"move", "hobbies"/"hobby"). Korean is left as is
    (its words are compared whole; the index analyses them into morphemes)."""
    if has_hangul(word):
        return word
    for suffix in ("ies", "ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[:-len(suffix)] + ("i" if suffix == "ies" else "")
            break
    if len(word) > 3 and word[-1] in "ey":
        word = word[:-1] + ("i" if word[-1] == "y" else "")
    return word


def expansion_query(query: str) -> str | None:
    """The full-text query of ``query``'s expansion — a word list (``WORD_LIST_MARK``: each
    word analysed alone, cached) — or ``None`` when there is none."""
    extra = expansion(query)
    return WORD_LIST_MARK + extra if extra else None


def merge_expansion(own: Sequence[Candidate], expanded: Sequence[Candidate], weight: float,
                    depth: int) -> list[Candidate]:
    """One full-text list from the query's own list and its expansion's: each row scores
    its own BM25 plus ``weight`` × its expansion BM25 — BM25 of an OR query is a sum over
    its terms, so this is the BM25 of one query whose added words count ``weight`` of the
    query's own (a memory saying the query's word outranks one saying a kind of it). Best
    ``depth`` first."""
    scores = {c.id: c.score for c in own}
    for c in expanded:
        scores[c.id] = scores.get(c.id, 0.0) + weight * c.score
    best = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:depth]
    return [Candidate(rid, score) for rid, score in best]
