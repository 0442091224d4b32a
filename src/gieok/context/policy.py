"""What one context build follows, per scope (P2, W9, C6): the scope's profile's context and
scoring settings, its resolved per-scope settings, and the tiers' merged ``data``.

* Seed 000's injection rule: only allowed categories (uncategorized counts as ``context``),
  at or above the minimum confidence, at most ``inject_limit`` retrieved memories.
* Seed 002's tier override (C6): structured ``data`` of organisation, project and session
  knowledge merges key by key, the narrower tier winning; the block shows the merged keys
  once instead of conflicting values side by side.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gieok.domain.context import SECTION_TITLES, ContextItem, ContextSection, SectionKind
from gieok.domain.context import ContextSettings
from gieok.domain.policy import ScopeSettings
from gieok.domain.records import Category, MemoryRecord
from gieok.domain.scope import Scope
from gieok.settings import ScoringSettings

TIER_DATA_RELEVANCE = 0.9
MAX_VALUE_CHARS = 300


@dataclass(frozen=True)
class Policy:
    context: ContextSettings
    scoring: ScoringSettings
    scope: ScopeSettings

    def admits(self, record: MemoryRecord) -> bool:
        """Seed 000's injection rule for one of the user's own memories."""
        allowed = self.scope.allowed_categories
        if allowed is not None and (record.category or Category.CONTEXT.value) not in allowed:
            return False
        return record.confidence >= self.scope.min_confidence


def _value(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                           default=str)
    return text if len(text) <= MAX_VALUE_CHARS else text[:MAX_VALUE_CHARS - 1] + "…"


def tier_data_section(data: Mapping[str, Any], scope: Scope) -> ContextSection | None:
    """The merged tier data as one item: in the project section when the scope has a
    project, else with the organisation's knowledge."""
    if not data:
        return None
    kind = SectionKind.PROJECT if scope.project else SectionKind.ORGANISATION
    lines = "\n".join(f"- {key}: {_value(value)}" for key, value in data.items())
    item = ContextItem(id="tiers:data", text=f"[settings; narrower tiers override]\n{lines}",
                       score=TIER_DATA_RELEVANCE)
    return ContextSection(kind=kind, title=SECTION_TITLES[kind], relevance=TIER_DATA_RELEVANCE,
                          items=[item])
