"""The gieok exception tree. Every error has a stable ``code`` that callers can match on.

```
GieokError                      .code (stable), .message (says what to do next), .details
├── ConfigurationError          STORE_UNKNOWN, EXTRA_MISSING, CONFIG_INVALID, EMBEDDER_UNKNOWN,
│                               EMBEDDER_MISMATCH, PROFILE_UNKNOWN
├── InvalidInputError           INVALID_INPUT, INVALID_SCOPE, INVALID_FILTER, CONTENT_TOO_LONG,
│                               PROFILE_UNKNOWN (a scope's profile)
├── NotFoundError               MEMORY_NOT_FOUND, SCOPE_NOT_FOUND
├── AuthError                   UNAUTHORIZED, FORBIDDEN
├── PolicyError                 MEMORY_LIMIT_REACHED, PII_REJECTED, MEMORY_DISABLED,
│                               CATEGORY_NOT_ALLOWED
├── ConflictError               VERSION_CONFLICT, MEMORY_NOT_LIVE, SCOPE_FORGOTTEN
└── BackendError                (runtime; ``retriable`` flag)
    ├── StoreError              STORE_UNAVAILABLE (the base; what a backend failure maps to)
    │   ├── StoreConstraintError    STORE_CONSTRAINT (a write broke a constraint; not retriable)
    │   ├── StoreDataError          STORE_DATA_REJECTED (a value the store cannot hold; not
    │   │                           retriable, HTTP 422)
    │   └── StoreSchemaError        STORE_SCHEMA_NEWER, STORE_MIGRATION_FAILED,
    │                               STORE_EXTENSION_MISSING (not retriable)
    ├── EmbedderError           EMBEDDER_FAILED
    └── LLMError                LLM_TIMEOUT, LLM_UNAVAILABLE, LLM_SUMMARY_FAILED
```

The library never maps these to HTTP; ``gieok.api.errors`` owns that table.
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = [
    "AuthError",
    "BackendError",
    "ConfigurationError",
    "ConflictError",
    "EmbedderError",
    "InvalidInputError",
    "LLMError",
    "GieokError",
    "NotFoundError",
    "PolicyError",
    "StoreConstraintError",
    "StoreDataError",
    "StoreError",
    "StoreSchemaError",
]


class GieokError(Exception):
    """Base of every error gieok raises on purpose."""

    default_code: ClassVar[str] = "GIEOK_ERROR"

    def __init__(
        self, message: str, *, code: str | None = None, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.details: dict[str, Any] = details or {}

    def __str__(self) -> str:
        return f"[{self.code}] {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "details": self.details}


class ConfigurationError(GieokError):
    """The developer configured something that cannot work (unknown store, missing extra)."""

    default_code = "CONFIG_INVALID"


class InvalidInputError(GieokError):
    """The caller passed input that fails validation; nothing was written."""

    default_code = "INVALID_INPUT"


class NotFoundError(GieokError):
    """The thing does not exist in the caller's scope (foreign ids look the same)."""

    default_code = "MEMORY_NOT_FOUND"


class AuthError(GieokError):
    """Missing, unknown or revoked credentials."""

    default_code = "UNAUTHORIZED"


class PolicyError(GieokError):
    """A per-scope policy forbids the operation (limit reached, PII refused, disabled)."""

    default_code = "POLICY_VIOLATION"


class ConflictError(GieokError):
    """The write raced another write (stale version)."""

    default_code = "VERSION_CONFLICT"


class BackendError(GieokError):
    """A runtime failure of a backend; ``retriable`` says whether trying again may help."""

    default_code = "BACKEND_ERROR"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        details: dict[str, Any] | None = None,
        retriable: bool = True,
    ) -> None:
        super().__init__(message, code=code, details=details)
        self.retriable = retriable


class StoreError(BackendError):
    default_code = "STORE_UNAVAILABLE"


class StoreConstraintError(StoreError):
    """A write broke one of the store's constraints (a duplicate id, a missing parent row).
    Nothing of the write was applied."""

    default_code = "STORE_CONSTRAINT"

    def __init__(self, message: str, *, code: str | None = None,
                 details: dict[str, Any] | None = None, retriable: bool = False) -> None:
        super().__init__(message, code=code, details=details, retriable=retriable)


class StoreDataError(StoreError):
    """The store refused a value it cannot hold (PostgreSQL's data exceptions: a character
    its encoding lacks, a number out of its range). It is the input, not an outage: trying
    again cannot help, and nothing of the write was applied. The input checks in
    ``gieok.domain.limits`` refuse what they know of first; this is the net behind them."""

    default_code = "STORE_DATA_REJECTED"

    def __init__(self, message: str, *, code: str | None = None,
                 details: dict[str, Any] | None = None, retriable: bool = False) -> None:
        super().__init__(message, code=code, details=details, retriable=retriable)


class StoreSchemaError(StoreError):
    """The store's schema cannot be used by this version of gieok: it is newer than the code,
    a migration failed (and was rolled back), or a required database extension is missing."""

    default_code = "STORE_MIGRATION_FAILED"

    def __init__(self, message: str, *, code: str | None = None,
                 details: dict[str, Any] | None = None, retriable: bool = False) -> None:
        super().__init__(message, code=code, details=details, retriable=retriable)


class EmbedderError(BackendError):
    default_code = "EMBEDDER_FAILED"


class LLMError(BackendError):
    default_code = "LLM_UNAVAILABLE"
