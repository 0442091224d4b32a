"""C3: MEMORY.md (first 200 lines) and rules/*.md with ``paths:`` globs, plus W12 write-back."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from gieok.context.project_files import ProjectMemory, glob_match, parse_rule
from gieok.errors import InvalidInputError


@pytest.mark.parametrize(("pattern", "target", "expected"), [
    ("**/billing*", "billing", True),
    ("**/billing*", "billing-service", True),
    ("**/billing*", "src/billing/invoice.py", True),  # a parent directory matches
    ("**/billing*", "services/billing_api", True),
    ("**/billing*", "auth-service", False),
    ("**/billing*", "src/auth/billing_notes.txt", True),
    ("**/billing*", "rebilling", False),
    ("*keyword_b*", "my_keyword_b_entity", True),
    ("*keyword_b*", "dir/keyword_b", False),  # a single * stays in one segment
    ("src/*.py", "src/app.py", True),
    ("src/*.py", "src/sub/app.py", False),
    ("**/*.md", "docs/guide/intro.md", True),
    ("Billing*", "billing-api", True),  # case-insensitive
])
def test_glob_match(pattern: str, target: str, expected: bool) -> None:
    assert glob_match(pattern, target) is expected


def test_parse_rule_front_matter_forms() -> None:
    rule = parse_rule("billing", "---\nname: billing-rules\npaths:\n  - \"**/billing*\"\n---\n"
                                 "# Billing\nRound half to even.\n")
    assert rule.name == "billing-rules" and rule.paths == ("**/billing*",)
    assert rule.body == "# Billing\nRound half to even."
    assert not rule.unconditional
    single = parse_rule("x", "---\npaths: '*'\n---\nbody")
    assert single.paths == ("*",) and single.unconditional
    plain = parse_rule("plain", "no front matter here")
    assert plain.unconditional and plain.body == "no front matter here"
    with pytest.raises(InvalidInputError):
        parse_rule("bad", "---\npaths: [unclosed\n---\nbody")
    with pytest.raises(InvalidInputError):
        parse_rule("bad", "---\npaths: 3\n---\nbody")


def test_rules_load_only_for_matching_entity_or_path(tmp_path: Path) -> None:
    project = ProjectMemory(tmp_path / "proj")
    project.write_rule("billing", "Invoices round half to even.", paths=["**/billing*"])
    project.write_rule("style", "Answer in Korean.")
    project.write_rule("star", "Everything.", paths=["*"])
    names = lambda **kw: sorted(r.name for r in project.matching_rules(**kw))  # noqa: E731
    assert names(entity="billing-api") == ["billing", "star", "style"]
    assert names(path="src/billing/invoice.py") == ["billing", "star", "style"]
    assert names(entity="auth-service") == ["star", "style"]
    assert names() == ["star", "style"]
    assert names(entity="*") == ["billing", "star", "style"]
    assert project.delete_rule("billing") and not project.delete_rule("billing")
    with pytest.raises(InvalidInputError):
        project.write_rule("../escape", "no")


def test_memory_md_first_200_lines_and_roundtrip(tmp_path: Path) -> None:
    project = ProjectMemory(tmp_path / "proj")
    assert project.read_memory() == ""
    project.write_memory("\n".join(f"line {i}" for i in range(300)))
    loaded = project.read_memory()
    assert loaded.splitlines()[-1] == "line 199" and len(loaded.splitlines()) == 200
    assert len(project.read_memory(max_lines=None).splitlines()) == 300
    before = project.fingerprint()
    project.write_memory("# changed\n")
    assert project.fingerprint() != before


def test_add_insight_newest_first_dedup_rotation_and_dry_run(tmp_path: Path) -> None:
    project = ProjectMemory(tmp_path / "proj")
    project.write_memory("# Project\n\nStack: Python.\n")
    day = date(2026, 3, 2)
    assert project.add_insight("tier=A, score=71.0", entity="entity_a", today=day)
    assert not project.add_insight("tier=B, score=60.0", entity="entity_a", today=day)
    assert project.add_insight("[entity_b] tier=S", today=day)
    assert project.add_insight("tier=C", entity="entity_a", today=date(2026, 3, 3),
                               dry_run=True)
    text = project.read_memory()
    assert "2026-03-03" not in text
    lines = [ln for ln in text.splitlines() if ln.startswith("- ")]
    assert lines == ["- 2026-03-02: [entity_b] tier=S",
                     "- 2026-03-02: [entity_a] tier=A, score=71.0"]
    assert text.startswith("# Project\n\n## Recent insights\n- 2026-03-02: [entity_b]")
    assert text.endswith("\n\nStack: Python.")
    for i in range(60):
        project.add_insight(f"run {i}", entity=f"e{i}", today=day)
    lines = [ln for ln in project.read_memory(max_lines=None).splitlines() if ln.startswith("- ")]
    assert len(lines) == 50 and lines[0].endswith("run 59")


def test_newest_insight_stays_inside_the_read_window(tmp_path: Path) -> None:
    """Seed 002: MEMORY.md grows past 200 lines; the newest insight must still be read."""
    project = ProjectMemory(tmp_path / "proj")
    body = "\n".join(f"- note {i}" for i in range(300))
    project.write_memory(f"# GEODE\n\n{body}\n\n## Recent insights\n- 2026-03-01: [old] tier=B\n")
    assert "[old]" not in project.read_memory()  # a hand-written section at the bottom
    assert project.add_insight("tier=S, score=88.00", entity="entity_a", today=date(2026, 3, 2))
    window = project.read_memory()
    assert "- 2026-03-02: [entity_a] tier=S, score=88.00" in window
    assert "- 2026-03-01: [old] tier=B" in window  # moved up with its section, order kept
    everything = project.read_memory(max_lines=None)
    assert everything.count("## Recent insights") == 1 and "- note 299" in everything
    assert window.index("[entity_a]") < window.index("[old]") < window.index("- note 0")


def test_one_malformed_rule_is_skipped_and_described(tmp_path: Path) -> None:
    project = ProjectMemory(tmp_path / "proj")
    project.write_rule("good", "Always cite the source.")
    (project.rules_dir / "bad.md").write_text("---\npaths: [unclosed\n---\nbody\n", "utf-8")
    (project.rules_dir / "binary.md").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(InvalidInputError):
        project.rules()
    problems: list[str] = []
    rules = project.matching_rules(entity="*", problems=problems)
    assert [r.name for r in rules] == ["good"]
    assert len(problems) == 2 and "rules/bad.md" in problems[0] and "binary.md" in problems[1]
