"""A statement of the user's own that no rule read becomes a candidate by its anchor and the
judge's score, not by its shape (``own_clauses``). The scores here are stand-ins so the test
reads the anchor and the guards, not one set of weights."""

from __future__ import annotations

import pytest

from gieok.write.extract import own_clauses


def always(_: str) -> float:
    return 0.99


def never(_: str) -> float:
    return 0.01


@pytest.mark.parametrize("clause", [
    "I'm at a credit union now",
    "my grandma turns 90 in March",
    "we keep bees on the roof",
    "User's sister lives in Perth",
    "나 꽃가루 알레르기 심함",
    "우리 집 강아지는 노견이에요",
    "제 차는 아반떼예요",
    "꽃가루 알레르기 있음",  # no subject of its own: how Korean speaks of oneself
])
def test_anchored(clause: str) -> None:
    assert own_clauses.anchored(clause)


@pytest.mark.parametrize("clause", [
    "it's a BMW",
    "the weather is nice",
    "옆집 사람이 Tesla 샀어",  # someone else does it
    "Tom got a new job",
])
def test_not_anchored(clause: str) -> None:
    assert not own_clauses.anchored(clause)


def test_clauses_cut_at_chat_stops() -> None:
    assert own_clauses.clauses("hay fever 시즌이라 죽겠어 ㅠ 나 꽃가루 알레르기 심함") == [
        "hay fever 시즌이라 죽겠어", "나 꽃가루 알레르기 심함"]
    assert own_clauses.clauses("no I don't work at the bank anymore, I'm at a credit union now") \
        == ["no I don't work at the bank anymore", "I'm at a credit union now"]
    # "so" as a degree word is no coordinator
    assert own_clauses.clauses("I'm so tired of my commute") == ["I'm so tired of my commute"]


@pytest.mark.parametrize("sentence,content", [
    ("I'm in 인천 송도 근처, 주말에 갈만한 brunch place 있어?", "송도"),
    ("no I don't work at the bank anymore, I'm at a credit union now", "credit union"),
    ("hay fever 시즌이라 죽겠어 ㅠ 나 꽃가루 알레르기 심함", "꽃가루"),
])
def test_kept_clause_in_third_person(sentence: str, content: str) -> None:
    got = own_clauses.hits(sentence, always, 0.5, whole=False)
    assert any(content in hit.content for hit, _ in got)
    assert all(("User" in hit.content or "사용자" in hit.content) for hit, _ in got)


@pytest.mark.parametrize("sentence", [
    "what's the weather like tomorrow?",
    "can you help me write an email to my boss",
    "if I had a dog I'd call him Max",
    "오늘 점심 뭐 먹지",
    "my coworker got a new car, it's a BMW",
    "I'm so tired today lol",
    "만약 내가 부자라면 제주도에 집을 살 거야",  # a hypothetical
    "hi! how are you",
])
def test_guards_hold_whatever_the_score(sentence: str) -> None:
    assert own_clauses.hits(sentence, always, 0.5) == []


def test_the_judge_decides() -> None:
    sentence = "no I don't work at the bank anymore, I'm at a credit union now"
    assert own_clauses.hits(sentence, never, 0.5) == []
    assert own_clauses.hits(sentence, always, 2.0) == []  # the threshold off: nothing


@pytest.mark.parametrize("sentence", [
    "plan me a Sunday in Edinburgh",  # a request, the user only its object
    "you're my doctor and I'm a patient with a broken leg",  # a part handed to the assistant
    "random q but how do I keep pipes from freezing",
    "I need a stretching routine for my shoulders",  # a need of the task
    "my sister-in-law is also asking whether hydrotherapy helps",
    "한글날이라 궁금해요",
])
def test_not_the_users_statement(sentence: str) -> None:
    assert own_clauses.hits(sentence, always, 0.5) == []


def test_the_user_as_object() -> None:
    assert own_clauses.anchored("Penicillin gives me hives")
    assert not own_clauses.anchored("give me three ideas")


def test_korean_background_clause_is_a_clause() -> None:
    sentence = "회사 동료가 대전으로 발령났는데 나는 그대로 판교"
    assert own_clauses.clauses(sentence) == ["회사 동료가 대전으로 발령났는데", "나는 그대로 판교"]
    got = [hit.content for hit, _ in own_clauses.hits(sentence, always, 0.5)]
    assert got == ["사용자는 그대로 판교다"]  # the colleague's move is not the user's


def test_someone_elses_condition_is_not_the_users() -> None:
    sentence = "팀 회식 장소 정하는데 팀장님이 통풍 있으셔서 맥주집은 피해야 돼"
    assert not own_clauses.anchored("팀장님이 통풍 있으셔서 맥주집은 피해야 돼")
    assert not any("통풍" in hit.content for hit, _ in own_clauses.hits(sentence, always, 0.5))


def test_a_clause_that_repeats_the_sentence_is_dropped() -> None:
    assert own_clauses.repeats("사용자는 강아지 키운다", "사용자는 강아지 키우는데 이름은 “콩떡”이다")
    assert not own_clauses.repeats("사용자는 고양이 키운다", "사용자는 강아지 키우는데 이름은 콩떡이다")
    assert own_clauses.repeats("User is at a credit union", "User is at a credit union now")
    assert not own_clauses.repeats("User lives in Leeds", "User works in Leeds")


@pytest.mark.parametrize("sentence", [
    "I'd love to have my own cabin one day",  # a wish
    "my landlord is selling the building",  # someone else's news
    "our vet retired last year",
    "나 방금 라면 먹었어",  # the moment
    "엄마는 내가 아직 대학생인 줄 알아",  # someone's belief
    "지수씨는 판교에 살아",  # someone called by name
    "nope, I'm not vegan",  # a no to the assistant's guess
    "wow 월요일 아침 회의 3개 연속이라니 so excited",  # an exclamation at the news
    "벌써 우리 딸이 고등학생이라니",
])
def test_other_look_alikes_store_nothing(sentence: str) -> None:
    assert own_clauses.hits(sentence, always, 0.5) == []


@pytest.mark.parametrize("sentence,content", [
    ("커피는 하루 세 잔 마셔", "커피"),  # a topic that is what the user speaks of
    ("my boss and I run the Leeds office", "Leeds"),
    ("우리 엄마는 강남에 사셔", "강남"),
])
def test_look_alikes_that_are_the_users(sentence: str, content: str) -> None:
    assert any(content in hit.content for hit, _ in own_clauses.hits(sentence, always, 0.5))
