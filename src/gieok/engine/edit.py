"""One memory's new versions, status changes and deletion (L5, X3), and a scope's forgetting:
the editing layer of ``AsyncMemory`` (see ``engine.core`` for why it is built in layers)."""

from __future__ import annotations

from typing import Any

from gieok.domain.audit import AuditAction, AuditEvent, audit_for
from gieok.domain.query import View, parse_filter
from gieok.domain.records import Layer, MemoryRecord, Status, utcnow
from gieok.domain.scope import Scope, resolve_scope
from gieok.engine.core import EngineCore, ScopeArg
from gieok.stores import WriteBatch
from gieok.write.archive import forget_turns, replies_to
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
        if record.source_session and record.source_turn_ids:
            turn_ids = list(record.source_turn_ids)
            archived: list[MemoryRecord] = []
            if record.layer is not Layer.ARCHIVE:  # a fact: its turns' archived passages (R8)
                page = await store.list(record.scope, filters=parse_filter(
                    {"layer": Layer.ARCHIVE.value, "session": record.source_session}),
                    view=View(), limit=10_000, offset=0)
                archived = page.items
                said = await rt.working.recent(record.scope.with_(session=record.source_session),
                                               limit=MAX_SESSION_TURNS)
                turn_ids += replies_to(turn_ids, said, archived)
            # Turn ids are unique; the session read scope keeps the delete inside the tenant.
            # First, so the store's compaction below also clears the turns from the file.
            turns = Scope(org=record.scope.org, session=record.source_session)
            await rt.working.delete_turns(turns, turn_ids)
            if archived:
                doomed, rewritten = forget_turns(archived, turn_ids)
                gone += [r.id for r in doomed]
        tombstone = AuditEvent(memory_id=record.id, scope=record.scope, action=AuditAction.DELETE,
                               version=record.version, details={"hard": True})
        await store.write(WriteBatch(upserts=[(r, None) for r in rewritten], hard_deletes=gone,
                                     purge_history=gone, audit=[tombstone]))

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
        """Delete everything inside a scope, history and working turns included (X3)."""
        where = resolve_scope(scope, org_id=org_id, project_id=project_id, user_id=user_id,
                              persona_id=persona_id, session_id=session_id)
        rt = await self._runtime()
        await rt.working.forget(where)
        return await rt.store.forget(where)
