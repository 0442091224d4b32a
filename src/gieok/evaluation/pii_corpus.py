"""Measure the PII guard (W4/X2) on a labelled corpus: detection and false positives.

A corpus is JSON Lines, one case per line::

    {"id": "card-en-001", "lang": "en", "kind": "card", "text": "...",
     "secrets": ["4308 0230 0253 1575"], "keep": ["09/27"]}

``kind == "none"`` marks a negative (nothing in it is personal data). A positive is
*detected* when no part of any of its secrets survives the guard: the guarded text, with
masks, spaces and punctuation taken out, holds no run of four characters (the whole secret
when shorter) of the secret treated the same way — so a card split over two lines counts as
leaked when either half is left. A case is *over-masked* when any of its ``keep`` strings
(dates, order numbers, ids that are not secrets) does not come through verbatim; for
negatives that is a false positive.

The corpus in ``tests/fixtures/pii_evasion/`` was split into ``dev`` and ``test`` by a hash of
each case id before the detectors were tuned; tuning looked at ``dev`` only.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gieok.write.pii import MASKS, guard

_NOT_ALNUM = re.compile(r"[\W_]+")
WINDOW = 4


@dataclass(frozen=True)
class PiiCase:
    id: str
    lang: str
    kind: str
    text: str
    secrets: tuple[str, ...] = ()
    keep: tuple[str, ...] = ()

    @property
    def positive(self) -> bool:
        return self.kind != "none"


@dataclass
class PiiReport:
    positives: int = 0
    detected: int = 0
    negatives: int = 0
    false_positives: int = 0
    over_masked_positives: int = 0
    missed: list[str] = field(default_factory=list)
    flagged: list[str] = field(default_factory=list)
    by_kind: Counter[str] = field(default_factory=Counter)
    detected_by_kind: Counter[str] = field(default_factory=Counter)

    @property
    def detection_rate(self) -> float:
        return self.detected / self.positives if self.positives else 1.0

    @property
    def false_positive_rate(self) -> float:
        return self.false_positives / self.negatives if self.negatives else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "positives": self.positives, "detected": self.detected,
            "detection_rate": round(self.detection_rate, 4),
            "negatives": self.negatives, "false_positives": self.false_positives,
            "false_positive_rate": round(self.false_positive_rate, 4),
            "over_masked_positives": self.over_masked_positives,
            "by_kind": {k: f"{self.detected_by_kind[k]}/{n}" for k, n in
                        sorted(self.by_kind.items())},
            "missed": self.missed, "false_positive_ids": self.flagged,
        }


def load_corpus(path: str | Path) -> list[PiiCase]:
    cases = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            cases.append(PiiCase(id=row["id"], lang=row["lang"], kind=row["kind"],
                                 text=row["text"], secrets=tuple(row.get("secrets", ())),
                                 keep=tuple(row.get("keep", ()))))
    return cases


def _squeeze(text: str) -> str:
    for mask in MASKS.values():
        text = text.replace(mask, " ")
    return _NOT_ALNUM.sub("", unicodedata.normalize("NFKC", text))


def leaks(secret: str, guarded: str, rest: str = "") -> bool:
    """True when a run of ``WINDOW`` characters of ``secret`` survives in ``guarded`` more
    often than it occurs in ``rest`` (the case's text without its secrets: "Pass" of
    "Ebay!Pass99" is no leak in "Password for ebay = [PASSWORD]")."""
    needle, hay, other = _squeeze(secret), _squeeze(guarded), _squeeze(rest)
    if not needle:
        return False
    size = min(WINDOW, len(needle))
    windows = {needle[i : i + size] for i in range(len(needle) - size + 1)}
    return any(hay.count(w) > other.count(w) for w in windows)


def _without(text: str, secrets: Iterable[str]) -> str:
    squeezed = _squeeze(text)
    for secret in secrets:
        squeezed = squeezed.replace(_squeeze(secret), " ")
    return squeezed


def evaluate(cases: Iterable[PiiCase],
             guard_text: Callable[[str], str] = lambda text: guard(text).text) -> PiiReport:
    """Run every case through ``guard_text`` (the default PII guard and policies)."""
    report = PiiReport()
    for case in cases:
        out = guard_text(case.text)
        kept = all(keep in out for keep in case.keep)
        if case.positive:
            report.positives += 1
            report.by_kind[case.kind] += 1
            rest = _without(case.text, case.secrets)
            if any(leaks(secret, out, rest) for secret in case.secrets):
                report.missed.append(case.id)
            else:
                report.detected += 1
                report.detected_by_kind[case.kind] += 1
            report.over_masked_positives += 0 if kept else 1
        else:
            report.negatives += 1
            if not kept:
                report.false_positives += 1
                report.flagged.append(case.id)
    return report
