"""``/v1/admin/tokens``: a tenant admin creates, lists and revokes its tenant's tokens (X1).

Only admin tokens get here, and only for their own tenant: a foreign token id is "not
found". The CLI (`gieok token …`) does the same through the same ``TokenService``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request

from gieok.api.deps import PrincipalDep
from gieok.api.schemas import (
    TokenCreate,
    TokenCreated,
    TokenPublic,
    TokensPublic,
    error_responses,
)
from gieok.errors import AuthError
from gieok.security.tokens import Principal, TokenService

router = APIRouter(prefix="/v1/admin/tokens", tags=["admin"],
                   responses=error_responses(401, 403, 413, 422))


async def require_admin(principal: PrincipalDep) -> Principal:
    if not principal.admin:
        raise AuthError("this route needs an admin token (`gieok token create --admin`)",
                        code="FORBIDDEN")
    return principal


AdminDep = Annotated[Principal, Depends(require_admin)]


def _tokens(request: Request) -> TokenService:
    service: TokenService = request.app.state.tokens
    return service


@router.post("", status_code=201, summary="Create a token in the admin's tenant")
async def create_token(body: TokenCreate, admin: AdminDep, request: Request) -> TokenCreated:
    token, secret = await _tokens(request).create(
        tenant=admin.tenant, user=body.user, admin=body.admin, name=body.name)
    return TokenCreated(**TokenPublic.of(token).model_dump(), secret=secret)


@router.get("", summary="List the tenant's tokens (hashes are never shown)")
async def list_tokens(admin: AdminDep, request: Request) -> TokensPublic:
    tokens = await _tokens(request).list(tenant=admin.tenant)
    return TokensPublic(items=[TokenPublic.of(t) for t in tokens])


@router.delete("/{token_id}", responses=error_responses(404), summary="Revoke a token")
async def revoke_token(
    token_id: Annotated[str, Path(min_length=1, max_length=128)],
    admin: AdminDep,
    request: Request,
) -> TokenPublic:
    return TokenPublic.of(await _tokens(request).revoke(token_id, tenant=admin.tenant))
