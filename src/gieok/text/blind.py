"""Blind full-text terms (S4): the analysed terms of a text, each replaced by a keyed hash,
so a store indexes and matches words it never sees.

The terms are exactly the ones the SQLite index makes of plaintext: words through FTS5's own
``porter unicode61`` tokenizer (read back through an in-memory ``fts5vocab`` table, so
stemming, case folding and diacritics match to the letter), Korean morphemes from Kiwi
through the same tokenizer. Every occurrence is kept, so term frequencies and row lengths —
and with them BM25 — are those of the plaintext. The hashes use an alphabet the stemmers
leave alone, so an index tokenizer stores each one as written.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence

from gieok.security.crypto import DataKey, Keyring
from gieok.stores.base import IndexTerms
from gieok.stores.ops import BlindQuery
from gieok.text.analysis import morph_field, query_terms

_local = threading.local()


def _conn() -> sqlite3.Connection:
    conn = getattr(_local, "conn", None)
    if conn is None:
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=True)
        conn.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = "
                     "'porter unicode61 remove_diacritics 2')")
        conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
        _local.conn = conn
    return conn


def tokens(texts: Sequence[str]) -> list[list[str]]:
    """Each text's index terms, in order, as the store's full-text index makes them."""
    out: list[list[str]] = [[] for _ in texts]
    wanted = [(i + 1, t) for i, t in enumerate(texts) if t]
    if not wanted:
        return out
    conn = _conn()
    conn.execute("BEGIN")
    try:
        conn.executemany("INSERT INTO t (rowid, x) VALUES (?, ?)", wanted)
        rows = conn.execute("SELECT doc, term FROM v ORDER BY doc, offset").fetchall()
    finally:
        conn.execute("ROLLBACK")
    for doc, term in rows:
        out[doc - 1].append(term)
    return out


def index_terms(keyring: Keyring, content: str, index_text: str | None) -> IndexTerms:
    """A record's four full-text columns, blinded with the keyring's current key."""
    parts = tokens([content, morph_field(content), index_text or "",
                    morph_field(index_text or "")])
    words, morphs, context, context_morphs = (
        " ".join(keyring.blind(t) for t in part) for part in parts)
    return IndexTerms(words, morphs, context, context_morphs)


def query(keyring: Keyring, text: str, keys: Sequence[DataKey] | None = None) -> BlindQuery:
    """The blind terms a full-text query looks for: its words and morphemes analysed like
    the index, hashed under every data key the store holds (one mid-rotation, two)."""
    words, morphs = query_terms(text)
    analysed = tokens([*words, *morphs])
    keys = list(keys) if keys is not None else keyring.all()

    def blind(groups: list[list[str]]) -> tuple[str, ...]:
        found = [keyring.blind(t, k) for k in keys for group in groups for t in group]
        return tuple(dict.fromkeys(found))

    return BlindQuery(blind(analysed[:len(words)]), blind(analysed[len(words):]))
