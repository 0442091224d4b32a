"""``mnemo.__all__`` is the curated public surface: exactly what the package exports."""

from __future__ import annotations

import mnemo


def test_all_matches_public_names() -> None:
    public = {name for name in dir(mnemo) if not name.startswith("_")}
    modules = {name for name in public if type(getattr(mnemo, name)).__name__ == "module"}
    assert set(mnemo.__all__) - {"__version__"} == public - modules


def test_every_exported_error_has_a_code() -> None:
    for name in mnemo.__all__:
        obj = getattr(mnemo, name)
        if isinstance(obj, type) and issubclass(obj, mnemo.MnemoError):
            assert obj("x").code.isupper()
