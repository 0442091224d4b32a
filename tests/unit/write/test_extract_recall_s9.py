"""Recall by sentence STRUCTURE across four writers' files (issue 16, session 9): a fact said
in a Korean background clause before a question or a request ("X 사는데 …?", "저 … X로
일하는데 … 양식 좀"); a statement right after the user's own question whose "he"/"him"/"here"
points at what the question named ("… a husky …? He's one of my sled dogs"); "X 좋아하고 Y는
별로" as a like and a dislike; a hyphenated name ("sci-fi") as one thing. Sentences written
fresh for this file (none copied from a dev file); each "kept" assertion failed on the code
before (main 5c1f4b0), each "stays out" assertion guards a look-alike."""

from __future__ import annotations

from collections.abc import Callable

# ``said`` / ``asked``: shared fixtures (tests/conftest.py over tests/support/chat_extract.py)


def test_a_home_said_before_a_korean_question_is_the_residence(
        said: Callable[[str], list[str]]) -> None:
    got = said("광명 철산동 사는데 주말에 애들이랑 갈 만한 실내 놀이터 있어요?")
    assert "사용자는 광명 철산동에 거주" in got
    got = said("분당 근처 사는데 조용한 스터디카페 추천해 줄래?")
    assert any("분당 근처" in c and "거주" in c for c in got)


def test_buying_something_before_a_question_is_no_home(said: Callable[[str], list[str]]) -> None:
    assert not any("거주" in c for c in said("마트에서 우유 사는데 어떤 게 좋아?"))
    assert not any("거주" in c for c in said("회사 근처 사는데 점심 어디서 먹지?"))


def test_a_fact_before_a_request_is_kept_without_the_request(
        said: Callable[[str], list[str]]) -> None:
    got = said("저 요양병원에서 야간 간호조무사로 일하는데 인수인계 메모 양식 좀")
    assert any("간호조무사" in c for c in got)


def test_a_place_or_a_state_said_with_the_copula_is_no_trade(
        said: Callable[[str], list[str]]) -> None:
    for text in ("저 병원인데 좀 늦을 것 같아요", "저 휴가인데 맛집 추천 좀", "나 초보인데 뭐부터 해?",
                 "저 도서관인데 조용히 통화할 데 있나"):
        assert not any("직업" in c for c in said(text)), text


def test_a_past_copula_after_a_vowel_keeps_its_tense(said: Callable[[str], list[str]]) -> None:
    assert any(c.endswith("미용사였다") for c in said("저 원래 미용사였어요"))


def test_he_or_here_after_the_users_own_question_is_what_it_named(
        said: Callable[[str], list[str]]) -> None:
    got = said("What's the best brush for a samoyed that sheds like crazy? "
               "She's our family dog, Mochi.")
    assert any("samoyed" in c and "Mochi" in c for c in got)
    got = said("Any decent bakeries near Harrogate? We just moved here from York.")
    assert "User lives in Harrogate" in got
    got = said("what crate size for a beagle puppy? we bring him home on friday")
    assert any("beagle puppy" in c for c in got)


def test_a_question_that_names_nothing_leaves_here_alone(
        said: Callable[[str], list[str]]) -> None:
    got = said("how do people survive the winters? I moved here from Texas")
    assert not any("lives in" in c for c in got)
    got = said("is a dog ok with grapes? he's my neighbour's, not mine")
    assert not any("User's" in c and "dog" in c for c in got)


def test_a_like_and_a_not_much_in_one_korean_sentence(said: Callable[[str], list[str]]) -> None:
    got = said("영화 골라 줘. 난 K-pop 다큐 좋아하고 호러는 별로")
    assert "사용자는 호러를 싫어함" in got
    assert any("K-pop 다큐" in c and "좋아" in c for c in got)


def test_not_much_about_the_moment_is_no_dislike(said: Callable[[str], list[str]]) -> None:
    for text in ("오늘 날씨는 별로", "이번 신메뉴는 별로"):
        assert not any("싫어" in c for c in said(text)), text


def test_a_base_out_of_a_city_is_home_and_a_move_at_work_is_not(
        said: Callable[[str], list[str]]) -> None:
    assert "User lives in Tucson" in said("I'm based out of Tucson these days")
    got = said("I moved over to the payments team in March")
    assert not any("lives in" in c for c in got)
    assert not any("lives in" in c for c in said("we just moved to the overnight shift"))
