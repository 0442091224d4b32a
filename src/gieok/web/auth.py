"""Sign-in and form protection for the inspector.

**Session.** Signing in checks the API token with the service's own ``TokenService`` and
keeps it in the ``gieok_session`` cookie (HttpOnly, SameSite=Strict, Path=/ui, Secure over
HTTPS). Every request verifies it again exactly as a bearer token is verified, so a revoked
token signs the page out at once, and the scope comes from ``api.deps.scope_for``: a page can
see only what the same token sees through the API.

**CSRF.** A signed double-submit token (itsdangerous, HMAC-SHA256), no server-side state:

* a random ``gieok_csrf`` cookie (HttpOnly, SameSite=Strict) is set on the first page view;
* every form carries ``csrf_token``, a timestamped signature made *with that cookie's value
  and the session token as the key*; a POST whose token does not verify under the request's
  own cookies, or is older than ``MAX_AGE_S``, is refused with 403 before the handler runs.

A forged cross-site form cannot know the HttpOnly cookie values, so it cannot produce a valid
token; binding the session token in means an injected ``gieok_csrf`` cookie is not enough
either. SameSite=Strict keeps the browser from sending the cookies cross-site at all, as a
second line. Nothing here needs a server secret, so several replicas and restarts just work.
"""

from __future__ import annotations

import hashlib
import secrets

from fastapi import Request
from fastapi.responses import Response
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from gieok.errors import AuthError
from gieok.security.tokens import Principal, TokenService

SESSION_COOKIE = "gieok_session"
CSRF_COOKIE = "gieok_csrf"
CSRF_FIELD = "csrf_token"
COOKIE_PATH = "/ui"
MAX_AGE_S = 12 * 3600
SESSION_MAX_AGE_S = 7 * 24 * 3600
_SALT = "gieok.web.csrf"


class CsrfError(Exception):
    """A form arrived without a valid token: refused, nothing changed."""


def _serializer(csrf_cookie: str, session: str | None) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(f"{csrf_cookie}|{session or ''}", salt=_SALT,
                                  signer_kwargs={"digest_method": hashlib.sha256})


def csrf_seed(request: Request) -> str:
    """The request's CSRF cookie value, or a fresh one (``set_cookies`` sends it)."""
    seed = request.cookies.get(CSRF_COOKIE)
    if not seed or len(seed) > 100:
        seed = getattr(request.state, "new_csrf", None) or secrets.token_urlsafe(32)
        request.state.new_csrf = seed
    return seed


def csrf_token(request: Request) -> str:
    """A token for one form on this page."""
    session = request.cookies.get(SESSION_COOKIE)
    return str(_serializer(csrf_seed(request), session).dumps(secrets.token_hex(8)))


def check_csrf(request: Request, submitted: object) -> None:
    seed = request.cookies.get(CSRF_COOKIE)
    if not seed or not isinstance(submitted, str) or not submitted:
        raise CsrfError("missing")
    try:
        _serializer(seed, request.cookies.get(SESSION_COOKIE)).loads(submitted, max_age=MAX_AGE_S)
    except SignatureExpired:
        raise CsrfError("expired") from None
    except BadSignature:
        raise CsrfError("invalid") from None


def _secure(request: Request) -> bool:
    return request.url.scheme == "https"


def set_cookies(request: Request, response: Response) -> None:
    """Send the CSRF cookie when this request minted one."""
    seed = getattr(request.state, "new_csrf", None)
    if seed:
        response.set_cookie(CSRF_COOKIE, seed, httponly=True, samesite="strict",
                            path=COOKIE_PATH, secure=_secure(request))


def sign_in(request: Request, response: Response, secret: str) -> None:
    response.set_cookie(SESSION_COOKIE, secret, max_age=SESSION_MAX_AGE_S, httponly=True,
                        samesite="strict", path=COOKIE_PATH, secure=_secure(request))


def sign_out(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path=COOKIE_PATH, httponly=True, samesite="strict")


async def current_principal(request: Request, tokens: TokenService) -> Principal:
    """The signed-in principal; ``AuthError`` when there is no valid session."""
    secret = request.cookies.get(SESSION_COOKIE)
    if not secret:
        raise AuthError("sign in with an API token")
    return await tokens.verify(secret)
