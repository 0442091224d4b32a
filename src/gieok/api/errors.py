"""Errors → HTTP: the one table, and the handlers that turn every failure into JSON.

The library raises ``GieokError``s with stable codes and never knows about HTTP; this module
is the only place a status is chosen. Every error body is
``{"error": {"code", "message", "details"}}``, except under seed 003's ``/api/v1/memory``
routes, whose apps expect ``{"success": false, "error": "<CODE>", "message": …}``.

Bad input can never become a 500: pydantic's ``RequestValidationError`` becomes 422
``INVALID_INPUT``, Starlette's own HTTP errors (404 route, 405 method) keep their status with a
code, and only an unexpected exception is a 500 ``INTERNAL_ERROR`` (sent and logged by the
request middleware with the request id, with no internals in the body).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from gieok.errors import (
    AuthError,
    BackendError,
    ConfigurationError,
    ConflictError,
    InvalidInputError,
    GieokError,
    NotFoundError,
    PolicyError,
)

log = logging.getLogger("gieok.api")

# Specific codes first, then classes (most specific first). One table, read top to bottom.
STATUS_BY_CODE: dict[str, int] = {
    "FORBIDDEN": 403,
    "MEMORY_DISABLED": 403,
    "PII_REJECTED": 422,
    "CATEGORY_NOT_ALLOWED": 422,
    "STORE_DATA_REJECTED": 422,  # the input, not an outage: a 503 would be retried in vain
    "MEMORY_LIMIT_REACHED": 409,
    "BODY_TOO_LARGE": 413,
    "LLM_TIMEOUT": 504,
    "QUEUE_FULL": 503,  # back-pressure: comes with Retry-After (details.retry_after_s)
}
STATUS_BY_CLASS: tuple[tuple[type[GieokError], int], ...] = (
    (AuthError, 401),
    (NotFoundError, 404),
    (InvalidInputError, 422),
    (PolicyError, 409),
    (ConflictError, 409),
    (BackendError, 503),
    (ConfigurationError, 500),
    (GieokError, 500),
)
CODE_BY_HTTP_STATUS: dict[int, str] = {
    400: "INVALID_INPUT",
    401: "UNAUTHORIZED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    405: "METHOD_NOT_ALLOWED",
    413: "BODY_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    422: "INVALID_INPUT",
}
SEED_003_PREFIX = "/api/v1/memory"


def status_for(exc: GieokError) -> int:
    """The HTTP status of a library error, by code first and class second."""
    if exc.code in STATUS_BY_CODE:
        return STATUS_BY_CODE[exc.code]
    for cls, status in STATUS_BY_CLASS:
        if isinstance(exc, cls):
            return status
    return 500


def is_seed_003(path: str) -> bool:
    return path == SEED_003_PREFIX or path.startswith(SEED_003_PREFIX + "/")


def error_body(
    path: str, code: str, message: str, details: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The JSON error body in the shape the route's clients expect."""
    if is_seed_003(path):
        return {"success": False, "error": code, "message": message}
    return {"error": {"code": code, "message": message, "details": details or {}}}


def error_response(
    request: Request, status: int, code: str, message: str,
    details: dict[str, Any] | None = None,
) -> JSONResponse:
    metrics = getattr(request.app.state, "metrics", None)
    if metrics is not None:
        metrics.failures.inc(code)
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    retry_after = (details or {}).get("retry_after_s")
    if isinstance(retry_after, int) and status in (429, 503):
        headers = {"Retry-After": str(retry_after)}
    return JSONResponse(error_body(request.url.path, code, message, details),
                        status_code=status, headers=headers)


async def _gieok_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, GieokError)
    status = status_for(exc)
    if status >= 500:
        log.error("request failed: %s", exc, extra={"code": exc.code})
    return error_response(request, status, exc.code, exc.message, _jsonable(exc.details))


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"loc": [str(part) for part in err.get("loc", ())], "msg": str(err.get("msg", "")),
         "type": str(err.get("type", ""))}
        for err in exc.errors()
    ]
    first = errors[0] if errors else {"loc": [], "msg": "invalid request"}
    where = ".".join(first["loc"]) or "request"
    message = f"{where}: {first['msg']}"
    return error_response(request, 422, "INVALID_INPUT", message, {"errors": errors})


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    status = exc.status_code
    code = CODE_BY_HTTP_STATUS.get(status, "HTTP_ERROR")
    message = exc.detail if isinstance(exc.detail, str) else code.lower().replace("_", " ")
    if status == 400:  # FastAPI's "error parsing the body" (e.g. not UTF-8): invalid input
        status, message = 422, f"{message}: send a UTF-8 JSON body"
    return error_response(request, status, code, message)


def _jsonable(details: dict[str, Any]) -> dict[str, Any]:
    """Error details as plain JSON values (they may hold library objects)."""
    try:
        encoded = jsonable_encoder(details)
    except Exception:
        encoded = {str(k): str(v) for k, v in details.items()}
    return encoded if isinstance(encoded, dict) else {"value": encoded}


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(GieokError, _gieok_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
