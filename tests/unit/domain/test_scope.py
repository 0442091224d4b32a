from __future__ import annotations

import pytest

from gieok import InvalidInputError, Scope
from gieok.domain.scope import resolve_scope


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


@pytest.mark.parametrize("level", ["org_id", "project_id", "user_id", "persona_id", "session_id"])
def test_an_empty_id_is_invalid_not_absent(level: str) -> None:
    """``user_id=""`` used to mean "no user", widening an org read to every user (item 7)."""
    with pytest.raises(InvalidInputError) as err:
        Scope.of(org_id="acme", **{level: ""}) if level != "org_id" else Scope.of(
            org_id="", user_id="u")
    assert err.value.code == "INVALID_SCOPE"
    with pytest.raises(InvalidInputError):
        Scope(org="acme", user="")
    with pytest.raises(InvalidInputError):
        resolve_scope("org:acme", **{level: ""})


@pytest.mark.parametrize("value", [".", "..", "...", "a/b", "a\\b", "x\x00", "/etc"])
def test_ids_are_plain_names(value: str) -> None:
    with pytest.raises(InvalidInputError) as err:
        Scope.of(project_id=value)
    assert err.value.code == "INVALID_SCOPE"
    assert Scope.of(project_id=".config").project == ".config"  # dots inside a name are fine


def test_with_validates_like_the_constructor() -> None:
    scope = Scope.of(org_id="acme", user_id="u1")
    assert scope.with_(session="s1").session == "s1"
    assert scope.with_(user=None) == Scope(org="acme")
    for bad in ("", "..", "a/b"):
        with pytest.raises(InvalidInputError):
            scope.with_(project=bad)
