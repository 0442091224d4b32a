"""A listing's page reads like a list of its items (mem0 users iterate what list() returns)."""

from __future__ import annotations

from gieok.domain.query import Page


def test_a_page_iterates_and_counts_its_items_not_the_total() -> None:
    page = Page(items=["a", "b"], total=5, limit=2, offset=0)
    assert list(page) == ["a", "b"] and len(page) == 2 and page.has_more
    assert list(Page(items=[], total=0, limit=10, offset=0)) == []
