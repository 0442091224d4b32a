"""Copy one store into another (``gieok migrate --from sqlite:///a.db --to postgresql://…``):
losslessly, resumably, verified.

What is copied: every record (every tenant, status and version) with its live vector and
its whole audit history, the embedding model the vectors belong to, per-scope settings, API
tokens (hashes only, as stored), and the working log (turns, session counters and marks,
rolling summaries). Not copied: the service's job queue (transient work; a new service
enqueues its own) and vectors kept from an earlier model for a reindex rollback.

Records go in batches, each batch with its history in one target transaction, so a copy
cut off midway holds whole batches; running it again skips the records the target already
has (by id) and goes on. The copy runs inside the target's ``bulk_load``: a PostgreSQL
target builds its vector index once at the end (and at its next open if the copy was cut
off), which is why the target should be a store no service uses yet. The end compares what
the source and the target hold.

A target that already holds memories of the source's users (written there directly, not by
an earlier run of this copy) is refused before anything is written: records are matched by
id, so the same facts stored twice would both stay active — every fact twice, silently.
``merge=True`` (``gieok migrate --merge-into-existing``) copies anyway, keeping both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from gieok.domain.scope import Scope
from gieok.errors import ConfigurationError, ConflictError
from gieok.stores.base import Store, WriteBatch
from gieok.stores.ops import GetOp, HistoryOp, ScanOp, SettingsListOp

Progress = Callable[[str, int], None]  # (what, how many more were copied)


@dataclass
class CopyReport:
    records: int = 0  # copied by this run
    skipped: int = 0  # already in the target (an earlier, interrupted run)
    audit_events: int = 0
    settings: int = 0
    tokens: int = 0
    turns: int = 0
    sessions: int = 0
    source_records: int = 0  # the verification: counted again at the end
    target_records: int = 0
    missing: list[str] = field(default_factory=list)

    @property
    def verified(self) -> bool:
        return not self.missing and self.source_records <= self.target_records


async def copy_store(source: Store, target: Store, *, batch: int = 500,
                     progress: Progress | None = None, merge: bool = False) -> CopyReport:
    report = CopyReport()
    tick = progress or (lambda what, n: None)
    if not merge:
        shared = await shared_owners(source, target, batch)
        if shared:
            shown = ", ".join(shared[:5]) + (f" and {len(shared) - 5} more" if len(shared) > 5
                                             else "")
            raise ConflictError(
                f"the target already holds memories of {len(shared)} of the source's scopes "
                f"({shown}) that this command did not copy there; copying would keep both, "
                "so facts stored in both places would be active twice. Copy into a new, "
                "empty database, or pass --merge-into-existing to copy anyway",
                code="MIGRATE_TARGET_NOT_EMPTY", details={"scopes": shared[:100]})
    await _copy_index(source, target)
    async with target.bulk_load():  # PostgreSQL builds its vector index once, at the end
        await _copy_records(source, target, batch, report, tick)
    [all_settings] = await source.read([SettingsListOp(None)])
    if all_settings:
        await target.write(WriteBatch(settings=list(all_settings)))
        report.settings = len(all_settings)
    for token in await source.tokens.list_tokens(None):
        await target.tokens.put_token(token)
        report.tokens += 1
    await _copy_working(source, target, report, tick)
    await _verify(source, target, batch, report)
    return report


def _owner(scope: Scope) -> str:
    """Whose memories a record is: its scope without the session."""
    return str(scope.model_copy(update={"session": None}))


async def shared_owners(source: Store, target: Store, size: int) -> list[str]:
    """The owners (scopes without session) that hold, in the target, records that are not
    the source's (by id) and that the source holds records of too. Empty for an empty
    target and for one filled by an earlier, interrupted copy."""
    foreign: set[str] = set()
    after = 0
    while True:
        [rows] = await target.read([ScanOp(after, size)])
        if not rows:
            break
        after = rows[-1][0]
        by_tenant: dict[str, list[str]] = {}
        for _, record, _ in rows:
            by_tenant.setdefault(record.scope.tenant, []).append(record.id)
        theirs = {r.id for found in await source.read(
            [GetOp(t, tuple(ids)) for t, ids in by_tenant.items()]) for r in found}
        foreign |= {_owner(r.scope) for _, r, _ in rows if r.id not in theirs}
    if not foreign:
        return []
    shared: set[str] = set()
    after = 0
    while True:
        [rows] = await source.read([ScanOp(after, size)])
        if not rows:
            return sorted(shared)
        after = rows[-1][0]
        shared |= {_owner(r.scope) for _, r, _ in rows} & foreign


async def _copy_index(source: Store, target: Store) -> None:
    info, there = await source.index_info(), await target.index_info()
    if info is None:
        return
    if there is not None and there.model != info.model:
        raise ConfigurationError(
            f"the target store's vectors were written by {there.model!r}, the source's by "
            f"{info.model!r}; copy into an empty store (or reindex one of them first)",
            code="EMBEDDER_MISMATCH")
    await target.set_index_info(info)


async def _copy_records(source: Store, target: Store, size: int, report: CopyReport,
                        tick: Progress) -> None:
    after = 0
    while True:
        [rows] = await source.read([ScanOp(after, size)])
        if not rows:
            return
        after = rows[-1][0]
        by_tenant: dict[str, list[str]] = {}
        for _, record, _ in rows:
            by_tenant.setdefault(record.scope.tenant, []).append(record.id)
        present = {r.id for found in await target.read(
            [GetOp(t, tuple(ids)) for t, ids in by_tenant.items()]) for r in found}
        todo = [(record, vector) for _, record, vector in rows if record.id not in present]
        report.skipped += len(rows) - len(todo)
        if todo:
            histories = await source.read(
                [HistoryOp(r.scope.tenant, r.id) for r, _ in todo])
            events = [e for history in histories for e in history]
            await target.write(WriteBatch(upserts=todo, audit=events))
            report.records += len(todo)
            report.audit_events += len(events)
        tick("records", len(rows))


async def _copy_working(source: Store, target: Store, report: CopyReport,
                        tick: Progress) -> None:
    for scope in await source.working.scopes():
        if await target.working.state(scope) is not None:
            continue  # copied by an earlier run
        turns = await source.working.recent(scope, limit=1_000_000)
        state = await source.working.state(scope)
        if turns:
            await target.working.append(scope, turns)
            report.turns += len(turns)
        if state is not None and turns:
            await target.working.mark(scope, extracted=state.extracted_count,
                                      closed=state.closed_count)
            report.sessions += 1
        summary = await source.working.summary(scope)
        if summary is not None:
            await target.working.put_summary(scope, summary)
        tick("sessions", 1)


async def _verify(source: Store, target: Store, size: int, report: CopyReport) -> None:
    """Every source record is in the target (by id), and the counts."""
    after = 0
    while True:
        [rows] = await source.read([ScanOp(after, size)])
        if not rows:
            break
        after = rows[-1][0]
        report.source_records += len(rows)
        by_tenant: dict[str, list[str]] = {}
        for _, record, _ in rows:
            by_tenant.setdefault(record.scope.tenant, []).append(record.id)
        found = {r.id for page in await target.read(
            [GetOp(t, tuple(ids)) for t, ids in by_tenant.items()]) for r in page}
        report.missing += [r.id for _, r, _ in rows if r.id not in found][:100]
    after = 0
    while True:
        [rows] = await target.read([ScanOp(after, size)])
        if not rows:
            return
        after = rows[-1][0]
        report.target_records += len(rows)
