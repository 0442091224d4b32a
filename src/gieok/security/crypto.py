"""Encryption at rest (S4): keys and the AES-256-GCM primitives the encrypting store uses.

Envelope encryption. The operator holds one *master key* (``GIEOK_ENCRYPTION_KEY``: 32 bytes,
base64, or a key file). Data is encrypted with a *data key* that the store keeps, wrapped
(AES-GCM) under the master key, in its metadata. So a wrong master key is noticed before
anything is read (it unwraps nothing), rotating the master key (``gieok rekey``) can accept
the old key while data is re-encrypted, and values carry the id of the data key that sealed
them.

Per data key:

* ``seal`` — AES-256-GCM with a random nonce: content, index text, previews, structured data,
  audit snapshots, turns, summaries, job payloads.
* ``seal_equal`` — deterministic AES-256-GCM (the nonce is a keyed hash of the plaintext, so
  equal values seal equal and a nonce never meets a second plaintext): the fields that
  filters compare by equality (category, emotion, tags, metadata strings). The file shows
  which records share such a value, never the value.
* ``blind`` — a keyed hash (HMAC-SHA-256) of an analysed full-text term: the "blind index"
  that keeps full-text search working with no plaintext in the database.
* ``digest`` — a keyed hash of a content hash (duplicate detection without a dictionary
  attack on short memories).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gieok.errors import ConfigurationError

PREFIX = "gk1:"  # a sealed string
JSON_PREFIX = "gk1j:"  # a sealed JSON value (lists and objects in metadata)
KEY_BYTES = 32
_ID_BYTES = 4
_NONCE = 12
# Blind tokens use letters and digits that the full-text stemmers leave alone (no vowels,
# no 's', no 'y'): a token is indexed exactly as written.
_ALPHABET = "0123456789bcdfghjklmnpqrtvwxz"
_TOKEN_CHARS = 17  # 80 bits in base 29


def _aesgcm(key: bytes) -> Any:
    from gieok.extras import missing_extra

    try:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    except ImportError as exc:
        raise missing_extra("encryption at rest", "encryption", exc) from exc
    return AESGCM(key)


def _b64e(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _b64d(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def key_error(message: str, code: str = "ENCRYPTION_KEY_INVALID") -> ConfigurationError:
    return ConfigurationError(message, code=code)


def parse_master_key(value: str | bytes) -> bytes:
    """32 bytes from base64 text (standard or URL-safe) or from 32 raw bytes."""
    if isinstance(value, bytes) and len(value) == KEY_BYTES:
        return value
    text = value.decode("ascii", "replace") if isinstance(value, bytes) else value
    text = text.strip()
    try:
        raw = base64.b64decode(text.replace("-", "+").replace("_", "/") + "=" * (-len(text) % 4),
                               validate=True)
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != KEY_BYTES:
        raise key_error("the encryption key must be 32 bytes written in base64 (44 characters); "
                        "make one with `gieok rekey --generate`")
    return raw


def load_master_key(value: str | None, path: Path | None) -> bytes | None:
    """The configured master key: the value itself, else the key file's content."""
    if value:
        return parse_master_key(value)
    if path is None:
        return None
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise key_error(f"cannot read the encryption key file {path}: {exc.strerror}") from exc
    return parse_master_key(data if len(data) == KEY_BYTES else data.strip())


def generate_key() -> str:
    """A new master key, base64."""
    return base64.b64encode(os.urandom(KEY_BYTES)).decode("ascii")


def master_id(master: bytes) -> str:
    """A public fingerprint of a master key (never the key)."""
    return hmac.new(master, b"gieok master key id", hashlib.sha256).hexdigest()[:16]


@dataclass(frozen=True)
class DataKey:
    """One data key and the keys derived from it."""

    id: str  # hex of 4 random bytes, written into every value it seals
    key: bytes
    equal_key: bytes = field(repr=False)
    blind_key: bytes = field(repr=False)

    @classmethod
    def of(cls, kid: str, key: bytes) -> DataKey:
        def derive(label: bytes) -> bytes:
            return hmac.new(key, b"gieok " + label, hashlib.sha256).digest()

        return cls(kid, key, derive(b"equal"), derive(b"blind"))

    @classmethod
    def new(cls) -> DataKey:
        return cls.of(os.urandom(_ID_BYTES).hex(), os.urandom(KEY_BYTES))

    def wrap(self, master: bytes) -> str:
        nonce = os.urandom(_NONCE)
        return _b64e(nonce + _aesgcm(master).encrypt(nonce, self.key, self.id.encode()))

    @classmethod
    def unwrap(cls, kid: str, wrapped: str, master: bytes) -> DataKey:
        raw = _b64d(wrapped)
        return cls.of(kid, _aesgcm(master).decrypt(raw[:_NONCE], raw[_NONCE:], kid.encode()))


class Keyring:
    """The data keys a store uses: ``current`` seals, every key opens (a store mid-rotation
    holds two)."""

    def __init__(self, keys: Iterable[DataKey], current: str) -> None:
        self.keys = {k.id: k for k in keys}
        self.current = self.keys[current]
        self._aead = {kid: _aesgcm(k.key) for kid, k in self.keys.items()}

    def all(self) -> list[DataKey]:
        """The current key first, then the others."""
        return [self.current, *(k for k in self.keys.values() if k is not self.current)]

    # -- sealing ------------------------------------------------------------------------------
    def seal(self, text: str) -> str:
        nonce = os.urandom(_NONCE)
        return self._pack(self.current, nonce, text.encode("utf-8"))

    def seal_equal(self, text: str, key: DataKey | None = None) -> str:
        key = key or self.current
        nonce = hmac.new(key.equal_key, text.encode("utf-8"), hashlib.sha256).digest()[:_NONCE]
        return self._pack(key, nonce, text.encode("utf-8"))

    def seal_equal_all(self, text: str) -> list[str]:
        """``text`` sealed under every key (what a filter must match mid-rotation)."""
        return [self.seal_equal(text, k) for k in self.all()]

    def seal_json(self, value: Any) -> str:
        return JSON_PREFIX + self.seal(json.dumps(value, ensure_ascii=False,
                                                  default=str))[len(PREFIX):]

    def _pack(self, key: DataKey, nonce: bytes, data: bytes) -> str:
        sealed = self._aead[key.id].encrypt(nonce, data, None)
        return PREFIX + _b64e(bytes.fromhex(key.id) + nonce + sealed)

    # -- opening ------------------------------------------------------------------------------
    def open(self, value: str) -> str:
        """The plaintext of a sealed string; an unsealed string (written before the store was
        encrypted) is returned as it is."""
        if value.startswith(PREFIX):
            return self._unpack(value[len(PREFIX):]).decode("utf-8")
        if value.startswith(JSON_PREFIX):
            raise key_error("a sealed JSON value where text was expected", "ENCRYPTION_CORRUPT")
        return value

    def open_json(self, value: str) -> Any:
        return json.loads(self._unpack(value[len(JSON_PREFIX):]).decode("utf-8"))

    def _unpack(self, body: str) -> bytes:
        from cryptography.exceptions import InvalidTag

        try:
            raw = _b64d(body)
        except (binascii.Error, ValueError) as exc:
            raise key_error("a stored value is damaged (not a sealed value)",
                            "ENCRYPTION_CORRUPT") from exc
        kid = raw[:_ID_BYTES].hex()
        aead = self._aead.get(kid)
        if aead is None:
            raise key_error(f"a stored value was sealed with data key {kid}, which this store "
                            "no longer lists; restore the store's key metadata",
                            "ENCRYPTION_KEY_UNKNOWN")
        try:
            return aead.decrypt(raw[_ID_BYTES:_ID_BYTES + _NONCE], raw[_ID_BYTES + _NONCE:], None)
        except InvalidTag as exc:
            raise key_error("a stored value does not decrypt with its key: the value or the "
                            "store's key metadata was altered", "ENCRYPTION_CORRUPT") from exc

    def sealed_with(self, value: str) -> str | None:
        """The data key id a value was sealed with (None: not sealed)."""
        for prefix in (PREFIX, JSON_PREFIX):
            if value.startswith(prefix):
                return _b64d(value[len(prefix):len(prefix) + 8])[:_ID_BYTES].hex()
        return None

    # -- keyed hashes -------------------------------------------------------------------------
    def blind(self, term: str, key: DataKey | None = None) -> str:
        digest = hmac.new((key or self.current).blind_key, term.encode("utf-8"),
                          hashlib.sha256).digest()[:10]
        number, out = int.from_bytes(digest, "big"), []
        for _ in range(_TOKEN_CHARS):
            number, rest = divmod(number, len(_ALPHABET))
            out.append(_ALPHABET[rest])
        return "".join(out)

    def digest(self, content_hash: str, key: DataKey | None = None) -> str:
        return hmac.new((key or self.current).blind_key, b"hash:" + content_hash.encode(),
                        hashlib.sha256).hexdigest()[:32]
