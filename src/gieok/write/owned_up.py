"""A slip owned up to with the right value only (W6, issue 16). Pure.

"엄마 생신이 11월 3일이야", then the next day "아 착각했다 엄마 생신 11월 13일이야": the user
says they got it wrong and states the fact again with another value, without naming the
wrong one ("X 아니고 Y" is read by ``correction``; here there is no X to read). Stored as
said, both dates stay current and ``context()`` shows the wrong one as a fact.

The turn owns up to a mistake (착각, 헷갈리다, 잘못 말하다, 틀렸다; "my mistake", "I meant",
"got that wrong", "typo"), and an older memory says the same thing with another value: every
content word of the older memory is in the new one (or two are shared), and the values —
the words with a number in them ("3일", "9:30", "2층") — differ, the older memory's not all
in the new one. That older memory is what the slip said; the new one replaces it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.domain.safety import CRITICAL_TAGS
from gieok.write.extract import changes
from gieok.write.restating import _WORD, _stem, _verb

_OWNED = re.compile(r"착각|헷갈|잘못\s?(?:말|알|적|얘기|썼)|틀렸|\b(?:typo|misspoke|my\s+(?:mistake|bad)|"
                    r"i\s+meant|got\s+(?:it|that)\s+wrong|(?:typed|said|wrote)\s+(?:it|that)\s+wrong)\b",
                    re.IGNORECASE)
_SUBJECT = frozenset({"사용자", "사용자는", "사용자의", "사용자가", "user", "user's"})
_STOP = frozenset("""the and for with from that this are was were has have had not but its it's
also just very really still again about after before every now actually user is at on in of to
my our their his her""".split()) | frozenset("이제 요즘 오늘 어제 내일 아 진짜 그냥 사실".split())


def _parts(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(content words, values) of ``text``: stems without particles; values carry a digit."""
    words: set[str] = set()
    values: set[str] = set()
    for word in _WORD.findall(text):
        low = word.casefold()
        if low in _SUBJECT or low in _STOP:
            continue
        stem = _stem(word)
        if any(ch.isdigit() for ch in stem):
            values.add(re.sub(r"(?:이다|이야|다|야)$", "", stem))
        elif len(stem) >= 2 and not (re.match(r"[가-힣]", word) and _verb(word)):
            words.add(stem)
    return frozenset(words), frozenset(values)


def slip_fixed(new: MemoryRecord, records: Iterable[MemoryRecord],
               created: set[str]) -> list[MemoryRecord]:
    """The older memories that ``new`` — said in a turn owning up to a mistake — restates with
    another value (see the module docstring). Never a rule, a core (safety) fact, another
    layer's, one written in this batch, or one about someone ``new`` does not name."""
    if new.type is MemoryType.RULE or not _OWNED.search(new.source_preview or new.content):
        return []
    words, values = _parts(new.content)
    if not values or not words:
        return []
    who = changes.who(new.content)
    out = []
    for r in records:
        if r.id in created or r.id == new.id or r.layer is not new.layer \
                or r.type is MemoryType.RULE or CRITICAL_TAGS & set(r.tags) \
                or not changes.who(r.content) <= who:
            continue
        old_words, old_values = _parts(r.content)
        shared = old_words & words
        if old_values and not old_values <= values and values - old_values and shared \
                and (old_words <= words or len(shared) >= 2):
            out.append(r)
    return out
