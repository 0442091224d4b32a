"""``EncryptedStore``: encryption at rest (S4) as one layer around any store.

Every write is sealed here before the backend sees it, and every read is opened here, so
SQLite, PostgreSQL and the in-memory store (and Redis, through ``EncryptedWorkingLog``) keep
no user text in clear without a line of crypto of their own. The backends only learn two
things: a record may come with blind full-text terms (``WriteBatch.terms``), and a
full-text query may come as blind terms (``FulltextOp.terms``); filters arrive already
rewritten to compare sealed values.
"""

from __future__ import annotations

import builtins
import logging
import time
from dataclasses import replace
from datetime import datetime
from collections.abc import Sequence
from typing import Any, ClassVar

import anyio

from gieok.domain.query import Candidate, Page, RankRow
from gieok.security.crypto import Keyring
from gieok.stores.base import Capability, IndexInfo, Store, Vector, WriteBatch, WriteResult
from gieok.errors import ConfigurationError
from gieok.stores.encrypted.keys import open_keyring, read_meta
from gieok.stores.encrypted.seal import Sealer
from gieok.stores.encrypted.working import EncryptedQueue, EncryptedWorkingLog
from gieok.stores.ops import (
    DenseOp,
    ChangedOp,
    FenceOp,
    FulltextOp,
    GetOp,
    RankedOp,
    Ranker,
    RankOp,
    HashOp,
    HistoryOp,
    IndexOp,
    ListOp,
    MetaOp,
    ReadOp,
    ScanOp,
    SelectionOp,
    SettingsListOp,
    SettingsOp,
    TurnsOp,
)
from gieok.text import blind

log = logging.getLogger("gieok.encryption")
_PASS = (SettingsOp, SettingsListOp, IndexOp, MetaOp, FenceOp, ChangedOp,  # no user text
         SelectionOp)
_OFF_LOOP = 16  # seal batches bigger than this in a worker thread (Kiwi + AES per record)


class EncryptedStore(Store):
    """``inner`` with every piece of user text sealed under ``keyring``."""

    capabilities: ClassVar[frozenset[Capability]] = frozenset()

    # How often a process looks at the store's key metadata: after ``gieok rekey`` starts, a
    # running process seals with the new data key within this long.
    refresh_s: ClassVar[float] = 10.0

    def __init__(self, inner: Store, keyring: Keyring, master: bytes | None = None) -> None:
        self.inner = inner
        self.keyring = keyring
        self.master = master
        self.sealer = Sealer(keyring)
        self._checked = time.monotonic()
        self.capabilities = inner.capabilities | {Capability.ENCRYPTION}  # type: ignore[misc]
        self.working = EncryptedWorkingLog(inner.working, self.sealer)
        self.queue = EncryptedQueue(inner.queue, self.sealer)
        self.tokens = inner.tokens

    @classmethod
    async def open(cls, inner: Store, master: bytes) -> EncryptedStore:
        """``inner`` (set up) behind its keyring under ``master``: a wrong key raises here."""
        return cls(inner, await open_keyring(inner, master), master)

    @classmethod
    def from_url(cls, url: str, /, **options: Any) -> Store:
        raise TypeError("open an encrypted store with open_store(url, encryption_key=...)")

    def __getattr__(self, name: str) -> Any:  # backend extras (e.g. SQLite's ``conn``)
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)

    async def setup(self) -> None:
        await self.inner.setup()

    async def aclose(self) -> None:
        await self.inner.aclose()

    # -- reads --------------------------------------------------------------------------------
    async def refresh(self) -> None:
        """Reload the data keys (a rekey adds one and makes it current)."""
        self._checked = time.monotonic()
        meta = await read_meta(self.inner)
        if meta is None or self.master is None or meta.current == self.keyring.current.id:
            return
        try:
            keyring = meta.keyring(self.master)
        except ConfigurationError:  # our key was retired by a finished rekey: keep ours
            log.warning("this process's encryption key no longer opens the store; restart "
                        "it with the new key")
            return
        self.keyring = self.sealer.keys = keyring

    async def _maybe_refresh(self) -> None:
        if time.monotonic() - self._checked > self.refresh_s:
            await self.refresh()

    async def read(self, ops: Sequence[ReadOp], /) -> builtins.list[Any]:
        await self._maybe_refresh()
        try:
            return await self._read(ops)
        except ConfigurationError as exc:
            if exc.code != "ENCRYPTION_KEY_UNKNOWN":
                raise
            await self.refresh()  # sealed by a data key a rekey added after we looked
            return await self._read(ops)

    async def _read(self, ops: Sequence[ReadOp]) -> builtins.list[Any]:
        sent: list[ReadOp] = []
        spans: list[tuple[int, int]] = []
        for op in ops:
            expanded = self._expand(op)
            spans.append((len(sent), len(expanded)))
            sent.extend(expanded)
        answers = await self.inner.read(sent)
        return [self._open(op, answers[at:at + n]) for op, (at, n) in zip(ops, spans, strict=True)]

    def _expand(self, op: ReadOp) -> list[ReadOp]:
        s, k = self.sealer, self.keyring
        match op:
            case HashOp(scope, digest):
                return [HashOp(scope, k.digest(digest, key)) for key in k.all()]
            case ListOp(scope, filters, view, limit, offset):
                return [ListOp(scope, s.filter(filters), view, limit, offset)]
            case DenseOp(scope, vector, n, filters, view, hydrate):
                return [DenseOp(scope, vector, n, s.filter(filters), view, hydrate)]
            case FulltextOp(scope, text, n, filters, view, _):
                return [FulltextOp(scope, "", n, s.filter(filters), view,
                                   blind.query(k, text))]
            case RankedOp(tenant, lists, ranker):
                sent = [o for part in lists for o in self._expand(part)]
                return [RankedOp(tenant, tuple(sent), _Opening(ranker, s))]  # type: ignore[arg-type]
            case GetOp() | RankOp() | HistoryOp() | ScanOp() | TurnsOp():
                return [op]
            case _ if isinstance(op, _PASS):
                return [op]
        raise TypeError(f"the encrypting store does not know the read op {op!r}")

    def _open(self, op: ReadOp, answers: list[Any]) -> Any:
        s = self.sealer
        match op:
            case HashOp():
                found = {r.id: r for part in answers for r in part}
                return [s.open_record(r) for r in found.values()]
            case GetOp() | RankedOp():
                return [s.open_record(r) for r in answers[0]]
            case RankOp():
                return [s.open_rank(row) for row in answers[0]]
            case ListOp():
                page: Page[Any] = answers[0]
                return Page(items=[s.open_record(r) for r in page.items], total=page.total,
                            limit=page.limit, offset=page.offset)
            case DenseOp():
                return [c if c.record is None else Candidate(c.id, c.score,
                                                             s.open_record(c.record))
                        for c in answers[0]]
            case HistoryOp():
                return [s.open_event(e) for e in answers[0]]
            case ScanOp():
                return [(at, s.open_record(r), v) for at, r, v in answers[0]]
            case TurnsOp():  # as the store's working log (EncryptedWorkingLog) opens them
                return [s.open_turn(t) for t in answers[0]]
        return answers[0]

    # -- writes -------------------------------------------------------------------------------
    async def write(self, batch: WriteBatch, /) -> WriteResult:
        await self._maybe_refresh()
        if len(batch.upserts) > _OFF_LOOP:
            sealed = await anyio.to_thread.run_sync(self.seal_batch, batch)
        else:
            sealed = self.seal_batch(batch)
        return await self.inner.write(sealed)

    async def touch(self, tenant: str, ids: Sequence[str], at: datetime, /) -> None:
        # A use count holds no text: the backend's own (SQLite: not waited for) applies.
        await self.inner.touch(tenant, ids, at)

    def seal_batch(self, batch: WriteBatch) -> WriteBatch:
        s = self.sealer
        terms = {r.id: blind.index_terms(self.keyring, r.content, r.index_text)
                 for r, _ in batch.upserts}
        # replace(): every other field (forgets, deletes, settings, touches, the fence …)
        # travels as it is, including ones added to WriteBatch later.
        return replace(batch, upserts=[(s.record(r), v) for r, v in batch.upserts],
                       audit=[s.event(e) for e in batch.audit], terms=terms)

    # -- re-embedding (L7): the text to embed is opened here --------------------------------
    async def unindexed(self, model: str, /, *, limit: int
                        ) -> builtins.list[tuple[str, str, str | None]]:
        rows = await self.inner.unindexed(model, limit=limit)  # type: ignore[attr-defined]
        return [(rid, self.keyring.open(content), None if extra is None
                 else self.keyring.open(extra)) for rid, content, extra in rows]

    async def put_model_vectors(self, model: str, items: Sequence[tuple[str, Vector]], /
                                ) -> None:
        await self.inner.put_model_vectors(model, items)  # type: ignore[attr-defined]

    async def switch_index(self, info: IndexInfo, /) -> int:
        return int(await self.inner.switch_index(info))  # type: ignore[attr-defined]

    async def drop_model_vectors(self, model: str, /) -> int:
        return int(await self.inner.drop_model_vectors(model))  # type: ignore[attr-defined]


class _Opening:
    """A ``RankedOp``'s ranker behind the seal: the rows it ranks are opened first (their
    content is sealed in the backend; ids, times and importance are not)."""

    def __init__(self, ranker: Ranker, sealer: Sealer) -> None:
        self.ranker, self.sealer = ranker, sealer

    def candidates(self, lists: Sequence[builtins.list[Candidate]], /) -> Sequence[str]:
        return self.ranker.candidates(lists)

    def pick(self, rows: Sequence[RankRow], /) -> Sequence[str]:
        return self.ranker.pick([self.sealer.open_rank(row) for row in rows])
