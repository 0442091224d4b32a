"""One migration runner for every SQL store: named, append-only steps applied under an
exclusive lock, each in its own transaction unless it says otherwise.

Why one runner: the SQLite and PostgreSQL stores must agree on what "applied" means, how a
newer schema is detected and what happens when a step fails; the differences (how to lock,
how to split a script into statements) belong to the target. The rules:

* A step is never edited once it has shipped; new steps are appended. Step names are the
  bookkeeping keys (``_migrations``), so two branches adding steps with different names
  merge cleanly.
* Everything runs under the target's exclusive lock (SQLite: the database write lock;
  PostgreSQL: an advisory lock), and the applied set is read *inside* it: two processes
  opening a new store at once never both run a step, the second simply finds it done.
* A transactional step (the default) is applied with its bookkeeping row in one
  transaction, so a failure leaves no trace of it: never a half-applied migration. A
  non-transactional step (``CREATE INDEX CONCURRENTLY``) must be idempotent; it is recorded
  only after it succeeded, so a failure re-runs it next time.
* A store whose ``_migrations`` names a step this code does not know was written by a newer
  gieok: opening it fails with ``STORE_SCHEMA_NEWER`` and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from gieok.errors import StoreSchemaError

log = logging.getLogger("gieok.stores.migrate")

Step = str | Callable[[Any], None]  # a script, or a function given the target's connection


@dataclass(frozen=True)
class Migration:
    name: str
    step: Step
    transactional: bool = True


class MigrationTarget(Protocol):
    """What the runner needs from a store's connection (sync: it runs in a worker thread)."""

    def exclusive(self) -> AbstractContextManager[None]:
        """Hold the store-wide migration lock for the whole run."""
        ...

    def transaction(self) -> AbstractContextManager[None]:
        """One step's transaction (inside ``exclusive``); rolled back on an exception."""
        ...

    def applied(self) -> list[str]:
        """Names already applied (creating the bookkeeping table when missing)."""
        ...

    def run(self, step: Step) -> None:
        """Execute a script (split into statements the target's way) or call a function."""
        ...

    def record(self, name: str) -> None: ...


def newer_steps(applied: Sequence[str], migrations: Sequence[Migration]) -> list[str]:
    known = {m.name for m in migrations}
    return [name for name in applied if name not in known]


def apply_migrations(target: MigrationTarget, migrations: Sequence[Migration]) -> list[str]:
    """Apply every pending step in order; return the names applied by this call."""
    names = [m.name for m in migrations]
    if len(set(names)) != len(names):
        raise ValueError(f"duplicate migration names in {names}")
    applied: list[str] = []
    with target.exclusive():
        done = target.applied()
        unknown = newer_steps(done, migrations)
        if unknown:
            raise StoreSchemaError(
                f"this store was written by a newer version of gieok (it has schema steps "
                f"{unknown} this version does not know); upgrade gieok to open it",
                code="STORE_SCHEMA_NEWER", details={"unknown_steps": unknown})
        for migration in migrations:
            if migration.name in done:
                continue
            _apply_one(target, migration)
            applied.append(migration.name)
    if applied:
        log.info("applied store migrations %s", applied)
    return applied


def _apply_one(target: MigrationTarget, migration: Migration) -> None:
    try:
        if migration.transactional:
            with target.transaction():
                target.run(migration.step)
                target.record(migration.name)
        else:
            target.run(migration.step)
            target.record(migration.name)
    except StoreSchemaError:
        raise
    except Exception as exc:
        raise StoreSchemaError(
            f"store migration {migration.name!r} failed and was rolled back ({exc}); the store "
            "is unchanged — fix the cause and open it again",
            code="STORE_MIGRATION_FAILED", details={"migration": migration.name}) from exc


def split_statements(script: str) -> list[str]:
    """Split a plain SQL script on ``;`` (scripts with bodies — ``DO $$ … $$`` — are steps
    given as functions instead)."""
    return [s.strip() for s in script.split(";") if s.strip()]
