"""Updates across sessions that superseded too little (session 22, issue 16).

Each from a shape of sentence, tested with sentences of our own and look-alikes that must not
fire: 퇴사 said alone is leaving one's job (no object needed); a company named in one script and
left in the other ("삼성" / "Samsung") is the same company; "we had to put Pickles down" is a
death, of the one put down; a value that rose or fell by itself ("월세 65로 올랐어", "rent rose
to 2100") is a new value like one that was raised.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gieok import Memory
from gieok.write.extract.moment import life_event
from gieok.write.extract.new_value import new_value, same_word
from gieok.write.extract.retired import died, retired, who_is_gone
from gieok.write.extract.skeleton import ko_skeleton, latin_skeleton


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


def _say(mem: Memory, day: str, text: str, session: str) -> None:
    mem.add([{"role": "user", "content": text}], user_id="u", session_id=session,
            timestamp=f"{day}T10:00:00")
    mem.end_session(user_id="u", session_id=session)


def _live(mem: Memory) -> list[str]:
    return [r.content for r in mem.list(user_id="u", limit=100)]


# -- 퇴사 said alone ------------------------------------------------------------------------------
@pytest.mark.parametrize("sentence", ["퇴사했어", "어제 퇴사했어요. 좀 쉬려고", "나 드디어 퇴사함",
                                      "지난달에 퇴사했어요", "회사 그만뒀어"])
def test_leaving_the_job_said_alone(sentence: str) -> None:
    from gieok.write.extract.heuristic import HeuristicExtractor
    from gieok.domain.turns import Turn
    made = HeuristicExtractor().extract_sync([Turn(role="user", content=sentence)], context=[])
    assert any(c.slot == "employer" and c.value == "none" for c in made)
    assert not any(c.retires for c in made)  # no thing named "어제" or "드디어" was left


@pytest.mark.parametrize("sentence", ["남편이 퇴사했어", "친구가 퇴사했대", "퇴사했어?",
                                      "다음 달에 퇴사할 거야", "퇴사하고 싶다", "그만뒀어"])
def test_no_job_left(sentence: str) -> None:
    from gieok.write.extract.heuristic import HeuristicExtractor
    from gieok.domain.turns import Turn
    made = HeuristicExtractor().extract_sync([Turn(role="user", content=sentence)], context=[])
    assert not any(c.slot == "employer" and c.value == "none" for c in made)


def test_a_named_workplace_is_kept_as_said() -> None:
    assert retired("네이버 퇴사했어") == ("네이버",)
    assert retired("오늘부로 퇴사했어") == ()
    assert retired("남편이 퇴사했어") == ()


def test_quitting_ends_the_stored_job(mem: Memory) -> None:
    _say(mem, "2026-01-20", "나 카카오에서 백엔드 개발자로 일해", "s0")
    _say(mem, "2026-04-30", "오늘부로 퇴사했어. 당분간 좀 쉴래", "s1")
    live = _live(mem)
    assert not any("카카오" in c for c in live)
    assert any("퇴사" in c for c in live)


# -- one company in two scripts -------------------------------------------------------------------
@pytest.mark.parametrize(("korean", "latin"), [("삼성", "Samsung"), ("싱가포르", "Singapore"),
                                               ("쿠팡", "Coupang"), ("아포퀠", "Apoquel")])
def test_ng_is_the_final_consonant(korean: str, latin: str) -> None:
    assert ko_skeleton(korean) == latin_skeleton(latin)


def test_a_latin_word_with_a_particle() -> None:
    assert same_word("삼성", "사용자는 Samsung에서 반도체 엔지니어로 일한다")
    assert not same_word("삼성", "사용자는 Hyundai에서 일한다")


def test_a_company_left_in_the_other_script(mem: Memory) -> None:
    _say(mem, "2026-05-22", "나 Samsung에서 배터리 연구원으로 일해", "s0")
    _say(mem, "2026-11-22", "삼성 그만두고 LG로 옮겼어", "s1")
    live = _live(mem)
    assert not any("Samsung" in c for c in live)
    assert any("LG" in c for c in live)


# -- put down -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "name"), [
    ("we had to put Biscuit down last night", "Biscuit"),
    ("We decided to put Mochi to sleep this morning. cancer", "Mochi"),
    ("had to put our old dog Rex down yesterday", "Rex"),
])
def test_put_down_is_a_death(sentence: str, name: str) -> None:
    assert died(sentence) and life_event(sentence)
    assert who_is_gone(sentence) == (name,)


@pytest.mark.parametrize("sentence", ["had to put the baby down for a nap early",
                                      "I had to put it down for a while, too heavy",
                                      "we had to put him to sleep at 9, he was cranky",
                                      "I put my phone down and forgot it"])
def test_no_death(sentence: str) -> None:
    assert who_is_gone(sentence) == ()


def test_a_pet_put_down_is_history(mem: Memory) -> None:
    _say(mem, "2026-02-17", "my dog Biscuit is 12, total couch potato", "s0")
    _say(mem, "2026-08-09", "we had to put Biscuit down last night. cancer", "s1")
    live = _live(mem)
    assert not any("12" in c for c in live)
    assert any("Biscuit" in c and "down" in c for c in live)


# -- a value that rose or fell --------------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "thing", "value"), [
    ("월세가 65로 올랐어", "월세", "65"),
    ("rent rose to 2100 this year", "rent", "2100"),
    ("관리비가 12로 떨어졌어", "관리비", "12"),
])
def test_a_value_that_rose(sentence: str, thing: str, value: str) -> None:
    said = new_value(sentence)
    assert said is not None and thing in said.things and said.value == value


@pytest.mark.parametrize("sentence", ["사용자는 산에 올랐다", "사용자는 시험에 떨어졌다", "I went to Paris",
                                      "we went up to the cabin", "주가가 많이 올랐어"])
def test_no_value_rose(sentence: str) -> None:
    assert new_value(sentence) is None


def test_rent_raised_at_renewal(mem: Memory) -> None:
    _say(mem, "2026-05-02", "my rent is 1800 a month, kinda steep", "s0")
    _say(mem, "2026-09-01", "rent went up to 1950 when we renewed", "s1")
    live = _live(mem)
    assert not any("1800" in c for c in live)
    assert any("1950" in c for c in live)
