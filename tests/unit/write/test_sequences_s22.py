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


# -- a standing request taken back ----------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "words"), [
    ("영어 요약 이제 안 붙여도 돼. 귀찮아졌어", ("영어", "요약")),
    ("이모지 더 이상 안 써도 돼", ("이모지",)),
    ("출처는 이제 필요 없어", ("출처",)),
    ("no need to cite sources anymore, I trust you", ("cite", "sources")),
    ("you don't have to add the summary anymore", ("summary",)),
])
def test_the_words_taken_back(sentence: str, words: tuple[str, ...]) -> None:
    from gieok.write.revoked import revoked
    assert revoked(sentence) == words


@pytest.mark.parametrize("sentence", ["I don't like summaries", "no worries, thanks", "요약해줘",
                                      "stop", "you can go now", "길게 말하지 마"])
def test_nothing_taken_back_by_these(sentence: str) -> None:
    from gieok.write.revoked import takes_back
    assert not takes_back(sentence)


def test_a_request_taken_back_is_history(mem: Memory) -> None:
    _say(mem, "2026-02-14", "앞으로 답변 끝에 항상 출처 링크 붙여줘", "s0")
    _say(mem, "2026-02-15", "나 요즘 영어 공부하고 있어", "s1")
    _say(mem, "2026-03-20", "출처 링크 이제 안 붙여도 돼", "s2")
    live = mem.list(user_id="u", limit=100)
    current = [r.content for r in live if not r.is_history()]
    assert not any("출처" in c for c in current)
    assert any("영어 공부" in c for c in current)  # a fact is never a request taken back


def test_permission_at_the_other_pole(mem: Memory) -> None:
    _say(mem, "2026-01-05", "from now on keep answers under 80 words please", "s0")
    _say(mem, "2026-04-05", "you can go long again, I'm on my desktop now", "s1")
    current = [r.content for r in mem.list(user_id="u", limit=100) if not r.is_history()]
    assert not any("80 words" in c for c in current)


# -- a trip done ends its plan --------------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "names"), [
    ("back from iceland, jet lag is killing me", ("iceland",)),
    ("just got back from Lisbon!", ("Lisbon",)),
    ("오사카 여행 잘 다녀왔어", ("오사카",)),
])
def test_a_trip_done(sentence: str, names: tuple[str, ...]) -> None:
    from gieok.write.ending import called_off
    assert called_off(sentence) == names


@pytest.mark.parametrize("sentence", ["back from work, so tired", "just got back from the gym",
                                      "헬스 다녀왔어", "회사 다녀왔어", "welcome back from lunch"])
def test_no_trip_done(sentence: str) -> None:
    from gieok.write.ending import called_off
    assert called_off(sentence) == ()


def test_a_trip_done_ends_the_plan_not_the_place(mem: Memory) -> None:
    _say(mem, "2026-03-03", "5월에 오사카 여행 가기로 했어", "s0")
    _say(mem, "2026-03-04", "언니가 오사카에 살아", "s1")
    _say(mem, "2026-05-20", "오사카 잘 다녀왔어! 음식 진짜 맛있더라", "s2")
    current = [r.content for r in mem.list(user_id="u", limit=100) if not r.is_history()]
    assert not any("가기로" in c for c in current)
    assert any("언니가 오사카에 산다" in c for c in current)


# -- the household listed after the home ----------------------------------------------------------
def test_the_household_listed_stays_after_a_move(mem: Memory) -> None:
    _say(mem, "2026-01-25", "we live in Boise, me, my husband Tom and our cat Miso", "s0")
    _say(mem, "2026-07-25", "finally moved to Tacoma. Tom loves the water lol", "s1")
    live = _live(mem)
    assert not any("Boise" in c for c in live)
    assert any("Tom" in c and "Miso" in c and "Tacoma" not in c for c in live)


# -- a typo owned up to, in a later conversation --------------------------------------------------
def test_a_typo_owned_up_to_is_no_slip_of_just_now() -> None:
    from gieok.write.extract.retired import renamed, slip_said_now
    pair = renamed("아 조카 이름 서연 아니고 서윤이야 오타였어")
    assert pair == ("서연", "서윤")
    assert not slip_said_now("아 조카 이름 서연 아니고 서윤이야 오타였어", pair)
    assert slip_said_now("아 60 아니고 50", ("60", "50"))  # a bare slip: this conversation only


def test_a_typo_fixed_days_later(mem: Memory) -> None:
    _say(mem, "2026-07-07", "내 조카 이름 서연이야, 초등학생", "s0")
    _say(mem, "2026-07-09", "아 조카 이름 서연 아니고 서윤이야 오타였어", "s1")
    live = _live(mem)
    assert not any("서연" in c for c in live)
    assert any("서윤" in c for c in live)


# -- the assistant's reply to a superseded turn is dated with it ----------------------------------
def test_the_reply_to_a_superseded_turn_is_dated(mem: Memory, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json
    import sqlite3
    mem.add([{"role": "user", "content": "앞으로 답변 끝에 항상 출처 링크 붙여줘"}], user_id="u",
            session_id="s0", timestamp="2026-02-14T10:00:00")
    mem.add([{"role": "assistant", "content": "알겠어요! Sources from now on."}], user_id="u",
            session_id="s0", timestamp="2026-02-14T10:01:00")
    mem.end_session(user_id="u", session_id="s0")
    _say(mem, "2026-03-20", "출처 링크 이제 안 붙여도 돼", "s1")
    con = sqlite3.connect(tmp_path / "m.db")
    until = {content: json.loads(meta or "{}").get("until") for content, meta in con.execute(
        "select content, metadata from records where layer = 'archive'")}
    assert until["알겠어요! Sources from now on."] == "2026-03-20"
    assert until["출처 링크 이제 안 붙여도 돼"] is None


# -- the name to be called by ---------------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "name"), [
    ("나를 '사장님'이라고 불러줘", "사장님"), ("그냥 이름으로 불러줘, 도윤", "도윤"),
    ("민수라고 불러", "민수"),
])
def test_the_name_to_call_the_user(sentence: str, name: str) -> None:
    from gieok.write.extract.heuristic import HeuristicExtractor
    hits = [h for h, _ in HeuristicExtractor().hits(sentence, None) if h.slot == "preferred_name"]
    assert [h.value for h in hits] == [name]


@pytest.mark.parametrize("sentence", ["이름으로 불러줘 제발", "이름으로 불러줘, 제발"])
def test_no_name_to_call(sentence: str) -> None:
    from gieok.write.extract.heuristic import HeuristicExtractor
    assert not [h for h, _ in HeuristicExtractor().hits(sentence, None) if h.slot == "preferred_name"]


def test_a_new_name_to_be_called_by(mem: Memory) -> None:
    _say(mem, "2026-04-14", "from now on 나를 '사장님'이라고 불러줘 ㅋㅋ", "s0")
    _say(mem, "2026-04-30", "사장님 호칭 이제 그만. 그냥 이름으로 불러줘, 도윤", "s1")
    live = _live(mem)
    assert "사용자는 도윤(이)라고 불리기를 원함" in live
    assert not any("사장님" in c for c in live)


# -- a body weight reached, said by its number and unit -------------------------------------------
@pytest.mark.parametrize(("sentence", "value"), [("드디어 84키로 찍었다!!", "84"),
                                                 ("finally down to 195 lbs!", "195"),
                                                 ("hit 75kg this morning", "75")])
def test_a_weight_reached(sentence: str, value: str) -> None:
    said = new_value(sentence)
    assert said is not None and said.value == value and "몸무게" in said.things


@pytest.mark.parametrize("sentence", ["10kg 빠졌어", "I hit 100 followers", "5키로 쌀 샀어"])
def test_no_weight_reached(sentence: str) -> None:
    assert new_value(sentence) is None


def test_a_weight_reached_is_the_new_weight(mem: Memory) -> None:
    _say(mem, "2026-02-03", "요즘 몸무게 90키로야. 운동 시작함", "s0")
    _say(mem, "2026-05-12", "드디어 84키로 찍었다!!", "s1")
    live = _live(mem)
    assert not any("90" in c for c in live)
    assert any("84" in c for c in live)


def test_a_pets_weight_is_not_the_users(mem: Memory) -> None:
    _say(mem, "2026-02-03", "나는 몸무게 60키로", "s0")
    _say(mem, "2026-02-03", "우리 강아지 몸무게 12키로야", "s1")
    _say(mem, "2026-05-12", "강아지 14키로 됐어", "s2")
    live = _live(mem)
    assert any("60" in c for c in live)
    assert not any("12키로" in c for c in live)


# -- a date set for an event, said first ----------------------------------------------------------
@pytest.mark.parametrize(("sentence", "value"), [("4월 18일에 결혼식 잡았어", "2026-04-18"),
                                                 ("3월 14일에 상견례 날짜 잡았어", "2026-03-14"),
                                                 ("5월 2일에 호텔 예약했어", "2026-05-02")])
def test_a_date_set_is_ahead(sentence: str, value: str) -> None:
    from datetime import UTC, datetime
    from gieok.write.extract.timeexpr import resolve_time
    when = resolve_time(sentence, datetime(2026, 1, 15, 10, tzinfo=UTC))
    assert when is not None and when.value == value and not when.past


@pytest.mark.parametrize(("sentence", "value"), [("12월 20일에 이사했어", "2025-12-20"),
                                                 ("1월 3일에 이사했어", "2026-01-03")])
def test_a_date_done_is_behind(sentence: str, value: str) -> None:
    from datetime import UTC, datetime
    from gieok.write.extract.timeexpr import resolve_time
    when = resolve_time(sentence, datetime(2026, 1, 15, 10, tzinfo=UTC))
    assert when is not None and when.value == value and when.past


def test_a_wedding_set_in_january_is_not_last_years(mem: Memory) -> None:
    _say(mem, "2026-01-15", "4월 18일에 결혼식 잡았어", "s0")
    wedding = [r for r in mem.list(user_id="u", limit=100) if "결혼식" in r.content]
    assert wedding and all((r.valid_from or r.event_time).year == 2026 for r in wedding)


# -- the destination said after the change --------------------------------------------------------
@pytest.mark.parametrize(("sentence", "value"), [("사용자는 제주도 여행 일주일 미뤘다. 22일로", "22일"),
                                                 ("사용자는 회의 시간 바꿨다. 3시로", "3시")])
def test_a_destination_said_after(sentence: str, value: str) -> None:
    said = new_value(sentence)
    assert said is not None and said.value == value


def test_no_destination_after_a_plain_verb() -> None:
    assert new_value("사용자는 밥 먹었다. 집으로") is None


def test_a_trip_pushed_a_week(mem: Memory) -> None:
    _say(mem, "2026-05-01", "다음달 15일에 제주도 여행 가", "s0")
    _say(mem, "2026-05-20", "제주도 여행 일주일 미뤘어 22일로", "s1")
    live = _live(mem)
    assert not any("15일" in c for c in live)
    assert any("22일" in c for c in live)
