"""How a token becomes a scope: the tenant always from the token."""

from __future__ import annotations

import pytest

from gieok.api.deps import scope_for
from gieok.errors import AuthError, InvalidInputError
from gieok.security.tokens import Principal

USER = Principal(token_id="t1", tenant="acme", user="alice")
ADMIN = Principal(token_id="t2", tenant="acme", admin=True)


def test_user_token_scope_and_narrowing() -> None:
    assert str(scope_for(USER)) == "org:acme/user:alice"
    narrowed = scope_for(USER, persona_id="cat", session_id="s1")
    assert str(narrowed) == "org:acme/user:alice/persona:cat/session:s1"
    assert str(scope_for(USER, user_id="alice")) == "org:acme/user:alice"


def test_user_token_cannot_name_another_user() -> None:
    with pytest.raises(AuthError) as info:
        scope_for(USER, user_id="bob")
    assert info.value.code == "FORBIDDEN"


def test_admin_names_any_user_of_its_tenant_only() -> None:
    assert str(scope_for(ADMIN)) == "org:acme"
    assert str(scope_for(ADMIN, user_id="bob")) == "org:acme/user:bob"
    assert scope_for(ADMIN, user_id="bob").tenant == "acme"


def test_bad_ids_are_invalid_scope() -> None:
    with pytest.raises(InvalidInputError) as info:
        scope_for(USER, session_id="has space")
    assert info.value.code == "INVALID_SCOPE"
