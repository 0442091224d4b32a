"""Hook points (seed 002's ``HookSystem``): run your code when a pipeline ends.

A multi-agent pipeline learns from its runs by writing each run's outcome back into the
project's ``MEMORY.md`` (W12). ``Memory.pipeline_end(final_state, project_id=…)`` is that
hook point: it writes the run's insight (``[entity] tier=A, score=71.00, cause=…``; nothing
for dry runs or states without an ``entity_name``) and then calls every handler registered
for ``"pipeline_end"``, highest priority first. A failing handler is logged and reported,
never raised: the pipeline's result is already final.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gieok.errors import InvalidInputError

log = logging.getLogger("gieok.hooks")
EVENTS = frozenset({"pipeline_end"})
Handler = Callable[[str, Mapping[str, Any]], Awaitable[Any] | Any]


@dataclass(order=True)
class _Entry:
    sort: tuple[int, int]
    name: str = field(compare=False)
    handler: Handler = field(compare=False)


@dataclass
class HookReport:
    """What a hook point did: the insight written (if any) and each handler's outcome."""

    insight: str | None = None
    added: bool = False
    skipped: str | None = None  # why no insight was written
    ran: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


class Hooks:
    """Handlers by event name; ``register`` returns the handler's name for ``unregister``."""

    def __init__(self) -> None:
        self._entries: dict[str, list[_Entry]] = {event: [] for event in EVENTS}
        self._order = 0

    def register(self, event: str, handler: Handler, *, name: str | None = None,
                 priority: int = 50) -> str:
        if event not in EVENTS:
            raise InvalidInputError(f"unknown hook event {event!r}; use one of {sorted(EVENTS)}")
        if not callable(handler):
            raise InvalidInputError("a hook handler must be callable(event, data)")
        self._order += 1
        name = name or getattr(handler, "__name__", f"handler-{self._order}")
        self.unregister(name)
        self._entries[event].append(_Entry((-priority, self._order), name, handler))
        self._entries[event].sort()
        return name

    def unregister(self, name: str) -> bool:
        found = False
        for event, entries in self._entries.items():
            kept = [e for e in entries if e.name != name]
            found |= len(kept) != len(entries)
            self._entries[event] = kept
        return found

    async def trigger(self, event: str, data: Mapping[str, Any],
                      report: HookReport | None = None) -> HookReport:
        report = report or HookReport()
        for entry in list(self._entries.get(event, [])):
            try:
                outcome = entry.handler(event, data)
                if inspect.isawaitable(outcome):
                    await outcome
                report.ran.append(entry.name)
            except Exception as exc:  # noqa: BLE001 — a hook never breaks the pipeline (W10)
                log.exception("hook %s failed on %s", entry.name, event)
                report.failures.append(f"{entry.name}: {type(exc).__name__}: {exc}")
        return report


def insight_of(state: Mapping[str, Any]) -> tuple[str, str] | None:
    """Seed 002's write-back line from a pipeline's final state: ``(entity, "tier=A,
    score=71.00, cause=…")``; None without an ``entity_name`` (a half-filled state would
    record ``unknown``/``?`` — better nothing)."""
    entity = state.get("entity_name")
    if not isinstance(entity, str) or not entity.strip():
        return None
    parts = [f"tier={state.get('tier', '?')}"]
    score = state.get("final_score")
    if isinstance(score, int | float) and not isinstance(score, bool):
        parts.append(f"score={float(score):.2f}")
    cause = state.get("synthesis_cause")
    if cause:
        parts.append(f"cause={cause}")
    return entity.strip(), ", ".join(parts)
