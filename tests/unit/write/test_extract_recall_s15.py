"""Recall by structure, session 15 (issue 16): facts said in passing that nothing stored.
A health fact given as the reason of a Korean question or request (an allergy said with a
copula, "처방받았는데요", a medicine named after the word for its kind, a diagnosis heard at
a clinic "…이래"), in English an allergy before "so can you …" and "I got prescribed X"; a
Korean standing request whose condition is a verb ending in ㄹ before 때 ("짤 때"), a
trailing "항상", or "이제부터 … 얘기하면"; the make said after "my <thing>" stored once.
Sentences written for this file (not copied from a labelled file), with look-alikes that
must store nothing."""

from __future__ import annotations

from typing import Any


def test_a_korean_allergy_given_as_a_reason(chat_extract: Any) -> None:
    got = chat_extract.user_says("복숭아 알러지라서 디저트는 빼고 코스 짜줄래?")
    assert "사용자는 복숭아 알레르기가 있음" in got, got
    got = chat_extract.user_says("저 견과류 알레르기 때문에 그러는데 이 과자 먹어도 돼요?")
    assert any("견과류 알레르기" in c for c in got), got
    # someone else's allergy stays theirs
    got = chat_extract.user_says("딸이 우유 알러지라서 케이크 뭐 사야 돼?")
    assert "사용자는 우유 알레르기가 있음" not in got, got


def test_a_korean_medicine_prescribed_or_named_by_its_kind(chat_extract: Any) -> None:
    got = chat_extract.user_says("피부과에서 이소티논 10mg 처방받았는데요, 술 마셔도 되나요?")
    assert any("이소티논" in c for c in got), got
    got = chat_extract.user_says("당뇨약 메트포르민 먹는데 공복에 운동해도 돼?")
    assert any("메트포르민" in c for c in got), got
    # glasses are prescribed too; a relative's medicine is theirs
    for text in ["안경 새로 처방받았어 ㅎㅎ", "아빠가 혈압약 노바스크 드시는데 자몽 괜찮아?"]:
        assert not any("복용 중" in c for c in chat_extract.user_says(text)), text


def test_a_korean_diagnosis_heard_at_a_clinic(chat_extract: Any) -> None:
    got = chat_extract.user_says("어제 정형외과 갔는데 족저근막염이래요 ㅠ")
    assert "사용자는 족저근막염 진단을 받음" in got, got
    # hearsay with no clinic is no diagnosis; a relative's is theirs
    for text in ["걔 완전 관종이래", "엄마가 병원 갔는데 위염이래"]:
        assert not any("진단을 받음" in c and c.startswith("사용자는") for c in
                       chat_extract.user_says(text)), text


def test_an_english_allergy_before_a_request_and_a_prescription(chat_extract: Any) -> None:
    assert "User is allergic to penicillin" in chat_extract.user_says(
        "I'm allergic to penicillin so can you check this leaflet")
    assert "User takes sertraline (prescribed)" in chat_extract.user_says(
        "I got prescribed sertraline last week, is it ok with coffee?")
    assert not any("prescribed" in c for c in chat_extract.user_says(
        "I was prescribed glasses when I was ten"))


def test_a_korean_standing_request_by_its_condition(chat_extract: Any) -> None:
    for text in ["식단 짤 때 오이는 빼줘", "요약해줄 때 세 줄로 써줘 항상",
                 "이제부터 제가 여행 얘기하면 숙소는 게스트하우스 위주로 찾아 주세요"]:
        got = chat_extract.user_says(text)
        assert any(c.startswith("사용자 요청:") for c in got), (text, got)
    # the task at hand
    for text in ["이번 여행 일정 짤 때 박물관은 빼줘", "오늘 저녁 메뉴 짤 때 국물은 빼줘"]:
        got = chat_extract.user_says(text)
        assert not any(c.startswith("사용자 요청:") for c in got), (text, got)


def test_the_make_after_my_thing_is_said_once(chat_extract: Any) -> None:
    got = chat_extract.user_says("I love my kayak. it's a £900 Perception")
    assert sum("Perception" in c for c in got) == 1, got
    assert "User has a £900 Perception kayak" in got, got
    got = chat_extract.user_says("my cousin wants to borrow my banjo. it's a 1972 Gibson")
    assert sum("Gibson" in c for c in got) == 1, got
    # with no "my <thing>" the fragment goes with the memory before it
    got = chat_extract.user_says("I finally bought a kayak. it's a Perception")
    assert sum("Perception" in c for c in got) == 1 and any("kayak" in c and "Perception" in c
                                                             for c in got), got


def test_a_work_named_by_its_title(chat_extract: Any) -> None:
    got = chat_extract.user_says("요즘 쓰는 시나리오 제목이 '겨울 항구'예요. 배경은 1970년대 목포고요")
    assert any("겨울 항구" in c for c in got), got
    got = chat_extract.user_says("동아리 게임 Godot로 만드는 중. 퍼즐 게임이고 제목은 '달팽이 우체국'. 버그가 많아")
    assert any("달팽이 우체국" in c and "Godot" in c for c in got), got
    # a title of something only watched or read is no work of the user's
    for text in ["그 영화 제목은 '기생충'이야. 진짜 재밌더라", "어제 읽은 책 제목이 '채식주의자'였어"]:
        assert not any("기생충" in c or "채식주의자" in c for c in chat_extract.user_says(text)), text


def test_a_purchase_that_lasts(chat_extract: Any) -> None:
    assert "User bought a new kayak" in chat_extract.user_says("I just got a new kayak.")
    got = chat_extract.user_says("finally bought a rowing machine. A Concept2 Model D")
    assert any("rowing machine" in c and "Concept2" in c for c in got), got
    got = chat_extract.user_says("중고 스쿠터 샀어 ㅋㅋ 베스파 프리마베라")
    assert any("스쿠터" in c and "베스파" in c for c in got), got
    # an errand, a job, a gift for someone else
    for text in ["I bought a sandwich", "I got a new job at the bakery", "우유 샀어",
                 "아빠 새 시계 사드렸어"]:
        assert not any(c.startswith(("User bought", "사용자는")) and "샀다" in c or
                       c.startswith("User bought") for c in chat_extract.user_says(text)), text


def test_the_only_thing_the_user_wears_watches_or_hears(chat_extract: Any) -> None:
    got = chat_extract.user_says("난 흰 셔츠만 입음 ㅋㅋ 바지 추천좀")
    assert "사용자는 흰 셔츠만 입는다" in got, got
    assert "사용자는 다큐만 본다" in chat_extract.user_says("난 드라마는 별로고 다큐만 봐")
    # the moment, or someone else's
    for text in ["오늘은 라디오만 들어", "엄마는 트로트만 들어"]:
        assert not any(c.startswith("사용자는") and "만" in c for c in chat_extract.user_says(text)), text
