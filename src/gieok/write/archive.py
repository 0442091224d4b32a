"""The conversation archive (R8): every turn given to ``add()``, kept searchable.

Extraction keeps what it recognises as a fact; everything else a user said would be lost to
search. So each (PII-masked) turn is also written as one or more records of layer
``archive`` and type ``turn``, in the scope ``add()`` was called with:

* ``content`` is the turn's text, or — for a turn longer than the model reads well — one of
  its overlapping passages (``passages.py``); ``metadata`` names the turn, its role, the
  speaker and the passage's place; ``source_turn_ids`` points at the turn, so a hit maps
  back to what was said; ``event_time`` is when it was said.
* ``metadata["follows"]`` names the turn said just before it in the session (when known):
  a question and its answer are two turns, and search lifts the answer when the question
  matches (``read/replies.py``).
* the vector embeds the passage with its speaker's name only. The session date and the
  neighbouring turns (``archive_window`` each side) go into ``index_text`` after
  ``INDEX_ONLY_MARK``: full-text search sees them, the model does not — neighbour context
  would otherwise multiply the embedding cost of every turn.
* a turn's successors arrive with later ``add()`` calls, so the last archived turns of the
  session get their ``index_text`` rewritten (no new vector) when new turns come.

Archive records are ordinary records, so every store, ``forget``, export, hard delete and
retention cover them; ``list()``, capacity and consolidation leave them out (they are not
memories), and no audit event is written for them (they are a copy of the conversation, not
a decision about it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from gieok.domain.query import Filter, View, parse_filter
from gieok.domain.records import INDEX_ONLY_MARK, Layer, MemoryRecord, MemoryType, Source, utcnow
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.embedders.base import Embedder, token_counter
from gieok.settings import WriteSettings
from gieok.stores.base import IndexInfo, Store, WriteBatch
from gieok.stores.fence import Fence
from gieok.stores.working import WorkingLog
from gieok.write.passages import split_passages

IMPORTANCE = 0.5  # neutral: a turn is neither more nor less important than a typical fact


def speaker_of(turn: Turn) -> str:
    """The name a turn was said under: its ``name``, else its role."""
    return turn.name or turn.role


def date_line(at: datetime) -> str:
    """The session date in the words people search with, English and Korean."""
    return f"{at.day} {at:%B %Y} ({at:%A}) · {at.year}년 {at.month}월 {at.day}일"


def index_text(turn: Turn, before: Sequence[Turn], after: Sequence[Turn],
               neighbour_chars: int) -> str:
    """Speaker (embedded), then — full-text only — the date and the neighbouring turns."""
    lines = [date_line(turn.at)]
    for other in (*before, *after):
        text = other.content if len(other.content) <= neighbour_chars else \
            other.content[:neighbour_chars].rsplit(" ", 1)[0]
        lines.append(f"{speaker_of(other)}: {text}")
    head = turn.name or ""
    return head + INDEX_ONLY_MARK + "\n".join(lines)


@dataclass
class ArchiveWrite:
    """New passage records (to embed) and rewritten ones (same vector, new context)."""

    new: list[MemoryRecord] = field(default_factory=list)
    rewritten: list[MemoryRecord] = field(default_factory=list)


def _neighbours(session: Sequence[Turn], i: int, window: int) -> tuple[list[Turn], list[Turn]]:
    return list(session[max(0, i - window):i]), list(session[i + 1:i + 1 + window])


def passage_records(
    scope: Scope, turn: Turn, context: str, settings: WriteSettings,
    count: Callable[[str], int], now: datetime, follows: Turn | None = None,
) -> list[MemoryRecord]:
    """One record per passage of ``turn`` (one for any turn that fits the model);
    ``follows``: the turn said just before it, if known."""
    passages = split_passages(turn.content, max_tokens=settings.passage_tokens,
                              overlap=settings.passage_overlap, count=count)
    out = []
    for number, passage in enumerate(passages):
        metadata = {"turn": turn.id, "role": turn.role, "passage": number,
                    "passages": len(passages)}
        if turn.name:
            metadata["speaker"] = turn.name
        if follows is not None:
            metadata["follows"] = follows.id
        out.append(MemoryRecord(
            scope=scope, layer=Layer.ARCHIVE, type=MemoryType.TURN, content=passage,
            index_text=context, metadata=metadata, importance=IMPORTANCE,
            source=Source.SYSTEM, source_session=scope.session, source_turn_ids=[turn.id],
            source_preview=turn.content[:100], pii_flags=list(turn.metadata.get("pii", [])),
            event_time=turn.at, valid_from=turn.at, created_at=now, updated_at=now))
    return out


def plan_archive(
    scope: Scope, earlier: Sequence[Turn], turns: Sequence[Turn],
    archived: Sequence[MemoryRecord], settings: WriteSettings, count: Callable[[str], int],
) -> ArchiveWrite:
    """Records for ``turns`` (just appended after ``earlier`` in the session), and the
    already ``archived`` records of the last earlier turns with their context rewritten."""
    now = utcnow()
    window, chars = settings.archive_window, settings.archive_neighbour_chars
    session = [*earlier, *turns]
    position = {t.id: i for i, t in enumerate(session)}
    plan = ArchiveWrite()
    for turn in turns:
        at = position[turn.id]
        before, after = _neighbours(session, at, window)
        context = index_text(turn, before, after, chars)
        plan.new.extend(passage_records(scope, turn, context, settings, count, now,
                                        session[at - 1] if at > 0 else None))
    for record in archived:
        at = position.get(str(record.metadata.get("turn")))
        if at is None:
            continue
        before, after = _neighbours(session, at, window)
        context = index_text(session[at], before, after, chars)
        if context != record.index_text:
            plan.rewritten.append(record.model_copy(update={"index_text": context,
                                                            "updated_at": now}))
    return plan


def archive_filter(turn_ids: Sequence[str]) -> Filter | None:
    """The archive records of these turns."""
    return parse_filter({"layer": Layer.ARCHIVE.value,
                         "metadata.turn": {"in": list(turn_ids)}})


async def archive_batch(
    store: Store, working: WorkingLog, embedder: Embedder, scope: Scope, turns: Sequence[Turn],
    settings: WriteSettings, *, earlier_turns: int, index_info: IndexInfo | None = None,
    fence: Fence | None = None,
) -> WriteBatch:
    """The write that archives ``turns`` (already appended to ``scope``'s working log after
    ``earlier_turns`` others): new passages with their vectors (one embedding batch) and the
    last earlier turns' records with their context rewritten. The caller writes it — alone,
    or folded into the add()'s other write (one round trip). A session's first add() reads
    nothing more; later ones read the previous turns (at least the last one: the first new
    turn ``follows`` it) and their archive records. ``fence``:
    the forget mark read before the turns were, so a forget since refuses this write too."""
    window = settings.archive_window
    earlier: list[Turn] = []
    archived: list[MemoryRecord] = []
    if earlier_turns > 0:
        fresh = {t.id for t in turns}
        recent = await working.recent(scope, limit=len(turns) + max(1, 2 * window))
        earlier = [t for t in recent if t.id not in fresh]
        if earlier and window:
            page = await store.list(scope, filters=archive_filter(
                [t.id for t in earlier[-window:]]), view=View(), limit=1000, offset=0)
            archived = page.items
    plan = plan_archive(scope, earlier, turns, archived, settings, token_counter(embedder))
    vectors = await embedder.embed_documents([r.embedding_text() for r in plan.new])
    return WriteBatch(upserts=[*zip(plan.new, vectors, strict=True),
                               *((r, None) for r in plan.rewritten)], index_info=index_info,
                      fence=fence)


def replies_to(turn_ids: Sequence[str], said: Sequence[Turn],
               archived: Sequence[MemoryRecord]) -> list[str]:
    """The assistant turns said right after any of ``turn_ids``: from the session's turns
    (``said``, oldest first) and from its archive records (``metadata["follows"]``), since
    either may be gone by now (a working log's lifetime, an archive turned off)."""
    gone = {str(t) for t in turn_ids}
    out = [after.id for before, after in zip(said, said[1:], strict=False)
           if before.id in gone and after.role == "assistant"]
    out += [str(r.metadata["turn"]) for r in archived
            if r.metadata.get("role") == "assistant" and str(r.metadata.get("follows")) in gone
            and r.metadata.get("turn") is not None]
    return [t for t in dict.fromkeys(out) if t not in gone]


def forget_turns(session: Sequence[MemoryRecord], turn_ids: Sequence[str]
                 ) -> tuple[list[MemoryRecord], list[MemoryRecord]]:
    """For a hard delete of ``turn_ids``: (the archive records of those turns, the other
    archive records of the ``session`` with every neighbour line quoting them dropped from
    their full-text context). A neighbour line is a prefix of the turn's first passage."""
    gone = {str(t) for t in turn_ids}
    doomed = [r for r in session if str(r.metadata.get("turn")) in gone]
    doomed_ids = {r.id for r in doomed}
    quoted = [r.content for r in doomed if r.metadata.get("passage", 0) == 0]
    now = utcnow()
    rewritten = []
    for record in session:
        if record.id in doomed_ids or not record.index_text or INDEX_ONLY_MARK not in record.index_text:
            continue
        head, _, context = record.index_text.partition(INDEX_ONLY_MARK)
        lines = context.split("\n")
        kept = [line for line in lines
                if not any(line.partition(": ")[2] and text.startswith(line.partition(": ")[2])
                           for text in quoted)]
        if kept != lines:
            rewritten.append(record.model_copy(update={
                "index_text": head + INDEX_ONLY_MARK + "\n".join(kept), "updated_at": now}))
    return doomed, rewritten


def fold(batch: WriteBatch, carried: list[WriteBatch]) -> None:
    """Move ``carried`` archive writes into ``batch`` (one transaction, one round trip)."""
    for extra in carried:
        batch.upserts.extend(extra.upserts)
        batch.index_info = batch.index_info or extra.index_info
    carried.clear()
