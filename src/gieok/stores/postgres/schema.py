"""Append-only, named migrations for the PostgreSQL store, run by the shared runner
(``stores._sql.migrate``) under a session advisory lock, each step in its own transaction.

Layout mirrors the SQLite schema (same table and column names, so ``stores._sql.queries``
serves both): JSON columns are ``jsonb``, times ``timestamptz``, vectors pgvector ``vector``
(no fixed dimension: the store learns it from the first embedding model it records and
then builds the HNSW index on ``embedding::vector(dim)``), and full text is a generated
``tsvector`` — English words stemmed (``english``), Korean morphemes as they are
(``simple``), the index text at weight B under the content's A. The tenant (``org``) leads
every B-tree and GIN index.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gieok.errors import StoreSchemaError
from gieok.stores._sql.migrate import Migration, Step, split_statements
from gieok.stores.postgres.bm25 import migrate_totals

LOCK_KEY = 0x6769656F6B  # "gieok": the advisory lock every migrating process takes


def _extensions(conn: Any) -> None:
    import psycopg

    for name in ("vector", "btree_gin"):
        try:
            conn.execute(f"CREATE EXTENSION IF NOT EXISTS {name}")
        except (psycopg.errors.FeatureNotSupported, psycopg.errors.UndefinedFile,
                psycopg.errors.InsufficientPrivilege) as exc:
            raise StoreSchemaError(
                f"the PostgreSQL server has no usable {name!r} extension ({exc}); install "
                f"pgvector on the server (or ask its administrator to run CREATE EXTENSION "
                f"{name}) and open the store again",
                code="STORE_EXTENSION_MISSING", details={"extension": name}) from exc


_INITIAL = """
CREATE TABLE records (
    rowid BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org TEXT NOT NULL, project TEXT, user_id TEXT, persona TEXT, session TEXT,
    layer TEXT NOT NULL, type TEXT NOT NULL, category TEXT,
    content TEXT NOT NULL, index_text TEXT, content_hash TEXT NOT NULL,
    data JSONB, metadata JSONB, source_turn_ids JSONB, tags JSONB, pii_flags JSONB,
    confidence DOUBLE PRECISION NOT NULL, importance DOUBLE PRECISION NOT NULL,
    source TEXT NOT NULL, source_session TEXT, source_preview TEXT, emotion TEXT,
    version INTEGER NOT NULL, usage_count INTEGER NOT NULL, superseded_by TEXT,
    status TEXT NOT NULL,
    last_used_at TIMESTAMPTZ, event_time TIMESTAMPTZ NOT NULL, valid_from TIMESTAMPTZ,
    valid_to TIMESTAMPTZ, expires_at TIMESTAMPTZ, created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL, superseded_at TIMESTAMPTZ,
    pinned BOOLEAN NOT NULL DEFAULT FALSE, promoted BOOLEAN NOT NULL DEFAULT FALSE,
    embedding vector,
    morphs TEXT NOT NULL DEFAULT '', context_morphs TEXT NOT NULL DEFAULT '',
    fts tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', content), 'A')
        || setweight(to_tsvector('simple', morphs), 'A')
        || setweight(to_tsvector('english', coalesce(index_text, '')), 'B')
        || setweight(to_tsvector('simple', context_morphs), 'B')
    ) STORED
);
CREATE INDEX records_scope ON records (org, user_id, persona, session);
CREATE INDEX records_project ON records (org, project);
CREATE INDEX records_hash ON records (org, content_hash);
CREATE INDEX records_scope_scan ON records (org, user_id, persona, session, status,
    superseded_at, expires_at, layer, event_time);
CREATE INDEX records_fts ON records USING gin (org, fts);
CREATE TABLE audit_events (
    rowid BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id TEXT NOT NULL UNIQUE, memory_id TEXT NOT NULL, org TEXT NOT NULL, scope TEXT NOT NULL,
    action TEXT NOT NULL, at TIMESTAMPTZ NOT NULL, body TEXT NOT NULL
);
CREATE INDEX audit_memory ON audit_events (org, memory_id, at);
CREATE INDEX audit_memory_id ON audit_events (memory_id);
CREATE TABLE scope_settings (scope_key TEXT PRIMARY KEY, org TEXT NOT NULL, body TEXT NOT NULL);
CREATE INDEX scope_settings_org ON scope_settings (org, scope_key);
CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE model_vectors (
    model TEXT NOT NULL, id TEXT NOT NULL, embedding vector NOT NULL, PRIMARY KEY (model, id)
);
CREATE INDEX model_vectors_id ON model_vectors (id);
CREATE TABLE working_turns (
    rowid BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scope_key TEXT NOT NULL,
    org TEXT NOT NULL, project TEXT, user_id TEXT, persona TEXT, session TEXT,
    at TIMESTAMPTZ NOT NULL, body TEXT NOT NULL
);
CREATE INDEX working_scope ON working_turns (scope_key, rowid);
CREATE INDEX working_org ON working_turns (org, user_id, persona, session);
CREATE TABLE sessions (
    scope_key TEXT PRIMARY KEY,
    org TEXT NOT NULL, project TEXT, user_id TEXT, persona TEXT, session TEXT,
    turn_count INTEGER NOT NULL, last_turn_at TIMESTAMPTZ NOT NULL,
    extracted_count INTEGER NOT NULL DEFAULT 0, closed_count INTEGER
);
CREATE INDEX sessions_idle ON sessions (last_turn_at) WHERE session IS NOT NULL;
CREATE INDEX sessions_org ON sessions (org, user_id, persona, session);
CREATE TABLE working_summaries (
    scope_key TEXT PRIMARY KEY,
    org TEXT NOT NULL, project TEXT, user_id TEXT, persona TEXT, session TEXT,
    covered INTEGER NOT NULL, last_turn TEXT NOT NULL, body TEXT NOT NULL
);
CREATE TABLE jobs (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, key TEXT, payload TEXT NOT NULL,
    status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
    enqueued_at TIMESTAMPTZ NOT NULL, run_after TIMESTAMPTZ NOT NULL,
    lease_until TIMESTAMPTZ, last_error TEXT
);
CREATE INDEX jobs_ready ON jobs (status, run_after);
CREATE INDEX jobs_key ON jobs (key, status);
CREATE TABLE api_tokens (
    rowid BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id TEXT NOT NULL UNIQUE, token_hash TEXT NOT NULL UNIQUE, tenant TEXT NOT NULL,
    body TEXT NOT NULL
);
CREATE INDEX api_tokens_tenant ON api_tokens (tenant, rowid)
"""

MIGRATIONS: list[Migration] = [
    Migration("0001_extensions", _extensions),
    Migration("0002_initial", _INITIAL),
    Migration("0003_periodic_runs", "CREATE TABLE periodic_runs (name TEXT PRIMARY KEY, "
                                    "last_run_at TIMESTAMPTZ NOT NULL)"),
    Migration("0004_next_turn_selections", """
        CREATE TABLE next_turn_selections (
            scope_key TEXT PRIMARY KEY,
            org TEXT NOT NULL, project TEXT, user_id TEXT, persona TEXT, session TEXT,
            ids JSONB NOT NULL, updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )"""),
    # A forget refuses writes prepared before it (stores/fence.py): one row per forgotten
    # scope, its key hashed (no ids in clear), pruned after a week.
    Migration("0005_scope_fences", """
        CREATE TABLE scope_fences (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            key_hash TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX scope_fences_key ON scope_fences (key_hash, seq)"""),
    # Encryption at rest: sealed text ('gk1:…') stays out of the English tsvector; its blind
    # terms arrive in morphs/context_morphs ('simple', as written).
    Migration("0006_fts_skips_sealed_text", """
        DROP INDEX records_fts;
        ALTER TABLE records DROP COLUMN fts;
        ALTER TABLE records ADD COLUMN fts tsvector GENERATED ALWAYS AS (
            setweight(to_tsvector('english', CASE WHEN content LIKE 'gk1:%' THEN ''
                                             ELSE content END), 'A')
            || setweight(to_tsvector('simple', morphs), 'A')
            || setweight(to_tsvector('english', CASE WHEN index_text LIKE 'gk1:%' THEN ''
                                                ELSE coalesce(index_text, '') END), 'B')
            || setweight(to_tsvector('simple', context_morphs), 'B')
        ) STORED;
        CREATE INDEX records_fts ON records USING gin (org, fts)"""),
    # "Has this scope changed since?" (ChangedOp, a cached context's check): the tenant's
    # recently updated rows, not a count of the scope.
    Migration("0007_records_updated", "CREATE INDEX records_updated ON records (org, updated_at)"),
    # R5 use counts in a narrow table (stores/_sql/uses.py): the uses since a record's row was
    # last written; counts written before stay in ``records`` (the base reads add to).
    Migration("0008_record_uses", "CREATE TABLE record_uses (memory_id TEXT PRIMARY KEY, "
                                  "uses INTEGER NOT NULL, used_at TIMESTAMPTZ)"),
    # Full text ranked by FTS5's bm25 (stores/postgres/bm25.py): each tenant's record count
    # and token total, kept by statement triggers on records; the records already there
    # are counted in the same step.
    Migration("0009_fts_totals", migrate_totals),
]


class PgMigrationTarget:
    """The runner's view of a sync psycopg connection in autocommit mode: the lock is a
    session advisory lock (held across steps, non-transactional steps included)."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        self.conn.execute("SELECT pg_advisory_lock(%s)", (LOCK_KEY,))
        try:
            yield
        finally:
            self.conn.execute("SELECT pg_advisory_unlock(%s)", (LOCK_KEY,))

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self.conn.transaction():
            yield

    def applied(self) -> list[str]:
        self.conn.execute("CREATE TABLE IF NOT EXISTS _migrations "
                          "(name TEXT PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL, "
                          "seq BIGINT GENERATED ALWAYS AS IDENTITY)")
        return [r[0] for r in self.conn.execute("SELECT name FROM _migrations ORDER BY seq")]

    def run(self, step: Step) -> None:
        if callable(step):
            step(self.conn)
            return
        for statement in split_statements(step):
            self.conn.execute(statement)

    def record(self, name: str) -> None:
        self.conn.execute("INSERT INTO _migrations (name, applied_at) VALUES (%s, %s)",
                          (name, time.time()))
