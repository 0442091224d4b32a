"""One memory's new versions, status changes and deletion (L5, X3), and a scope's forgetting:
the editing layer of ``AsyncMemory`` (see ``engine.core`` for why it is built in layers)."""

from __future__ import annotations

import functools
import shutil
from pathlib import Path
from typing import Any

import anyio

from gieok.context.project_files import project_dir
from gieok.domain.audit import AuditAction, AuditEvent, audit_for
from gieok.domain.query import View, parse_filter
from gieok.domain.records import Layer, MemoryRecord, Status, utcnow
from gieok.domain.scope import Scope, long_term_scope, resolve_scope, validate_scope_id
from gieok.engine.core import EngineCore, ScopeArg
from gieok.stores import WriteBatch
from gieok.write.archive import archive_filter, forget_turns, replies_to
from gieok.write.direct import apply_update, coerce_enum_fields
from gieok.write.session_end import MAX_SESSION_TURNS


class EditOps(EngineCore):
    """``update``, ``archive``, ``restore``, ``delete``, ``forget``."""

    async def update(
        self, memory_id: str, /, *, scope: ScopeArg = None, **changes: Any
    ) -> MemoryRecord:
        """Write a new version of a memory; the previous one stays in ``history`` (L5)."""
        store, embedder = await self._ready()
        before = await self._get_owned(memory_id, scope)
        writes = await self._write_path()
        changes = writes.update_guard(dict(changes), await writes.settings_for(before.scope))
        after = apply_update(before, coerce_enum_fields(dict(changes)),
                             max_chars=self.settings.max_content_chars, now=utcnow())
        vector = None
        if after.embedding_text() != before.embedding_text():
            vector = (await embedder.embed_documents([after.embedding_text()]))[0]
        await store.write(WriteBatch(
            upserts=[(after, vector)], audit=[audit_for(AuditAction.UPDATE, after, before=before)]
        ))
        return after

    async def _set_status(
        self, memory_id: str, scope: ScopeArg, status: Status, action: AuditAction
    ) -> MemoryRecord:
        store, _ = await self._ready()
        before = await self._get_owned(memory_id, scope)
        after = before.model_copy(update={"status": status, "updated_at": utcnow()})
        await store.write(WriteBatch(
            upserts=[(after, None)], audit=[audit_for(action, after, before=before)]
        ))
        return after

    async def archive(self, memory_id: str, /, *, scope: ScopeArg = None) -> MemoryRecord:
        return await self._set_status(memory_id, scope, Status.ARCHIVED, AuditAction.ARCHIVE)

    async def restore(self, memory_id: str, /, *, scope: ScopeArg = None) -> MemoryRecord:
        return await self._set_status(memory_id, scope, Status.ACTIVE, AuditAction.RESTORE)

    async def delete(
        self, memory_id: str, /, *, scope: ScopeArg = None, hard: bool = False
    ) -> None:
        """Soft delete (status=deleted, kept in history) or hard delete: the row, every
        trace of its content in history and the chat turns it was extracted from are
        removed (X3); a content-free tombstone event remains. The assistant's replies to
        those turns go with them: a reply repeats what it answers ("Congrats! How old is
        Pickles?"), so keeping it would keep the deleted fact searchable. Deleting one
        archived turn by its id removes exactly that turn."""
        if not hard:
            await self._set_status(memory_id, scope, Status.DELETED, AuditAction.DELETE)
            return
        rt = await self._runtime()
        store = rt.store
        record = await self._get_owned(memory_id, scope)
        gone, rewritten = [record.id], list[MemoryRecord]()
        if record.source_turn_ids:
            turn_ids = list(record.source_turn_ids)
            if record.layer is not Layer.ARCHIVE:  # a fact: its turns' archived passages (R8)
                # A fact said again in a later session has turns in each (a bump adds the
                # new turn's id); every one of those sessions is visited, not only the first.
                for session in await self._sessions_of(record, turn_ids):
                    page = await store.list(record.scope, filters=parse_filter(
                        {"layer": Layer.ARCHIVE.value, "session": session.session}),
                        view=View(), limit=10_000, offset=0)
                    said = await rt.working.recent(session, limit=MAX_SESSION_TURNS)
                    turn_ids += replies_to(turn_ids, said, page.items)
                    doomed, changed = forget_turns(page.items, turn_ids)
                    gone += [r.id for r in doomed]
                    rewritten += changed
            # Turn ids are unique, so the whole tenant is searched: a turn whose session no
            # archive record names (the archive off) still goes. First, so the store's
            # compaction below also clears the turns from the file.
            await rt.working.delete_turns(Scope(org=record.scope.org), turn_ids)
        tombstone = AuditEvent(memory_id=record.id, scope=record.scope, action=AuditAction.DELETE,
                               version=record.version, details={"hard": True})
        await store.write(WriteBatch(upserts=[(r, None) for r in rewritten], hard_deletes=gone,
                                     purge_history=gone, audit=[tombstone]))

    async def _sessions_of(self, record: MemoryRecord, turn_ids: list[str]) -> list[Scope]:
        """The session scopes ``turn_ids`` were said in: the fact's own, and those its
        turns' archived passages name. A turn neither accounts for (the archive off or
        expired) is looked for in the working log's sessions inside the fact's scope — a
        rare, explicit call, so reading each of them is affordable."""
        rt = await self._runtime()
        page = await rt.store.list(record.scope, filters=archive_filter(turn_ids), view=View(),
                                   limit=10_000, offset=0)
        found: list[Scope] = []
        if record.source_session:
            found.append(record.scope.with_(session=record.source_session))
        found += [r.scope for r in page.items if r.scope.session]
        seen = {str(r.metadata.get("turn")) for r in page.items}
        if found:
            seen |= {t.id for t in await rt.working.recent(found[0], limit=MAX_SESSION_TURNS)}
        missing = set(turn_ids) - seen
        if missing:
            for scope in await rt.working.scopes():
                if scope.session is None or not record.scope.contains(scope) or scope in found:
                    continue
                said = await rt.working.recent(scope, limit=MAX_SESSION_TURNS)
                if missing & {t.id for t in said}:
                    found.append(scope)
        return list(dict.fromkeys(found))

    async def forget(
        self,
        *,
        scope: ScopeArg = None,
        user_id: str | None = None,
        session_id: str | None = None,
        persona_id: str | None = None,
        project_id: str | None = None,
        org_id: str | None = None,
    ) -> int:
        """Delete everything inside a scope, history and working turns included (X3). A
        project's forget (or an organisation's) also removes the project's file memory —
        MEMORY.md, rules and write-back insights — from gieok's own directory; a folder
        configured as the project's root (``project_roots``) is the team's and stays."""
        where = resolve_scope(scope, org_id=org_id, project_id=project_id, user_id=user_id,
                              persona_id=persona_id, session_id=session_id)
        rt = await self._runtime()
        await rt.working.forget(where)
        removed = await rt.store.forget(where)
        if where.session:
            removed += await self._forget_summaries(where)
        doomed = self._own_project_files(where)
        if doomed is not None:
            await anyio.to_thread.run_sync(functools.partial(shutil.rmtree, doomed,
                                                             ignore_errors=True))
            self._assembler().cache.clear()
        return removed

    async def _forget_summaries(self, session: Scope) -> int:
        """The session's summaries (episodes kept above the session, at the user's scope):
        a summary retells the conversation, so forgetting it keeps none. The facts taken
        from it stay: each is the user's to see and delete on its own."""
        home = long_term_scope(session)
        if home == session:
            return 0  # kept inside the session: the store's forget took them
        rt = await self._runtime()
        page = await rt.store.list(home, filters=parse_filter(
            {"layer": Layer.EPISODIC.value, "metadata.session": session.session}),
            view=View(include_archived=True), limit=10_000, offset=0)
        doomed = [r for r in page.items if r.scope == home]
        if not doomed:
            return 0
        ids = [r.id for r in doomed]
        await rt.store.write(WriteBatch(hard_deletes=ids, purge_history=ids, audit=[
            AuditEvent(memory_id=r.id, scope=r.scope, action=AuditAction.DELETE,
                       version=r.version, details={"hard": True}) for r in doomed]))
        return len(ids)

    def _own_project_files(self, where: Scope) -> Path | None:
        """The directory of file memory a forget of ``where`` covers: a project's own
        folder, or an organisation's folder of projects; None for a scope below a project
        (a user's, a session's), for a configured root, or when there is none."""
        if where.user or where.persona or where.session:
            return None
        assembler = self._assembler()
        tenant = where.tenant
        if where.project is None:
            if not tenant:
                return None
            folder = self._project_base() / f"org={validate_scope_id('org', tenant)}"
        else:
            configured = assembler.settings.project_roots.get(
                f"{tenant}/{where.project}" if tenant else where.project)
            if configured:
                return None
            folder = project_dir(self._project_base(), where.project, tenant)
        return folder if folder.is_dir() else None

    def _project_base(self) -> Path:
        assembler = self._assembler()
        root = assembler.settings.project_root
        return Path(root) if root else assembler.data_dir / "projects"
