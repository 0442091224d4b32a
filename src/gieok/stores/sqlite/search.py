"""Dense and full-text search on the SQLite file (sync; run on the store's worker thread).

Dense: the scope's cached matrix proposes, SQL disposes (filters, expiry). Full text: FTS5
BM25 over the content and index-text columns, plain words through the porter tokenizer and
Korean morphemes in their own columns.
"""

from __future__ import annotations

import functools
import logging
import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime

import numpy as np

from gieok.domain.query import And, Candidate, Filter, Not, Or, View
from gieok.domain.scope import Scope
from gieok.stores._sql.filters import Sql, scope_clause
from gieok.stores.base import Vector
from gieok.stores.ops import BlindQuery
from gieok.stores.sqlite.counters import counters
from gieok.stores.sqlite.dialect import DIALECT
from gieok.stores.sqlite.fts import fts5_match
from gieok.stores.sqlite.textindex import Ranked, TextIndex, fts_totals
from gieok.stores.sqlite.vectors import (
    MatrixCache,
    Ranking,
    ScopeMatrix,
    verified_ids,
    verified_rowids,
)
from gieok.text.analysis import INDEX_TEXT_WEIGHT, query_terms

log = logging.getLogger("gieok.stores.sqlite")

# FTS columns: content, morphs, context, context_morphs (index_text weighs less).
BM25_WEIGHTS = (1.0, 1.0, INDEX_TEXT_WEIGHT, INDEX_TEXT_WEIGHT)
_BM25_WEIGHTS = ", ".join(repr(w) for w in BM25_WEIGHTS)
_WORD_COLUMNS, _MORPH_COLUMNS = "{content context}", "{morphs context_morphs}"


def is_default_view(view: View) -> bool:
    return not (view.include_archived or view.include_superseded or view.as_of or view.statuses)


def proposal(k: int, filters: Filter | None) -> int:
    """How many full-text candidates to check first. The cached matrix holds only live
    rows, so without filters only expiry (or a write since the refresh) can reject one: a
    small margin does. Filters may reject most rows, so those start wider (each widening
    of a full-text proposal runs the whole bm25 query again)."""
    return k + max(16, k // 4) if filters is None else max(4 * k, k + 32)


def dense_proposal(k: int, filters: Filter | None) -> int:
    """How many dense candidates to check first: widening is cheap here (the scan is
    re-cut, ×4 each time), so filters start at half again as many, enough when most rows
    pass (context()'s memory filter drops only skills, raw turns and promoted episodes)."""
    return k + max(16, k // 4) if filters is None else max(k + 32, 3 * k // 2)


class SqliteSearch:
    def __init__(self, cache: MatrixCache, text: TextIndex | None = None) -> None:
        self.cache = cache
        self.text = text

    def dense(self, conn: sqlite3.Connection, scope: Scope, query: Vector, k: int,
              filters: Filter | None, view: View, where: Sql, now: datetime
              ) -> list[Candidate]:
        """Top ``k`` by cosine; the proposal widens ×4 until ``k`` survive or the scope is
        exhausted. Without filters the matrix knows the answer set (the scope's live rows
        as of this read, and their expiry), so SQL is not asked; nor for filters on layer
        and ``promoted`` alone (context()'s memory filter), which it keeps per row."""
        query = np.asarray(query, np.float32).reshape(-1)
        if not is_default_view(view):
            return self._dense_scan(conn, query, k, where)
        entry = self._refresh(conn, scope, query.shape[0])
        m = dense_proposal(k, filters)
        at = (view.now or now).timestamp()
        decide = None if filters is None else cached_predicate(filters)
        if decide is not None:  # a handful of distinct (layer, promoted) pairs: decide each once
            decide = functools.lru_cache(maxsize=64)(decide)
        ranking = Ranking(entry, query)
        while True:
            top = ranking.first(m)
            if not top:
                return []
            marks = None if filters is None or decide is None else \
                [entry.marks[entry.pos[rid]] for rid, _ in top]
            if filters is None:
                hits = [Candidate(rid, s) for rid, s in entry.unexpired(top, at)]
            elif decide is not None and marks is not None and None not in marks:
                ok_rows = {rid for (rid, _), mark in zip(top, marks, strict=True)
                           if decide(mark)}  # type: ignore[arg-type]
                hits = [Candidate(rid, s) for rid, s in entry.unexpired(top, at)
                        if rid in ok_rows]
            else:
                ok = verified_ids(conn, [rid for rid, _ in top], where)
                hits = [Candidate(rid, s) for rid, s in top if rid in ok]
            if len(hits) >= k or m >= entry.live_count:
                return hits[:k]
            m *= 4

    def _dense_scan(self, conn: sqlite3.Connection, query: Vector, k: int, where: Sql
                    ) -> list[Candidate]:
        """Views the cache does not hold (archived, superseded, as-of): scan the scope."""
        rows = [
            (rid, np.frombuffer(blob, np.float32))
            for rid, blob in conn.execute(
                f"SELECT id, embedding FROM records WHERE {where.text} "
                "AND embedding IS NOT NULL", where.params)
        ]
        rows = [(rid, v) for rid, v in rows if v.shape[0] == query.shape[0]]
        if not rows:
            return []
        scores = np.einsum("ij,j->i", np.stack([v for _, v in rows]), query)
        order = np.argsort(-scores, kind="stable")[:k]
        return [Candidate(rows[i][0], float(scores[i])) for i in order]

    def _refresh(self, conn: sqlite3.Connection, scope: Scope, dim: int) -> ScopeMatrix:
        """Bring the scope's matrix up to date. ``store_meta`` is read on every search (two
        rows, ~10 µs; once per read transaction: ``counters.py``) because another process
        may have written to the file since."""
        seq, purge, _ = counters(conn)
        entry = self.cache.get(scope.key(), dim)
        if entry.seq == seq and entry.purge == purge:
            return entry
        where = scope_clause(DIALECT, scope)
        if entry.purge != purge:
            entry.reset()
            rows = conn.execute(
                f"SELECT id, embedding, 1, expires_at, layer, promoted, rowid FROM records WHERE "
                f"{where.text} AND status = 'active' AND superseded_at IS NULL AND "
                "embedding IS NOT NULL ORDER BY rowid", where.params)
            entry.apply(rows)
        else:
            # INDEXED BY: left to itself the planner walks the scope's index and reads every
            # row of the scope to find the few new ones (140 ms at 12k rows).
            rows = conn.execute(
                f"SELECT id, embedding, status = 'active' AND superseded_at IS NULL, "
                f"expires_at, layer, promoted, rowid FROM records INDEXED BY records_seq "
                f"WHERE seq > ? AND {where.text} ORDER BY seq, rowid", [entry.seq, *where.params])
            entry.apply(rows)
        entry.seq, entry.purge = seq, purge
        self.cache.evict()
        return entry

    def fulltext(self, conn: sqlite3.Connection, scope: Scope, text: str, k: int, where: Sql,
                 terms: BlindQuery | None = None, filters: Filter | None = None,
                 view: View | None = None, now: datetime | None = None) -> list[Candidate]:
        """BM25 top ``k`` inside the scope: from the in-memory copy of the index when it is
        ready (``textindex.py``: same scores, no per-row cost in FTS5), else from FTS5.
        Query analysis (Korean morphemes) runs here, on the worker thread, never on the
        event loop. ``view`` and ``now`` (the ones ``where`` was built with) let the
        scope's matrix, when it is current, vouch for rows instead of SQL."""
        return self.fulltexts(conn, scope, [(text, terms)], k, where, filters, view, now)[0]

    def fulltexts(self, conn: sqlite3.Connection, scope: Scope,
                  queries: Sequence[tuple[str, BlindQuery | None]], k: int, where: Sql,
                  filters: Filter | None = None, view: View | None = None,
                  now: datetime | None = None) -> list[list[Candidate]]:
        """``fulltext`` of several queries on one scope, filters and view (a search's own
        words and its expansion's), each list as ``fulltext`` gives it alone. What does not
        depend on the words is done once: the file's totals and freshness checks, the
        copy's catch-up, the term tokenizing, the matrix's check of rows (a second read
        cost ~0.45 ms of a 10k search, ~0.1 of it these; docs/benchmarks.md)."""
        analysed = [(list(terms.words), list(terms.morphs)) if terms else query_terms(text)
                    for text, terms in queries]
        out: list[list[Candidate]] = [[] for _ in queries]
        wanted = [i for i, (words, morphs) in enumerate(analysed) if words or morphs]
        if not wanted:
            return out
        entry = self.cache.peek(scope.key())
        total = conn.execute("SELECT max(rowid) FROM records").fetchone()[0] or 0
        ranked = self._ranked(conn, [analysed[i] for i in wanted])
        check: FromMatrix | None = None
        if any(r is not None for r in ranked):
            check = FromMatrix.of(conn, entry, filters, view, now, where)
        for i, found in zip(wanted, ranked, strict=True):
            if found is not None:
                out[i] = _top_in_scope(conn, found, k, where, entry, total, check)
                continue
            words, morphs = analysed[i]
            match = fts5_match(words, morphs, word_columns=_WORD_COLUMNS,
                               morph_columns=_MORPH_COLUMNS)
            out[i] = self._fts5(conn, match, k, where, filters, entry, total)
        return out

    def _ranked(self, conn: sqlite3.Connection, queries: Sequence[tuple[list[str], list[str]]]
                ) -> list[Ranked | None]:
        """Every row matching each query's ``(words, morphs)`` scored in memory, or ``None``
        for a query the copy cannot answer (no copy yet, or a term FTS5 splits: use FTS5)."""
        none: list[Ranked | None] = [None] * len(queries)
        if self.text is None:
            return none
        totals = fts_totals(conn)
        if totals is None:
            return none
        seq, purge, _ = counters(conn)
        try:
            copy = self.text.ready(conn, seq, purge, *totals)
            if copy is None:
                return none
            phrases = [[(w, 0) for w in words] + [(m, 1) for m in morphs]  # fts5_match's order
                       for words, morphs in queries]
            return self.text.rank_many(conn, copy, phrases, *totals)
        except sqlite3.OperationalError as exc:  # e.g. a read-only connection: no temp table
            log.warning("full text stays on FTS5: its in-memory copy failed (%s)", exc)
            self.text = None
            return none

    def _fts5(self, conn: sqlite3.Connection, match: str | None, k: int, where: Sql,
              filters: Filter | None, entry: ScopeMatrix | None, total: int
              ) -> list[Candidate]:
        """FTS5 itself. When the scope holds a good share of the file (known from its cached
        matrix), rank the whole index first and check only the best ``m`` rows against the
        scope and filters, like ``dense``; this skips joining every match with
        ``records``. Otherwise, or if too few survive, join and filter in SQL."""
        if match is None:
            return []
        if entry is not None and entry.live_count * 4 >= total:
            m = _first_check(k, filters, entry, total)
            top = conn.execute(
                f"SELECT rowid, bm25(records_fts, {_BM25_WEIGHTS}) AS b FROM records_fts "
                "WHERE records_fts MATCH ? ORDER BY b, rowid LIMIT ?", (match, m)).fetchall()
            ok = verified_rowids(conn, [r[0] for r in top], where)
            hits = [(rowid, -b) for rowid, b in top if rowid in ok]
            if len(hits) >= k or len(top) < m:
                return [Candidate(ok[rowid], score) for rowid, score in hits[:k]]
        rows = conn.execute(
            f"WITH hits AS (SELECT rowid, bm25(records_fts, {_BM25_WEIGHTS}) AS b "
            "FROM records_fts WHERE records_fts MATCH ?) "
            "SELECT r.id, -hits.b FROM hits CROSS JOIN records r ON r.rowid = hits.rowid "
            f"WHERE {where.text} ORDER BY hits.b, hits.rowid LIMIT ?",
            [match, *where.params, k]).fetchall()
        return [Candidate(r[0], float(r[1])) for r in rows]


_MARKS = {"layer": 0, "promoted": 1}  # ScopeMatrix.marks


def cached_predicate(flt: Filter) -> Callable[[tuple[str, bool]], bool] | None:
    """``flt`` as a test of a row's cached ``(layer, promoted)``, with ``matches``'s
    semantics (a missing value passes only ``ne``/``nin``), or ``None`` when it names
    anything else — then SQL decides."""
    if isinstance(flt, And | Or):
        parts = [cached_predicate(f) for f in flt.items]
        if any(p is None for p in parts):
            return None
        tests = [p for p in parts if p is not None]
        if isinstance(flt, And):
            return lambda mark: all(t(mark) for t in tests)
        return lambda mark: any(t(mark) for t in tests)
    if isinstance(flt, Not):
        inner = cached_predicate(flt.item)
        return None if inner is None else (lambda mark: not inner(mark))
    if flt.field not in _MARKS or flt.op not in ("eq", "ne", "in", "nin"):
        return None
    i, op, want = _MARKS[flt.field], flt.op, flt.value

    def test(mark: tuple[str, bool]) -> bool:
        actual = mark[i]
        if actual is None:
            return op in ("ne", "nin")
        if op == "eq":
            return bool(actual == want)
        if op == "ne":
            return bool(actual != want)
        return (actual in want) == (op == "in")

    return test


def _first_check(k: int, filters: Filter | None, entry: ScopeMatrix, total: int) -> int:
    """Rows to check first: the dense proposal scaled by the scope's share of the file (a
    scope that is the whole file checks k + 16, not 4k: each check is a lookup)."""
    wide = max(4 * k, k + 32)
    return min(wide, -(-proposal(k, filters) * total // max(1, entry.live_count)))


def _top_in_scope(conn: sqlite3.Connection, ranked: Ranked, k: int, where: Sql,
                  entry: ScopeMatrix | None, total: int,
                  check: FromMatrix | None = None) -> list[Candidate]:
    """The best ``k`` of ``ranked`` that pass ``where``, as FTS5's ``ORDER BY bm25, rowid``
    joined with it would give. A scope much smaller than the match list is read whole (one
    index walk); otherwise the best rows are checked, ×4 more each time too few pass."""
    if entry is not None and entry.live_count * 4 < len(ranked):
        ok = dict(conn.execute(f"SELECT rowid, id FROM records WHERE {where.text}",
                               where.params).fetchall())
        out: list[Candidate] = []
        for rowid, score in ranked.first(len(ranked)):
            if rowid in ok:
                out.append(Candidate(ok[rowid], score))
                if len(out) == k:
                    break
        return out
    # Ranking more rows costs nothing here, so even filtered searches start narrow and widen
    # ×4, checking only the rows not checked yet (FTS5 had to run its query again).
    m = _first_check(k, None, entry, total) if entry is not None and entry.live_count \
        else proposal(k, None)
    found: dict[int, str] = {}
    checked = 0
    while True:
        top = ranked.first(m)
        fresh = [r for r, _ in top[checked:]]
        found.update(check(fresh) if check is not None else verified_rowids(conn, fresh, where))
        checked = len(top)
        hits = [Candidate(found[rowid], score) for rowid, score in top if rowid in found]
        if len(hits) >= k or len(top) < m:
            return hits[:k]
        m *= 4


class FromMatrix:
    """Which full-text rowids pass ``where``, decided from the scope's matrix where it can
    (as dense search does): a row it holds live is in the scope, active and current, so only
    its expiry and a (layer, promoted) filter remain, both kept per row. Rows it does not
    hold live (no vector, or not in the scope) go to SQL. Used only when the matrix is
    current (its ``seq``/``purge`` are the file's) and the view is the default one; the
    check of ~30 rows by SQL cost 0.5-1 ms of a search at 10k rows."""

    def __init__(self, conn: sqlite3.Connection, entry: ScopeMatrix, where: Sql, at: float,
                 decide: Callable[[tuple[str, bool]], bool] | None) -> None:
        self.conn, self.entry, self.where, self.at = conn, entry, where, at
        self.decide = decide

    @classmethod
    def of(cls, conn: sqlite3.Connection, entry: ScopeMatrix | None, filters: Filter | None,
           view: View | None, now: datetime | None, where: Sql) -> FromMatrix | None:
        if entry is None or view is None or now is None or not is_default_view(view) \
                or not entry.by_rowid:
            return None
        decide = None if filters is None else cached_predicate(filters)
        if filters is not None and decide is None:
            return None
        if (entry.seq, entry.purge) != counters(conn)[:2]:
            return None
        if decide is not None:
            decide = functools.lru_cache(maxsize=64)(decide)
        return cls(conn, entry, where, (view.now or now).timestamp(), decide)

    def __call__(self, rowids: Sequence[int]) -> dict[int, str]:
        entry, at, decide = self.entry, self.at, self.decide
        by_rowid, alive, expires, marks, ids = (entry.by_rowid, entry.alive, entry.expires,
                                                entry.marks, entry.ids)
        out: dict[int, str] = {}
        ask: list[int] = []
        for rowid in rowids:
            i = by_rowid.get(rowid)
            if i is None or not alive[i]:
                ask.append(rowid)
                continue
            if not expires[i] > at:
                continue
            if decide is not None:
                mark = marks[i]
                if mark is None:
                    ask.append(rowid)
                    continue
                if not decide(mark):
                    continue
            out[rowid] = ids[i]
        if ask:
            out.update(verified_rowids(self.conn, ask, self.where))
        return out
