"""The old value's words a change leaves behind (W6), split from ``new_value``.

When reconciliation finds the older memory a change renews (``new_value.replaced``), two
things are read off the pair: which words of the older memory name the old value the change
dropped (``left_behind``: "두유" when milk went from 두유 to 오트밀크 — not a quantity's measure,
not the kind of the new value), and the change's own text without them (``without_old``: "두유
말고 오트밀크로 바꿨다" → "오트밀크로 바꿨다"), so the newest memory does not state both as
current. One job — the words of the old value — apart from reading the change itself; it
reads ``new_value``'s reading and never the other way. Pure: reads text only (Kiwi for Korean).
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.korean import tokens
from gieok.write.extract.new_value import (_DAY, _KIN, _NOT_THING_KO, NewValue, _an_event, _chunks,
                                           _holders_en, _holders_ko, _identity, _same_word)

_QUANTITY = re.compile(r"\d|(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s?(?:번|알|개|잔|시|단위|정|캡슐)|"
                       r"\b(?:one|two|three|four|five|six|once|twice|half)\b", re.IGNORECASE)
_LEFT_KO = frozenset({"말", "대신"})


def left_behind(new: NewValue, old: str) -> tuple[str, ...]:
    """The words naming the old value that earlier turns would say: those the sentence
    names as dropped, and the things changed that *are* the old value (not a quantity's
    measure, not the kind of the new value)."""
    if _QUANTITY.search(new.value) or _an_event(new) or _DAY.search(new.value):
        return tuple(w for w in new.left if w not in _NOT_THING_KO)
    mine = _identity(_holders_ko(old) if _HANGUL.search(old) else _holders_en(old))
    # "사용자의 고양이 먹물 신장병 …": the word after a kin word is the one it is about, not
    # a value left ("먹물 renal 사료 안 먹어서 습식으로 바꿨다" keeps 먹물)
    words = [w for w, _, _, _ in _chunks(old)] if _HANGUL.search(old) else []
    mine |= {b for a, b in zip(words, words[1:]) if _KIN.match(a)}
    gone = [t for t in new.things if _same_word(t, old) and t not in new.value
            and not any(t in h or h in t for h in mine | new.holders)]
    gone = [t for t in gone if not any(t in said.casefold() for said in new.left)]
    return tuple(dict.fromkeys([*new.left, *gone]))


def without_old(content: str, new: NewValue, old: str) -> str:
    """``content`` without the words naming the old value it replaced, when the thing
    changed *is* that value ("루루가 로얄캐닌에 질렸는지 안 먹어서 Hill's로 바꿨다" →
    "루루가 안 먹어서 Hill's로 바꿨다", "두유 말고 오트밀크로 바꿨다" → "오트밀크로 바꿨다"):
    the old value lives on in the memory superseded (with the date it stopped holding);
    kept here too, the newest memory would state both as current. A new quantity or date
    ("세 번으로", "to 100mg") leaves the thing it measures ("베트메딘") in place, a new day or
    season ("결혼식 가을로 미뤘다") the thing it dates."""
    negated = re.sub(r"(?<![가-힣])[^\s]+\s?아니(?:고|라)\s+(?=\S)", "", content, count=1)
    if negated != content and (new.value == "?" or new.value in negated):
        return negated  # "영업 10시 아니고 11시로": the value said not to hold any more
    if _QUANTITY.search(new.value) or _an_event(new) or _DAY.search(new.value):
        return content  # (an event moved keeps its name: "미용실 예약 토요일로")
    mine = _identity(_holders_ko(old) if _HANGUL.search(old) else _holders_en(old))
    # "사용자의 고양이 먹물 신장병 …": the word after a kin word is the one it is about, not
    # a value left ("먹물 renal 사료 안 먹어서 습식으로 바꿨다" keeps 먹물)
    words = [w for w, _, _, _ in _chunks(old)] if _HANGUL.search(old) else []
    mine |= {b for a, b in zip(words, words[1:]) if _KIN.match(a)}
    gone = [t for t in new.things if _same_word(t, old) and t not in new.value
            and not any(t in h or h in t for h in mine | new.holders)]
    if new.left:  # "배포는 fly.io 말고 AWS ECS로": the value said dropped goes, the topic stays
        gone = [t for t in gone if any(t in said or said in t for said in new.left)]
    if not gone:
        return content
    text = content
    if _HANGUL.search(content):
        toks = tokens(content)
        for word, particle, start, last in _chunks(content):
            if word not in gone:
                continue
            end = start + len(word) + len(particle)
            after = toks[last + 2] if particle and last + 2 < len(toks) else (
                toks[last + 1] if not particle and last + 1 < len(toks) else None)
            if after is not None and after.form in _LEFT_KO:  # "두유 말고 ", "X 대신 "
                m = re.compile(r"\S*\s*").match(content, after.start)
                end = m.end() if m else end
            else:  # the clause that says why it was left ("로얄캐닌에 질렸는지 ")
                ec = next((t for t in toks[last + 1:] if t.tag == "EC"), None)
                if ec is not None and new.value in content[ec.end:]:
                    end = ec.end
            text = text.replace(content[start:end], "", 1)
    else:
        for word in gone:
            text = re.sub(rf"\b(?:scrap|ditch|drop|stop\s+using|no\s+more|forget(?:\s+about)?|"
                          rf"skip|lose)\s+(?:the\s+|my\s+|those\s+)?(?:[\w-]+\s+)?"
                          rf"{re.escape(word)}\w*\s*[,;]?\s*", "", text, flags=re.IGNORECASE)
            text = re.sub(rf"\s+instead\s+of\s+(?:(?:the|my|our|a|an)\s+)?[\w'’&.+-]*"
                          rf"{re.escape(word)}"
                          r"[\w'’&.+-]*", "", text, flags=re.IGNORECASE)
    text = re.sub(r"\s{2,}", " ", text).strip(" ,")
    still = new.value == "?" or new.value.casefold() in text.casefold()
    if text == content or not still or len(re.findall(r"[\w가-힣]+", text)) < 3:
        return content
    return text
