"""Search works out its candidates' text features ahead (``read.search.warm_features``):
once a SQLite store has read a scope's rows whole, the features of every text in it are in
their caches before any search ranks it — the same values, computed earlier."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.context import budget
from gieok.domain.query import RankRow
from gieok.domain.records import utcnow
from gieok.read import search as search_module
from gieok.read.diversity import words
from gieok.read.kinds import instruction_share, text_families
from gieok.read.persons import named_persons, other_share
from gieok.read.speech import asking_share

pytestmark = pytest.mark.anyio


def _cached(fn, text: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``fn`` (an lru_cache) answers ``text`` from its cache."""
    hits = fn.cache_info().hits
    fn(text)
    return bool(fn.cache_info().hits == hits + 1)


async def test_every_text_of_a_searched_scope_has_its_features_cached(tmp_path: Path) -> None:
    settings = GieokSettings(data_dir=str(tmp_path), embedder="hash:64")
    # texts no other test writes: their features cannot be cached already
    texts = ["warmtest: my sister Dahlia takes 20 mg of zolpidem every night",
             "warmtest: 사용자의 오빠는 판교의 회사에서 일한다 (하늘이네)",
             "warmtest: always answer in bullet points, never in tables (quince)"]
    async with AsyncMemory(f"sqlite:///{tmp_path / 'warm.db'}", settings=settings) as mem:
        for text in texts:
            await mem.remember(text, user_id="warm")
        assert not _cached(text_families, texts[0] + " (not stored)")
        await mem.search("unrelated words about gardening", user_id="warm", k=1)
        assert search_module.wait_for_features(10.0)
        for text in texts:  # every stored text, whether the search ranked it or not
            assert all(_cached(fn, text) for fn in (instruction_share, text_families,
                                                     named_persons, other_share))
            assert not _cached(asking_share, text)  # asked of archived turns only
            assert _cached(budget._words, text)  # context()'s, asked for by warm_also


def test_no_thread_for_nothing_or_for_more_than_the_caches_hold() -> None:
    now = utcnow()
    row = RankRow("a", "text", "h", "semantic", 0.5, now, now)
    assert search_module.warm_features([]) is None
    too_many = [row] * (search_module.WARM_MAX_TEXTS + 1)
    assert search_module.warm_features(too_many) is None
    thread = search_module.warm_features([row])
    assert thread is not None
    thread.join(10.0)
    assert not thread.is_alive()


def test_search_s_word_sets_are_worked_out_ahead_and_kept_for_a_whole_scope() -> None:
    # near-duplicates and MMR read every kept candidate's word set: warmed like the features,
    # in a cache as big as the scopes that are warmed (4,096 texts never stayed warm at 10k)
    now = utcnow()
    text = "warmtest: the near-duplicate word set of this row (medlar, 모과)"
    thread = search_module.warm_features([RankRow("w", text, "h", "semantic", 0.5, now, now)])
    assert thread is not None
    thread.join(10.0)
    assert _cached(words, text)
    assert (words.cache_info().maxsize or 0) >= search_module.WARM_MAX_TEXTS


def test_a_large_scope_is_filled_only_when_asked_and_never_beyond_the_caches() -> None:
    now = utcnow()
    row = RankRow("a", "text", "h", "semantic", 0.5, now, now)
    large = [row] * (search_module.WARM_MAX_TEXTS + 1)
    assert search_module.warm_features(large) is None
    thread = search_module.warm_features(large, limit=search_module.WARM_LARGE_MAX_TEXTS)
    assert thread is not None
    thread.join(60.0)
    too_many = [row] * (search_module.WARM_LARGE_MAX_TEXTS + 1)
    assert search_module.warm_features(too_many, limit=10**9) is None
    for fn in (words, budget._words, instruction_share, named_persons):  # they hold it all
        assert (fn.cache_info().maxsize or 0) >= search_module.WARM_LARGE_MAX_TEXTS


async def test_filling_a_large_scope_ahead_changes_no_ranking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``scoring.warm_large_scopes`` on and off, on one store whose scope counts as large
    here (``WARM_MAX_TEXTS`` lowered to 2): only on are its texts filled ahead, and every
    search returns the same memories in the same order with the same scores (up to the
    seconds of recency between the two stores' writes)."""
    monkeypatch.setattr(search_module, "WARM_MAX_TEXTS", 2)
    filled: list[int] = []
    real = search_module._warm
    monkeypatch.setattr(search_module, "_warm", lambda texts: (filled.append(len(texts)),
                                                               real(texts)))
    texts = ["largewarm: my sister Dahlia takes 20 mg of zolpidem every night",
             "largewarm: 사용자의 오빠는 판교의 회사에서 일한다",
             "largewarm: always answer in bullet points, never in tables",
             "largewarm: I moved to Busan in March and work at a bakery"]
    queries = ["what does my sister take?", "오빠 어디서 일해?", "how should you answer?",
               "where do I live now?", "bakery"]
    results: dict[bool, list[list[tuple[str, float]]]] = {}
    for on in (False, True):
        settings = GieokSettings(data_dir=str(tmp_path / str(on)), embedder="hash:64",
                                 scoring={"warm_large_scopes": on})
        async with AsyncMemory(f"sqlite:///{tmp_path / f'large-{on}.db'}",
                               settings=settings) as mem:
            for text in texts:
                await mem.remember(text, user_id="large")
            results[on] = []
            for query in queries:
                hits = await mem.search(query, user_id="large", k=3)
                assert search_module.wait_for_features(10.0)
                results[on].append([(h.record.content, h.score) for h in hits])
        assert filled == ([len(texts)] if on else [])
    for on, off in zip(results[True], results[False], strict=True):
        assert [text for text, _ in on] == [text for text, _ in off]
        assert [score for _, score in on] == pytest.approx([score for _, score in off],
                                                           rel=1e-5)
    assert all(results[False])
