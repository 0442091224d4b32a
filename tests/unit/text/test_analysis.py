"""The morpheme column is the same whether a document is analysed alone or in a batch (a
bulk load analyses its records in one Kiwi call): a row's full-text match cannot depend on
how it was written."""

from __future__ import annotations

import pytest

from gieok.text.analysis import morph_field, morph_fields, query_terms


def test_batch_analysis_matches_one_by_one() -> None:
    texts = [f"사용자는 강남구{i}에 살고 커피를 좋아한다" for i in range(10)]
    texts += ["english only", "", "혼합 mixed 문장이에요", "내 고양이 이름은 나비야"]
    batch = morph_fields(texts)
    assert batch == [morph_field(t) for t in texts]
    assert batch[0].split()[:2] == ["사용자", "강남구"] and batch[10] == ""
    assert morph_fields(texts[10:]) == [morph_field(t) for t in texts[10:]]  # the small path


def test_korean_light_verbs_leave_queries_but_not_documents() -> None:
    """하/있/되 end most Korean sentences: in a query they would match a quarter of a Korean
    store while saying nothing about which memory is meant."""
    from gieok.text.analysis import query_terms

    assert query_terms("운동 하는 거 좋아해")[1] == ["운동", "좋아하"]
    assert query_terms("결혼 했어?")[1] == ["결혼"]
    assert "있" not in query_terms("내가 못 먹는 음식 있어?")[1]
    assert "하" in morph_field("사용자는 매일 운동을 한다").split()


@pytest.mark.anyio
async def test_a_query_of_light_verbs_still_finds_its_memory_by_meaning() -> None:
    from gieok import AsyncMemory

    async with AsyncMemory("memory://") as mem:
        await mem.remember("사용자는 매일 아침 운동을 한다", user_id="u1")
        await mem.remember("사용자는 고양이를 키운다", user_id="u1")
        hits = await mem.search("운동 해?", user_id="u1", k=1)
        assert hits and "운동" in hits[0].record.content


def test_the_words_a_question_is_built_with_are_not_query_terms() -> None:
    words, _ = query_terms("What should I get Butter for his birthday? Please tell me")
    assert words == ["butter", "birthday"]
