"""Recall by structure, session 19 (issue 16): Korean and mixed turns.

- a drug's name that Kiwi cuts into pieces when read alone ("졸피뎀") is read where it was
  said, so "X 처방받음" is the medicine it names;
- how bad an allergy is ("꽃가루 알레르기 심함") says the user has it;
- words after a pause ("…") that follows the predicate are kept, as after a comma;
- the occupation said as what the user does ("간호사 3교대 하는데"), and a new rank
  ("대리에서 과장 됨", "팀장으로 승진했어요");
- a product bought by its brand and model ("Tesla Model Y 샀어요");
- slang for loving a thing ("매운거 환장함").

Sentences written for this file (not copied from a labelled file), with look-alikes that must
store nothing."""

from __future__ import annotations

from typing import Any


def test_a_prescribed_drug_cut_apart_when_read_alone_is_still_a_medicine(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("정신과 다녀왔어. 졸피뎀 처방받음")
    assert any(c.slot == "medication:졸피뎀" and c.pinned for c in got), [c.content for c in got]
    got = chat_extract.user_candidates("어제 아모디핀 처방받았어")
    assert any(c.slot == "medication:아모디핀" for c in got), [c.content for c in got]


def test_an_adverb_before_prescribed_is_no_medicine(chat_extract: Any) -> None:
    for text in ["새로 처방받았어", "다시 처방받음", "안경 처방받았어"]:
        assert not any((c.slot or "").startswith("medication:") for c in chat_extract.user_candidates(text)), text


def test_how_bad_an_allergy_is_says_the_user_has_it(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("봄만 되면 미치겠어 ㅠ 나 자작나무 꽃가루 알레르기 심함")
    assert any(c.slot == "allergy:자작나무 꽃가루" and c.pinned for c in got), [c.content for c in got]
    assert any(c.slot == "allergy:새우" for c in chat_extract.user_candidates("저 새우 알레르기 심한 편이에요"))


def test_someone_elses_or_a_general_allergy_is_not_the_users(chat_extract: Any) -> None:
    for text in ["아빠가 꽃가루 알레르기 심함", "꽃가루 알레르기 심한 사람은 뭐 먹어?"]:
        assert not any((c.slot or "").startswith("allergy:") for c in chat_extract.user_candidates(text)), text


def test_words_after_a_pause_that_follows_the_predicate_are_kept(chat_extract: Any) -> None:
    got = chat_extract.user_says("출근길 너무 멀어… 의정부에서 여의도까지 2시간")
    assert any("의정부" in c and "여의도" in c and "멀" in c for c in got), got


def test_the_occupation_said_as_what_the_user_does(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("저 약사 해요")
    assert [(c.content, c.slot) for c in got] == [("사용자의 직업은 약사", "occupation")], got
    got = chat_extract.user_candidates("간호사 2교대 하는데 데이 근무 끝나면 녹초야")
    assert any(c.slot == "occupation" and "간호사" in c.content and "2교대" in c.content
               for c in got), [c.content for c in got]


def test_an_occupation_wished_for_or_someone_elses_is_not_the_users(chat_extract: Any) -> None:
    for text in ["간호사 하고 싶어", "의사 해보고 싶다", "언니가 간호사 해", "교사 하라고 하셔"]:
        assert not any(c.slot == "occupation" for c in chat_extract.user_candidates(text)), text


def test_a_new_rank_is_one_value_at_a_time(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("드디어 발표 났다 ㅠㅠ 주임에서 대리 됨")
    assert any(c.slot == "rank" and c.content == "사용자는 대리로 승진했다 (주임에서)"
               for c in got), [c.content for c in got]
    got = chat_extract.user_candidates("저 이번에 차장으로 승진했어요")
    assert any(c.slot == "rank" and "차장" in c.content for c in got), [c.content for c in got]


def test_a_rank_that_is_someone_elses_or_wished_for_is_no_rank(chat_extract: Any) -> None:
    for text in ["남편이 과장으로 승진했어", "나도 빨리 팀장 됐으면 좋겠다", "과장님 되게 무서워",
                 "이사 됐어 드디어 짐 다 뺐어"]:
        assert not any(c.slot == "rank" for c in chat_extract.user_candidates(text)), text


def test_a_product_by_brand_and_model_is_a_thing_the_user_has(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("Galaxy S24 Ultra 샀어요 어제! 케이스 뭐가 좋아?")
    assert any(c.slot == "owns:Galaxy S24 Ultra" for c in got), [c.content for c in got]


def test_a_brand_without_a_model_or_an_errand_is_not_a_possession(chat_extract: Any) -> None:
    for text in ["편의점에서 Coca Cola 샀어", "우유 샀어", "Starbucks 샀어"]:
        assert not any((c.slot or "").startswith("owns:") for c in chat_extract.user_candidates(text)), text


def test_slang_for_loving_a_thing_is_a_liking(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("나 곱창 환장함 ㅋㅋ")
    assert any(c.slot == "pref:곱창" for c in got), [c.content for c in got]
    for text in ["아 진짜 환장하겠네", "동생이 곱창 환장함"]:
        assert not any((c.slot or "").startswith("pref:") for c in chat_extract.user_candidates(text)), text


def test_what_the_user_has_typed_as_a_list_after_a_label(chat_extract: Any) -> None:
    got = chat_extract.user_says("이사 짐 체크리스트 만들어줘. 가진 거: 드럼 세탁기, 원목 책상, 접이식 침대")
    assert "사용자가 가진 것: 드럼 세탁기, 원목 책상, 접이식 침대" in got, got
    for text in ["필요한 거: 텐트, 의자, 랜턴", "살 거: 우유, 계란"]:
        assert not any("가진 것" in c for c in chat_extract.user_says(text)), text


def test_a_document_of_the_users_that_ran_out(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("그건 그렇고 운전면허 지난달에 만료됐음")
    assert any(c.slot == "document:운전면허" and "만료" in c.content for c in got), \
        [c.content for c in got]
    for text in ["여권 만료되면 어떻게 해?", "남편 여권 만료됐어", "비자 만료 예정이야"]:
        assert not any((c.slot or "").startswith("document:") for c in chat_extract.user_candidates(text)), text


def test_a_workspace_setting_said_without_its_verb(chat_extract: Any) -> None:
    got = chat_extract.user_says("우리 레포는 pnpm 써. 빌드 스크립트 짜줘", "배포는 main 브랜치 머지로")
    assert "배포는 main 브랜치 머지로 한다" in got, got
    assert chat_extract.user_says("점심은 샐러드로") == []


def test_the_name_of_the_one_in_a_role_in_the_users_life(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("연차 신청서 써줘. 팀장님 성함은 강도윤")
    assert any(c.slot == "role:manager" and "강도윤" in c.content for c in got), \
        [c.content for c in got]
    for text in ["친구 팀장님 성함은 강도윤이래", "팀장님 성함이 뭐였더라?"]:
        assert not any((c.slot or "").startswith("role:") for c in chat_extract.user_candidates(text)), text


def test_a_pets_name_ending_in_a_consonant_keeps_its_particle(chat_extract: Any) -> None:
    assert chat_extract.user_says("밤이라는 고양이 키워요") == ["사용자는 밤이라는 고양이를 키움"]
    assert chat_extract.user_says("나비라는 고양이 키워요") == ["사용자는 나비라는 고양이를 키움"]


def test_an_english_statement_before_a_korean_question_is_its_premise(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("I live in 일산, 근처에 괜찮은 수영장 있어?")
    assert any(c.slot == "residence" for c in got), [c.content for c in got]
    assert chat_extract.user_says("I'm so tired, 커피 추천해줄래?") == []


def test_an_answer_about_a_thing_said_of_a_relative_is_about_them(chat_extract: Any) -> None:
    got = chat_extract.contents(("user", "우리 아내가 다음 달부터 독일 출장이라 바빠"),
                                ("assistant", "바쁘시겠어요. 출장 기간은 얼마나 돼요?"),
                                ("user", "3주"))
    assert any("사용자의 아내" in c and "3주" in c for c in got), got


def test_an_answer_to_a_question_about_a_person_is_not_given_the_relative(chat_extract: Any) -> None:
    got = chat_extract.contents(("user", "우리 아내가 다음 달부터 독일 출장이라 바빠"),
                                ("assistant", "바쁘시겠어요. 동료분은 같이 가요?"),
                                ("user", "혼자"))
    assert not any("3주" in c or ("혼자" in c and "사용자의 아내)" in c) for c in got), got


def test_the_relatives_the_user_supports(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("연말정산 하는데 부양가족은 아버지 한 명이야")
    assert [(c.content, c.slot) for c in got if c.slot] == \
        [("사용자의 부양가족은 아버지 한 명", "dependents")], [c.content for c in got]
    assert not any(c.slot == "dependents" for c in chat_extract.user_candidates("부양가족 공제 어떻게 받아?"))


def test_a_channel_setting_typed_in_lower_case_after_fillers_is_workspace(chat_extract: Any) -> None:
    got = chat_extract.candidates(("user", "우리 팀 배포 파이프라인 GitHub Actions로 도는데 워크플로 짜줘"),
                                  ("assistant", "deploy.yml로 작성했어요."),
                                  ("user", "ㅇㅇ 그리고 slack 알림은 #deploy-alerts로"))
    assert any(c.content == "slack 알림은 #deploy-alerts로 한다" and c.tier == "project"
               for c in got), [c.content for c in got]
    for text in ["오늘 날씨 좋다 #daily-life", "slack 너무 시끄러워", "ㅇㅋ 그럼 그걸로 할게"]:
        assert chat_extract.user_says(text) == [], text
