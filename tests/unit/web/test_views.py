"""The inspector's pure helpers: search forms, timeline months, settings and edit forms."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from starlette.datastructures import FormData

from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.errors import InvalidInputError
from gieok.web import views

SCOPE = Scope(org="acme", user="u1")


def _rec(content: str, when: str, **fields: object) -> MemoryRecord:
    return MemoryRecord(scope=SCOPE, content=content, event_time=datetime.fromisoformat(when),
                        **fields)


def test_search_form_builds_the_filter_it_shows() -> None:
    form = views.SearchForm.parse({"q": " 고양이 ", "year_from": "2021", "year_to": "2023",
                                   "type": "fact", "category": "health", "layer": "",
                                   "status": "archived"})
    assert form.q == "고양이" and form.include_archived
    flt = form.filters()
    assert flt is not None
    parts = flt["AND"]
    assert {"type": "fact"} in parts and {"category": "health"} in parts
    assert {"status": "archived"} in parts
    when = next(p["event_time"] for p in parts if "event_time" in p)
    assert when == {"gte": datetime(2021, 1, 1, tzinfo=UTC), "lt": datetime(2024, 1, 1, tzinfo=UTC)}


def test_search_form_defaults_to_active_and_accepts_any_status() -> None:
    assert views.SearchForm.parse({"q": "x"}).status == "active"
    assert views.SearchForm.parse({"q": "x"}).filters() == {"status": "active"}
    anything = views.SearchForm.parse({"q": "x", "status": ""})
    assert anything.filters() is None and anything.include_archived


@pytest.mark.parametrize("params, message", [
    ({"year_from": "twenty"}, "whole number"),
    ({"year_from": "1200"}, "between 1900"),
    ({"year_from": "2024", "year_to": "2020"}, "after the 'to' year"),
    ({"type": "secret"}, "unknown type"),
    ({"status": "deleted"}, "unknown status"),
])
def test_bad_search_forms_say_what_to_fix(params: dict[str, str], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        views.SearchForm.parse(params)


def test_group_by_month_newest_first_with_counts() -> None:
    records = [_rec("b", "2024-07-15T09:00:00+00:00"), _rec("a", "2024-07-02T09:00:00+00:00"),
               _rec("c", "2024-03-01T09:00:00+00:00"),
               _rec("kst", "2024-04-01T08:00:00+09:00")]  # 31 March in UTC
    groups = views.group_by_month(records, {7: 2, 3: 5, 4: 0}, 2024)
    assert [(g.month, g.count, [r.content for r in g.records]) for g in groups] == [
        (7, 2, ["b", "a"]), (3, 5, ["c", "kst"])]
    assert groups[0].anchor == "m-2024-07"


def test_month_counts_use_utc_months() -> None:
    records = [_rec("a", "2024-07-15T09:00:00+00:00"), _rec("b", "2024-07-02T09:00:00+00:00"),
               _rec("kst", "2024-04-01T08:00:00+09:00")]
    assert views.month_counts(records) == {7: 2, 3: 1}


def test_month_range_wraps_december() -> None:
    assert views.month_range(2023, 12)["event_time"]["lt"] == datetime(2024, 1, 1, tzinfo=UTC)


def test_settings_form_checkboxes_and_limits() -> None:
    form = FormData([("enabled", "on"), ("restrict_categories", "on"),
                     ("allowed_categories", "location"), ("allowed_categories", "preference"),
                     ("extra_categories", "health, preference"), ("max_memories", "50"),
                     ("retention_days", ""), ("max_episodes", ""), ("pii_policy", "mask"),
                     ("pii_contact_policy", "keep"), ("capacity_policy", "refuse")])
    changes = views.settings_changes(form)
    assert changes["enabled"] is True and changes["auto_extraction"] is False
    assert changes["allowed_categories"] == ["location", "preference", "health"]
    assert changes["max_memories"] == 50 and changes["retention_days"] is None
    assert changes["pii_contact_policy"] == "keep" and changes["capacity_policy"] == "refuse"
    unrestricted = views.settings_changes(FormData([("allowed_categories", "location"),
                                                    ("pii_policy", "mask"),
                                                    ("pii_contact_policy", "mask"),
                                                    ("capacity_policy", "archive_lowest")]))
    assert unrestricted["allowed_categories"] is None and unrestricted["enabled"] is False
    with pytest.raises(InvalidInputError, match="pii policy"):
        views.settings_changes(FormData([("pii_policy", "shout")]))


def test_edit_form_changes_only_what_differs() -> None:
    record = _rec("Lives in Gangnam-gu", "2024-01-01T00:00:00+00:00", category="location")
    same = {"content": "Lives in Gangnam-gu", "type": "fact", "category": "location",
            "importance": "0.5", "confidence": "1"}
    assert views.edit_changes(same, record) == {}
    changed = views.edit_changes({**same, "content": "Lives in Mapo-gu ", "importance": "0.9",
                                  "category": ""}, record)
    assert changed == {"content": "Lives in Mapo-gu", "importance": 0.9, "category": None}
    for bad in ({**same, "content": "  "}, {**same, "importance": "2"},
                {**same, "confidence": "high"}, {**same, "type": "gossip"}):
        with pytest.raises(InvalidInputError):
            views.edit_changes(bad, record)
