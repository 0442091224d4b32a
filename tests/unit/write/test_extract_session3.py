"""Fresh sentences from a new-user trial (issue 16, round 3, session 3): pets talked about over
several turns — named once, then "she", "그 아이", or a Korean sentence with no subject —
their food, medicines and symptoms (core facts, pinned: seed 001), a pet that died."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gieok.write.extract.base import Candidate
from gieok.write.extract.discourse import ko_subject, split_sentences


@pytest.fixture
def chat(chat_extract: Any) -> Callable[..., list[Candidate]]:
    """One ``add`` per message, as a chat app sends them: each sees the earlier ones
    (``tests/support/chat_extract.py``)."""
    return chat_extract.candidates  # type: ignore[no-any-return]


def by_content(candidates: list[Candidate]) -> dict[str, Candidate]:
    return {c.content: c for c in candidates}


def test_a_kitten_named_once_then_she_in_every_later_turn(
        chat: Callable[..., list[Candidate]]) -> None:
    got = by_content(chat(
        ("user", "so we adopted a kitten last weekend, her name is Pickle"),
        ("assistant", "Aww, congrats! What breed is she?"),
        ("user", "a british shorthair, she's about 10 weeks old"),
        ("user", "she only eats wet food right now, the breeder said no dry kibble until 4 months"),
        ("user", "also she sneezes a lot, vet said it's probably just a mild cold")))
    # the answer and the clause after its comma are two statements
    assert "User's kitten Pickle is a british shorthair" in got
    assert "User's kitten Pickle is about 10 weeks old" in got  # was vetoed as "she's …"
    food = got["User's kitten Pickle only eats wet food"]  # without the breeder's words
    assert food.pinned and food.slot == "pet_diet:pickle"  # a pet's diet is a core fact
    sneezes = got["User's kitten Pickle sneezes a lot"]  # a symptom: health
    assert sneezes.pinned


def test_a_medicine_is_not_a_pets_food(chat: Callable[..., list[Candidate]]) -> None:
    got = by_content(chat(("user", "Our cat Sesame had surgery on Monday"),
                          ("user", "The vet put her on gabapentin for pain"),
                          ("user", "she is on antibiotics for a week")))
    assert all(c.slot is None or not c.slot.startswith("pet_diet") for c in got.values())
    assert got["User's cat Sesame is on antibiotics for a week"].pinned


def test_korean_subjectless_sentences_stay_with_the_pet_after_an_answer(
        chat: Callable[..., list[Candidate]]) -> None:
    got = by_content(chat(
        ("user", "우리 집 고양이 이름은 두부야. 이제 5살 됐어"),
        ("assistant", "두부 귀엽네요! 어떤 품종이에요?"),
        ("user", "코숏이야. 근데 요즘 살이 너무 쪄서 다이어트 사료로 바꿨어")))
    diet = got["사용자의 고양이 두부는 요즘 살이 너무 쪄서 다이어트 사료로 바꿨다"]  # was "사용자는 …"
    assert diet.pinned


def test_korean_feeding_a_pet_is_the_pets_medicine_and_그_아이_is_the_pet(
        chat: Callable[..., list[Candidate]]) -> None:
    got = by_content(chat(("user", "저희 강아지 몽이가 심장병이 있어요"),
                          ("user", "하루에 두 번 베트메딘 먹이고 있어요"),
                          ("user", "그 아이가 벌써 열한 살이에요")))
    medicine = got["사용자의 강아지 몽이는 하루에 두 번 베트메딘 먹고 있다"]  # the dog takes it
    assert medicine.pinned
    # "그 아이" is the dog ("몽이 벌써": the name read as 몽 with the familiar 이, as before)
    assert any(c.startswith("사용자의 강아지 몽이") and "열한 살" in c for c in got)


def test_a_dose_said_as_hearsay_is_the_prescribers_word_not_gossip(
        chat: Callable[..., list[Candidate]]) -> None:
    got = by_content(chat(("user", "내 고양이 Luna가 hyperthyroidism 진단 받았어"),
                          ("user", "methimazole 하루 두 번 먹어야 한대")))
    dose = got["사용자의 고양이 Luna는 methimazole 하루 두 번 먹어야 한다"]
    assert dose.pinned and "medication" in dose.tags
    assert chat(("user", "친구가 그러는데 비타민 하루 두 번 먹어야 한대")) == []


def test_a_pet_that_died_and_the_pet_kept_now(chat: Callable[..., list[Candidate]]) -> None:
    got = by_content(chat(("user", "작년에 키우던 햄스터 쿠키가 죽었어"),  # 쿠키가 is no credential
                          ("user", "그래서 지금은 토끼 한 마리 키워. 이름은 당근이"),
                          ("user", "당근이는 건초만 먹어")))
    assert "작년에 키우던 햄스터 쿠키가 죽었다" in got
    assert "사용자의 토끼 이름은 당근이다" in got  # the unnamed rabbit gets its name
    assert got["사용자의 토끼 당근이는 건초만 먹는다"].pinned  # was "사용자는 당근이는 …"
    died = by_content(chat(("user", "My dog Pepper passed away this morning. She was 15.")))
    assert "User's dog Pepper passed away this morning" in died  # a death is not a moment


def test_what_is_not_about_the_users_pet_stays_out(chat: Callable[..., list[Candidate]]) -> None:
    for text in ("if I got a dog I'd name him Max", "Is chocolate toxic to cats?",
                 "Write a short story about a cat named Luna who loves tuna",
                 "강아지 키우고 싶다", "친구네 고양이가 아프대"):
        assert chat(("user", text)) == [], text
    # a subject of its own ("병원 찾기가 어려워요") is not the pet talked about before
    assert ko_subject("토끼 병원 찾기가 너무 어려워요") == "foreign"
    assert [c.content for c in chat(("user", "저희 토끼 솜이는 이번 달 말에 건강검진 받아요"),
                                     ("user", "토끼 병원 찾기가 너무 어려워요"))] == [
        "사용자의 토끼 솜이는 이번 달 말에 건강검진 받는다"]


def test_comma_splices() -> None:
    assert split_sentences("a british shorthair, she's about 10 weeks old") == [
        "a british shorthair", "she's about 10 weeks old"]
    assert split_sentences("she only eats wet food, the breeder said no kibble yet") == [
        "she only eats wet food", "the breeder said no kibble yet"]
    for one in ("Sure, she's fine", "If it rains, he stays inside",
                "Took Biscuit to the vet today, he needs a dental cleaning next month"):
        assert split_sentences(one) == [one]


def test_who_is_a_name_answered_with_my_and_a_noun(chat: Callable[..., list[Candidate]]) -> None:
    got = [c.content for c in chat(("user", "walking 30 min every morning before work with Toto"),
                                   ("assistant", "Who's Toto?"), ("user", "my jindo, he's 3"))]
    assert "Toto is User's jindo" in got and "User's jindo Toto is 3" in got  # was "User's jindo, he's 3"
    got = [c.content for c in chat(("user", "주말에 토리랑 한강 산책했어"), ("assistant", "토리가 누구예요?"),
                                   ("user", "우리 강아지! 푸들이고 5살이야"))]
    assert "토리는 사용자의 강아지다" in got and "사용자의 강아지 토리는 푸들이고 5살이다" in got
    got = [c.content for c in chat(("user", "meeting Jules for coffee later"),
                                   ("assistant", "Who's Jules?"),
                                   ("user", "my sister-in-law, she just moved here from Lyon"))]
    assert "User's sister-in-law Jules just moved here from Lyon" in got


def test_what_a_chat_says_of_the_moment_is_not_a_memory(
        chat: Callable[..., list[Candidate]]) -> None:
    for text in ("I had the weirdest dream last night, my dog could talk",
                 "ㅋㅋㅋ 우리 강아지가 방금 내 양말 물고 도망감", "our deploy failed again today ugh",
                 "made my day honestly", "꿈에서 우리 고양이가 말을 했어"):
        assert chat(("user", text)) == [], text
    # a name with a title is one sentence ("Mr. Park"), not an answer "Mr"
    assert chat(("user", "can you help me write a birthday message for my boss?"),
                ("assistant", "Sure! What's their name?"),
                ("user", "Mr. Park, he's turning 50")) == [] or all(
        not c.content.endswith(": Mr") for c in chat(("user", "Mr. Park, he's turning 50")))
    # health said with the moment is still health
    assert [c.content for c in chat(("user", "ugh I'm allergic to cats"))] == [
        "User is allergic to cats"]
    assert chat(("user", "아까 병원 갔는데 당뇨래"))[0].pinned


def test_a_pet_introduced_with_a_word_before_its_kind_or_by_its_breed(
        chat: Callable[..., list[Candidate]]) -> None:
    got = by_content(chat(("user", "Our senior beagle Rusty has diabetes"),
                          ("user", "He gets insulin shots twice a day, 8 units")))
    assert got["User's beagle Rusty gets insulin shots twice a day, 8 units"].pinned  # was nothing
    got = by_content(chat(("user", "우리 집에 새 식구 생겼어! 비숑 한 마리 데려왔어"),
                          ("assistant", "와 축하해요! 이름이 뭐예요?"), ("user", "솜사탕이야 ㅋㅋ"),
                          ("user", "아직 3개월이라 퍼피 사료 먹이고 있어")))
    assert got["사용자의 비숑 솜사탕은 아직 3개월이라 퍼피 사료 먹고 있다"].pinned  # was "사용자는 …"


def test_the_vet_switching_her_food_is_the_pets_diet(chat: Callable[..., list[Candidate]]) -> None:
    [memory] = chat(("user", "Pumpkin got diagnosed with bladder stones so the vet switched her to "
                             "Hill's c/d"))
    assert memory.slot == "pet_diet:pumpkin" and memory.value == "hill's c/d"


def test_the_person_a_sentence_starts_and_ends_with(chat: Callable[..., list[Candidate]]) -> None:
    got = [c.content for c in chat(("user", "march 14-18, with my wife Yuna"),
                                   ("user", "she doesn't eat raw fish btw, so no sushi places for her"))]
    # was nothing: "… for her" ended on a pronoun; the request said for the fact is cut (s16)
    assert "User's wife Yuna doesn't eat raw fish" in got and not any("sushi" in c for c in got)
    got = [c.content for c in chat(("user", "우리 엄마 생신이 12월 3일인데 선물 추천해줘"),
                                   ("assistant", "어머님이 뭘 좋아하세요?"),
                                   ("user", "꽃이랑 등산 좋아하셔"),
                                   ("user", "근데 작년에 무릎 수술하셔서 요즘은 가벼운 산책만 하셔"))]
    # the unnamed mother stays the topic: her surgery, not the user's
    assert "사용자의 엄마는 작년에 무릎 수술하셔서 요즘은 가벼운 산책만 하신다" in got


def test_two_pets_named_in_a_list(chat: Callable[..., list[Candidate]]) -> None:
    got = by_content(chat(("user", "고양이 두 마리 키워. 치즈랑 까망이"), ("user", "치즈는 10살이고 갑상선 약 먹어")))
    assert got["사용자의 고양이 치즈는 10살이고 갑상선 약 먹는다"].pinned  # was "사용자의 고양이는 치즈는 …"
    assert [c.content for c in chat(("user", "우리 강아지 두 마리 있어"),
                                    ("user", "엄마랑 아빠가 엄청 예뻐해"))][-1] == "엄마랑 아빠가 엄청 예뻐한다"
