"""The engine's core: the ports it opens lazily, and what every operation of ``AsyncMemory``
shares (the scope argument, the owned-memory lookup, the context assembler).

``AsyncMemory`` (``gieok.memory``) is the public API (I1): one short method per operation, each
spelling out its scope keywords so that users and type checkers see real signatures. That many
signatures do not fit one module, so the class is built in layers by job, each layer a class
over this one: ``engine.edit`` (one memory's versions, status and deletion; a scope's
forgetting), ``engine.admin`` (lifecycle jobs, versions and rollback, reindex, export,
per-scope settings), and ``gieok.memory`` itself (writes, reads, context). The layers hold no
state of their own; the logic they call lives in ``write/``, ``read/``, ``context/`` and
``lifecycle/``.
"""

from __future__ import annotations

from typing import Any

import anyio

from gieok.context.assemble import ContextAssembler
from gieok.domain.limits import check_id
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope, resolve_scope
from gieok.embedders import Embedder
from gieok.errors import ConfigurationError, InvalidInputError, NotFoundError
from gieok.hooks import Hooks
from gieok.llm.base import ChatModel
from gieok.runtime import Runtime, check_index, open_runtime
from gieok.settings import GieokSettings
from gieok.stores import IndexInfo, Store
from gieok.stores.redis.log import CacheStats
from gieok.stores.working import WorkingLog
from gieok.write.extract import Extractor
from gieok.write.pipeline import WritePath

ScopeArg = Scope | str | None
MAX_K = 1000


class EngineCore:
    """The ports (``Runtime``), opened on first use and closed once; the base of every layer
    of ``AsyncMemory``."""

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
        """``working`` replaces the store's own working log (turns and sessions): a Redis URL
        (``"redis://host:6379/0"``) keeps a hot copy in Redis written through to the store's
        log (as ``GIEOK_REDIS_URL`` does), a ``WorkingLog`` is used as it is; ``extractor`` replaces the one the settings choose; ``profile`` names a
        settings profile (``gieok.profiles``) under the explicit settings."""
        self.settings = settings or GieokSettings(**({"profile": profile} if profile else {}))
        if profile:
            self.settings = self.settings.for_profile(profile)
        self._store_arg = store
        self._embedder_arg = embedder
        self._working_arg = working
        self._extractor_arg = extractor
        self._rt: Runtime | None = None
        self._lock = anyio.Lock()
        self._index_checked = False
        self._index_recorded = False
        self._writes: WritePath | None = None
        self._context_assembler: ContextAssembler | None = None
        self.hooks = Hooks()


    async def _runtime(self) -> Runtime:
        """The ports, opened on first use (``Runtime``); the store's embedding model is
        checked against the engine's once (L7)."""
        if self._rt is not None and self._index_checked:
            return self._rt
        async with self._lock:
            if self._rt is None:
                self._rt = await open_runtime(
                    self.settings, store=self._store_arg, embedder=self._embedder_arg,
                    working=self._working_arg, extractor=self._extractor_arg)
            if not self._index_checked:
                await check_index(self._rt.store, self._rt.embedder)
                self._index_checked = True
                if self._rt.backlog is not None:  # a crashed run's owed vectors, then the task
                    await self._rt.backlog.start()
        return self._rt

    async def _ready(self) -> tuple[Store, Embedder]:
        rt = await self._runtime()
        return rt.store, rt.embedder

    async def _record_index(self, store: Store, embedder: Embedder) -> None:
        """Record the engine's embedding model in the store with its first vectors (L7):
        one write per engine (set if absent), none after."""
        if not self._index_recorded:
            await store.set_index_info(IndexInfo(model=embedder.name, dim=embedder.dim))
            self._index_recorded = True

    async def _settle(self, scope: Scope) -> None:
        """Read-your-writes for saves whose vectors are owed: those of ``scope`` (and the
        scopes above it) are written before a read of it (``VectorBacklog.settle``)."""
        backlog = (await self._runtime()).backlog
        if backlog is not None:
            await backlog.settle(scope)

    async def _write_path(self) -> WritePath:
        """The write pipeline (W1–W11) over the runtime's ports."""
        rt = await self._runtime()
        if self._writes is None:
            self._writes = WritePath(rt)
        return self._writes

    async def chat_model(self) -> ChatModel | None:
        """The configured chat model chain (M2), or ``None`` without an LLM: the one chain the
        write path, episodes and rolling summaries share (closed with the engine)."""
        return (await self._runtime()).chat

    async def backends(self) -> tuple[Store, Embedder]:
        """The opened store and embedder, for integrations that speak the store port directly
        (the LangGraph store keeps caller-chosen keys, which ``remember`` does not)."""
        return await self._ready()

    @property
    def write_failures(self) -> int:
        """How many write-path failures were absorbed (and reported) so far (W10)."""
        return 0 if self._writes is None else self._writes.failure_count

    @property
    def working_cache_stats(self) -> CacheStats | None:
        """Counters of the working log's Redis copy (None without one, or before opening)."""
        found = getattr(self._rt.working, "stats", None) if self._rt is not None else None
        return found if isinstance(found, CacheStats) else None

    @property
    def runtime(self) -> Runtime:
        if self._rt is None:
            raise ConfigurationError("the engine is not open yet; call any method first")
        return self._rt

    @property
    def store(self) -> Store:
        return self.runtime.store

    async def aclose(self) -> None:
        if self._rt is not None:
            rt, self._rt = self._rt, None
            await rt.aclose()

    async def _get_owned(self, memory_id: str, scope: ScopeArg) -> MemoryRecord:
        check_id(memory_id)
        store, _ = await self._ready()
        owner = resolve_scope(scope) if scope is not None else None
        tenant = owner.tenant if owner is not None else ""
        found = await store.get(tenant, [memory_id])
        if not found or (owner is not None and not owner.contains(found[0].scope)):
            raise NotFoundError(f"memory {memory_id!r} not found in this scope",
                                code="MEMORY_NOT_FOUND")
        return found[0]


    def _assembler(self) -> ContextAssembler:
        if self._context_assembler is None:
            self._context_assembler = ContextAssembler(
                self.settings.context, self.settings.scoring, self.settings.data_dir)
        return self._context_assembler


def check_int(name: str, value: Any, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInputError(f"{name} must be an integer between {low} and {high}")
