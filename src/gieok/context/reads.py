"""``context()``'s first reads in one store round trip: the scope's settings chain, the
session's recent turns and its "use in the next turn" selection, and the standing memo's
"changed since?" check.

Why: each awaited store call is a hop to the store's thread (SQLite) or a network round trip
(PostgreSQL). Asked one by one they were four of the five hops a ``context()`` made, at
~0.15 ms of CPU each on a loaded machine (docs/benchmarks.md, "Context assembly, session
9"). The answers are the ones the separate calls gave — read in one snapshot instead of
four. The turns and the selection come through the store only when the runtime uses the
store's own working log; a log kept elsewhere (Redis in front of it) is asked itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gieok.context.cache import MemoProbe
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.profiles import ScopePolicy
from gieok.runtime import Runtime
from gieok.stores.ops import ReadOp, SelectionOp, TurnsOp


@dataclass
class FirstReads:
    """What the batch answered. ``turns(limit)`` gives the scope's last ``limit`` turns;
    ``changed`` is the probe's answer (``None`` when no probe was sent)."""

    rt: Runtime
    scope: Scope
    policy: ScopePolicy
    selection: list[str]
    changed: bool | None
    _turns: list[Turn] | None
    _limit: int

    async def turns(self, limit: int) -> list[Turn]:
        """The last ``limit`` turns, oldest first (``WorkingLog.recent``): cut from the
        batch's answer when it read at least that many, else read now (a scope whose
        profile keeps more turns than the process default)."""
        if self._turns is not None and limit <= self._limit:
            return self._turns[len(self._turns) - limit:] if limit > 0 else []
        return await self.rt.working.recent(self.scope, limit=limit)


async def first_reads(rt: Runtime, scope: Scope, *, turns: int | None,
                      probe: MemoProbe | None = None) -> FirstReads:
    """Read ``scope``'s settings chain, its last ``turns`` turns (``None``: not wanted), its
    selection (session scopes) and ``probe`` in one ``store.read`` when the runtime's working
    log is the store's own; otherwise the log is asked beside the one store read."""
    own = rt.working is rt.store.working
    ops: list[ReadOp] = [rt.policy_op(scope)]
    at: dict[str, int] = {}

    def add(name: str, op: ReadOp) -> None:
        at[name] = len(ops)
        ops.append(op)

    if own and turns is not None:
        add("turns", TurnsOp(scope, turns))
    if own and scope.session:
        add("selection", SelectionOp(scope))
    if probe is not None:
        at["probe"] = len(ops)
        ops.extend(probe.ops)
    answers: Sequence[Any] = await rt.store.read(ops)
    selection: list[str] = []
    if "selection" in at:
        selection = list(answers[at["selection"]])
    elif scope.session:
        selection = await rt.working.selection(scope)
    return FirstReads(
        rt=rt, scope=scope, policy=rt.resolve(answers[0]), selection=selection,
        changed=probe.changed(answers[at["probe"]:]) if probe is not None else None,
        _turns=list(answers[at["turns"]]) if "turns" in at else None,
        _limit=turns if turns is not None else 0)
