"""Recall on text the extractor was not tuned on (issue 16, session 8): a quoted name or
term used inside the user's own sentence is part of it, not someone else's words ("the
band is named \"Paper Lanterns\"", "제목은 \"겨울 정거장\"", "\"e-book\"은 … \"전자책\"으로");
a quoted utterance handed over to translate or explain stays out. A relative said bare
before a noun ("아버님 칠순 선물") is the user's, and the honoured subject of what follows;
"my mom" as an object ("I visit my mom every Sunday") is the "she" that follows; a product
said by brand or model ("just got a Sony A7 IV") is owned, not an incident of the day; "I only
eat …" and "저는 X보다 Y하는 게 좋더라고요" are preferences; "싱글맘" is not "미혼".
Sentences written fresh
for this file; each "kept" assertion failed on the code before (main 8505429), each "stays
out" assertion guards a noise look-alike."""

from __future__ import annotations

from collections.abc import Callable

# ``said`` / ``asked``: shared fixtures (tests/conftest.py over tests/support/chat_extract.py)


def test_a_quoted_name_or_title_stays_in_the_sentence(said: Callable[[str], list[str]]) -> None:
    got = said('my band is named "Paper Lanterns", we play covers on Fridays')
    assert any("Paper Lanterns" in c for c in got)
    got = said('나 요즘 단편소설 쓰는 중인데 제목은 "겨울 정거장"')
    assert any("겨울 정거장" in c for c in got)
    assert not any(c.rstrip(". ").endswith("제목은") for c in got)


def test_a_quoted_term_before_a_particle_stays_in_the_sentence(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "출판사 전자책 교정 작업 중이야"), ("assistant", "네, 어떤 걸 도와드릴까요?"),
                ("user", '편집자가 "e-book"은 무조건 "전자책"으로 쓰래. 마감은 다음 주 금요일'))
    assert any("e-book" in c and "전자책으로" in c for c in got)
    assert not any("은 무조건 " in c and "e-book" not in c for c in got)


def test_a_quoted_utterance_to_translate_or_explain_stays_out(
        said: Callable[[str], list[str]]) -> None:
    assert said('translate "my brother lives in Toronto" into French') == []
    assert said('"저는 부산에 살아요"를 영어로 바꿔줘') == []
    assert said('"hello"를 일본어로 뭐라고 해?') == []
    assert said('what does "break a leg" mean') == []


def test_a_relative_said_bare_before_a_noun_is_the_honoured_subject_after(
        asked: Callable[..., list[str]], said: Callable[[str], list[str]]) -> None:
    got = asked(("user", "아버님 칠순 선물 고민 중이에요"), ("assistant", "어떤 걸 좋아하세요?"),
                ("user", "등산 좋아하시고 요즘 허리가 안 좋으세요"))
    assert any(c.startswith("사용자의 아버님") and "허리" in c for c in got)
    assert not any(c.startswith("사용자는 등산") for c in got)
    assert "사용자의 외할머니는 여든 되신다" in said("외할머니 팔순 잔치 준비해. 외할머니 여든 되셔")


def test_a_relative_as_the_object_is_who_she_is_later(said: Callable[[str], list[str]]) -> None:
    got = said("I visit my mom every Sunday, she lives in a nursing home. any gift ideas? "
               "she has dementia")
    assert "User's mom has dementia" in got


def test_a_product_said_by_its_brand_is_owned(said: Callable[[str], list[str]]) -> None:
    got = said("I just got a Sony A7 IV, which lens should I buy first?")
    assert any("Sony A7 IV" in c for c in got)


def test_what_the_user_only_takes_or_likes_by_experience_is_a_preference(
        said: Callable[[str], list[str]]) -> None:
    assert "User only eats gluten-free bread" in said(
        "can you suggest a breakfast, I only eat gluten-free bread")
    assert any("국수 끓이는 걸 선호" in c for c in said("저는 라면보다 국수 끓이는 게 좋더라고요"))
    assert said("이 카페 생각보다 좋더라고요") == []
    assert said("신라면도 맵더라고요") == []


def test_a_single_parent_is_said_as_such(said: Callable[[str], list[str]]) -> None:
    got = said("싱글맘이라 주말이 제일 바빠요")
    assert any("싱글맘" in c for c in got)
    assert not any("미혼" in c for c in got)


def test_a_question_left_without_its_mark_does_not_hide_the_statement_before_it(
        said: Callable[[str], list[str]]) -> None:
    assert any("hospital" in c for c in said(
        "I work nights at a hospital, any tips for sleeping during the day"))
    assert any("rabbit" in c for c in said("my rabbit keeps chewing the cables, how do I stop him"))


def test_what_follows_a_relative_named_in_a_request_is_about_them(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "조카 입학 선물 추천해 주세요. 8살 여자애예요"),
                ("assistant", "어떤 걸 좋아하나요?"), ("user", "그림 그리는 걸 좋아해요. 이름은 Mia고요"))
    assert any(c.startswith("사용자의 조카") and "8살" in c for c in got)
    assert any(c.startswith("사용자의 조카") and "Mia" in c for c in got)
    assert not any(c.startswith("사용자는 8살") or c.startswith("사용자는 이름은") for c in got)
