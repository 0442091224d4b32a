"""The engine: ``AsyncMemory`` (the one implementation) and ``Memory`` (its sync facade).

``AsyncMemory`` wires the ports (store, embedder, chat model) and delegates to ``write/``,
``read/``, ``context/`` and ``lifecycle/``. It opens its store lazily on first use, so
constructing it is cheap and does no I/O. ``Memory`` runs the same coroutines on a private
event-loop thread.

``AsyncMemory`` *is* the public API (I1): one short method per operation, each spelling out
its scope keywords (``user_id=…, session_id=…``) so that users and type checkers see real
signatures rather than ``**kwargs``. The class is built in layers by job so that no module
holds all of them: the ports and what every operation shares (``engine.core``), editing one
memory (``engine.edit``), administration — lifecycle jobs, versions, reindex, export,
settings (``engine.admin``); writes, reads and context are here. The logic lives elsewhere
(``write.persist``, ``write.pipeline``, ``read.search``, ``context.assemble``,
``lifecycle.*``); nothing here is longer than a few dozen lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from gieok._sync import SyncFacade, forward
from gieok.context import sources
from gieok.context.assemble import ProjectArg
from gieok.context.project_files import ProjectMemory
from gieok.context.skills import build_skill
from gieok.context.sources import visible
from gieok.domain.audit import AuditEvent, Trigger
from gieok.domain.context import Budget, Context
from gieok.domain.limits import check_id, check_text
from gieok.domain.query import (
    And,
    Filter,
    Page,
    ScoredMemory,
    View,
    names_field,
    parse_filter,
    parse_time,
)
from gieok.domain.records import MemoryRecord, utcnow
from gieok.domain.results import AddResult
from gieok.domain.scope import Scope, resolve_scope, validate_scope_id
from gieok.domain.turns import Turn, parse_messages
from gieok.embedders import Embedder
from gieok.engine.admin import AdminOps
from gieok.engine.core import MAX_K, ScopeArg, check_int
from gieok.engine.edit import EditOps
from gieok.errors import ConflictError, InvalidInputError, NotFoundError
from gieok.hooks import HookReport, Hooks, insight_of
from gieok.read.gate import Gate
from gieok.read.search import hybrid_search
from gieok.settings import GieokSettings
from gieok.stores import Store
from gieok.stores.working import WorkingLog
from gieok.write.direct import build_record, coerce_enum_fields
from gieok.write.extract import Extractor
from gieok.write.persist import persist_direct, prepare_import

__all__ = ["MAX_K", "AsyncMemory", "Memory", "ScopeArg", "resolve_scope"]


class AsyncMemory(EditOps, AdminOps):
    """Long-term memory for agents. Every read and write names a scope.

    >>> mem = AsyncMemory("sqlite:///gieok.db")            # doctest: +SKIP
    >>> await mem.remember("User lives in Gangnam-gu", user_id="u1")   # doctest: +SKIP
    """

    @classmethod
    def from_settings(cls, settings: GieokSettings) -> AsyncMemory:
        return cls(settings=settings)

    async def __aenter__(self) -> AsyncMemory:
        await self._ready()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # -- writes -----------------------------------------------------------------------------
    async def remember(
        self,
        text: str,
        /,
        *,
        scope: ScopeArg = None,
        user_id: str | None = None,
        session_id: str | None = None,
        persona_id: str | None = None,
        project_id: str | None = None,
        org_id: str | None = None,
        timestamp: datetime | str | None = None,
        trigger: Trigger = Trigger.USER_REQUEST,
        **fields: Any,
    ) -> MemoryRecord:
        """Store one memory directly (W14), bypassing extraction. Exact duplicates in the same
        scope are not stored twice: the existing memory's use count and confidence go up."""
        where = resolve_scope(scope, org_id=org_id, project_id=project_id, user_id=user_id,
                              persona_id=persona_id, session_id=session_id)
        if timestamp is not None:
            fields["event_time"] = timestamp
        build_record(where, text, coerce_enum_fields(dict(fields)),  # validate first (X5)
                     max_chars=self.settings.max_content_chars)
        items = await (await self._write_path()).prepare_direct([(where, text, fields)])
        records = await self._write_new(items, trigger=trigger, defer=True)
        return records[0]

    async def import_memories(
        self,
        items: Iterable[Mapping[str, Any] | MemoryRecord],
        /,
        *,
        scope: ScopeArg = None,
        user_id: str | None = None,
        session_id: str | None = None,
        persona_id: str | None = None,
        project_id: str | None = None,
        org_id: str | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> list[MemoryRecord]:
        """Batch W14. Items are dicts with ``content`` (or ``text``) and any settable field,
        optionally their own ``scope``. All items are validated before anything is written,
        then all are written in one transaction: an import is stored whole or not at all
        (at most 100,000 items per call)."""
        default = None
        if scope is not None or any((user_id, session_id, persona_id, project_id, org_id)):
            default = resolve_scope(scope, org_id=org_id, project_id=project_id, user_id=user_id,
                                    persona_id=persona_id, session_id=session_id)
        prepared = prepare_import(items, default, max_chars=self.settings.max_content_chars)
        prepared = await (await self._write_path()).prepare_direct(prepared)  # W4/W9 first
        return await self._write_new(prepared, trigger=Trigger.IMPORT, progress=progress)

    async def _write_new(
        self, items: Sequence[tuple[Scope, str, dict[str, Any]]], *, trigger: Trigger,
        progress: Callable[[int], None] | None = None, defer: bool = False,
    ) -> list[MemoryRecord]:
        """``defer``: with ``write.save_vectors = "background"``, the new records' vectors
        are owed and paid by the backlog (``write/backlog.py``) instead of before the commit."""
        store, embedder = await self._ready()
        write_path = await self._write_path()
        backlog = self.runtime.backlog if defer and self.settings.write.save_vectors \
            == "background" else None
        owed: list[MemoryRecord] | None = [] if backlog is not None else None
        records = await persist_direct(
            store, embedder, items, trigger=trigger, max_chars=self.settings.max_content_chars,
            capacity=write_path.direct_capacity,
            after_embed=lambda: self._record_index(store, embedder), progress=progress,
            owed=owed,
        )
        if backlog is not None and owed and not backlog.offer(owed):
            await backlog.pay_now(owed)  # the queue is full: this save pays its own
        return records

    async def add(
        self,
        messages: str | Sequence[Mapping[str, Any]],
        /,
        *,
        scope: ScopeArg = None,
        user_id: str | None = None,
        session_id: str | None = None,
        persona_id: str | None = None,
        project_id: str | None = None,
        org_id: str | None = None,
        timestamp: datetime | str | None = None,
        infer: bool = True,
    ) -> AddResult:
        """Append conversation turns to the session's working layer and, with ``infer=True``,
        extract the user's facts into long-term memory (W1–W10).

        ``messages`` is a string (one user turn) or mem0-style ``{"role", "content"}`` dicts.
        The scope's settings decide what happens (W9): nothing at all when disabled; only
        "remember this" requests when ``auto_extraction`` is off. PII is masked before the
        turns are stored. Extracted memories go to the session's user (the scope above the
        session); a session that names no user keeps them at the session, so chat is never
        filed as org or project knowledge. They are reconciled
        against what is stored: the result lists each typed decision (ADD, UPDATE, SUPERSEDE,
        MERGE, NOOP), what capacity archived, and any failure — failures are reported here,
        never raised, once the turns are stored.
        """
        where = resolve_scope(scope, org_id=org_id, project_id=project_id, user_id=user_id,
                              persona_id=persona_id, session_id=session_id)
        at = parse_time(timestamp, "timestamp") if timestamp is not None else utcnow()
        turns = parse_messages(messages, at, self.settings.max_turn_chars)
        return await (await self._write_path()).ingest(where, turns, infer=infer)

    async def extract_pending(self, *, scope: ScopeArg = None, **ids: str | None) -> AddResult:
        """Extract the scope's turns that were stored but not extracted yet (``add(…,
        infer=False)``; the service queues this off the request path). Idempotent; failures
        are reported in the result (``extraction == "failed"``), never raised."""
        where = resolve_scope(scope, **ids)
        return await (await self._write_path()).extract_pending(where)

    async def end_session(
        self,
        *,
        scope: ScopeArg = None,
        user_id: str | None = None,
        session_id: str | None = None,
        persona_id: str | None = None,
        project_id: str | None = None,
        org_id: str | None = None,
    ) -> AddResult:
        """Close a session (W2/W11): extract what was not extracted yet and write the
        session's episode (summary, topics, emotion, importance). Never raises for model or
        extraction failures; they are reported in the result."""
        where = resolve_scope(scope, org_id=org_id, project_id=project_id, user_id=user_id,
                              persona_id=persona_id, session_id=session_id)
        return await (await self._write_path()).end_session(where)

    async def sweep(
        self, *, idle_minutes: float | None = None, now: datetime | str | None = None,
        limit: int = 100,
    ) -> list[tuple[Scope, AddResult]]:
        """Close sessions idle longer than their scope's ``idle_timeout_minutes`` (or
        ``idle_minutes``) and run the session-end work for each (W2)."""
        at = parse_time(now, "now") if now is not None else None
        return await (await self._write_path()).sweep(now=at, idle_minutes=idle_minutes,
                                                      limit=limit)

    # -- reads ------------------------------------------------------------------------------
    async def get(self, memory_id: str, /, *, scope: ScopeArg = None) -> MemoryRecord:
        """One memory by id, whatever its status. With ``scope``, ids outside it are not found."""
        return await self._get_owned(memory_id, scope)

    async def history(self, memory_id: str, /, *, scope: ScopeArg = None) -> list[AuditEvent]:
        check_id(memory_id)
        store, _ = await self._ready()
        owner = resolve_scope(scope) if scope is not None else None
        tenant = owner.tenant if owner is not None else ""
        events = await store.history(tenant, memory_id)
        if owner is not None:
            events = [e for e in events if owner.contains(e.scope)]
        if not events:
            await self._get_owned(memory_id, scope)  # raises NotFound for unknown ids
        return events

    async def list(
        self,
        *,
        scope: ScopeArg = None,
        user_id: str | None = None,
        session_id: str | None = None,
        persona_id: str | None = None,
        project_id: str | None = None,
        org_id: str | None = None,
        filters: Mapping[str, Any] | Filter | None = None,
        limit: int = 100,
        offset: int = 0,
        include_archived: bool = False,
    ) -> Page[MemoryRecord]:
        """Memories newest first. Archived conversation turns (R8) are not memories and are
        left out unless ``filters`` asks for them (``{"kind": "turn"}`` or a ``layer``)."""
        where = resolve_scope(scope, org_id=org_id, project_id=project_id, user_id=user_id,
                              persona_id=persona_id, session_id=session_id)
        check_int("limit", limit, 1, 10_000)
        check_int("offset", offset, 0, 10**9)
        store, _ = await self._ready()
        return await store.list(where, filters=_memories_unless_named(parse_filter(filters)),
                                view=View(include_archived=include_archived),
                                limit=limit, offset=offset)

    async def search(
        self,
        query: str,
        /,
        *,
        scope: ScopeArg = None,
        user_id: str | None = None,
        session_id: str | None = None,
        persona_id: str | None = None,
        project_id: str | None = None,
        org_id: str | None = None,
        k: int = 10,
        limit: int | None = None,
        filters: Mapping[str, Any] | Filter | None = None,
        as_of: datetime | str | None = None,
        min_confidence: float | None = None,
        include_archived: bool = False,
        threshold: float | None = None,
    ) -> list[ScoredMemory]:
        """Hybrid search (R1–R3): dense + full text, fused, then the mixed score. Expired and
        superseded memories are excluded; ``as_of`` answers what was true at that date (L6);
        ``include_archived`` searches archived memories too (filter ``status`` to pick). A
        search in a user's project also finds the user's own user-wide memories. ``limit`` is
        another name for ``k`` (mem0 spells it so).

        Facts and archived conversation turns come back together, each hit saying its
        ``kind`` (``"memory"`` or ``"turn"``); ``filters={"kind": "turn"}`` (or
        ``"memory"``) selects one. ``threshold`` (0–1) drops hits whose relevance to the
        query (``parts.relevance``, before recency and importance) is below it (R8).

        With memory turned off in the scope (``enabled=False``) it answers ``[]``, as
        ``context()`` answers an empty block; ``list()`` and ``export()`` still show what
        is stored, so the user can review and delete it."""
        if limit is not None:
            if k != 10 and k != limit:
                raise InvalidInputError("pass either k or limit (the same thing), not both")
            k = limit
        where = resolve_scope(scope, org_id=org_id, project_id=project_id, user_id=user_id,
                              persona_id=persona_id, session_id=session_id)
        if not isinstance(query, str) or not query.strip():
            raise InvalidInputError("query is empty: pass the text to search for")
        check_text(query, "query")
        if len(query) > self.settings.max_content_chars:
            raise InvalidInputError("query is too long", code="CONTENT_TOO_LONG")
        check_int("k", k, 1, MAX_K)
        if threshold is not None and (isinstance(threshold, bool) or not isinstance(
                threshold, int | float) or not 0.0 <= threshold <= 1.0):
            raise InvalidInputError("threshold must be a number between 0 and 1")
        flt = parse_filter(filters)
        if min_confidence is not None:
            floor = parse_filter({"confidence": {"gte": min_confidence}})
            flt = floor if flt is None else And((flt, floor))  # type: ignore[arg-type]
        view = View(as_of=parse_time(as_of, "as_of") if as_of is not None else None,
                    include_archived=include_archived)
        store, embedder = await self._ready()
        runtime = await self._runtime()
        # memory off (the user's switch): nothing for a conversation, as context(); the
        # settings are read in the search's own round trip (read/gate.py)
        gate = Gate(runtime.policy_op(where),
                    lambda chain: runtime.resolve(chain).settings.enabled)  # type: ignore[arg-type]
        reader, flt = visible(where, flt)  # inside a project: the user's user-wide ones too
        await self._settle(reader)
        return await hybrid_search(store, embedder, reader, query, k=k, filters=flt, view=view,
                                   weights=self.settings.scoring, now=utcnow(),
                                   min_relevance=float(threshold or 0.0),
                                   fold=self.settings.scoring.fold_sources,
                                   learned=self.settings.scoring.learned_order, gate=gate)

    async def recent_turns(self, *, scope: ScopeArg = None, limit: int = 10,
                           **ids: str | None) -> list[Turn]:
        where = resolve_scope(scope, **ids)
        check_int("limit", limit, 1, 10_000)
        return await (await self._runtime()).working.recent(where, limit=limit)

    # -- context assembly (C1–C8) and lifecycle (L2–L5) — logic in context/ and lifecycle/ --
    # -- context assembly (C1–C8) ------------------------------------------------------------
    async def context(
        self, query: str = "", /, *, scope: ScopeArg = None,
        history: Sequence[Turn | Mapping[str, Any]] | None = None,
        budget: Budget | int | Mapping[str, Any] | None = None, entity: str | None = None,
        path: str | None = None, project: ProjectArg = None, use_cache: bool = True,
        track_use: bool = True, now: datetime | str | None = None, **ids: str | None,
    ) -> Context:
        """The ``[MEMORY CONTEXT]`` block for this turn plus the recent raw turns (C1):
        summary, pinned facts, relevant memories, recent conversations, skills, project
        files and rules (for ``entity``/``path``), organisation knowledge — within ``budget``
        (C2), cached (C5), with a trace (C8). ``history`` defaults to the session's turns."""
        where = resolve_scope(scope, **ids)
        await self._settle(where)
        return await self._assembler().assemble(
            await self._runtime(), where, query, history=history, budget=budget, entity=entity,
            path=path, project=project, use_cache=use_cache, track_use=track_use,
            now=parse_time(now, "now") if now is not None else None)

    async def use_in_next_turn(
        self, memory_ids: Sequence[str], /, *, scope: ScopeArg = None, replace: bool = False,
        **ids: str | None,
    ) -> list[str]:
        """Put these memories into the session's next ``context()`` whatever the query
        (seed 001): a one-shot list that a real turn consumes and its trace reports under
        ``selected``; a preview (``track_use=False``) leaves it in place. Adds to what is
        selected already (``replace=True`` replaces it; ``[]`` with it clears). Returns the
        session's list. Needs a session scope; ids outside the scope are not found."""
        where = resolve_scope(scope, **ids)
        if where.session is None:
            raise InvalidInputError("pass session_id=… to say whose next turn this is for",
                                    code="INVALID_SCOPE")
        if isinstance(memory_ids, str) or len(memory_ids) > MAX_K:
            raise InvalidInputError(f"memory_ids must be a list of at most {MAX_K} ids")
        for memory_id in memory_ids:
            check_id(memory_id)
        rt = await self._runtime()
        found = {r.id: r for r in await rt.store.get(where.tenant, list(memory_ids))}
        for memory_id in memory_ids:
            record = found.get(memory_id)
            if record is None or not sources.may_show(where, record):
                raise NotFoundError(f"memory {memory_id!r} not found in this scope",
                                    code="MEMORY_NOT_FOUND")
            if not record.is_live():
                raise ConflictError(f"memory {memory_id!r} is {record.status.value} or "
                                    "superseded; restore it first", code="MEMORY_NOT_LIVE")
        current = [] if replace else await rt.working.selection(where)
        await rt.working.put_selection(where, [*current, *memory_ids])
        return await rt.working.selection(where)

    async def next_turn_selection(self, *, scope: ScopeArg = None, **ids: str | None
                                  ) -> list[str]:
        """The memory ids waiting for the session's next turn (``use_in_next_turn``)."""
        where = resolve_scope(scope, **ids)
        rt = await self._runtime()
        return await rt.working.selection(where) if where.session else []

    def project_memory(self, project_id: str | None = None, *, root: ProjectArg = None,
                       org_id: str | None = None) -> ProjectMemory:
        """The file memory (MEMORY.md + rules/*.md) of a project (C3), to read or edit; an
        organisation's projects (``org_id``) have their own files."""
        tenant = "" if org_id is None else validate_scope_id("org", org_id)
        found = self._assembler().project(project_id, root, tenant=tenant)
        if found is None:
            raise InvalidInputError("pass a project_id or a root directory")
        return found

    async def pipeline_end(
        self, state: Mapping[str, Any], /, *, project_id: str | None = None,
        root: ProjectArg = None, write_back: bool = True, org_id: str | None = None,
    ) -> HookReport:
        """The end of an agent pipeline (seed 002's PIPELINE_END hook): write the run's
        insight into the project's MEMORY.md (skipped for ``state["dry_run"]`` and states
        without ``entity_name``), then run the handlers in ``hooks`` for "pipeline_end".
        Never raises for a handler's failure; it is in the report."""
        if not isinstance(state, Mapping):
            raise InvalidInputError("state must be the pipeline's final state (a mapping)")
        report = HookReport()
        found = insight_of(state)
        if not write_back or (project_id is None and root is None):
            report.skipped = "no project to write back to"
        elif state.get("dry_run"):
            report.skipped = "dry run"
        elif found is None:
            report.skipped = "the state has no entity_name"
        else:
            entity, report.insight = found
            report.added = self.project_memory(project_id, root=root, org_id=org_id).add_insight(
                report.insight, entity=entity)
        return await self.hooks.trigger("pipeline_end", state, report)

    async def add_skill(
        self, name: str, /, *, triggers: Sequence[str], steps: Sequence[str],
        description: str | None = None, scope: ScopeArg = None, **ids: str | None,
    ) -> MemoryRecord:
        """Store (or replace, by name) a procedural skill in one scope (C4)."""
        skill = build_skill(name, triggers, steps, description)
        where = resolve_scope(scope, **ids)
        store, _ = await self._ready()
        page = await store.list(where, filters=parse_filter({"layer": "procedural"}),
                                view=View(), limit=1000, offset=0)
        same = [r for r in page.items if r.scope == where and
                (r.data or {}).get("name", "").casefold() == skill.name.casefold()]
        if same:
            return await self.update(same[0].id, content=skill.content(),
                                     data=skill.model_dump())
        return await self.remember(skill.content(), scope=where, layer="procedural",
                                   type="note", data=skill.model_dump())


_MEMORIES_ONLY = parse_filter({"kind": "memory"})


def _memories_unless_named(flt: Filter | None) -> Filter | None:
    """``flt``, plus "no archived turns" unless it already says which layers or kinds."""
    if names_field(flt, "layer"):
        return flt
    return _MEMORIES_ONLY if flt is None else And((flt, _MEMORIES_ONLY))  # type: ignore[arg-type]



# -- the sync facade ------------------------------------------------------------------------
class Memory(SyncFacade):
    """The synchronous face of ``AsyncMemory``: same methods, same arguments.

    ``Memory()`` opens the embedded default under the user data dir;
    ``Memory("sqlite:///path.db")`` opens that file. Close it (or use ``with``) when done;
    one that is never closed is closed when it is garbage-collected or at exit, without
    ever blocking either (see ``gieok._sync``).
    """

    _async: AsyncMemory

    def __init__(
        self,
        store: str | Store | None = None,
        *,
        embedder: str | Embedder | None = None,
        settings: GieokSettings | None = None,
        working: WorkingLog | str | None = None,
        extractor: Extractor | None = None,
        profile: str | None = None,
    ) -> None:
        async def make() -> AsyncMemory:
            return AsyncMemory(store, embedder=embedder, settings=settings, working=working,
                               extractor=extractor, profile=profile)

        self._start(make)

    @property
    def settings(self) -> GieokSettings:
        return self._async.settings

    @property
    def aio(self) -> AsyncMemory:
        return self._async

    @property
    def write_failures(self) -> int:
        return self._async.write_failures

    remember = forward(AsyncMemory.remember)
    import_memories = forward(AsyncMemory.import_memories)
    add = forward(AsyncMemory.add)
    end_session = forward(AsyncMemory.end_session)
    extract_pending = forward(AsyncMemory.extract_pending)
    sweep = forward(AsyncMemory.sweep)
    decay = forward(AsyncMemory.decay)
    update = forward(AsyncMemory.update)
    archive = forward(AsyncMemory.archive)
    restore = forward(AsyncMemory.restore)
    delete = forward(AsyncMemory.delete)
    forget = forward(AsyncMemory.forget)
    get = forward(AsyncMemory.get)
    history = forward(AsyncMemory.history)
    list = forward(AsyncMemory.list)
    search = forward(AsyncMemory.search)
    export = forward(AsyncMemory.export)
    recent_turns = forward(AsyncMemory.recent_turns)
    get_settings = forward(AsyncMemory.get_settings)
    update_settings = forward(AsyncMemory.update_settings)
    context = forward(AsyncMemory.context)
    add_skill = forward(AsyncMemory.add_skill)
    use_in_next_turn = forward(AsyncMemory.use_in_next_turn)
    next_turn_selection = forward(AsyncMemory.next_turn_selection)
    pipeline_end = forward(AsyncMemory.pipeline_end)
    expire = forward(AsyncMemory.expire)
    consolidate = forward(AsyncMemory.consolidate)
    versions = forward(AsyncMemory.versions)
    rollback = forward(AsyncMemory.rollback)
    reindex = forward(AsyncMemory.reindex)

    def project_memory(self, project_id: str | None = None, *, root: ProjectArg = None,
                       org_id: str | None = None) -> ProjectMemory:
        return self._async.project_memory(project_id, root=root, org_id=org_id)

    @property
    def hooks(self) -> Hooks:
        return self._async.hooks
