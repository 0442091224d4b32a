"""Recall on text the extractor was not tuned on (issue 16, round 4): sentences written fresh
for this file, in the shapes a new labelled file showed missing — Korean names with the
familiar 이, a pronoun and then who it meant, mixed Korean–English pets, chat spelling, a pet
named only by its breed after a bare name. Each assertion failed on the code before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


@pytest.fixture
def asked(chat_extract: Any) -> Callable[..., list[str]]:
    """One ``add`` per message, as a chat app sends them: each sees the earlier ones
    (``tests/support/chat_extract.py``)."""
    return chat_extract.contents  # type: ignore[no-any-return]


def test_a_one_syllable_name_keeps_its_familiar_i(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "고양이 키우는데 이름이 몽이에요"), ("user", "요즘 사료를 잘 안 먹어요"))
    assert "사용자의 고양이 몽이는 요즘 사료를 잘 안 먹는다" in got  # was "… 몽은 …"
    got = asked(("user", "강아지 키워요"), ("assistant", "이름이 뭐예요?"), ("user", "몽이요"))
    assert got[-1] == "사용자의 강아지 이름은 몽이다"  # was ": 몽"


def test_a_name_with_the_familiar_i_after_a_relative_is_who_the_next_sentence_means(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "우리 딸 하은이 얘기 좀 할게"), ("user", "걔가 다음주에 피아노 콩쿠르 나가"))
    assert got == ["사용자의 딸 하은이가 다음주에 피아노 콩쿠르 나간다"]  # was "사용자의 딸이 …"
    # a common noun with the subject particle is no name: "생신이" is the birthday
    got = asked(("user", "우리 엄마 생신이 12월 3일이야"), ("user", "걔가 꽃을 좋아해"))
    assert not any("생신이가" in c or "엄마 생신 " in c for c in got)


def test_a_pronoun_then_who_it_meant(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "걔 또 사고 쳤어 ㅋㅋ 아 우리 보리 말하는 거. 리트리버인데 슬리퍼 세 켤레째 씹음"))
    assert got == ["사용자의 보리 또 사고 쳤다. 리트리버인데 슬리퍼 세 켤레째 씹는다"]  # was "사용자는 걔 …"
    got = asked(("user", "걔 또 토했어 ㅠ 우리 cat 까망이 말하는 거."))
    assert got == [] or all("걔" not in c for c in got)
    got = asked(("user", "he chewed through the charger again. I mean my dog Max"))
    assert all(not c.startswith("He ") for c in got)


def test_a_pet_kept_without_a_count_is_named_later(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "거북이 키운 지 10년 됐어요. 이름은 느림보"))
    assert "사용자의 거북이 이름은 느림보다" in got  # was only "사용자는 거북이 키운 지 10년 됐다"


def test_a_pet_or_relative_named_in_english_inside_a_korean_sentence(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "우리 cat 까망이가 요즘 밥을 안 먹어"), ("user", "걔 내일 병원 가"))
    assert got[-1] == "사용자의 cat 까망이는 내일 병원 간다"  # was nothing
    got = asked(("user", "우리 dog 해피 다음주에 중성화해"), ("user", "걔 요즘 사료를 잘 안 먹어"))
    assert got[-1] == "사용자의 dog 해피는 요즘 사료를 잘 안 먹는다"  # was "사용자는 걔 …"


def test_chat_spelling_is_read_as_written_out(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "doc says my blood pressure is high so im on lisinopril now, "
                         "10mg every morning"))
    assert any("lisinopril" in c for c in got)  # was nothing
    got = asked(("user", "my parrot Kiwi says hello lol. shes a 20 year old african grey"))
    assert any(c.startswith("User's parrot Kiwi is a 20 year old african grey") for c in got)


def test_a_bare_name_then_its_kind_said_with_a_pronoun(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "walker cancelled so Bruno is stuck inside all day. "
                         "he's a 1 year old husky"))
    assert any(c.startswith("User's husky Bruno is a 1 year old husky") for c in got)  # was nothing
    # a person named the same way is not made a pet
    assert not any("husky" in c for c in asked(("user", "Jake is coming over. he's a nice guy")))


def test_how_someone_feels_today_is_not_kept_about_them(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "my daughter Lily starts kindergarten in september"),
                ("assistant", "Exciting! Is she nervous?"),
                ("user", "nope she's thrilled, it's me who's nervous"))
    assert got == ["User's daughter Lily starts kindergarten in september"]


def test_a_pet_named_after_a_question_about_it(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "quick q, is it ok to give my rabbit carrots every day? "
                         "her name's Clover"))
    assert got == ["User's rabbit's name is Clover"]  # was nothing


def test_chat_leaves_out_my_before_a_relative(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "twins turned 3 today 🎂🎂 Noah and Ava. absolute chaos"))
    assert got and got[0].startswith("User's twins turned 3 today")  # was nothing
    assert asked(("user", "kids these days are crazy")) == []


def test_a_dated_event_said_with_the_copula(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "내일모레 운전면허 도로주행 시험이야 떨려"))
    assert got == ["사용자는 내일모레 운전면허 도로주행 시험이 있음 (2026-11-22)"]  # was nothing


def test_a_favourite_said_with_choeae(asked: Callable[..., list[str]]) -> None:
    assert asked(("user", "최애 band는 Radiohead, 특히 OK Computer")) == ["사용자의 최애 band Radiohead"]
    assert asked(("user", "최애가 누구야?")) == []


def test_a_standing_request_with_its_reason_after_a_comma(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "emoji 쓰지 말아줘, 좀 부담스러움"))
    assert got == ["사용자 요청: emoji 쓰지 말아줘, 좀 부담스러움"]  # was nothing
    assert asked(("user", "이 메일 좀 써줘, 급해")) == []


def test_a_life_event_or_lasting_state_is_not_vetoed_for_its_unseen_words(
        asked: Callable[..., list[str]]) -> None:
    # the learned judge scored these as chatter (0.20–0.23); their structure says a fact
    assert asked(("user", "나 이번에 팀장 됐다 ㅋㅋ")) == ["사용자는 이번에 팀장 됐다"]
    assert asked(("user", "회사 layoff 당했어..")) == ["사용자는 회사 layoff 당했다"]
    assert asked(("user", "부모님은 광주에 사세요")) == ["사용자의 부모님은 광주에 사신다"]  # honour kept
    assert asked(("user", "My husband works night shifts at the airport")) == [
        "User's husband works night shifts at the airport"]


def test_the_same_shapes_said_of_others_or_as_a_wish_or_a_guess_stay_out(
        asked: Callable[..., list[str]]) -> None:
    for said in ("친구가 이번에 결혼했어", "팀장님이 다음달에 퇴사하신대",
                 "나도 언젠가 이직하고 싶다", "만약에 내가 회사 그만두면 어떡하지", "난 제주도에 집 살 듯",
                 "my coworker got promoted again lol", "If I got laid off I'd travel for a year",
                 "회사 가기 싫다", "오늘 팀장님한테 깨져서 기분 최악이야"):
        assert asked(("user", said)) == [], said


def test_a_pet_named_with_named_her_and_a_pronoun_after_the_vet_said(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "we got a kitten!! named her Mochi"),
                ("user", "she has a vet appointment on friday"))
    assert "User's kitten is named Mochi" in got  # was only "User got a kitten"
    assert "User's kitten Mochi has a vet appointment on friday" in got
    from gieok.write.extract.coref import Entities

    ents = Entities()
    ents.observe(ents.resolve("so the puppy we got in august is a border collie, "
                              "we named him Scout"))
    said = ents.resolve("vet said he needs his shots")
    assert said == "vet said User's puppy Scout needs his shots"


def test_a_name_alone_as_subject_is_someone_else() -> None:
    from gieok.write.extract.lasting import lasting

    assert not lasting("민수씨는 강남에 살아") and not lasting("지민이가 결혼했어")
    assert lasting("우리 딸 Emma가 유치원 졸업했어")


def test_a_relative_said_first_or_in_english_is_who_works_or_lives_there(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "남편 job이 바뀌어서 이제 Samsung 다녀요"))
    assert not any(c.startswith("사용자는 Samsung") for c in got)  # was "사용자는 Samsung에서 근무"
    got = asked(("user", "제 sister가 Vancouver에 살아요"))
    assert got == ["사용자의 sister가 Vancouver에 산다"]  # was also "사용자는 Vancouver에 거주"


def test_chat_drops_im_before_what_the_user_is_doing(asked: Callable[..., list[str]]) -> None:
    assert asked(("user", "Taking the GRE in two weeks, wish me luck")) == [
        "User is taking the GRE in two weeks"]  # was nothing
    assert asked(("user", "going to bed now")) == []


def test_a_medical_report_the_judge_is_sure_of_is_kept_whole(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "우리 dog 해피 got diagnosed with diabetes, 이제 insulin 하루 두 번 맞아야 돼"))
    assert len(got) == 1 and "해피" in got[0] and "insulin" in got[0]  # was nothing


def test_the_kids_of_the_household(asked: Callable[..., list[str]]) -> None:
    assert asked(("user", "the kids start school on March 2")) == [
        "User's kids start school on March 2"]  # was nothing
    assert asked(("user", "the kids were so loud today")) == []


def test_a_later_turn_knows_who_an_earlier_pronoun_meant(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "걔 또 토했어 ㅠ 우리 cat 까망이 말하는 거."),
                ("assistant", "헤어볼 전용 사료도 있어요."), ("user", "걔 요즘 밥도 잘 안 먹어"))
    assert got[-1] == "사용자의 cat 까망이는 요즘 밥도 잘 안 먹는다"


def test_what_the_user_does_these_days_is_a_fact_whatever_its_words(
        asked: Callable[..., list[str]]) -> None:
    from gieok.write.extract.lasting import lasting

    assert lasting("요즘 뉴진스 노래만 들음") and lasting("아침마다 조깅해")  # 0.24: was vetoed
    assert not lasting("요즘 잠을 못 자") and not lasting("요즘 뭐 하지") and not lasting("오늘 야근해")
    assert asked(("user", "요즘 뉴진스 노래만 들음 ㅋㅋ")) == ["사용자는 요즘 뉴진스 노래만 듣는다"]


def test_where_the_users_workplace_or_school_is(asked: Callable[..., list[str]]) -> None:
    assert asked(("user", "회사가 강남역 근처라 commute 편해요")) == ["사용자의 회사는 강남역 근처"]
    got = asked(("user", "my office is near Gangnam station, so lunch options are great"))
    assert "User's office is near Gangnam station" in got  # both were nothing
    assert asked(("user", "친구 회사가 강남역 근처래")) == [] and asked(("user", "회사가 어디야?")) == []


def test_a_pets_care_said_with_his_or_her(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "so the puppy we got in august is a border collie, we named him Scout"),
                ("assistant", "How's training going?"),
                ("user", "great, he's already got sit and stay. next is his neutering, "
                         "booked for the 4th of december"))
    assert "Next is User's puppy Scout's neutering, booked for the 4th of december" in got


def test_our_child_said_to_be_a_breed_is_a_pet(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "우리 애 Toby, corgi인데 diet 해야 된대. 14kg라서 ㅋㅋ"))
    assert got == ["사용자의 corgi Toby는 14kg다"]  # was "사용자는 14kg다"
    got = asked(("user", "우리 애 Jiho가 이번에 초등학교 입학해"), ("user", "걔 요즘 태권도 다녀"))
    assert got[-1] == "사용자의 애 Jiho는 요즘 태권도 다닌다"


def test_lately_alone_is_a_passing_state_not_a_habit() -> None:
    from gieok.write.extract.lasting import lasting

    assert not lasting("그래서 요즘 영상통화를 자주 해요")
    assert lasting("요즘 야근만 해") and lasting("매일 아침 조깅해")


def test_an_unknown_third_person_is_never_the_user(asked: Callable[..., list[str]]) -> None:
    assert asked(("user", "내 친구 지민이 알지? 걔 다음달에 결혼해")) == []  # was "사용자는 걔 …"
    got = asked(("user", "강아지 키워요"), ("assistant", "이름이 뭐예요?"), ("user", "보리요"),
                ("user", "걔 다음주에 중성화해요"))
    assert got[-1] == "사용자의 강아지 보리는 다음주에 중성화한다"


def test_where_an_elder_stays_said_with_the_honorific(asked: Callable[..., list[str]]) -> None:
    assert asked(("user", "어머님이 요양병원에 계세요")) == ["사용자의 어머님이 요양병원에 계신다"]  # was nothing
    assert asked(("user", "선생님이 교무실에 계세요")) == []


def test_the_older_and_the_younger_child_are_relatives(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "아들이 둘 있어요"), ("assistant", "몇 살이에요?"), ("user", "큰애는 10살, 작은애는 6살"))
    assert got[-1] == "사용자의 큰애는 10살, 작은애는 6살이다"  # was "사용자는 큰애는 …"
