"""Recall on text the extractor was not tuned on (issue 16, session 7): facts said by their
structure rather than a phrasing the rules had seen — a home said through the dwelling or a
season lived there, a subject chat leaves out inside a question, a relative or pet named in
apposition inside a clause that is itself dropped, a name given later ("걔 이름이 …"), a
negated clause joined to the one that holds ("… 안 살고 … 살아"), what the user is in the
middle of making ("…를 만드는 중"), a request to remember asked as a question. Sentences
written fresh for this file; each "kept" assertion failed on the code before (main 96c819a),
each "stays out" assertion guards a noise look-alike."""

from __future__ import annotations

from collections.abc import Callable

# ``said`` / ``asked``: shared fixtures (tests/conftest.py over tests/support/chat_extract.py)


def test_a_home_said_through_the_dwelling_or_a_season_there_is_the_residence(
        said: Callable[[str], list[str]]) -> None:
    assert "User lives in Tacoma" in said(
        "first winter in Tacoma and the rain is no joke, how do people deal")
    got = said("renting a one bedroom apartment in Leeds at the moment, is a dehumidifier worth it")
    assert any("Leeds" in c for c in got)
    got = said("so I'm back at my grandma's house in Tulsa for now")
    assert any("Tulsa" in c and "their grandma's house" in c for c in got)
    assert "User lives in Porto" in said(
        "been living in Porto for three years now, still can't order coffee right lol")


def test_a_season_or_stay_somewhere_else_is_no_home(said: Callable[[str], list[str]]) -> None:
    assert not any("lives" in c for c in said("first winter in college was rough honestly"))
    assert not any("lives" in c for c in said("my first week in Tokyo was amazing"))
    assert said("what's the best area to rent an apartment in Berlin?") == []


def test_a_subject_chat_leaves_out_inside_a_question_is_the_speakers(
        said: Callable[[str], list[str]]) -> None:
    got = said("just moved to Halifax for work, where do locals go for seafood?")
    assert "User lives in Halifax" in got  # was nothing: the whole sentence is a question
    got = said("my husband's a firefighter so he sleeps days, any quiet chore ideas?")
    assert any("husband is a firefighter" in c for c in got)


def test_a_relative_or_pet_named_inside_a_dropped_clause_is_still_named(
        said: Callable[[str], list[str]]) -> None:
    got = said("our son Felix keeps asking why the moon follows the car, how do I explain it")
    assert any("son" in c and "Felix" in c for c in got)  # was nothing
    got = said("how much should I feed her, my kitten Biscuit won't stop meowing at 5am")
    assert any("Biscuit" in c for c in got)


def test_a_name_given_later_names_the_pet_or_relative_talked_about(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "우리 hamster 한 마리가 요즘 밥을 잘 안 먹어요 ㅠ 괜찮을까요?"),
                ("assistant", "걱정되시겠어요. 혹시 다른 증상은 없나요?"),
                ("user", "ㅇㅇ 이름이 Pudding이야. 케이지 바닥재 바꿔야 하나"))
    assert any("hamster" in c and "Pudding" in c for c in got)
    got = asked(("user", "어제 둘째가 초등학교 입학식이었어 ㅋㅋ"),
                ("assistant", "축하드려요! 입학식은 어떠셨어요?"),
                ("user", "엄청 떨었지 뭐 ㅋㅋ 걔 이름이 하람인데 엄마 손을 안 놓으려고 해서"))
    assert any("둘째" in c and "하람" in c for c in got)  # was nothing: read as a mood reply


def test_a_name_that_is_not_one_stays_out(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "우리 강아지가 요즘 산책을 싫어해요"),
                ("assistant", "그럴 때가 있죠. 이름이 뭐예요?"),
                ("user", "이름이 좀 특이해요 ㅋㅋ 나중에 알려드릴게요"))
    assert not any("특이" in c for c in got)


def test_a_negated_clause_joined_to_the_one_that_holds(said: Callable[[str], list[str]]) -> None:
    got = said("참고로 저는 일산 안 살고 파주 살아요 ㅎㅎ")
    assert any("파주" in c for c in got) and not any("일산" in c for c in got)


def test_a_negation_alone_or_a_question_after_it_stays_out(
        said: Callable[[str], list[str]]) -> None:
    assert said("오늘은 헬스 안 가고 내일 갈까?") == []
    assert not any("살" in c for c in said("나 이제 분당 안 살아"))


def test_a_reason_that_is_a_moment_or_someone_elses_words_stays_out(
        said: Callable[[str], list[str]]) -> None:
    assert said("길이 너무 막혀서 늦을 것 같다고 문자 좀 써줘") == []
    assert said("팀장님이 급하다고 해서 보고서 요약 좀 해줘") == []


def test_what_the_user_is_in_the_middle_of_making_is_a_project(
        said: Callable[[str], list[str]]) -> None:
    got = said("교양 과목 생활통계 수업 자료를 만드는 중이에요. 교재는 Freedman 통계학을 써요")
    assert any("생활통계" in c and "Freedman" in c for c in got)  # one memory, details on it
    got = said("동네 빵집 인스타 계정 운영하는데 이번 주 게시물 문구 좀 써줘")
    assert any("인스타 계정" in c and "운영" in c for c in got)  # was nothing: a request


def test_a_moment_or_someone_elses_undertaking_is_no_project(
        said: Callable[[str], list[str]]) -> None:
    assert not any("project" in c for c in said("지금 저녁 준비 중이라 이따 얘기해"))
    from gieok.write.extract.undertaking import undertaking
    assert undertaking("지금 저녁 준비 중이라 이따 얘기해") is None
    assert undertaking("친구가 앱 개발 중이래") is None
    assert undertaking("앱 개발 중이세요?") is None
    assert undertaking("우리 카페 리브랜딩 작업 중인데 색 좀 골라줘") == "사용자의 카페 리브랜딩 작업 중이다"


def test_a_request_to_remember_asked_as_a_question_covers_the_turn(
        said: Callable[[str], list[str]]) -> None:
    got = said("For the Okafor account: they want every file as PDF/X-1a and the margins never "
               "under 5mm wide. Can you remember that for the project?")
    assert any("Okafor" in c and "PDF/X-1a" in c and "5mm" in c for c in got)  # was nothing
    assert said("can you remember things between chats?") == []


def test_a_reason_clause_that_is_a_step_or_a_postposition_is_not_cut_out(
        said: Callable[[str], list[str]]) -> None:
    assert not any(c.endswith("포함한다") for c in said("친구들이 저 포함해서 다섯이고 다들 늦게 와요"))
    got = said("아침 6시에 일어나서 강아지 산책 시키고 7시에 출근하는 게 내 일과인데, 요즘 너무 피곤해")
    assert not any(c.endswith("일어난다") for c in got)
