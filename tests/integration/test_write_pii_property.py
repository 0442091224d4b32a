"""X2/W4 as a property: whatever sequence of ``add``/``remember``/``import``/``update`` calls
carries Luhn-valid card numbers, Korean resident registration numbers or passwords — with
any spacing, dashes, line breaks or zero-width characters, phrased with or without a
connector word, in English or Korean sentences, in content or in any side field (category,
emotion, tags, metadata keys and values, data, index text, a message's name) — not one of
them ever appears in the SQLite file's bytes, WAL included (records, FTS index, audit log,
turns), not even with its separators."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gieok import Memory, GieokSettings, PolicyError

import pytest

pytestmark = pytest.mark.integration


def _luhn_complete(prefix: list[int]) -> str:
    digits = prefix + [0]
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2 == 1:
            d = d * 2 - 9 if d * 2 > 9 else d * 2
        total += d
    digits[-1] = (10 - total % 10) % 10
    return "".join(map(str, digits))


cards = st.integers(min_value=12, max_value=18).flatmap(
    lambda n: st.lists(st.integers(0, 9), min_size=n, max_size=n)).map(_luhn_complete)


@st.composite
def rrns(draw: st.DrawFn) -> str:
    yy = draw(st.integers(0, 99))
    mm = draw(st.integers(1, 12))
    dd = draw(st.integers(1, 28))
    gender = draw(st.integers(1, 4))
    rest = draw(st.lists(st.integers(0, 9), min_size=6, max_size=6))
    return f"{yy:02d}{mm:02d}{dd:02d}{gender}{''.join(map(str, rest))}"


def spaced(number: str, sep: str, group: int) -> str:
    return sep.join(number[i:i + group] for i in range(0, len(number), group))


SEPARATORS = ["", " ", "-", " - ", "\n", "   ", "\u200b", "\t", " \n "]


@st.composite
def secret_text(draw: st.DrawFn) -> tuple[str, str]:
    """(text to write, the secret that must never be stored: digits or a password)"""
    kind = draw(st.sampled_from(["card", "rrn", "password"]))
    if kind == "password":
        value = f"Zq{draw(st.integers(1000, 99999))}x!k"
        template = draw(st.sampled_from([
            "the password for my bank login would be {}", "비번 {}", "{} is my netflix password",
            "비밀번호 알려줄게 {}", "wifi pw: {}", "password\n{}", "내 비번은 {}야",
        ]))
        return template.format(value), value.rstrip("!k")
    if kind == "card":
        number = draw(cards)
        written = spaced(number, draw(st.sampled_from(SEPARATORS)), draw(st.integers(3, 5)))
    else:
        number = draw(rrns())
        written = number[:6] + draw(st.sampled_from(["-", "", " - ", "\n", "   "])) + number[6:]
    template = draw(st.sampled_from([
        "my card number is {}", "카드번호 {} 기억해줘", "{}", "I live in Seoul and my id is {}",
        "주민번호는 {}이야", "please remember {} for payments", "계좌 말고 카드 {} 로 결제해",
    ]))
    return template.format(written), number


Op = tuple[str, tuple[str, str]]
SIDE_FIELDS = ["category", "emotion", "tags", "metadata_key", "metadata", "data", "name",
               "update_category", "import_emotion"]
ops = st.lists(st.tuples(st.sampled_from(["add", "remember", "import", "update", "meta",
                                          *SIDE_FIELDS]),
                         secret_text()), min_size=1, max_size=5)


def apply(mem: Memory, op: str, text: str) -> None:
    ids: dict[str, Any] = {"user_id": "u1", "session_id": "s1"}
    if op == "add":
        mem.add([{"role": "user", "content": text},
                 {"role": "assistant", "content": f"Noted: {text}"}], **ids)
    elif op == "remember":
        mem.remember(text, **ids)
    elif op == "import":
        mem.import_memories([{"content": text, "tags": ["x"]}], user_id="u1")
    elif op == "update":
        record = mem.remember("User likes tea", **ids)
        mem.update(record.id, content=text)
    elif op == "meta":
        mem.remember("User has a note", metadata={"note": text}, index_text=text, **ids)
    else:
        apply_side(mem, op, text, ids)


def apply_side(mem: Memory, field: str, text: str, ids: dict[str, Any]) -> None:
    """The secret in one side field; the content itself is harmless."""
    if field == "name":
        mem.add([{"role": "user", "content": "hello again", "name": text}], **ids)
    elif field == "update_category":
        record = mem.remember("User likes green tea", **ids)
        mem.update(record.id, category=text, emotion=text)
    elif field == "import_emotion":
        mem.import_memories([{"content": "An episode", "emotion": text}], user_id="u1")
    else:
        value: dict[str, Any] = {
            "category": {"category": text}, "emotion": {"emotion": text},
            "tags": {"tags": ["safe", text]}, "metadata_key": {"metadata": {text: 1}},
            "metadata": {"metadata": {"nested": {"deep": [text]}}}, "data": {"data": {"x": text}},
        }[field]
        mem.remember("User wrote a side note", **value, **ids)


def _stored(secret: str, blobs: bytes) -> bool:
    """The secret's characters in order, with any separators (spaces, line breaks, dashes,
    zero-width spaces) between them."""
    sep = rb"(?:\s|-|\xe2\x80\x8b){0,4}"
    return re.search(sep.join(re.escape(ch.encode()) for ch in secret), blobs) is not None


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(sequence=ops)
def test_no_card_or_rrn_ever_reaches_the_sqlite_file(sequence: list[Op]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "pii.db"
        mem = Memory(f"sqlite:///{db}", settings=GieokSettings(data_dir=Path(tmp),
                                                               embedder="hash:64"))
        try:
            for op, (text, _) in sequence:
                apply(mem, op, text)
            blobs = b"".join(p.read_bytes() for p in Path(tmp).glob("pii.db*"))
        finally:
            mem.close()
        blobs += b"".join(p.read_bytes() for p in Path(tmp).glob("pii.db*"))
        for op, (text, secret) in sequence:
            assert not _stored(secret, blobs), (op, text)


def test_refuse_policy_stores_nothing(tmp_path: Path) -> None:
    mem = Memory(f"sqlite:///{tmp_path / 'r.db'}",
                 settings=GieokSettings(data_dir=tmp_path, embedder="hash:64"))
    try:
        mem.update_settings(user_id="u1", pii_policy="refuse")
        with pytest.raises(PolicyError) as info:
            mem.remember("my card is 4111 1111 1111 1111", user_id="u1")
        assert info.value.code == "PII_REJECTED"
        with pytest.raises(PolicyError):
            mem.import_memories([{"content": "ok"}, {"content": "rrn 900101-1234567"}],
                                user_id="u1")
        assert mem.list(user_id="u1").total == 0  # validated before anything was written
    finally:
        mem.close()
    blobs = b"".join(p.read_bytes() for p in tmp_path.glob("r.db*"))
    assert b"4111" not in blobs and b"1234567" not in blobs
