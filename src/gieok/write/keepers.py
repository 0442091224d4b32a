"""What a superseded memory keeps (W6, issue 16): a change ends what it changes, not more.

When a change supersedes a memory that said several things, the part the change left as it
was stays current in a memory of its own, from the change on, with the old memory's sources
(``metadata.narrowed_from``); the whole old wording stays in history. Each keeper reads one
shape: the part of something larger that changed (``keep_the_rest``, ``changes.narrowed``),
the people the user lives with after a move (``keep_household``), the clauses a change did not
touch (``keep_unchanged``, ``partial``), a home said in passing (``rehouse``). They write
through the plan primitives (``plan``); ``reconcile`` decides when each is asked. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from gieok.domain.records import MemoryRecord, MemoryType, content_hash
from gieok.domain.safety import CRITICAL_TAGS
from gieok.write import partial
from gieok.write.extract import changes
from gieok.write.extract.dwelling import household
from gieok.write.plan import Plan, Pool, add, narrowed, retire

# a move said with who came along ("moved to York with Tom", "가족이랑 대전으로 이사")
_ALONG = re.compile(r"\bwith\b|(?:이랑|랑|하고|와\s?함께|과\s?함께)\s", re.IGNORECASE)


def keep_the_rest(plan: Plan, pool: Pool, olds: Sequence[MemoryRecord],
                  said: changes.Change, new: MemoryRecord, now: datetime) -> None:
    """A change of a part of something larger supersedes only that part: "moving to day
    shift" after "User works nights at St. Mary's, ER nurse" leaves "User works at St.
    Mary's, ER nurse" current (from the change on; the whole old wording stays in
    history) — the job did not change, its shift did (``changes.narrowed``)."""
    for old in olds:
        rest = changes.narrowed(old.content, said)
        if rest is None or pool.by_hash(content_hash(rest)) is not None:
            continue
        add(plan, pool, narrowed(old, rest, new, now), "the part the change left as it was")


def keep_household(plan: Plan, pool: Pool, olds: Sequence[MemoryRecord], new: MemoryRecord,
                   now: datetime) -> None:
    """"We moved to Seattle" after "User lives in Portland with their wife Mei and their two
    kids": the home is superseded, the people the user lives with are not — they stay current
    in a memory of their own, "User lives with their wife Mei and their two kids"
    (``dwelling.household``), unless the move itself says who came along."""
    if _ALONG.search(new.content):
        return  # "moved to York with Tom": the new home's memory says who lives there
    for old in olds:
        rest = household(old.content)
        if rest is None or pool.by_hash(content_hash(rest)) is not None:
            continue
        kept = narrowed(old, rest, new, now)
        kept = kept.model_copy(update={  # no longer a statement of the home
            "metadata": {k: v for k, v in kept.metadata.items() if k not in ("slot", "value")},
            "tags": [t for t in kept.tags if t != "residence"]})
        add(plan, pool, kept, "who the user lives with, after a move")


def keep_unchanged(plan: Plan, pool: Pool, olds: Sequence[MemoryRecord], new: MemoryRecord,
                   now: datetime, names: Sequence[str] = ()) -> None:
    """A change of one detail of a memory that said several supersedes that detail only:
    "보리 사료를 오리로 바꿨어요" after "보리는 닭고기 알러지가 있어서 연어 사료만 먹는다"
    leaves "보리는 닭고기 알러지가 있다" current (pinned as it was), "I got promoted to senior
    PM" after "User is a product manager at a fintech in Toronto" leaves "User works at a
    fintech in Toronto" (``partial``). What is kept is a memory of its own from the change on,
    with the old sources; the old wording stays in history. Not when an earlier keeper of
    this change (a household, a part narrowed) already kept something of the same memory,
    and not for a memory the change did not supersede (an older change arriving late)."""
    for old in olds:
        if old.id in pool.records or any(pool.records[i].metadata.get("narrowed_from") == old.id
                                          for i in pool.created if i in pool.records):
            continue
        rest = partial.without_companion(old.content, new.content) or partial.unchanged(
            old.content, new.content, names) or partial.same_job(old.content, new.content)
        if rest is None or pool.by_hash(content_hash(rest)) is not None:
            continue
        kept = narrowed(old, rest, new, now)
        slot = kept.metadata.get("slot")
        kept = kept.model_copy(update={  # the slot's value was the detail that changed
            "metadata": {k: v for k, v in kept.metadata.items() if k not in ("slot", "value")},
            "tags": [t for t in kept.tags if t != slot]})
        add(plan, pool, kept, "what the change left as it was")


def rehouse(plan: Plan, pool: Pool, new: MemoryRecord, place: str, now: datetime) -> None:
    """A new residence supersedes a memory that said where the user lived on the way
    ("사용자는 대구 수성구에 사는 치과위생사다"): no residence slot knows it, yet it would stay
    current beside the move. What else it said stays current, without the old place
    (``changes.lives_in_passing``); the whole old wording stays in history."""
    for old in list(pool.records.values()):
        if old.id in pool.created or old.layer is not new.layer or old.pinned \
                or old.metadata.get("slot") or old.type is MemoryType.RULE \
                or CRITICAL_TAGS & set(old.tags) \
                or (old.valid_from or old.event_time) > (new.valid_from or new.event_time):
            continue
        rest = changes.lives_in_passing(old.content, place)
        if rest is None:
            continue
        retire(plan, pool, old, new, now, "the user moved")
        if pool.by_hash(content_hash(rest)) is None:
            add(plan, pool, narrowed(old, rest, new, now), "what it said besides the place")
