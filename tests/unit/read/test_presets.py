"""Named presets are valid settings and change what they say."""

from __future__ import annotations

import pytest

from gieok.errors import InvalidInputError
from gieok.read.presets import PRESETS, get_preset
from gieok.settings import ScoringSettings


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_valid(name: str) -> None:
    settings = get_preset(name)
    assert isinstance(ScoringSettings.model_validate(settings.model_dump()), ScoringSettings)


def test_presets_change_only_their_fields() -> None:
    base = ScoringSettings(w_imp=0.3)
    foundation = get_preset("foundation", base)
    assert foundation.fusion == "rrf" and foundation.w_query_time == 0.0
    assert foundation.w_imp == 0.3
    assert foundation.w_query_speaker == 0.0 and not foundation.fold_sources
    assert not foundation.lift_replies and get_preset("no-replies").lift_replies is False
    assert get_preset("no-speaker").w_query_speaker == 0.0 and get_preset("no-fold").fold_sources is False
    assert get_preset("default") == ScoringSettings()
    assert get_preset("fulltext").dense_weight == 0.0
    assert get_preset("no-learned").learned_order is False
    assert get_preset("learned").learned_order is ScoringSettings().learned_order is True


def test_unknown_preset() -> None:
    with pytest.raises(InvalidInputError, match="unknown search preset"):
        get_preset("best")
