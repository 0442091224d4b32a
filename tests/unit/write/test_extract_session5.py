"""Structural, closed-class fixes (issue 16, round 3, session 5): a diet read from its closed
class of words and what the sentence says of it, a state bounded by the current period,
labels before the news, shots as health, places one attends, a breakup ending a partner,
leaving a workplace, a self-introduction's list, a request after its reason. Most sentences
here were written after the rule, to check it on text it was not written from; the lead's
fresh-user trials (t39–t41) are the sequences at the end."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.domain.turns import Turn
from gieok.settings import GieokSettings
from gieok.write.extract.diets import stated
from gieok.write.extract.discourse import split_sentences
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.passing import passing
from gieok.write.extract.retired import parted, retired

pytestmark = pytest.mark.anyio
AT = datetime(2026, 7, 14, 20, 0, tzinfo=UTC)


def said(*texts: str) -> list[tuple[str, str | None, str | None, bool]]:
    found = HeuristicExtractor().extract_sync(
        [Turn(role="user", content=t, at=AT) for t in texts])
    return [(c.content, c.slot, c.value, c.pinned) for c in found]


@pytest.mark.parametrize(("sentence", "now", "left"), [
    ("저 이제 생선은 먹어요, 페스코로 바꿨어요", "pescatarian", "vegetarian"),
    ("honestly vegan wasn't working for me, doctor suggested keto", None, "vegan"),
    ("switched from vegan to pescatarian last month", "pescatarian", "vegan"),
    ("fyi I'm vegan now, so no dairy either", "vegan", None),
    ("gave up being vegetarian last year tbh", None, "vegetarian"),
    ("페스코 베지테리언이라 고기는 안 먹어요", "pescatarian", None),
    ("요즘 저탄고지 하는 중이에요", "keto", None),
    ("I quit keto in March", None, "keto"),
    ("비건 3년 하다가 이제 생선은 먹어요", None, "vegan"),
    ("I'm no longer pescatarian, eating chicken again", None, "pescatarian"),
    # someone else's, asked, wished: no diet of the user's
    ("my wife is keto, I'm not", None, None),
    ("우리 딸이 채식주의자예요", None, None),
    ("is a vegan diet healthy for kids?", None, None),
    ("I'm thinking about going vegan", None, None),
    ("비건강한 음식 좀 줄이려고", None, None),
])
def test_a_diet_now_and_the_diets_left(sentence: str, now: str | None,
                                       left: str | None) -> None:
    got_now, got_left = stated(sentence)
    assert got_now == now
    assert (left in got_left) if left else not got_left


def test_a_diet_change_is_a_diet_slot_and_a_left_diet_is_no_diet() -> None:
    assert said("저 이제 생선은 먹어요, 페스코로 바꿨어요") == [
        ("사용자는 페스코 식단", "diet", "pescatarian", True)]
    meat = said("I used to be vegetarian but I eat meat again now")
    assert ("User eats meat now", "diet", "not vegetarian/vegan", True) in meat
    assert not any(value == "vegetarian" for _, _, value, _ in meat)
    found = said("honestly vegan wasn't working for me, doctor suggested keto and I've been "
                 "doing that since March")
    assert not any(c == "User is vegan" or value == "vegan" for c, _, value, _ in found)
    assert ("User is no longer vegan", "diet", "not vegan", True) in found


@pytest.mark.parametrize("sentence", [
    "I'm on call this week so I'm exhausted", "swamped today, talk later",
    "이번 주 당직이라 너무 피곤해", "I'm working from home today", "요번 주 내내 야근 중이에요",
    "we're slammed at the moment",
])
def test_a_state_of_the_current_period_is_not_kept(sentence: str) -> None:
    assert passing(sentence)
    assert said(sentence) == []


@pytest.mark.parametrize("sentence", [
    "I'm on call every other weekend", "I'm on vacation next week", "이번 주 금요일에 출장 가요",
    "I'm starting at Kakao this week", "I've been vegetarian since college",
])
def test_a_routine_plan_or_change_is_not_a_passing_state(sentence: str) -> None:
    assert not passing(sentence)


@pytest.mark.parametrize(("sentence", "kept"), [
    ("hi! quick intro: I'm Mina, 31, product designer at a fintech startup called Pebble",
     "User's name is Mina"),
    ("big news, I got an offer from Kakao!", "User got an offer from Kakao"),
    ("Update: we moved to Busan last week", "User lives in Busan"),
    ("good news - my mom's surgery went well", "User's mom's surgery went well"),
    ("기쁜 소식! 저 임신했어요", "사용자는 임신 중"),
])
def test_a_label_before_the_news_is_not_kept(sentence: str, kept: str) -> None:
    contents = [c for c, *_ in said(sentence)]
    assert kept in contents
    assert not any(w in c.casefold() for c in contents
                   for w in ("intro", "news", "update", "소식"))


@pytest.mark.parametrize("sentence", [
    "Coco got her booster shots today", "우리 강아지 다음 주에 예방접종 맞혀야 돼",
    "우리 고양이 나비 다음 달에 종합백신 맞아야 해", "I got my flu shot yesterday",
])
def test_shots_and_vaccinations_are_health(sentence: str) -> None:
    found = said(sentence)
    assert found and any(pinned for *_, pinned in found)


def test_a_shot_that_is_no_vaccination_is_not_health() -> None:
    # (what the test is for: photos are no health fact; whether the outing is kept at all is
    # the learned judge's call, which this test asserted by accident until session 15)
    assert not any(pinned or slot for _, slot, _, pinned in said(
        "took some great shots at the beach"))
    assert not any(pinned or slot for _, slot, _, pinned in said(
        "I got some nice shots of the sunset"))


@pytest.mark.parametrize(("sentence", "employer"), [
    ("애니타임 피트니스 다녀", False), ("요즘 동네 짐 다니고 있어요", False),
    ("우리 애 태권도 다녀요", False), ("저 삼성전자 다녀요", True),
])
def test_a_gym_or_a_class_attended_is_no_employer(sentence: str, employer: bool) -> None:
    assert any(slot == "employer" for _, slot, _, _ in said(sentence)) is employer


def test_a_request_after_its_reason_leaves_only_the_fact() -> None:
    assert said("I'm allergic to cats btw, so no cat cafe suggestions for the team outing") \
        == [("User is allergic to cats", "allergy:cats", "yes", True)]
    assert said("저 갑각류 알레르기가 있어서 새우 요리는 빼주세요") == [
        ("사용자는 갑각류 알레르기가 있음", "allergy:갑각류", "yes", True)]


def test_an_emoticon_ends_a_sentence() -> None:
    assert split_sentences("Jun and I broke up last month :( I moved out to a small "
                           "officetel in Pangyo") == [
        "Jun and I broke up last month :(", "I moved out to a small officetel in Pangyo"]
    assert split_sentences("lol ok 😂 I live in Busan now")[-1] == "I live in Busan now"
    assert split_sentences("I love it :D") == ["I love it :D"]


def test_a_home_is_valued_by_its_place() -> None:
    assert said("I moved out to a small officetel in Pangyo") == [
        ("User lives in a small officetel in Pangyo", "residence", "pangyo", False)]
    assert said("we moved into a two-bedroom apartment in Suwon")[0][2] == "suwon"
    assert said("근데 집은 아직 대전이에요")[0][2] == "대전"
    assert said("부산으로 이사했어")[0][2] == "부산"


@pytest.mark.parametrize(("sentence", "who"), [
    ("Jun and I broke up last month :(", ("Jun",)), ("I broke up with my boyfriend Alex", ("Alex",)),
    ("Sarah and I split up in May", ("Sarah",)), ("준이랑 헤어졌어", ("준",)),
    ("we broke up", ()), ("Tom and I broke the vase", ()),
    ("my sister and her husband divorced", ()),
])
def test_the_partner_the_user_parted_from(sentence: str, who: tuple[str, ...]) -> None:
    assert parted(sentence) == who


@pytest.mark.parametrize(("sentence", "left"), [
    ("yep, my last day at Pebble is July 25", ("Pebble",)),
    ("I'm leaving Naver next month", ("Naver",)), ("I resigned from Toss", ("Toss",)),
    ("페블 퇴사했어요", ("페블",)), ("이번 달까지만 토스 다녀요", ("토스",)),
    ("leaving the office now", ()), ("I left my keys at home", ()), ("회사 퇴사했어", ()),
])
def test_leaving_a_workplace_retires_it(sentence: str, left: tuple[str, ...]) -> None:
    assert retired(sentence) == left


@pytest.mark.parametrize(("sentence", "parts"), [
    ("I'm Jake, 29, from Busan", ["my name is Jake", "I'm 29", "I'm from Busan"]),
    ("I am Kevin, and I live in Seoul", ["my name is Kevin", "I live in Seoul"]),
    ("Im Dana, 40, mom of two, working at Naver",
     ["my name is Dana", "I'm 40", "I'm a mom of two", "I'm working at Naver"]),
    ("I'm Tom, nice to meet you", ["I'm Tom, nice to meet you"]),
    ("this is Mike, the new guy", ["this is Mike, the new guy"]),
])
def test_a_self_introduction_is_one_fact_per_item(sentence: str, parts: list[str]) -> None:
    assert split_sentences(sentence) == parts


async def _play(mem: AsyncMemory, user: str, sessions: list[tuple[str, list[str]]]) -> None:
    for day, texts in sessions:
        at = datetime.fromisoformat(day).replace(hour=20, tzinfo=UTC)
        await mem.add([{"role": "user", "content": t} for t in texts], user_id=user,
                      session_id=f"s{day}", timestamp=at)
        await mem.end_session(user_id=user, session_id=f"s{day}")


async def _live(mem: AsyncMemory, user: str) -> list[str]:
    page = await mem.list(user_id=user, limit=100)
    return [r.content for r in page.items if r.is_live() and r.layer.value == "long_term"]


async def test_a_fresh_users_changes_supersede_by_slot(settings: GieokSettings,
                                                        tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        await _play(mem, "t39", [
            ("2026-06-03", ["hi! quick intro: I'm Mina, 31, product designer at a fintech "
                            "startup called Pebble",
                            "I live in Incheon with my boyfriend Jun and our cat Dubu",
                            "also I'm vegetarian, no meat or fish please when you suggest food"]),
            ("2026-07-14", ["yep, my last day at Pebble is July 25"]),
            ("2026-09-09", ["Jun and I broke up last month :( I moved out to a small "
                            "officetel in Pangyo"]),
            ("2026-11-02", ["저 이제 생선은 먹어요, 페스코로 바꿨어요"]),
        ])
        live = await _live(mem, "t39")
    assert not any("vegetarian" in c or "Incheon" in c for c in live), live
    assert not any("product designer at" in c for c in live), live
    assert {"User's name is Mina", "User is 31 years old", "사용자는 페스코 식단"} <= set(live)
    assert any("Pangyo" in c for c in live) and any("broke up" in c for c in live)


async def test_a_passing_state_leaves_no_memory_and_no_episode(settings: GieokSettings,
                                                               tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        await _play(mem, "t41", [
            ("2026-10-12", ["I'm on call this week so I'm exhausted",
                            "oh and I've been learning piano since September, trying to "
                            "practice 20 min a day"]),
        ])
        page = await mem.list(user_id="t41", limit=100)
    contents = [(r.layer.value, r.content) for r in page.items if r.is_live()]
    assert not any("on call" in c or "exhausted" in c for _, c in contents), contents
    assert [layer for layer, _ in contents] == ["long_term"], contents


@pytest.mark.parametrize(("sentence", "slot", "value"), [
    ("ok update, I've been seeing someone new, her name's Priya and she makes me laugh "
     "constantly", "relationship", "priya"),
    ("I'm dating a guy named Leo", "relationship", "leo"),
    ("my wife's name is Sora", "relationship", "sora"),
    ("marcus and i broke up last week. honestly for the best", "relationship", "none"),
    # where the user lives, said with the partner: the residence is what it is about
    ("I live in Incheon with my boyfriend Jun", "residence", "incheon"),
    # Korean casual endings and laughter ending a sentence before a number
    ("결국 Galaxy S25로 갈아탐 ㅋㅋ 10년 애플 유저였는데", "phone", "galaxy s25"),
    ("인천 부평에 살고 있는데 겨울 바람 장난 아님ㅋㅋ", "residence", "인천 부평"),
    ("광주 와서 산 지 2주 됐는데 밥이 진짜 맛있어요", "residence", "광주"),
    ("I quit keto in March", "diet", "not keto"),
])
def test_one_value_at_a_time(sentence: str, slot: str, value: str) -> None:
    assert (slot, value) in [(s, v) for _, s, v, _ in said(sentence)]


def test_a_partner_said_in_passing_is_no_relationship_slot() -> None:
    assert not any(s == "relationship" for _, s, _, _ in said("친구는 부산에 살아"))
    assert said("친구는 부산에 살아") == []


async def test_a_value_left_that_was_never_stored_dates_its_turns(
        settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        await _play(mem, "diet", [
            ("2026-01-09", ["day 5 of keto and i would sell my soul for a bagel"]),
            ("2026-04-16", ["ok I quit keto, it wasn't sustainable. going vegetarian instead"]),
        ])
        block = await mem.context("what diet am I on?", user_id="diet", use_cache=False,
                                  track_use=False)
    # the current diet answers; the old one is shown only as dated history, if at all (a
    # history line is shown when the request is about it, context/assemble.HISTORY_MARGIN)
    assert "vegetarian" in block.text, block.text
    keto = [line for line in block.text.splitlines() if "day 5 of keto" in line]
    assert all("until 2026-04-16" in line for line in keto), block.text


def test_a_partner_doing_something_is_not_named_by_the_adverb() -> None:
    # "사용자의 와이프가 요즘 …": the word after the subject particle is no name
    assert not any(s == "relationship" for _, s, _, _ in said(
        "우리 와이프가 요즘 nurse로 night shift 하고 있어서 애들 저녁은 내가 챙겨"))
    assert ("relationship", "민수") in [(s, v) for _, s, v, _ in said("우리 남편 민수는 요리사예요")]
