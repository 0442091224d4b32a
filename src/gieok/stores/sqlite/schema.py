"""Append-only, named migrations for the SQLite store. Never edit one that has shipped:
add a new one at the end. ``stores._sql.migrate.apply_migrations`` runs them on every open."""

from __future__ import annotations

from gieok.stores._sql.migrate import Migration

_STEPS: list[tuple[str, str]] = [
    (
        "0001_initial",
        """
        CREATE TABLE records (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            org TEXT NOT NULL, project TEXT, user_id TEXT, persona TEXT, session TEXT,
            layer TEXT NOT NULL, type TEXT NOT NULL, category TEXT,
            content TEXT NOT NULL, content_hash TEXT NOT NULL,
            data TEXT, metadata TEXT, source_turn_ids TEXT, tags TEXT, pii_flags TEXT,
            confidence REAL NOT NULL, importance REAL NOT NULL,
            source TEXT NOT NULL, source_session TEXT, source_preview TEXT, emotion TEXT,
            version INTEGER NOT NULL, usage_count INTEGER NOT NULL, superseded_by TEXT,
            status TEXT NOT NULL,
            last_used_at REAL, event_time REAL NOT NULL, valid_from REAL, valid_to REAL,
            expires_at REAL, created_at REAL NOT NULL, updated_at REAL NOT NULL,
            superseded_at REAL,
            pinned INTEGER NOT NULL DEFAULT 0, promoted INTEGER NOT NULL DEFAULT 0,
            embedding BLOB,
            seq INTEGER NOT NULL
        );
        CREATE INDEX records_scope ON records (org, user_id, persona, session);
        CREATE INDEX records_project ON records (org, project);
        CREATE INDEX records_hash ON records (org, content_hash);
        CREATE INDEX records_seq ON records (seq);
        CREATE VIRTUAL TABLE records_fts USING fts5(
            content, morphs, tokenize = 'porter unicode61 remove_diacritics 2'
        );
        CREATE TABLE audit_events (
            id TEXT PRIMARY KEY,
            memory_id TEXT NOT NULL,
            org TEXT NOT NULL,
            scope TEXT NOT NULL,
            action TEXT NOT NULL,
            at REAL NOT NULL,
            body TEXT NOT NULL
        );
        CREATE INDEX audit_memory ON audit_events (org, memory_id, at);
        CREATE TABLE scope_settings (
            scope_key TEXT PRIMARY KEY,
            org TEXT NOT NULL,
            body TEXT NOT NULL
        );
        CREATE TABLE working_turns (
            rowid INTEGER PRIMARY KEY,
            scope_key TEXT NOT NULL,
            org TEXT NOT NULL, project TEXT, user_id TEXT, persona TEXT, session TEXT,
            at REAL NOT NULL,
            body TEXT NOT NULL
        );
        CREATE INDEX working_scope ON working_turns (scope_key, rowid);
        CREATE TABLE api_tokens (
            id TEXT PRIMARY KEY,
            token_hash TEXT NOT NULL UNIQUE,
            tenant TEXT NOT NULL,
            body TEXT NOT NULL
        );
        CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO store_meta (key, value) VALUES ('seq', '0'), ('purge', '0');
        """,
    ),
    (
        # Text searched with a memory but never shown as its content (``index_text``); the
        # full-text row holds content + index_text.
        "0002_index_text",
        "ALTER TABLE records ADD COLUMN index_text TEXT",
    ),
    (
        # W2 session triggers: turn counts, extraction watermark and closing mark per session.
        "0003_sessions",
        """
        CREATE TABLE sessions (
            scope_key TEXT PRIMARY KEY,
            org TEXT NOT NULL, project TEXT, user_id TEXT, persona TEXT, session TEXT,
            turn_count INTEGER NOT NULL,
            last_turn_at REAL NOT NULL,
            extracted_count INTEGER NOT NULL DEFAULT 0,
            closed_count INTEGER
        );
        CREATE INDEX sessions_idle ON sessions (last_turn_at)
        """,
    ),
    (
        # Context assembly (C1/C5) filters a scope by pinned, importance, layer, recency and
        # updated_at. Rows carry their embedding inline, so evaluating those filters on the
        # table reads every page of the scope (~18 ms at 10k); this covering index answers
        # them from the index alone (~2 ms).
        "0004_scope_scan_index",
        """
        CREATE INDEX records_scope_scan ON records (
            org, user_id, persona, session, status, superseded_at, expires_at, pinned,
            importance, layer, promoted, updated_at, event_time
        )
        """,
    ),
    (
        # The service's durable work queue (extraction off the request path): leases, retry
        # time, last error. Ids only in ``payload``, never memory content.
        "0005_jobs",
        """
        CREATE TABLE jobs (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            key TEXT,
            payload TEXT NOT NULL,
            status TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            enqueued_at REAL NOT NULL,
            run_after REAL NOT NULL,
            lease_until REAL,
            last_error TEXT
        );
        CREATE INDEX jobs_ready ON jobs (status, run_after);
        CREATE INDEX jobs_key ON jobs (key, status)
        """,
    ),
    (
        # index_text gets its own full-text columns so it can weigh less than the content.
        # Rows written under 0002 kept content + index_text in ``content``: rebuilt from
        # ``records``; their morphemes stay as they were (Korean index_text only).
        "0006_fts_index_text_columns",
        """
        CREATE VIRTUAL TABLE records_fts_new USING fts5(
            content, morphs, context, context_morphs,
            tokenize = 'porter unicode61 remove_diacritics 2'
        );
        INSERT INTO records_fts_new (rowid, content, morphs, context, context_morphs)
            SELECT r.rowid, r.content, f.morphs, coalesce(r.index_text, ''), ''
            FROM records r JOIN records_fts f ON f.rowid = r.rowid;
        DROP TABLE records_fts;
        ALTER TABLE records_fts_new RENAME TO records_fts
        """,
    ),
    (
        # L7 re-embedding: vectors of a model other than the live one, kept beside it — the
        # new model's while a reindex runs, the replaced model's after a switch (rollback).
        "0007_model_vectors",
        """
        CREATE TABLE model_vectors (
            model TEXT NOT NULL,
            id TEXT NOT NULL,
            embedding BLOB NOT NULL,
            PRIMARY KEY (model, id)
        )
        """,
    ),
    (
        # Rolling summaries of the working log (R7): what a session's turns that left the raw
        # window say, shared by every process on the file (was an in-process memo).
        "0008_working_summaries",
        """
        CREATE TABLE working_summaries (
            scope_key TEXT PRIMARY KEY,
            org TEXT NOT NULL, project TEXT, user_id TEXT, persona TEXT, session TEXT,
            covered INTEGER NOT NULL,
            last_turn TEXT NOT NULL,
            body TEXT NOT NULL
        )
        """,
    ),
    (
        # "Use in the next turn" (seed 001): per-session one-shot lists of memory ids.
        "0009_next_turn_selections",
        """
        CREATE TABLE next_turn_selections (
            scope_key TEXT PRIMARY KEY,
            org TEXT NOT NULL, project TEXT, user_id TEXT, persona TEXT, session TEXT,
            ids TEXT NOT NULL,
            updated_at REAL NOT NULL
        )
        """,
    ),
]

_STEPS.append((
    # Periodic tasks (sweep, decay, …) run once per interval across every process on the
    # file, and remember their last run across restarts.
    "0010_periodic_runs",
    "CREATE TABLE periodic_runs (name TEXT PRIMARY KEY, last_run_at REAL NOT NULL)",
))

_STEPS.append((
    # A forget refuses writes prepared before it (stores/fence.py): one row per forgotten
    # scope, its key hashed (no ids in clear), pruned after a week.
    "0011_scope_fences",
    """
    CREATE TABLE scope_fences (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        key_hash TEXT NOT NULL,
        at REAL NOT NULL
    );
    CREATE INDEX scope_fences_key ON scope_fences (key_hash, seq)
    """,
))

_STEPS.append((
    # "Has this scope changed since?" (a cached context's check, ``ChangedOp``) reads the
    # tenant's recently updated rows instead of counting the scope through records_scope_scan.
    "0012_records_updated",
    "CREATE INDEX records_updated ON records (org, updated_at)",
))

_STEPS.append((
    # R5 use counts in a narrow table (stores/_sql/uses.py): counting a use rewrote the whole
    # record row, its vector included. Holds the uses since a row was last written; counts
    # written before stay in ``records`` (the base reads add to), so nothing is copied.
    "0013_record_uses",
    """
    CREATE TABLE record_uses (
        memory_id TEXT PRIMARY KEY,
        uses INTEGER NOT NULL,
        used_at REAL
    ) WITHOUT ROWID
    """,
))

_STEPS.append((
    # Records committed before their vector (a save's vector computed off the request path,
    # write/backlog.py): what is still owed, so a restart finishes it.
    "0014_pending_vectors",
    "CREATE TABLE pending_vectors (id TEXT PRIMARY KEY, at REAL NOT NULL)",
))
MIGRATIONS: list[Migration] = [Migration(name, sql) for name, sql in _STEPS]
