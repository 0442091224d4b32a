"""Optional parts ("extras") and the hint that installs one.

An error for a missing optional dependency says ``pip install 'gieok[name]'``. That hint is only
useful if ``name`` is an extra this distribution declares, so every such hint is built here from
the installed metadata: an undeclared extra is never offered (the error then says the part is not
in this installation). ``tests/unit/packaging`` checks that no hint elsewhere names an extra
that ``pyproject.toml`` lacks.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError, metadata

from gieok.errors import ConfigurationError

__all__ = ["declared_extras", "install_hint", "missing_extra"]


@cache
def declared_extras() -> frozenset[str] | None:
    """The extras of the installed ``gieok`` distribution; ``None`` when it is not installed
    (imported from a source tree on ``sys.path``), so nothing can be checked."""
    try:
        return frozenset(metadata("gieok").get_all("Provides-Extra") or ())
    except PackageNotFoundError:
        return None


def install_hint(extra: str) -> str | None:
    """``pip install 'gieok[extra]'`` if the extra exists, else ``None``."""
    known = declared_extras()
    if known is not None and extra not in known:
        return None
    return f"pip install 'gieok[{extra}]'"


def missing_extra(what: str, extra: str, cause: BaseException | None = None) -> ConfigurationError:
    """The error for an optional part whose dependencies are not installed.

    ``what`` names the part in the user's words ("the local embedder"); ``cause`` (usually the
    ``ImportError``) is quoted so a broken install is not mistaken for a missing one.
    """
    reason = f" ({cause})" if cause is not None else ""
    hint = install_hint(extra)
    if hint is None:
        message = (f"{what} is not available{reason}: this gieok installation has no "
                   f"{extra!r} extra")
    else:
        message = f"{what} is not installed{reason}; install it with: {hint}"
    return ConfigurationError(message, code="EXTRA_MISSING")
