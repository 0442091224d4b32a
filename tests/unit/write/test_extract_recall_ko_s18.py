"""Recall by structure, session 18 (issue 16): Korean and mixed turns.

- a pet's name given in quotes after 이름은 ("… 게코 키우는데 이름은 '양말' 근데 …") is its name,
  and the bare ownership split off before the name was read gives way to the named one;
- a pet said by a two-word kind ("크레스티드 게코") is a pet, not a relative;
- how many children, siblings or pets the user has ("아들 둘 있어") is a fact of one value at
  a time, with the names said in brackets after it;
- a bracketed aside after the predicate ("… remote로 일해 (회사는 판교인데).") no longer
  stops the sentence being worded as a memory.

Sentences written for this file (not copied from a labelled file), with look-alikes that must
store nothing."""

from __future__ import annotations

from typing import Any


def _slots(chat_extract: Any, text: str) -> list[str | None]:
    return [c.slot for c in chat_extract.candidates(("user", text))]


def test_a_pets_name_in_quotes_after_its_kind_is_its_name(chat_extract: Any) -> None:
    assert chat_extract.user_says("고양이 키우는데 이름은 '깨' 근데 발톱이 부러졌어 ㅠ 병원 가야 돼?") == \
        ["사용자는 고양이 깨를 키운다"]
    got = chat_extract.user_says("레오파드 게코 키우는데 이름은 '호떡' 탈피를 못 해. 습도 몇 %가 좋아?")
    assert got == ["사용자는 레오파드 게코 호떡을 키운다"], got
    got = chat_extract.user_says("강아지 키우는데 이름은 “콩떡”이야")
    assert any("강아지" in c and "콩떡" in c for c in got), got
    assert not any(c == "사용자는 강아지 키운다" for c in got), got


def test_someone_elses_or_a_wished_for_pet_is_not_named_the_users(chat_extract: Any) -> None:
    assert chat_extract.user_says("친구가 고양이 키우는데 이름은 '깨'래") == []
    got = chat_extract.user_says("나중에 게코 키우면 이름은 '호떡'으로 하고 싶어")
    assert not any("호떡" in c and "키운다" in c for c in got), got


def test_how_many_children_or_pets_is_one_value(chat_extract: Any) -> None:
    assert chat_extract.user_says("딸 둘 있어요") == ["사용자는 딸이 둘 있다"]
    assert "count:아들" in _slots(chat_extract, "아들 하나 있어")
    assert "count:고양이" in _slots(chat_extract, "고양이 두 마리 있어")
    got = chat_extract.user_says("쌍둥이 딸 둘 있는데 (서아랑 서윤, 6살) 유치원 추천 좀 해줘")
    assert got == ["사용자는 쌍둥이 딸이 둘 있다 (서아랑 서윤, 6살)"], got
    got = chat_extract.user_says("아들 둘 있는데 (민호랑 민재) 둘 다 축구를 좋아해서 주말마다 경기 봐")
    assert "사용자는 아들이 둘 있다 (민호랑 민재)" in got, got


def test_another_persons_children_or_a_wish_is_no_count(chat_extract: Any) -> None:
    for text in ["친구가 딸 둘 있어", "언니가 쌍둥이 아들 둘 있어", "아들 둘 있으면 좋겠다",
                 "아들 둘 있어?", "딸 둘 있는 집은 뭐 사줘?"]:
        assert not any(s and s.startswith("count:") for s in _slots(chat_extract, text)), text


def test_a_bracketed_aside_after_the_predicate_is_kept_with_it(chat_extract: Any) -> None:
    got = chat_extract.user_says("저 다음 달부터 주 3일 재택해요 (사무실은 을지로인데). 모니터 추천 좀")
    assert any("재택" in c and "을지로" in c for c in got), got
    got = chat_extract.user_says("나 이번 달부터 remote로 일해 (회사는 판교). 의자 추천 좀")
    assert any("remote" in c for c in got), got


def test_a_lasting_cause_guessed_at_is_said_as_true(chat_extract: Any) -> None:
    got = chat_extract.user_says("매일 새벽 4시에 수산시장 나가서 그런가 저녁만 되면 졸려")
    assert any("매일 새벽 4시에 수산시장 나간다" in c for c in got), got
    got = chat_extract.user_says("평일엔 매일 6시에 출근해서 그런지 주말엔 늘 늦잠 자")
    assert any("매일 6시에 출근" in c for c in got), got


def test_a_cause_of_the_moment_guessed_at_stays_out(chat_extract: Any) -> None:
    for text in ["어제 술 마셔서 그런지 머리 아파", "날씨가 추워서 그런가 봐", "왜 그런지 모르겠어",
                 "수능 날이라 그런지 차가 없네", "오늘 많이 걸어서 그런가 다리가 뻐근해"]:
        assert chat_extract.user_says(text) == [], text


def test_a_plan_on_a_day_of_the_calendar_is_dated(chat_extract: Any) -> None:
    got = chat_extract.candidates(("user", "어린이날에 애들 데리고 에버랜드 가려고. 붐빌까?"))
    plan = [c for c in got if "에버랜드" in c.content]
    assert plan and (plan[0].data or {}).get("when", "").endswith("-05-05"), got


def test_a_standing_request_with_its_verb_left_out(chat_extract: Any) -> None:
    got = chat_extract.candidates(("user", "번역해줄 때는 존댓말로만. 반말 싫어"))
    assert any(c.rule == "rule" and "존댓말로만" in c.content for c in got), got
    got = chat_extract.candidates(("user", "정리해줄 땐 표로만"))
    assert any(c.rule == "rule" and "표로만" in c.content for c in got), got
    # the user's own trip, and the task at hand, are no standing request
    assert not any(c.rule == "rule" for c in chat_extract.candidates(("user", "부산 갈 때는 KTX로만")))
    assert not any(c.rule == "rule" for c in chat_extract.candidates(
        ("user", "이번 보고서 요약해줄 때는 3줄로")))


def test_the_team_the_user_works_in(chat_extract: Any) -> None:
    assert "team" in _slots(chat_extract, "저 마케팅팀이에요")
    got = chat_extract.user_says("참고로 나 물류회사 정산팀이야 ㅋㅋ")
    assert got == ["사용자는 물류회사 정산팀 소속"], got
    for text in ["나 우리 팀이야", "나 같은 팀이야", "엄마는 경리팀이야", "나 응원팀이야?"]:
        assert "team" not in _slots(chat_extract, text), text


def test_a_medicine_the_user_started_taking(chat_extract: Any) -> None:
    got = chat_extract.candidates(("user", "검사 결과 나왔는데 레보티록신 75 먹기 시작했어. 공복에 먹어야 돼?"))
    med = [c for c in got if "레보티록신" in c.content]
    assert med and med[0].pinned and med[0].slot == "medication:레보티록신", got
    assert "medication:철분제" in _slots(chat_extract, "철분제 먹기 시작했어요")
    for text in ["아침에 사과 먹기 시작했어", "오트밀 먹기 시작했어", "엄마가 혈압약 먹기 시작했어",
                 "요즘 귤 먹기 시작했어"]:
        assert not any(s and s.startswith("medication:") for s in _slots(chat_extract, text)), text


def test_what_a_faith_keeps_the_user_from_eating(chat_extract: Any) -> None:
    got = chat_extract.candidates(("user", "저희 집 무슬림이라 돼지고기랑 젤라틴 들어간 건 빼주세요. 간식 추천"))
    diet = [c for c in got if "돼지고기" in c.content and "젤라틴" in c.content]
    assert diet and diet[0].pinned, got
    assert "diet_faith" in _slots(chat_extract, "불교라서 고기 안 먹어요")
    for text in ["친구가 무슬림이라 돼지고기 빼줘", "이슬람 문화 궁금해", "무슬림 친구 선물 추천해줘"]:
        assert "diet_faith" not in _slots(chat_extract, text), text


def test_the_users_work_named_by_its_title_in_quotes(chat_extract: Any) -> None:
    got = chat_extract.candidates(("user", "우리 웹툰 '달밤 식당' 12화 콘티 같이 짜줘. 분량은 60컷"))
    work = [c for c in got if "달밤 식당" in c.content]
    assert work and work[0].tier == "project" and "웹툰" in work[0].content, got
    assert any("오늘의 빵" in c for c in chat_extract.user_says("내 블로그 '오늘의 빵' 소개글 써줘"))
    for text in ["친구 웹툰 '달밤' 재밌더라", "소설 '채식주의자' 읽었는데 어렵더라",
                 "나중에 내 앱 '모아' 만들면 홍보 도와줘"]:
        assert not any("달밤" in c or "채식주의자" in c or "모아" in c
                       for c in chat_extract.user_says(text)), text
