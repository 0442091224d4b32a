"""Issue 16, session 6: the lead's trial t42 (a Korean restaurant owner) and the classes the
fresh dev sets showed around changes. Each case is a class of sentences, not one phrasing:
a feeling framed by "요즘" is a passing state; a request to the assistant is never a fact
about the user; a diminutive family word is the family word; a second sentence with its own
subject is its own memory; a reason clause cut off after -아서/-어서 takes the tense of the
statement it goes on; a title names a person, not a pet; a new partner (named or not) ends
the breakup; a medicine is known by its doses."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory
from gieok.domain.turns import Turn
from gieok.settings import GieokSettings
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.partners import partner
from gieok.write.extract.retired import dosed

AT = datetime(2026, 9, 20, 15, tzinfo=UTC)


def said(*texts: str) -> list[tuple[str, dict | None]]:
    ex = HeuristicExtractor()
    out = []
    for text in texts:
        out += [(c.content, c.data) for c in ex.extract_sync([Turn(role="user", content=text,
                                                                   at=AT)])]
    return out


@pytest.mark.parametrize("text", [
    "안녕하세요~ 요즘 가게 때문에 정신이 하나도 없네요 ㅎㅎ",
    "요즘 회사 일 때문에 멘붕이에요",
    "요새 애들 방학이라 정신없어요",
])
def test_a_feeling_these_days_is_a_passing_state(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize("text", ["요즘 피곤해서 병원 갔더니 빈혈이래요", "요즘 요가 다녀요"])
def test_what_these_days_frames_that_is_no_feeling_is_kept(text: str) -> None:
    assert said(text)  # a diagnosis (the tiredness is its cause), a routine


def test_a_request_to_the_assistant_is_only_its_rule() -> None:
    out = said("정신없죠 뭐. 아 그리고 저한테 존댓말 말고 편하게 반말로 해줘요")
    assert [c for c, _ in out] == ["사용자 요청: 반말로 대화할 것"]


def test_a_diminutive_family_word_and_a_second_subject() -> None:
    out = said("딸내미가 다음달 18일에 결혼해요! 사위는 소방관이고요")
    assert out == [("사용자의 딸이 다음달 18일에 결혼한다",
                    {"when": "2026-10-18", "when_phrase": "다음달 18일"}),
                   ("사용자의 사위는 소방관이다", None)]
    assert [c for c, _ in said("아들래미는 올해 고3이에요")] == ["사용자의 아들은 올해 고3이다"]


def test_a_reason_cut_off_takes_the_tense_of_its_statement() -> None:
    out = said("그리고 가게 이번에 합정동으로 옮겼어. 월세가 너무 올라서")
    assert [c for c, _ in out] == ["사용자는 가게 이번에 합정동으로 옮겼다. 월세가 너무 올랐다"]
    # a verb of a state keeps the present; a present statement lends no past
    assert [c for c, _ in said("나 요가 다녀. 허리가 아파서")] == ["사용자는 요가 다닌다. 허리가 아프다"]


def test_a_title_names_a_person_not_a_pet() -> None:
    assert [c for c, _ in said("our vet is Dr. Park at Happy Tails Animal Clinic")] == [
        "User's vet is Dr. Park at Happy Tails Animal Clinic"]


def test_a_new_partner_named_or_not() -> None:
    assert partner("사용자는 요즘 만나는 사람 생겼다") == "someone"
    assert partner("User is seeing someone new") == "someone"
    assert partner("User has a dog") is None


@pytest.mark.parametrize(("content", "name", "taken"), [
    ("사용자의 초코가 피부 알레르기 때문에 아포퀠 하루 한 알 먹고 있다", "아포퀠", True),
    ("User gives Bori Vetmedin 2.5mg twice a day", "Vetmedin", True),
    ("사용자는 땅콩 알레르기가 있다", "땅콩", False),
    ("사용자는 아침마다 수영 다닌다", "수영", False),
])
def test_a_medicine_is_known_by_its_doses(content: str, name: str, taken: bool) -> None:
    assert dosed(content, name) is taken



@pytest.mark.anyio
async def test_changes_of_t42_and_the_fresh_classes(settings: GieokSettings, tmp_path: Path,
                                                    sessions: Any) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        shop = await sessions.live_memories(mem, "shop", "망원동에서 작은 칼국수집 해요. 벌써 12년째네요",
                               "그리고 가게 이번에 합정동으로 옮겼어. 월세가 너무 올라서")
        assert shop == ["사용자는 가게 이번에 합정동으로 옮겼다. 월세가 너무 올랐다"]
        pet = await sessions.live_memories(mem, "med", "우리 초코가 피부 알레르기 때문에 아포퀠 하루 한 알 먹고 있어",
                              "병원에서 초코 약 아포퀠 끊고 사이토포인트 주사로 바꾸자고 했어")
        assert not any("아포퀠" in m for m in pet) and any("사이토포인트" in m for m in pet)
        dating = await sessions.live_memories(mem, "dating", "민호랑 헤어졌어. 그냥 누구한테라도 말하고 싶었어",
                                 "나 요즘 만나는 사람 생겼어 ㅎㅎ 이름은 지훈이")
        assert not any("민호" in m for m in dating) and any("지훈" in m for m in dating)
        race = await sessions.live_memories(mem, "race", "10월 25일 춘천 마라톤 신청했어",
                               "춘천 취소하고 JTBC 마라톤 11월 1일로 바꿈. 친구들이 다 그거 나감")
        assert not any("춘천" in m for m in race) and any("JTBC" in m for m in race)
