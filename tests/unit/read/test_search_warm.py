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
