"""Procedural memory (C4, seed 004): skills stored per scope as records.

A skill is a ``MemoryRecord`` with ``layer=procedural`` and ``data={"name", "triggers",
"steps"}``; its content is a one-line description so it is searchable like any memory. A
skill whose trigger matches the query contributes its steps to the context. Triggers are
case-insensitive substrings (``"wikify"``, ``"위키"``), globs when they contain ``*`` or
``?``, or regular expressions written ``/like this/``. The same skill name at a narrower
scope overrides a wider one key by key (C6).
"""

from __future__ import annotations

import fnmatch
import functools
import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from gieok.context.merge import merge_by_scope
from gieok.domain.records import Layer, MemoryRecord
from gieok.errors import InvalidInputError

MAX_STEPS = 50


class Skill(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=100)
    triggers: list[str] = Field(min_length=1)
    steps: list[str] = Field(min_length=1, max_length=MAX_STEPS)
    description: str | None = None

    @field_validator("triggers", "steps")
    @classmethod
    def _non_empty(cls, values: list[str]) -> list[str]:
        cleaned = [v.strip() for v in values if isinstance(v, str) and v.strip()]
        if not cleaned:
            raise ValueError("needs at least one non-empty string")
        for value in cleaned:
            if value.startswith("/") and value.endswith("/") and len(value) > 2:
                try:
                    re.compile(value[1:-1])
                except re.error as exc:
                    raise ValueError(f"trigger {value!r} is not a valid regex: {exc}") from None
        return cleaned

    def content(self) -> str:
        """The searchable one-liner stored as the record's content."""
        head = self.description or f"Skill {self.name}"
        return f"{head} (triggers: {', '.join(self.triggers)})"

    def render(self) -> str:
        steps = "\n".join(f"  {i}. {step}" for i, step in enumerate(self.steps, start=1))
        return f"- {self.name}:\n{steps}"


def build_skill(name: str, triggers: Sequence[str], steps: Sequence[str],
                description: str | None = None) -> Skill:
    """Validate a skill, raising INVALID_INPUT with the first problem."""
    try:
        return Skill(name=name, triggers=list(triggers), steps=list(steps),
                     description=description)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(map(str, err["loc"])) or "skill"
        raise InvalidInputError(f"skill {loc}: {err['msg']}") from None
    except TypeError as exc:
        raise InvalidInputError(f"skill: {exc}") from None


def skill_from_record(record: MemoryRecord) -> Skill | None:
    if record.layer is not Layer.PROCEDURAL or not isinstance(record.data, dict):
        return None
    try:
        return Skill.model_validate(record.data)
    except ValidationError:
        return None


@functools.lru_cache(maxsize=1024)
def _compiled(trigger: str) -> re.Pattern[str]:
    if len(trigger) > 2 and trigger.startswith("/") and trigger.endswith("/"):
        return re.compile(trigger[1:-1], re.IGNORECASE)
    if any(c in trigger for c in "*?["):
        return re.compile(fnmatch.translate(trigger.casefold()).replace(r"\Z", ""),
                          re.IGNORECASE)
    return re.compile(re.escape(trigger.casefold()), re.IGNORECASE)


def trigger_match(skill: Skill, query: str) -> str | None:
    """The first trigger that matches ``query``, or ``None``."""
    text = query.casefold()
    for trigger in skill.triggers:
        if _compiled(trigger).search(text):
            return trigger
    return None


def matching_skills(records: Sequence[MemoryRecord], query: str) -> list[tuple[Skill, str,
                                                                                list[str]]]:
    """Skills whose triggers match, merged by name across tiers: (skill, trigger, ids)."""
    by_name: dict[str, list[MemoryRecord]] = {}
    for record in records:
        skill = skill_from_record(record)
        if skill is not None:
            by_name.setdefault(skill.name.casefold(), []).append(record)
    out = []
    for group in by_name.values():
        data: dict[str, Any] = merge_by_scope([(r.scope, r.data or {}) for r in group])
        try:
            skill = Skill.model_validate(data)
        except ValidationError:
            continue
        trigger = trigger_match(skill, query)
        if trigger is not None:
            out.append((skill, trigger, [r.id for r in group]))
    return out
