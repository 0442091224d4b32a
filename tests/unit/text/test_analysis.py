"""The morpheme column is the same whether a document is analysed alone or in a batch (a
bulk load analyses its records in one Kiwi call): a row's full-text match cannot depend on
how it was written."""

from __future__ import annotations

from gieok.text.analysis import morph_field, morph_fields


def test_batch_analysis_matches_one_by_one() -> None:
    texts = [f"사용자는 강남구{i}에 살고 커피를 좋아한다" for i in range(10)]
    texts += ["english only", "", "혼합 mixed 문장이에요", "내 고양이 이름은 나비야"]
    batch = morph_fields(texts)
    assert batch == [morph_field(t) for t in texts]
    assert batch[0].split()[:2] == ["사용자", "강남구"] and batch[10] == ""
    assert morph_fields(texts[10:]) == [morph_field(t) for t in texts[10:]]  # the small path
