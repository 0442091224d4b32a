"""Dense and full-text search on PostgreSQL.

Dense: pgvector cosine distance. A scope small enough (``EXACT_MAX`` rows after its
filters, counted with a bounded scan of the tenant-led B-tree) is ranked exactly; a larger
one goes through the HNSW index with pgvector 0.8's iterative scan (``relaxed_order``), which
keeps scanning the graph until ``k`` rows pass the filters, and the hits are re-sorted by
their exact distance. Why both: an HNSW scan over a tiny tenant in a big table gives up
after ``hnsw.max_scan_tuples`` before finding its rows (wrong answers), while an exact scan
over a million rows is slow; measured in docs/benchmarks.md.

Full text: the generated ``fts`` column (English words stemmed, Korean morphemes as they
are, index text at weight B), matched with OR-ed terms through ``websearch_to_tsquery`` (no
syntax errors from user text) and ranked the way SQLite's BM25 ranks, so that the same data
gives the same order on both stores: each term's ``ts_rank`` (content weighing twice the
index text, as ``INDEX_TEXT_WEIGHT`` does for SQLite), normalised by length and saturated
(``TS_NORM``), times the term's rarity in the scope (IDF). Plain ``ts_rank`` scored a long
old turn that mentions "live" once level with the short fact "User lives in Mapo-gu", and a
speaker's name that every turn holds as much as a rare word (measured in docs/benchmarks.md).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gieok.domain.query import Candidate
from gieok.stores._sql.filters import Sql
from gieok.stores.postgres.db import Conn
from gieok.stores.ops import BlindQuery
from gieok.text.analysis import INDEX_TEXT_WEIGHT, query_terms

EXACT_MAX = 5_000  # rows in the filtered scope up to which dense search is exact
# Full-text ranking, closer to SQLite's BM25 (same data, same order): each query term's
# ts_rank, length-normalised and saturated (TS_NORM: 1 divides by 1 + log of the document's
# length, so a long turn that mentions a word once no longer ties a short fact about it;
# 32 maps a rank r to r / (r + 1), as BM25 saturates a term's frequency), times the term's
# rarity in the scope (BM25's IDF: ln(1 + (N - df + 0.5) / (df + 0.5)), df counted among
# the scope's matches, N among its rows up to SCOPE_COUNT_MAX), so a term every record
# holds scores near zero and the store can say FULLTEXT_RARITY. Only the first
# MAX_RANKED_TERMS terms are weighed; every term still matches. Dividing by the length
# itself (2) or leaving out the IDF agreed less with SQLite (docs/benchmarks.md).
TS_NORM = 1 | 32
MAX_RANKED_TERMS = 32
SCOPE_COUNT_MAX = 100_000
_WEIGHTS = f"{{0.1, 0.2, {INDEX_TEXT_WEIGHT}, 1.0}}"  # D, C, B (index text), A (content)


async def dense(conn: Conn, query: Any, k: int, where: Sql, *, exact: bool | None = None,
                ef_search: int = 100) -> list[Candidate]:
    vec = np.asarray(query, np.float32).reshape(-1)
    dim = int(vec.shape[0])
    if exact is None:
        cur = await conn.execute(
            f"SELECT count(*) FROM (SELECT 1 FROM records WHERE {where.text} "
            "AND embedding IS NOT NULL LIMIT %s) s", [*where.params, EXACT_MAX + 1])
        row = await cur.fetchone()
        exact = row is not None and int(row[0]) <= EXACT_MAX
    if exact:
        # no cast to vector(dim): the HNSW index cannot serve this ORDER BY, the scope
        # index does, and every row of the scope is ranked
        cur = await conn.execute(
            f"SELECT id, 1 - (embedding <=> %s) FROM records WHERE {where.text} "
            "AND embedding IS NOT NULL AND vector_dims(embedding) = %s "
            "ORDER BY embedding <=> %s, rowid LIMIT %s", [vec, *where.params, dim, vec, k])
        return [Candidate(r[0], float(r[1])) for r in await cur.fetchall()]
    await conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
    await conn.execute(f"SET LOCAL hnsw.ef_search = {max(int(ef_search), min(1000, 2 * k))}")
    expr = f"(embedding::vector({dim}))"
    cur = await conn.execute(
        f"SELECT id, 1 - ({expr} <=> %s::vector({dim})) FROM records WHERE {where.text} "
        f"AND vector_dims(embedding) = {dim} ORDER BY {expr} <=> %s::vector({dim}) LIMIT %s",
        [vec, *where.params, vec, k])
    hits = [Candidate(r[0], float(r[1])) for r in await cur.fetchall()]
    return sorted(hits, key=lambda c: -c.score)  # relaxed order: re-sort exactly


async def fulltext(conn: Conn, text: str, k: int, where: Sql,
                   terms: BlindQuery | None = None) -> list[Candidate]:
    if terms is not None:  # blind terms all live in the 'simple' columns
        words, morphs = [], [*terms.words, *terms.morphs]
    else:
        words, morphs = query_terms(text)
    if not words and not morphs:
        return []
    each = [("english", w) for w in words] + [("simple", m) for m in morphs]
    each = each[:MAX_RANKED_TERMS]
    queries = ", ".join(f"websearch_to_tsquery('{config}', %s) AS q{i}"
                        for i, (config, _) in enumerate(each))
    found = ", ".join(f"count(*) FILTER (WHERE fts @@ q{i}) AS d{i}" for i in range(len(each)))
    idf = "ln(1 + (greatest(n.n, 1) - d.d{i} + 0.5) / (d.d{i} + 0.5))"
    score = " + ".join(f"{idf.format(i=i)} * ts_rank('{_WEIGHTS}', m.fts, q{i}, {TS_NORM})"
                       for i in range(len(each)))
    cur = await conn.execute(
        f"WITH tq AS (SELECT websearch_to_tsquery('english', %s) || "
        f"websearch_to_tsquery('simple', %s) AS q, {queries}), "
        f"m AS (SELECT id, rowid, fts FROM records, tq WHERE fts @@ tq.q AND {where.text}), "
        f"n AS (SELECT count(*) AS n FROM (SELECT 1 FROM records WHERE {where.text} "
        f"LIMIT {SCOPE_COUNT_MAX}) s), d AS (SELECT {found} FROM m, tq) "
        f"SELECT m.id, {score} AS score FROM m, tq, n, d ORDER BY score DESC, m.rowid LIMIT %s",
        [" OR ".join(words), " OR ".join(morphs), *(t for _, t in each), *where.params,
         *where.params, k])
    return [Candidate(r[0], float(r[1])) for r in await cur.fetchall()]
