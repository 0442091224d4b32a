"""W7 capacity planning, W2 trigger decisions and W5 normalisation (pure)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gieok.domain.policy import CapacityPolicy, ScopeSettings
from gieok.domain.records import Layer, MemoryRecord
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.settings import WriteSettings
from gieok.write.capacity import limit_for, plan_capacity
from gieok.write.extract.base import Candidate
from gieok.write.extract.timeexpr import resolve_time
from gieok.write.normalize import finalize, has_batchim, josa
from gieok.write.triggers import (
    TriggerKind,
    crossed_threshold,
    idle_cutoff,
    is_explicit_request,
    plan_add,
)

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def mem(content: str, importance: float, days: int = 0, pinned: bool = False) -> MemoryRecord:
    return MemoryRecord(scope=Scope(user="u"), content=content, importance=importance,
                        pinned=pinned, created_at=T0 + timedelta(days=days))


def test_under_the_limit_nothing_happens() -> None:
    plan = plan_capacity([mem("a", 0.5)], [mem("b", 0.5)], limit=5,
                         policy=CapacityPolicy.ARCHIVE_LOWEST)
    assert plan.archive == [] and plan.refused == 0


def test_archive_lowest_importance_then_oldest_and_pinned_last() -> None:
    live = [mem("low-old", 0.2, 0), mem("low-new", 0.2, 5), mem("pinned", 0.1, 0, pinned=True),
            mem("high", 0.9, 0)]
    plan = plan_capacity(live, [mem("new", 0.5, 9)], limit=3,
                         policy=CapacityPolicy.ARCHIVE_LOWEST)
    assert [r.content for r in plan.archive] == ["low-old", "low-new"]


def test_refuse_policy_counts_what_does_not_fit() -> None:
    plan = plan_capacity([mem("a", 0.5)] * 5, [mem("b", 0.5), mem("c", 0.5)], limit=6,
                         policy=CapacityPolicy.REFUSE)
    assert plan.refused == 1 and plan.archive == []


def test_limits_come_from_scope_settings_then_process_defaults() -> None:
    defaults = WriteSettings()
    assert limit_for(Layer.LONG_TERM, ScopeSettings(), defaults) == 10_000
    assert limit_for(Layer.EPISODIC, ScopeSettings(), defaults) == 1_000
    assert limit_for(Layer.LONG_TERM, ScopeSettings(max_memories=0), defaults) is None
    assert limit_for(Layer.LONG_TERM, ScopeSettings(), WriteSettings(max_long_term=None)) is None
    assert limit_for(Layer.EPISODIC, ScopeSettings(max_episodes=5), defaults) == 5
    assert limit_for(Layer.LONG_TERM, ScopeSettings(max_memories=7), defaults) == 7
    assert limit_for(Layer.PROCEDURAL, ScopeSettings(), defaults) is None


def turn(text: str, role: str = "user") -> Turn:
    return Turn(role=role, content=text)  # type: ignore[arg-type]


def test_turn_trigger_and_explicit_requests() -> None:
    settings = ScopeSettings()
    plan = plan_add([turn("I live in Seoul"), turn("ok", "assistant")], [], infer=True,
                    settings=settings, count_before=0, count_after=2)
    assert plan.kinds == (TriggerKind.TURN,) and not plan.episode
    assert [t.role for t in plan.extract] == ["user", "assistant"]  # the assistant's as context
    only_assistant = plan_add([turn("How old is he?", "assistant")], [], infer=True,
                              settings=settings, count_before=2, count_after=3)
    assert only_assistant.extract == [] and only_assistant.reason == "no user turns"
    off = ScopeSettings(auto_extraction=False)
    plan = plan_add([turn("I live in Seoul"), turn("기억해줘: 나 땅콩 알레르기 있어")], [],
                    infer=True, settings=off, count_before=0, count_after=2)
    assert [t.content for t in plan.extract] == ["기억해줘: 나 땅콩 알레르기 있어"]
    assert plan.kinds == (TriggerKind.EXPLICIT,)


def test_disabled_and_infer_false_extract_nothing() -> None:
    assert plan_add([turn("I live in Seoul")], [], infer=True,
                    settings=ScopeSettings(enabled=False), count_before=0,
                    count_after=1).extract == []
    assert plan_add([turn("I live in Seoul")], [], infer=False, settings=ScopeSettings(),
                    count_before=0, count_after=1).extract == []


def test_pending_turns_are_caught_up() -> None:
    plan = plan_add([turn("new")], [turn("old")], infer=True, settings=ScopeSettings(),
                    count_before=1, count_after=2)
    assert [t.content for t in plan.extract] == ["old", "new"]


def test_message_threshold() -> None:
    assert crossed_threshold(19, 20, 20) and crossed_threshold(38, 41, 20)
    assert not crossed_threshold(20, 21, 20) and not crossed_threshold(None, 20, 20)
    plan = plan_add([turn("hi")], [], infer=True, settings=ScopeSettings(), count_before=19,
                    count_after=20)
    assert plan.episode and TriggerKind.THRESHOLD in plan.kinds


def test_explicit_request_detection() -> None:
    assert is_explicit_request("Please remember that I'm vegan")
    assert is_explicit_request("이거 꼭 기억해줘")
    assert not is_explicit_request("Do you remember what I said?")
    assert not is_explicit_request("I live in Seoul")


def test_idle_cutoff_uses_the_scope_timeout() -> None:
    now = T0 + timedelta(hours=1)
    assert idle_cutoff(now, ScopeSettings()) == now - timedelta(minutes=30)
    assert idle_cutoff(now, ScopeSettings(idle_timeout_minutes=5)) == now - timedelta(minutes=5)


def test_josa_and_batchim() -> None:
    assert josa("고양이", "을/를") == "고양이를" and josa("고수", "을/를") == "고수를"
    assert josa("당뇨병", "이/가") == "당뇨병이" and josa("서울", "으로/로") == "서울로"
    assert josa("부산", "으로/로") == "부산으로" and has_batchim("강남구") is False


def test_relative_dates_follow_event_time() -> None:
    monday = datetime(2025, 10, 27, 9, tzinfo=UTC)

    def day(phrase: str) -> str | None:
        when = resolve_time(phrase, monday)
        return when.value if when is not None else None

    assert day("tomorrow") == "2025-10-28" and day("내일") == "2025-10-28"
    assert day("Friday") == "2025-10-31" and day("next Friday") == "2025-11-07"
    assert day("someday") is None
    # a date said with its weekday decides ("Tuesday, Dec 8"), and a rule's dated text
    # agrees with the memory's date
    assert day("Tuesday, Dec 8") == "2025-12-08" and day("on Monday the 8th") == "2025-11-08"


def test_finalize_canonical_form() -> None:
    out = finalize(Candidate(content="  user lives in   Busan. ", confidence=1.4,
                             importance=-1, value="Busan "))
    assert out is not None and out.content == "User lives in Busan"
    assert out.confidence == 1.0 and out.importance == 0.0 and out.value == "busan"
    assert finalize(Candidate(content="ok!")) is None
