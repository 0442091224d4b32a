"""``mixed_totals`` (the mixed score as array operations over a search's candidates) gives
every candidate the very bits ``mixed_terms`` gives it: rankings must not move by a ulp."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from gieok.domain.query import RankRow
from gieok.read.scoring import micros, mixed_terms, mixed_totals
from gieok.read.temporal import TimeWindow
from gieok.settings import ScoringSettings

NOW = datetime(2026, 11, 27, 15, 40, 12, 345678, tzinfo=UTC)
_moments = st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30),
                        timezones=st.just(UTC))
_near = st.integers(min_value=-10**15, max_value=10**15).map(
    lambda us: NOW + timedelta(microseconds=us))  # ±31 years, to the microsecond


def _row(i: int, event: datetime, used: datetime | None, importance: float,
         speaker: str | None) -> RankRow:
    return RankRow(f"m{i}", f"text {i}", f"h{i}", "long_term", importance, event, event,
                   used, None, speaker)


_rows = st.lists(st.tuples(st.one_of(_near, _moments), st.one_of(st.none(), _near),
                           st.floats(0.0, 1.0), st.sampled_from([None, "Mina", "Joon"]),
                           st.floats(0.0, 1.0)), min_size=1, max_size=40)


@settings(max_examples=300, deadline=None)
@given(rows=_rows, windowed=st.booleans(), named=st.booleans(),
       decay=st.sampled_from([0.0, 0.002, 0.05, 1.7]), half_life=st.sampled_from([0.5, 30.0]))
def test_the_array_totals_have_the_bits_of_the_per_candidate_score(
        rows, windowed, named, decay, half_life) -> None:
    weights = ScoringSettings(decay_lambda=decay, use_half_life_days=half_life,
                              w_use=0.05, w_query_time=0.2, w_query_speaker=0.1)
    memories = [_row(i, e, u, imp, who) for i, (e, u, imp, who, _) in enumerate(rows)]
    relevances = [r for *_, r in rows]
    windows = [TimeWindow(NOW - timedelta(days=400), NOW - timedelta(days=370)),
               TimeWindow(datetime(2000, 6, 1, tzinfo=UTC), datetime(2000, 7, 1, tzinfo=UTC),
                          any_year=True)] if windowed else []
    names = frozenset({"Mina"}) if named else frozenset()
    got = mixed_totals(memories, relevances, NOW, weights, windows, names)
    want = [mixed_terms(m, r, NOW, weights, windows, names)[0]
            for m, r in zip(memories, relevances, strict=True)]
    assert [x.hex() for x in got] == [x.hex() for x in want]


def test_microseconds_subtract_to_the_timedelta() -> None:
    a = datetime(2026, 3, 1, 9, 30, 0, 7, tzinfo=UTC)
    b = datetime(1999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)
    assert micros(a) - micros(b) == (a - b) // timedelta(microseconds=1)
    assert micros(datetime(1970, 1, 1, 0, 0, 0, 1)) == 1  # naive moments count from naive 1970


def test_no_candidates_no_totals() -> None:
    assert mixed_totals([], [], NOW, ScoringSettings()) == []
