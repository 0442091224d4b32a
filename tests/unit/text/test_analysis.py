"""The morpheme column is the same whether a document is analysed alone or in a batch (a
bulk load analyses its records in one Kiwi call): a row's full-text match cannot depend on
how it was written."""

from __future__ import annotations

import pytest

from gieok.text.analysis import morph_field, morph_fields, query_terms


def test_batch_analysis_matches_one_by_one() -> None:
    texts = [f"사용자는 강남구{i}에 살고 커피를 좋아한다" for i in range(10)]
    texts += ["english only", "", "혼합 mixed 문장이에요", "내 고양이 이름은 나비야",
              "team lead는 Sarah인데 Python보다 Go가 좋대"]
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


def test_latin_words_written_onto_hangul_are_searchable() -> None:
    """"team lead는" is one token to the word tokenizer: its Latin part joins the morpheme
    column (a Latin word standing alone stays in the word column only, not counted twice),
    and queries search Latin words in both columns."""
    assert morph_field("team lead는 Sarah인데 엄청 꼼꼼해").split()[:2] == ["lead", "sarah"]
    assert "python" in morph_field("Python보다 Go가 요즘 더 좋아").split()
    assert "python" not in morph_field("나 Python 좋아해").split()
    assert query_terms("who is my team lead?") == (["team", "lead"], ["team", "lead"])
    words, morphs = query_terms("Python보다 Go가 좋아?")
    assert words == ["python", "go"] and {"python", "go"} <= set(morphs)


@pytest.mark.anyio
async def test_an_english_query_finds_an_english_word_glued_to_a_korean_particle(
    store_url: str, encryption_key: str | None
) -> None:
    from gieok import AsyncMemory
    from gieok.stores import open_store

    store = await open_store(store_url, encryption_key=encryption_key)
    async with AsyncMemory(store) as mem:
        lead = await mem.remember("team lead는 Sarah인데 엄청 꼼꼼해", user_id="u1")
        await mem.remember("사용자는 주말마다 자전거를 탄다", user_id="u1")
        await mem.remember("User likes green tea", user_id="u1")
        for query in ("who is my team lead?", "Sarah 어때?"):
            hits = await mem.search(query, user_id="u1", k=3)
            assert hits[0].record.id == lead.id and hits[0].parts.fulltext_rank == 1, query


def test_words_for_the_moment_of_asking_leave_queries_but_not_documents() -> None:
    """"오늘 저녁 메뉴 추천해줘" must not find "오늘 비 오네" by its "오늘": the word names the
    time of asking (query analysis reads it), not a memory."""
    from gieok.text.analysis import query_terms

    assert query_terms("오늘 저녁 메뉴 추천해줘")[1] == ["저녁", "메뉴", "추천"]
    assert query_terms("what should I cook today?")[0] == ["cook"]
    assert "요즘" not in query_terms("요즘 뭐 먹고 있지?")[1]
    assert "now" not in query_terms("where do I live now?")[0]
    assert "오늘" in morph_field("오늘 비 오네. 장사 안 되겠다").split()


@pytest.mark.anyio
async def test_a_request_for_today_does_not_bring_back_what_was_said_today() -> None:
    from gieok import AsyncMemory

    async with AsyncMemory("memory://") as mem:
        await mem.remember("오늘 비 오네. 장사 안 되겠다", user_id="u1")
        await mem.remember("사용자는 매운 음식을 좋아한다", user_id="u1")
        hits = await mem.search("오늘 저녁 메뉴 추천해줘", user_id="u1", k=2)
        rain = [hit for hit in hits if "비 오네" in hit.record.content]
        assert rain and rain[0].parts.fulltext is None  # found by meaning only, if at all



def test_no_korean_lexicon_word_is_read_alone_as_a_one_syllable_verb_stem() -> None:
    """Expansion words are analysed one by one; "비건" (vegan) alone comes back as the verb
    stem 비-, the same piece as 비 "rain", so a meal request matched "오늘 비 오네" by full text
    (and "가재" came back as 가- "go", matching every "가요"). A noun the analyser reads that way
    searches an unrelated word: such words stay out of the lexicon (their English form is
    there)."""
    import re
    from pathlib import Path

    from gieok.text.analysis import _tagged_morphs

    lexicon = Path(__file__).resolve().parents[3] / "src/gieok/read/lexicon.txt"
    misread = []
    for line in lexicon.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        for word in (w.strip() for w in re.split(r"[,:]", line)):
            morphs = _tagged_morphs(word) if re.search("[가-힣]", word) and len(word) > 1 else ()
            if morphs and all(len(form) == 1 and tag in ("VV", "VA", "VX")
                              for form, tag in morphs):
                misread.append(word)
    assert misread == []
