"""Query analysis without an LLM: dates and periods named in a query (English and Korean).

"What did Maria donate in December 2023?", "on 13 October, 2023", "in June", "2022",
"2023년 5월", "5월 8일", "yesterday", "last week", "지난주" become time windows; search then
boosts memories whose *event time* (W13) falls inside, or shortly after, a window — a
conversation about an event happens on or after the day it took place. A query without
time words yields no window and ranks exactly as before.
"""

from __future__ import annotations

import calendar
import math
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS |= {name.lower(): i for i, name in enumerate(calendar.month_abbr) if name}
_MONTHS.pop("may", None)
_MONTHS["may"] = 5
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_YEAR = r"(19\d{2}|20\d{2})"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"

# Order matters: the most specific pattern claims its span first.
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("dmy", re.compile(rf"\b{_DAY}\s+({_MONTH})\.?,?\s+{_YEAR}\b", re.IGNORECASE)),
    ("mdy", re.compile(rf"\b({_MONTH})\.?\s+{_DAY},?\s+{_YEAR}\b", re.IGNORECASE)),
    ("iso", re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")),
    ("ko_ymd", re.compile(r"(\d{4})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일")),
    ("ko_ym", re.compile(r"(\d{4})\s*년\s*(\d{1,2})\s*월")),
    ("ko_md", re.compile(r"(\d{1,2})\s*월\s*(\d{1,2})\s*일")),
    ("my", re.compile(rf"\b({_MONTH})\.?,?\s+(?:of\s+)?{_YEAR}\b", re.IGNORECASE)),
    ("ko_y", re.compile(r"(\d{4})\s*년")),
    ("ko_m", re.compile(r"(\d{1,2})\s*월")),
    ("m", re.compile(rf"\b(?:in|during|since|until|by|early|late|mid)\s+({_MONTH})\b",
                     re.IGNORECASE)),
    ("y", re.compile(rf"\b(?:in|during|since|of|by)\s+{_YEAR}\b", re.IGNORECASE)),
]
_RELATIVE: dict[str, tuple[int, int]] = {  # phrase -> (days back from now to start, length)
    "yesterday": (1, 1), "어제": (1, 1), "today": (0, 1), "오늘": (0, 1),
    "last week": (7, 7), "지난주": (7, 7), "지난 주": (7, 7),
    "last month": (31, 31), "지난달": (31, 31), "지난 달": (31, 31),
    "last year": (365, 365), "작년": (365, 365),
}


@dataclass(frozen=True)
class TimeWindow:
    """[start, end) when the query's event happened; ``year`` None = any year (e.g. "in June")."""

    start: datetime
    end: datetime
    any_year: bool = False


def _month_window(year: int, month: int) -> TimeWindow:
    start = datetime(year, month, 1, tzinfo=UTC)
    days = calendar.monthrange(year, month)[1]
    return TimeWindow(start, start + timedelta(days=days))


def _day_window(year: int, month: int, day: int) -> TimeWindow | None:
    try:
        start = datetime(year, month, day, tzinfo=UTC)
    except ValueError:
        return None
    return TimeWindow(start, start + timedelta(days=1))


def _from_match(kind: str, g: tuple[str, ...], now: datetime) -> TimeWindow | None:
    month_of = lambda text: _MONTHS[text.lower().rstrip(".")]
    if kind == "dmy":
        return _day_window(int(g[2]), month_of(g[1]), int(g[0]))
    if kind == "mdy":
        return _day_window(int(g[2]), month_of(g[0]), int(g[1]))
    if kind in {"iso", "ko_ymd"}:
        return _day_window(int(g[0]), int(g[1]), int(g[2]))
    if kind == "ko_md":
        window = _day_window(now.year, int(g[0]), int(g[1]))
        return None if window is None else TimeWindow(window.start, window.end, any_year=True)
    if kind in {"my", "ko_ym"}:
        year, month = (int(g[1]), month_of(g[0])) if kind == "my" else (int(g[0]), int(g[1]))
        return _month_window(year, month) if 1 <= month <= 12 else None
    if kind in {"m", "ko_m"}:
        month = month_of(g[0]) if kind == "m" else int(g[0])
        if not 1 <= month <= 12:
            return None
        window = _month_window(now.year, month)
        return TimeWindow(window.start, window.end, any_year=True)
    year = int(g[0])
    return TimeWindow(datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC))


def time_windows(query: str, now: datetime) -> list[TimeWindow]:
    """Every time window the query names, most specific first; [] when it names none."""
    taken: list[tuple[int, int]] = []
    found: list[TimeWindow] = []
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(query):
            if any(a < match.end() and match.start() < b for a, b in taken):
                continue
            window = _from_match(kind, match.groups(), now)
            if window is not None:
                taken.append(match.span())
                found.append(window)
    lowered = query.lower()
    for phrase, (back, length) in _RELATIVE.items():
        if phrase in lowered:
            day = now.replace(hour=0, minute=0, second=0, microsecond=0)
            start = day - timedelta(days=back)
            found.append(TimeWindow(start, start + timedelta(days=length)))
    return found


def _shift_year(at: datetime, year: int) -> datetime:
    try:
        return at.replace(year=year)
    except ValueError:  # 29 February
        return at.replace(year=year, day=28)


def time_match(event_time: datetime, windows: list[TimeWindow], *, after_days: float,
               before_days: float) -> float:
    """1.0 inside a window; decays over ``after_days`` after it (the event is talked about
    later) and, faster, over ``before_days`` before it. The best window counts."""
    best = 0.0
    for window in windows:
        start, end = window.start, window.end
        if window.any_year:
            start = _shift_year(start, event_time.year)
            end = start + (window.end - window.start)
        if start <= event_time < end:
            return 1.0
        if event_time >= end:
            gap = (event_time - end).total_seconds() / 86400.0
            best = max(best, math.exp(-gap / after_days) if after_days > 0 else 0.0)
        else:
            gap = (start - event_time).total_seconds() / 86400.0
            best = max(best, math.exp(-gap / before_days) if before_days > 0 else 0.0)
    return best
