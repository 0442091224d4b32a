"""LoCoMo loader (Maharana et al., 2024): conversations, QA items and evidence ids.

Format: a list of samples, each with ``conversation`` (``speaker_a``, ``speaker_b``,
``session_<n>`` turn lists of ``{speaker, dia_id, text, blip_caption?}`` and
``session_<n>_date_time``) and ``qa`` items ``{question, answer | adversarial_answer,
evidence: [dia_id…], category}``. Some evidence ids are malformed ("D8:6; D9:17",
"D:11:26", "D30:05"): they are normalised, and ids that match no turn are dropped and
counted.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gieok.errors import InvalidInputError
from gieok.evaluation.dataset import EvalQuestion, EvalSample, EvalSession, EvalTurn

CATEGORIES = {
    "1": "multi-hop", "2": "temporal", "3": "open-domain", "4": "single-hop", "5": "adversarial",
}
HEADLINE = ("1", "2", "3", "4")
SPLITS = ("all", "dev", "test")
_SESSION = re.compile(r"session_(\d+)")
_EVIDENCE = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)")
_DATE_FORMATS = ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %B %Y", "%d %B, %Y", "%d %B %Y")


def parse_date(text: str) -> datetime:
    """LoCoMo's "1:56 pm on 8 May, 2023" as a UTC datetime."""
    cleaned = " ".join(str(text).replace("\u202f", " ").split())
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(cleaned, fmt).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise InvalidInputError(f"cannot read LoCoMo session date {text!r}")


def normalise_evidence(raw: Any) -> list[str]:
    """Every ``D<session>:<turn>`` inside ``raw``, canonical (no leading zeros)."""
    values = raw if isinstance(raw, list) else [raw]
    out: list[str] = []
    for value in values:
        for session, turn in _EVIDENCE.findall(str(value)):
            out.append(f"D{int(session)}:{int(turn)}")
    return list(dict.fromkeys(out))


def _turn_text(turn: dict[str, Any]) -> str:
    text = str(turn.get("text") or "").strip()
    caption = str(turn.get("blip_caption") or "").strip()
    if caption:  # the image the speaker shared is part of what was said
        text = f"{text} [shares a photo: {caption}]".strip()
    return text


def _sessions(conversation: dict[str, Any]) -> list[EvalSession]:
    numbers = sorted(
        int(m.group(1)) for key in conversation if (m := _SESSION.fullmatch(key))
    )
    sessions = []
    for n in numbers:
        turns = conversation.get(f"session_{n}") or []
        if not isinstance(turns, list) or not turns:
            continue
        at = parse_date(conversation.get(f"session_{n}_date_time", ""))
        sessions.append(EvalSession(
            key=f"S{n}", at=at,
            turns=tuple(
                EvalTurn(key=_canonical(t.get("dia_id")), text=_turn_text(t),
                         speaker=str(t.get("speaker") or "") or None)
                for t in turns
            ),
        ))
    return sessions


def _canonical(dia_id: Any) -> str:
    found = normalise_evidence(dia_id)
    return found[0] if found else str(dia_id)


def parse_sample(raw: dict[str, Any]) -> EvalSample:
    try:
        sessions = _sessions(raw["conversation"])
        qa = raw.get("qa") or []
    except (KeyError, TypeError, AttributeError) as exc:
        raise InvalidInputError(f"not a LoCoMo sample: missing {exc}") from None
    known = {t.key for s in sessions for t in s.turns}
    session_of = {t.key: s.key for s in sessions for t in s.turns}
    sample = EvalSample(sessions=sessions, questions=[])
    for item in qa:
        raw = item.get("evidence") or []
        raw = raw if isinstance(raw, list) else [raw]
        evidence = normalise_evidence(raw)
        kept = frozenset(e for e in evidence if e in known)
        unreadable = sum(1 for value in raw if not normalise_evidence(value))
        sample.dropped_evidence += len(evidence) - len(kept) + unreadable
        if not kept:
            sample.skipped_questions += 1
            continue
        sample.questions.append(EvalQuestion(
            text=str(item["question"]), category=str(item.get("category", "?")),
            gold_turns=kept, gold_sessions=frozenset(session_of[e] for e in kept),
        ))
    return sample


LOCOMO_URL = "https://raw.githubusercontent.com/snap-research/locomo/main/data/locomo10.json"
GET_DATA = ("The data is data/locomo10.json of the LoCoMo repository: "
            f"curl -LO {LOCOMO_URL}")


def split_samples(samples: list[EvalSample], split: str) -> list[EvalSample]:
    """The fixed dev/test split, by conversation, chosen before any tuning: conversations at
    even positions in the file (0, 2, …) are ``dev``, the others ``test``. Tune on dev;
    report test once."""
    if split not in SPLITS:
        raise InvalidInputError(f"unknown split {split!r}; use one of {', '.join(SPLITS)}")
    if split == "all":
        return samples
    parity = 0 if split == "dev" else 1
    return [s for i, s in enumerate(samples) if i % 2 == parity]


def load_locomo(path: str | Path) -> list[EvalSample]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InvalidInputError(
            f"cannot read LoCoMo data {str(path)!r}: {exc}. {GET_DATA}") from None
    if not isinstance(data, list):
        raise InvalidInputError("LoCoMo data must be a JSON list of samples")
    return [parse_sample(item) for item in data]
