"""``gieok eval write``, ``gieok sweep`` and ``gieok decay`` through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration


def test_eval_write_prints_every_metric(cli: Any, tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    rows = [
        {"id": "a", "split": "dev", "lang": "en", "kind": "extract",
         "turns": [{"role": "user", "content": "I live in Busan."}],
         "expect": [{"all": ["busan"]}]},
        {"id": "b", "split": "dev", "lang": "ko", "kind": "noise",
         "turns": [{"role": "user", "content": "안녕하세요"}], "expect": []},
        {"id": "c", "split": "holdout", "lang": "en", "kind": "pii",
         "turns": [{"role": "user", "content": "card 4111 1111 1111 1111"}], "expect": [],
         "secrets": ["4111111111111111"]},
        {"id": "d", "split": "holdout", "lang": "en", "kind": "sequence",
         "steps": [[{"role": "user", "content": "I live in Busan."}],
                   [{"role": "user", "content": "I moved to Daegu."}]],
         "final": {"active": [{"all": ["daegu"]}], "inactive": [{"all": ["busan"]}]}},
        {"id": "e", "split": "dev", "lang": "en", "kind": "extract",
         "turns": [{"role": "user", "content": "I love tea."}],
         "expect": [{"all": ["coffee"]}]},
    ]
    cases.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    report = tmp_path / "report.json"
    result = cli("eval", "write", "--data", str(cases), "--json", str(report), "--failures")
    assert result.exit_code == 0, result.output
    for column in ("recall", "precision", "junk rate", "noise memories", "pii leaks"):
        assert column in result.stdout
    assert "e missed=['coffee']" in result.stdout
    data = json.loads(report.read_text())
    dev, holdout = data["splits"]["dev"], data["splits"]["holdout"]
    assert dev["recall"] == 0.5 and dev["precision"] == 0.5 and dev["noise_memories"] == 0
    assert holdout["pii_leaks"] == 0 and holdout["reconciliation_accuracy"] == 1.0
    bad = cli("eval", "write", "--data", str(cases), "--split", "nope")
    assert bad.exit_code != 0 and "unknown split" in bad.output


def test_bundled_set_has_korean_and_english_cases() -> None:
    from gieok.evaluation.write_quality import load_cases

    cases = load_cases()
    assert len(cases) >= 60
    assert {c["lang"] for c in cases} == {"en", "ko"}
    assert {c["kind"] for c in cases} == {"extract", "noise", "pii", "sequence"}
    assert {"dev", "holdout"} <= {c["split"] for c in cases}


def test_sweep_and_decay_commands(cli: Any) -> None:
    from gieok import Memory, GieokSettings
    from gieok.domain.records import utcnow
    from datetime import timedelta

    settings = GieokSettings(store_url=cli.env["GIEOK_STORE_URL"], embedder="hash:256")
    with Memory(settings=settings) as mem:
        # a feeling, so the session's episode says more than its two facts (issue 16)
        mem.add("I live in Busan and I love hiking. Work has been so stressful lately.",
                user_id="u1", session_id="s1",
                infer=False, timestamp=utcnow() - timedelta(days=100))
    swept = cli("sweep", "--json")
    assert swept.exit_code == 0, swept.output
    [row] = json.loads(swept.stdout)["closed"]
    assert row["scope"] == "user:u1/session:s1" and row["memories"] >= 2 and row["episode"]
    assert "closed 0 idle session(s)" in cli("sweep").stdout
    dry = cli("decay", "--dry-run")
    assert dry.exit_code == 0 and "would decay 3 of 3 inferred memories" in dry.stdout
    done = json.loads(cli("decay", "--user", "u1", "--json").stdout)
    assert done == {"scanned": 3, "decayed": 3, "dry_run": False}  # 2 facts + the episode
