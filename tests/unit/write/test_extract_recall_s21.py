"""Recall by structure, session 21 (issue 16).

- what the user lacks or abstains from, said as a plain negation (``absent``): "자식은 없어",
  "운전면허 없어", "오후 2시 이후엔 caffeine 안 마셔", "no kids, just two cats", "I don't have a
  car", "I don't smoke".

Sentences written for this file (not copied from a labelled file), with look-alikes that must
store nothing of the kind."""

from __future__ import annotations

from typing import Any


def _said(chat_extract: Any, *texts: str) -> list[str]:
    return chat_extract.contents(*[("user", t) for t in texts])


def _chat(chat_extract: Any, *lines: str) -> list[str]:
    return [c for c, _ in chat_extract.chat(*lines)]


def _cands(chat_extract: Any, text: str) -> list[Any]:
    return list(chat_extract.candidates(("user", text)))


# -- absences: what the user does not have or take ---------------------------------------------

def test_a_lasting_absence_in_korean_is_stored_as_the_negative_fact(chat_extract: Any) -> None:
    cases = {"자식은 없어 ㅋㅋ 조카만 둘": "사용자는 자식이 없다",
             "형제는 없어 외동이야": "사용자는 형제가 없다",
             "운전면허 없어 ㅠ": "사용자는 운전면허가 없다",
             "근데 자차는 없어": "사용자는 자차가 없다"}
    for text, want in cases.items():
        assert want in _said(chat_extract, text), (text, _said(chat_extract, text))
    # (a relative's word the resolver reads as the user's child was stored already, in its words)
    for text, noun in [("자녀는 없어요 ㅎㅎ", "자녀"), ("자식은 없어요 ㅎㅎ 대신 강아지 두 마리", "자식")]:
        got = _said(chat_extract, text)
        assert any(noun in c and "없다" in c for c in got), got


def test_what_the_user_abstains_from_keeps_when(chat_extract: Any) -> None:
    got = _said(chat_extract, "아침엔 라떼 한 잔 마시고, 저녁 6시 이후엔 커피 안 마셔요")
    assert "사용자는 저녁 6시 이후엔 커피 안 마신다" in got, got
    assert any(c == "사용자는 담배 안 피운다" for c in _said(chat_extract, "나 담배 안 펴")), \
        _said(chat_extract, "나 담배 안 펴")


def test_a_relatives_abstinence_is_theirs(chat_extract: Any) -> None:
    got = _said(chat_extract, "아내는 술 전혀 안 마셔")
    assert not any(c.startswith("사용자는") and "술" in c for c in got), got


def test_an_absence_in_english_is_stored(chat_extract: Any) -> None:
    assert "User has no kids" in _said(chat_extract, "no kids, just a very spoiled beagle")
    assert "User has no siblings" in _said(chat_extract, "I don't have siblings lol")
    got = _said(chat_extract, "we don't have a car so it's buses")
    assert any(c.startswith("User doesn't have a car") for c in got), got
    assert "User doesn't drive" in _said(chat_extract, "I don't drive lol")


def test_a_passing_conditional_or_asked_negation_is_no_absence(chat_extract: Any) -> None:
    for text in ["오늘은 술 안 마실래", "오늘은 커피 안 마셔", "어제 술 안 마셨어",
                 "차 없으면 여행 힘들까?", "아이는 없어?", "운전면허 없어도 렌트 돼?",
                 "시간이 없어 진짜", "남편 차가 없어서 내 차 빌려줬어", "친구가 담배 안 펴",
                 "애들 없을 때 청소해야지", "술 안 마시면 뭐 하고 놀아?"]:
        got = _said(chat_extract, text)
        assert not any(("없다" in c or "안 마신다" in c or "안 피운다" in c) and c.startswith("사용자는")
                       for c in got), (text, got)
    for text in ["if I didn't have kids I'd travel way more", "do you not have kids?",
                 "my sister doesn't have kids", "I don't have a car seat for the baby yet",
                 "no kids allowed at the venue", "I don't have time for this",
                 "I wish I didn't smoke"]:
        got = _said(chat_extract, text)
        assert not any(c in ("User has no kids", "User doesn't have a car", "User doesn't smoke")
                       for c in got), (text, got)


# -- a taste said with how long it has held ------------------------------------------------------

def test_how_long_a_taste_has_held_is_no_part_of_the_thing(chat_extract: Any) -> None:
    assert "사용자는 김광석을 좋아함" in _said(chat_extract, "김광석은 원래 좋아해")
    assert "사용자는 오이를 싫어함" in _said(chat_extract, "오이는 어릴 때부터 싫어했어") \
        or "사용자는 오이를 싫어함" in _said(chat_extract, "오이는 원래 싫어해")
    for text in ["원래 좋아해", "항상 좋아해요", "원래 싫어해"]:
        got = _said(chat_extract, text)
        assert not any(w in c for c in got for w in ("원래를", "항상을")), (text, got)
