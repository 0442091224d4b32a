"""W7: capacity per scope. Pure planning; the pipeline and the engine apply the plan.

Defaults: 10,000 long-term and 1,000 episodic memories per scope (``GieokSettings.write``);
a scope's settings or its profile may lower or raise that (seed 004: 100 and 50; seed 003's
free plan: 5 episodes; 0 means no limit). Over the limit, the policy decides:
``archive_lowest`` archives the lowest-importance memories, oldest first among equals
(pinned memories last of all); ``refuse`` rejects the write with ``MEMORY_LIMIT_REACHED``.
Nothing is ever dropped silently: archived memories stay restorable and are reported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gieok.domain.policy import CapacityPolicy, ScopeSettings
from gieok.domain.records import Layer, MemoryRecord
from gieok.errors import PolicyError
from gieok.settings import WriteSettings


@dataclass
class CapacityPlan:
    limit: int | None
    archive: list[MemoryRecord] = field(default_factory=list)
    refused: int = 0  # incoming memories that do not fit under a "refuse" policy


def limit_for(layer: Layer, scope_settings: ScopeSettings, defaults: WriteSettings) -> int | None:
    """The scope's limit for ``layer``: its own (or its profile's) number, 0 meaning no
    limit, else the process default; None when nothing limits the layer."""
    if layer is Layer.EPISODIC:
        own, default = scope_settings.max_episodes, defaults.max_episodic
    elif layer is Layer.LONG_TERM:
        own, default = scope_settings.max_memories, defaults.max_long_term
    else:
        return None
    if own is not None:
        return own or None
    return default


def _eviction_order(record: MemoryRecord) -> tuple[bool, float, float]:
    return (record.pinned, record.importance, (record.created_at.timestamp()))


def plan_capacity(
    live: Sequence[MemoryRecord],
    incoming: Sequence[MemoryRecord],
    *,
    limit: int | None,
    policy: CapacityPolicy,
) -> CapacityPlan:
    """What to archive (or how many to refuse) so ``live + incoming`` fits in ``limit``.

    ``live`` are the scope's active, non-superseded memories of one layer *after* this
    write's supersessions; ``incoming`` are the new ones. Under ``archive_lowest`` the new
    memories compete like any other: a trivial new fact can be the one archived.
    """
    plan = CapacityPlan(limit=limit)
    if limit is None:
        return plan
    overflow = len(live) + len(incoming) - limit
    if overflow <= 0:
        return plan
    if policy is CapacityPolicy.REFUSE:
        plan.refused = min(overflow, len(incoming))
        return plan
    pool = sorted([*live, *incoming], key=_eviction_order)
    plan.archive = pool[:overflow]
    return plan


def limit_error(limit: int, layer: Layer, refused: int) -> PolicyError:
    return PolicyError(
        f"this scope already holds its limit of {limit} {layer.value} memories; archive or "
        "delete some, raise max_memories in the scope's settings, or use "
        "capacity_policy='archive_lowest'",
        code="MEMORY_LIMIT_REACHED",
        details={"limit": limit, "layer": layer.value, "refused": refused},
    )
