from __future__ import annotations

import pytest

from gieok import InvalidInputError, Scope


def test_parse_and_format_roundtrip() -> None:
    scope = Scope.parse("org:acme/user:42/persona:cat")
    assert (scope.org, scope.user, scope.persona) == ("acme", "42", "cat")
    assert str(scope) == "org:acme/user:42/persona:cat"
    assert Scope.parse(str(scope)) == scope


@pytest.mark.parametrize(
    "text", ["", "user", "user:", "planet:x", "user:a/user:b", "user:a b", "user:" + "x" * 129]
)
def test_bad_scope_strings_are_refused(text: str) -> None:
    with pytest.raises(InvalidInputError) as err:
        Scope.parse(text)
    assert err.value.code == "INVALID_SCOPE"


def test_no_level_means_no_scope() -> None:
    with pytest.raises(InvalidInputError):
        Scope.of()
    with pytest.raises(InvalidInputError):
        Scope.of(user_id=123)  # type: ignore[arg-type]


def test_korean_ids_are_allowed() -> None:
    assert Scope.of(user_id="사용자1").user == "사용자1"


def test_contains_is_tenant_exact_and_level_wise() -> None:
    user = Scope(user="u1")
    assert user.contains(Scope(user="u1", session="s1"))
    assert not user.contains(Scope(user="u2"))
    assert not user.contains(Scope(org="acme", user="u1"))
    assert not Scope(user="u1", session="s1").contains(user)
    assert Scope(org="acme").contains(Scope(org="acme", user="x"))
