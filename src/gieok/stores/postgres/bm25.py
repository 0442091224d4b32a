"""Full-text ranking on PostgreSQL with SQLite FTS5's ``bm25()``: the same formula, the same
constants, statistics kept by the write path.

Why: plain ``ts_rank`` weighs neither a record's length nor a term's rarity, so an old long
turn that happens to hold "live" ranked level with the short current fact "User lives in
Mapo-gu", and search() and context() ordered the same data differently on the two stores
(docs/benchmarks.md, "Full-text ranking on PostgreSQL against SQLite's"). Approximating
BM25 with ``ts_rank`` flags and a per-query, per-scope IDF was tried and reverted (session
23); this computes BM25 itself, as ``stores/sqlite/textindex.py`` does for FTS5:

    score = Σ_term idf · f·(k1 + 1) / (f + k1·(1 − b + b·D/avgdl)),   k1 = 1.2, b = 0.75
    idf   = ln((N − n + 0.5) / (n + 0.5)), 1e-6 where that is ≤ 0 (FTS5's clamp)

- ``f``: the term's occurrences in the record, content and morphemes (weight A) counting 1,
  index text (weight B) ``INDEX_TEXT_WEIGHT`` — the column weights SQLite passes to bm25;
- ``D``: the record's length in tokens, its ``fts`` vector's last position (stop words
  count, as FTS5 counts every token); ``avgdl``: the tenant's token total over ``N``;
- ``N`` and the token total: the tenant's records, every status (FTS5 counts every row of
  its table), summed from ``fts_totals``, which statement triggers on ``records`` append a
  signed change to on every insert, update and delete — so every write path (single rows,
  the COPY batches of ``bulk.py``, migrate, forget) keeps them without code of its own, and
  no writer waits on another (rows are only appended; a search folds them into one row per
  tenant once there are ``FOLD_AT`` of them);
- ``n``: the tenant's records holding the term, counted at query time through the
  ``(org, fts)`` GIN index, and only up to half of ``N`` (past it the IDF is clamped anyway).

Per tenant, not per database: one tenant's words never weigh another's ranking. A query's
words are stemmed with the ``english`` configuration and its morphemes taken as written
(``simple``), as the ``fts`` column was built; the same lexeme from both counts once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gieok.domain.query import Candidate
from gieok.stores._sql.filters import Sql
from gieok.text.analysis import INDEX_TEXT_WEIGHT

if TYPE_CHECKING:  # db.py imports the schema, which imports this module's migration
    from gieok.stores.postgres.db import Conn

K1, B = 1.2, 0.75  # FTS5's bm25 constants (stores/sqlite/textindex.py)
FOLD_AT = 64  # change rows of a tenant in fts_totals from which a search folds them
_FOLD_LOCK = 0x67696F  # first key of the advisory lock a fold takes (second: the tenant)

# A record's length in tokens: the last position in its vector (0 when it has none). A
# lexeme's positions are kept sorted, so its last one is enough (a quarter of the time of
# unnesting every position, measured on LoCoMo's turns).
_LEN_FUNCTION = """
CREATE OR REPLACE FUNCTION gieok_fts_len(v tsvector) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT coalesce(max(u.positions[cardinality(u.positions)]), 0)::integer
      FROM unnest(v) u $$
"""

_TOTALS_FUNCTION = """
CREATE OR REPLACE FUNCTION gieok_fts_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO fts_totals (org, n, tokens)
        SELECT org, count(*), coalesce(sum(gieok_fts_len(fts)), 0) FROM gieok_new GROUP BY org;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO fts_totals (org, n, tokens)
        SELECT org, -count(*), -coalesce(sum(gieok_fts_len(fts)), 0) FROM gieok_old
        GROUP BY org;
    ELSE
        INSERT INTO fts_totals (org, n, tokens)
        SELECT org, sum(n), sum(t) FROM (
            SELECT org, 1 AS n, gieok_fts_len(fts) AS t FROM gieok_new
            UNION ALL SELECT org, -1, -gieok_fts_len(fts) FROM gieok_old) c
        GROUP BY org HAVING sum(n) <> 0 OR sum(t) <> 0;
    END IF;
    RETURN NULL;
END $$
"""

MIGRATION_SQL = [
    _LEN_FUNCTION,
    "CREATE TABLE fts_totals (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, "
    "org TEXT NOT NULL, n BIGINT NOT NULL, tokens BIGINT NOT NULL)",
    "CREATE INDEX fts_totals_org ON fts_totals (org)",
    _TOTALS_FUNCTION,
    "CREATE TRIGGER records_fts_totals_ins AFTER INSERT ON records "
    "REFERENCING NEW TABLE AS gieok_new FOR EACH STATEMENT EXECUTE FUNCTION gieok_fts_totals()",
    "CREATE TRIGGER records_fts_totals_upd AFTER UPDATE ON records "
    "REFERENCING OLD TABLE AS gieok_old NEW TABLE AS gieok_new "
    "FOR EACH STATEMENT EXECUTE FUNCTION gieok_fts_totals()",
    "CREATE TRIGGER records_fts_totals_del AFTER DELETE ON records "
    "REFERENCING OLD TABLE AS gieok_old FOR EACH STATEMENT EXECUTE FUNCTION gieok_fts_totals()",
    # the records already there (an upgrade in place): after the triggers, in the same
    # transaction, whose lock on records waited for every earlier writer
    "INSERT INTO fts_totals (org, n, tokens) "
    "SELECT org, count(*), coalesce(sum(gieok_fts_len(fts)), 0) FROM records GROUP BY org",
]


def migrate_totals(conn: Any) -> None:
    """Migration step (a function: the bodies hold semicolons)."""
    for statement in MIGRATION_SQL:
        conn.execute(statement)


# One statement: the query's lexemes, the tenant's totals, each lexeme's IDF, then every
# matching record of the scope scored. Parameters: words, morphs, org (totals), org (df),
# the scope's filter, k.
_RANK = f"""
WITH lex AS (
    SELECT DISTINCT l FROM (
        SELECT unnest(tsvector_to_array(to_tsvector('english', w))) FROM unnest(%s::text[]) w
        UNION ALL
        SELECT unnest(tsvector_to_array(to_tsvector('simple', m))) FROM unnest(%s::text[]) m
    ) x(l) WHERE l <> ''),
tq AS (SELECT l, ('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''')::tsquery AS q
       FROM lex),
tot AS (SELECT greatest(coalesce(sum(n), 0), 0)::float8 AS n,
               greatest(coalesce(sum(tokens), 0), 0)::float8 AS tokens
        FROM fts_totals WHERE org = %s),
idf AS MATERIALIZED (
    SELECT tq.l, CASE WHEN tot.n - df.c + 0.5 <= df.c + 0.5 THEN 1e-6
                      ELSE ln((tot.n - df.c + 0.5) / (df.c + 0.5)) END AS w
    FROM tq CROSS JOIN tot CROSS JOIN LATERAL (
        SELECT count(*)::float8 AS c FROM (
            SELECT 1 FROM records r WHERE r.org = %s AND r.fts @@ tq.q
            LIMIT (SELECT floor(n / 2)::bigint + 1 FROM tot)) s) df),
hits AS MATERIALIZED (
    SELECT id, rowid, fts, gieok_fts_len(fts) AS d FROM records
    WHERE fts @@ (SELECT string_agg(q::text, ' | ')::tsquery FROM tq) AND {{where}})
SELECT h.id, sum(idf.w * (f.f * {K1 + 1.0}) /
                 (f.f + {K1} * ({1.0 - B} + {B} * h.d / a.avgdl))) AS score
FROM hits h
CROSS JOIN (SELECT CASE WHEN n > 0 AND tokens > 0 THEN tokens / n ELSE 1 END AS avgdl
            FROM tot) a
CROSS JOIN LATERAL (
    SELECT u.lexeme, sum(CASE WHEN wt = 'A' THEN 1.0 ELSE {INDEX_TEXT_WEIGHT} END)::float8 AS f
    FROM unnest(h.fts) u CROSS JOIN LATERAL unnest(u.weights) wt
    WHERE u.lexeme IN (SELECT l FROM lex) GROUP BY u.lexeme) f
JOIN idf ON idf.l = f.lexeme
GROUP BY h.id, h.rowid ORDER BY score DESC, h.rowid LIMIT %s
"""

_FOLD = """
WITH gone AS (
    DELETE FROM fts_totals WHERE org = %s AND pg_try_advisory_xact_lock(%s, hashtext(%s))
    RETURNING n, tokens)
INSERT INTO fts_totals (org, n, tokens)
SELECT %s, sum(n), sum(tokens) FROM gone HAVING count(*) > 0
"""


async def rank(conn: Conn, org: str, words: list[str], morphs: list[str], k: int,
               where: Sql) -> list[Candidate]:
    """The scope's best ``k`` records for the terms, by BM25 (module docstring)."""
    cur = await conn.execute("SELECT count(*) FROM fts_totals WHERE org = %s", (org,))
    row = await cur.fetchone()
    if row is not None and int(row[0]) >= FOLD_AT:
        await conn.execute(_FOLD, (org, _FOLD_LOCK, org, org))
    cur = await conn.execute(_RANK.replace("{where}", where.text),
                             [words, morphs, org, org, *where.params, k])
    return [Candidate(r[0], float(r[1])) for r in await cur.fetchall()]
