"""CSRF tokens: signed with the request's own cookies, refused when missing, forged, moved to
another session or expired."""

from __future__ import annotations

import time

import pytest
from starlette.requests import Request

from gieok.web import auth


def _request(cookies: dict[str, str]) -> Request:
    header = "; ".join(f"{k}={v}" for k, v in cookies.items())
    return Request({"type": "http", "method": "POST", "path": "/ui/x", "scheme": "http",
                    "headers": [(b"cookie", header.encode())] if header else []})


def test_token_verifies_under_the_same_cookies_only() -> None:
    cookies = {auth.CSRF_COOKIE: "seed-1", auth.SESSION_COOKIE: "gieok_secret"}
    token = auth.csrf_token(_request(cookies))
    auth.check_csrf(_request(cookies), token)
    for other in ({**cookies, auth.CSRF_COOKIE: "seed-2"},
                  {**cookies, auth.SESSION_COOKIE: "gieok_other"},
                  {auth.CSRF_COOKIE: "seed-1"}):
        with pytest.raises(auth.CsrfError):
            auth.check_csrf(_request(other), token)
    for bad in (None, "", "forged", token + "x"):
        with pytest.raises(auth.CsrfError):
            auth.check_csrf(_request(cookies), bad)


def test_missing_cookie_is_refused_and_a_new_one_is_minted() -> None:
    bare = _request({})
    token = auth.csrf_token(bare)
    assert bare.state.new_csrf and auth.csrf_seed(bare) == bare.state.new_csrf
    with pytest.raises(auth.CsrfError):
        auth.check_csrf(_request({}), token)  # the cookie never came back
    auth.check_csrf(_request({auth.CSRF_COOKIE: bare.state.new_csrf}), token)


def test_old_tokens_expire(monkeypatch: pytest.MonkeyPatch) -> None:
    cookies = {auth.CSRF_COOKIE: "seed"}
    token = auth.csrf_token(_request(cookies))
    later = time.time() + auth.MAX_AGE_S + 5
    monkeypatch.setattr(time, "time", lambda: later)
    with pytest.raises(auth.CsrfError, match="expired"):
        auth.check_csrf(_request(cookies), token)
