"""P2: named profiles — process half layered under explicit settings, scope half under each
scope's own settings, resolved key by key from the widest scope to the narrowest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gieok import GieokSettings, Memory
from gieok.domain.context import SectionKind
from gieok.domain.policy import ScopeSettings
from gieok.errors import ConfigurationError, InvalidInputError
from gieok.profiles import PROFILES, apply_changes, get_profile, resolve


def test_every_profile_builds_valid_settings() -> None:
    for name, profile in PROFILES.items():
        settings = GieokSettings(profile=name)
        assert settings.profile == name
        ScopeSettings.model_validate(dict(profile.scope))


def test_profile_values_sit_under_explicit_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    meow = GieokSettings(profile="meow")
    assert (meow.context.recent_turns, meow.context.summarize_after_turns) == (8, 12)
    assert meow.context.budget.memory_tokens == 1200 and meow.context.budget.item_tokens == 150
    assert meow.jobs.consolidate_interval_s == 7 * 86_400
    monkeypatch.setenv("GIEOK_PROFILE", "meow")
    monkeypatch.setenv("GIEOK_CONTEXT__RECENT_TURNS", "6")
    from_env = GieokSettings(context={"budget": {"pinned_tokens": 300}})
    assert from_env.profile == "meow" and from_env.context.recent_turns == 6  # env wins
    assert from_env.context.budget.pinned_tokens == 300  # kwargs win
    assert from_env.context.budget.memory_tokens == 1200  # the profile fills the rest
    assert from_env.context.summarize_after_turns == 12
    knock = from_env.for_profile("knock")  # another profile, same explicit values
    assert knock.profile == "knock" and knock.context.recent_turns == 6
    assert knock.context.summarize_after_turns is None and knock.context.episodes == 5
    assert SectionKind.SUMMARY not in knock.context.sections
    assert knock.context.budget.pinned_tokens == 300 and knock.context.budget.memory_tokens == 1200
    assert from_env.for_profile("knock") is knock and from_env.for_profile("meow") is from_env


def test_default_profile_is_the_built_in_defaults() -> None:
    assert GieokSettings().model_dump() == GieokSettings(profile="default").model_dump()
    assert GieokSettings().context.summarize_after_turns is None  # recent_turns alone = FIFO
    assert GieokSettings().write.max_long_term == 10_000


def test_unknown_profile_says_which_exist() -> None:
    with pytest.raises(ConfigurationError) as err:
        GieokSettings(profile="mem0")
    assert err.value.code == "PROFILE_UNKNOWN" and "knock" in err.value.message
    with pytest.raises(ConfigurationError):
        get_profile("nope")
    with pytest.raises(InvalidInputError) as bad:
        apply_changes(None, {"profile": "nope"})
    assert bad.value.code == "PROFILE_UNKNOWN"


def test_scope_settings_resolve_key_by_key_under_the_profile() -> None:
    org = ScopeSettings(profile="eco2")
    user = ScopeSettings(max_memories=20)
    session = ScopeSettings(min_confidence=0.7)
    policy = resolve([org, None, user, session], "default")
    assert policy.profile == "eco2" and policy.settings.profile == "eco2"
    assert policy.settings.allowed_categories == ["location", "preference"]  # the profile's
    assert policy.settings.max_memories == 20  # the user's own
    assert policy.settings.min_confidence == 0.7 and policy.settings.inject_limit == 10
    assert resolve([None], "connectai").settings.max_episodes == 50
    narrower = resolve([org, ScopeSettings(profile="knock")], "default")
    assert narrower.profile == "knock" and narrower.settings.allowed_categories is None


def test_seed_profiles_turn_off_the_floor_and_the_archive() -> None:
    # eco2 injects where the user lives whatever the question: no relevance floor
    assert GieokSettings(profile="eco2").context.min_relevance == 0.0
    assert GieokSettings().context.min_relevance is None  # default: the calibrated floor
    # knock clears raw session memory after its summary: no archive of its turns either
    assert resolve([None], "knock").settings.archive_conversations is False
    assert resolve([None], "default").settings.archive_conversations is True


def test_apply_changes_keeps_only_what_was_set_and_none_resets() -> None:
    own = apply_changes(None, {"max_memories": 5, "enabled": False})
    assert own.model_dump(exclude_unset=True) == {"max_memories": 5, "enabled": False}
    again = apply_changes(own, {"max_memories": None})
    assert again.model_dump(exclude_unset=True) == {"enabled": False}
    with pytest.raises(InvalidInputError):
        apply_changes(None, {"max_memories": -3})


@pytest.mark.parametrize("store", ["memory://", "sqlite"])
def test_engine_profile_and_per_scope_profile(store: str, tmp_path: Any,
                                              make_settings: Callable[..., GieokSettings]
                                              ) -> None:
    url = store if store == "memory://" else f"sqlite:///{tmp_path / 'p.db'}"
    with Memory(url, settings=make_settings(), profile="connectai") as mem:
        assert mem.settings.profile == "connectai" and mem.settings.context.recent_turns == 8
        assert mem.get_settings(user_id="u1").max_memories == 100
        mem.update_settings(org_id="acme", profile="eco2")
        inherited = mem.get_settings(org_id="acme", user_id="u1")
        assert inherited.profile == "eco2" and inherited.max_memories == 50
        own = mem.update_settings(org_id="acme", user_id="u1", max_memories=7)
        assert own.max_memories == 7 and own.allowed_categories == ["location", "preference"]
        assert mem.update_settings(org_id="acme", user_id="u1", max_memories=None
                                   ).max_memories == 50
