"""Whose fact a question asks for (read/persons.py): the user's own, or a person of theirs.
Sentences written for this test, English and Korean, several shapes each."""

from __future__ import annotations

import pytest

from gieok import AsyncMemory
from gieok.read.persons import (
    about_self,
    asked_persons,
    named_persons,
    other_share,
    person_shares,
)
from tests.support.sessions import play_sessions, top_contents

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("query", "persons"), [
    ("where does my husband work?", {"husband"}),
    ("what's my older sister's job?", {"sister"}),
    ("what does my 6 year old son like?", {"son", "child"}),
    ("남편 회사 어디야?", {"husband"}),
    ("우리 오빠 직장 어디였지?", {"brother"}),
    ("동생 어디 살아?", {"brother", "sister"}),
    ("엄마가 먹는 약 뭐였지?", {"mother"}),
    ("when is my parents' anniversary?", {"mother", "father"}),
])
def test_a_question_names_the_person_it_asks_about(query: str, persons: set[str]) -> None:
    assert asked_persons(query) == persons
    assert not about_self(query)


@pytest.mark.parametrize("query", [
    "where do I work?", "what medication am I on?", "what's my job?", "내가 먹는 약 뭐야?",
    "내 직장 어디야?", "약 뭐 먹고 있지?", "딸기 좋아해?", "형태가 어땠지?"])
def test_a_question_about_the_user(query: str) -> None:
    assert asked_persons(query) == frozenset()
    assert about_self(query)


@pytest.mark.parametrize("query", [
    "What did Caroline's mom say about the trip?", "When did Melanie go camping?"])
def test_a_question_about_neither_moves_nothing(query: str) -> None:
    """LoCoMo-style questions name people by name and speak in no person: nothing is read."""
    assert not about_self(query)
    assert person_shares({"a": "my husband works at a bank", "b": "User is a nurse"}, query,
                         person=0.6) == {}


@pytest.mark.parametrize("text", [
    "my husband thinks I should ask for a day shift",
    "User's brother works at a bank in Singapore",
    "and my little sister moved to Busan",
    "사용자의 아빠가 혈압약 드시는데 자꾸 까먹으신다",
    "남편은 맨체스터로 발령 났어",
    "우리 언니가 이번에 결혼해",
])
def test_a_text_about_another_person(text: str) -> None:
    assert other_share(text) == 1.0


@pytest.mark.parametrize("text", [
    "User is a night-shift nurse at St James's in Leeds",
    "my husband and I moved to Leeds last year",
    "I moved to Leeds with my husband",
    "딸기 먹었어", "형태가 좀 이상해", "사용자는 편두통 때문에 토피라메이트를 먹는다",
])
def test_a_text_about_the_user(text: str) -> None:
    assert other_share(text) == 0.0


def test_a_text_partly_about_another_person() -> None:
    share = other_share("요즘 회사 일 때문에 남편이 늦게 온다. I take levothyroxine every morning")
    assert 0.2 < share < 0.8


@pytest.mark.parametrize("text", [
    "my grandpa walks to the park every morning, rain or shine",
    "User's aunt runs a flower shop in Daegu, open since 1998",
    "my daughter plays the violin; she practises an hour a day",
    "우리 누나는 요즘 필라테스 다녀, 일주일에 세 번",
    "my mom's knee hurts again. she sees a physio on Fridays",
])
def test_a_clause_without_a_subject_goes_on_about_the_person(text: str) -> None:
    """"…, rain or shine", "she practises …": no subject of their own, so still the
    person's (counted clause by clause they lowered the share to about half)."""
    assert other_share(text) == 1.0


@pytest.mark.parametrize("text", [
    "my grandpa walks to the park every morning, and I go to the gym",
    "my daughter plays the violin. I play the piano",
    "우리 누나는 필라테스 다녀. 나는 요가 해",
    "my sister's birthday is in March, mine is in October",
])
def test_the_user_taking_over_the_subject(text: str) -> None:
    assert 0.2 < other_share(text) < 0.8


def test_a_person_is_the_same_person_in_either_language() -> None:
    assert named_persons("남편이 이번에 수원으로 옮겼어") == named_persons("my husband moved")
    assert "brother" in named_persons("우리 오빠 은행 다녀")
    assert named_persons("my boyfriend") == named_persons("남자친구가") == {"boyfriend"}
    assert "friend" not in named_persons("남자친구가 왔어")


def test_a_fiance_is_the_boyfriend_or_girlfriend_who_proposed() -> None:
    """"what's my fiancé's name?" asks about the person of "my boyfriend Arjun proposed last
    night! We're engaged!" (the lead's trial, session 19: that turn was fifth, under facts
    about other things); a husband or a friend is someone else."""
    contents = {"engaged": "Big news: my boyfriend Arjun proposed last night! We're engaged!",
                "name": "User's name is Priya", "husband": "my husband plays golf",
                "friend": "my friend Mina got engaged too"}
    assert person_shares(contents, "what's my fiancé's name?", person=0.5) == {
        "name": 0.5, "husband": 0.5, "friend": 0.5}
    assert person_shares(contents, "who is my 약혼자?", person=0.5) == {
        "name": 0.5, "husband": 0.5, "friend": 0.5}
    assert "boyfriend" in named_persons("my fiancée's parents are visiting")
    assert named_persons("my partner") == {"partner"}


def test_person_shares() -> None:
    contents = {"own": "User is a barista at Blue Bottle",
                "mom": "my mom takes metformin for her diabetes",
                "husband": "사용자의 남편은 맨체스터로 발령 났다"}
    assert person_shares(contents, "where do I work?", person=0.6) == {
        "mom": pytest.approx(0.6), "husband": pytest.approx(0.6)}
    assert person_shares(contents, "where does my husband work?", person=0.6) == {
        "own": 0.6, "mom": 0.6}
    # nobody named as asked: nothing moves
    assert person_shares(contents, "where does my sister work?", person=0.6) == {}
    assert person_shares(contents, "where do I work?", person=1.0) == {}


_SESSIONS = [
    ("2026-10-01", [("user", "I'm a dental hygienist at a clinic in Croydon"),
                    ("user", "my wife says work is eating my weekends")]),
    ("2026-10-09", [("user", "남편 말고, 우리 형이 이번에 부산으로 발령 났어"),
                    ("user", "my brother works as a train driver in Busan now")]),
    ("2026-10-20", [("user", "아빠가 혈압약을 또 바꾸셨어"),
                    ("user", "I take sumatriptan when a migraine starts")]),
]


@pytest.mark.slow
async def test_the_users_own_fact_before_another_persons(
    tmp_path, make_settings  # type: ignore[no-untyped-def]
) -> None:
    """Three sessions through add() and end_session(), the real model: the user's own job
    and pills before their wife's remark and their father's pills, the brother's job before
    the user's; with ``person_relevance=1`` the other person's turn comes first again."""
    real = make_settings(embedder="local:multilingual-e5-small")
    async with AsyncMemory(f"sqlite:///{tmp_path}/w.db", settings=real) as mem:
        await play_sessions(mem, "u", _SESSIONS)

        async def top(query: str, k: int = 3) -> list[str]:
            return await top_contents(mem, "u", query, k)

        found = await top("where do I work?")
        assert "hygienist" in found[0], found
        found = await top("내가 먹는 약 뭐야?")
        assert "sumatriptan" in found[0], found
        found = await top("where does my brother work?")
        assert "train driver" in found[0] or "부산" in found[0], found
        mem.settings.scoring = mem.settings.scoring.model_copy(
            update={"person_relevance": 1.0})
        found = await top("where do I work?")
        assert "brother" in found[0], found
