"""Recall by structure, session 17 (issue 16): a relative's news told as hearsay.
"동생 민재는 이번에 세종시로 발령 났대" and "my brother says he's moving to Leeds" stored
nothing — reported speech is someone else's words — while the same news said plainly was kept.
A relative's job, home or life event is the user's family fact; a friend's, a colleague's or a
neighbour's is not. Sentences written for this file (not copied from a labelled file), with
look-alikes that must store nothing."""

from __future__ import annotations

from typing import Any


def _slots(chat_extract: Any, text: str) -> list[str | None]:
    return [c.slot for c in chat_extract.candidates(("user", text))]


def test_a_relatives_news_told_as_hearsay_is_their_fact_korean(chat_extract: Any) -> None:
    got = chat_extract.user_says("동생 민재는 이번에 세종시로 발령 났대")
    assert got == ["사용자의 동생 민재는 이번에 세종시로 발령 났다"], got
    got = chat_extract.user_says("우리 오빠 이번에 부산으로 이사 간대")
    assert any("오빠" in c and "부산" in c and c.endswith("간다") for c in got), got
    got = chat_extract.user_says("누나가 임신했대!")
    assert any("누나" in c and "임신했다" in c for c in got), got
    # Kiwi reads "했대요 ㅎㅎ" as -다고 하-: the news is the clause before what follows
    got = chat_extract.user_says("형이 이번에 광주 기아 공장에 입사했대요 ㅎㅎ 축하 선물 추천 좀")
    assert any("형" in c and "기아" in c and "입사했다" in c for c in got), got
    # a job and a home have one value per relative: later news of the kind replaces it
    assert "kin_job:동생" in _slots(chat_extract, "동생이 이번에 대전으로 발령 났대")
    assert "kin_home:오빠" in _slots(chat_extract, "오빠가 제주도로 이사 간대요")


def test_a_relatives_news_told_as_hearsay_is_their_fact_english(chat_extract: Any) -> None:
    assert chat_extract.user_says("my brother says he's moving to Leeds") == \
        ["User's brother is moving to Leeds"]
    got = chat_extract.user_says("my sister told me she got the job at the Met Office!")
    assert any(c.startswith("User's sister got the job at the Met Office") for c in got), got
    got = chat_extract.user_says("our son Theo says he's joining the navy after college")
    assert any("User's son Theo is joining the navy" in c for c in got), got
    assert "kin_home:mum" in _slots(chat_extract, "my mum says she's moving back to Cork")


def test_hearsay_that_is_no_relatives_news_stores_nothing(chat_extract: Any) -> None:
    for text in [
        # a friend's, a neighbour's, a colleague's, an acquaintance's news
        "친구가 이번에 세종시로 발령 났대", "옆집 아저씨가 이사 간대", "아는 동생이 이번에 삼성 입사했대",
        "팀장님 딸이 이번에 의대 붙었대요", "my friend says he's moving to Leeds",
        "my coworker told me she's pregnant", "my roommate says she's moving out",
        # a relative's words about the user, a maybe, no news at all
        "엄마가 나 이사 가래", "엄마가 김치 보내준대", "my mum says I should move to Leeds",
        "my brother says he might move to Leeds", "my dad says he's proud of me",
    ]:
        assert chat_extract.user_says(text) == [], text


def test_a_quoted_name_after_a_work_noun_stays_in_the_memory(chat_extract: Any) -> None:
    got = chat_extract.user_says("우리 앱이 'moaplan'인데 React Native + Supabase야. 푸시 알림 설정법?")
    assert any("moaplan" in c and "Supabase" in c for c in got), got
    got = chat_extract.user_says("our repo is \"quill-notes\", it's a Rust CLI we ship to clients")
    assert any("quill-notes" in c and "Rust" in c for c in got), got
    # a quoted message handed over for a task is still not the user's sentence
    assert chat_extract.user_says("translate \"I have two brothers\" into Spanish") == []


def test_who_the_user_is_then_where_they_live_is_the_residence(chat_extract: Any) -> None:
    got = chat_extract.candidates(("user", "I'm a Canadian nurse living in Busan, is the "
                                           "subway busy at 7am?"))
    assert [(c.content, c.slot) for c in got] == \
        [("User is a Canadian nurse living in Busan", "residence")], got
    got = chat_extract.candidates(("user", "이번 주말에 뭐 하지? 우리 동네가 전남 구례 쪽인데 "
                                           "근처로"))
    assert [(c.content, c.slot) for c in got] == [("사용자는 전남 구례에 거주", "residence")], got
    # a place said before a question is cut where the question starts
    assert chat_extract.user_says("I live in Tromsø, do you know when the northern lights peak") \
        == ["User lives in Tromsø"]
    # a description, a relative's neighbourhood, "living in denial": no residence
    for text in ["우리 동네는 조용한 편이야", "I'm a bit living in denial about the exam"]:
        assert not any(c.slot == "residence"
                       for c in chat_extract.candidates(("user", text))), text


def test_the_users_thing_by_its_make_inside_a_question(chat_extract: Any) -> None:
    got = chat_extract.user_says("what's a decent chain for a cargo bike, mine's a Tern GSD and "
                              "it sits outside the flat")
    assert any("User has a Tern GSD" in c for c in got), got
    got = chat_extract.user_says("내 iPad Pro 펜슬이 자꾸 끊기는데 왜 그래?")
    assert any("iPad Pro" in c and c.startswith("사용자는") for c in got), got
    for text in ["내 MBTI가 INFP인데 맞는 직업 추천해줘",
                 "내 Spotify 계정이 해킹당한 것 같은데 어떻게 해?",
                 "which tent for wild camping, mine's a bit old"]:
        assert not any("쓴다" in c or "User has" in c for c in chat_extract.user_says(text)), text


def test_a_standing_request_keeps_when_it_holds_and_what_goes_on_from_it(
        chat_extract: Any) -> None:
    # the condition said before "항상" is part of the rule (not "항상 영어로 설명할 것")
    got = chat_extract.user_says("수학 문제 풀어줄 때는 항상 영어로 설명해줘")
    assert any("풀어줄 때는 항상 영어로" in c for c in got), got
    # a verbless second request after a standing one goes on from it
    got = chat_extract.user_says("앞으로 나한테 답할 때 존댓말 쓰지 마. 그리고 길게 말고 표로")
    assert any(c.startswith("사용자 요청:") and "표로" in c for c in got), got
    # what is ruled out of a class of later answers, said with "nothing that/with"
    got = chat_extract.user_says("when you suggest dinners, nothing with coriander please")
    assert any(c.startswith("Standing instruction") and "coriander" in c for c in got), got
    for text in ["when you have time, nothing urgent, can you look at my essay",
                 "그리고 내일은 부산으로"]:
        assert not any("Standing" in c or "요청" in c for c in chat_extract.user_says(text)), text
