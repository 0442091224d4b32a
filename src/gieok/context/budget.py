"""Fit sections and raw turns into a ``Budget`` (C2), pure.

Order of work:

1. duplicates go (by record id, then by normalised text) — a memory appears once;
2. every item is cut to its cap (``item_tokens`` for memory-like items, the section's own
   budget for summaries, skills and project files);
3. each section keeps its best items within its own budget (skipping what does not fit and
   trying smaller ones, so every pinned fact that fits the pinned budget stays);
4. raw turns keep the newest within ``turn_tokens``;
5. while the block plus turns exceed ``total_tokens`` or the block exceeds
   ``hard_limit_chars``: cut excerpts from past conversations first (R8: the archive backs
   up the facts, never the reverse), then the summary, then the lowest-scored memories, then
   the oldest raw turns, and pinned facts last (seed 001: raw turns > memories > summary).
   Over the character limit, a document that alone fills more than half of it is cut to
   a prefix first (the rest would otherwise go item by item, then the document too).

Counts are exact on the final rendered text, not estimated from the parts.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gieok.context.tokens import ELLIPSIS, TokenCounter, count_lines
from gieok.domain.context import (
    BLOCK_HEADER,
    CLOSING_INSTRUCTION,
    SECTION_ORDER,
    Budget,
    ContextItem,
    ContextSection,
    CutReason,
    SectionKind,
    TraceCut,
)
from gieok.domain.records import normalize_text
from gieok.read.search import warm_also

ITEM_CAPPED = frozenset(
    {SectionKind.PINNED, SectionKind.SELECTED, SectionKind.MEMORIES, SectionKind.EPISODES,
     SectionKind.ORGANISATION, SectionKind.CONVERSATIONS}
)
FIXED_RELEVANCE = frozenset({SectionKind.PINNED, SectionKind.SELECTED, SectionKind.SUMMARY})
# Who keeps an id when two sections carry the same memory.
CLAIM_ORDER: tuple[SectionKind, ...] = (
    SectionKind.PINNED, SectionKind.SELECTED, SectionKind.MEMORIES, SectionKind.EPISODES,
    SectionKind.ORGANISATION, SectionKind.PROJECT, SectionKind.SKILLS, SectionKind.SUMMARY,
    SectionKind.CONVERSATIONS,
)
_WORD = re.compile(r"\w+", re.UNICODE)
MIN_PREFIX_TOKENS = 24  # a shorter prefix of a document is not worth its header
MESSAGE_OVERHEAD_TOKENS = 4  # role and separators per chat message (OpenAI's accounting)


@dataclass
class Fitted:
    text: str
    sections: list[ContextSection]
    messages: list[dict[str, str]]
    block_tokens: int
    turn_tokens: int
    cuts: list[TraceCut] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def tokens(self) -> int:
        return self.block_tokens + self.turn_tokens


def render(sections: Sequence[ContextSection]) -> str:
    """The block: header, sections by relevance, then the closing instruction (always last)."""
    shown = [s for s in sections if s.items]
    if not shown:
        return ""
    parts = [BLOCK_HEADER]
    for section in shown:
        parts.append(section.header() + "\n" + "\n".join(i.text for i in section.items))
    parts.append(CLOSING_INSTRUCTION)
    return "\n\n".join(parts)


def order_sections(sections: Iterable[ContextSection]) -> list[ContextSection]:
    rank = {kind: i for i, kind in enumerate(SECTION_ORDER)}
    return sorted(sections, key=lambda s: (-s.relevance, rank[s.kind]))


def message_tokens(message: dict[str, str], counter: TokenCounter) -> int:
    return counter.count(message.get("content", "")) + MESSAGE_OVERHEAD_TOKENS


@warm_also
@functools.lru_cache(maxsize=131072)
def _words(text: str) -> frozenset[str]:
    # Memoised: the same memories are deduplicated again on every turn; as big as search's
    # own per-text caches, which fill it ahead of the first turn (``warm_also``): 8,192
    # texts were fewer than a 10k-memory scope's, so it never stayed warm.
    return frozenset(_WORD.findall(normalize_text(text)))


_set = object.__setattr__


def _copied(item: ContextItem) -> ContextItem:
    """``item.model_copy()`` for a plain ``ContextItem`` (no private or extra attributes),
    as pydantic's ``__copy__`` makes it minus its generic steps: a context() copies ~60 items,
    ~8 µs each through ``model_copy``, ~2 µs here. Anything else goes to ``model_copy``
    (tests/unit/context/test_budget.py compares the two)."""
    if type(item) is not ContextItem or item.__pydantic_private__ is not None \
            or item.__pydantic_extra__ is not None:
        return item.model_copy()
    copy = ContextItem.__new__(ContextItem)
    _set(copy, "__dict__", item.__dict__.copy())
    _set(copy, "__pydantic_extra__", None)
    _set(copy, "__pydantic_fields_set__", item.__pydantic_fields_set__.copy())
    _set(copy, "__pydantic_private__", None)
    return copy


def _dedupe(sections: list[ContextSection], cuts: list[TraceCut], near: float) -> None:
    """Each record once (the section earliest in ``CLAIM_ORDER`` keeps it), and among
    memory-like items no two whose words overlap by ``near`` (Jaccard) or more.

    Word sets are compared as bit masks (a bit per distinct word of this call): the
    intersection's size is ``(a & b).bit_count()``, so each of the ~500 pairs a context()
    compares costs one AND instead of a set intersection (same counts, same decisions)."""
    seen_ids: set[str] = set()
    seen_words: list[tuple[int, int]] = []  # (mask, number of words) of each item kept
    bits: dict[str, int] = {}
    claim = {kind: i for i, kind in enumerate(CLAIM_ORDER)}
    for section in sorted(sections, key=lambda s: claim[s.kind]):
        kept = []
        items = section.items
        if section.kind is not SectionKind.PINNED:  # pinned facts keep their priority order
            items = sorted(items, key=lambda i: -i.score)
        for item in items:
            key = item.record_id or item.id
            words = _words(item.body or item.text) if section.kind in ITEM_CAPPED else frozenset()
            mask = _mask(words, bits)
            if key in seen_ids or (words and _near_any(mask, len(words), seen_words, near)):
                cuts.append(TraceCut(id=key, section=section.kind, reason=CutReason.DUPLICATE,
                                     score=item.score))
                continue
            seen_ids.add(key)
            if words:
                seen_words.append((mask, len(words)))
            kept.append(item)
        section.items = kept


def _mask(words: frozenset[str], bits: dict[str, int]) -> int:
    mask = 0
    for word in words:
        bit = bits.get(word)
        if bit is None:
            bit = bits[word] = 1 << len(bits)
        mask |= bit
    return mask


def _near_any(mask: int, n: int, seen: list[tuple[int, int]], near: float) -> bool:
    """Whether the (non-empty) word set ``mask`` of ``n`` words has a Jaccard overlap of at
    least ``near`` with one of ``seen`` (non-empty too)."""
    for other, m in seen:
        # Jaccard ≤ min/max: cannot reach the threshold (min()/max() calls cost more than
        # the AND, so the two cases are written out)
        if (n < near * m) if n <= m else (m < near * n):
            continue
        shared = (mask & other).bit_count()
        if shared / (n + m - shared) >= near:  # |a ∪ b| = |a| + |b| - |a ∩ b|
            return True
    return False


def _cap_items(section: ContextSection, budget: Budget, counter: TokenCounter,
               cuts: list[TraceCut]) -> None:
    cap = budget.item_tokens if section.kind in ITEM_CAPPED else budget.section_tokens(section.kind)
    for item in section.items:
        tokens = counter.count(item.text)
        if tokens > cap:
            item.text = counter.truncate(item.text, cap)
            item.truncated = True
            cuts.append(TraceCut(id=item.record_id or item.id, section=section.kind,
                                 reason=CutReason.ITEM_CAP, score=item.score, tokens=tokens))
            tokens = counter.count(item.text)
        item.tokens = tokens


def _fit_section(section: ContextSection, budget: Budget, counter: TokenCounter,
                 cuts: list[TraceCut]) -> None:
    """Best items first within the section's budget. Memory-like items are whole or absent;
    documents (summary, skills, project files) may keep a prefix of what is left."""
    cap = budget.section_tokens(section.kind)
    used = 0
    kept: list[ContextItem] = []
    for item in section.items:
        room = cap - used
        if item.text and item.tokens > room >= MIN_PREFIX_TOKENS and \
                section.kind not in ITEM_CAPPED:
            item.text = counter.truncate(item.text, room)
            item.tokens = counter.count(item.text)
            item.truncated = True
            cuts.append(TraceCut(id=item.record_id or item.id, section=section.kind,
                                 reason=CutReason.SECTION_BUDGET, score=item.score,
                                 tokens=item.tokens))
        if item.text and used + item.tokens <= cap:
            kept.append(item)
            used += item.tokens
        else:
            cuts.append(TraceCut(id=item.record_id or item.id, section=section.kind,
                                 reason=CutReason.SECTION_BUDGET, score=item.score,
                                 tokens=item.tokens))
    section.items = kept
    section.tokens = used


def _fit_turns(messages: list[dict[str, str]], budget: Budget, counter: TokenCounter,
               cuts: list[TraceCut]) -> list[dict[str, str]]:
    kept: list[dict[str, str]] = []
    used = 0
    for index in range(len(messages) - 1, -1, -1):
        n = message_tokens(messages[index], counter)
        if used + n > budget.turn_tokens:
            cuts.extend(TraceCut(id=f"turn:{i}", section=None, reason=CutReason.SECTION_BUDGET,
                                 tokens=message_tokens(messages[i], counter))
                        for i in range(index + 1))
            break
        kept.append(messages[index])
        used += n
    kept.reverse()
    return kept


def _cut_one(sections: list[ContextSection], messages: list[dict[str, str]],
             allow_turns: bool) -> tuple[SectionKind | None, ContextItem | None, bool]:
    """Remove the next victim; returns (section kind, item, whether it was a turn)."""
    past = next((s for s in sections if s.kind is SectionKind.CONVERSATIONS and s.items), None)
    if past is not None:
        victim = min(past.items, key=lambda item: item.score)
        past.items.remove(victim)
        return SectionKind.CONVERSATIONS, victim, False
    summary = next((s for s in sections if s.kind is SectionKind.SUMMARY and s.items), None)
    if summary is not None:
        return SectionKind.SUMMARY, summary.items.pop(), False
    pool = [(item.score, -idx, s, item) for s in sections if s.kind is not SectionKind.PINNED
            for idx, item in enumerate(s.items)]
    if pool:
        _, _, section, item = min(pool, key=lambda p: (p[0], p[1]))
        section.items.remove(item)
        return section.kind, item, False
    if allow_turns and messages:
        messages.pop(0)
        return None, None, True
    pinned = next((s for s in sections if s.kind is SectionKind.PINNED and s.items), None)
    if pinned is not None:
        return SectionKind.PINNED, pinned.items.pop(), False
    return None, None, False


def _trim_oversize(sections: list[ContextSection], over: int, limit: int,
                   counter: TokenCounter, cuts: list[TraceCut]) -> bool:
    """Cut ``over`` characters off the end of a document (project file, skill, summary)
    that alone fills more than half the block's character limit, at a line break where
    one is near; returns whether it did. Such a document is why the block is too long:
    cutting whole items by score would drop the small ones beside it (an org's rules)
    and then the document anyway, leaving nothing. A prefix keeps its first lines, as a
    file read "up to N characters" does."""
    docs = [(s.kind, i) for s in sections if s.kind not in ITEM_CAPPED for i in s.items]
    if not docs:
        return False
    kind, item = max(docs, key=lambda d: len(d[1].text))
    if 2 * len(item.text) <= limit:
        return False
    keep = len(item.text) - over - len(ELLIPSIS)
    if counter.count(item.text[:max(keep, 0)]) < MIN_PREFIX_TOKENS:
        return False
    head = item.text[:keep]
    line = head.rfind("\n")
    head = head[:line] if line > keep // 2 else head.rstrip()
    before = item.tokens
    item.text = head + ELLIPSIS
    item.tokens = counter.count(item.text)
    item.truncated = True
    cuts.append(TraceCut(id=item.record_id or item.id, section=kind, reason=CutReason.HARD_LIMIT,
                         score=item.score, tokens=before - item.tokens))
    return True


def fit(
    sections: Sequence[ContextSection],
    messages: Sequence[dict[str, str]],
    budget: Budget,
    counter: TokenCounter,
    *,
    near_duplicate: float = 0.9,
) -> Fitted:
    """Apply the budget; returns the rendered block, kept sections and turns, and the cuts."""
    cuts: list[TraceCut] = []
    # Shallow copies: fitting rewrites items' text and tokens, never their score parts.
    work = [s.model_copy(update={"items": [_copied(i) for i in s.items]}) for s in sections]
    _dedupe(work, cuts, near_duplicate)
    for section in work:
        _cap_items(section, budget, counter, cuts)
        if section.kind is not SectionKind.PINNED:
            section.items.sort(key=lambda i: -i.score)
        _fit_section(section, budget, counter, cuts)
    work = order_sections(s for s in work if s.items)
    turns = _fit_turns(list(messages), budget, counter, cuts)
    turn_tokens = sum(message_tokens(m, counter) for m in turns)
    while True:
        text = render(work)
        block_tokens = count_lines(counter, text) if text else 0
        over_total = block_tokens + turn_tokens > budget.total_tokens
        over_chars = len(text) > budget.hard_limit_chars
        if not (over_total or over_chars):
            break
        reason = CutReason.HARD_LIMIT if over_chars else CutReason.TOTAL_BUDGET
        if over_chars and _trim_oversize(work, len(text) - budget.hard_limit_chars,
                                         budget.hard_limit_chars, counter, cuts):
            continue
        first = turns[0] if turns else None
        kind, item, was_turn = _cut_one(work, turns, allow_turns=over_total and not over_chars)
        if was_turn and first is not None:
            n = message_tokens(first, counter)
            turn_tokens -= n
            cuts.append(TraceCut(id="turn:oldest", section=None, reason=reason, tokens=n))
        elif item is not None:
            cuts.append(TraceCut(id=item.record_id or item.id, section=kind, reason=reason,
                                 score=item.score, tokens=item.tokens))
        else:  # nothing left to cut
            text, block_tokens = "", 0
            break
        work = [s for s in work if s.items]
    for section in work:
        section.tokens = sum(i.tokens for i in section.items)
        if section.kind not in FIXED_RELEVANCE:  # what is left decides, not what was cut
            section.relevance = max(i.score for i in section.items)
    work = order_sections(work)
    warnings = []
    if len(text) > budget.warn_chars:
        warnings.append(f"context block is {len(text)} characters (warn at {budget.warn_chars})")
    return Fitted(text=text, sections=work, messages=turns, block_tokens=block_tokens,
                  turn_tokens=turn_tokens, cuts=cuts, warnings=warnings)
