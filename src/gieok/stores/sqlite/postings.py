"""Postings read back from FTS5 itself, as NumPy arrays (for ``textindex.TextIndex``).

The tokens are never produced by Python: the whole index is read through ``fts5vocab``'s
``instance`` view of ``records_fts`` (every token of every row, as FTS5 stored it), and rows
written later are tokenized by a temporary FTS5 table with the same tokenizer, filled with the
row's stored full-text columns and read back the same way. So a term matches in memory
exactly the rows it matches in FTS5 (porter stems, diacritics, Korean morpheme columns,
blind terms of an encrypted store alike).

A posting is one (term, column group, row): ``GROUPS`` are the column sets the searches name
(words: content + index text; morphemes: their two columns); ``freq`` is FTS5's weighted
frequency — ``bm25()`` adds the column's weight once per instance, in column order, and the
same additions are made here so the sums have the same bits.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

FTS_TABLE = "records_fts"
FTS_COLUMNS = ("content", "morphs", "context", "context_morphs")
# The tokenizer records_fts was created with (schema.py, migration 0006): the temporary
# table that tokenizes new rows and query terms must use the same one.
TOKENIZE = "porter unicode61 remove_diacritics 2"
# Column sets a phrase may be restricted to, in column order: group = column % 2.
GROUPS: tuple[tuple[int, int], ...] = ((0, 2), (1, 3))
_TOK = "gieok_fts_tok"
_CODE = ("doc * 4 + CASE col WHEN 'content' THEN 0 WHEN 'morphs' THEN 1 "
         "WHEN 'context' THEN 2 ELSE 3 END")


@dataclass
class Postings:
    """Postings of some rows, grouped by ``(term, group)``: ``spans[key]`` slices ``rows``
    (rowids, ascending) and ``freq``. ``sizes[i]`` is ``doc_rows[i]``'s token count
    (all columns: FTS5's ``D``); rows without a token appear there with size 0."""

    spans: dict[tuple[str, int], tuple[int, int]]
    rows: np.ndarray
    freq: np.ndarray
    doc_rows: np.ndarray
    sizes: np.ndarray


def vocab_postings(conn: sqlite3.Connection, vocab: str, doc_rows: np.ndarray,
                   weights: Sequence[float]) -> Postings:
    """Every token instance of ``vocab`` (an ``fts5vocab`` instance table) as postings;
    ``doc_rows``: every rowid of its FTS table (sorted), tokens or not."""
    terms: list[str] = []
    chunks: list[np.ndarray] = []
    for term, codes in conn.execute(f"SELECT term, group_concat({_CODE}) FROM {vocab} "
                                    "GROUP BY term"):
        terms.append(term)
        chunks.append(np.fromstring(codes, dtype=np.int64, sep=","))
    if not chunks:
        return Postings({}, np.zeros(0, np.int64), np.zeros(0), doc_rows,
                        np.zeros(len(doc_rows)))
    codes = np.concatenate(chunks)
    term_ix = np.repeat(np.arange(len(terms), dtype=np.int32), [len(c) for c in chunks])
    del chunks
    doc, col = codes >> 2, (codes & 3).astype(np.int8)
    del codes
    sizes = np.bincount(np.searchsorted(doc_rows, doc), minlength=len(doc_rows))
    group = col % 2
    order = np.lexsort((doc, group, term_ix))
    doc, col, group, term_ix = doc[order], col[order], group[order], term_ix[order]
    del order
    start = np.ones(len(doc), dtype=bool)
    start[1:] = (doc[1:] != doc[:-1]) | (group[1:] != group[:-1]) | (term_ix[1:] != term_ix[:-1])
    run = np.cumsum(start, dtype=np.int32) - 1
    firsts = np.flatnonzero(start)
    del start
    second = col >= 2  # the group's second column (index text)
    n_runs = len(firsts)
    counts = (np.bincount(run[~second], minlength=n_runs),
              np.bincount(run[second], minlength=n_runs))
    del run, second
    run_group = group[firsts]
    freq = np.zeros(n_runs)
    for place, count in enumerate(counts):
        weight = np.asarray([weights[cols[place]] for cols in GROUPS])[run_group]
        _add_repeatedly(freq, weight, count)
    run_term, run_doc = term_ix[firsts], doc[firsts]
    key_start = np.ones(n_runs, dtype=bool)
    key_start[1:] = (run_term[1:] != run_term[:-1]) | (run_group[1:] != run_group[:-1])
    bounds = [*np.flatnonzero(key_start).tolist(), n_runs]
    spans = {(terms[run_term[a]], int(run_group[a])): (a, b)
             for a, b in zip(bounds[:-1], bounds[1:], strict=True)}
    return Postings(spans, run_doc, freq, doc_rows, sizes.astype(np.float64))


def _add_repeatedly(total: np.ndarray, weight: np.ndarray, count: np.ndarray) -> None:
    """``total[i] += weight[i]``, ``count[i]`` times one after another (as ``bm25()`` sums
    a phrase's instances: a product would round differently)."""
    idx = np.flatnonzero(count > 0)
    done = 0
    while idx.size:
        total[idx] += weight[idx]
        done += 1
        idx = idx[count[idx] > done]


def read_all(conn: sqlite3.Connection, weights: Sequence[float]) -> Postings:
    """The whole of ``records_fts``; call inside one read transaction."""
    conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.gieok_fts_inst USING "
                 f"fts5vocab(main, {FTS_TABLE}, instance)")
    doc_rows = np.fromiter((r[0] for r in conn.execute(
        f"SELECT id FROM {FTS_TABLE}_docsize ORDER BY id")), dtype=np.int64)
    return vocab_postings(conn, "temp.gieok_fts_inst", doc_rows, weights)


class Tokenizer:
    """A temporary FTS5 table with ``records_fts``'s tokenizer, on one connection."""

    def __init__(self) -> None:
        self._ready: int | None = None  # id() of the connection it was created on

    def _ensure(self, conn: sqlite3.Connection) -> None:
        if self._ready == id(conn):
            return
        cols = ", ".join(FTS_COLUMNS)
        conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{_TOK} USING fts5({cols}, "
                     f"tokenize = '{TOKENIZE}')")
        conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{_TOK}_inst USING "
                     f"fts5vocab(temp, {_TOK}, instance)")
        self._ready = id(conn)

    def rows(self, conn: sqlite3.Connection, rowids: Sequence[int],
             weights: Sequence[float]) -> Postings:
        """Postings of ``records_fts`` rows ``rowids`` as stored now (missing ones: none)."""
        self._ensure(conn)
        cols = ", ".join(FTS_COLUMNS)
        found = conn.execute(
            f"SELECT rowid, {cols} FROM {FTS_TABLE} WHERE rowid IN "
            "(SELECT value FROM json_each(?))", (_json_ints(rowids),)).fetchall()
        try:
            conn.executemany(f"INSERT INTO temp.{_TOK} (rowid, {cols}) VALUES (?, ?, ?, ?, ?)",
                             found)
            doc_rows = np.asarray(sorted(r[0] for r in found), dtype=np.int64)
            return vocab_postings(conn, f"temp.{_TOK}_inst", doc_rows, weights)
        finally:
            conn.execute(f"DELETE FROM temp.{_TOK}")

    def terms(self, conn: sqlite3.Connection, terms: Sequence[str]) -> list[list[str]]:
        """Each query term's tokens, as FTS5 reads a quoted phrase of it."""
        self._ensure(conn)
        try:
            conn.executemany(f"INSERT INTO temp.{_TOK} (rowid, content) VALUES (?, ?)",
                             list(enumerate(terms, start=1)))
            out: list[list[str]] = [[] for _ in terms]
            for doc, term in conn.execute(f"SELECT doc, term FROM temp.{_TOK}_inst "
                                          "ORDER BY doc, offset"):
                out[doc - 1].append(term)
            return out
        finally:
            conn.execute(f"DELETE FROM temp.{_TOK}")


def _json_ints(values: Sequence[int]) -> str:
    return "[" + ",".join(str(int(v)) for v in values) + "]"
