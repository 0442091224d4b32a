"""Sentences from a new-user trial (issue 16, round 3), written fresh: a pet introduced in
two sentences, its health said with "he", an answer in the same ``add`` as its question,
instructions with conditions, dates said as "this October"."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory
from gieok.domain.turns import Turn
from gieok.settings import GieokSettings
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.timeexpr import resolve_time


pytestmark = pytest.mark.anyio
AT = datetime(2026, 11, 20, 1, 0, tzinfo=UTC)  # a Friday

GREYHOUND = [
    {"role": "user", "content": "I finally adopted a rescue greyhound last week! His name is Comet."},
    {"role": "assistant", "content": "Congrats! How old is he?"},
    {"role": "user", "content": "about 4"},
    {"role": "user", "content": "he has a sensitive stomach so the vet put him on a salmon-based kibble"},
]


def said(*texts: str) -> list[str]:
    turns = [Turn(role="user", content=t, at=AT) for t in texts]
    return [c.content for c in HeuristicExtractor().extract_sync(turns)]


async def test_one_add_with_a_question_and_its_answer_keeps_the_answer(
        settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        await mem.add(GREYHOUND, user_id="u1", session_id="s1", timestamp=AT)
        await mem.end_session(user_id="u1", session_id="s1")
        page = await mem.list(user_id="u1", limit=50)
        contents = {r.content: r for r in page}
    # "he" is the dog named before; the answer is said as a statement about him
    assert "User's greyhound Comet is about 4 years old" in contents
    health = contents["User's greyhound Comet has a sensitive stomach so the vet put him on a "
                      "salmon-based kibble"]
    assert health.pinned and "health" in health.tags  # a pet's diet and health: core facts
    assert any("name is Comet" in c for c in contents)
    # every fact of the session is stored: no episode that only repeats them
    assert not any(r.type.value == "episode" for r in contents.values())


def test_my_after_the_user_is_their() -> None:
    assert said("I start my new job at Samsung Biologics next monday") == [
        "User starts their new job at Samsung Biologics next monday"]
    assert said("My sister lives with my mom in Daegu")[0].startswith("User's sister")


def test_an_instruction_keeps_its_condition() -> None:
    assert said("Please always reply in English, even if I write in Korean.") == [
        "Always reply in English, even if the user writes in Korean"]
    assert said("Always answer in Korean unless I ask otherwise") == [
        "Always answer in Korean unless the user asks otherwise"]
    assert said("Never use emojis when you reply to me lol") == [
        "Never use emojis when you reply to the user"]


def test_this_next_last_month_names() -> None:
    at = datetime(2026, 3, 11, tzinfo=UTC)
    assert resolve_time("my first marathon is this October", at).value == "2026-10"  # type: ignore[union-attr]
    assert resolve_time("we move next March", at).value == "2027-03"  # type: ignore[union-attr]
    assert resolve_time("we moved last March", at).value == "2025-03"  # type: ignore[union-attr]
    assert resolve_time("this may be it", at) is None  # the verb, not the month


def test_a_named_drug_on_a_schedule_is_health() -> None:
    turns = [Turn(role="user", content="My son Minho takes Concerta every school day", at=AT)]
    [memory] = HeuristicExtractor().extract_sync(turns)
    assert "health" in memory.tags and "Concerta" in memory.content
    bus = [Turn(role="user", content="My son takes the bus every school day", at=AT)]
    assert all("health" not in c.tags for c in HeuristicExtractor().extract_sync(bus))


def test_what_the_user_does_not_drink_says_drink() -> None:
    assert said("I don't drink coffee anymore, switched to green tea")[0].startswith(
        "User does not drink coffee")


def test_a_new_age_and_a_new_employer_fill_their_slots() -> None:
    turns = [Turn(role="user", content=t, at=AT) for t in (
        "just turned 35 today!", "I left Naver, now I'm at Kakao Bank", "오늘 35살 됐어")]
    got = [(c.slot, c.value) for c in HeuristicExtractor().extract_sync(turns)]
    assert ("age", "35") in got and ("employer", "kakao bank") in got
    assert got.count(("age", "35")) == 2


def test_a_weekly_routine_is_not_a_date() -> None:
    assert resolve_time("we deploy every Thursday", AT) is None
    assert resolve_time("the dentist is on Thursday", AT).value == "2026-11-26"  # type: ignore[union-attr]


def test_workspace_facts_go_to_the_project_tier() -> None:
    turns = [Turn(role="user", content=t, at=AT) for t in (
        "Our API is in Go. We deploy with ArgoCD.", "Our staging DB runs on port 5433",
        "my team does code review in pairs")]
    got = {c.content: c.tier for c in HeuristicExtractor().extract_sync(turns)}
    assert got == {"The project's API is in Go": "project",
                   "The team deploys with ArgoCD": "project",  # "we" after the workspace
                   "The project's staging DB runs on port 5433": "project",
                   "The team does code review in pairs": "project"}
    personal = [Turn(role="user", content="We love our new house in Suwon", at=AT)]
    [memory] = HeuristicExtractor().extract_sync(personal)
    assert memory.tier is None and memory.content == "User loves their new house in Suwon"


def test_a_pets_new_age_is_not_the_users() -> None:
    turns = [Turn(role="user", content="나비 오늘 생일이라 4살 됐어!", at=AT)]
    assert all(c.slot != "age" for c in HeuristicExtractor().extract_sync(turns))


def test_a_named_speaker_is_named_in_the_memory() -> None:
    turns = [Turn(role="user", content="I adopted a puppy named Biscuit last weekend.", at=AT,
                  name="Ana"),
             Turn(role="user", content="저는 부산에 살아요", at=AT, name="지민"),
             Turn(role="user", content="I live in Seoul", at=AT, name="u_123")]
    got = [c.content for c in HeuristicExtractor().extract_sync(turns)]
    assert "Ana adopted a puppy named Biscuit last weekend" in got  # not "User adopted …"
    assert "지민은 부산에 거주" in got
    assert "User lives in Seoul" in got  # an id is not a name


def test_every_allergen_of_a_list_is_kept() -> None:
    contents = said("저는 땅콩이랑 복숭아 알레르기 있어요", "나 고양이 털 알레르기 있어",
                    "allergic to shellfish, tree nuts and sesame")
    assert "사용자는 땅콩, 복숭아 알레르기가 있음" in contents  # 땅콩 was lost before
    assert "사용자는 고양이 털 알레르기가 있음" in contents  # not "털 알레르기"
    assert "User is allergic to shellfish, tree nuts and sesame" in contents
    assert said("우리 딸은 우유 알레르기 있어") == ["사용자의 딸은 우유 알레르기 있다"]


@pytest.fixture
def asked(chat_extract: Any) -> Callable[..., list[str]]:
    """One ``add`` per message, as a chat app sends them: each sees the earlier ones
    (``tests/support/chat_extract.py``)."""
    return chat_extract.contents  # type: ignore[no-any-return]


def test_an_answer_that_gives_a_name_names_the_pet_and_what_follows_is_about_it(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "우리 강아지가 요즘 밥을 안 먹어"),
                ("assistant", "걱정되시겠어요. 강아지 이름이 뭐예요?"), ("user", "콩이! 7살 푸들이야"))
    assert "사용자의 강아지 콩이는 7살 푸들이다" in got  # was "사용자는 7살 푸들이다"
    got = asked(("user", "We just got a puppy"), ("assistant", "Aww! What's his name?"),
                ("user", "Max. He's a beagle mix"))
    assert any(c.startswith("User's puppy Max is a beagle mix") for c in got)


def test_someone_named_at_the_end_of_a_question_is_who_she_or_he_is(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "what's a good gift for my husband?"), ("assistant", "What does he like?"),
                ("user", "he's really into coffee and cycling"))
    assert got == ["User's husband is really into coffee and cycling"]
    got = asked(("user", "I'm planning a birthday party for my daughter"),
                ("assistant", "Fun! How old is she turning?"), ("user", "6! Her name is Lily btw"))
    assert "User's daughter's name is Lily" in got
    assert "User's daughter is turning 6" in got


def test_a_drug_answer_is_a_core_fact() -> None:
    turns = [Turn(role="user", content="I keep forgetting to take my meds", at=AT),
             Turn(role="assistant", content="What do you take?", at=AT),
             Turn(role="user", content="levothyroxine every morning", at=AT)]
    candidates = HeuristicExtractor().extract_sync(turns)
    answer = next(c for c in candidates if "levothyroxine" in c.content)
    assert answer.pinned and "health" in answer.tags


@pytest.mark.parametrize("text", [
    "이거 영어로 번역해줘: 저는 고양이 두 마리를 키우고 있어요",
    "예시 데이터 만들어줘: 이름 김철수, 나이 35, 서울 거주",
    "Summarize this for me: I moved to Busan in 2019 and work at a bank",
    "I'm just browsing, nothing specific",
])
def test_material_handed_over_for_a_task_and_passing_states_are_not_memories(text: str) -> None:
    assert said(text) == []


def test_a_colon_alone_does_not_hide_what_the_user_says() -> None:
    assert said("FYI: I moved to Busan") == ["User lives in Busan"]
    assert said("For example: I have two cats") != []


def test_an_honoured_subjectless_sentence_is_about_the_elder_just_named(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "우리 아빠가 작년 겨울에 심장 스텐트 시술 받으셨어"),
                ("user", "그 뒤로 아스피린 매일 드셔"))
    assert "사용자의 아빠는 그 뒤로 아스피린 매일 드신다" in got  # was "사용자는 … 드신다"


def test_korean_year_and_month_and_a_hearing_loss() -> None:
    assert resolve_time("내년 3월에 결혼 예정이에요", AT).value == "2027-03"  # type: ignore[union-attr]
    [memory] = HeuristicExtractor().extract_sync(
        [Turn(role="user", content="저 왼쪽 귀가 잘 안 들려요", at=AT)])
    assert memory.pinned and "health" in memory.tags


def test_an_honoured_clause_before_the_users_own_is_kept() -> None:
    got = said("저희 부모님은 대구에 사시고 저는 서울에서 혼자 살아요.")
    # (the honour kept, as for every elder: "계신다", "드신다")
    assert "사용자의 부모님은 대구에 사신다" in got and "사용자는 서울에 거주" in got
    assert said("할머니는 요양원에 계시고 저는 매주 가요")[0] == "사용자의 할머니는 요양원에 계신다"


def test_a_daughters_school_is_not_the_users_occupation() -> None:
    assert said("제 딸 서연이가 초등학생이에요") == ["사용자의 딸 서연이가 초등학생이다"]


async def test_a_pet_named_in_an_earlier_session_is_known_in_a_later_one(
        settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        await mem.add([{"role": "user", "content": "We have a corgi named Butter, he's 3"}],
                      user_id="u", session_id="a", timestamp=datetime(2026, 9, 1, tzinfo=UTC))
        await mem.add([{"role": "user", "content": "My cat Nabi is 12"}],
                      user_id="u", session_id="a", timestamp=datetime(2026, 9, 1, tzinfo=UTC))
        for text in ("Butter has hip dysplasia, the vet put him on Rimadyl",
                     "Nabi takes methimazole twice a day"):
            await mem.add([{"role": "user", "content": text}], user_id="u", session_id="b",
                          timestamp=datetime(2026, 10, 1, tzinfo=UTC))
        live = {r.content: r for r in await mem.list(user_id="u", limit=50)}
        hits = await mem.search("What should I get Butter for his birthday?", user_id="u", k=2)
    butter = live["User's corgi Butter has hip dysplasia, the vet put him on Rimadyl"]
    nabi = live["User's cat Nabi takes methimazole twice a day"]
    assert butter.pinned and nabi.pinned  # a pet's health and medication: core facts
    assert all("Butter" in h.record.content for h in hits)  # not "… get into running"


@pytest.mark.parametrize(("phrase", "value"), [
    ("my surgery is on the 15th", "2026-12-15"),  # the 15th of this month is past
    ("in two weeks", "2026-12-04"),  # a span of days, not "the Monday two weeks on"
    ("2주 뒤에 이사해", "2026-12-04"),
    ("by the end of the year", "2026-12"),
    ("this Christmas", "2026-12-25"),
    ("last Christmas we went to Jeju", "2025-12-25"),
    ("15일에 수술", "2026-12-15"),
    ("연말에 여행 가", "2026-12"),
    ("내후년에 졸업해", "2028"),
    ("올 여름에 결혼했어", "2026-06"),
    ("지난 겨울에 이사했어", "2025-12"),
])
def test_more_time_phrases(phrase: str, value: str) -> None:
    when = resolve_time(phrase, AT)
    assert when is not None and when.value == value


@pytest.mark.parametrize("text", [
    "강아지 단추 데리고 동물병원 다녀왔어요",  # a visit, not a workplace
    "대학병원 다녀와야 돼",
    "아까 말한 거 취소. 그냥 잊어줘",
    "시 한 편 써줘. 주제는 바다",
    "explain quantum entanglement like I'm five",
    "happy new year 미리! 🎉 내년에도 잘 부탁해",
    "제 카드번호 [CARD], 유효기간 08/29예요. 결제할 때 필요하면 써주세요",
    "주민번호 [RRN] 맞는지 확인 좀. 서류에 써야 돼서",
])
def test_no_workplace_task_pleasantry_or_secret_errand_is_remembered(text: str) -> None:
    assert all(c.slot != "employer" for c in HeuristicExtractor().extract_sync(
        [Turn(role="user", content=text, at=AT)]))
    if "다녀" not in text:
        assert said(text) == []


def test_what_a_secret_turn_also_states_precisely_is_kept() -> None:
    assert said("my wifi password is [PASSWORD] and I live in Mapo-gu") == [
        "User lives in Mapo-gu"]
    assert said("ㅇㅋ 그럼 이건 기억해줘. 나 다음 달부터 여의도 본사로 출근해") == [
        "사용자는 다음 달부터 여의도 본사로 출근한다"]
    assert said("Don't forget that I'm lactose intolerant.") != []


def test_a_known_name_said_again_as_an_introduction_is_not_rewritten() -> None:
    from gieok.write.extract.coref import Entities

    entities = Entities()
    entities.learn("사용자의 고양이 이름은 치즈다")
    entities.learn("사용자의 애 이름은 하준이다")
    assert [e.name for e in entities.known] == ["치즈", "하준"]
    assert entities.resolve("우리 고양이 이름은 치즈야") == "우리 고양이 이름은 치즈야"
    entities.learn("User has a golden retriever called Sunny")
    assert entities.resolve("I have a golden retriever called Sunny") == \
        "I have a golden retriever called Sunny"


def test_a_name_in_a_pet_care_sentence_is_the_users_pet() -> None:
    # (the clause after the comma is a statement of its own about him: focus.pronoun_clauses)
    assert said("Took Biscuit to the vet today, he needs a dental cleaning next month") == [
        "User's pet Biscuit needs a dental cleaning next month"]
    assert said("Mochi's annual shots are due on Dec 3") == [
        "User's pet Mochi's annual shots are due on Dec 3"]
    assert said("보리 오늘 동물병원에서 예방접종 맞았어")[0].startswith("사용자의 반려동물 보리")
    # people, products and pronouns are not pets
    assert said("Took Grandma to the doctor today") == []
    assert all("pet" not in c for c in said("Switched to Royal Canin kibble for the dog"))
    assert all("반려동물" not in c for c in said("올해 7살이고 신장이 안 좋아서 처방식 사료만 먹어"))


def test_the_assistant_asking_what_kind_of_pet_it_is_names_its_kind(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "Oreo keeps scratching at night"), ("assistant", "Poor Oreo! Is Oreo a cat?"),
                ("user", "yep, a tabby"), ("user", "Oreo is on a grain-free diet now"))
    assert any(c.startswith("User's cat Oreo") for c in got) and "yep" not in " ".join(got)


def test_a_diet_the_user_has_gone_to_is_their_diet() -> None:
    turns = [Turn(role="user", content="I've gone fully vegetarian now, no more fish either", at=AT)]
    assert [(c.slot, c.value) for c in HeuristicExtractor().extract_sync(turns)] == [
        ("diet", "vegetarian")]


def test_a_finding_the_doctor_reported_is_a_health_fact() -> None:
    turns = [Turn(role="user", content="Doctor said my blood pressure is a bit high, I'm "
                                       "supposed to cut back on salt", at=AT)]
    [memory] = HeuristicExtractor().extract_sync(turns)
    assert "blood pressure" in memory.content and memory.pinned and "health" in memory.tags
    # what someone else said that is not a finding stays out
    assert said("My friend said I should quit my job") == []


def test_a_named_manager_or_roommate_is_someone_in_the_users_life() -> None:
    assert said("my manager Dae-ho wants weekly status reports every Friday") == [
        "User's manager Dae-ho wants weekly status reports every Friday"]
    # an unnamed one, an opinion about one, or their words are not memories
    assert said("my coworker Jess is so annoying") == []
    assert said("my manager thinks we should hire more people") == []


def test_a_korean_afterthought_after_a_comma_stays_with_its_sentence() -> None:
    assert said("요즘 일본어 공부 시작했어, 듀오링고로 매일 15분씩") == [
        "사용자는 요즘 일본어 공부 시작했다, 듀오링고로 매일 15분씩"]


@pytest.mark.parametrize(("text", "content"), [
    ("아 그리고 나 갑각류 알레르기 있는 거 알지?", "사용자는 갑각류 알레르기가 있음"),
    ("you know I'm allergic to shellfish, right?", "User is allergic to shellfish"),
])
def test_a_fact_the_user_reminds_the_assistant_of_is_a_statement(text: str, content: str) -> None:
    turns = [Turn(role="user", content=text, at=AT)]
    [memory] = HeuristicExtractor().extract_sync(turns)
    assert memory.content == content and memory.pinned
    # a question that only looks like one stays a question
    assert said("you know what I mean?") == [] and said("remember when we went to Jeju?") == []


def test_a_pronoun_answer_about_a_relative_is_judged_as_what_it_says(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "my son starts middle school in March"), ("assistant", "How old is he?"),
                ("user", "he's 12"))
    assert "User's son is 12" in got


def test_a_kind_of_suggestion_ruled_out_is_a_standing_instruction() -> None:
    assert said("please don't suggest recipes with mushrooms, nobody in this house will eat them") \
        == ["Standing instruction from the user: Don't suggest recipes with mushrooms, nobody in "
            "this house will eat them"]
    assert said("버섯 들어간 요리는 추천하지 마") == ["사용자 요청: 버섯 들어간 요리는 추천하지 마"]
    # about the task at hand, not every later answer
    assert said("don't suggest changes to this draft") == []


def test_a_bad_back_is_a_health_fact_and_had_done_stays_past() -> None:
    turns = [Turn(role="user", content=t, at=AT) for t in (
        "그리고 저 요즘 허리가 안 좋아서 필라테스 등록했어요, 화목 저녁 7시",
        "I have a bad back so I do pilates twice a week")]
    got = HeuristicExtractor().extract_sync(turns)
    assert [c.content for c in got] == [
        "사용자는 요즘 허리가 안 좋아서 필라테스 등록했다, 화목 저녁 7시",
        "User has a bad back so User does pilates twice a week"]
    assert all("health" in c.tags for c in got)
    assert said("작년에 위내시경 했을 때 용종 떼어냈었거든요") == [
        "사용자는 작년에 위내시경 했을 때 용종 떼어냈었다"]


@pytest.mark.parametrize("convo", [
    [("user", "can you explain how compound interest works? like I'm 10")],
    [("user", "I was going to go hiking tomorrow but nvm, it's supposed to rain")],
    [("user", "주말에 캠핑 가려고 했는데 비 와서 취소했어")],
    [("user", "ugh so sleepy today"), ("assistant", "Maybe grab a coffee?"),
     ("user", "already on my third lol")],
    [("user", "heyyy"), ("assistant", "Hey! What's up?"), ("user", "nm just bored")],
])
def test_asking_like_a_child_a_plan_called_off_and_small_talk_leave_nothing(
        convo: list[tuple[str, str]], asked: Callable[..., list[str]]) -> None:
    assert asked(*convo) == []


def test_a_real_answer_to_small_talk_and_a_plan_kept_are_still_memories(
        asked: Callable[..., list[str]]) -> None:
    assert asked(("assistant", "What's new?"), ("user", "we adopted a kitten named Pip")) == [
        "User adopted a kitten named Pip"]
    assert said("다음 주에 부산 출장 가") == ["사용자는 다음 주에 부산 출장 간다"]
    assert said("I'm 34 and I live in Busan") == ["User lives in Busan", "User is 34 years old"]


def test_mixed_sentences_follow_the_grammar_of_their_first_clause() -> None:
    assert said("my 할머니 turns 90 next Saturday, 잔치 준비 중") == [
        "User's 할머니 turns 90 next Saturday, 잔치 준비 중"]
    assert said("I'm 채식주의자 btw, 계란은 먹어")[0].startswith("User is 채식주의자")
    assert said("저 Coupang에서 PM으로 일해요") == ["사용자는 Coupang에서 PM으로 일한다"]


def test_a_korean_afterthought_that_only_names_or_says_why_is_not_a_clause() -> None:
    assert said("다음주 화요일에 dentist appointment 있어, 사랑니 뽑으러") == [
        "사용자는 다음주 화요일에 dentist appointment 있다, 사랑니 뽑으러"]
    assert said("우리 강아지 Max 요즘 관절약 먹어, Cosequin이라는 거") == [
        "사용자의 강아지 Max 요즘 관절약 먹는다, Cosequin이라는 거"]


def test_who_the_user_lives_with_is_not_lost_to_the_residence_slot() -> None:
    got = said("I live in 마포구 with my boyfriend and two cats")
    # (session 4) one memory: the whole sentence carries the residence slot, so a move
    # supersedes all of it and nothing about 마포구 stays current beside the new home
    assert got == ["User lives in 마포구 with their boyfriend and two cats"]


@pytest.mark.parametrize(("text", "memory"), [
    ("since I'm lactose intolerant, what can I use instead of milk in pancakes?",
     "User is lactose intolerant"),
    ("my daughter is turning 7 next week, any ideas for a unicorn themed party?",
     "User's daughter is turning 7 next week"),
    ("회사에서 팀장 됐는데 팀원 관리 팁 있어?", "사용자는 회사에서 팀장 됐다"),
    ("저희 엄마가 다음 달에 무릎 수술 하시는데 수술 후에 뭘 챙겨드리면 좋을까요?",
     "사용자의 엄마가 다음 달에 무릎 수술 하신다"),
    ("나 당뇨 전단계라는데 아침으로 뭐 먹으면 좋을까?", "사용자는 당뇨 전단계다"),
])
def test_the_statement_a_question_is_built_on_is_remembered(text: str, memory: str) -> None:
    assert said(text) == [memory]


@pytest.mark.parametrize("text", [
    "I'm starving, what should I have for lunch?", "my code is broken, can you look at it?",
    "I have a cold, what soup should I make?", "since it's raining, should I cancel the picnic?",
    "제가 지금 보고서 쓰는 중인데 서론 좀 다듬어 줄래요?", "오늘 비 오는데 우산 챙겨야 해?",
    "I was wondering, could you help me with something?",
])
def test_a_passing_state_or_a_task_before_a_question_is_not(text: str) -> None:
    assert said(text) == []


def test_run_on_turns_chat_spelling_and_places_followed_by_a_clause() -> None:
    long = ("ok so long story but basically my landlord sold the building and now I have to be "
            "out by the end of February, which sucks because I really liked the neighborhood, "
            "anyway I'm looking at places in Queens now, probably Astoria, my budget is like "
            "2200 max")
    assert any("Queens" in c and "2200" in c for c in said(long))
    assert said("my bf and i r getting married in june!!! 💍") == [
        "User's bf and User are getting married in june"]
    assert said("I just moved to Denver and don't know anyone") == ["User lives in Denver"]
    assert said("I live in Seoul, Gangnam-gu") == ["User lives in Seoul, Gangnam-gu"]


def test_traits_said_without_a_subject_or_with_not() -> None:
    assert said("big fan of anything by Studio Ghibli") == [
        "User is big fan of anything by Studio Ghibli"]
    assert said("not a morning person at all lol") == ["User is not a morning person at all"]
    assert said("not a fan of that idea") == []  # about what was just said, not a trait
    assert said("When you summarize articles for me, keep it under 5 bullet points") == [
        "Standing instruction from the user: When the assistant summarizes articles for the "
        "user, keep it under 5 bullet points"]


@pytest.mark.parametrize(("convo", "memory", "gone"), [
    ([("user", "my dentist appointment is on Monday the 8th"), ("assistant", "Got it."),
      ("user", "actually it's Tuesday the 9th, sorry")],
     "User's dentist appointment is on Tuesday the 9th", "Monday"),
    ([("user", "I work at Kakao"), ("user", "wait no, I mean Kakao Pay, different company")],
     "User works at Kakao Pay", "User works at Kakao"),
    ([("user", "우리 딸은 5살이야"), ("user", "아 아니다 6살이네 올해 생일 지났어")],
     "사용자의 딸은 6살이다", "5살"),
    ([("user", "My mom's birthday is March 3"), ("assistant", "Noted!"),
      ("user", "oops, March 13, not 3")], "User's mom's birthday is March 13", "March 3"),
])
def test_a_correction_in_the_next_breath_replaces_the_slip(
        convo: list[tuple[str, str]], memory: str, gone: str) -> None:
    turns = [Turn(role=role, content=text, at=AT) for role, text in convo]
    got = HeuristicExtractor().extract_sync(turns)  # one add() with every turn
    contents = [c.content for c in got]
    assert any(c.startswith(memory) for c in contents)
    assert not any(c == gone or (gone in c and not c.startswith(memory)) for c in contents)
    # said in a later add(), the correction carries the old value for reconciliation to retire
    later = HeuristicExtractor().extract_sync(turns[-1:], context=turns[:-1])
    assert any(c.content.startswith(memory) and c.retires for c in later)


def test_a_clarification_is_not_a_correction(asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "Pepper needs her rabies shot on October 12."), ("assistant", "Who's Pepper?"),
                ("user", "Oh sorry, Pepper is my border collie."))
    assert any("October 12" in c for c in got) and any("border collie" in c for c in got)


@pytest.mark.parametrize(("question", "answer", "memory"), [
    ("혹시 알레르기 있으세요?", "복숭아요", "사용자는 복숭아 알레르기가 있음"),
    ("Where are you based?", "Incheon, near Songdo", "User lives in Incheon, near Songdo"),
    ("What should I call you?", "just Min is fine", "User wants to be called Min"),
    ("어디 사세요?", "대전 유성구요", "사용자는 대전 유성구에 거주"),
])
def test_an_answer_that_fills_a_known_fact_is_that_fact(question: str, answer: str,
                                                          memory: str, asked: Callable[..., list[str]]) -> None:
    turns = [Turn(role="assistant", content=question, at=AT), Turn(role="user", content=answer, at=AT)]
    got = HeuristicExtractor().extract_sync(turns)
    assert [c.content for c in got] == [memory] and got[0].slot is not None
    if "알레르기" in question:
        assert got[0].pinned
    assert asked(("assistant", "혹시 알레르기 있으세요?"), ("user", "아니요 없어요")) == []


def test_life_events_are_not_chatter_and_a_passport_is_not_a_secret() -> None:
    assert said("오늘 3년 사귄 여자친구랑 헤어졌어") == ["사용자는 오늘 3년 사귄 여자친구랑 헤어졌다"]
    assert said("Retiring at the end of next year!") == ["User is retiring at the end of next year"]
    assert said("my passport expires in March") == ["User's passport expires in March"]
    assert said("my passport number is M1234567") == []  # the number is a credential


def test_a_pronoun_after_nah_or_yeah_is_the_person_just_named(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "my brother Tae just got into med school at Yonsei"),
                ("assistant", "That's huge! Is he the oldest?"),
                ("user", "nah he's the youngest, I'm the oldest of three"))
    assert "User's brother Tae is the youngest, User is the oldest of three" in got


def test_a_relative_as_subject_of_a_busy_sentence_is_not_what_the_user_has() -> None:
    assert said("딸이 이번에 초등학교 입학해서 정신없어요")[0].startswith("사용자의 딸이")
    assert said("아이가 둘 있어요") == ["사용자는 아이가 둘 있다"]


def test_the_company_moved_to_is_the_employer_and_our_team_is_the_team() -> None:
    assert said("저 이번에 이직했어요, 토스에서 당근으로요") == ["사용자는 당근에서 근무"]
    assert said("저 토스에서 당근으로 이직했어요") == ["사용자는 당근에서 근무"]
    assert said("이번에 이직했어") == ["사용자는 이번에 이직했다"]  # 이번 is when, not where
    # (session 4) what the team left is superseded, not restated as current
    assert said("our team switched from Jira to Linear in September") == [
        "The team switched to Linear in September"]


@pytest.mark.parametrize(("text", "memory"), [
    ("When I ask for a recipe, give me the grocery list first",
     "Standing instruction from the user: When the user asks for a recipe, give the user the "
     "grocery list first"),
    ("don't call me sir lol", "Standing instruction from the user: Don't call the user sir"),
    ("use British spelling in anything you write for me",
     "Standing instruction from the user: Use British spelling in anything the assistant "
     "writes for the user"),
    ("코드 예시는 항상 파이썬으로 부탁해", "사용자 요청: 코드 예시는 항상 파이썬으로 부탁해"),
    ("말 좀 짧게 해줘 앞으로", "사용자 요청: 말 좀 짧게 해줘 앞으로"),
])
def test_more_ways_to_give_a_standing_instruction(text: str, memory: str) -> None:
    assert said(text) == [memory]
    assert said("can you make this shorter") == [] and said("write it in Korean") == []
