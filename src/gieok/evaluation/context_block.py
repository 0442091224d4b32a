"""The context-block set (issue 14 §2): does ``context()`` show what the turn needs, and only that?

``data/context_block.yaml`` holds personas (Korean and English) whose sessions go through
``add()`` turn by turn, like a chat app, and requests an agent would get from them. Each case
names, as words a block line must hold:

* ``must`` — memories the block must show (each item is a list of alternatives: any one of
  them in any line of the block counts; pinned facts and past conversations count too);
* ``must_not`` — memories unrelated to the request: an item counts as *included* when a
  searched line (relevant memories, past conversations) holds it — pinned facts and recent
  episodes are shown whatever the request, so they are not the relevance floor's doing;
* ``past`` — old values: every line of the block that holds one must be marked as history.

The file was written before ``context()`` was tuned on it. Cases split by
sha256(case id) % 5 in (0, 1) → test, the rest dev: tune on dev, report test once.

    gieok eval context [--split dev|test|all] [--failures] [--json out.json]
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

SEARCHED = ("memories", "conversations")
PAST_MARKS = ("(until ", "(past)", "(지난 일)", "(previously ", "(이전에는 ")


@dataclass(frozen=True)
class Case:
    id: str
    persona: str
    query: str
    must: tuple[tuple[str, ...], ...] = ()
    must_not: tuple[tuple[str, ...], ...] = ()
    past: tuple[str, ...] = ()

    @property
    def split(self) -> str:
        return split_of(self.id)


@dataclass(frozen=True)
class Persona:
    id: str
    sessions: tuple[tuple[datetime, tuple[tuple[str, str], ...]], ...]
    cases: tuple[Case, ...]


def split_of(case_id: str) -> str:
    """test for sha256(id) % 5 in (0, 1), dev otherwise (fixed before any tuning)."""
    return "test" if int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 5 in (0, 1) \
        else "dev"


def _alternatives(items: Iterable[Any]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(str(w) for w in (i if isinstance(i, list) else [i])) for i in items)


def load(path: Path | None = None) -> list[Persona]:
    """The bundled file, or ``path``."""
    if path is None:
        text = resources.files("gieok.evaluation").joinpath(
            "data/context_block.yaml").read_text(encoding="utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
    out = []
    for p in yaml.safe_load(text)["personas"]:
        sessions = tuple(
            (datetime.fromisoformat(str(s["date"])).replace(hour=20, tzinfo=timezone.utc),
             tuple((str(r), str(c)) for r, c in s["turns"])) for s in p["sessions"])
        cases = tuple(Case(id=c["id"], persona=p["id"], query=c["q"],
                           must=_alternatives(c.get("must", [])),
                           must_not=_alternatives(c.get("must_not", [])),
                           past=tuple(str(w) for w in c.get("past", [])))
                      for c in p["cases"])
        out.append(Persona(id=p["id"], sessions=sessions, cases=cases))
    return out


def _holds(line: str, word: str) -> bool:
    return word.casefold() in line.casefold()


@dataclass
class CaseResult:
    case: Case
    missing: list[tuple[str, ...]] = field(default_factory=list)
    included: list[tuple[str, ...]] = field(default_factory=list)
    unmarked: list[str] = field(default_factory=list)
    searched_lines: int = 0
    lines: list[str] = field(default_factory=list)


def score_case(case: Case, sections: Sequence[tuple[str, Sequence[str]]]) -> CaseResult:
    """Score one block, given as (section kind, item texts) pairs."""
    every = [t for _, items in sections for t in items]
    searched = [t for kind, items in sections if kind in SEARCHED for t in items]
    out = CaseResult(case=case, searched_lines=len(searched), lines=every)
    out.missing = [m for m in case.must if not any(_holds(t, w) for t in every for w in m)]
    out.included = [m for m in case.must_not
                    if any(_holds(t, w) for t in searched for w in m)]
    out.unmarked = [w for w in case.past for t in every
                    if _holds(t, w) and not any(mark in t for mark in PAST_MARKS)]
    return out


def summarize(results: Sequence[CaseResult]) -> dict[str, Any]:
    must = sum(len(r.case.must) for r in results)
    found = must - sum(len(r.missing) for r in results)
    bad = sum(len(r.case.must_not) for r in results)
    included = sum(len(r.included) for r in results)
    past = sum(1 for r in results if r.case.past)
    return {
        "cases": len(results),
        "must_recall": round(found / must, 3) if must else None, "must": f"{found}/{must}",
        "must_not_included": round(included / bad, 3) if bad else None,
        "must_not": f"{included}/{bad}",
        "cases_all_right": sum(1 for r in results
                               if not r.missing and not r.included and not r.unmarked),
        "past_unmarked": f"{sum(1 for r in results if r.unmarked)}/{past}",
        "searched_lines_per_case": round(sum(r.searched_lines for r in results)
                                         / (len(results) or 1), 2),
    }


def run(personas: Sequence[Persona], split: str = "dev", store: str | None = None
        ) -> list[CaseResult]:
    """Each persona on its own user through ``add()`` + ``end_session``, then each of its
    cases in ``split`` assembled at the default budget, one week after its last session."""
    from gieok import Memory  # the engine only when a run is asked for

    results: list[CaseResult] = []
    with tempfile.TemporaryDirectory(prefix="gieok-ctx-") as tmp:
        url = store or f"sqlite:///{Path(tmp) / 'ctx.db'}"
        with Memory(url) as mem:
            for persona in personas:
                cases = [c for c in persona.cases if split == "all" or c.split == split]
                if not cases:
                    continue
                for n, (day, turns) in enumerate(persona.sessions):
                    sid = f"{persona.id}-s{n}"
                    for i, (role, text) in enumerate(turns):
                        mem.add([{"role": role, "content": text}], user_id=persona.id,
                                session_id=sid, timestamp=day + timedelta(minutes=i))
                    mem.end_session(user_id=persona.id, session_id=sid)
                now = persona.sessions[-1][0] + timedelta(days=7)
                for case in cases:
                    ctx = mem.context(case.query, user_id=persona.id, session_id="ctx-eval",
                                      use_cache=False, track_use=False, now=now)
                    sections = [(str(s.kind.value), [i.text for i in s.items])
                                for s in ctx.sections]
                    results.append(score_case(case, sections))
    return results
