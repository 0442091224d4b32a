"""``Runtime``: the engine's ports, built once and closed once.

One owner for the store, the working log, the embedder, the ONE chat model chain (shared by
extraction, session episodes and rolling summaries) and the extractor. Before it, the ports
were built lazily in three places and two chat models were made but only one closed. The
use cases (``write/``, ``read/``, ``context/``, ``lifecycle/``) take the runtime, or the one
port they need, as their first argument.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from gieok.embedders import Embedder, get_embedder
from gieok.domain.policy import ScopeSettings
from gieok.domain.scope import Scope, ancestors
from gieok.errors import ConfigurationError
from gieok.llm.base import ChatModel
from gieok.profiles import ScopePolicy, resolve
from gieok.security.tokens import TokenStore
from gieok.settings import GieokSettings
from gieok.stores import IndexInfo, Store, open_store
from gieok.stores.encrypted import EncryptedStore, EncryptedWorkingLog, secure
from gieok.stores.ops import SettingsOp
from gieok.stores.queue import JobQueue
from gieok.stores.working import WorkingLog
from gieok.write.backlog import VectorBacklog, supports_late_vectors
from gieok.write.extract import Extractor, get_extractor

log = logging.getLogger("gieok.runtime")


@dataclass
class Runtime:
    settings: GieokSettings
    store: Store
    working: WorkingLog
    embedder: Embedder
    chat: ChatModel | None
    extractor: Extractor
    # Owed vectors of saves made with ``write.save_vectors = "background"`` (None: a store
    # that cannot owe them); started by the engine once the index check passed.
    backlog: VectorBacklog | None = None
    _closers: list[Callable[[], Awaitable[Any]]] = field(default_factory=list, repr=False)

    @property
    def queue(self) -> JobQueue:
        return self.store.queue

    @property
    def tokens(self) -> TokenStore:
        return self.store.tokens

    def index_info(self) -> IndexInfo:
        """What this runtime's vectors are: recorded in the store with its first write."""
        return IndexInfo(model=self.embedder.name, dim=self.embedder.dim)

    async def policy(self, scope: Scope) -> ScopePolicy:
        """The settings in force in ``scope`` (W9, P2): its stored settings and its
        ancestors', key by key, over its profile's defaults — one store read."""
        [chain] = await self.store.read([self.policy_op(scope)])
        return self.resolve(chain)

    @staticmethod
    def policy_op(scope: Scope) -> SettingsOp:
        """The read behind ``policy`` (widest scope first), to batch with other reads."""
        return SettingsOp(tuple(reversed(ancestors(scope))))

    def resolve(self, chain: list[ScopeSettings | None]) -> ScopePolicy:
        return resolve(chain, self.settings.profile)

    def for_profile(self, name: str) -> GieokSettings:
        """The process settings as ``name`` sets them (explicit settings kept)."""
        return self.settings.for_profile(name)

    async def swap_embedder(self, embedder: Embedder) -> None:
        """Use ``embedder`` from now on (after a reindex switched the store to it)."""
        old, self.embedder = self.embedder, embedder
        if old is not embedder:
            await old.aclose()

    async def aclose(self) -> None:
        """Close every port once, newest first; one failing close does not leak the rest."""
        closers, self._closers = self._closers, []
        await _close_all(closers)


def make_embedder(spec: str | Embedder, settings: GieokSettings) -> Embedder:
    """An embedder from a provider string, with the settings' provider options."""
    if not isinstance(spec, str):
        return spec
    opts: dict[str, Any] = {}
    if spec.startswith("openai:"):
        key = settings.embedder_api_key
        opts = {"base_url": settings.embedder_base_url,
                "api_key": key.get_secret_value() if key else None}
    elif spec.startswith("local:"):
        opts = {"threads": settings.embedder_threads, "workers": settings.embedder_workers}
    return get_embedder(spec, **opts)


async def check_index(store: Store, embedder: Embedder) -> None:
    """L7: never mix two embedding models in one store."""
    info = await store.index_info()
    if info is not None and info.model != embedder.name:
        raise ConfigurationError(
            f"this store's vectors were written by {info.model!r} (dim {info.dim}) but the "
            f"engine uses {embedder.name!r}; open it with embedder={info.model!r} or "
            "re-embed it with `gieok reindex`",
            code="EMBEDDER_MISMATCH",
            details={"store_model": info.model, "store_dim": info.dim,
                     "engine_model": embedder.name},
        )


async def open_runtime(
    settings: GieokSettings, *, store: str | Store | None = None,
    embedder: str | Embedder | None = None, working: WorkingLog | str | None = None,
    extractor: Extractor | None = None,
) -> Runtime:
    """Open every port (nothing is checked against the store here: ``check_index``).

    ``working`` (or ``settings.redis_url``) as a Redis URL puts a hot copy of the store's
    working log in Redis; each scope's copy lives its ``session_ttl_hours``."""
    closers: list[Callable[[], Awaitable[Any]]] = []
    policy: list[Runtime] = []  # the runtime, once built: scopes' session lifetimes
    try:
        master = settings.master_key()
        if store is None or isinstance(store, str):
            opened = await open_store(store or settings.resolved_store_url(),
                                      encryption_key=master)
        else:
            await store.setup()
            opened = store if isinstance(store, EncryptedStore) else await secure(store, master)
        closers.append(opened.aclose)
        working = _working_log(settings, opened, working, policy)
        if working is not None:
            await working.setup()
            closers.append(working.aclose)
        emb = make_embedder(embedder if embedder is not None else settings.embedder, settings)
        at = len(closers)
        closers.append(emb.aclose)
        from gieok.llm import get_chat_model

        chat = get_chat_model(settings)
        if chat is not None:
            closers.append(chat.aclose)
        chosen = extractor or get_extractor(settings, chat)
    except BaseException:
        await _close_all(closers)
        raise
    rt = Runtime(settings=settings, store=opened, working=working or opened.working,
                 embedder=emb, chat=chat, extractor=chosen)
    closers[at] = lambda: rt.embedder.aclose()  # swapped by a reindex: close the current one
    if supports_late_vectors(opened):  # also in "sync": a crashed run's debts get paid
        rt.backlog = VectorBacklog(opened, lambda: rt.embedder,
                                   max_pending=settings.write.save_vectors_queue)
        closers.append(rt.backlog.aclose)  # closed first: owed vectors written before the store
    rt._closers = closers
    policy.append(rt)
    return rt


def _working_log(settings: GieokSettings, store: Store, working: WorkingLog | str | None,
                 runtime: list[Runtime]) -> WorkingLog | None:
    """The working log to use instead of the store's own, if any: Redis in front of the
    store's log for a URL, sealed like the store when it is encrypted."""
    if working is None and settings.redis_url:
        working = settings.redis_url
    raw = store.inner if isinstance(store, EncryptedStore) else store
    if isinstance(working, str):
        working = _redis_log(working, raw.working, runtime)
    if isinstance(store, EncryptedStore) and working is not None \
            and not isinstance(working, EncryptedWorkingLog):
        working = EncryptedWorkingLog(working, store.sealer)
    return working


def _redis_log(url: str, durable: WorkingLog, runtime: list[Runtime]) -> WorkingLog:
    from gieok.stores.redis import RedisWorkingLog

    async def ttl_for(scope: Scope) -> float:
        if not runtime:
            return RedisWorkingLog.default_ttl_hours
        return (await runtime[0].policy(scope)).settings.session_ttl_hours

    return RedisWorkingLog(url, durable, ttl_for=ttl_for)


async def _close_all(closers: list[Callable[[], Awaitable[Any]]]) -> None:
    for close in reversed(closers):
        try:
            await close()
        except Exception:  # noqa: BLE001 — log and go on closing the others
            log.exception("closing a port failed")
