"""LongMemEval loader (Wu et al., 2024; the "S, cleaned" format).

Each entry is its own haystack: ``question_id``, ``question_type``, ``question``,
``question_date``, ``haystack_session_ids``, ``haystack_dates``, ``haystack_sessions``
(lists of ``{role, content, has_answer?}``) and ``answer_session_ids``.

The benchmark's official retrieval evaluation indexes only user turns (``EvalTurn.indexed``;
the product path sends every turn to ``add()`` unless told otherwise); a gold
session is an answer session with at least one user turn flagged ``has_answer``; abstention
questions (``_abs``) and questions with no flagged user turn are skipped. Keys are
positional (``s3``, ``s3:1``): the dataset's own session ids, whose gold ones start with
"answer_" in the real data, are read once here and go no further.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gieok.errors import InvalidInputError
from gieok.evaluation.dataset import EvalQuestion, EvalSample, EvalSession, EvalTurn

_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})(?:\s*\(\w+\))?(?:\s+(\d{1,2}):(\d{2}))?")


def parse_date(text: Any) -> datetime:
    """"2024/03/02 (Sat) 10:15" as a UTC datetime (ISO 8601 is accepted too)."""
    value = str(text).strip()
    match = _DATE.fullmatch(value)
    if match:
        year, month, day, hour, minute = match.groups()
        return datetime(int(year), int(month), int(day), int(hour or 0), int(minute or 0),
                        tzinfo=UTC)
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise InvalidInputError(f"cannot read LongMemEval date {value!r}") from None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _session(index: int, at: datetime, turns: Any) -> tuple[EvalSession, set[str]]:
    if not isinstance(turns, list):
        raise InvalidInputError(f"haystack session {index} must be a list of turns")
    out: list[EvalTurn] = []
    flagged: set[str] = set()
    for j, turn in enumerate(turns):
        if not isinstance(turn, dict):
            raise InvalidInputError(f"haystack session {index}, turn {j} must be an object")
        key = f"s{index}:{j}"
        is_user = turn.get("role") == "user"
        role = "assistant" if turn.get("role") == "assistant" else "user"
        out.append(EvalTurn(key=key, text=str(turn.get("content") or ""), indexed=is_user,
                            role=role))
        if is_user and turn.get("has_answer") is True:
            flagged.add(key)
    return EvalSession(key=f"s{index}", at=at, turns=tuple(out)), flagged


def parse_entry(raw: dict[str, Any]) -> EvalSample:
    try:
        qid = str(raw["question_id"])
        ids = list(raw["haystack_session_ids"])
        dates = list(raw["haystack_dates"])
        haystack = list(raw["haystack_sessions"])
        answers = set(raw.get("answer_session_ids") or [])
        question = str(raw["question"])
        category = str(raw.get("question_type") or "?")
    except (KeyError, TypeError) as exc:
        raise InvalidInputError(f"not a LongMemEval entry: missing {exc}") from None
    if not len(ids) == len(dates) == len(haystack):
        raise InvalidInputError(
            f"entry {qid!r}: haystack_session_ids, haystack_dates and haystack_sessions "
            "must have the same length"
        )
    sample = EvalSample(sessions=[], questions=[])
    gold_turns: set[str] = set()
    gold_sessions: set[str] = set()
    for index, (sid, date, turns) in enumerate(zip(ids, dates, haystack, strict=True)):
        session, flagged = _session(index, parse_date(date), turns)
        sample.sessions.append(session)
        if sid in answers and flagged:
            gold_sessions.add(session.key)
            gold_turns |= flagged
    if qid.endswith("_abs") or not gold_sessions:
        sample.skipped_questions = 1
        return sample
    sample.questions.append(EvalQuestion(
        text=question, category=category,
        gold_turns=frozenset(gold_turns), gold_sessions=frozenset(gold_sessions),
    ))
    return sample


def load_longmemeval(path: str | Path) -> list[EvalSample]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InvalidInputError(f"cannot read LongMemEval data {str(path)!r}: {exc}") from None
    if not isinstance(data, list):
        raise InvalidInputError("LongMemEval data must be a JSON list of entries")
    return [parse_entry(entry) for entry in data]
