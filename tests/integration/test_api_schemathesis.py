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
    ensure_resource_availability,
    use_after_free,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = pytest.mark.integration

EXAMPLES = {"positive": 15, "negative": 8}
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]
# Across a sequence also: what was created can be read back; what was deleted is gone.
STATEFUL_CHECKS = [*CHECKS, ensure_resource_availability, use_after_free]


def _schema(api_server: Any) -> Any:
    """The live document, fetched with a patient client (a loaded machine is slow)."""
    document = api_server.client().get("/openapi.json").json()
    return schemathesis.openapi.from_dict(document)


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
    schema = _schema(api_server)
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


def test_stateful_sequences_never_fail_the_server(api_server: Any) -> None:
    """Operations chained through the links schemathesis finds in the document (create a
    memory, then read, patch, archive, delete it by the id it returned; …): every step must
    pass the same checks, so a 5xx that only a real id reaches is caught too."""
    token = api_server.token("acme", "stateful", admin=True)
    headers = {"Authorization": f"Bearer {token}"}
    schema = _schema(api_server)
    machine = schema.as_state_machine()
    links = sorted(machine.bundles)  # "POST /v1/memories -> 201", … : where chains start
    print("stateful link sources:", links)
    assert any(name.startswith("POST /v1/memories") for name in links), links

    class Api(machine):  # type: ignore[misc, valid-type]
        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {"base_url": api_server.url, "headers": headers, "timeout": 30}

        def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
            case.validate_response(response, checks=STATEFUL_CHECKS, headers=headers,
                                   recorder=self.recorder)

    Api.run(settings=settings(max_examples=25, stateful_step_count=6, deadline=None,
                              database=None, derandomize=True,
                              suppress_health_check=list(HealthCheck)))
