"""Update sequences, session 10 (issue 16): a slip owned up to that names what the value is
of ("요가는 화요일 아니고 목요일"), an apology with both values in English, a model left with
its number, 그만 before any verb, a move said from the old place, and the Korean copula after
a renamed value. Sentences written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.settings import GieokSettings
from gieok.write.extract.correction import corrected_earlier, joined
from gieok.write.extract.retired import retired, without
from tests.support.sessions import live_memories


@pytest.mark.parametrize(("sentences", "values"), [
    # what the value is of, said before it
    (["아 잘못 말했다, 수영 강습 6시 아니고 6시 반이야"], ("6시", "6시 반")),
    (["아 제가 잘못 말했어요.", "요가는 화요일 아니고 목요일이에요"], ("화요일", "목요일")),
    (["잘못 말했네, 학원은 3층 아니고 5층이야"], ("3층", "5층")),
    # an apology for a slip, then the value that holds and the one said before
    (["oops, my nephew is Daniel, not David"], ("David", "Daniel")),
    (["sorry, the landlord's name is Ortiz, not Ortega. typo"], ("Ortega", "Ortiz")),
    (["sorry, I want tea, not coffee"], None),  # no names: a preference said with "not"
    (["요가는 화요일 아니고 목요일이에요"], None),  # no slip owned up to
])
def test_a_slip_with_its_topic_names_both_values(sentences: list[str],
                                                 values: tuple[str, str] | None) -> None:
    assert corrected_earlier(joined(sentences)[0]) == values


@pytest.mark.parametrize(("sentence", "names"), [
    ("Galaxy S23 팔고 아이폰 샀어", ("Galaxy S23",)),
    ("커피 그만 마시고 이제 보리차만 마셔", ("커피",)),
    ("대전에서 세종으로 이사했어", ("대전",)),
    ("학원 그만 다니고 인강으로 바꿨어요", ("학원",)),
    ("요즘 그만 먹고 싶어", ()),  # no thing left
])
def test_what_was_left_is_named(sentence: str, names: tuple[str, ...]) -> None:
    assert retired(sentence) == names


def test_the_memory_of_a_move_states_the_new_place_only() -> None:
    assert without("사용자는 대전에서 세종 나성동으로 이사했다", ("대전",)) == \
        "사용자는 세종 나성동으로 이사했다"
    assert without("사용자는 커피 그만 마시고 이제 보리차만 마신다", ("커피",)) == \
        "사용자는 이제 보리차만 마신다"


@pytest.mark.anyio
async def test_a_slip_renames_the_stored_value(settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        swim = await live_memories(mem, "swim", "매주 수요일에 수영 강습 받아요",
                                   "아 잘못 말했어요. 수영은 수요일 아니고 금요일이에요")
        assert any("금요일" in m for m in swim) and not any("수요일" in m for m in swim)
        # the copula after a value ending in a consonant: "6시 반이다", not "6시 반다"
        gym = await live_memories(mem, "gym", "우리 회사 주간 회의 매주 10시야",
                                  "아 잘못 말했다, 회의 10시 아니고 9시 반이야")
        assert any("9시 반이" in m for m in gym) and not any("10시" in m for m in gym)
        cat = await live_memories(mem, "cat", "Our new puppy is called Biscuit.",
                                  "sorry, his name is Brisket, not Biscuit. autocorrect")
        assert any("Brisket" in m for m in cat) and not any("Biscuit" in m for m in cat)
        phone = await live_memories(mem, "phone", "내 폰이 Galaxy S23인데 충전이 너무 느려",
                                    "Galaxy S23 팔고 Pixel 10 샀어요")
        assert any("Pixel 10" in m for m in phone) and not any("S23" in m for m in phone)


@pytest.mark.parametrize(("current", "olds", "remark", "folded"), [
    ("사용자는 매주 목요일에 요가 수업 간다", ["사용자는 매주 화요일에 요가 수업 간다"],
     "사용자는 오늘 목요일이라 요가 다녀왔다", True),
    ("사용자는 매주 목요일에 요가 수업 간다", ["사용자는 매주 화요일에 요가 수업 간다"],
     "사용자는 목요일에 치과 간다", False),  # the new day, said of something else
    ("User's dog eats Acana now", ["User's dog eats Purina"],
     "User's dog loves the Acana, eats every bite", True),
    ("User lives in Suwon", ["User lives in Incheon"],
     "User joined a book club in Suwon", False),  # only the place is shared: a fact of its own
])
def test_a_later_remark_restating_a_changed_value(current: str, olds: list[str], remark: str,
                                                  folded: bool) -> None:
    from gieok.write.restating import introduced, restates

    assert restates(remark, current, introduced(current, olds)) is folded


@pytest.mark.anyio
async def test_the_changed_value_said_again_is_one_memory(settings: GieokSettings,
                                                         tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        yoga = await live_memories(mem, "yoga", "매주 화요일에 요가 수업 다녀요",
                                   "아 잘못 말했어요. 요가는 화요일 아니고 목요일이에요",
                           "오늘 목요일이라 요가 다녀왔어요. 개운하다")
        assert len([m for m in yoga if "목요일" in m]) == 1
        assert not any("화요일" in m for m in yoga)


def test_a_change_said_without_its_value_is_read_with_the_next_sentence() -> None:
    assert joined(["아 수영 강습 밀렸어.", "다음 달 7일로"]) == ["아 수영 강습 밀렸어, 다음 달 7일로"]
    assert joined(["내 최애 바뀜 ㅋㅋ", "이제 민지야"]) == ["내 최애 바뀜, 이제 민지야"]
    assert joined(["book club got moved.", "it's Fridays now"]) == [
        "book club got moved, it's Fridays now"]
    # the value said in the same sentence: nothing to join
    assert joined(["회의 4시로 바뀌었어.", "준비해야지"]) == ["회의 4시로 바뀌었어.", "준비해야지"]


@pytest.mark.anyio
async def test_a_date_moved_in_two_sentences_supersedes_the_old_date(
        settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        trip = await live_memories(mem, "trip", "나 4월 5일부터 제주도 출장 가",
                                   "헐 출장 밀렸어. 회의 때문에 4월 19일로 바뀜")
        assert any("4월 19일" in m for m in trip) and not any("4월 5일" in m for m in trip)
