"""Built-in embedder factories, imported lazily by ``get_embedder``."""

from __future__ import annotations

from typing import Any

from gieok.embedders.base import Embedder
from gieok.errors import ConfigurationError


def local(model: str, **options: Any) -> Embedder:
    from gieok.embedders.local import LocalEmbedder

    return LocalEmbedder(model or "multilingual-e5-small", threads=options.get("threads"),
                         workers=options.get("workers"))


def openai(model: str, **options: Any) -> Embedder:
    from gieok.embedders.openai_compat import OpenAIEmbedder

    if not model:
        raise ConfigurationError("openai embedder needs a model: 'openai:<model>'",
                                 code="EMBEDDER_UNKNOWN")
    kwargs = {k: v for k, v in options.items() if v is not None}
    return OpenAIEmbedder(model, **kwargs)


def hashing(model: str, **options: Any) -> Embedder:
    from gieok.embedders.hashing import HashEmbedder

    try:
        dim = int(model) if model else 256
    except ValueError as exc:
        raise ConfigurationError(f"hash embedder wants a dimension, got {model!r}",
                                 code="EMBEDDER_UNKNOWN") from exc
    return HashEmbedder(dim)
