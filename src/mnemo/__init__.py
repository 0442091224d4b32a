"""mnemo — long-term memory for LLM agents and chat apps.

>>> from mnemo import Memory
>>> mem = Memory("sqlite:///mnemo.db")                                   # doctest: +SKIP
>>> mem.remember("User lives in Gangnam-gu, Seoul", user_id="u1")        # doctest: +SKIP
>>> mem.search("where does the user live?", user_id="u1")                # doctest: +SKIP
"""

from mnemo.context.project_files import ProjectMemory
from mnemo.domain.audit import AuditAction, AuditEvent, Trigger
from mnemo.domain.context import Budget, Context
from mnemo.domain.policy import PiiPolicy, ScopeSettings
from mnemo.domain.query import Page, ScoredMemory, ScoreParts
from mnemo.domain.records import Category, Layer, MemoryRecord, MemoryType, Source, Status
from mnemo.domain.results import AddResult, Decision, DecisionKind
from mnemo.domain.scope import Scope
from mnemo.domain.turns import Turn
from mnemo.errors import (
    AuthError,
    BackendError,
    ConfigurationError,
    ConflictError,
    EmbedderError,
    InvalidInputError,
    LLMError,
    MnemoError,
    NotFoundError,
    PolicyError,
    StoreError,
)
from mnemo.memory import AsyncMemory, Memory
from mnemo.settings import MnemoSettings

__version__ = "0.1.0"

__all__ = [
    "AddResult",
    "AsyncMemory",
    "AuditAction",
    "AuditEvent",
    "AuthError",
    "BackendError",
    "Budget",
    "Category",
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
    "MnemoError",
    "MnemoSettings",
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
    "StoreError",
    "Trigger",
    "Turn",
    "__version__",
]
