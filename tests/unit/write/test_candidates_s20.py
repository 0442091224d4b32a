"""Facts that never became a candidate, session 20 (issue 16), from new-user trials:

- a short answer to the assistant's question glued to a statement ("4, we have two teenagers")
  is said apart: the answer is judged as an answer, the statement as the user's;
- a job left keeps where it was and what it was left for ("I quit my job at Amazon last month
  to start my own bakery" had been "User left their job");
- an experience with the user's verdict on it is a taste ("tried sushi for the first time,
  hated it", "finished my 15th book this year, Piranesi, loved it" stored nothing);
- a household said by its count is lasting ("I have two kids" was vetoed by the judge, "yes, I
  have two kids" after "Do you have kids?" too);
- a Korean clause joined by "-고" is two clauses for the user's own-clause path.

Sentences written for this file (not copied from a labelled file), with look-alikes."""

from __future__ import annotations

from typing import Any

import pytest

from gieok.write.extract import answer_apart, lasting, own_clauses


def test_an_answer_glued_to_a_statement_is_said_apart(chat_extract: Any) -> None:
    got = chat_extract.chat("a: How many people are you cooking for?",
                            "u: 4, we have two teenagers")
    assert ("User has two teenagers", False) in got, got
    assert not any(c.startswith("4") for c, _ in got), got
    got = chat_extract.chat("a: How many days is the hike?", "u: 4 days, and I have a bad left knee")
    assert any(c == "User has a bad left knee" for c, _ in got), got


@pytest.mark.parametrize("sentence,asked,parts", [
    ("4, we have two teenagers", "How many people?", ["4", "we have two teenagers"]),
    ("4 days, and I have a bad left knee", "How long?", ["4 days", "I have a bad left knee"]),
    ("4명, 우리 애들이 둘이라", "몇 명이에요?", ["4명", "우리 애들이 둘이라"]),
    # a yes or a no is no answer of its own; a hedge is no statement; no question, no answer
    ("yes, I have two kids", "Do you have kids?", ["yes, I have two kids"]),
    ("no, I'm vegan", "Do you eat fish?", ["no, I'm vegan"]),
    ("Tuesday, I think", "When is it?", ["Tuesday, I think"]),
    ("4, we have two teenagers", None, ["4, we have two teenagers"]),
    ("my sister, she lives in Leeds", "Who is coming?", ["my sister, she lives in Leeds"]),
    ("Honestly, I hate running", "Any sports?", ["Honestly, I hate running"]),
])
def test_answer_apart(sentence: str, asked: str | None, parts: list[str]) -> None:
    assert answer_apart.apart(sentence, asked) == parts


@pytest.mark.parametrize("sentence,content", [
    ("I quit my job at Amazon last month to start my own bakery",
     "User left their job at Amazon to start their own bakery"),
    ("I just quit my job at Deloitte, to go back to school",
     "User left their job at Deloitte to go back to school"),
    ("I quit my job to take care of my mom", "User left their job to take care of their mom"),
    ("I quit my job at a startup to freelance", "User left their job at a startup to freelance"),
    ("I quit my job because my boss was awful", "User left their job"),
    ("I left my job yesterday and I feel great", "User left their job"),
])
def test_a_job_left_keeps_where_and_what_for(chat_extract: Any, sentence: str,
                                             content: str) -> None:
    got = chat_extract.chat(f"u: {sentence}")
    assert any(c == content for c, _ in got), got


@pytest.mark.parametrize("sentence,content", [
    ("tried sushi for the first time, hated it", "User tried sushi for the first time and hated it"),
    ("finished my 15th book this year, Piranesi, loved it",
     "User finished their 15th book this year (Piranesi) and loved it"),
    ("we went to Lisbon last month and loved it", "User went to Lisbon and loved it"),
    ("watched Dune 2 last night and honestly loved it", "User watched Dune 2 and loved it"),
])
def test_an_experience_with_a_verdict_is_a_taste(chat_extract: Any, sentence: str,
                                                 content: str) -> None:
    got = chat_extract.chat(f"u: {sentence}")
    assert any(c == content for c, _ in got), got


@pytest.mark.parametrize("sentence", [
    "read it, loved it",  # names nothing
    "I tried that, didnt like it",
    "went to the dentist, hated it",  # an errand, not a taste
    "tried the recipe you gave me, loved it",  # feedback on the assistant's suggestion
    "went to the party, loved it",
])
def test_no_taste_without_a_thing_named(chat_extract: Any, sentence: str) -> None:
    got = chat_extract.chat(f"u: {sentence}")
    assert not any("and loved it" in c or "and hated it" in c or "like it" in c
                   for c, _ in got), got


@pytest.mark.parametrize("sentence", [
    "I have two kids", "we have three cats and a dog", "yes, I have two kids",
    "I have a son named Leo",
])
def test_a_household_by_its_count_is_lasting(sentence: str) -> None:
    assert lasting.lasting(sentence)


@pytest.mark.parametrize("sentence", [
    "I have a dog walker coming at 3", "I have two kids' birthday parties this weekend",
])
def test_not_a_household(sentence: str) -> None:
    assert not lasting.lasting(sentence)


def test_two_kids_stored(chat_extract: Any) -> None:
    got = chat_extract.chat("a: Do you have kids?", "u: yes, I have two kids")
    assert any(c == "User has two kids" for c, _ in got), got


def test_korean_clauses_cut_at_go() -> None:
    def half(clause: str) -> float:  # the judge keeps the user's own job, not the husband's
        return 0.9 if clause.startswith("나는") else 0.1

    assert own_clauses.kept("남편은 교사고 나는 간호사야", half, 0.6) == ["나는 간호사야"]
    # the whole clause kept: not cut
    assert own_clauses.kept("남편은 교사고 나는 간호사야", always, 0.6) == [
        "남편은 교사고 나는 간호사야"]
    # "-고" before an auxiliary is one predicate
    assert own_clauses.kept("혈압약 먹고 있어", half, 0.6, whole=False) == []
    assert own_clauses._ko_and("강아지 키우고 싶어") == ["강아지 키우고 싶어"]
    assert own_clauses._ko_and("밥 먹고 나서 산책해") == ["밥 먹고 나서 산책해"]


def always(_: str) -> float:
    return 0.99


def test_a_questions_halves_are_no_statements() -> None:
    # "…모시고 가도 될까요?": the question's first half alone reads as a plan
    assert own_clauses.kept("이번 겨울에 제주 여행 모시고 가도 될까요", always, 0.6, whole=False) == []


def test_never_again_is_a_taste(chat_extract: Any) -> None:
    got = chat_extract.chat("u: I tried the new ramen place on 5th yesterday, never again. "
                            "way too salty")
    assert any(c == "User tried the new ramen place on 5th: never again" for c, _ in got), got
    assert chat_extract.chat("u: I went there once, never again") == []
