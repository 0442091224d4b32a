"""FTS5's bm25 ranking, answered from an in-memory copy of its postings (same rows, order
and scores, bit for bit).

Why: FTS5 computes ``bm25()`` for every row that matches any query term (~2.6 µs a row: its
instances, its size, a sorter entry), so one common word ("하", "plans") made full text the
largest part of a search — p95 ~5 ms at 10k rows, ~39 ms at 100k (docs/benchmarks.md). With a
term's postings as NumPy arrays, scoring every row it matches costs nanoseconds a row, and
no pruning is needed, so nothing about the ranking is approximated.

Exact by construction:
- tokens come from FTS5 (``postings.py``); ``N`` and the token total come from FTS5's own
  averages record, read on every query; a phrase's document count is counted over the same
  rows FTS5 counts (the whole file: bm25's statistics are table-global, not per scope);
- a row's score is ``Σ idf · (f·(k1+1)) / (f + k1·(1 − b + b·D/avgdl))`` in phrase order,
  with the IEEE operations of FTS5's ``fts5Bm25Function`` (a phrase a row lacks adds 0.0,
  which changes no bits); ties go to the lower rowid as ``ORDER BY bm25, rowid`` does;
- only single-token phrases are answered here; anything else (a query term the tokenizer
  splits) returns ``None`` and the caller runs FTS5.

Fresh like the vector matrices (``vectors.py``): every write bumps the store's ``seq`` and
stamps its rows, so the rows written since are tokenized and replace their old postings
(old slots are marked dead); hard deletes and forget bump ``purge``, after which the rows
FTS5 no longer holds are found from ``%_docsize``. As a guard, the live rows and tokens held
here must equal FTS5's totals on every query, or the copy is dropped (the query goes to
FTS5, a rebuild follows). Files with more than ``max_rows`` rows are left to FTS5.

The first read of a big file (past ``INLINE_ROWS``) runs on a thread with its own
connection, so searches use FTS5 meanwhile; the copy then catches up with what was written
since its snapshot. Memory: ~12 bytes a posting (rowid slot + float64 frequency) plus the
term table (docs/benchmarks.md has the measured size at 100k rows).
"""

from __future__ import annotations

import logging
import math
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from gieok.stores.sqlite.postings import FTS_TABLE, Postings, Tokenizer, read_all

log = logging.getLogger("gieok.stores.sqlite")

K1, B = 1.2, 0.75  # FTS5's bm25 constants
INLINE_ROWS = 20_000  # read on the searching thread up to this many rows
# Rebuild once dead slots or postings added since the build are this share of the whole.
REBUILD_SHARE = 0.25
_CACHE_TERMS = 65_536


@dataclass
class _Copy:
    """One snapshot of the postings, plus the rows changed since (``extra``)."""

    seq: int
    purge: int
    base: Postings
    slot_rows: np.ndarray      # rowid of every slot; base slots first (sorted), then added
    sizes: np.ndarray          # D of every slot
    alive: np.ndarray
    n_slots: int
    base_slots: np.ndarray     # base.rows as slots
    live_rows: int = 0
    live_tokens: int = 0
    extra_slots: dict[int, int] = field(default_factory=dict)  # rowid → its added slot
    extra: dict[tuple[str, int], list[tuple[np.ndarray, np.ndarray]]] = \
        field(default_factory=dict)
    extra_postings: int = 0

    @classmethod
    def of(cls, seq: int, purge: int, base: Postings) -> _Copy:
        n = len(base.doc_rows)
        size = max(16, n + n // 4)
        slot_rows = np.zeros(size, np.int64)
        slot_rows[:n] = base.doc_rows
        sizes = np.zeros(size)
        sizes[:n] = base.sizes
        alive = np.zeros(size, bool)
        alive[:n] = True
        slots = np.searchsorted(base.doc_rows, base.rows).astype(np.int32)
        base.rows = np.zeros(0, np.int64)  # kept as slots (half the memory)
        return cls(seq, purge, base, slot_rows, sizes, alive, n, slots, n,
                   int(base.sizes.sum()))

    def slot_of(self, rowid: int) -> int | None:
        if rowid in self.extra_slots:
            return self.extra_slots[rowid]
        rows = self.base.doc_rows
        i = int(np.searchsorted(rows, rowid))
        return i if i < len(rows) and rows[i] == rowid else None

    def kill(self, slot: int) -> None:
        if self.alive[slot]:
            self.alive[slot] = False
            self.live_rows -= 1
            self.live_tokens -= int(self.sizes[slot])

    def add(self, found: Postings) -> None:
        """Rows just tokenized: new slots replace the old ones of the same rowids."""
        n_new = len(found.doc_rows)
        if self.n_slots + n_new > len(self.alive):
            grow = max(self.n_slots + n_new, 2 * len(self.alive))
            self.slot_rows = np.resize(self.slot_rows, grow)
            self.sizes = np.resize(self.sizes, grow)
            alive = np.zeros(grow, bool)
            alive[: self.n_slots] = self.alive[: self.n_slots]
            self.alive = alive
        first = self.n_slots
        for i, rowid in enumerate(found.doc_rows.tolist()):
            self.extra_slots[rowid] = first + i
        self.slot_rows[first:first + n_new] = found.doc_rows
        self.sizes[first:first + n_new] = found.sizes
        self.alive[first:first + n_new] = True
        self.n_slots += n_new
        self.live_rows += n_new
        self.live_tokens += int(found.sizes.sum())
        slots = first + np.searchsorted(found.doc_rows, found.rows)
        for key, (a, b) in found.spans.items():
            self.extra.setdefault(key, []).append((slots[a:b], found.freq[a:b]))
        self.extra_postings += len(found.rows)

    def postings(self, term: str, group: int) -> tuple[np.ndarray, np.ndarray]:
        """Live slots holding ``term`` in ``group``'s columns, and their frequencies."""
        key = (term, group)
        parts = []
        span = self.base.spans.get(key)
        if span is not None:
            a, b = span
            parts.append((self.base_slots[a:b], self.base.freq[a:b]))
        parts.extend(self.extra.get(key, ()))
        if not parts:
            return np.zeros(0, np.int64), np.zeros(0)
        slots = np.concatenate([p[0] for p in parts]) if len(parts) > 1 else parts[0][0]
        freq = np.concatenate([p[1] for p in parts]) if len(parts) > 1 else parts[0][1]
        live = self.alive[slots]
        return slots[live], freq[live]

    def worn(self) -> bool:
        dead = self.n_slots - self.live_rows
        return (dead > REBUILD_SHARE * max(1, self.n_slots) and dead > 256) or (
            self.extra_postings > REBUILD_SHARE * max(1, len(self.base_slots))
            and self.extra_postings > 4096)


class Ranked:
    """One query's matching rows, best first on demand: ``(rowid, score)``."""

    def __init__(self, rowids: np.ndarray, scores: np.ndarray) -> None:
        self.rowids, self.scores = rowids, scores
        self._order: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.rowids)

    def first(self, m: int) -> list[tuple[int, float]]:
        n = len(self.rowids)
        if m >= n:
            if self._order is None:
                self._order = np.lexsort((self.rowids, -self.scores))
            idx = self._order
        else:
            cut = np.partition(self.scores, n - m)[n - m]  # the m-th best score
            sel = np.flatnonzero(self.scores >= cut)
            idx = sel[np.lexsort((self.rowids[sel], -self.scores[sel]))][:m]
        return list(zip(self.rowids[idx].tolist(), self.scores[idx].tolist(), strict=True))


class TextIndex:
    """The in-memory copy of ``records_fts`` for one store (see the module docstring).
    ``weights``: the column weights searches pass to ``bm25()``; ``path``: the file, for
    the background read (``None``: read inline, e.g. ``:memory:``)."""

    def __init__(self, weights: Sequence[float], *, max_rows: int | None = 300_000,
                 path: str | None = None, inline_rows: int = INLINE_ROWS) -> None:
        self.weights = tuple(float(w) for w in weights)
        self.max_rows = max_rows
        self.path = path
        self.inline_rows = inline_rows
        self._copy: _Copy | None = None
        self._tokenizer = Tokenizer()
        self._terms: dict[str, tuple[str, ...]] = {}
        self._building: threading.Thread | None = None
        self._built: _Copy | None = None
        self._lock = threading.Lock()

    # -- freshness ------------------------------------------------------------------------
    def ready(self, conn: sqlite3.Connection, seq: int, purge: int,
              n_rows: int, n_tokens: int) -> _Copy | None:
        """The copy, brought up to ``(seq, purge)`` and checked against FTS5's totals;
        ``None`` while there is none (being read, too big, turned off)."""
        if self.max_rows is None or n_rows > self.max_rows:
            self._copy = None
            return None
        copy = self._take_built() or self._copy
        if copy is None or copy.worn():
            copy = self._start(conn, n_rows, seq, purge)
            if copy is None:
                return None
        if copy.purge != purge:
            present = np.fromiter((r[0] for r in conn.execute(
                f"SELECT id FROM {FTS_TABLE}_docsize")), dtype=np.int64)
            slots = np.flatnonzero(copy.alive[: copy.n_slots])
            for slot in slots[~np.isin(copy.slot_rows[slots], present)].tolist():
                copy.kill(slot)
        if copy.seq != seq:
            self._catch_up(conn, copy)
        copy.seq, copy.purge = seq, purge
        if (copy.live_rows, copy.live_tokens) != (n_rows, n_tokens):
            log.warning("in-memory full-text index out of step with FTS5 (%d/%d rows, %d/%d "
                        "tokens); rebuilding", copy.live_rows, n_rows, copy.live_tokens,
                        n_tokens)
            self._copy = None
            return None
        self._copy = copy
        return copy

    def _catch_up(self, conn: sqlite3.Connection, copy: _Copy) -> None:
        # INDEXED BY: as in the vector refresh, the planner would read every row otherwise.
        changed = [r[0] for r in conn.execute(
            "SELECT rowid FROM records INDEXED BY records_seq WHERE seq > ?", (copy.seq,))]
        if not changed:
            return
        for rowid in changed:
            slot = copy.slot_of(rowid)
            if slot is not None:
                copy.kill(slot)
                copy.extra_slots.pop(rowid, None)
        copy.add(self._tokenizer.rows(conn, changed, self.weights))

    def _start(self, conn: sqlite3.Connection, n_rows: int, seq: int, purge: int
               ) -> _Copy | None:
        if n_rows <= self.inline_rows or self.path is None:
            self._copy = _Copy.of(seq, purge, read_all(conn, self.weights))
            return self._copy
        with self._lock:
            if self._building is None:
                self._building = threading.Thread(target=self._build, daemon=True,
                                                  name="gieok-fts-copy")
                self._building.start()
        self._copy = None
        return None

    def _build(self) -> None:
        try:
            conn = sqlite3.connect(self.path or "", check_same_thread=False)
            try:
                conn.execute("BEGIN")
                meta = dict(conn.execute("SELECT key, value FROM store_meta WHERE key IN "
                                         "('seq', 'purge')").fetchall())
                built = _Copy.of(int(meta["seq"]), int(meta["purge"]),
                                 read_all(conn, self.weights))
                conn.execute("COMMIT")
            finally:
                conn.close()
            with self._lock:
                self._built = built
        except Exception as exc:  # noqa: BLE001 — searches keep using FTS5
            log.warning("reading the full-text index into memory failed (%s)", exc)
        finally:
            with self._lock:
                self._building = None

    def _take_built(self) -> _Copy | None:
        with self._lock:
            built, self._built = self._built, None
        return built

    def wait(self, timeout: float | None = None) -> bool:
        """Block until a background read has finished (benchmarks time searches after it)."""
        thread = self._building
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def clear(self) -> None:
        self._copy = None
        self._built = None

    # -- ranking --------------------------------------------------------------------------
    def tokens(self, conn: sqlite3.Connection, terms: Sequence[str]) -> list[tuple[str, ...]]:
        todo = [t for t in dict.fromkeys(terms) if t not in self._terms]
        if todo:
            if len(self._terms) + len(todo) > _CACHE_TERMS:
                self._terms.clear()
            for term, toks in zip(todo, self._tokenizer.terms(conn, todo), strict=True):
                self._terms[term] = tuple(toks)
        return [self._terms[t] for t in terms]

    def rank(self, conn: sqlite3.Connection, copy: _Copy, phrases: Sequence[tuple[str, int]],
             n_rows: int, n_tokens: int) -> Ranked | None:
        """Every row matching any phrase ``(term, group)``, scored as ``-bm25()`` would
        score it; ``None`` when a phrase is not a single token (FTS5 answers those)."""
        return self.rank_many(conn, copy, [phrases], n_rows, n_tokens)[0]

    def rank_many(self, conn: sqlite3.Connection, copy: _Copy,
                  queries: Sequence[Sequence[tuple[str, int]]], n_rows: int, n_tokens: int
                  ) -> list[Ranked | None]:
        """``rank`` of each query's phrases, the terms of all of them tokenized in one go and
        a phrase's scores worked out once however many queries name it (each row's sum is
        still added in its own query's phrase order: the same bits as alone)."""
        tokens = self.tokens(conn, [t for phrases in queries for t, _ in phrases])
        out: list[Ranked | None] = []
        done: dict[tuple[str, int], tuple[np.ndarray, np.ndarray]] = {}
        avgdl = float(n_tokens) / float(n_rows) if n_rows > 0 else 0.0
        at = 0
        for phrases in queries:
            mine = tokens[at:at + len(phrases)]
            at += len(phrases)
            if any(len(t) != 1 for t in mine):
                out.append(None)
                continue
            if n_rows <= 0:
                out.append(Ranked(np.zeros(0, np.int64), np.zeros(0)))
                continue
            acc = np.zeros(copy.n_slots)
            for (_, group), (token,) in zip(phrases, mine, strict=True):
                key = (token, group)
                scored = done.get(key)
                if scored is None:
                    scored = done[key] = _phrase_scores(copy, token, group, n_rows, avgdl)
                slots, scores = scored
                if len(slots):
                    acc[slots] += scores
            matched = np.flatnonzero(acc)
            out.append(Ranked(copy.slot_rows[matched], acc[matched]))
        return out


def _phrase_scores(copy: _Copy, token: str, group: int, n_rows: int, avgdl: float
                   ) -> tuple[np.ndarray, np.ndarray]:
    """The live slots holding ``token`` in ``group``'s columns and the term's part of their
    bm25, with ``fts5Bm25Function``'s operations in its order."""
    slots, f = copy.postings(token, group)
    hits = len(slots)
    idf = math.log((n_rows - hits + 0.5) / (hits + 0.5))
    if idf <= 0.0:
        idf = 1e-6
    if not hits:
        return slots, f
    sizes = copy.sizes
    return slots, idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + B * sizes[slots] / avgdl)))


def fts_totals(conn: sqlite3.Connection) -> tuple[int, int] | None:
    """FTS5's row count and token total (all columns) from its averages record."""
    row = conn.execute(f"SELECT block FROM {FTS_TABLE}_data WHERE id = 1").fetchone()
    if row is None:
        return None
    values = _varints(row[0])
    return (values[0], sum(values[1:])) if values else None


def _varints(blob: bytes) -> list[int]:
    """SQLite varints (big-endian 7-bit groups, a 9th byte of 8 bits)."""
    out, i = [], 0
    while i < len(blob):
        value = 0
        for j in range(9):
            byte = blob[i]
            i += 1
            if j == 8:
                value = (value << 8) | byte
                break
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                break
        out.append(value)
    return out
