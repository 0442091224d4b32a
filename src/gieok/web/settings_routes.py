"""Per-scope settings (W9, seed 000's memory-settings page) and "delete everything" (X3).

The scope is the signed-in user's, optionally narrowed to one persona or project, exactly as
the API's ``persona_id``/``project_id`` parameters narrow it. "Delete everything" asks the
person to type the word on a confirmation page; the whole tenant can never be forgotten
from here (as in the API)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from gieok.domain.scope import Scope
from gieok.errors import InvalidInputError
from gieok.web import views
from gieok.web.app import Page
from gieok.web.routes import FormDep, InspectorDep, PageDep, check_id

router = APIRouter()
CONFIRM_WORD = "delete"


def _narrow(page: Page, persona_id: object, project_id: object) -> Scope:
    persona = str(persona_id or "").strip() or None
    project = str(project_id or "").strip() or None
    return page.narrowed(persona_id=persona and check_id(persona, "persona"),
                         project_id=project and check_id(project, "project"))


def _query(scope: Scope) -> str:
    parts = [f"{k}_id={v}" for k, v in (("persona", scope.persona), ("project", scope.project))
             if v]
    return "?" + "&".join(parts) if parts else ""


@router.get("/settings")
async def settings_page(page: PageDep, ui: InspectorDep, persona_id: str = "",
                        project_id: str = "", saved: int = 0) -> Response:
    scope = _narrow(page, persona_id, project_id)
    current = await page.engine.get_settings(scope=scope)
    return ui.render(page.request, "settings.html", s=current, scope=scope, saved=bool(saved),
                     categories=views.CATEGORIES, pii_policies=views.PII_POLICIES,
                     capacity_policies=views.CAPACITY_POLICIES, query=_query(scope),
                     whole_tenant=set(scope.levels()) <= {"org"})


@router.post("/settings")
async def save_settings(page: PageDep, ui: InspectorDep, form: FormDep) -> Response:
    scope = _narrow(page, form.get("persona_id"), form.get("project_id"))
    current = await page.engine.get_settings(scope=scope)
    changes = {k: v for k, v in views.settings_changes(form).items()
               if getattr(current, k) != v}  # only what the person changed
    if changes:
        await page.engine.update_settings(scope=scope, **changes)
    query = _query(scope)
    return ui.redirect(page.request, f"/settings{query}{'&' if query else '?'}saved=1")


@router.get("/forget")
async def confirm_forget(page: PageDep, ui: InspectorDep, persona_id: str = "",
                         project_id: str = "") -> Response:
    scope = _narrow(page, persona_id, project_id)
    listed = await page.engine.list(scope=scope, limit=1, include_archived=True)
    return ui.render(page.request, "confirm_forget.html", scope=scope, total=listed.total,
                     word=CONFIRM_WORD, whole_tenant=set(scope.levels()) <= {"org"})


@router.post("/forget")
async def forget(page: PageDep, ui: InspectorDep, form: FormDep) -> Response:
    scope = _narrow(page, form.get("persona_id"), form.get("project_id"))
    if set(scope.levels()) <= {"org"}:
        raise InvalidInputError("a whole tenant cannot be deleted from here: sign in with a "
                                "user's token", code="INVALID_SCOPE")
    if str(form.get("confirm") or "").strip().casefold() != CONFIRM_WORD:
        raise InvalidInputError(f"type {CONFIRM_WORD!r} in the box to confirm; nothing was "
                                "deleted")
    deleted = await page.engine.forget(scope=scope)
    return ui.render(page.request, "forgotten.html", scope=scope, deleted=deleted)
