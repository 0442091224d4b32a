"""Update sequences, session 16 (issue 16): changes said inside one conversation and across
them. A slip owned up to in a turn of its own, nothing but the wrong value and the right one
("아 60 아니고 50", "oh wait, Bath not Leeds"), fixes what was stored from this conversation
and nothing older. Sentences written for these tests, in both languages, each class with the
guard that keeps another conversation's value or a value nobody stated."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.domain.records import Layer, MemoryRecord
from gieok.domain.scope import Scope
from gieok.settings import GieokSettings
from gieok.write.extract.correction import slipped_just_now
from gieok.write.extract.retired import says_only
from gieok.write.repeated import said_once_more
from gieok.write.styles import reversed_requests
from tests.support.sessions import monthly_turns as _turns

pytestmark = pytest.mark.anyio


# -- a slip owned up to in a turn of its own -------------------------------------------------------
@pytest.mark.parametrize(("text", "pair"), [
    ("아 강릉 아니고 속초요. 헷갈렸네", ("강릉", "속초")),
    ("아 ENTJ 아니고 ENFJ였다", ("ENTJ", "ENFJ")),
    ("앗 30 아니고 35", ("30", "35")),
    ("아 그리고 걔 3살 아니고 4살. 아까 잘못 말함", ("3살", "4살")),
    ("월세 70 아니고 75요, 제가 착각했어요", ("70", "75")),
    ("oh wait, Derby not Leicester", ("Leicester", "Derby")),
    ("sorry, not 12 — 14", ("12", "14")),
])
def test_a_bare_slip_names_the_wrong_value_and_the_right_one(text: str,
                                                              pair: tuple[str, str]) -> None:
    assert slipped_just_now(text) == pair


@pytest.mark.parametrize("text", [
    "강릉 아니고 속초 가고 싶어요",  # a wish, not a value said wrong
    "아 커피 아니고 차 주세요",  # a request
    "아 그게 아니고 진짜로",  # no value
    "아 5 아니고 금요일",  # a number and a weekday are no value of one kind
    "I went to Derby not Leicester last weekend",  # a statement of its own
    "그 사람 아니고 다른 사람이요",
])
def test_what_is_no_bare_slip(text: str) -> None:
    assert slipped_just_now(text) is None


def test_a_slip_alone_says_nothing_but_one_with_its_subject_does() -> None:
    assert says_only("사용자는 커피 아니고 차다", ("커피", "차"))
    assert says_only("User is Derby not Leicester", ("Leicester", "Derby"))
    assert not says_only("사용자의 고양이 나비는 3kg 아니고 4kg다", ("3kg", "4kg"))


async def test_a_slip_in_the_next_turn_fixes_the_value_just_stored(settings: GieokSettings,
                                                                   tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        ministry = await _turns(mem, "ko", ["저 세종시 공무원이에요. 환경부",
                                            "아 환경부 아니고 고용노동부요. 헷갈렸네"])
        assert any("고용노동부" in c for c in ministry)
        assert not any("환경부" in c for c in ministry)
        budget = await _turns(mem, "num", ["나 한 달 용돈 예산 40만원으로 잡고 있어",
                                           "아 40 아니고 45"])
        assert any("45만원" in c for c in budget) and not any("40" in c for c in budget)
        city = await _turns(mem, "en", ["I work at a bike shop in Derby",
                                        "oh wait, Leicester not Derby"])
        assert any("Leicester" in c for c in city) and not any("Derby" in c for c in city)


async def test_a_bare_slip_never_fixes_an_older_conversation(settings: GieokSettings,
                                                             tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        # months later "아 커피 아니고 차요" says nothing of the coffee stored back then
        old = await _turns(mem, "ko", ["나 아침마다 커피 마셔"], ["아 커피 아니고 차요"])
        assert any("커피" in c for c in old) and not any("차다" in c or "차요" in c for c in old)
        kids = await _turns(mem, "en", ["I have 2 kids, both at Hillside Primary"],
                            ["no wait, 3 not 2"])
        assert any("2 kids" in c for c in kids) and not any("3" in c for c in kids)


# -- a medicine the user says they take, stopped -----------------------------------------------------
async def test_a_medicine_taken_is_ended_when_the_user_stops_it(settings: GieokSettings,
                                                               tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        # a name the medicine lexicon need not know: the memory says it is taken
        ko = await _turns(mem, "ko", ["요즘 역류성 식도염 때문에 파리에트 먹어"],
                          ["식도염 다 나아서 파리에트 끊었어"])
        assert not any("먹는다" in c for c in ko) and any("끊었다" in c for c in ko)
        en = await _turns(mem, "en", ["I take Nexium every morning for reflux"],
                          ["reflux is gone so I stopped the Nexium"])
        assert not any("takes Nexium" in c for c in en)


async def test_a_medicine_someone_else_takes_stays(settings: GieokSettings,
                                                   tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        dad = await _turns(mem, "en", ["My dad takes Nexium every morning for reflux"],
                           ["I stopped the Nexium"])
        assert any("dad takes Nexium" in c for c in dad)
        # the user's own vitamin stays when their mother's medicine is the one stopped
        mum = await _turns(mem, "ko", ["난 요즘 비타민D 먹어"], ["엄마가 파리에트 끊으셨어"])
        assert any("비타민D" in c for c in mum)


# -- a new job said in the present, with a word that says it is new --------------------------------
async def test_a_job_said_by_its_work_replaces_the_job_before(settings: GieokSettings,
                                                              tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        en = await _turns(mem, "en", ["I am an accountant at a firm in Leeds"],
                          ["I teach year 4 at Hillside now"])
        assert not any("accountant" in c for c in en) and any("year 4" in c for c in en)
        ko = await _turns(mem, "ko", ["저 회계사예요"], ["요즘은 초등학교에서 4학년 가르쳐요"])
        assert not any("회계사" in c for c in ko)
        team = await _turns(mem, "team", ["나 스타트업에서 backend 개발해. 회사는 판교"],
                            ["오늘 첫 출근. 이번엔 카카오 data 팀이야 ㅋㅋ"])
        assert not any("판교" in c for c in team) and any("카카오" in c for c in team)
        grad = await _turns(mem, "grad", ["저 대학원생이에요. 석사 2학기"],
                            ["졸업했어요. 다음 주부터 연구소 인턴 시작해요"])
        assert not any("대학원생" in c for c in grad)


async def test_a_second_job_or_someone_elses_leaves_the_job(settings: GieokSettings,
                                                            tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        for user, later in (("side", "I teach a pottery class on weekends now"),
                            ("wife", "my wife teaches year 4 at Hillside now"),
                            ("club", "I joined a running club now, twice a week")):
            live = await _turns(mem, user, ["I am an accountant at a firm in Leeds"], [later])
            assert any("accountant" in c for c in live), user
        ko = await _turns(mem, "ko", ["저 회계사예요"], ["요즘은 딸한테 수학 가르쳐요"])
        assert any("회계사" in c for c in ko)


# -- a pet given away ----------------------------------------------------------------------------------
async def test_a_pet_given_away_is_no_longer_the_users(settings: GieokSettings,
                                                       tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        en = await _turns(mem, "en", ["the tortoise Shelly lives in the garden in summer, "
                                      "greenhouse in spring"],
                          ["Shelly’s gone to my brother in Norfolk. he has a walled garden"])
        assert not any("greenhouse" in c for c in en) and any("Norfolk" in c for c in en)
        ko = await _turns(mem, "ko", ["우리 앵무새 Kiwi는 말을 엄청 잘해"],
                          ["Kiwi는 청주 삼촌네로 보냈어 ㅠ"])
        assert not any("잘한다" in c for c in ko) and any("삼촌네" in c for c in ko)


async def test_a_child_sent_to_grandmas_is_no_rehoming(settings: GieokSettings,
                                                        tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        en = await _turns(mem, "en", ["my son Tom is 8 and loves Lego"],
                          ["Tom has gone to my mum for the weekend"])
        assert any("loves Lego" in c for c in en)
        ko = await _turns(mem, "ko", ["우리 딸 하은이 피아노 학원 다녀"],
                          ["하은이 할머니댁에 보냈어, 이번 주말만"])
        assert any("피아노" in c for c in ko)


# -- where the work is done: one pole of an axis ends a fact naming the other -------------------------
def _fact(content: str, session: str = "s0") -> MemoryRecord:
    return MemoryRecord(scope=Scope(user="u"), content=content, source_session=session)


@pytest.mark.parametrize(("old", "new"), [
    ("사용자는 스타트업 다니는데 풀재택이다", "사용자는 요즘은 판교 사무실 주 3회 나간다"),
    ("User works fully remote for a Berlin startup", "User is back in the office 4 days a week"),
    ("사용자는 사무실로 매일 출근한다", "사용자는 이제 완전 재택이다"),
    ("User commutes to the office in Leeds, hybrid", "User works from home full time now"),
])
def test_remote_and_office_are_one_axis_of_a_fact(old: str, new: str) -> None:
    stored, said = _fact(old), _fact(new, "s1")
    assert reversed_requests(said, [stored], set()) == [stored]


@pytest.mark.parametrize(("old", "new"), [
    ("User works fully remote for a Berlin startup", "User is WFH today, the trains are on strike"),
    ("사용자는 풀재택이다", "사용자는 오늘은 사무실 나간다"),  # a day's exception
    ("사용자의 남편은 재택근무한다", "사용자는 사무실 주 5일 출근한다"),  # another holder
    ("사용자는 주말마다 카페에서 책 읽는다", "사용자는 요즘 풀재택이다"),  # no pole before
    ("User's sister works remote for a bank", "User goes into the office on Mondays"),
])
def test_a_days_exception_or_another_holder_leaves_the_fact(old: str, new: str) -> None:
    assert reversed_requests(_fact(new, "s1"), [_fact(old)], set()) == []


async def test_office_days_end_fully_remote(settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        ko = await _turns(mem, "ko", ["저 스타트업 다니는데 풀재택이에요"],
                          ["요즘은 판교 사무실 주 3회 나가요"])
        assert not any("풀재택" in c for c in ko) and any("주 3회" in c for c in ko)


# -- a day's instance of a routine said with the hour in words and another ending ---------------------
@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 오늘도 일곱 시에 공원 걷고 왔다", "사용자는 매일 저녁 7시에 공원 걷는다"),
    ("사용자는 오늘도 다섯 시에 뒷산 돌고 왔다", "사용자는 매일 새벽 5시에 뒷산 한 바퀴 돈다"),
])
def test_a_days_instance_with_the_hour_in_words_is_the_routine(new: str, old: str) -> None:
    assert said_once_more(new, old)


@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 오늘도 다섯 시에 공원 걷고 왔다", "사용자는 매일 저녁 7시에 공원 걷는다"),  # another hour
    ("사용자는 오늘도 일곱 시에 공원 뛰고 왔다", "사용자는 매일 저녁 7시에 공원 걷는다"),  # another act
    ("사용자는 오늘도 일곱 시에 공원 걷고 왔다. 다음 주부터 아침으로 바꿨다",
     "사용자는 매일 저녁 7시에 공원 걷는다"),  # a change told with it
])
def test_another_hour_act_or_change_is_not_the_routine_again(new: str, old: str) -> None:
    assert not said_once_more(new, old)


async def test_a_slip_in_a_conversation_opened_minutes_later_still_fixes(
        settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        start = datetime(2026, 3, 2, 18, tzinfo=UTC)
        for i, text in enumerate(("저 세종시 공무원이에요. 환경부", "아 환경부 아니고 고용노동부요")):
            await mem.add([{"role": "user", "content": text}], user_id="u", session_id=f"s{i}",
                          timestamp=start + timedelta(minutes=i))
            await mem.end_session(user_id="u", session_id=f"s{i}")
        page = await mem.list(user_id="u", limit=100)
        live = [r.content for r in page.items if r.is_live() and r.layer is Layer.LONG_TERM]
        assert any("고용노동부" in c for c in live) and not any("환경부" in c for c in live)


# -- a meatless diet ended by meat eaten again -----------------------------------------------------------
async def test_meat_eaten_again_ends_the_meatless_diet(settings: GieokSettings,
                                                       tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        ko = await _turns(mem, "ko", ["나 채식한 지 3년 됐어"],
                          ["철분 부족해서 요즘은 소고기 다시 먹어"])
        assert not any("3년" in c for c in ko), ko
        en = await _turns(mem, "en", ["my daughter Ivy is vegetarian, her own choice"],
                          ["Ivy is eating fish at her nan's now"])
        assert not any("vegetarian" in c for c in en) and any("fish" in c for c in en)


async def test_someone_elses_meat_leaves_the_diet(settings: GieokSettings,
                                                  tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        vegan = await _turns(mem, "en", ["I am vegan"],
                             ["my husband is eating steak again these days"])
        assert "User is vegan" in vegan
