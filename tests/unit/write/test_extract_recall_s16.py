"""Recall by structure, session 16 (issue 16): facts said in passing that nothing stored.
A capitalised pronoun inside a title ("a novel called The Last Mine") is a word of the title,
not the speaker; a farm or less common pet ("랫트 두 마리", "저희 당나귀") is a pet like a cat;
where the user is "these days" is where they live; who they live with; the make said right
after "my new <thing> arrived!" or after "the <thing> I just bought?"; how long the user has
worked somewhere ("염전에서 일한 지 3년째"). Sentences written for this file (not copied from
a labelled file), with look-alikes that must store nothing."""

from __future__ import annotations

from typing import Any


def test_a_pronoun_inside_a_title_is_part_of_the_title(chat_extract: Any) -> None:
    got = chat_extract.user_says("I'm writing a novel called The Last Mine, any tips on pacing?")
    assert any("The Last Mine" in c for c in got), got
    got = chat_extract.user_says("my band is called Between Us and we gig on fridays")
    assert any("Between Us" in c for c in got), got
    # the speaker's own words still become the user's
    got = chat_extract.user_says("Mine is a tabby and my sister has a beagle")
    assert not any("Mine" in c for c in got), got
    assert any("User's sister" in c for c in got), got


def test_a_farm_or_uncommon_pet_is_a_pet(chat_extract: Any) -> None:
    got = chat_extract.user_says("랫트 두 마리 키우는데 케이지 추천 좀. 이름은 감자랑 고구마")
    assert any("랫트" in c and "감자" in c for c in got), got
    got = chat_extract.user_says("우리 거위 꽥꽥이가 또 택배 아저씨 쫓아갔어 ㅋㅋ 어떻게 해?")
    assert any("거위" in c and "꽥꽥이" in c for c in got), got
    got = chat_extract.user_says("저희 당나귀가 올해 스물두 살인데 사료 바꿔야 할까요?")
    assert any("당나귀" in c for c in got), got
    # food and idioms that name an animal are no pet
    for text in ["메추리알 장조림 레시피 알려줘", "I had duck for dinner, so good",
                 "the rat race is getting to me", "goats cheese or feta for this salad?"]:
        assert chat_extract.user_says(text) == [], text


def test_where_the_user_is_these_days_is_where_they_live(chat_extract: Any) -> None:
    assert "User lives in Daejeon (these days)" in chat_extract.user_says(
        "I'm in Daejeon these days, any good bakeries?")
    assert "User lives in Lisbon (now)" in chat_extract.user_says(
        "we're out in Lisbon now, what's a good language school?")
    for text in ["요즘 광주에 있어, 맛집 추천해줘", "저 요즘 제주에 있는데 비 오는 날 갈 만한 곳 있어요?",
                 "요새 부산에서 지내요. 바다 보이는 카페 추천 좀"]:
        assert any(c.endswith("에 산다 (요즘)") for c in chat_extract.user_says(text)), text
    # a trip, a room, right now, or an institution is no home
    for text in ["I'm in Busan for work this month", "I'm in the kitchen now, what can I cook",
                 "I'm in London now until friday", "나 지금 대전에 있어 (잠깐 출장)",
                 "요즘 회사에 있어서 답장 늦어", "요즘 병원에 있어"]:
        assert not any("lives in" in c or "산다 (요즘)" in c or "거주" in c
                       for c in chat_extract.user_says(text)), text


def test_who_the_user_lives_with(chat_extract: Any) -> None:
    got = chat_extract.user_says("나는 시아버지랑 같이 사는 중이라 방이 부족해")
    assert "사용자는 시아버지와 같이 산다" in got, got
    got = chat_extract.user_says("we've got my dad living with us now, any tips for stair rails?")
    assert "User lives with their dad" in got, got
    # a friend is no place; a relative's household is theirs; a weekend stay is no household
    assert not any("거주" in c for c in chat_extract.user_says("친구랑 같이 살아"))
    assert not any(c.startswith("사용자는") and "같이 산다" in c
                   for c in chat_extract.user_says("엄마는 이모랑 같이 사셔"))
    assert not any("lives with" in c for c in chat_extract.user_says(
        "my sister is staying with me this weekend"))


def test_the_make_said_right_after_the_thing(chat_extract: Any) -> None:
    got = chat_extract.user_says("my new guitar came today!! a Martin D-28. how often do I change "
                              "the strings")
    assert "User has a Martin D-28 guitar" in got, got
    got = chat_extract.user_says("my new (well, refurbished) road bike arrived! a Canyon Endurace. "
                              "what tyre pressure?")
    assert any("Canyon Endurace" in c and "bike" in c for c in got), got
    got = chat_extract.user_says("Is it worth a case for the iPad I just bought? It's the 13-inch M2")
    assert any("iPad" in c and "M2" in c for c in got), got
    # someone else's thing, or a thing bought to be used up, is not the user's
    for text in ["my sister got a new car. it's a Tesla, should she get the warranty?",
                 "my friend's new bike is amazing. a Trek. should I get one?",
                 "how do I cook the fish I just bought?"]:
        got = chat_extract.user_says(text)
        assert not any(c.startswith(("User has", "User bought")) for c in got), (text, got)


def test_how_long_the_user_has_worked_somewhere(chat_extract: Any) -> None:
    got = chat_extract.user_says("나 여기 양식장에서 일한 지 2년째")
    assert "사용자는 양식장에서 근무" in got, got
    assert not any("근무" in c for c in chat_extract.user_says("여기서 일한 지 얼마 안 됐어"))


def test_the_make_in_the_next_message(chat_extract: Any) -> None:
    made = chat_extract.candidates(("user", "finally bought a kayak."),
                                   ("user", "A Perception Pescador. how do I store it over winter?"))
    assert [c.content for c in made] == ["User bought a kayak",
                                         "User bought a kayak (A Perception Pescador)"], made
    assert made[0].slot == made[1].slot is not None  # the second replaces the first
    got = chat_extract.chat("u: 드디어 새 노트북 샀어", "u: 레노버 X1 Carbon. 파우치 뭐 살까?")
    assert any("X1 Carbon" in c and "노트북" in c for c, _ in got), got
    # after the assistant's question the fragment answers it; after a day's news it names
    # nothing owned
    got = chat_extract.chat("u: I had a long day at work", "u: A total mess. any tips for sleep?")
    assert not any("mess" in c for c, _ in got), got


def test_relatives_or_pets_counted_then_named(chat_extract: Any) -> None:
    got = chat_extract.user_says("so I've got three kids: Poppy who's 9, Alfie is 6 and the "
                              "youngest, Bea, started nursery. ideas for a rainy day?")
    for name, said in [("Poppy", "9"), ("Alfie", "6"), ("Bea", "nursery")]:
        assert any(name in c and said in c for c in got), (name, got)
    got = chat_extract.user_says("we have two rabbits: Pip and Juniper, any toy ideas?")
    assert "User has a rabbit called Juniper" in got, got
    assert not any("ideas" in c for c in got), got


def test_a_request_for_every_answer_said_without_a_question_mark(chat_extract: Any) -> None:
    got = chat_extract.user_says("can you stop saying no worries every time lol")
    assert any(c.startswith("Standing instruction") and "no worries" in c for c in got), got
    got = chat_extract.user_says("small thing, never put my surname in anything you draft")
    assert any(c.startswith("Standing instruction from the user: Never put") for c in got), got
    # a one-off task asked without a question mark is no rule
    for text in ["can you send me the recipe again", "can you stop the timer"]:
        assert not any(c.startswith("Standing instruction") for c in chat_extract.user_says(text))


def test_the_kind_of_work_the_user_does(chat_extract: Any) -> None:
    got = chat_extract.user_says("남편은 교사야. 나는 재택으로 편집 일 하고.")
    assert "사용자는 재택으로 편집 일을 한다" in got, got
    assert "사용자는 택배 일을 한다" in chat_extract.user_says("나 요즘 택배 일 해")
    # housework, a task, an amount of work, a question, a relative's work
    for text in ["집안일 하고 나니까 피곤해", "그 일 하고 나서 연락할게", "오늘 일 많아서 못 가",
                 "무슨 일 하세요?", "엄마는 식당 일 하셔"]:
        assert not any(c.startswith("사용자는") and "일을 한다" in c
                       for c in chat_extract.user_says(text)), text


def test_a_childs_age_said_with_no_subject_is_not_the_users(chat_extract: Any) -> None:
    got = chat_extract.user_says("겨울인데 고슴도치 목욕시켜도 돼? 피그미 고슴도치야 이제 2살")
    assert not any(c.startswith("사용자는") and "세" in c for c in got), got
    assert "사용자는 31세" in chat_extract.user_says("31살이야")


def test_how_the_user_holds_their_home(chat_extract: Any) -> None:
    assert "사용자의 집은 전세" in chat_extract.user_says("아 그리고 우리 집 전세야 자가 아니고")
    got = chat_extract.user_says("저희 집은 월세예요")
    assert "사용자의 집은 월세" in got and not any("거주" in c for c in got), got
    assert not any("사용자의 집은" in c for c in chat_extract.user_says("친구 집 전세래"))
