"""Clean-context fan-out (C7, seed 002 §8): one state to parallel agents, without anchoring.

Each branch gets the fields it needs, the shared memory context (read-only: a deep copy, so
no branch can change what another sees), fresh empty result fields, and its own variant
label — but never another branch's results, which would anchor its judgement.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from langgraph.types import Send

SHARED = ("memory_context",)


def clean_context_sends(
    state: Mapping[str, Any],
    node: str,
    variants: Iterable[str],
    *,
    keep: Sequence[str],
    reset: Mapping[str, Any] | None = None,
    shared: Sequence[str] = SHARED,
    variant_key: str = "variant",
) -> list[Send]:
    """A ``Send(node, …)`` per variant, for a conditional edge:
    ``graph.add_conditional_edges("cortex", lambda s: clean_context_sends(s, "analyst",
    ["growth", "risk"], keep=["entity_name"], reset={"analyses": []}, variant_key=
    "_analyst_type"))``. Fields not named in ``keep``/``shared``/``reset`` are not sent."""
    base: dict[str, Any] = {key: state[key] for key in keep if key in state}
    for key in shared:
        base[key] = state.get(key)
    sends = []
    for variant in variants:
        payload = copy.deepcopy(base)
        payload.update(copy.deepcopy(dict(reset or {})))
        payload[variant_key] = variant
        sends.append(Send(node, payload))
    return sends
