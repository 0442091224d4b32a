"""LoCoMo and LongMemEval loaders on small fixture files in each benchmark's format."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok.errors import InvalidInputError
from gieok.evaluation.locomo import load_locomo, normalise_evidence, parse_date
from gieok.evaluation.longmemeval import load_longmemeval
from gieok.evaluation.longmemeval import parse_date as lme_date

FIXTURES = Path(__file__).parents[2] / "fixtures"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("D1:3", ["D1:3"]),
        ("D8:6; D9:17", ["D8:6", "D9:17"]),
        ("D9:1 D4:4 D4:6", ["D9:1", "D4:4", "D4:6"]),
        ("D:11:26", ["D11:26"]),
        ("D30:05", ["D30:5"]),
        ("D", []),
        (["D1:1", "D1:1", "D02:3"], ["D1:1", "D2:3"]),
    ],
)
def test_normalise_evidence(raw: object, expected: list[str]) -> None:
    assert normalise_evidence(raw) == expected


def test_locomo_dates() -> None:
    assert parse_date("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert parse_date("12:17 am on 10 January, 2024") == datetime(2024, 1, 10, 0, 17, tzinfo=UTC)
    with pytest.raises(InvalidInputError):
        parse_date("sometime in spring")


def test_locomo_loader_normalises_drops_and_counts() -> None:
    first, second = load_locomo(FIXTURES / "locomo_mini.json")
    # session_3 has a date but no turns: it is not a session
    assert [s.key for s in first.sessions] == ["S1", "S2"]
    assert first.sessions[1].at == datetime(2023, 6, 20, 10, 0, tzinfo=UTC)
    keys = [t.key for _, _, t in first.turns()]
    assert keys == ["D1:1", "D1:2", "D1:3", "D1:4", "D2:1", "D2:2", "D2:3"]
    by_text = {q.text: q for q in first.questions}
    assert by_text["What instrument is Ben learning and how is it going?"].gold_turns == {
        "D1:4", "D2:2"}
    assert by_text["What breed is Ana's dog?"].gold_turns == {"D1:3"}
    assert by_text["Which city did Ana run her marathon in?"].gold_turns == {"D2:1"}
    # "D2:9" matches no turn: dropped, and its question has no evidence left
    assert "Who is Ben's violin teacher?" not in by_text
    assert (first.dropped_evidence, first.skipped_questions) == (1, 1)
    assert by_text["What did Ben say about Biscuit's marathon?"].category == "5"
    # the bare "D" in sample 2 is dropped; the question keeps its valid id
    assert second.dropped_evidence == 1 and len(second.questions) == 2


def test_locomo_turns_keep_speaker_and_image_caption() -> None:
    sample = load_locomo(FIXTURES / "locomo_mini.json")[0]
    turn = sample.sessions[0].turns[3]
    assert turn.speaker == "Ben"
    assert "a violin on a wooden table" in turn.text
    assert "example.invalid" not in turn.text


def test_locomo_rejects_wrong_shapes(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"not": "a list"}))
    with pytest.raises(InvalidInputError):
        load_locomo(path)
    path.write_text(json.dumps([{"qa": []}]))
    with pytest.raises(InvalidInputError):
        load_locomo(path)
    with pytest.raises(InvalidInputError):
        load_locomo(tmp_path / "missing.json")


def test_longmemeval_dates() -> None:
    assert lme_date("2024/03/02 (Sat) 10:15") == datetime(2024, 3, 2, 10, 15, tzinfo=UTC)
    assert lme_date("2024/03/02") == datetime(2024, 3, 2, tzinfo=UTC)
    with pytest.raises(InvalidInputError):
        lme_date("yesterday")


def test_longmemeval_loader() -> None:
    q1, q2, q3_abs, q4_assistant = load_longmemeval(FIXTURES / "longmemeval_mini.json")
    assert len(q1.questions) == 1
    question = q1.questions[0]
    assert question.gold_sessions == {"s1"} and question.gold_turns == {"s1:0"}
    assert q2.questions[0].gold_sessions == {"s0", "s2"}
    assert q2.questions[0].gold_turns == {"s0:0", "s2:0"}
    # abstention, and a question whose only flagged turn is the assistant's, are skipped
    assert (q3_abs.questions, q3_abs.skipped_questions) == ([], 1)
    assert (q4_assistant.questions, q4_assistant.skipped_questions) == ([], 1)
    # only user turns are indexed; the dataset's session ids appear nowhere
    indexed = [t for _, _, t in q1.turns() if t.indexed]
    assert indexed[0].text == "Can you suggest a quick pasta recipe?"
    assert all(t.speaker is None for _, _, t in q1.turns())
    assert not any("answer_" in t.key or "filler" in t.key for _, _, t in q1.turns())
    assert q1.sessions[1].at == datetime(2024, 2, 10, 18, 30, tzinfo=UTC)


def test_longmemeval_rejects_ragged_haystack(tmp_path: Path) -> None:
    entry = json.loads((FIXTURES / "longmemeval_mini.json").read_text())[0]
    entry["haystack_dates"] = entry["haystack_dates"][:1]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([entry]))
    with pytest.raises(InvalidInputError):
        load_longmemeval(path)
