"""``gieok export`` / ``gieok import``: JSONL round trips through real store files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration


def _seed(cli: Any) -> list[dict[str, Any]]:
    out = []
    for text, extra in [("사용자는 서울 강남구에 살고 있다", ["--category", "location"]),
                        ("Prefers oat milk", ["--type", "preference", "--tag", "diet"]),
                        ("Old fact to delete", [])]:
        result = cli("remember", text, "--user", "alice", "--org", "acme", "--json", *extra)
        assert result.exit_code == 0, result.output
        out.append(json.loads(result.stdout))
    assert cli("delete", out[2]["id"], "--user", "alice", "--org", "acme").exit_code == 0
    return out


def test_export_to_file_and_import_into_another_store(cli: Any, tmp_path: Path) -> None:
    _seed(cli)
    dump = tmp_path / "alice.jsonl"
    exported = cli("export", "--user", "alice", "--org", "acme", "--out", str(dump))
    assert exported.exit_code == 0, exported.output
    assert "exported 3 record(s)" in exported.stderr and "exporting" in exported.stderr
    rows = [json.loads(line) for line in dump.read_text("utf-8").splitlines()]
    assert {r["status"] for r in rows} == {"active", "deleted"}

    other_store = f"sqlite:///{tmp_path / 'other.db'}"
    imported = cli("import", str(dump), "--store", other_store)
    assert imported.exit_code == 0, imported.output
    assert "imported 2 memories, skipped 1 deleted/superseded" in imported.stderr
    listed = json.loads(cli("list", "--org", "acme", "--user", "alice", "--json",
                            "--store", other_store).stdout)
    by_content = {m["content"]: m for m in listed["items"]}
    assert set(by_content) == {"사용자는 서울 강남구에 살고 있다", "Prefers oat milk"}
    assert by_content["Prefers oat milk"]["tags"] == ["diet"]
    assert by_content["Prefers oat milk"]["type"] == "preference"
    assert by_content["Prefers oat milk"]["source"] == "explicit"


def test_import_into_another_scope_and_keep_all(cli: Any, tmp_path: Path) -> None:
    _seed(cli)
    exported = cli("export", "--user", "alice", "--org", "acme")
    assert exported.exit_code == 0
    dump = tmp_path / "from-stdout.jsonl"
    dump.write_text(exported.stdout, "utf-8")
    moved = cli("import", str(dump), "--user", "bob", "--all")
    assert moved.exit_code == 0 and "imported 3 memories" in moved.stderr
    bob = json.loads(cli("list", "--user", "bob", "--json", "--limit", "10").stdout)
    assert bob["total"] == 2  # the deleted one came along but stays deleted
    stdin = cli("import", "-", "--user", "carol", input=dump.read_text("utf-8"))
    assert stdin.exit_code == 0 and "imported 2 memories" in stdin.stderr


def test_import_validates_every_line_before_writing(cli: Any, tmp_path: Path) -> None:
    assert cli("remember", "the store exists", "--user", "erin").exit_code == 0
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"content": "fine", "scope": "user:dave"}\n{"content": ""}\n', "utf-8")
    result = cli("import", str(bad), "--user", "dave")
    assert result.exit_code == 2 and "item 1" in result.stderr
    assert json.loads(cli("list", "--user", "dave", "--json").stdout)["total"] == 0
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"content": "fine"}\nnot json\n', "utf-8")
    result = cli("import", str(broken), "--user", "dave")
    assert result.exit_code == 2 and "broken.jsonl:2 is not valid JSON" in result.stderr
    noscope = tmp_path / "noscope.jsonl"
    noscope.write_text('{"content": "where do I go?"}\n', "utf-8")
    result = cli("import", str(noscope))
    assert result.exit_code == 2 and "scope" in result.stderr


def test_export_needs_a_scope_and_import_a_file(cli: Any, tmp_path: Path) -> None:
    result = cli("export")
    assert result.exit_code == 2 and "pass --user" in result.stderr
    missing = cli("import", str(tmp_path / "missing.jsonl"), "--user", "a")
    assert missing.exit_code == 1 and "No such file" in missing.stderr
