"""Recall by structure, session 21 (issue 16).

- what the user lacks or abstains from, said as a plain negation (``absent``): "자식은 없어",
  "운전면허 없어", "오후 2시 이후엔 caffeine 안 마셔", "no kids, just two cats", "I don't have a
  car", "I don't smoke".

Sentences written for this file (not copied from a labelled file), with look-alikes that must
store nothing of the kind."""

from __future__ import annotations

import re
from typing import Any


# -- absences: what the user does not have or take ---------------------------------------------

def test_a_lasting_absence_in_korean_is_stored_as_the_negative_fact(chat_extract: Any) -> None:
    cases = {"자식은 없어 ㅋㅋ 조카만 둘": "사용자는 자식이 없다",
             "형제는 없어 외동이야": "사용자는 형제가 없다",
             "운전면허 없어 ㅠ": "사용자는 운전면허가 없다",
             "근데 자차는 없어": "사용자는 자차가 없다"}
    for text, want in cases.items():
        assert want in chat_extract.user_says(text), (text, chat_extract.user_says(text))
    # (a relative's word the resolver reads as the user's child was stored already, in its words)
    for text, noun in [("자녀는 없어요 ㅎㅎ", "자녀"), ("자식은 없어요 ㅎㅎ 대신 강아지 두 마리", "자식")]:
        got = chat_extract.user_says(text)
        assert any(noun in c and "없다" in c for c in got), got


def test_what_the_user_abstains_from_keeps_when(chat_extract: Any) -> None:
    got = chat_extract.user_says("아침엔 라떼 한 잔 마시고, 저녁 6시 이후엔 커피 안 마셔요")
    assert "사용자는 저녁 6시 이후엔 커피 안 마신다" in got, got
    assert any(c == "사용자는 담배 안 피운다" for c in chat_extract.user_says("나 담배 안 펴")), \
        chat_extract.user_says("나 담배 안 펴")


def test_a_relatives_abstinence_is_theirs(chat_extract: Any) -> None:
    got = chat_extract.user_says("아내는 술 전혀 안 마셔")
    assert not any(c.startswith("사용자는") and "술" in c for c in got), got


def test_an_absence_in_english_is_stored(chat_extract: Any) -> None:
    assert "User has no kids" in chat_extract.user_says("no kids, just a very spoiled beagle")
    assert "User has no siblings" in chat_extract.user_says("I don't have siblings lol")
    got = chat_extract.user_says("we don't have a car so it's buses")
    assert any(c.startswith("User doesn't have a car") for c in got), got
    assert "User doesn't drive" in chat_extract.user_says("I don't drive lol")


def test_a_passing_conditional_or_asked_negation_is_no_absence(chat_extract: Any) -> None:
    for text in ["오늘은 술 안 마실래", "오늘은 커피 안 마셔", "어제 술 안 마셨어",
                 "차 없으면 여행 힘들까?", "아이는 없어?", "운전면허 없어도 렌트 돼?",
                 "시간이 없어 진짜", "남편 차가 없어서 내 차 빌려줬어", "친구가 담배 안 펴",
                 "애들 없을 때 청소해야지", "술 안 마시면 뭐 하고 놀아?"]:
        got = chat_extract.user_says(text)
        assert not any(("없다" in c or "안 마신다" in c or "안 피운다" in c) and c.startswith("사용자는")
                       for c in got), (text, got)
    for text in ["if I didn't have kids I'd travel way more", "do you not have kids?",
                 "my sister doesn't have kids", "I don't have a car seat for the baby yet",
                 "no kids allowed at the venue", "I don't have time for this",
                 "I wish I didn't smoke"]:
        got = chat_extract.user_says(text)
        assert not any(c in ("User has no kids", "User doesn't have a car", "User doesn't smoke")
                       for c in got), (text, got)


# -- a taste said with how long it has held ------------------------------------------------------

def test_how_long_a_taste_has_held_is_no_part_of_the_thing(chat_extract: Any) -> None:
    assert "사용자는 김광석을 좋아함" in chat_extract.user_says("김광석은 원래 좋아해")
    assert "사용자는 오이를 싫어함" in chat_extract.user_says("오이는 어릴 때부터 싫어했어") \
        or "사용자는 오이를 싫어함" in chat_extract.user_says("오이는 원래 싫어해")
    for text in ["원래 좋아해", "항상 좋아해요", "원래 싫어해"]:
        got = chat_extract.user_says(text)
        assert not any(w in c for c in got for w in ("원래를", "항상을")), (text, got)


# -- an allergy to the thing the user asks to leave out ----------------------------------------

def test_an_allergy_said_after_leaving_a_thing_out_is_to_that_thing(chat_extract: Any) -> None:
    got = chat_extract.user_says("그리고 새우 들어간 건 빼줘 알레르기 있어")
    assert "사용자는 새우 알레르기가 있다" in got and "사용자는 알레르기 있다" not in got, got
    got = chat_extract.user_says("알레르기 있어서 복숭아는 빼주세요")
    assert "사용자는 복숭아 알레르기가 있다" in got, got
    got = chat_extract.user_says("저 갑각류 알레르기가 있어서 새우 요리는 빼주세요")  # its own object
    assert not any("새우 알레르기" in c for c in got), got
    got = chat_extract.user_says("no walnuts please, I'm allergic")
    assert got == ["User is allergic to walnuts"], got
    got = chat_extract.user_says("hold the shrimp — I'm allergic")
    assert "User is allergic to shrimp" in got, got


def test_leaving_out_without_an_allergy_or_someone_elses_allergy_is_no_allergy(chat_extract: Any) -> None:
    for text in ["양파 빼주세요", "친구가 알레르기 있어서 땅콩 빼줘", "알레르기 있으면 땅콩 빼야 돼?",
                 "이모티콘 빼줘 나 알레르기 있어 ㅋㅋ", "no onions please", "no problem, I'm allergic to cats",
                 "my son is allergic so no peanuts please"]:
        got = chat_extract.user_says(text)
        assert not any(re.search(r"(?:양파|땅콩|이모티콘) 알레르기|allergic to (?:onions|problem|peanuts)", c)
                       for c in got), (text, got)


# -- a new partner, named after the news -------------------------------------------------------

def test_a_new_partner_named_after_the_news_is_one_memory_with_the_name(chat_extract: Any) -> None:
    got = chat_extract.user_says("새 남자친구 생겼어 ㅋㅋ 이름은 도윤이")
    assert got == ["사용자는 새로 남자친구가 생겼다. 이름은 도윤"], got
    got = chat_extract.user_says("여친 생겼어요 이름은 수아야")
    assert got == ["사용자는 새로 여친이 생겼다. 이름은 수아"], got
    assert chat_extract.user_says("새 애인 생겼어") == ["사용자는 새로 애인이 생겼다"]


def test_someone_elses_partner_or_a_wish_is_no_new_partner(chat_extract: Any) -> None:
    for text in ["친구가 여자친구 생겼대 이름은 지수래", "여자친구 생겼어? 이름은 뭐야",
                 "새 여자친구 생겼으면 좋겠다", "동생이 남친 생겼어 이름은 민재"]:
        got = chat_extract.user_says(text)
        assert not any(c.startswith("사용자는 새로") for c in got), (text, got)


def test_the_named_partner_fills_the_relationship_slot(chat_extract: Any) -> None:
    from gieok.write.extract.partners import partner
    assert partner("사용자는 새로 여자친구가 생겼다. 이름은 하린") == "하린"


# -- a condition joined to another clause is said apart ----------------------------------------

def test_a_condition_joined_to_another_topic_is_pinned_alone(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("저는 천식 있고 집은 성수동이에요")
    pins = {c.content: c.pinned for c in got}
    assert pins.get("사용자는 천식 있다") is True, pins
    assert False in (pins.get("사용자는 집은 성수동이다"), pins.get("사용자의 집은 성수동이다")), pins
    assert not any("있고" in c for c in pins), pins


def test_a_clause_that_goes_on_about_the_condition_stays_whole(chat_extract: Any) -> None:
    got = chat_extract.user_says("당뇨 있고 약은 메트포르민 먹어")
    assert any("당뇨" in c and "메트포르민" in c for c in got), got
    got = chat_extract.user_says("유당불내증 있고 우유는 락토프리로 마셔")
    assert not any(c == "사용자는 유당불내증 있다" for c in got), got


# -- a diagnosis in the clinician's words ------------------------------------------------------

def test_a_finding_in_the_clinicians_words_is_the_holders_pinned_fact(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("수의사 선생님이 우리 두부 고관절 이형성증이래요 체중 관리하래요")
    hit = [c for c in got if "두부" in c.content and "고관절 이형성증" in c.content]
    assert hit and hit[0].pinned and hit[0].content.startswith("사용자의 반려동물 두부는"), \
        [c.content for c in got]
    got = chat_extract.user_says("의사 선생님이 저 갑상선 기능 항진증이래요")
    assert "사용자는 갑상선 기능 항진증이다 (의사 선생님 소견)" in got, got
    got = chat_extract.user_says("의사 선생님이 우리 아빠 당뇨 있대요")
    assert "사용자의 아빠는 당뇨가 있다 (의사 선생님 소견)" in got, got


def test_hearsay_from_others_ruled_out_or_asked_is_no_finding(chat_extract: Any) -> None:
    for text in ["친구가 나 ADHD래 ㅋㅋ", "의사 선생님이 저 고혈압이래요?", "의사가 나 당뇨 아니래",
                 "의사 선생님이 우리 민수 폐렴이래요", "의사가 괜찮대요"]:
        got = chat_extract.user_says(text)
        assert not any(c.endswith("소견)") for c in got), (text, got)


# -- a condition the user lives with, said in passing ------------------------------------------

def test_the_condition_a_complaint_names_is_a_pinned_fact(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("이석증 때문에 진짜 미치겠다 오늘도 어지러워")
    assert any(c.content == "사용자는 이석증이 있다" and c.pinned for c in got), [c.content for c in got]
    got = chat_extract.user_candidates("ugh my psoriasis is acting up again")
    assert any("psoriasis" in c.content and c.pinned for c in got), [c.content for c in got]


def test_sobriety_counted_without_a_subject_is_kept(chat_extract: Any) -> None:
    got = chat_extract.user_says("been sober 9 months as of today, feels weird to say it")
    assert "User has been sober for 9 months" in got, got


def test_a_passing_ailment_someone_elses_or_a_mood_is_no_condition(chat_extract: Any) -> None:
    for text in ["감기 때문에 죽겠어", "남편 코골이 때문에 잠을 못 자", "짜증 때문에 미치겠다",
                 "월요병 때문에 죽겠다", "과제 때문에 미치겠다", "my headache is killing me",
                 "my back is killing me", "been clean for 2 weeks, my room i mean lol",
                 "if I stay sober 6 months I get the coin"]:
        got = chat_extract.user_says(text)
        assert not any(re.search(r"이 있다$|가 있다$|^User has \w+$|sober for", c) for c in got), (text, got)


# -- a Korean run-on introduction --------------------------------------------------------------

def test_a_run_on_introduction_gives_the_name_and_the_rest_apart(chat_extract: Any) -> None:
    got = chat_extract.user_says("안녕 나는 하은이야 성수동에서 디자이너로 일해")
    assert "사용자의 이름은 하은" in got, got
    assert not any(c.startswith("사용자는 하은") for c in got), got
    assert any(c.startswith("사용자는 성수동에서 디자이너로 일") for c in got), got
    got = chat_extract.user_says("나 도현인데 광주 살아")
    assert "사용자의 이름은 도현" in got and not any("도현인데" in c for c in got), got


def test_what_the_user_is_said_the_same_way_is_no_name(chat_extract: Any) -> None:
    for text in ["나 학생인데 대구 살아", "나 혼자인데 뭐 먹지", "나 초보인데 등산 코스 추천해줘",
                 "나 임산부인데 커피 마셔도 돼?"]:
        got = chat_extract.user_says(text)
        assert not any(c.startswith("사용자의 이름은") for c in got), (text, got)


# -- children named by age or by order ----------------------------------------------------------

def test_a_child_named_by_age_is_known_in_the_next_turn(chat_extract: Any) -> None:
    got = chat_extract.user_says("we have a 5 yo named Arjun", "Arjun started swimming lessons on sundays")
    assert any(c.startswith("User's kid Arjun started swimming") for c in got), got


def test_children_named_by_their_order_are_known(chat_extract: Any) -> None:
    got = chat_extract.user_says("큰애는 9살 서준, 작은애는 6살 하율이", "하율이 새우 알레르기 있어서 외식이 힘들어")
    assert any(c.startswith("사용자의 작은애 하율") and "새우" in c for c in got), got
    got = chat_extract.user_says("첫째는 도윤 둘째는 시아", "도윤 이번에 수영 시작했어")
    assert any(c.startswith("사용자의 첫째 도윤") and "수영" in c for c in got), got


def test_what_a_child_is_said_by_order_is_no_name(chat_extract: Any) -> None:
    from gieok.write.extract.coref_intro import introduced
    assert not [e for e in introduced("첫째는 학생이고 둘째는 유치원생이야") if e.name]
    assert not [e for e in introduced("첫째는 학교 가고 둘째는 집에 있어") if e.name]


# -- a weekly routine said day by day ------------------------------------------------------------

def test_routines_by_day_with_an_exception_are_each_kept(chat_extract: Any) -> None:
    got = chat_extract.user_says("월수는 퇴근하고 수영 가고 금요일은 회식 없으면 필라테스 가")
    assert "사용자는 월수는 퇴근하고 수영 간다" in got, got
    assert "사용자는 금요일은 회식 없으면 필라테스 간다" in got, got
    got = chat_extract.user_says("run tue/thu before work, saturdays only if it's not raining")
    assert any(c.startswith("User runs tue/thu before work") for c in got), got


def test_one_day_someone_elses_or_asked_is_no_routine(chat_extract: Any) -> None:
    for text in ["이번 수요일은 야근 없으면 요가 가", "남편은 화목은 헬스 가고 주말엔 골프 쳐",
                 "swim mon/wed or fri? which is better", "run next tuesday with me"]:
        got = chat_extract.user_says(text)
        assert not any(c.startswith(("사용자는 수요일은", "사용자는 화목은", "User swims", "User runs"))
                       for c in got), (text, got)


# -- a fragment answer about the relative or pet just talked about -------------------------------

def test_a_fragment_answer_is_the_attribute_of_the_topic(chat_extract: Any) -> None:
    got = chat_extract.chat_contents("u: 아내 생일 선물 고민이야 요즘 등산에 빠졌거든",
                "a: 등산 좋아하시면 트레킹 폴 어때요? 생일이 언제예요?", "u: 이번 주 토요일")
    assert "사용자의 아내 생일: 이번 주 토요일" in got, got


def test_the_users_own_or_an_unasked_attribute_keeps_the_question(chat_extract: Any) -> None:
    got = chat_extract.chat_contents("u: 내 생일 파티 장소 추천해줘", "a: 좋아요! 생일이 언제예요?", "u: 다음주 금요일")
    assert not any(c.startswith("사용자의") and "생일:" in c for c in got), got
