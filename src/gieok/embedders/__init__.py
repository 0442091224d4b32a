"""Embedders by provider string: ``local:<model>``, ``openai:<model>``, ``hash:<dim>``.

Resolution order: ``register_embedder`` calls, then the ``gieok.embedders`` entry-point
group, then the built-ins. Providers are imported lazily.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from gieok.embedders.base import Embedder, Matrix, normalise_rows
from gieok.embedders.hashing import HashEmbedder
from gieok.errors import ConfigurationError

__all__ = ["Embedder", "HashEmbedder", "Matrix", "get_embedder", "normalise_rows", "register_embedder"]

Factory = Callable[..., Embedder]

_BUILTIN: dict[str, str] = {
    "local": "gieok.embedders._factories:local",
    "openai": "gieok.embedders._factories:openai",
    "hash": "gieok.embedders._factories:hashing",
}
_REGISTERED: dict[str, Factory | str] = {}


def register_embedder(provider: str, factory: Factory | str | None) -> None:
    """Register (or, with ``None``, remove) a provider: ``factory(model, **options)``."""
    if factory is None:
        _REGISTERED.pop(provider, None)
    else:
        _REGISTERED[provider] = factory


def _load(target: Factory | str) -> Factory:
    if not isinstance(target, str):
        return target
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)  # type: ignore[no-any-return]


def _resolve(provider: str) -> Factory:
    if provider in _REGISTERED:
        return _load(_REGISTERED[provider])
    for ep in entry_points(group="gieok.embedders"):
        if ep.name == provider:
            return ep.load()  # type: ignore[no-any-return]
    if provider in _BUILTIN:
        return _load(_BUILTIN[provider])
    known = sorted({*_REGISTERED, *_BUILTIN})
    raise ConfigurationError(
        f"unknown embedder provider {provider!r}; use one of {known} as 'provider:model'",
        code="EMBEDDER_UNKNOWN",
    )


def get_embedder(spec: str | Embedder, /, **options: Any) -> Embedder:
    """Return an embedder for ``"provider:model"`` (an Embedder instance passes through)."""
    if not isinstance(spec, str):
        return spec
    provider, sep, model = spec.partition(":")
    if not sep or not provider:
        raise ConfigurationError(
            f"embedder {spec!r} must look like 'provider:model', e.g. 'local:multilingual-e5-small'",
            code="EMBEDDER_UNKNOWN",
        )
    return _resolve(provider)(model, **options)
