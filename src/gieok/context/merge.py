"""Tier override (C6, seed 002): org → project → user → persona → session, narrower wins.

Settings-like key/value context is merged key by key from the widest tier to the narrowest.
A narrower tier overrides a wider one only with a real value: ``None``, empty strings and
empty collections never override (seed 002's "only non-empty values override").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gieok.domain.scope import LEVELS, Scope


def is_empty(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    if isinstance(value, Mapping | list | tuple | set | frozenset):
        return len(value) == 0
    return False


def merge_tiers(layers: Sequence[Mapping[str, Any] | None]) -> dict[str, Any]:
    """Merge ``layers`` given widest first; later (narrower) non-empty values win."""
    merged: dict[str, Any] = {}
    for layer in layers:
        if not layer:
            continue
        for key, value in layer.items():
            if is_empty(value):
                merged.setdefault(key, value)  # present, but never overriding a real value
            else:
                merged[key] = value
    return merged


def tier_rank(scope: Scope) -> int:
    """How narrow a scope is: the index of its innermost set level (org = 0 … session = 4)."""
    set_levels = [i for i, level in enumerate(LEVELS) if getattr(scope, level)]
    return max(set_levels) if set_levels else 0


def merge_by_scope(items: Sequence[tuple[Scope, Mapping[str, Any]]]) -> dict[str, Any]:
    """Merge dicts written at different scopes, widest scope first (stable for ties)."""
    ordered = sorted(enumerate(items), key=lambda p: (tier_rank(p[1][0]), p[0]))
    return merge_tiers([data for _, (_, data) in ordered])
