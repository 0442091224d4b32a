"""Update sequences and precision on fresh text (issue 16, round 3, session 4): sentences
written fresh, not taken from any labelled file. A change said with the old value in it
("sold the Avante and bought a Tesla", "아이폰 팔고 갤럭시로 바꿨어") leaves a memory of the
new value only and supersedes the old one; earlier turns that name the old value are quoted
as past by ``context()``."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.domain.query import View, parse_filter
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.settings import GieokSettings
from gieok.write.extract import slots
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.retired import retired, without

pytestmark = pytest.mark.anyio
AT = datetime(2026, 11, 20, 1, 0, tzinfo=UTC)


def said(text: str) -> list[str]:
    return [c.content for c in HeuristicExtractor().extract_sync(
        [Turn(role="user", content=text, at=AT)])]


@pytest.mark.parametrize(("content", "expected"), [
    ("User sold the Avante last month and bought a Tesla Model 3", "User bought a Tesla Model 3"),
    ("User switched from Verizon to T-Mobile", "User switched to T-Mobile"),
    ("User quit the gym and swims now", "User swims now"),
    # a choice over something is no change from it
    ("User decided to use PostgreSQL instead of MongoDB",
     "User decided to use PostgreSQL instead of MongoDB"),
    ("사용자는 아이폰 팔고 갤럭시 S25로 바꿨다", "사용자는 갤럭시 S25로 바꿨다"),
    ("사용자는 헬스 그만두고 수영 다닌다", "사용자는 수영 다닌다"),
    # only what ended: nothing else to say, the sentence stays
    ("User finally quit Shinhan", "User finally quit Shinhan"),
    # a health change is itself a health fact
    ("User quit smoking, and started running", "User quit smoking, and started running"),
    ("User switched from lisinopril to losartan", "User switched from lisinopril to losartan"),
])
def test_a_change_keeps_what_holds_now(content: str, expected: str) -> None:
    assert without(content, retired(content)) == expected


def test_the_phone_now_is_the_one_not_left_behind() -> None:
    assert slots.phone("사용자는 아이폰 팔고 갤럭시 S25로 바꿨다") == "갤럭시 s25"
    assert slots.phone("User switched from an iPhone 13 to a Pixel 9") == "pixel 9"
    # their phone said in passing is still the phone they have
    assert slots.phone("User's iPhone 12 battery dies by noon") == "iphone 12"
    assert slots.phone("User's sister got a Galaxy S24") is None


def test_a_school_named_without_the_word_school() -> None:
    assert slots.school("User's son Leo goes to Oakwood Elementary") == (
        "leo", "oakwood elementary")
    assert slots.school("User's son Leo transferred to Riverside Middle this fall") == (
        "leo", "riverside middle")


def test_a_dropped_subject_before_sold_is_the_user() -> None:
    assert said("sold the Avante last month and bought a Tesla Model 3") == [
        "User bought a Tesla Model 3"]


async def _sessions(mem: AsyncMemory, user: str, *said: tuple[str, list[dict[str, str]]]
                    ) -> list[MemoryRecord]:
    for i, (day, turns) in enumerate(said):
        for turn in turns:
            await mem.add([turn], user_id=user, session_id=f"s{i}",
                          timestamp=f"{day}T10:00:00+09:00")
        await mem.end_session(user_id=user, session_id=f"s{i}")
    return [r for r in (await mem.list(user_id=user, limit=100)).items if r.is_live()]


def _u(text: str) -> dict[str, str]:
    return {"role": "user", "content": text}


async def test_a_change_said_with_the_old_value_supersedes_it(settings: GieokSettings,
                                                               tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        car = await _sessions(
            mem, "car", ("2026-01-15", [_u("I drive a 2015 Avante, it's getting old")]),
            ("2026-07-15", [_u("sold the Avante last month and bought a Tesla Model 3")]))
        assert [r.content for r in car if r.layer.value == "long_term"] == [
            "User bought a Tesla Model 3"]
        block = await mem.context("what car do I drive?", user_id="car", use_cache=False,
                                  track_use=False)
        # the old turn, if quoted, is quoted as past
        assert all("until" in line for line in block.text.splitlines() if "Avante" in line)
        phone = await _sessions(mem, "phone", ("2026-01-03", [_u("나 아이폰 15 써")]),
                                ("2026-04-03", [_u("아이폰 팔고 갤럭시 S25로 바꿨어")]))
        assert [r.content for r in phone if r.layer.value == "long_term"] == [
            "사용자는 갤럭시 S25로 바꿨다"]


async def test_earlier_turns_naming_a_superseded_value_are_quoted_as_past(
        settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        # the first session's request mentions the old home in passing; the assistant's
        # reply names it too — neither is the turn the residence fact came from
        await _sessions(
            mem, "home",
            ("2026-01-10", [_u("I live in Gangnam-gu, Seoul."),
                            _u("any good brunch places near Gangnam station?"),
                            {"role": "assistant", "content": "Gangnam has plenty: try ..."}]),
            ("2026-03-02", [_u("I moved to Mapo-gu last week.")]))
        turns = (await mem.store.list(Scope(user="home"), filters=parse_filter(
            {"layer": "archive"}), view=View(), limit=50, offset=0)).items
        gangnam = [t for t in turns if "Gangnam" in t.content]
        assert len(gangnam) == 3 and all(t.metadata.get("until") for t in gangnam)
        assert not any(t.metadata.get("until") for t in turns if "Mapo" in t.content)


def test_what_a_change_replaced_stays_in_the_memory_data() -> None:
    [memory] = HeuristicExtractor().extract_sync(
        [Turn(role="user", content="switched from iPhone 13 to a Pixel 9", at=AT)])
    assert memory.content == "User switched to a Pixel 9"
    assert memory.data is not None and memory.data["previous"] == ["iPhone 13"]
    assert memory.slot == "phone" and memory.retires == ("iPhone 13",)


def _one(text: str) -> tuple[str, str | None, str | None]:
    [c] = HeuristicExtractor().extract_sync([Turn(role="user", content=text, at=AT)])
    return c.content, c.slot, c.value


def test_who_holds_a_role_is_one_person_at_a_time() -> None:
    assert _one("my manager is Steve, he's pretty chill") == (
        "User's manager is Steve", "role:manager", "steve")
    assert _one("re-org happened, my new manager is Anita") == (
        "User's manager is Anita", "role:manager", "anita")
    assert _one("my manager Tom keeps scheduling meetings at 6pm, it's exhausting") == (
        "User's manager is Tom", "role:manager", "tom")
    assert _one("저희 팀장님은 이민수 팀장님이에요") == ("사용자의 팀장은 이민수", "role:manager", "이민수")
    assert _one("내 manager는 David이야") == ("사용자의 manager는 David", "role:manager", "david")
    assert slots.role("새로 오신 분은 정하나 팀장님") == ("manager", "정하나", "팀장")
    assert slots.role("new manager 왔어, 이름은 Sora") == ("manager", "Sora", "manager")
    # no name: a nationality, a remark about the manager, a question
    assert slots.role("my doctor is Korean") is None
    assert slots.role("팀장님은 요즘 바빠") is None
    assert slots.role("should my manager be Steve?") is None


def test_a_named_relatives_age_now_is_one_value() -> None:
    assert slots.age("User's daughter Zoe is 6") == ("zoe", "6")
    assert slots.age("User's daughter Zoe turned 7 today") == ("zoe", "7")
    assert slots.age("사용자의 강아지 Coco는 3살 maltipoo다") == ("coco", "3")
    assert slots.age("User's son Leo turns 5 next month") is None  # not yet
    assert slots.age("User's daughter Zoe is 6 months old") is None


def test_a_rename_and_what_is_no_more() -> None:
    from gieok.write.extract.retired import renamed
    assert renamed("Phoenix got renamed to Atlas for legal reasons") == ("Phoenix", "Atlas")
    assert renamed("프로젝트명이 '바다'에서 '파도'로 바뀌었어요") == ("바다", "파도")
    assert renamed("Orbit 이름 바꿨어 → Nova") == ("Orbit", "Nova")
    assert renamed("나비 사료를 로얄캐닌에서 힐스로 바꿨어") is None  # a switch, not a name
    assert without("Vet switched User's cat Luna to Hill's k/d, no more royal canin",
                   ("royal canin",)) == "Vet switched User's cat Luna to Hill's k/d"
    assert retired("vet switched Luna to Hill's k/d, no more royal canin") == ("royal canin",)
    assert without("사용자는 키토는 그만뒀고 이제 지중해식으로 먹는다", ("키토",)) == \
        "사용자는 이제 지중해식으로 먹는다"


def test_a_latin_name_with_a_korean_particle_is_mentioned() -> None:
    from gieok.write.extract.retired import mentions
    assert mentions("사용자의 팀 project 이름은 Orbit다", "Orbit")
    assert mentions("User lives in Gangnam-gu", "gangnam")
    assert not mentions("User uses Node.js", "node")


def test_a_pets_food_said_in_mixed_korean_and_english() -> None:
    from gieok.write.extract.generic import pet_diet
    assert pet_diet("우리 cat 코코는 wet food만 먹어, Ziwi Peak") == ("코코", "wet")
    assert pet_diet("코코 food 바꿨어, 이제 Orijen dry food") == ("코코", "orijen")


async def test_sequences_that_end_right(settings: GieokSettings, tmp_path: Path) -> None:
    """A new manager, a child's birthday, a diet left, a rename, a reaffirmation: after the
    last session only the current value is a live memory, and a session that only says a
    fact again leaves no episode."""
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        boss = await _sessions(
            mem, "boss", ("2026-04-04", [_u("my manager is Steve, he's pretty chill")]),
            ("2026-08-19", [_u("re-org happened, my new manager is Anita. Steve moved to "
                               "the sales team")]))
        assert [r.content for r in boss if r.layer.value == "long_term"] == [
            "User's manager is Anita"]
        block = await mem.context("who is my manager?", user_id="boss", use_cache=False,
                                  track_use=False)
        assert all("until" in line for line in block.text.splitlines()
                   if "manager is Steve" in line)
        zoe = await _sessions(mem, "zoe", ("2026-05-01", [_u("my daughter Zoe is 6")]),
                              ("2026-08-25", [_u("Zoe turned 7 today!")]))
        assert [r.content for r in zoe] == ["User's daughter Zoe turned 7 today"]
        diet = await _sessions(mem, "diet", ("2026-02-20", [_u("저 요즘 키토 식단 하고 있어요")]),
                               ("2026-08-20", [_u("키토는 그만뒀고 이제 지중해식으로 먹어요")]))
        assert [r.content for r in diet] == ["사용자는 이제 지중해식으로 먹는다"]
        project = await _sessions(
            mem, "proj", ("2026-03-20", [_u("our internal project is called Phoenix, it's the "
                                            "new billing service")]),
            ("2026-07-11", [_u("Phoenix got renamed to Atlas for legal reasons, same billing "
                               "service")]))
        assert [r.content for r in project] == [
            "The internal project is called Atlas, it's the new billing service"]  # the work's
        gym = await _sessions(mem, "gym", ("2026-03-03", [_u("나 매일 아침 7시에 헬스장 가")]),
                              ("2026-06-03", [_u("아침 7시 헬스 여전히 하는 중")]))
        assert [r.content for r in gym] == ["사용자는 매일 아침 7시에 헬스장 간다"]  # no episode


@pytest.mark.parametrize("text", [
    "my laptop froze during the demo today, so embarrassing",
    "got stuck in traffic for an hour this morning",
    "I burned the pasta again lmao",
    "just had the worst customer call of my life",
    "오늘 아침에 늦잠 자서 지각했어",
    "점심에 짜장면 먹었는데 옷에 튀었어 ㅠ",
    "오늘 배포하다가 장애 났어 ㅠㅠ 진짜 멘붕",
    "오늘 저녁에 친구 만나기로 했는데 취소됐어",  # a plan called off
    "I was going to go to Busan this weekend.",
    "we cancelled",
    "친구 딸이 이번에 서울대 붙었대",  # someone else's news, heard
    "팀장님께 오늘 반차 쓴다고 메일 좀 써줘",  # a task ('오늘' is no '늘': not a standing rule)
    "my flight got delayed 2 hours, sitting at the gate now",
    "thanks. kids want another one but im not sure",  # undecided
    "I think pineapple on pizza is fine, my brother hates it though",  # 'it' names nothing
])
def test_an_incident_of_the_day_is_not_remembered(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("I started my new job at Google today", "Google"),
    ("I just adopted a puppy", "puppy"),
    ("오늘 강아지 입양했어", "입양"),
    ("I was diagnosed with asthma yesterday", "asthma"),
    ("I got promoted today!", "promoted"),
    ("저 청각 장애가 있어요", "장애"),
    ("my daughter Zoe turned 7 today!", "7"),
    ("Got laid off last week, so I'm looking for a new job now.", "laid off"),
])
def test_what_starts_today_and_lasts_is_remembered(text: str, kept: str) -> None:
    assert any(kept in c for c in said(text))


def test_nothing_said_in_a_role_play_is_about_the_user() -> None:
    turns = [Turn(role="user", at=AT, content="let's play a game. you're a pirate captain and "
                                              "i'm your first mate. arr"),
             Turn(role="assistant", at=AT, content="Arr, matey!"),
             Turn(role="user", at=AT, content="aye captain, I spy a kraken off the starboard bow!")]
    ex = HeuristicExtractor()
    assert ex.extract_sync(turns[2:], context=turns[:2]) == []
    ko = [Turn(role="user", at=AT, content="우리 지금부터 역할극 하자. 너는 조선시대 선비, 나는 주막 주인"),
          Turn(role="assistant", at=AT, content="허허, 주모, 국밥 한 그릇 내오시게."),
          Turn(role="user", at=AT, content="예이 나리~ 막걸리도 드릴깝쇼")]
    assert ex.extract_sync(ko) == []


def test_a_sentence_kept_whole_carries_the_value_it_states() -> None:
    """One sentence, one memory of a value that changes: the employer said with the role
    is one memory with the employer slot, not the slot memory beside the whole sentence."""
    assert [(c, s) for c, s, _ in [_one("저 토스에서 일해요, designer로요")]] == [
        ("사용자는 토스에서 일한다, designer로요", "employer")]
    assert _one("I live in 마포구 with my boyfriend and two cats") == (
        "User lives in 마포구 with their boyfriend and two cats", "residence", "마포구")


def test_a_phone_traded_in_for_another() -> None:
    assert _one("traded in my Galaxy for a Pixel 8 Pro") == (
        "User got a Pixel 8 Pro", "phone", "pixel 8 pro")


def test_a_move_said_in_english_after_korean() -> None:
    assert _one("이사했어! now living in Amsterdam") == (
        "User lives in Amsterdam", "residence", "amsterdam")
    assert said("living in the moment") == []
