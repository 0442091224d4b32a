"""A later remark that only restates the value a change introduced (W6, issue 16). Pure.

After "재활은 월요일 아니고 화요일이에요" rewrote "매주 월요일에 어깨 재활 치료 받는다" to
"… 화요일에 …", a remark a week later — "오늘 화요일이라 재활 다녀왔어요" — names the new
value again. Stored as a memory of its own it leaves two current statements of one fact (and
reads as a second Tuesday appointment). The remark is folded into the memory it restates
(its turns join that memory's sources, a use) when:

* the stored memory is the *result of a change* — it superseded or renamed something — and
  the remark names a word that change introduced (``introduced``: words of the new memory
  that no superseded memory had: "화요일", "다산", "버니네이처"), and
* the remark says the same thing otherwise: it shares another content word with the memory
  ("재활", "집" of "신혼집"), beyond the subject and the introduced value. "I joined a
  running club in Mapo-gu" after a move to Mapo-gu shares only the place: a fact of its own.

Words are compared as written (Korean: a remark's word found inside the memory's, particles
glued on; Latin: whole words of three letters or more, no stop words).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.write.extract import changes

_WORD = re.compile(r"[A-Za-z][\w'’.+-]*[A-Za-z0-9]|[A-Za-z]|\d[\w.:]*|[가-힣]+")
_HANGUL = re.compile(r"[가-힣]")
# a Korean word's particle or copula, to find its stem ("화요일에" → "화요일")
_PARTICLE = re.compile(r"(?:으로|에서|에게|한테|이랑|이다|이야|예요|이에요|로|에|은|는|이|가|을|를|"
                       r"의|도|와|과|랑|만|다|야)$")
# a Korean word that is a verb or adjective form, never a value ("먹어서", "바꿨다")
_VERB_KO = re.compile(r"(?:는다|한다|어서|아서|해서|하고|하는|하면|는데|니까|습니다|어요|아요|해요|"
                      r"지만|려고|면서|라서|이라|[다요])$")
_SUBJECT = frozenset({"사용자", "사용자는", "사용자의", "사용자가", "user", "user's", "users"})
_STOP_EN = frozenset("""the and for with from that this they them their then than into onto
were was are has have had not but now its it's also just very really still again about
after before over under some any all one two new old get got user user's""".split())


_STOP_KO = frozenset("이제 요즘 오늘 어제 내일 매일 매주 드디어 결국 진짜 너무 그냥 다음 이번 지난 "
                     "벌써 항상 계속 완전 정말 아직".split())


def _verb(word: str) -> bool:
    """A verb or adjective form ("먹어서", "바꿨다", "먹는다"), or a noun said with the
    copula: no value word either way."""
    return _VERB_KO.search(word) is not None or any(
        "가" <= ch <= "힣" and (ord(ch) - 0xAC00) % 28 == 20 for ch in word)  # final ㅆ: 했, 꿨


def _stem(word: str) -> str:
    return _PARTICLE.sub("", word) if _HANGUL.match(word) else word.casefold()


def _values(text: str) -> list[str]:
    """The words of ``text`` that could name a value: Korean nouns (stems of two syllables
    or more, no verb forms), capitalised Latin words of three letters or more (names: a
    lower-case word a change brings — "last", "week" — names nothing), numbers."""
    out = []
    for word in _WORD.findall(text):
        if word.casefold() in _SUBJECT:
            continue
        if _HANGUL.match(word):
            stem = _stem(word)
            stem = stem if len(stem) >= 2 else word  # "요가": 가 is part of the word
            if not _verb(word) and len(stem) >= 2 and stem not in _STOP_KO:
                out.append(stem)
        elif (len(word) >= 3 and word.casefold() not in _STOP_EN and not word.islower()) \
                or word[0].isdigit():  # a name ("Juniper", "Acana") or a number, not "last"
            out.append(word.casefold())
    return list(dict.fromkeys(out))


def _names(text: str, word: str) -> bool:
    if _HANGUL.match(word):
        return word in text
    return re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text.casefold()) is not None


def introduced(new: str, olds: Sequence[str]) -> list[str]:
    """The words a change brought: value words of ``new`` that no memory it replaced said."""
    return [w for w in _values(new) if not any(_names(old, w) for old in olds)]


def restates(remark: str, current: str, values: Sequence[str]) -> bool:
    """``remark`` names one of ``values`` (the words a change put into ``current``) and shares
    another word with ``current``: it says the current fact again."""
    named = [v for v in values if _names(remark, v)]
    if not named:
        return False
    others = [w for w in _WORD.findall(remark) if w.casefold() not in _SUBJECT]
    for word in others:
        stem = _stem(word)
        if any(stem == v or v.startswith(stem) and len(stem) >= 2 for v in named):
            continue  # the value itself
        if _HANGUL.match(word):  # "재활은" → "재활"; "요가" as said (가 is no particle there)
            if _verb(word) or word in _STOP_KO or stem in _STOP_KO:
                continue  # "간다", "오늘": shared by any two sentences
            if word in current or len(stem) >= 2 and stem in current:
                return True
        elif len(word) >= 3 and word.casefold() not in _STOP_EN and _names(current, word.casefold()):
            return True
    return False


def current_restated(content: str, session: str | None,
                     records: Iterable[MemoryRecord]) -> MemoryRecord | None:
    """The memory of an earlier conversation whose changed value ``content`` says again
    (``restates``), about no one it does not name (one child's new school is not restated
    by a remark about the other child's)."""
    people = changes.who(content)
    for record in records:
        values = record.metadata.get("introduced")
        if values and record.source_session != session and record.type is not MemoryType.RULE \
                and people <= changes.who(record.content) \
                and restates(content, record.content, [str(v) for v in values]):
            return record
    return None
