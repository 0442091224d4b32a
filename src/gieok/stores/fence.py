"""Fences: a forget wins over writes that were prepared before it (X3, issue 15 item 4).

Extraction is slow (an LLM call, seconds) and runs off the request path. Without a fence, a
job that read a session's turns before ``forget`` and wrote its memories after it left a
memory in a scope the user had just emptied. Now every forget records a fence row in the
store, in the forget's own transaction: the SHA-256 of the forgotten scope's key (no ids in
clear: forgotten ids must not linger in the file) and a sequence number. A writer reads the
current mark (``FenceOp``) *before* it reads what it will write from, and its batch carries
``Fence(scope, mark)``; the store refuses that batch with ``SCOPE_FORGOTTEN`` when a forget
covering ``scope`` committed after the mark. Rows older than ``FENCE_KEEP_S`` are pruned at
the next forget: no write is prepared for that long.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from gieok.domain.scope import Scope, covering_keys
from gieok.errors import ConflictError

FENCE_KEEP_S = 7 * 24 * 3600.0
SCOPE_FORGOTTEN = "SCOPE_FORGOTTEN"


@dataclass(frozen=True)
class Fence:
    """Refuse the batch if a forget covering ``scope`` committed after ``mark``."""

    scope: Scope
    mark: int


def fence_hash(scope_key: str) -> str:
    return hashlib.sha256(scope_key.encode("utf-8")).hexdigest()


def covering_hashes(scope: Scope) -> list[str]:
    """The fence rows that would stop a write prepared for ``scope``."""
    return [fence_hash(key) for key in covering_keys(scope)]


def scope_forgotten(scope: Scope) -> ConflictError:
    return ConflictError(
        f"the scope {scope} was forgotten while this write was being prepared; nothing was "
        "stored (write again if the new data should be kept)", code=SCOPE_FORGOTTEN)
