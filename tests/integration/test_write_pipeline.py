"""The write path through the engine on a real SQLite file: triggers, settings (W9),
reconciliation with two timelines (W6/L6), capacity (W7), audit (W8), failures (W10),
episodes (W11), the idle sweeper (W2) and confidence decay (L1)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from gieok import AuditAction, DecisionKind, Memory, GieokSettings, PolicyError, Trigger
from gieok.domain.records import Layer, Source, utcnow

pytestmark = pytest.mark.integration
U = {"user_id": "u1"}
S1 = {"user_id": "u1", "session_id": "s1"}


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    memory = Memory(f"sqlite:///{tmp_path / 'w.db'}",
                    settings=GieokSettings(data_dir=tmp_path, embedder="hash:256"))
    yield memory
    memory.close()


def live(mem: Memory, **ids: Any) -> list[str]:
    return sorted(r.content for r in mem.list(**(ids or U),
                                              filters={"layer": "long_term"}).items)


def test_add_extracts_user_facts_into_the_user_scope(mem: Memory) -> None:
    result = mem.add([{"role": "user", "content": "I live in Gangnam-gu, Seoul."},
                      {"role": "assistant", "content": "You must love Busan then!"}], **S1)
    assert result.turns_added == 2 and result.extraction == "heuristic"
    [decision] = result.decisions
    record = decision.memory
    assert decision.kind is DecisionKind.ADD and record.content == "User lives in Gangnam-gu, Seoul"
    assert str(record.scope) == "user:u1" and record.source_session == "s1"
    assert record.source is Source.INFERRED and record.source_turn_ids
    [event] = mem.history(record.id)
    assert event.action is AuditAction.CREATE and event.trigger is Trigger.EXTRACTION
    assert event.details["triggers"] == ["turn"]
    assert live(mem, user_id="u1", session_id="s2") == []  # another session's exact scope
    assert live(mem) == ["User lives in Gangnam-gu, Seoul"]  # the user sees it everywhere


def test_explicit_requests_are_user_requests(mem: Memory) -> None:
    result = mem.add("나 땅콩 알레르기 있어. 꼭 기억해줘", **S1)
    record = result.decisions[0].memory
    assert record.source is Source.EXPLICIT and record.pinned and record.importance == 1.0
    assert mem.history(record.id)[0].trigger is Trigger.USER_REQUEST


def test_infer_false_then_catch_up(mem: Memory) -> None:
    first = mem.add("I live in Busan.", infer=False, **S1)
    assert first.extraction == "off" and live(mem) == []
    mem.add("I love hiking.", **S1)
    assert live(mem) == ["User lives in Busan", "User loves hiking"]


def test_disabled_scope_stores_nothing(mem: Memory) -> None:
    mem.update_settings(user_id="u1", enabled=False)
    result = mem.add("I live in Busan.", **S1)  # the user's setting covers the session
    assert result.extraction == "disabled" and result.turns_added == 0
    assert mem.recent_turns(**S1) == [] and live(mem) == []
    with pytest.raises(PolicyError) as info:
        mem.remember("User likes tea", **U)
    assert info.value.code == "MEMORY_DISABLED"


def test_auto_extraction_off_keeps_only_explicit_requests(mem: Memory) -> None:
    mem.update_settings(user_id="u1", auto_extraction=False)
    mem.add("I live in Busan.", **S1)
    mem.add("Remember that I'm allergic to peanuts.", **S1)
    assert live(mem) == ["User is allergic to peanuts"]


def test_allowed_categories_filter_extraction(mem: Memory) -> None:
    mem.update_settings(user_id="u1", allowed_categories=["location", "preference"])
    mem.add("I live in Busan. I love hiking. I'm a nurse.", **S1)
    assert live(mem) == ["User lives in Busan", "User loves hiking"]


def test_update_supersedes_and_keeps_history(mem: Memory) -> None:
    before = utcnow() - timedelta(days=30)
    first = mem.add("나 강남구 살아", timestamp=before, **S1).decisions[0].memory
    result = mem.add("마포구로 이사했어", user_id="u1", session_id="s2")
    [decision] = result.decisions
    assert decision.kind is DecisionKind.SUPERSEDE and decision.replaced == first.id
    old = mem.get(first.id)
    assert old.superseded_by == decision.memory.id and old.superseded_at is not None
    assert old.valid_to == decision.memory.valid_from
    assert live(mem) == ["사용자는 마포구에 거주"]
    # facts only: the archive keeps what was said, "나 강남구 살아" included (R8)
    facts = {"kind": "memory"}
    assert [h.record.content for h in mem.search("어디 살아", filters=facts, **U)] == [
        "사용자는 마포구에 거주"]
    past = mem.search("어디 살아", as_of=before + timedelta(days=1), filters=facts, **U)
    assert [h.record.content for h in past] == ["사용자는 강남구에 거주"]
    actions = [e.action for e in mem.history(first.id)]
    assert actions == [AuditAction.CREATE, AuditAction.SUPERSEDE]


def test_duplicates_bump_usage_instead_of_repeating(mem: Memory) -> None:
    mem.add("I'm allergic to peanuts.", **S1)
    again = mem.add("I'm allergic to peanuts.", user_id="u1", session_id="s2")
    assert [d.kind for d in again.decisions] == [DecisionKind.NOOP]
    [record] = mem.list(**U).items
    assert record.usage_count == 1


def test_capacity_archives_the_lowest_importance(mem: Memory) -> None:
    mem.update_settings(user_id="u1", max_memories=2)
    mem.add("I love hiking.", **S1)
    mem.add("I live in Busan.", **S1)
    result = mem.add("I'm allergic to peanuts.", **S1)
    assert len(result.archived) == 1
    assert live(mem) == ["User is allergic to peanuts", "User lives in Busan"]
    archived = mem.get(result.archived[0])
    assert archived.status.value == "archived" and archived.content == "User loves hiking"
    assert mem.history(archived.id)[-1].trigger is Trigger.CAPACITY


def test_capacity_refuse_is_loud(mem: Memory) -> None:
    mem.update_settings(user_id="u1", max_memories=1, capacity_policy="refuse")
    mem.add("I love hiking.", **S1)
    result = mem.add("I live in Busan.", **S1)
    assert any("MEMORY_LIMIT_REACHED" in f for f in result.failures)
    assert live(mem) == ["User loves hiking"]
    with pytest.raises(PolicyError) as info:
        mem.remember("User likes tea", **U)
    assert info.value.code == "MEMORY_LIMIT_REACHED"


def test_direct_writes_follow_an_explicit_limit(mem: Memory) -> None:
    mem.update_settings(user_id="u1", max_memories=2)
    for text, importance in (("a fact", 0.9), ("b fact", 0.1), ("c fact", 0.5)):
        mem.remember(text, importance=importance, **U)
    assert live(mem) == ["a fact", "c fact"]


def test_pii_is_masked_everywhere_including_audit(mem: Memory) -> None:
    record = mem.remember("my password is hunter2!Xy and I live in Busan", **U)
    assert record.content == "my password is [PASSWORD] and I live in Busan"
    assert record.pii_flags == ["password"]
    updated = mem.update(record.id, content="card 4111-1111-1111-1111")
    assert updated.content == "card [CARD]"
    for event in mem.history(record.id):
        assert "hunter2" not in (event.before_content or "") + (event.after_content or "")
        assert "4111" not in (event.after_content or "")


def test_contact_details_follow_the_contact_policy(mem: Memory) -> None:
    mem.add("my number is 010-1234-5678", **S1)
    assert mem.recent_turns(**S1)[0].content == "my number is [PHONE]"
    mem.update_settings(user_id="u2", pii_contact_policy="keep")
    mem.add("my number is 010-1234-5678", user_id="u2", session_id="s1")
    assert mem.recent_turns(user_id="u2", session_id="s1")[0].content.endswith("5678")


def test_failures_never_raise_into_the_chat(mem: Memory, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    mem.add("warm up", **S1)
    writes = mem.aio._writes
    assert writes is not None

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("extractor exploded")

    monkeypatch.setattr(writes.extractor, "extract", broken)
    result = mem.add("I live in Busan.", **S1)
    assert result.extraction == "failed" and "extractor exploded" in result.failures[0]
    assert mem.recent_turns(**S1)[-1].content == "I live in Busan."  # the turn is kept
    assert mem.write_failures == 1


def test_end_session_writes_one_episode_and_refreshes_it(mem: Memory) -> None:
    mem.add([{"role": "user", "content": "내일 중요한 면접이 있어"},
             {"role": "assistant", "content": "와, 떨리겠다! 어떤 회사야?"},
             {"role": "user", "content": "IT 스타트업인데 너무 걱정돼"}], infer=False, **S1)
    result = mem.end_session(**S1)
    episode = result.episode
    assert episode is not None and episode.layer is Layer.EPISODIC
    assert "면접" in episode.content and episode.emotion == "stress"
    assert str(episode.scope) == "user:u1" and episode.metadata["session"] == "s1"
    assert any("면접" in m for m in live(mem))  # remaining turns were extracted too
    mem.add("I live in Busan.", **S1)
    again = mem.end_session(**S1)
    assert again.episode is not None and again.episode.id == episode.id
    assert again.episode.version == episode.version + 1
    episodes = mem.list(**U, filters={"layer": "episodic"}).items
    assert len(episodes) == 1


def test_greetings_only_session_has_no_episode(mem: Memory) -> None:
    mem.add([{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello!"},
             {"role": "user", "content": "thanks, bye"}], **S1)
    assert mem.end_session(**S1).episode is None


def test_message_threshold_writes_the_episode(mem: Memory) -> None:
    # The session names a feeling, so its episode says more than the facts stored from it
    # (an episode that only restates stored facts is not written: issue 16).
    mem.update_settings(user_id="u1", session_message_threshold=4)
    mem.add([{"role": "user", "content": "I'm training for a marathon next month."},
             {"role": "assistant", "content": "Great!"}], **S1)
    result = mem.add([{"role": "user", "content": "I run every morning, so excited for the race!"},
                      {"role": "assistant", "content": "Nice habit."}], **S1)
    assert result.episode is not None and "marathon" in result.episode.content
    assert result.episode.emotion == "excitement"


def test_sweeper_closes_idle_sessions_once(mem: Memory) -> None:
    start = utcnow() - timedelta(hours=2)
    mem.add("I live in Busan. I'm so excited about my new job!", infer=False, timestamp=start,
            **S1)
    mem.add("hello", user_id="u1", session_id="fresh")  # active: not idle yet
    closed = mem.sweep()
    assert [str(scope) for scope, _ in closed] == ["user:u1/session:s1"]
    result = closed[0][1]
    assert result.episode is not None and result.episode.emotion == "excitement"
    assert "User lives in Busan" in live(mem)
    assert mem.sweep() == []  # closed sessions stay closed
    mem.add("One more thing: I have a cat.", timestamp=start + timedelta(minutes=1), **S1)
    assert [str(s) for s, _ in mem.sweep()] == ["user:u1/session:s1"]  # reopened, re-closed


def test_decay_lowers_inferred_confidence_once_per_period(mem: Memory) -> None:
    long_ago = utcnow() - timedelta(days=95)
    inferred = mem.add("I love hiking.", timestamp=long_ago, **S1).decisions[0].memory
    explicit = mem.remember("User's blood type is A", timestamp=long_ago, **U)
    report = mem.decay()
    assert report.decayed == 1
    after = mem.get(inferred.id)
    assert after.confidence == pytest.approx(inferred.confidence * 0.95**3)
    assert mem.get(explicit.id).confidence == explicit.confidence
    assert mem.decay().decayed == 0  # idempotent within a period
    event = mem.history(inferred.id)[-1]
    assert event.action is AuditAction.DECAY and event.trigger is Trigger.DECAY
    floor = mem.decay(now=utcnow() + timedelta(days=3650))
    assert floor.decayed == 1 and mem.get(inferred.id).confidence == pytest.approx(0.1)
