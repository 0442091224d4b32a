"""Jinja filters for the inspector: dates, scores, month names. Pure formatting."""

from __future__ import annotations

from datetime import UTC, datetime

from jinja2 import Environment

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")


def when(value: datetime | None, with_time: bool = True) -> str:
    """A UTC date (and time) as people read it, e.g. ``2024-03-01 09:00``."""
    if value is None:
        return "—"
    at = value.astimezone(UTC)
    return at.strftime("%Y-%m-%d %H:%M") if with_time else at.strftime("%Y-%m-%d")


def score(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def month_name(month: int) -> str:
    return MONTHS[month - 1]


def install(env: Environment) -> None:
    env.filters.update(when=when, score=score, month_name=month_name)
