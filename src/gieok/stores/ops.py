"""Typed reads: a store answers a list of ops in one round trip, results in op order.

Why a batch of ops rather than one method per query: the write path needs several reads
before it can decide anything (the scope's settings chain, the same-slot memories, each
candidate's nearest neighbours, its exact duplicates, the capacity count), and each method
call was a round trip — a thread hop on SQLite, a network round trip on PostgreSQL. With
ops, one ``add()`` that yields one memory makes five store round trips instead of twelve.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, NamedTuple, Protocol

from gieok.domain.query import Candidate, Filter, RankRow, View
from gieok.domain.scope import Scope

LIVE = View()


class GetOp(NamedTuple):
    """Records by id (any status), in the order asked, in one tenant → ``list[MemoryRecord]``."""

    tenant: str
    ids: tuple[str, ...]


class RankOp(NamedTuple):
    """The scoring columns of records by id, in one tenant → ``list[RankRow]`` (any status;
    ids not found are left out). Search scores and orders its candidates on these and
    fetches whole records (``GetOp``) only for the hits it returns."""

    tenant: str
    ids: tuple[str, ...]


class HashOp(NamedTuple):
    """Live records written in exactly ``scope`` with this content hash → ``list[MemoryRecord]``."""

    scope: Scope
    content_hash: str


class ListOp(NamedTuple):
    """A page of the read scope, newest event first → ``Page[MemoryRecord]``; ``limit=0``
    counts only."""

    scope: Scope
    filters: Filter | None = None
    view: View = LIVE
    limit: int = 100
    offset: int = 0


class DenseOp(NamedTuple):
    """Top ``k`` by cosine similarity → ``list[Candidate]``; with ``hydrate`` each candidate
    carries its record (one round trip instead of a search then a get)."""

    scope: Scope
    vector: Any
    k: int
    filters: Filter | None = None
    view: View = LIVE
    hydrate: bool = False


class BlindQuery(NamedTuple):
    """A full-text query as blind terms (encryption at rest): keyed hashes of the query's
    analysed words and of its Korean morphemes, matched against the blind terms the store
    was given with each record (``WriteBatch.terms``)."""

    words: tuple[str, ...]
    morphs: tuple[str, ...]


class FulltextOp(NamedTuple):
    """Top ``k`` by BM25-style rank → ``list[Candidate]``; with ``terms`` the store matches
    those blind terms instead of analysing ``text``."""

    scope: Scope
    text: str
    k: int
    filters: Filter | None = None
    view: View = LIVE
    terms: BlindQuery | None = None


class Ranker(Protocol):
    """The caller's half of a ``RankedOp``: decides, from what the store read, what it
    reads next. A store calls it inside its read (SQLite: on its worker thread), so it must
    be plain computation — no I/O, no awaiting."""

    def candidates(self, lists: Sequence[list[Candidate]], /) -> Sequence[str]:
        """The ids whose scoring columns to read, given the candidate lists in op order."""
        ...

    def pick(self, rows: Sequence[RankRow], /) -> Sequence[str]:
        """The ids whose whole records to read, in order, given the rows read (ids not
        found are left out of ``rows``)."""
        ...


class RankedOp(NamedTuple):
    """A search's three reads in one round trip and one snapshot → ``list[MemoryRecord]``:
    the candidate lists of ``lists`` (each answered as on its own), the ``RankRow``s of the
    ids ``ranker.candidates`` names (as ``RankOp``), the records of the ids ``ranker.pick``
    names (as ``GetOp``, in that order). Candidates, scoring columns and records used to be
    three round trips (three worker-thread hops on SQLite: ~1.7 ms CPU of a 14 ms search at
    10k memories; three network round trips on PostgreSQL) and could see three states of
    the store."""

    tenant: str
    lists: tuple[DenseOp | FulltextOp, ...]
    ranker: Ranker


class HistoryOp(NamedTuple):
    """A memory's audit events, oldest first → ``list[AuditEvent]``."""

    tenant: str
    memory_id: str


class SettingsOp(NamedTuple):
    """Stored settings of each scope, in order → ``list[ScopeSettings | None]`` (the
    ancestors walk is one op)."""

    scopes: tuple[Scope, ...]


class SettingsListOp(NamedTuple):
    """Every scope with stored settings, of one tenant or all → ``list[(Scope, ScopeSettings)]``."""

    tenant: str | None


class ScanOp(NamedTuple):
    """Every record (any tenant, status or version) after position ``after``, in storage
    order, with its live vector → ``list[(position, MemoryRecord, vector | None)]``. For
    copying a store (``gieok migrate``): positions are a resumable cursor."""

    after: int
    limit: int


class FenceOp(NamedTuple):
    """The store's current fence mark → ``int`` (0 when nothing was ever forgotten). Read it
    before reading what a write is prepared from, and send it back in ``WriteBatch.fence``
    (``stores.fence``)."""


class IndexOp(NamedTuple):
    """Which embedding model wrote the store's vectors → ``IndexInfo | None``."""


class MetaOp(NamedTuple):
    """A store-wide setting kept with the data (e.g. the encryption key metadata) →
    ``str | None``; written with ``WriteBatch.meta``."""

    key: str


class ChangedOp(NamedTuple):
    """Whether ``scope`` (narrower scopes included) holds a record of any status or version
    updated at or after ``since`` → ``bool``. What a cached context asks before it is reused
    (``context/cache.py``): a probe of the recently updated rows, where a filtered ``ListOp``
    counted the whole scope (~9 ms at 10k memories)."""

    scope: Scope
    since: datetime


class TurnsOp(NamedTuple):
    """The store's own working log (``store.working``): the scope's last ``limit`` turns,
    oldest first → ``list[Turn]`` (as ``WorkingLog.recent``). With ``SelectionOp`` it lets
    ``context()`` read its turns, its selection, the scope's settings and its caches' change
    check in one round trip (docs/benchmarks.md, "Context assembly, session 9"); a runtime
    whose working log lives elsewhere (Redis) asks that log instead."""

    scope: Scope
    limit: int


class SelectionOp(NamedTuple):
    """The store's own working log: the session's "use in the next turn" ids, in the order
    chosen → ``list[str]`` (as ``WorkingLog.selection``)."""

    scope: Scope


ReadOp = (GetOp | RankOp | RankedOp | HashOp | ListOp | DenseOp | FulltextOp | HistoryOp
          | SettingsOp | SettingsListOp | IndexOp | ScanOp | FenceOp | MetaOp | ChangedOp
          | TurnsOp | SelectionOp)
