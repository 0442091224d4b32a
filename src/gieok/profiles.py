"""Named settings profiles (P2): one bundle of defaults per kind of application.

The five systems gieok grew from disagree on defaults — how many raw turns the model sees,
how many memories a user may keep, which categories may be stored, how many memories are
injected and above which confidence. A profile names one such set so that nobody hand-tunes
fifteen settings. It has two halves:

* ``settings`` — process configuration (a partial ``GieokSettings``: context window and
  budgets, scoring, write caps, job schedules);
* ``scope`` — per-scope defaults (a partial ``ScopeSettings``, W9: categories, limits,
  injection floor, triggers).

Precedence, most specific first: a scope's own stored settings, then its ancestors' (session
→ persona → user → project → org, key by key), then the scope's profile, then built-in
defaults. For process settings: keyword arguments, ``GIEOK_*`` variables and ``gieok.toml``
beat the profile, which beats built-in defaults. A profile is chosen per process
(``GIEOK_PROFILE``, ``Memory(…, profile=…)``) and may be overridden per scope
(``update_settings(profile=…)``); a scope's profile brings its process half along for that
scope's reads (the context window, budgets), explicit process settings still winning.

Why ``default`` is not any one system's numbers: most users build a general assistant, where
a hard category allow-list or a confidence floor silently hides what the user said, a cap of
5–100 memories archives a long-lived user's history within weeks, and a fixed top-K wastes
the token budget that already decides what fits. ``default`` therefore filters nothing,
caps generously (10,000 long-term and 1,000 episodic memories per scope — a guard against
runaway growth, not a product limit) and lets the budget choose what is injected.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gieok.domain.policy import ScopeSettings
from gieok.errors import ConfigurationError, InvalidInputError

DEFAULT_PROFILE = "default"


@dataclass(frozen=True)
class Profile:
    name: str
    summary: str  # one line, shown in the README table and error messages
    settings: Mapping[str, Any] = field(default_factory=dict)
    scope: Mapping[str, Any] = field(default_factory=dict)


PROFILES: dict[str, Profile] = {p.name: p for p in (
    Profile(DEFAULT_PROFILE, "general assistants: the budget decides, nothing filtered"),
    # Seed 000 (Eco², recycling assistant with ChatGPT-style user memory): memory_settings
    # defaults (location + preference, 50 per user), the retrieval node's limit=10 and
    # min_confidence=0.5, the chat state's last 10 messages. Its memories (where the user
    # lives, what they prefer) are injected whatever the question: no relevance floor.
    Profile("eco2", "user memory for a chat assistant: 2 categories, 50 per user, inject 10",
            settings={"context": {"recent_turns": 10, "min_relevance": 0.0}},
            scope={"allowed_categories": ["location", "preference"], "max_memories": 50,
                   "inject_limit": 10, "min_confidence": 0.5}),
    # Seed 001 (Meow Chat, pet-care RAG memory for years): recent_turn_window 8,
    # summarize_trigger turns > 12 or ~6k tokens, retrieval_top_k 8, memory / item / pinned
    # budgets 1200 / 150 / 400 tokens, weights 0.7 / 0.2 / 0.1, λ 0.002, weekly consolidation.
    Profile("meow", "long-lived RAG memory: 8 raw turns, summary past 12, top-8, 1200/150/400",
            settings={"context": {"recent_turns": 8, "summarize_after_turns": 12,
                                  "summarize_after_tokens": 6000,
                                  "budget": {"memory_tokens": 1200, "item_tokens": 150,
                                             "pinned_tokens": 400}},
                      "scoring": {"w_sim": 0.7, "w_time": 0.2, "w_imp": 0.1,
                                  "decay_lambda": 0.002},
                      "jobs": {"consolidate_interval_s": 7 * 86_400.0}},
            scope={"inject_limit": 8}),
    # Seed 002 (GEODE, multi-agent pipelines with org → project → session tiers): MEMORY.md
    # read window 200 lines (room for them and the matching rules: 3,000 tokens), freshness
    # 3600 s, prompt warning 4,000 / hard cut 6,000 chars. No persona episodes.
    Profile("geode", "agent pipelines: tiers, MEMORY.md 200 lines, 6,000-char hard limit",
            settings={"context": {"memory_lines": 200, "cache_ttl_s": 3600.0, "episodes": 0,
                                  "budget": {"hard_limit_chars": 6000, "warn_chars": 4000,
                                             "project_tokens": 3000}}}),
    # Seed 003 (Knock, persona companion chat): the last 10 messages go to the model and
    # nothing older; a memory is a session summary, made at session end, at 20 messages,
    # after 30 idle minutes or on "save this conversation"; session memory is cleared once
    # its summary is saved (so no archive of raw turns either); the free plan keeps 5
    # memories, all of which load at start.
    Profile("knock", "persona chat: last 10 messages, summaries as memories, free plan 5",
            settings={"context": {"recent_turns": 10, "episodes": 5,
                                  "episode_max_age_days": 3650.0,
                                  "sections": ["selected", "pinned", "memories", "episodes",
                                               "skills", "project", "organisation"]}},
            scope={"auto_extraction": False, "max_episodes": 5,
                   "session_message_threshold": 20, "idle_timeout_minutes": 30.0,
                   "clear_session_after_summary": True, "archive_conversations": False}),
    # Seed 004 (ConnectAI, coding agent with five layers): shortTermLimit 8 (a FIFO),
    # longTermMaxEntries 100, episodicMaxEpisodes 50.
    Profile("connectai", "coding agent: FIFO of 8 turns, 100 long-term, 50 episodes",
            settings={"context": {"recent_turns": 8}},
            scope={"max_memories": 100, "max_episodes": 50}),
)}


def get_profile(name: str) -> Profile:
    """The named profile, or a ``ConfigurationError`` listing the known names."""
    found = PROFILES.get(name) if isinstance(name, str) else None
    if found is None:
        raise ConfigurationError(
            f"unknown profile {name!r}; use one of {', '.join(sorted(PROFILES))}",
            code="PROFILE_UNKNOWN", details={"known": sorted(PROFILES)})
    return found


def deep_merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` on top of ``base``; nested mappings merge key by key."""
    out = dict(base)
    for key, value in over.items():
        current = out.get(key)
        if isinstance(value, Mapping) and isinstance(current, Mapping):
            out[key] = deep_merge(current, value)
        else:
            out[key] = value
    return out


def explicit(settings: ScopeSettings | None) -> dict[str, Any]:
    """Only the per-scope settings a caller set (stores keep nothing else)."""
    return {} if settings is None else settings.model_dump(exclude_unset=True)


@dataclass(frozen=True)
class ScopePolicy:
    """The settings that apply in one scope: its profile's name and the resolved W9 settings
    (profile defaults under every stored layer, narrowest winning key by key)."""

    profile: str
    settings: ScopeSettings


def resolve(chain: Sequence[ScopeSettings | None], process_profile: str) -> ScopePolicy:
    """Resolve stored settings given widest first (org … session). The narrowest stored
    ``profile`` names the profile; otherwise the process profile does."""
    layers = [explicit(s) for s in chain]
    name = next((layer["profile"] for layer in reversed(layers) if layer.get("profile")),
                process_profile)
    merged: dict[str, Any] = dict(get_profile(name).scope)
    for layer in layers:
        merged.update(layer)
    merged["profile"] = name
    resolved = ScopeSettings.model_validate(merged)
    return ScopePolicy(profile=name, settings=resolved)


def apply_changes(stored: ScopeSettings | None, changes: Mapping[str, Any]) -> ScopeSettings:
    """A scope's own settings after ``changes``; ``None`` removes a value (back to what the
    scope inherits: its ancestors', its profile's, the built-in default)."""
    own = explicit(stored)
    for key, value in changes.items():
        if value is None:
            own.pop(key, None)
        else:
            own[key] = value
    if own.get("profile") is not None and own["profile"] not in PROFILES:
        raise InvalidInputError(
            f"unknown profile {own['profile']!r}; use one of {', '.join(sorted(PROFILES))}",
            code="PROFILE_UNKNOWN", details={"known": sorted(PROFILES)})
    try:
        return ScopeSettings.model_validate(own)
    except ValueError as exc:
        raise InvalidInputError(f"invalid settings: {exc}") from None
