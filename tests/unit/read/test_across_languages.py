"""A memory in the other language than the question's: full text cannot read it, so its
silence there must not rank it under a same-language text sharing one word with the question
(read/fusion.py ``read_across``). Sentences written for this test."""

from __future__ import annotations

import pytest

from gieok import AsyncMemory
from gieok.domain.query import Candidate
from gieok.read.fusion import calibrated_fusion
from tests.support.sessions import play_sessions, top_contents

pytestmark = pytest.mark.anyio

# "where do I work?": the Korean turn is the model's best; the English one shares "work"
# (the best full-text hit, "en_best", shares more).
_DENSE = [Candidate("ko_job", 0.86), Candidate("en_other", 0.82), Candidate("en_plain", 0.80),
          Candidate("en_best", 0.79)]
_TEXT = [Candidate("en_best", 2.5), Candidate("en_other", 1.0),
         Candidate("ko_job", 0.5)]  # ko_job: a lexicon word only


def _fused(unread: dict[str, float] | None) -> dict[str, float]:
    return {f.id: f.relevance for f in calibrated_fusion(
        {"dense": _DENSE, "fulltext": _TEXT}, weights={"dense": 0.3, "fulltext": 0.7},
        dense_floor=0.77, dense_ceiling=0.90, fulltext_scale=0.5, depth=50, unread=unread)}


def test_full_text_silence_does_not_count_across_languages() -> None:
    before = _fused(None)
    assert before["en_other"] > before["ko_job"]  # one shared word decided
    after = _fused({"ko_job": 0.7})
    assert after["ko_job"] > after["en_other"]
    # the same-language candidates keep their relevance, to the bit
    assert after["en_other"] == before["en_other"] and after["en_plain"] == before["en_plain"]
    # the model's own relevance is the ceiling: full text is only taken to agree with it
    assert after["ko_job"] <= (0.86 - 0.77) / (0.90 - 0.77) + 1e-9


def test_a_candidate_full_text_reads_well_is_not_lowered() -> None:
    text = [Candidate("ko_job", 2.5), Candidate("en_other", 2.0), Candidate("en_best", 1.0)]
    lists = {"dense": _DENSE, "fulltext": text}
    plain = {f.id: f.relevance for f in calibrated_fusion(
        lists, weights={"dense": 0.3, "fulltext": 0.7}, dense_floor=0.77, dense_ceiling=0.90,
        fulltext_scale=0.5, depth=50)}
    across = {f.id: f.relevance for f in calibrated_fusion(
        lists, weights={"dense": 0.3, "fulltext": 0.7}, dense_floor=0.77, dense_ceiling=0.90,
        fulltext_scale=0.5, depth=50, unread={"ko_job": 1.0})}
    assert across == plain


def test_half_a_language_away_lifts_less() -> None:
    half, whole = _fused({"ko_job": 0.35}), _fused({"ko_job": 0.7})
    assert _fused(None)["ko_job"] < half["ko_job"] < whole["ko_job"]


def test_the_model_decides_but_never_overrides() -> None:
    """An unrelated Korean text the model puts close to an English question (e5-small
    scores such pairs as high as related English ones) rises only to just under the English
    candidate the model puts closer, which full text could read and found nothing in."""
    dense = [Candidate("en_right", 0.831), Candidate("ko_noise", 0.82),
             Candidate("en_word", 0.79)]
    text = [Candidate("en_word", 1.0)]
    fused = calibrated_fusion(
        {"dense": dense, "fulltext": text}, weights={"dense": 0.3, "fulltext": 0.7},
        dense_floor=0.77, dense_ceiling=0.90, fulltext_scale=0.5, depth=50,
        unread={"ko_noise": 1.0})
    by_id = {f.id: f.relevance for f in fused}
    assert [f.id for f in fused][1:] == ["en_right", "ko_noise"]
    assert by_id["en_right"] - 1e-3 < by_id["ko_noise"] < by_id["en_right"]


_SESSIONS = [
    ("2026-08-03", [("user", "이번 달부터 카카오에서 일해. 판교 사무실로 출근하고 있어"),
                    ("assistant", "축하해요! 출근길은 어때요?"),
                    ("user", "버스로 40분 정도 걸려")]),
    ("2026-08-05", [("user", "my brother works at a bakery in Leeds, up at 4am every day"),
                    ("assistant", "That's an early start!"),
                    ("user", "I started learning the cello last month too")]),
    ("2026-08-07", [("user", "요즘 다이어트 중이라 저녁은 샐러드만 먹어"),
                    ("assistant", "건강 챙기시네요.")]),
]


@pytest.mark.slow
async def test_an_english_question_finds_the_korean_fact(
    tmp_path, make_settings  # type: ignore[no-untyped-def]
) -> None:
    """Through add() with the real model: "where do I work?" over a Korean job turn and an
    English turn whose subject works somewhere too; with ``across_languages=0`` the English
    turn's shared word "works" ranks it first again."""
    real = make_settings(embedder="local:multilingual-e5-small")
    async with AsyncMemory(f"sqlite:///{tmp_path}/w.db", settings=real) as mem:
        await play_sessions(mem, "u", _SESSIONS)
        found = await top_contents(mem, "u", "where do I work?")
        assert "카카오" in found[0], found
        found = await top_contents(mem, "u", "where does my brother work?")
        assert "bakery" in found[0], found
        mem.settings.scoring = mem.settings.scoring.model_copy(
            update={"across_languages": 0.0})
        found = await top_contents(mem, "u", "where do I work?")
        assert "카카오" not in found[0], found
