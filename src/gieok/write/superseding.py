"""What a new memory says is no longer current, found among the stored ones (W6, issue 16).
Pure: reconciliation (``reconcile``) asks, in turn, whether the new memory says a kind of
thing changed (``changed_by``), gives a thing a new value (``renewed_by``) or does now what a
stored dislike said the user would not (``taste_reversed``); each answers with the stored
memories that stop being true, and reconciliation supersedes them. Split out of
``reconcile`` (which decides and writes) so each reading stays small and testable alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Set

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.domain.safety import CRITICAL_TAGS
from gieok.write.extract import changes, shift
from gieok.write.extract.new_value import MEASURES, SURE, new_value
from gieok.write.extract.new_value import replaced as states_old_value
from gieok.write.likeness import says_more


def changed_by(new: MemoryRecord, records: Iterable[MemoryRecord],
               created: Set[str]) -> list[MemoryRecord]:
    """Stored memories stating the value of a thing the new memory says changed, when no
    slot knows it ("switched vets" retires "User's vet is Dr. Park …", "가게 합정동으로
    옮겼다" retires "망원동에서 칼국수집 한다"; ``changes`` reads the cue and the kind).
    Never a pinned, health or safety fact, a rule, one written in this batch or one that
    also states the new memory's content. A memory about someone the change does not name
    only when it is the one memory of that kind (one child's daycare, not two)."""
    said = changes.change(new.content) if new.type is not MemoryType.RULE else None
    if said is None:
        return []
    sure: list[MemoryRecord] = []
    alone: list[MemoryRecord] = []
    for r in records:
        if r.id in created or r.layer is not new.layer or r.type is MemoryType.RULE \
                or r.pinned or CRITICAL_TAGS & set(r.tags) or says_more(r.content, new.content):
            continue
        found = changes.replaced(r.content, said)
        (sure if found == changes.SURE else alone if found else []).append(r)
    if sure:
        return sure
    return alone if len({changes.who(r.content) for r in alone}) == 1 else []


_NEVER_RENEWED = frozenset({"allergy", "allergies", "contraindication", "safety"})


def renewed_by(new: MemoryRecord, records: Iterable[MemoryRecord],
               created: Set[str]) -> list[MemoryRecord]:
    """Stored memories stating the old value of a thing the new memory gives a new value
    ("몽이 베트메딘 하루 세 번으로 늘렸어요" → "몽이는 베트메딘 하루 두 번 먹어요"; "surgery
    date pushed to April 17" → "surgery on April 3"): same holder, the thing named, not the
    new value (``new_value``). A core fact (a medicine and its dose) too: the new memory
    names the same thing and takes its pin (the caller). A rule only by a rule, or by a
    sentence that names the rule's value as dropped ("scrap the bullet points, short
    paragraphs instead"); a fact never by a rule. Never an allergy or safety fact, one
    written in this batch or one that also states the new memory's content. A change that
    names no one takes the memories about one relative or pet (never two)."""
    said = new_value(new.content)
    if said is None:
        return []
    sure: list[MemoryRecord] = []
    alone: list[MemoryRecord] = []
    for r in records:
        if r.id in created or r.layer is not new.layer or _NEVER_RENEWED & set(r.tags) \
                or (r.type is MemoryType.RULE) != (new.type is MemoryType.RULE) and not (
                    r.type is MemoryType.RULE and said.left) \
                or says_more(r.content, new.content):
            continue  # a rule by a rule, or by a sentence that names its value as dropped
        found = states_old_value(r.content, said)
        (sure if found == SURE else alone if found else []).append(r)
    if len({changes.who(r.content) for r in alone}) == 1:
        sure += alone  # the change names no one: the one relative or pet it can be about
    if said.things <= MEASURES and len(sure) > 1:
        return []  # "raised my dose": which medicine's, when two give a dose, is unknown
    return sure


def taste_reversed(new: MemoryRecord, records: Iterable[MemoryRecord],
                   created: Set[str]) -> list[MemoryRecord]:
    """Stored dislikes of the same holder that ``new`` says are done now (``shift.done_now``):
    never a pinned or core fact (an allergy is not a taste), a rule, one of this batch or one
    said in the same conversation."""
    if new.type is MemoryType.RULE or shift.disliked(new.content):
        return []
    who = changes.who(new.content)
    return [r for r in records
            if r.id not in created and r.layer is new.layer and r.type is not MemoryType.RULE
            and not r.pinned and not CRITICAL_TAGS & set(r.tags)
            and r.source_session != new.source_session and changes.who(r.content) == who
            and any(shift.done_now(new.content, thing) for thing in shift.disliked(r.content))]
