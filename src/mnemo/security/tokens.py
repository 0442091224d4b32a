"""Bearer tokens (X1): each maps to one tenant and, unless it is an admin token, one user.

Only a SHA-256 hash of the token is stored; the secret is shown once at creation.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from mnemo.domain.records import new_id, utcnow

TOKEN_PREFIX = "mnm_"


def hash_token(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def generate_secret() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


class ApiToken(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=new_id)
    token_hash: str
    tenant: str
    user: str | None = None
    admin: bool = False
    name: str | None = None
    created_at: datetime = Field(default_factory=utcnow)
    revoked_at: datetime | None = None

    @property
    def active(self) -> bool:
        return self.revoked_at is None
