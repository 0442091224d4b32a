"""The context-block set: its file loads, splits as fixed, and scores a block as documented."""

from __future__ import annotations

from gieok.evaluation.context_block import Case, load, score_case, split_of, summarize


def test_bundled_file_loads_with_both_splits_and_unique_ids() -> None:
    personas = load()
    cases = [c for p in personas for c in p.cases]
    assert len(cases) >= 60
    assert len({c.id for c in cases}) == len(cases)
    assert {c.split for c in cases} == {"dev", "test"}
    assert all(p.sessions and p.cases for p in personas)
    # Korean and English personas both
    assert any(p.id.startswith("ko-") for p in personas)
    assert any(p.id.startswith("en-") for p in personas)


def test_split_is_sha256_mod_5() -> None:
    import hashlib

    for cid in ("a", "priya-work", "x-1"):
        bucket = int(hashlib.sha256(cid.encode()).hexdigest(), 16) % 5
        assert split_of(cid) == ("test" if bucket in (0, 1) else "dev")


def test_score_case_reads_must_must_not_and_past_marks() -> None:
    case = Case(id="c", persona="en-x", query="q", must=(("Stripe",), ("Kabir", "son")),
                must_not=(("Pune",), ("nurse",)), past=("Deloitte",))
    sections = [
        ("pinned", ["- [2026-01-01] User's husband is a nurse"]),  # pinned: not an inclusion
        ("memories", ["- [2026-01-02] User works at stripe"]),
        ("conversations", ["- [2026-01-01] user: I work at Deloitte (until 2026-01-02)",
                           "- [2026-01-01] user: mom lives in Pune"]),
    ]
    out = score_case(case, sections)
    assert out.missing == [("Kabir", "son")]
    assert out.included == [("Pune",)]
    assert out.unmarked == []
    bad = score_case(case, [("memories", ["- User worked at Deloitte"])])
    assert bad.unmarked == ["Deloitte"]
    summary = summarize([out, bad])
    assert summary["must"] == "1/4" and summary["must_not"] == "1/4"
