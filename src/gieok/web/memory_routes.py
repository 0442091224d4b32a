"""A memory's page and what can be done to it: edit (a new version), pin/unpin, archive,
restore, roll back to a version, delete (soft, or hard after a confirmation page). Each
action is a POST with a CSRF token that redirects back to the page (post/redirect/get)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import Response

from gieok.domain.records import MemoryRecord
from gieok.domain.turns import Turn
from gieok.errors import InvalidInputError
from gieok.web import views
from gieok.web.app import Page
from gieok.web.routes import FormDep, InspectorDep, PageDep

router = APIRouter(prefix="/memories")
MemoryId = Annotated[str, Path(min_length=1, max_length=128)]
DONE = {  # fixed messages only: nothing from the query string is echoed
    "edited": "Saved as a new version.", "pinned": "Pinned: it is always in the context.",
    "unpinned": "Unpinned.", "archived": "Archived: hidden from search and context.",
    "restored": "Restored: active again.", "deleted": "Deleted. You can still restore it.",
    "rolledback": "Rolled back: the old text is the current version now.",
}
TURN_LOOKBACK = 500


async def _source_turns(page: Page, record: MemoryRecord) -> list[Turn]:
    """The conversation turns a memory was extracted from, when they are still stored."""
    if not record.source_session or not record.source_turn_ids:
        return []
    session = record.scope.with_(session=record.source_session)
    if not page.scope.contains(session):
        return []
    wanted = set(record.source_turn_ids)
    turns: Sequence[Turn] = await page.engine.recent_turns(scope=session, limit=TURN_LOOKBACK)
    return [t for t in turns if t.id in wanted]


@router.get("/{memory_id}")
async def memory_page(memory_id: MemoryId, page: PageDep, ui: InspectorDep,
                      done: str = "") -> Response:
    record = await page.engine.get(memory_id, scope=page.scope)
    history = await page.engine.history(memory_id, scope=page.scope)
    versions = await page.engine.versions(memory_id, scope=page.scope)
    return ui.render(page.request, "memory.html", m=record, history=list(reversed(history)),
                     versions=list(reversed(versions)), turns=await _source_turns(page, record),
                     done=DONE.get(done), types=views.TYPES, categories=views.CATEGORIES)


def _back(ui: InspectorDep, page: Page, memory_id: str, done: str) -> Response:
    return ui.redirect(page.request, f"/memories/{memory_id}?done={done}")


@router.post("/{memory_id}/edit")
async def edit(memory_id: MemoryId, page: PageDep, ui: InspectorDep, form: FormDep) -> Response:
    record = await page.engine.get(memory_id, scope=page.scope)
    changes = views.edit_changes(form, record)
    if not changes:
        raise InvalidInputError("nothing changed: edit the text or a field, then save")
    await page.engine.update(memory_id, scope=page.scope, **changes)
    return _back(ui, page, memory_id, "edited")


@router.post("/{memory_id}/pin")
async def pin(memory_id: MemoryId, page: PageDep, ui: InspectorDep, form: FormDep) -> Response:
    pinned = form.get("pinned") == "1"
    await page.engine.update(memory_id, scope=page.scope, pinned=pinned)
    return _back(ui, page, memory_id, "pinned" if pinned else "unpinned")


@router.post("/{memory_id}/archive")
async def archive(memory_id: MemoryId, page: PageDep, ui: InspectorDep,
                  form: FormDep) -> Response:
    await page.engine.archive(memory_id, scope=page.scope)
    return _back(ui, page, memory_id, "archived")


@router.post("/{memory_id}/restore")
async def restore(memory_id: MemoryId, page: PageDep, ui: InspectorDep,
                  form: FormDep) -> Response:
    await page.engine.restore(memory_id, scope=page.scope)
    return _back(ui, page, memory_id, "restored")


@router.post("/{memory_id}/rollback")
async def rollback(memory_id: MemoryId, page: PageDep, ui: InspectorDep,
                   form: FormDep) -> Response:
    try:
        version = int(str(form.get("version")))
    except ValueError:
        raise InvalidInputError("pick a version to roll back to") from None
    await page.engine.rollback(memory_id, version, scope=page.scope)
    return _back(ui, page, memory_id, "rolledback")


@router.get("/{memory_id}/delete")
async def confirm_delete(memory_id: MemoryId, page: PageDep, ui: InspectorDep) -> Response:
    record = await page.engine.get(memory_id, scope=page.scope)
    return ui.render(page.request, "confirm_delete.html", m=record)


@router.post("/{memory_id}/delete")
async def delete(memory_id: MemoryId, page: PageDep, ui: InspectorDep,
                 form: FormDep) -> Response:
    if form.get("hard") != "1":
        await page.engine.delete(memory_id, scope=page.scope)
        return _back(ui, page, memory_id, "deleted")
    if form.get("confirm") != "yes":
        raise InvalidInputError("permanent deletion needs the confirmation box ticked")
    await page.engine.delete(memory_id, scope=page.scope, hard=True)
    return ui.render(page.request, "deleted.html", memory_id=memory_id)
