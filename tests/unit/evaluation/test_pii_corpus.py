"""The PII guard on the labelled KO/EN evasion corpus (issue 15, item 8).

The corpus was split into dev and test by a hash of each case id before the detectors were
tuned; tuning looked at dev only, and the test figures in docs/reliability.md were taken
once. These floors keep both from sliding back (main before the rework: dev 64% detected /
13% false positives, test 57% / 20%).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok.evaluation.pii_corpus import PiiCase, evaluate, leaks, load_corpus
from gieok.write.pii_text import normalise

CORPUS = Path(__file__).parents[2] / "fixtures" / "pii_evasion"


@pytest.mark.parametrize(("split", "floor", "fp_ceiling"), [("dev", 0.95, 0.0),
                                                             ("test", 0.90, 0.10)])
def test_detection_and_false_positives(split: str, floor: float, fp_ceiling: float) -> None:
    cases = load_corpus(CORPUS / f"{split}.jsonl")
    assert {c.lang for c in cases} == {"en", "ko"}
    report = evaluate(cases)
    assert report.positives > 50 and report.negatives > 35
    assert report.detection_rate >= floor, report.missed
    assert report.false_positive_rate <= fp_ceiling, report.flagged
    assert report.over_masked_positives == 0


def test_the_splits_do_not_overlap() -> None:
    dev = {c.text for c in load_corpus(CORPUS / "dev.jsonl")}
    test = {c.text for c in load_corpus(CORPUS / "test.jsonl")}
    assert dev and test and not dev & test


def test_a_half_masked_card_counts_as_leaked() -> None:
    assert leaks("4308 0230 0253 1575", "card [CARD] 0253 1575")
    assert not leaks("4308 0230 0253 1575", "card [CARD]")
    assert not leaks("Ebay!Pass99", "Password for ebay = [PASSWORD]", "Passwordforebay")
    report = evaluate([PiiCase("x", "en", "card", "card 4308 0230 0253 1575",
                               ("4308 0230 0253 1575",))], guard_text=lambda t: t)
    assert report.detected == 0 and report.missed == ["x"]


def test_normalised_spans_map_back_to_the_original() -> None:
    text = "card\u200b 4308\n\n0230   ０２５３"
    view = normalise(text)
    assert view.text == "card 4308\n0230 0253"
    start = view.text.index("4308")
    begin, end = view.span(start, len(view.text))
    assert text[begin:end] == "4308\n\n0230   ０２５３"
