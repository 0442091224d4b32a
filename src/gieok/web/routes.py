"""The inspector's pages (I6): sign-in, timeline, search, context preview and "use in the next
turn". A memory's page and its actions are in ``memory_routes``; settings in
``settings_routes``. Every handler is a thin call into the same ``AsyncMemory`` methods the
REST API uses, with the scope the signed-in token allows.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from gieok.domain.query import ScoredMemory
from gieok.domain.scope import Scope
from gieok.errors import AuthError, InvalidInputError, NotFoundError
from gieok.web import auth, views
from gieok.web.app import Inspector, Page

router = APIRouter()
SESSION_PREF = "gieok_ui_session"
_ID = re.compile(r"^[\w.@+\-]{1,128}$")
TIMELINE_PAGE = 300


def inspector(request: Request) -> Inspector:
    found: Inspector = request.app.state.inspector
    return found


InspectorDep = Annotated[Inspector, Depends(inspector)]


async def signed_in(request: Request, ui: InspectorDep) -> Page:
    return await ui.page(request)


async def checked_form(request: Request) -> FormData:
    """The POSTed form, after its CSRF token checked out (else 403, nothing done)."""
    form = await request.form()
    auth.check_csrf(request, form.get(auth.CSRF_FIELD))
    return form


PageDep = Annotated[Page, Depends(signed_in)]
FormDep = Annotated[FormData, Depends(checked_form)]


def check_id(raw: object, what: str = "session") -> str:
    """A session, persona or project id as the API accepts them."""
    value = str(raw or "").strip()
    if not _ID.fullmatch(value):
        raise InvalidInputError(f"give the {what} id your app passes to gieok (letters, "
                                "digits and . _ - @ +, at most 128)", code="INVALID_SCOPE")
    return value


# -- sign in / out ------------------------------------------------------------------------
@router.get("/login")
async def login_page(request: Request, ui: InspectorDep) -> Response:
    return ui.render(request, "login.html")


@router.post("/login")
async def login(request: Request, ui: InspectorDep, form: FormDep) -> Response:
    secret = str(form.get("token") or "").strip()
    try:
        await ui.tokens.verify(secret)
    except AuthError as exc:
        return ui.render(request, "login.html", 401, error=exc.message)
    response = ui.redirect(request, "/")
    auth.sign_in(request, response, secret)
    return response


@router.post("/logout")
async def logout(request: Request, ui: InspectorDep, form: FormDep) -> Response:
    response = ui.redirect(request, "/login")
    auth.sign_out(response)
    return response


# -- timeline -----------------------------------------------------------------------------
async def _count(page: Page, flt: dict[str, Any] | None, archived: bool) -> int:
    found = await page.engine.list(scope=page.scope, filters=flt, limit=1,
                                   include_archived=archived)
    return found.total


async def _years(page: Page, base: dict[str, Any] | None, archived: bool
                 ) -> list[tuple[int, int]]:
    """(year, count) for every year with memories, newest first: the newest and oldest
    memory bound the range, then one count per year."""
    newest = await page.engine.list(scope=page.scope, filters=base, limit=1,
                                    include_archived=archived)
    if not newest.items:
        return []
    oldest = await page.engine.list(scope=page.scope, filters=base, limit=1,
                                    offset=newest.total - 1, include_archived=archived)
    first, last = oldest.items[0].event_time.year, newest.items[0].event_time.year
    years = []
    for year in range(last, first - 1, -1):
        count = await _count(page, views.all_of(base, views.year_range(year)), archived)
        if count:
            years.append((year, count))
    return years


@router.get("/")
async def timeline(page: PageDep, ui: InspectorDep, year: int | None = None,
                   archived: bool = False, offset: int = 0) -> Response:
    base = None  # what list() shows: memories and episodes, not raw conversation turns
    years = await _years(page, base, archived)
    chosen = year if year in dict(years) else (years[0][0] if years else None)
    months: list[views.MonthGroup] = []
    total = 0
    if chosen is not None:
        in_year = views.all_of(base, views.year_range(chosen))
        found = await page.engine.list(scope=page.scope, filters=in_year, limit=TIMELINE_PAGE,
                                       offset=max(0, offset), include_archived=archived)
        total = found.total
        if offset <= 0 and total <= len(found.items):  # the whole year is here: count it
            counts = views.month_counts(found.items)
        else:
            counts = {m: await _count(page, views.all_of(base, views.month_range(chosen, m)),
                                      archived) for m in range(1, 13)}
        months = views.group_by_month(found.items, counts, chosen)
    pinned = await page.engine.list(scope=page.scope, filters=views.all_of(
        base, {"pinned": True}), limit=50)
    return ui.render(page.request, "timeline.html", years=years, year=chosen, months=months,
                     pinned=pinned.items, archived=archived, offset=max(0, offset),
                     total=total, page_size=TIMELINE_PAGE,
                     session=page.request.cookies.get(SESSION_PREF, ""))


# -- search -------------------------------------------------------------------------------
@router.get("/search")
async def search(page: PageDep, ui: InspectorDep) -> Response:
    params = page.request.query_params
    form = views.SearchForm.parse(params)
    hits: list[ScoredMemory] = []
    if form.q:
        hits = await page.engine.search(form.q, scope=page.scope, k=30,
                                        filters=form.filters(),
                                        include_archived=form.include_archived)
    return ui.render(page.request, "search.html", form=form, hits=hits, searched=bool(form.q),
                     types=views.TYPES, layers=views.LAYERS, categories=views.CATEGORIES,
                     statuses=views.STATUSES, session=page.request.cookies.get(SESSION_PREF, ""))


# -- use in the next turn, and the context preview -----------------------------------------
def _session_scope(page: Page, session: str) -> Scope:
    return page.narrowed(session_id=session)


@router.post("/next-turn")
async def use_in_next_turn(page: PageDep, ui: InspectorDep, form: FormDep) -> Response:
    session = check_id(form.get("session_id"))
    ids = [str(i) for i in form.getlist("memory_ids")]
    if not ids:
        raise InvalidInputError("tick at least one memory to use in the next turn")
    await page.engine.use_in_next_turn(ids, scope=_session_scope(page, session))
    response = ui.redirect(page.request, f"/preview?session_id={session}&added={len(ids)}")
    response.set_cookie(SESSION_PREF, session, httponly=True, samesite="strict", path="/ui")
    return response


@router.post("/next-turn/clear")
async def clear_next_turn(page: PageDep, ui: InspectorDep, form: FormDep) -> Response:
    session = check_id(form.get("session_id"))
    await page.engine.use_in_next_turn([], scope=_session_scope(page, session), replace=True)
    return ui.redirect(page.request, f"/preview?session_id={session}")


async def _existing(page: Page, ids: list[str]) -> list[Any]:
    """The records of ``ids`` that still exist in the page's scope, in order."""
    out = []
    for memory_id in ids:
        try:
            out.append(await page.engine.get(memory_id, scope=page.scope))
        except NotFoundError:
            continue
    return out


@router.get("/preview")
async def preview(page: PageDep, ui: InspectorDep, q: str = "", session_id: str = "",
                  added: int = 0) -> Response:
    """The exact block ``context()`` would hand the model now, without counting a use or
    consuming the selection (``track_use=False``) and without the cache."""
    session = session_id.strip() or page.request.cookies.get(SESSION_PREF, "")
    scope = page.scope
    selection: list[str] = []
    if session:
        scope = _session_scope(page, check_id(session))
        selection = await page.engine.next_turn_selection(scope=scope)
    selected = await _existing(page, selection)
    ctx = await page.engine.context(q[:2000], scope=scope, track_use=False, use_cache=False)
    return ui.render(page.request, "preview.html", q=q, session=session, ctx=ctx,
                     selected=selected, added=added)
