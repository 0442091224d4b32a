"""Stores by URL scheme: ``open_store("sqlite:///m.db")``, ``"memory://"``, later
``"postgresql://…"``.

Resolution order: ``register_store`` calls, then the ``gieok.stores`` entry-point group, then
the built-ins. Backends are imported lazily; a missing optional dependency says which extra
to install.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from gieok.errors import ConfigurationError
from gieok.extras import missing_extra
from gieok.stores.base import Capability, IndexInfo, Store, WriteBatch

__all__ = [
    "Capability", "IndexInfo", "Store", "WriteBatch", "open_raw_store", "open_store",
    "redact_url",
    "register_store", "store_exists",
]

_BUILTIN: dict[str, str] = {
    "sqlite": "gieok.stores.sqlite:SqliteStore",
    "memory": "gieok.stores.memory:InMemoryStore",
    "postgresql": "gieok.stores.postgres:PostgresStore",
    "postgres": "gieok.stores.postgres:PostgresStore",
}
_EXTRAS = {"postgresql": "postgres", "postgres": "postgres"}
_REGISTERED: dict[str, str | type] = {}


def register_store(scheme: str, target: str | type | None) -> None:
    """Register a store class (or ``"module:Class"``) for a URL scheme; ``None`` removes it."""
    if target is None:
        _REGISTERED.pop(scheme, None)
    else:
        _REGISTERED[scheme] = target


def _scheme(url: str) -> str:
    if not isinstance(url, str) or "://" not in url:
        raise ConfigurationError(
            f"store URL {url!r} needs a scheme, e.g. sqlite:///gieok.db or memory://",
            code="STORE_UNKNOWN",
        )
    return url.split("://", 1)[0].split("+", 1)[0].lower()


def _import(target: str, scheme: str) -> type:
    module, _, attr = target.partition(":")
    try:
        return getattr(importlib.import_module(module), attr)  # type: ignore[no-any-return]
    except ImportError as exc:
        raise missing_extra(f"the {scheme!r} store", _EXTRAS.get(scheme, scheme), exc) from exc


def resolve_store(url: str) -> type:
    scheme = _scheme(url)
    if scheme in _REGISTERED:
        target = _REGISTERED[scheme]
        return target if isinstance(target, type) else _import(target, scheme)
    for ep in entry_points(group="gieok.stores"):
        if ep.name == scheme:
            return ep.load()  # type: ignore[no-any-return]
    if scheme in _BUILTIN:
        return _import(_BUILTIN[scheme], scheme)
    known = sorted({*_REGISTERED, *_BUILTIN})
    raise ConfigurationError(
        f"unknown store scheme {scheme!r}; known schemes: {', '.join(known)}",
        code="STORE_UNKNOWN",
    )


def store_exists(url: str) -> bool | None:
    """Whether the store at ``url`` has been created (a store is created on first open).

    ``None`` when its backend cannot tell without connecting; such a backend reports a missing
    database when it connects. A backend answers by defining ``exists(url)`` on its class.
    """
    check = getattr(resolve_store(url), "exists", None)
    return None if check is None else bool(check(url))


async def open_store(url: str, /, *, encryption_key: str | bytes | None = None,
                     **options: Any) -> Store:
    """Instantiate the store for ``url`` and apply pending migrations (idempotent).

    With ``encryption_key`` (32 bytes, or their base64) everything the store keeps is
    sealed (``gieok.stores.encrypted``); without it, an encrypted store is refused."""
    from gieok.security.crypto import parse_master_key
    from gieok.stores.encrypted import secure

    master = None if encryption_key is None else parse_master_key(encryption_key)
    store = await open_raw_store(url, **options)
    try:
        return await secure(store, master)
    except BaseException:
        await store.aclose()
        raise


async def open_raw_store(url: str, /, **options: Any) -> Store:
    """The store for ``url`` as its backend keeps it, sealed values and all (``gieok rekey``
    and ``gieok migrate`` work on it; everything else uses ``open_store``)."""
    cls = resolve_store(url)
    store: Store = cls.from_url(url, **options)
    await store.setup()
    return store


def redact_url(url: str) -> str:
    """``url`` with its password (if any) replaced by ``***``: safe for messages and logs."""
    parts = urlsplit(url)
    userinfo, at, host = parts.netloc.rpartition("@")
    if not at or ":" not in userinfo:
        return url
    user = userinfo.split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))
