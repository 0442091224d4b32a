"""The dense scale per language pair (read/calibration.py): a Korean request is not handed a
Korean user's unrelated memories because the model puts Korean texts closer to everything."""

from __future__ import annotations

from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.read.calibration import hangul_share, language_offsets, pair_offset

pytestmark = pytest.mark.anyio

OFFSETS = {("en", "en"): 0.0, ("en", "ko"): 0.0, ("ko", "en"): 0.0, ("ko", "ko"): 0.05}


def test_the_language_of_a_text_is_its_share_of_hangul() -> None:
    assert hangul_share("suggest a dinner recipe") == 0.0
    assert hangul_share("오늘 저녁 메뉴 추천해줘") == 1.0
    assert hangul_share("1234 ?!") == 0.0
    mixed = hangul_share("Python보다 Go가 좋아")
    assert 0.3 < mixed < 0.6


def test_a_pair_moves_by_the_two_texts_shares() -> None:
    assert pair_offset(1.0, 1.0, OFFSETS) == pytest.approx(0.05)
    assert pair_offset(0.0, 1.0, OFFSETS) == 0.0
    assert pair_offset(1.0, 0.0, OFFSETS) == 0.0
    assert pair_offset(0.5, 1.0, OFFSETS) == pytest.approx(0.025)
    assert pair_offset(0.5, 0.5, OFFSETS) == pytest.approx(0.0125)


def test_an_embedder_without_offsets_has_one_scale() -> None:
    class Plain:
        similarity_range = (0.77, 0.90)

    class Zero:
        language_offsets = {("ko", "ko"): 0.0}

    assert language_offsets(Plain()) is None
    assert language_offsets(Zero()) is None


async def test_a_korean_request_keeps_out_what_is_only_korean(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    """The same cosine (0.85) is noise between two Korean texts and a match between two
    English ones: the Korean turn stays out of the context, the English one is kept, and
    search() still returns both (no threshold)."""
    # requests that share no word with the turns, in the lexicon or not (a meal request
    # searches food words and constraints: read/expansion.py), so meaning alone decides
    ko_query, en_query = "이메일 초안 좀 써줘", "write me a short email draft"
    ko_turn, en_turn = "알바로 카페에서 주말에 일해", "I cook pasta most nights"
    embedder = fixed.FixedEmbedder(
        {ko_query: fixed.unit(1.0), en_query: fixed.unit(1.0),
         ko_turn: fixed.unit(0.85), en_turn: fixed.unit(0.85)},
        name="test:fixed-lang", similarity_range=(0.77, 0.90), language_offsets=OFFSETS)
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add([{"role": "user", "content": ko_turn}, {"role": "user", "content": en_turn}],
                      user_id="u1", session_id="s1", infer=False)
        by_text = {h.record.content: h for h in await mem.search(ko_query, user_id="u1", k=5)}
        assert set(by_text) == {ko_turn, en_turn}
        assert by_text[ko_turn].parts.relevance == pytest.approx((0.85 - 0.82) / 0.13, abs=0.01)
        assert by_text[en_turn].parts.relevance == pytest.approx((0.85 - 0.77) / 0.13, abs=0.01)
        ctx = await mem.context(ko_query, user_id="u1", session_id="s2")
        assert ko_turn not in ctx.text
        # with one scale for every pair, the Korean turn passes the floor
        mem.settings.scoring = mem.settings.scoring.model_copy(
            update={"language_calibration": False})
        hits = await mem.search(ko_query, user_id="u1", k=5, threshold=0.5)
        assert ko_turn in [h.record.content for h in hits]
