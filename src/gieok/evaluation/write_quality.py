"""Write-quality benchmark (Q1b, issue 4): what the write path stores from real-looking chat.

A labelled set of Korean and English cases (``data/write_cases.jsonl``), each run on its own
scope through the public ``AsyncMemory.add`` on a real SQLite file:

* ``extract``  — turns whose user facts must be found (recall) and nothing else (precision);
* ``noise``    — greetings, questions, small talk, other people's facts: must yield nothing;
* ``pii``      — secrets that must never reach the database file (WAL included);
* ``sequence`` — adds over time (moves, job changes, flips, duplicates): the latest fact must
  be the only active one, the old ones must be inactive (reconciliation accuracy).

An expected fact matches a stored memory when every keyword appears in its content
(case-insensitive; ``a|b`` for alternatives). Cases carry a ``split``: ``dev`` (used while
writing the rules) and ``holdout`` (written up front and never tuned on); both are reported.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any

from gieok.domain.records import MemoryRecord
from gieok.memory import AsyncMemory
from gieok.settings import GieokSettings

DEFAULT_DATA = "write_cases.jsonl"
T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def load_cases(path: str | Path | None = None, split: str = "all") -> list[dict[str, Any]]:
    if path is None:
        text = resources.files("gieok.evaluation").joinpath("data", DEFAULT_DATA).read_text(
            encoding="utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
    cases = [json.loads(line) for line in text.splitlines() if line.strip()]
    known = {c.get("split", "dev") for c in cases}
    if split != "all" and split not in known:
        from gieok.errors import InvalidInputError

        raise InvalidInputError(f"unknown split {split!r}; this file has {sorted(known)}")
    return [c for c in cases if split == "all" or c.get("split", "dev") == split]


def matches(spec: dict[str, Any], content: str) -> bool:
    low = content.casefold()
    return all(any(alt.casefold() in low for alt in str(kw).split("|")) for kw in spec["all"])


@dataclass
class CaseResult:
    id: str
    kind: str
    split: str
    memories: list[str] = field(default_factory=list)
    expected: int = 0
    found: int = 0
    unmatched: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    passed: bool = True
    failures: list[str] = field(default_factory=list)


@dataclass
class Scores:
    cases: int = 0
    expected: int = 0
    found: int = 0
    memories: int = 0
    matched_memories: int = 0
    noise_memories: int = 0
    pii_leaks: int = 0
    sequences: int = 0
    sequences_ok: int = 0

    @property
    def recall(self) -> float:
        return self.found / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float:
        return self.matched_memories / self.memories if self.memories else 1.0

    @property
    def junk_rate(self) -> float:
        return 1.0 - self.precision

    @property
    def reconciliation_accuracy(self) -> float:
        return self.sequences_ok / self.sequences if self.sequences else 1.0

    def as_dict(self) -> dict[str, Any]:
        return {"cases": self.cases, "recall": round(self.recall, 4),
                "precision": round(self.precision, 4), "junk_rate": round(self.junk_rate, 4),
                "noise_memories": self.noise_memories, "pii_leaks": self.pii_leaks,
                "reconciliation_accuracy": round(self.reconciliation_accuracy, 4),
                "expected_facts": self.expected, "found_facts": self.found,
                "memories": self.memories, "sequences": self.sequences}


@dataclass
class WriteQualityReport:
    extractor: str
    results: list[CaseResult]
    by_split: dict[str, Scores]

    def as_dict(self) -> dict[str, Any]:
        return {"extractor": self.extractor,
                "splits": {k: v.as_dict() for k, v in self.by_split.items()},
                "failed_cases": [r.__dict__ for r in self.results if not r.passed]}


async def _live(mem: AsyncMemory, user: str) -> list[MemoryRecord]:
    page = await mem.list(user_id=user, filters={"layer": "long_term"}, limit=1000)
    return list(page.items)


async def _run_case(mem: AsyncMemory, case: dict[str, Any]) -> CaseResult:
    user = re.sub(r"[^\w.-]", "_", case["id"])
    result = CaseResult(case["id"], case["kind"], case.get("split", "dev"))
    steps = case["steps"] if case["kind"] == "sequence" else [case["turns"]]
    for i, turns in enumerate(steps):
        added = await mem.add(turns, user_id=user, session_id=f"s{i}",
                              timestamp=T0 + timedelta(days=7 * i))
        result.failures.extend(added.failures)
    live = await _live(mem, user)
    result.memories = [r.content for r in live]
    if case["kind"] == "sequence":
        _score_sequence(case, live, result)
    else:
        _score_extraction(case, live, result)
    return result


def _score_extraction(case: dict[str, Any], live: Sequence[MemoryRecord],
                      result: CaseResult) -> None:
    expect = case.get("expect", [])
    result.expected = len(expect)
    for spec in expect:
        if any(matches(spec, r.content) for r in live):
            result.found += 1
        else:
            result.missed.append(" ".join(spec["all"]))
    result.unmatched = [r.content for r in live if not any(matches(s, r.content) for s in expect)]
    result.passed = not result.missed and not result.unmatched


def _score_sequence(case: dict[str, Any], live: Sequence[MemoryRecord],
                    result: CaseResult) -> None:
    final = case["final"]
    ok = all(sum(matches(spec, r.content) for r in live) == 1 for spec in final["active"])
    # an old value fails only in a current memory: a memory of the ending is dated history
    current = [r for r in live if not r.is_history()]
    ok = ok and not any(matches(spec, r.content) for spec in final["inactive"] for r in current)
    result.expected = len(final["active"])
    result.found = sum(any(matches(s, r.content) for r in live) for s in final["active"])
    result.passed = ok
    if not ok:
        result.missed = [" ".join(s["all"]) for s in final["active"]]


def _leaks(db: Path, cases: Iterable[dict[str, Any]]) -> dict[str, int]:
    blobs = b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*") if p.is_file())
    leaks: dict[str, int] = {}
    for case in cases:
        for secret in case.get("secrets", []):
            forms = {secret, re.sub(r"\D", "", secret)} - {""}
            if any(f.encode("utf-8") in blobs for f in forms if len(f) >= 6):
                leaks[case["id"]] = leaks.get(case["id"], 0) + 1
    return leaks


def _tally(results: Sequence[CaseResult], leaks: dict[str, int]) -> Scores:
    scores = Scores(cases=len(results))
    for r in results:
        if r.kind == "sequence":
            scores.sequences += 1
            scores.sequences_ok += int(r.passed)
            continue
        scores.expected += r.expected
        scores.found += r.found
        scores.memories += len(r.memories)
        scores.matched_memories += len(r.memories) - len(r.unmatched)
        if r.kind == "noise":
            scores.noise_memories += len(r.memories)
        scores.pii_leaks += leaks.get(r.id, 0)
    return scores


async def evaluate_write(
    cases: Sequence[dict[str, Any]],
    *,
    settings: GieokSettings | None = None,
    workdir: str | Path | None = None,
) -> WriteQualityReport:
    """Run every case through ``AsyncMemory.add`` on a fresh SQLite file and score it."""
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        db = Path(tmp) / "write_quality.db"
        settings = settings or GieokSettings(data_dir=Path(tmp), embedder="hash:256")
        mem = AsyncMemory(f"sqlite:///{db}", settings=settings)
        try:
            results = [await _run_case(mem, case) for case in cases]
            extractor = (await mem._write_path()).extractor.name
        finally:
            await mem.aclose()
        leaks = _leaks(db, cases)
    for r in results:
        if leaks.get(r.id):
            r.passed = False
    by_split: dict[str, Scores] = {}
    for split in sorted({r.split for r in results}):
        by_split[split] = _tally([r for r in results if r.split == split], leaks)
    by_split["all"] = _tally(results, leaks)
    return WriteQualityReport(extractor=extractor, results=results, by_split=by_split)
