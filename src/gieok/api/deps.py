"""Dependencies as ``Annotated`` aliases: ``EngineDep``, ``PrincipalDep``, ``ScopeDep``, ``PageDep``.

The scope of every request is built here from the bearer token, never from the request
alone: the tenant (``org``) always comes from the token, the user too unless an admin token
names another user of its own tenant. ``persona_id``/``session_id``/``project_id`` may only
narrow it. So a route cannot even express a read of another tenant's data.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from gieok.api.jobs import BackgroundJobs
from gieok.domain.scope import ID_MAX_CHARS, ID_PATTERN, SESSION_PATTERN, Scope
from gieok.errors import AuthError, InvalidInputError
from gieok.memory import AsyncMemory
from gieok.security.tokens import Principal, TokenService
from gieok.settings import GieokSettings

_bearer = HTTPBearer(
    auto_error=False,
    description="A token from `gieok token create --org <org> --user <user>`.",
)


# The dependencies that only read app state are ``async def``: FastAPI runs a plain ``def``
# dependency in the worker-thread pool, so every request paid thread hand-offs for a field
# read — and waited for a free pool slot behind the model's embedding calls under load.
async def get_engine(request: Request) -> AsyncMemory:
    engine: AsyncMemory = request.app.state.engine
    return engine


async def get_settings(request: Request) -> GieokSettings:
    settings: GieokSettings = request.app.state.settings
    return settings


async def get_principal(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Principal:
    tokens: TokenService = request.app.state.tokens
    principal = await tokens.verify(credentials.credentials if credentials else None)
    request.state.principal = principal
    return principal


async def require_metrics_reader(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> None:
    """``/metrics`` is for operators: any API token, or the scraper's ``GIEOK_METRICS_TOKEN``."""
    secret = credentials.credentials if credentials else None
    expected = (await get_settings(request)).metrics_token
    if secret and expected is not None and hmac.compare_digest(
            secret.encode(), expected.get_secret_value().encode()):
        return
    tokens: TokenService = request.app.state.tokens
    await tokens.verify(secret)


async def get_jobs(request: Request) -> BackgroundJobs:
    jobs: BackgroundJobs = request.app.state.jobs
    return jobs


EngineDep = Annotated[AsyncMemory, Depends(get_engine)]
JobsDep = Annotated[BackgroundJobs, Depends(get_jobs)]
SettingsDep = Annotated[GieokSettings, Depends(get_settings)]
PrincipalDep = Annotated[Principal, Depends(get_principal)]


def scope_for(
    principal: Principal,
    *,
    user_id: str | None = None,
    persona_id: str | None = None,
    session_id: str | None = None,
    project_id: str | None = None,
) -> Scope:
    """The scope a principal acts in. Admin tokens may name any user of their tenant (or
    none: the whole tenant); user tokens only themselves."""
    user = principal.user
    if user_id is not None and user_id != principal.user:
        if not principal.admin:
            raise AuthError("this token may only address its own user; drop user_id or use "
                            "an admin token (`gieok token create --admin`)", code="FORBIDDEN")
        user = user_id
    # The default tenant ("") is the scope without an org level.
    return Scope.of(org_id=principal.tenant or None, project_id=project_id, user_id=user,
                    persona_id=persona_id, session_id=session_id)


def _id_query(description: str) -> object:
    return Query(pattern=ID_PATTERN, min_length=1, max_length=ID_MAX_CHARS,
                 description=description)


async def get_scope(
    principal: PrincipalDep,
    user_id: Annotated[str | None, _id_query(
        "Admin tokens only: act for this user of the token's tenant.")] = None,
    persona_id: Annotated[str | None, _id_query("Narrow to one persona (agent).")] = None,
    session_id: Annotated[str | None, Query(pattern=SESSION_PATTERN, description=(
        "Narrow to one session; hierarchical keys such as entity:acme:analysis are fine."
    ))] = None,
    project_id: Annotated[str | None, _id_query("Narrow to one project.")] = None,
) -> Scope:
    return scope_for(principal, user_id=user_id, persona_id=persona_id,
                     session_id=session_id, project_id=project_id)


ScopeDep = Annotated[Scope, Depends(get_scope)]


@dataclass(frozen=True)
class PageParams:
    limit: int
    offset: int


async def get_page(
    settings: SettingsDep,
    limit: Annotated[int, Query(ge=1, le=10_000, description="Page size.")] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000_000)] = 0,
) -> PageParams:
    if limit > settings.api.max_page_size:
        raise InvalidInputError(
            f"limit {limit} is over the page size limit {settings.api.max_page_size}; "
            "page with offset instead", details={"limit": settings.api.max_page_size},
        )
    return PageParams(limit=limit, offset=offset)


PageDep = Annotated[PageParams, Depends(get_page)]
