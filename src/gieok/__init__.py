"""gieok — long-term memory for LLM agents and chat apps.

>>> from gieok import Memory
>>> mem = Memory("sqlite:///gieok.db")                                   # doctest: +SKIP
>>> mem.remember("User lives in Gangnam-gu, Seoul", user_id="u1")        # doctest: +SKIP
>>> mem.search("where does the user live?", user_id="u1")                # doctest: +SKIP
"""

from gieok.client import AsyncClient, Client
from gieok.context.project_files import ProjectMemory
from gieok.domain.audit import AuditAction, AuditEvent, Trigger
from gieok.domain.context import Budget, Context
from gieok.domain.policy import PiiPolicy, ScopeSettings
from gieok.domain.query import Page, ScoredMemory, ScoreParts
from gieok.domain.records import Category, Layer, MemoryRecord, MemoryType, Source, Status
from gieok.domain.results import AddResult, Decision, DecisionKind
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.errors import (
    AuthError,
    BackendError,
    ConfigurationError,
    ConflictError,
    EmbedderError,
    InvalidInputError,
    LLMError,
    GieokError,
    NotFoundError,
    PolicyError,
    StoreConstraintError,
    StoreDataError,
    StoreError,
    StoreSchemaError,
)
from gieok.memory import AsyncMemory, Memory
from gieok.settings import GieokSettings

__version__ = "0.1.0"

__all__ = [
    "AddResult",
    "AsyncClient",
    "AsyncMemory",
    "AuditAction",
    "AuditEvent",
    "AuthError",
    "BackendError",
    "Budget",
    "Category",
    "Client",
    "ConfigurationError",
    "ConflictError",
    "Context",
    "Decision",
    "DecisionKind",
    "EmbedderError",
    "InvalidInputError",
    "LLMError",
    "Layer",
    "Memory",
    "MemoryRecord",
    "MemoryType",
    "GieokError",
    "GieokSettings",
    "NotFoundError",
    "Page",
    "PiiPolicy",
    "PolicyError",
    "ProjectMemory",
    "ScopeSettings",
    "Scope",
    "ScoreParts",
    "ScoredMemory",
    "Source",
    "Status",
    "StoreConstraintError",
    "StoreDataError",
    "StoreError",
    "StoreSchemaError",
    "Trigger",
    "Turn",
    "__version__",
]
