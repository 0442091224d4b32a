"""A health or social insurance number is a secret (the lead's scoring of fresh13, session 14:
"can you remember my Medicare number for me: 2953 41870 1" was stored in clear). The number
comes a few words after its label, in the grouping of its country; the sentences that share
the label but give no such number are left alone. Sentences written for this test."""

from __future__ import annotations

import pytest

from gieok import AsyncMemory
from gieok.write.pii import PiiKind, mask_all, scan

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("text", "secret"), [
    ("could you keep my Medicare number for later: 4417 20938 2", "20938"),
    ("my NHS number is 943 476 5919 if the surgery asks", "476 5919"),
    ("내 건강보험증 번호 5-1234567890 좀 기억해줘", "1234567890"),
    ("의료보험 번호는 77123456 이에요", "77123456"),
    ("health insurance member id: XK 88172634", "88172634"),
    ("my insurance policy number is 2031 5520 1187", "5520 1187"),
    ("national insurance number for the form: 12 34 56 78", "34 56 78"),
])
def test_an_insurance_number_is_masked(text: str, secret: str) -> None:
    assert secret not in mask_all(text), mask_all(text)
    assert PiiKind.ID_NUMBER in {hit.kind for hit in scan(text)}


@pytest.mark.parametrize("text", [
    "I have health insurance through work, 2 kids covered",
    "our Medicare plan costs 1200 dollars a year",
    "I pay 150000 won for health insurance every month",
    "건강보험 적용돼서 병원비 3만원 나왔어",
    "NHS waiting list is 18 weeks now",
])
def test_the_label_without_a_number_leaves_the_sentence(text: str) -> None:
    assert mask_all(text) == text


async def test_an_insurance_number_asked_to_be_remembered_is_not_stored(tmp_path) -> None:  # type: ignore[no-untyped-def]
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db") as mem:
        await mem.add([{"role": "user", "content": "hey can you remember my Medicare number "
                        "for me: 4417 20938 2. oh and I'm allergic to penicillin"}],
                      user_id="u", session_id="s")
        await mem.end_session(user_id="u", session_id="s")
        page = await mem.list(user_id="u", limit=50)
    contents = [r.content for r in page.items]
    assert not any("20938" in c for c in contents), contents
    assert any("penicillin" in c for c in contents), contents
