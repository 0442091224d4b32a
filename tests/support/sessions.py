"""Say things to gieok one session each, closed with ``end_session`` as a chat app closes them,
and read what is remembered as current: how a change said in a later session is checked."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gieok import AsyncMemory, Memory
from gieok.domain.records import Layer, MemoryRecord


async def dated_sessions(mem: AsyncMemory, user: str,
                         *said: tuple[str, str]) -> list[MemoryRecord]:
    """Each ``(day, text)`` of ``said`` as the user's one turn of its own session on that day
    (10:00 Seoul time), then every live memory of the user, of every layer."""
    for i, (day, text) in enumerate(said):
        await mem.add([{"role": "user", "content": text}], user_id=user, session_id=f"s{i}",
                      timestamp=f"{day}T10:00:00+09:00")
        await mem.end_session(user_id=user, session_id=f"s{i}")
    page = await mem.list(user_id=user, limit=100)
    return [r for r in page.items if r.is_live()]


async def live_memories(mem: AsyncMemory, user: str, *said: str) -> list[str]:
    """Each text of ``said`` as the user's one turn of its own session (a month apart), then
    the live long-term memories' contents."""
    days = (f"2026-0{i + 3}-02" for i in range(len(said)))
    records = await dated_sessions(mem, user, *zip(days, said, strict=True))
    return [r.content for r in records if r.layer is Layer.LONG_TERM]


async def play_sessions(mem: AsyncMemory, user: str,
                        sessions: list[tuple[str, list[tuple[str, str]]]]) -> None:
    """Each ``(day, [(role, text), ...])`` of ``sessions`` as one session on that day (20:00
    UTC), added as a chat app adds a conversation and closed with ``end_session``."""
    for day, turns in sessions:
        at = datetime.fromisoformat(day).replace(hour=20, tzinfo=UTC)
        await mem.add([{"role": r, "content": c} for r, c in turns], user_id=user,
                      session_id=day, timestamp=at)
        await mem.end_session(user_id=user, session_id=day)


async def top_contents(mem: AsyncMemory, user: str, query: str, k: int = 3) -> list[str]:
    """The contents of the first ``k`` of ``search(query)`` for ``user``, best first."""
    return [h.record.content for h in await mem.search(query, user_id=user, k=k)]


async def monthly_turns(mem: AsyncMemory, user: str, *sessions: list[str]) -> list[str]:
    """Each list of ``sessions`` as one conversation (a month apart), every user turn added on
    its own a minute after the one before, as a chat app adds a live chat; then the live
    long-term memories' contents."""
    for i, turns in enumerate(sessions):
        start = datetime(2026, 1 + i, 5, 10, tzinfo=UTC)
        for j, text in enumerate(turns):
            await mem.add([{"role": "user", "content": text}], user_id=user, session_id=f"s{i}",
                          timestamp=start + timedelta(minutes=j))
        await mem.end_session(user_id=user, session_id=f"s{i}")
    page = await mem.list(user_id=user, limit=100)
    return [r.content for r in page.items if r.is_live() and r.layer is Layer.LONG_TERM]


def say(mem: Memory, day: str, text: str, session: str, user: str = "u") -> None:
    """``text`` as the user's one turn of ``session`` on ``day`` (10:00), closed with
    ``end_session`` — the synchronous client, as a chat app with one thread uses it."""
    mem.add([{"role": "user", "content": text}], user_id=user, session_id=session,
            timestamp=f"{day}T10:00:00")
    mem.end_session(user_id=user, session_id=session)


def listed(mem: Memory, user: str = "u") -> list[str]:
    """The contents ``list()`` returns for ``user`` (what is current, every layer)."""
    return [r.content for r in mem.list(user_id=user, limit=100)]


def long_term(mem: Memory, user: str = "u", *, history: bool | None = None) -> list[str]:
    """The contents of ``user``'s long-term memories ``list()`` returns: all of them, or only
    the current ones (``history=False``) or only the dated history (``history=True``)."""
    return [r.content for r in mem.list(user_id=user, limit=100)
            if r.layer.value == "long_term" and (history is None or r.is_history() is history)]
