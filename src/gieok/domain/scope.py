"""Scope: whose memory it is — a path of named levels, outermost first (SPEC §2).

``org → project → user → persona → session``. Any level may be absent, but a scope with no
level at all is refused: no scope, no data. A *read* scope matches every record whose levels
equal the given ones (so ``user:42`` sees that user's memories from every session, as mem0's
``user_id`` filter does); a *write* always goes to exactly the given scope. ``org`` is the
tenant boundary and is always matched exactly, absent meaning the default tenant ``""``.

An id is a plain name: 1-128 letters, digits or ``. _ @ + -``, not only dots. Ids name
directories too (a project's ``MEMORY.md``), so ``..`` or ``/`` must never pass, and an
*empty* id is refused rather than read as "absent": ``user_id=""`` silently widening a read
to the whole organisation is the kind of mistake that leaks data. Absent is ``None``.
"""

from __future__ import annotations

import re
from typing import Self

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from gieok.errors import InvalidInputError

LEVELS: tuple[str, ...] = ("org", "project", "user", "persona", "session")
# At least one character that is not a dot; the API's query parameters use the same pattern.
ID_PATTERN = r"^[\w.@+\-]*[\w@+\-][\w.@+\-]*$"
# Session ids may be hierarchical keys, ``entity:{name}:{phase}[:{sub}]`` (seed 002), so that
# one filter (``{"session": {"prefix": "entity:acme:"}}``) reads every phase of an entity.
SESSION_PATTERN = r"^(?:[\w@+\-][\w.@+\-:]*|\.[\w.@+\-:]*[\w@+\-:][\w.@+\-:]*)$"
ID_MAX_CHARS = 128
_ID_RE = re.compile(ID_PATTERN, re.UNICODE)
_SESSION_RE = re.compile(SESSION_PATTERN, re.UNICODE)


def validate_scope_id(level: str, value: str) -> str:
    """Return ``value`` if it is a usable id for ``level``, else raise INVALID_SCOPE."""
    pattern = _SESSION_RE if level == "session" else _ID_RE
    if not isinstance(value, str) or len(value) > ID_MAX_CHARS or not pattern.fullmatch(value):
        shown = value[:40] + "…" if isinstance(value, str) and len(value) > 40 else value
        extra = " :" if level == "session" else ""
        raise InvalidInputError(
            f"{level} id {shown!r} is invalid: use 1-{ID_MAX_CHARS} letters, digits or "
            f". _ @ + -{extra} (not only dots); leave the id out instead of passing an empty one",
            code="INVALID_SCOPE",
            details={"level": level},
        )
    return value


class Scope(BaseModel):
    """An immutable scope value; ``Scope.parse("org:acme/user:42")`` and ``str(scope)``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    org: str | None = None
    project: str | None = None
    user: str | None = None
    persona: str | None = None
    session: str | None = None

    @field_validator("org", "project", "user", "persona", "session", mode="before")
    @classmethod
    def _check_id(cls, value: object, info: object) -> object:
        if value is None:
            return None
        if not isinstance(value, str):
            raise InvalidInputError(
                f"scope ids must be strings, got {type(value).__name__}", code="INVALID_SCOPE"
            )
        return validate_scope_id(getattr(info, "field_name", "scope"), value)

    @classmethod
    def of(
        cls,
        *,
        org_id: str | None = None,
        project_id: str | None = None,
        user_id: str | None = None,
        persona_id: str | None = None,
        session_id: str | None = None,
    ) -> Self:
        """Build a scope from mem0-style keyword ids and require at least one level."""
        return cls._build(org=org_id, project=project_id, user=user_id, persona=persona_id,
                          session=session_id).require()

    @classmethod
    def _build(cls, **levels: object) -> Self:
        try:
            return cls(**levels)  # type: ignore[arg-type]
        except InvalidInputError:
            raise
        except ValidationError as exc:  # pydantic wraps our error; surface it unwrapped
            cause = _first_gieok_error(exc)
            if cause is not None:
                raise cause from None
            raise InvalidInputError(str(exc), code="INVALID_SCOPE") from None

    @classmethod
    def parse(cls, text: str) -> Self:
        """Parse ``"org:acme/user:42"``; levels may come in any order, each at most once."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidInputError("scope string is empty", code="INVALID_SCOPE")
        values: dict[str, str] = {}
        for part in text.strip().split("/"):
            level, sep, value = part.partition(":")
            if not sep or level not in LEVELS or level in values:
                raise InvalidInputError(
                    f"cannot parse scope part {part!r}: expected level:id with level in {LEVELS}",
                    code="INVALID_SCOPE",
                )
            values[level] = value
        return cls.of(**{f"{k}_id": v for k, v in values.items()})

    def require(self) -> Self:
        """Raise INVALID_SCOPE unless at least one level below ``org`` or ``org`` is set."""
        if not any(getattr(self, level) for level in LEVELS):
            raise InvalidInputError(
                "a scope is required: pass user_id, persona_id, session_id, project_id or org_id",
                code="INVALID_SCOPE",
            )
        return self

    def levels(self) -> dict[str, str]:
        """The set levels, outermost first."""
        return {level: v for level in LEVELS if (v := getattr(self, level))}

    @property
    def tenant(self) -> str:
        return self.org or ""

    def with_(self, **levels: str | None) -> Scope:
        """This scope with some levels replaced (validated like the constructor)."""
        return self._build(**(self.model_dump() | levels))

    def __str__(self) -> str:
        return "/".join(f"{k}:{v}" for k, v in self.levels().items())

    def key(self) -> str:
        """A canonical string usable as a cache or dictionary key (includes the tenant)."""
        return "|".join(getattr(self, level) or "" for level in LEVELS)

    def contains(self, other: Scope) -> bool:
        """True when a read in ``self`` sees data written in ``other``."""
        if self.tenant != other.tenant:
            return False
        return all(
            getattr(other, level) == value
            for level, value in self.levels().items()
            if level != "org"
        )


def _first_gieok_error(exc: BaseException) -> InvalidInputError | None:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        for err in errors():
            ctx = err.get("ctx") or {}
            inner = ctx.get("error")
            if isinstance(inner, InvalidInputError):
                return inner
    return None


def resolve_scope(
    scope: Scope | str | None = None,
    *,
    org_id: str | None = None,
    project_id: str | None = None,
    user_id: str | None = None,
    persona_id: str | None = None,
    session_id: str | None = None,
) -> Scope:
    """A scope from a ``Scope``, a ``"user:42/session:s1"`` string or mem0-style ids."""
    ids = {"org_id": org_id, "project_id": project_id, "user_id": user_id,
           "persona_id": persona_id, "session_id": session_id}
    if scope is not None:
        if not isinstance(scope, Scope | str):
            raise InvalidInputError(
                f"scope must be a Scope or a string like 'user:42', got {type(scope).__name__}",
                code="INVALID_SCOPE")
        base = Scope.parse(scope) if isinstance(scope, str) else scope
        extra = {k.removesuffix("_id"): v for k, v in ids.items() if v is not None}
        return (base.with_(**extra) if extra else base).require()
    return Scope.of(**ids)


def scope_from_key(key: str) -> Scope:
    """The inverse of ``Scope.key()`` (for stores that keep scope keys)."""
    parts = key.split("|")
    return Scope(**{level: value or None for level, value in zip(LEVELS, parts, strict=True)})


def long_term_scope(scope: Scope) -> Scope:
    """Where a session's extracted memories live: the scope above the session when the
    session names a user (``user:u1/session:s1`` → ``user:u1``), else the session itself.
    A session with no user (an agent pipeline's run in an org or a project) must not turn
    what one person said in it into org or project knowledge shown to every user as
    theirs: those tiers are written on purpose (``remember(org_id=…)``, MEMORY.md, rules,
    write-back), not lifted from chat."""
    if scope.session and scope.user:
        return scope.with_(session=None)
    return scope


def ancestors(scope: Scope) -> list[Scope]:
    """``scope`` and its wider scopes, narrowest first (session → persona → user → …)."""
    out, current = [scope], scope
    for level in ("session", "persona", "user", "project"):
        if getattr(current, level) is not None:
            current = current.with_(**{level: None})
            if current.levels():
                out.append(current)
    return out


def covering_keys(scope: Scope) -> list[str]:
    """The keys of every scope whose ``forget`` reaches data written in ``scope``: the same
    tenant with any subset of its other levels (``user:u`` covers ``user:u/session:s`` and
    ``project:p/user:u``; a tenant-wide key covers everything in the tenant). Used to fence
    writes that were prepared before such a forget (X3)."""
    names = [level for level in LEVELS[1:] if getattr(scope, level) is not None]
    out = []
    for mask in range(1 << len(names)):
        kept = {name for i, name in enumerate(names) if mask >> i & 1}
        values = [getattr(scope, level) if level in kept else None for level in LEVELS[1:]]
        out.append("|".join(v or "" for v in [scope.org, *values]))
    return out
