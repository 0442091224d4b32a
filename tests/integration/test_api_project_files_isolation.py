"""Project memory files are per tenant, and project ids are plain names (issue 15, item 6).

On the old code ``POST /v1/context?project_id=<id>`` loaded ``<data_dir>/projects/<id>/MEMORY.md``
for any tenant's token, and ``project_id=..`` read ``<data_dir>/MEMORY.md``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gieok import Memory

pytestmark = pytest.mark.integration

ACME_SECRET = "acme ships the Q3 launch on October 2"
DATA_DIR_SECRET = "operator notes: the admin console lives on port 9999"


def _context(client: Any, project_id: str) -> Any:
    return client.post("/v1/context", params={"project_id": project_id},
                       json={"query": "launch plan"})


def test_a_tenant_never_reads_another_tenants_project_files(api_server: Any) -> None:
    data_dir = Path(api_server.settings.data_dir)
    with Memory(api_server.settings.resolved_store_url(), settings=api_server.settings) as mem:
        mem.project_memory("geode", org_id="acme").write_memory(f"# Geode\n{ACME_SECRET}\n")
    acme = api_server.client(api_server.token("acme", "alice"))
    beta = api_server.client(api_server.token("beta", "mallory"))

    own = _context(acme, "geode")
    assert own.status_code == 200, own.text
    assert ACME_SECRET in own.json()["text"]

    foreign = _context(beta, "geode")
    assert foreign.status_code == 200, foreign.text
    assert ACME_SECRET not in foreign.text
    # the file sits in acme's own tree, not where the default tenant's projects live
    assert (data_dir / "projects" / "org=acme" / "geode" / "MEMORY.md").is_file()
    assert not (data_dir / "projects" / "geode").exists()


@pytest.mark.parametrize("project_id", ["..", ".", "../..", "a/../..", "/etc", "..\\..",
                                        "x\x00y", "", "org=acme", "a" * 129])
def test_project_ids_that_are_not_plain_names_are_refused(api_server: Any,
                                                          project_id: str) -> None:
    data_dir = Path(api_server.settings.data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "MEMORY.md").write_text(f"{DATA_DIR_SECRET}\n", encoding="utf-8")
    (data_dir / "projects").mkdir(exist_ok=True)
    (data_dir / "projects" / "MEMORY.md").write_text(f"{DATA_DIR_SECRET}\n", encoding="utf-8")
    client = api_server.client(api_server.token("beta", "mallory"))
    response = _context(client, project_id)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] in {"INVALID_SCOPE", "INVALID_INPUT"}
    assert DATA_DIR_SECRET not in response.text
