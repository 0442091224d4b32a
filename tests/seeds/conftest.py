"""Scenario tests, one per seed document (``../shared/seeds/``): each system as its own
document describes it, on gieok. They reuse the service fixtures of ``tests/integration``
(a real uvicorn server, real tokens) and the shared OpenAI-compatible fake."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

REAL_EMBEDDER = "local:multilingual-e5-small"


def _integration_fixtures() -> Any:
    name = "gieok_test_integration_conftest"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, Path(__file__).parent.parent / "integration" / "conftest.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


_fixtures = _integration_fixtures()
start_api_server = _fixtures.start_api_server
api_server = _fixtures.api_server
