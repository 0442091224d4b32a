"""Property-based fuzzing of the live service from its own OpenAPI document (schemathesis).

Every operation gets a bounded number of generated requests, valid ones (positive mode) and
schema-violating ones (negative mode), sent over HTTP to a real uvicorn server. Each
response must not be a 5xx, must use a documented status and content type, and must match
its documented schema.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = pytest.mark.integration

EXAMPLES = {"positive": 15, "negative": 8}
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


def _fuzz(operation: Any, mode: Any, headers: dict[str, str], base_url: str) -> None:
    @settings(max_examples=EXAMPLES[mode.value], deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck), print_blob=True)
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case: Any) -> None:
        response = case.call(base_url=base_url, headers=headers, timeout=30)
        case.validate_response(response, checks=CHECKS, headers=headers)

    run()


def test_every_operation_survives_fuzzing(api_server: Any) -> None:
    token = api_server.token("acme", "fuzzer", admin=True)
    headers = {"Authorization": f"Bearer {token}"}
    schema = schemathesis.openapi.from_url(f"{api_server.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 25  # every route is in the document
    failures: list[str] = []
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            try:
                _fuzz(operation, mode, headers, api_server.url)
            except Unsatisfiable:  # nothing to negate (no parameters, no body): fine
                assert mode is GenerationMode.NEGATIVE, operation.label
            except (Exception, BaseExceptionGroup) as exc:  # collect all, report together
                failures.append(f"{operation.label} [{mode.value}]: {exc}")
    assert not failures, "\n\n".join(failures)
