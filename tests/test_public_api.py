"""``gieok.__all__`` is the curated public surface: exactly what the package exports."""

from __future__ import annotations

import gieok


def test_all_matches_public_names() -> None:
    public = {name for name in dir(gieok) if not name.startswith("_")}
    modules = {name for name in public if type(getattr(gieok, name)).__name__ == "module"}
    assert set(gieok.__all__) - {"__version__"} == public - modules


def test_every_exported_error_has_a_code() -> None:
    for name in gieok.__all__:
        obj = getattr(gieok, name)
        if isinstance(obj, type) and issubclass(obj, gieok.GieokError):
            assert obj("x").code.isupper()
