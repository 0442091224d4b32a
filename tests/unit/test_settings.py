from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from gieok import GieokSettings


def test_environment_and_nested_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIEOK_EMBEDDER", "hash:32")
    monkeypatch.setenv("GIEOK_SCORING__W_SIM", "0.5")
    s = GieokSettings()
    assert s.embedder == "hash:32" and s.scoring.w_sim == 0.5
    assert GieokSettings(embedder="hash:8").embedder == "hash:8"  # init beats env


def test_toml_file_is_read_below_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "gieok.toml").write_text('embedder = "hash:99"\n[scoring]\nw_time = 0.3\n')
    monkeypatch.chdir(tmp_path)
    s = GieokSettings()
    assert s.embedder == "hash:99" and s.scoring.w_time == 0.3
    monkeypatch.setenv("GIEOK_EMBEDDER", "hash:7")
    assert GieokSettings().embedder == "hash:7"


@pytest.mark.parametrize("bad", [{"scoring": {"w_sim": float("nan")}},
                                 {"scoring": {"w_sim": -1}}, {"unknown_field": 1}])
def test_invalid_settings_are_rejected(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        GieokSettings(**bad)  # type: ignore[arg-type]


def test_default_store_is_sqlite_under_data_dir(tmp_path: Path) -> None:
    s = GieokSettings(data_dir=tmp_path)
    assert s.resolved_store_url() == f"sqlite:///{tmp_path / 'gieok.db'}"
