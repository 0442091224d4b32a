"""The guards every write passes first (W4/W9): the scope's category allow-list, PII
masking of chat turns before they are stored, and the PII policies a scope's settings name.

Pure functions, shared by the write path, the seed-003 routes and the LangGraph store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gieok.domain.policy import PiiPolicy, ScopeSettings
from gieok.domain.records import Layer
from gieok.domain.turns import Turn
from gieok.errors import PolicyError
from gieok.write.pii import PiiPolicies, guard, guard_fields
from gieok.write.pii_answers import asks_for_secret


def check_category(fields: dict[str, Any], settings: ScopeSettings) -> None:
    """W9 on direct writes: a long-term memory outside the scope's allowed categories is
    refused (extraction drops such candidates; injection never shows them)."""
    allowed = settings.allowed_categories
    layer = str(fields.get("layer") or Layer.LONG_TERM.value)
    if allowed is None or layer != Layer.LONG_TERM.value or fields.get("category") in allowed:
        return
    raise PolicyError(
        f"this scope keeps only {', '.join(allowed)} memories; pass category= one of them, "
        "or change allowed_categories in the scope's settings",
        code="CATEGORY_NOT_ALLOWED",
        details={"category": fields.get("category"), "allowed": list(allowed)})


def pii_policies(settings: ScopeSettings) -> PiiPolicies:
    return PiiPolicies(secrets=settings.pii_policy, contact=settings.pii_contact_policy)


def guard_turns(turns: Sequence[Turn], policies: PiiPolicies, *,
                before: Sequence[Turn] = ()) -> list[Turn]:
    """Mask turns before they are stored; a chat turn is never refused, only masked.
    ``before``: the session's turns just before these (the last two are enough), so that a
    short reply to "what's the password?" is read as the password it is."""
    masking = PiiPolicies(secrets=PiiPolicy.MASK, contact=(
        PiiPolicy.MASK if policies.contact is PiiPolicy.REFUSE else policies.contact))
    said = [(t.role, t.content) for t in before[-2:]]
    out = []
    for turn in turns:
        asked = asks_for_secret(said) if turn.role == "user" else None
        said = [*said[-1:], (turn.role, turn.content)]
        result = guard(turn.content, masking, asked=asked)
        side, kinds, _ = guard_fields({"name": turn.name, "metadata": turn.metadata}, masking)
        if result.kinds or kinds:
            flags = sorted(set(result.flags) | {k.value for k in kinds})
            turn = turn.model_copy(update={"content": result.text, "name": side["name"],
                                           "metadata": {**side["metadata"], "pii": flags}})
        out.append(turn)
    return out
