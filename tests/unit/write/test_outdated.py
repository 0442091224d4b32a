"""A memory of a change states the new value; the old value it names is kept as past
(``write.outdated``, issue 16): ``context()`` never shows the old value as current."""

from __future__ import annotations

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.domain.records import Layer
from gieok.write.outdated import distinctive, reword
from tests.support.sessions import dated_sessions

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("content", "said", "new", "old"), [
    # from → to, either language, any change verb
    ("사용자는 헬스를 저녁 7시에서 아침 6시로 옮겼다", "", "사용자는 헬스를 아침 6시로 옮겼다", "저녁 7시"),
    ("사용자의 엄마 갑상선약이 씬지로이드에서 신지록신으로 바뀌었다", "",
     "사용자의 엄마 갑상선약이 신지록신으로 바뀌었다", "씬지로이드"),
    ("사용자는 영업팀에서 기획팀으로 발령 났다", "", "사용자는 기획팀으로 발령 났다", "영업팀"),
    ("The vet lowered User's dog's carprofen from 75 to 50 mg", "",
     "The vet lowered User's dog's carprofen to 50 mg", "75"),
    ("User switched from Android to an iPhone", "", "User switched to an iPhone", "Android"),
    ("User moved to Lisbon from Porto", "", "User moved to Lisbon", "Porto"),
    # left X for Y: the thing left is the old value, the subject before it is not
    ("사용자는 의사가 아스피린 끊고 클로피도그렐로 바꾸라고 했다", "",
     "사용자는 의사가 클로피도그렐로 바꾸라고 했다", "아스피린"),
    ("사용자는 망원동 투룸 정리하고 이제 대전으로 이사했다", "", "사용자는 이제 대전으로 이사했다",
     "망원동 투룸"),
    # not X but Y, beside a word of change or correction (in the memory or in the turn)
    ("사용자는 이제 요가 아니고 필라테스 다닌다", "", "사용자는 이제 필라테스 다닌다", "요가"),
    ("사용자는 회의를 줌 말고 팀즈로 한다", "정정: 이제 회의는 줌 말고 팀즈로 해요",
     "사용자는 회의를 팀즈로 한다", "줌"),
    ("User's daughter's recital is on Fridays, not Wednesdays", "sorry, I meant Fridays",
     "User's daughter's recital is on Fridays", "Wednesdays"),
    ("User's book club reads sci-fi now instead of mysteries", "",
     "User's book club reads sci-fi now", "mysteries"),
])
def test_a_change_states_the_new_value_and_keeps_the_old(content: str, said: str, new: str,
                                                          old: str) -> None:
    got = reword(content, said)
    assert got is not None
    assert (got.content, got.previous) == (new, old)


@pytest.mark.parametrize("content", [
    "사용자는 카페에서 바리스타로 일한다",  # 에서 … 로 without a change verb
    "사용자는 부산에서 태어났다",
    "사용자는 의사가 아니고 간호사다",  # "not X" said fresh: no earlier value
    "사용자는 그게 아니고 다른 얘기를 하고 싶다",  # a pronoun is no value
    "User said the hotel was fine, not great",  # a degree, not a value
    "User is a nurse, not a doctor",
    "User works from home on Fridays",
    "User is moving to the night shift from next month",  # when it starts, not what it was
    "사용자는 담배 끊고 운동한다",  # left, but no change verb to a new value
])
def test_sentences_that_name_no_old_value_stay_as_they_are(content: str) -> None:
    assert reword(content) is None


@pytest.mark.parametrize(("old", "expected"), [
    ("다이아벡스", True), ("Android", True), ("영업팀", True), ("mysteries", True),
    ("저녁 7시", False), ("75", False), ("Wednesdays", False), ("2알", False), ("화요일", False),
])
def test_only_a_named_thing_dates_other_turns(old: str, expected: bool) -> None:
    assert distinctive(old) is expected


async def _session(mem: AsyncMemory, user: str, session: str, day: str, *said: str) -> None:
    turns = [{"role": "user" if i % 2 == 0 else "assistant", "content": text}
             for i, text in enumerate(said)]
    await mem.add(turns, user_id=user, session_id=session, timestamp=f"{day}T10:00:00+09:00")
    await mem.end_session(user_id=user, session_id=session)


async def test_context_says_the_old_value_as_past_and_leaves_unchanged_turns(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        user = "u-dose"
        await _session(mem, user, "s1", "2026-03-02",
                       "what treats are safe for my beagle Toby?",
                       "Plain carrots and apple slices are safe treats for Toby.")
        await _session(mem, user, "s2", "2026-04-02",
                       "my doctor bumped my metoprolol from 25 to 50 mg")
        page = await mem.list(user_id=user, limit=50)
        change = next(r for r in page.items if r.layer is Layer.LONG_TERM and r.is_live()
                      and "metoprolol" in r.content)
        assert "25" not in change.content and change.metadata["previously"] == "25"
        ctx = await mem.context("what dose of metoprolol am I on, and what treats for Toby?",
                                user_id=user, use_cache=False)
        lines = ctx.text.splitlines()
        assert any(line.endswith("to 50 mg (previously 25)") for line in lines)
        # a turn about something that did not change is quoted as it was said
        toby = [line for line in lines if "Toby" in line]
        assert toby and not any("until" in line or "previously" in line for line in toby)


async def test_a_korean_change_says_its_old_value_in_korean(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        await dated_sessions(mem, "u-ko", ("2026-04-02", "엄마 갑상선약이 씬지로이드에서 신지록신으로 바뀌었어요"))
        ctx = await mem.context("엄마 약 뭐 드셔?", user_id="u-ko", use_cache=False)
        assert "신지록신으로 바뀌었다 (이전에는 씬지로이드)" in ctx.text


async def test_an_old_turn_is_never_dated_as_ended_before_it_was_said(
    store_url: str, settings: GieokSettings
) -> None:
    """"moved … last week" resolves to the week before; the turn that still said Brooklyn
    four days earlier was true at least until it was said."""
    async with AsyncMemory(store_url, settings=settings) as mem:
        user = "u-week"
        await _session(mem, user, "s1", "2026-11-16", "Hi, I'm Emma. I live in Brooklyn.")
        await _session(mem, user, "s2", "2026-11-20", "We moved to Jersey City last week")
        page = await mem.list(user_id=user, filters={"kind": "turn"}, limit=50)
        old = next(r for r in page.items if "Brooklyn" in r.content)
        assert old.metadata.get("until"), old.metadata
        assert old.metadata["until"] >= "2026-11-16"
