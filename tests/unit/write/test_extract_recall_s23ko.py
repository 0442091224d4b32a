"""Recall by structure, session 23, Korean (issue 16).

- a name given as the reply about the relative or pet in view ("이름은 서윤이", "하준이랑 하린이")
  is theirs, not the user's, and names them for the turns that follow (``named_reply``);
- a pet named before 한테/에게 ("우리 강아지 몽이한테 …") is known by its name (``coref_intro``), and
  an allergy said with that dative is the pet's, not the user's (``patterns_ko_situation``).

Sentences written for this file (not copied from a labelled file), with look-alikes that must
store nothing of the kind."""

from __future__ import annotations

from typing import Any


def _chat(chat_extract: Any, *lines: str) -> list[str]:
    return chat_extract.chat_contents(*lines)


# -- a name given as a reply ------------------------------------------------------------------

def test_a_name_given_as_a_reply_is_the_relative_or_pet_in_view(chat_extract: Any) -> None:
    cases = [
        (("u: 중학생 아들 하나 키우고 있어요", "a: 아드님은 몇 학년이에요?", "u: 2학년이요 이름은 도현이"),
         "사용자의 아들 이름은 도현이 (2학년)"),
        (("u: 나 남자친구 생겼어!!", "a: 와 축하해! 어떤 사람이야?", "u: 이름은 지훈이고 회사 동기야"),
         "사용자의 남자친구 이름은 지훈"),
        (("u: 누나가 딸 쌍둥이를 낳았어", "a: 축하드려요! 조카들 이름은 뭐예요?", "u: 서아랑 서진이"),
         "사용자의 조카 이름은 서아, 서진이"),
        (("u: 고양이 한 마리 입양했어요", "a: 이름이 뭐예요?", "u: 이름은 두부예요"),
         "사용자의 고양이 이름은 두부"),
    ]
    for lines, want in cases:
        got = _chat(chat_extract, *lines)
        assert want in got, (lines, got)
        assert not any(c.startswith("사용자의 이름은") or c.startswith("질문 ") for c in got), got


def test_the_named_relative_is_who_the_next_turn_is_about(chat_extract: Any) -> None:
    got = _chat(chat_extract, "u: 초등학생 딸 하나 있어", "a: 따님은 몇 학년이에요?", "u: 4학년 이름은 하윤이",
                "a: 네 알겠어요.", "u: 하윤이가 복숭아 알레르기가 있어서 간식 좀 골라줘")
    assert any(c.startswith("사용자의 딸 하윤") and "복숭아" in c for c in got), got
    assert not any(c.startswith("사용자는") and "복숭아" in c for c in got), got


def test_a_name_that_is_not_of_the_relative_in_view_is_not_read_so(chat_extract: Any) -> None:
    cases = [
        ("u: 강아지 키워", "a: 이름이 뭐예요?", "u: 내 이름은 민수야"),          # the user's own
        ("u: 고양이 사료 바꾸려고", "a: 브랜드 이름이 뭐예요?", "u: 이름은 오리젠"),  # a thing's
        ("u: 딸이 하나 있어", "a: 네!", "u: 친구네 강아지 이름은 콩이래"),        # someone else's
        ("u: 아내가 임신했어", "a: 축하해요!", "u: 딸 낳으면 이름은 서아로 할래"),  # a plan
        ("u: 강아지 데려왔어", "a: 이름은요?", "u: 이름은 아직 못 정했어"),        # no name yet
        ("u: 이름은 수아야",),                                                 # no one in view
    ]
    for lines in cases:
        got = _chat(chat_extract, *lines)
        assert not any(" 이름은 " in c and c.startswith("사용자의 ") and not c.startswith(
            "사용자의 이름은") for c in got), (lines, got)


def test_a_bare_answer_to_another_question_names_no_one(chat_extract: Any) -> None:
    got = _chat(chat_extract, "u: 딸 하나 있어요", "a: 따님은 몇 학년이에요?", "u: 3학년이요")
    assert not any("이름은" in c for c in got), got


# -- a pet named before 한테 ----------------------------------------------------------------------

def test_a_pet_named_before_hante_is_known_and_its_allergy_is_its_own(chat_extract: Any) -> None:
    got = _chat(chat_extract, "u: 우리 강아지 초코한테 소고기 알레르기가 있어서 사료 바꾸려고",
                "a: 나이가 어떻게 돼요?", "u: 일곱 살이요")
    assert not any(c.startswith("사용자는 소고기") for c in got), got
    assert any("초코" in c and "일곱 살" in c for c in got), got
    mine = _chat(chat_extract, "u: 나 새우 알레르기 있어서 해산물은 빼줘")
    assert any(c.startswith("사용자는 새우") for c in mine), mine
    other = _chat(chat_extract, "u: 우리 엄마 친구한테 들었는데 그 식당 맛있대")
    assert not any("친구" in c and "엄마" in c and "이름" in c for c in other), other


# -- a relative who has a condition, with 이/가 ---------------------------------------------------

def test_a_relatives_condition_said_with_the_subject_particle_is_theirs(chat_extract: Any) -> None:
    for text, kin, word in [("아내가 땅콩 알레르기 있어서 견과류 들어간 건 빼줘", "아내", "땅콩"),
                            ("아빠가 통풍이 있어서 맥주 안주 말고 다른 거 추천해줘", "아빠", "통풍"),
                            ("딸이 아토피가 있어서 순한 바디워시 찾고 있어", "딸", "아토피"),
                            ("남편이 새우 알레르기 있어서 뷔페 해산물 코너 많은 데는 별로", "남편", "새우")]:
        got = _chat(chat_extract, f"u: {text}")
        assert any(c.startswith(f"사용자의 {kin}") and word in c for c in got), (text, got)
        assert not any(c.startswith("사용자는") and word in c for c in got), (text, got)
        assert not any(c.count(kin) > 1 for c in got), (text, got)


def test_a_relative_said_with_a_feeling_or_a_taste_turned_down_is_not_a_condition(
        chat_extract: Any) -> None:
    got = _chat(chat_extract, "u: 나는 남편이 제일 좋아")
    assert not any(c.startswith("사용자의 남편은 제일") for c in got), got
    for text in ["회는 좀 별로야", "남편이 바빠서 주말 여행은 좀 별로"]:
        got = _chat(chat_extract, f"u: {text}")
        assert not any("알레르기" in c or c.startswith("사용자의 남편은 바") for c in got), (text, got)


# -- standing requests said in chat shapes ----------------------------------------------------

def test_a_request_that_says_when_it_starts_after_it_is_a_rule(chat_extract: Any) -> None:
    for lines, words in [
        (("u: 응 그리고 택시비는 교통비로 따로 묶어줘 이제부터",), ("택시비", "따로")),
        (("a: 요약은 어떻게 드릴까요?", "u: 요약은 표로, 결론은 맨 위로. 매번 그렇게"), ("표로", "결론")),
        (("u: 앞으로 나랑 얘기할 때 영어 쓰지 마 한국어 편해",), ("영어", "한국어 편해")),
    ]:
        got = [c for c in _chat(chat_extract, *lines) if c.startswith("사용자 요청")]
        assert any(all(w in c for w in words) for c in got), (lines, got)


def test_a_way_said_once_or_a_plan_from_now_is_no_rule(chat_extract: Any) -> None:
    for lines in [("u: 서울역으로. 매번 그렇게 가",), ("u: 이 문장은 영어로. 매번 그렇게",),
                  ("u: 나 이제부터 공부할 거야",)]:
        got = [c for c in _chat(chat_extract, *lines) if c.startswith("사용자 요청")]
        assert not got, (lines, got)


# -- a day corrected in the next breath -------------------------------------------------------

def test_a_day_of_the_month_corrected_after_a_bare_no_replaces_the_old_one(chat_extract: Any) -> None:
    got = _chat(chat_extract, "u: 다음 달 12일에 토익 시험 봐", "a: 화이팅! 공부는 많이 했어?",
                "u: 아 아니다 19일이다 접수 다시 했어")
    assert any("19일" in c and "토익" in c for c in got), got
    assert not any(c.startswith("질문 ") for c in got), got
    same = _chat(chat_extract, "u: 3일 동안 부산 가", "u: 아 아니다 4일 동안")
    assert not any("4일 동안 부산" in c for c in same), same


# -- a thing owned, said as the setting of a question -----------------------------------------

def test_a_durable_good_bought_said_inside_a_question_is_owned(chat_extract: Any) -> None:
    for text, thing in [("작년에 산 쏘렌토 차 타이어 언제 갈아야 돼?", "쏘렌토 차"),
                        ("얼마 전에 장만한 삼성 세탁기 통세척 어떻게 해?", "삼성 세탁기"),
                        ("재작년에 산 맥북 배터리 교체 비용 얼마야?", "맥북")]:
        got = _chat(chat_extract, f"u: {text}")
        assert any(thing in c and "샀다" in c for c in got), (text, got)


def test_a_thing_used_up_someone_elses_or_for_sale_is_not_owned(chat_extract: Any) -> None:
    for text in ["어제 산 우유 언제까지 먹어도 돼?", "친구가 작년에 산 차 이름 뭐였지?",
                 "작년에 산 노트북 팔려고 하는데 얼마 받을까?", "작년에 사고 싶던 차 요즘 얼마야?"]:
        got = _chat(chat_extract, f"u: {text}")
        assert not any("샀다" in c for c in got), (text, got)


# -- anything but a food ------------------------------------------------------------------------

def test_anything_but_a_food_says_the_user_does_not_eat_it(chat_extract: Any) -> None:
    for text, food in [("저녁 뭐 먹지 버섯만 안 들어가면 됨", "버섯"), ("오이만 빼면 다 괜찮아", "오이")]:
        got = _chat(chat_extract, f"u: {text}")
        assert any(food in c and ("안 먹" in c or "빼면" in c) for c in got), (text, got)
    for text in ["주말만 빼면 돼", "오늘은 고기만 빼면 돼", "남편은 오이만 안 들어가면 돼",
                 "버섯만 안 들어가면 돼?"]:
        got = _chat(chat_extract, f"u: {text}")
        assert not any("안 먹는다" in c and c.startswith("사용자는") for c in got), (text, got)


# -- a pet kept, said without its name ----------------------------------------------------------

def test_our_pet_said_in_passing_is_kept_by_the_user(chat_extract: Any) -> None:
    for text, noun in [("신기하네 ㅋㅋ 우리 집 앵무새는 아무 말도 안 하는데", "앵무새"),
                       ("저희 토끼도 밤에만 돌아다녀요", "토끼")]:
        got = _chat(chat_extract, f"u: {text}")
        assert f"사용자는 {noun}를 키운다" in got, (text, got)
    for text in ["우리 강아지 무지개다리 건넜어", "우리 반 햄스터가 탈출했어", "우리 강아지가 이거 먹어도 돼?",
                 "우리 고양이 있으면 좋겠다"]:
        got = _chat(chat_extract, f"u: {text}")
        assert not any(c.endswith("키운다") for c in got), (text, got)


def test_a_pets_weak_organ_said_of_ae_while_shopping_for_it(chat_extract: Any) -> None:
    got = _chat(chat_extract, "u: 강아지 영양제 추천 좀. 심장 약한 애라 조심해야 돼")
    assert "사용자의 강아지는 심장이 약하다" in got, got
    for text in ["친구네 고양이 간식 뭐 사줄까 신장 안 좋은 애라서", "우리 애 피부 안 좋은 애라 걱정이야"]:
        got = _chat(chat_extract, f"u: {text}")
        assert not any(c.startswith("사용자의 고양이는") or c.startswith("사용자의 강아지는")
                       for c in got), (text, got)


def test_a_name_asked_after_the_pet_was_called_ae_names_the_pet(chat_extract: Any) -> None:
    got = _chat(chat_extract, "u: 고양이 모래 추천해줘. 피부 약한 애라서", "a: 이름이 뭐예요?",
                "u: 이름은 나비. 요즘 두부 모래 쓰고 있어")
    assert "사용자의 고양이 이름은 나비" in got, got
    assert not any(c.startswith("사용자는 이름은") for c in got), got


# -- whose condition a request was for --------------------------------------------------------

def test_a_request_for_a_condition_then_whose_it_is(chat_extract: Any) -> None:
    got = _chat(chat_extract, "u: 통풍 있는 사람이 먹을 만한 야식 추천해줘", "a: 본인이 드실 거예요?",
                "u: 아니 아빠 거")
    assert "사용자의 아빠는 통풍이 있다" in got, got
    for lines in [("u: 매운 거 좋아하는 사람한테 좋은 메뉴 추천해줘", "a: 본인 거예요?", "u: 아니 남편 거"),
                  ("u: 통풍 있는 사람이 먹을 만한 야식 추천해줘", "a: 본인이 드실 거예요?", "u: 응 내 거"),
                  ("u: 통풍 있는 사람이 먹을 만한 야식 추천해줘", "a: 몇 인분이요?", "u: 아빠 거")]:
        got = _chat(chat_extract, *lines)
        assert not any(c.startswith("사용자의 아빠는") or c.startswith("사용자의 남편은") for c in got), (
            lines, got)


# -- rent said bare -----------------------------------------------------------------------------

def test_a_deposit_and_rent_said_bare_are_both_stored(chat_extract: Any) -> None:
    got = _chat(chat_extract, "a: 계약 조건 정리해드릴까요?", "u: 응 보증금 이천에 월세 60. 관리비는 따로 8만원")
    assert any("월세" in c and "60" in c for c in got), got
    for text in ["친구 월세 60.", "월세 60 괜찮아?", "그 집 월세 올려서 60"]:
        got = _chat(chat_extract, f"u: {text}")
        assert "사용자의 월세는 60" not in got, (text, got)


# -- a greeting with a name, and a home said as the first clause ---------------------------------

def test_a_greeting_then_a_name_and_a_home_joined_to_the_job(chat_extract: Any) -> None:
    got = _chat(chat_extract, "u: 안녕, 나 지우야. 지금 일산에 살고 여의도 증권사에서 애널리스트로 일해.")
    assert "사용자의 이름은 지우" in got, got
    assert "사용자는 일산에 거주" in got, got
    assert not any(c.startswith("사용자는 안녕") for c in got), got


def test_a_home_said_before_go_is_the_users_only(chat_extract: Any) -> None:
    assert "사용자는 수원에 거주" in _chat(chat_extract, "u: 수원에 사는데 회사가 너무 멀어")
    for text in ["동생은 대전에 살고 나는 서울 살아", "대전에 살고 싶어", "예전에 대전에 살았고 지금은 서울",
                 "대전에 살면 좋겠다"]:
        got = _chat(chat_extract, f"u: {text}")
        assert "사용자는 대전에 거주" not in got, (text, got)
