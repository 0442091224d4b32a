"""Saves whose vectors come later: ``remember()`` off the embedder's critical path.

With ``write.save_vectors = "background"`` a direct save commits the record — content, full
text, metadata — and returns; its vector is owed (``WriteBatch.pending_vectors``, in the
same transaction) and computed here, by one task per engine that embeds whatever is owed at
low priority (``priority.in_background``: the local model's nice +10 thread) and writes the
vectors (``late_vectors``). The local model costs the same per token in any batch, so this
saves no CPU; it takes the model's time out of the save's latency.

Read-your-writes. A caller who saves and then searches the same scope must find what it
saved, exactly as with a synchronous save: a search (and context assembly, and the write
path's neighbour lookup) first **settles** the owed vectors of the scopes it reads — it embeds
them itself, at its own priority, and writes them before it reads (``settle``). The caller
pays only for its own scope's backlog, at most ``SETTLE_MAX`` records (beyond that the rest
stay dense-missing for that one search and full text still finds them). Chosen over "treat
them as dense-missing": the fused relevance of a hit found by full text alone is at most the
full-text weight (0.7), which can drop it under a caller's ``threshold`` or the context's
relevance floor, so rankings would differ from a synchronous save's.

Settling knows this process's debts. A store shared by several processes that search each
other's fresh saves sees them by full text until the saving process writes their vectors
(normally well under a second); every debt is also in the store, so nothing is lost:

* shutdown (``aclose``) embeds everything still owed before the store closes;
* a crash leaves debts in the store, and the next engine on that store pays them when it
  opens (``start``: ``LateVectors.owed_vectors``), so no record stays without a vector.

The queue is bounded (``max_pending``): when it is full a save embeds its own vector before
returning, as a synchronous save does — the backlog never grows without limit.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.embedders.base import Embedder
from gieok.priority import in_background
from gieok.stores.base import Capability, LateVectors, Store, WriteBatch

log = logging.getLogger("gieok.write.backlog")

SETTLE_MAX = 64  # owed vectors a search embeds for its own scopes before it reads
# Owed vectors the background task takes per model call. Small: the model costs the same
# per token in any batch, and a search that settles re-embeds those the task holds at that
# moment rather than wait for a low-priority thread (a busy machine starves it).
BATCH = 8
REPAIR_PAGE = 256  # debts read from the store per page at start
CHUNK = 64  # owed vectors per model call at start and at close (nobody to re-embed them)


def supports_late_vectors(store: Store) -> bool:
    """Whether ``store`` keeps owed vectors itself (SQLite, unencrypted: the encrypted
    wrapper rewrites batches field by field and does not carry the debts)."""
    caps = store.capabilities
    return Capability.LATE_VECTORS in caps and Capability.ENCRYPTION not in caps \
        and isinstance(store, LateVectors)


@dataclass
class _Owed:
    record: MemoryRecord
    claimed: bool = False  # being embedded (by the task or a settling search)


class VectorBacklog:
    """One per engine: the vectors owed by this process's saves, paid in the background,
    before a read of their scope, or at close (module docstring)."""

    def __init__(self, store: Store, embedder: Callable[[], Embedder], *,
                 max_pending: int = 1000) -> None:
        self._store = store
        self._embedder = embedder  # the runtime's current one (a reindex may swap it)
        self.max_pending = max_pending
        self._owed: dict[str, _Owed] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self.paid_background = 0
        self.paid_settling = 0
        self.repaired = 0

    def __len__(self) -> int:
        return len(self._owed)

    async def start(self) -> None:
        """Pay the debts a crashed process left in the store (before any read of this
        engine), then run the background task."""
        await self.repair()
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def repair(self) -> int:
        """Embed and write every vector the store says is owed; returns how many."""
        assert isinstance(self._store, LateVectors)
        done = 0
        while True:
            owed = await self._store.owed_vectors(REPAIR_PAGE)
            owed = [r for r in owed if r.id not in self._owed]
            if not owed:
                break
            for start in range(0, len(owed), CHUNK):
                with in_background():
                    await self._pay(owed[start:start + CHUNK])
            done += len(owed)
        self.repaired += done
        if done:
            log.info("wrote %d vectors owed since the last run", done)
        return done

    def offer(self, records: Sequence[MemoryRecord]) -> bool:
        """Queue ``records``' owed vectors; False (nothing queued) when the queue is full:
        the caller pays now (``pay_now``)."""
        if self._closed or len(self._owed) + len(records) > self.max_pending:
            return False
        for record in records:
            self._owed[record.id] = _Owed(record)
        self._wake.set()
        return True

    async def pay_now(self, records: Sequence[MemoryRecord]) -> None:
        """Embed and write ``records``' vectors in the caller's own time."""
        await self._pay(list(records))

    async def settle(self, *scopes: Scope) -> None:
        """Before a read of ``scopes``: the owed vectors of records in them, or in a scope
        above them (a session's read sees its user's user-wide memories), embedded and
        written now (at most ``SETTLE_MAX``), including the few the background task is
        embedding at this moment (paid twice then: the second write finds the vector set
        and changes nothing)."""
        if not self._owed:
            return
        mine = [o for o in self._owed.values()
                if any(_related(s, o.record.scope) for s in scopes)][:SETTLE_MAX]
        if not mine:
            return
        for owed in mine:  # the task leaves them alone (it may hold a few already)
            owed.claimed = True
        try:
            await self._pay([o.record for o in mine])
        except BaseException:
            for owed in mine:
                owed.claimed = False
            self._wake.set()
            raise
        self.paid_settling += len(mine)

    async def _pay(self, records: list[MemoryRecord]) -> None:
        vectors = await self._embedder().embed_documents([r.embedding_text() for r in records])
        await self._store.write(WriteBatch(late_vectors=[
            (r.id, v) for r, v in zip(records, vectors, strict=True)]))
        for record in records:
            self._owed.pop(record.id, None)

    async def _run(self) -> None:
        while not self._closed:
            await self._wake.wait()
            self._wake.clear()
            while self._owed and not self._closed:
                batch = [o for o in self._owed.values() if not o.claimed][:BATCH]
                if not batch:
                    break
                for owed in batch:
                    owed.claimed = True
                try:
                    with in_background():
                        await self._pay([o.record for o in batch])
                    self.paid_background += len(batch)
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 — the store keeps the debt: paid at close or next start
                    log.exception("writing %d owed vectors failed; retried later", len(batch))
                    for owed in batch:
                        owed.claimed = False
                    await asyncio.sleep(1.0)

    async def aclose(self) -> None:
        """Stop the task and pay everything still owed (graceful shutdown: no debt left)."""
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
            self._task = None
        rest = [o.record for o in self._owed.values()]
        for start in range(0, len(rest), CHUNK):
            await self._pay(rest[start:start + CHUNK])


def _related(read: Scope, written: Scope) -> bool:
    """Whether a read in ``read`` may see a record of ``written``: inside it, or in a wider
    scope above it (user-wide memories seen from a session or project)."""
    return read.contains(written) or written.contains(read)
