"""A pet named in an earlier session whose health is reported a session later, the doctor's or
vet's words passed on with -래요/-대요, and a greeting said beside a fact (Korean, issue 16)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.domain.turns import Turn
from gieok.settings import GieokSettings
from gieok.write.extract import korean
from gieok.write.extract.coref import Entities
from gieok.write.extract.heuristic import HeuristicExtractor

pytestmark = pytest.mark.anyio
AT = datetime(2026, 11, 20, 1, 0, tzinfo=UTC)


def said(*texts: str, known: tuple[str, ...] = ()) -> list[str]:
    turns = [Turn(role="user", content=t, at=AT) for t in texts]
    return [c.content for c in HeuristicExtractor().extract_sync(turns, known=known)]


@pytest.mark.parametrize(("text", "plain"), [
    ("검사해 보니까 고지혈증이래요", "검사해 보니까 고지혈증이다"),  # a copula
    ("허리 디스크 초기래", "허리 디스크 초기다"),
    ("수술은 잘 끝났대요", "수술은 잘 끝났다"),  # a statement
    ("매일 삼십 분씩 걸어야 한대", "매일 삼십 분씩 걸어야 한다"),
    ("자기 전에 안약 넣으래요", "자기 전에 안약 넣어야 한다"),  # an instruction
    ("짠 음식 줄이래", "짠 음식 줄여야 한다"),
    ("주말마다 등산 다녀요", "주말마다 등산 다녀요"),  # no reported speech: unchanged
    ("차가 두 대", "차가 두 대"),
])
def test_reported_speech_is_said_plainly(text: str, plain: str) -> None:
    assert korean.unreported(text) == plain


def test_a_reported_instruction_never_glues_a_plain_ending_on() -> None:
    out = korean.to_memory("하루 두 번 소화제 먹으래요")
    assert out == "사용자는 하루 두 번 소화제 먹어야 한다"


def test_a_name_before_a_connective_copula_is_learned() -> None:
    entities = Entities()
    entities.learn("사용자의 집 고양이 이름은 보리인데 요즘 밥을 잘 안 먹는다")
    assert [e.name for e in entities.known] == ["보리"]


def test_a_pet_named_earlier_is_who_a_medical_report_is_about() -> None:
    known = ("사용자의 집 토끼 이름은 호두인데 요즘 털이 많이 빠진다",)
    out = said("호두 동물병원 데려갔는데 피부염이래요. 하루 한 번 연고 바르래요", known=known)
    assert out[0] == "사용자의 토끼 호두는 동물병원 데려갔는데 피부염이다"
    assert out[1].startswith("사용자의 토끼 호두는 하루 한 번 연고 발")
    assert not any("래" in o for o in out)


def test_a_pet_told_to_be_fed_is_what_the_pet_eats() -> None:
    known = ("사용자의 집 강아지 이름은 콩이인데 요즘 자꾸 토한다",)
    out = said("콩이 병원 갔는데 위염이래요. 하루 두 번 처방 사료 먹이래요", known=known)
    assert "사용자의 강아지 콩이는 하루 두 번 처방 사료 먹어야 한다" in out


def test_someone_elses_news_stays_unkept() -> None:
    # a friend's news passed on is not the user's; a relative's move is the relative's fact
    # (session 17: a relative's job, home and life events are family facts, kin_news.py)
    assert said("친구가 다음 달에 이사 간대요") == []
    assert said("동생이 다음 달에 이사 간대요") == ["사용자의 동생이 다음 달에 이사 간다"]


@pytest.mark.parametrize("greeting", ["오랜만이네요", "반갑습니다", "오랜만이야"])
def test_a_greeting_is_never_a_memory(greeting: str) -> None:
    out = said(f"{greeting}. 저 요즘 필라테스 다녀요")
    assert out == ["사용자는 요즘 필라테스 다닌다"]
    assert said(f"{greeting}, 저 요즘 필라테스 다녀요") == ["사용자는 요즘 필라테스 다닌다"]


async def test_a_pet_from_an_earlier_session_through_add(
        settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        await mem.add([{"role": "user", "content": "우리 집 햄스터 이름은 감자인데 요즘 쳇바퀴를 안 돌려요."}],
                      user_id="u1", session_id="s1", timestamp=AT)
        await mem.end_session(user_id="u1", session_id="s1")
        await mem.add([{"role": "user", "content": "감자 병원 다녀왔는데 비만이래요. 간식 줄이래요"}],
                      user_id="u1", session_id="s2", timestamp=datetime(2026, 12, 9, tzinfo=UTC))
        await mem.end_session(user_id="u1", session_id="s2")
        contents = [r.content for r in await mem.list(user_id="u1", limit=50)]
    assert "사용자의 햄스터 감자는 병원 다녀왔는데 비만이다" in contents
    assert not any("래" in c or "사용자는 감자" in c for c in contents)
