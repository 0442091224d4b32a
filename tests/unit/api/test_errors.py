"""The one table from library errors to HTTP statuses."""

from __future__ import annotations

import pytest

from gieok.api.errors import STATUS_BY_CLASS, error_body, status_for
from gieok.errors import (
    AuthError,
    BackendError,
    ConfigurationError,
    ConflictError,
    EmbedderError,
    InvalidInputError,
    LLMError,
    GieokError,
    NotFoundError,
    PolicyError,
    StoreError,
)


@pytest.mark.parametrize(("error", "status"), [
    (InvalidInputError("x"), 422),
    (InvalidInputError("x", code="INVALID_SCOPE"), 422),
    (InvalidInputError("x", code="CONTENT_TOO_LONG"), 422),
    (NotFoundError("x"), 404),
    (AuthError("x"), 401),
    (AuthError("x", code="FORBIDDEN"), 403),
    (PolicyError("x", code="MEMORY_LIMIT_REACHED"), 409),
    (PolicyError("x", code="MEMORY_DISABLED"), 403),
    (PolicyError("x", code="PII_REJECTED"), 422),
    (ConflictError("x"), 409),
    (StoreError("x"), 503),
    (EmbedderError("x"), 503),
    (LLMError("x", code="LLM_SUMMARY_FAILED"), 503),
    (LLMError("x", code="LLM_TIMEOUT"), 504),
    (ConfigurationError("x"), 500),
    (GieokError("x"), 500),
])
def test_status_for(error: GieokError, status: int) -> None:
    assert status_for(error) == status


def test_every_error_class_has_a_row() -> None:
    classes = {cls for cls, _ in STATUS_BY_CLASS}
    for cls in (AuthError, NotFoundError, InvalidInputError, PolicyError, ConflictError,
                BackendError, ConfigurationError, GieokError):
        assert cls in classes


def test_bad_input_is_never_a_5xx() -> None:
    for code in ("INVALID_INPUT", "INVALID_SCOPE", "INVALID_FILTER", "CONTENT_TOO_LONG"):
        assert 400 <= status_for(InvalidInputError("x", code=code)) < 500


def test_body_shapes() -> None:
    general = error_body("/v1/memories", "MEMORY_NOT_FOUND", "gone", {"id": "1"})
    assert general == {"error": {"code": "MEMORY_NOT_FOUND", "message": "gone",
                                 "details": {"id": "1"}}}
    seed = error_body("/api/v1/memory/create", "MEMORY_LIMIT_REACHED", "full")
    assert seed == {"success": False, "error": "MEMORY_LIMIT_REACHED", "message": "full"}
    assert "error" in error_body("/api/v1/memoryless", "X", "y")  # prefix, not substring
    assert error_body("/api/v1/memoryless", "X", "y")["error"]["code"] == "X"
