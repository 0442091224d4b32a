"""Dense and full-text search on PostgreSQL.

Dense: pgvector cosine distance. A scope small enough (``EXACT_MAX`` rows after its
filters, counted with a bounded scan of the tenant-led B-tree) is ranked exactly; a larger
one goes through the HNSW index with pgvector 0.8's iterative scan (``relaxed_order``), which
keeps scanning the graph until ``k`` rows pass the filters, and the hits are re-sorted by
their exact distance. Why both: an HNSW scan over a tiny tenant in a big table gives up
after ``hnsw.max_scan_tuples`` before finding its rows (wrong answers), while an exact scan
over a million rows is slow; measured in docs/benchmarks.md.

Full text: the generated ``fts`` column (English words stemmed, Korean morphemes as they
are, index text at weight B), any of the query's terms matching, ranked by SQLite FTS5's
bm25 over the tenant's statistics (``bm25.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gieok.domain.query import Candidate
from gieok.stores._sql.filters import Sql
from gieok.stores.postgres import bm25
from gieok.stores.postgres.db import Conn
from gieok.stores.ops import BlindQuery
from gieok.text.analysis import query_terms

EXACT_MAX = 5_000  # rows in the filtered scope up to which dense search is exact


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


async def fulltext(conn: Conn, text: str, k: int, where: Sql, org: str,
                   terms: BlindQuery | None = None) -> list[Candidate]:
    if terms is not None:  # blind terms all live in the 'simple' columns
        words, morphs = [], [*terms.words, *terms.morphs]
    else:
        words, morphs = query_terms(text)
    if not words and not morphs:
        return []
    return await bm25.rank(conn, org, words, morphs, k, where)
