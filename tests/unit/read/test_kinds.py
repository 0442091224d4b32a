"""What kind of thing a question asks about and a candidate is (read/kinds.py): a standing
instruction for the assistant is no answer to a question about the user's facts, and a
question that names a family (medication, work, appointment) prefers the candidates of that
family. Sentences written for this test, English and Korean, several shapes each."""

from __future__ import annotations

from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.read.kinds import (
    about_instructions,
    instruction_share,
    kind_shares,
    query_families,
    text_families,
)
from tests.support.sessions import play_sessions, top_contents

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("text", [
    "From now on reply to me in Japanese",
    "please always keep your answers short",
    "Never use emojis when you write to me.",
    "can you always cite sources for numbers?",
    "I want you to answer in plain English from now on",
    "Don't ever recommend recipes with peanuts",
    "Standing instruction from the user: answer in Korean",
    "앞으로 대답은 짧게 해줘",
    "항상 존댓말로 답해 주세요",
    "나한테는 반말로 말해",
    "영어로 답하지 마세요",
    "이모티콘은 앞으로 쓰지 마",
    "네, 앞으로는 한국어로 답변드릴게요.",
])
def test_standing_instructions_are_read_as_instructions(text: str) -> None:
    assert instruction_share(text) >= 0.9, text


@pytest.mark.parametrize("text", [
    "I always answer my emails before lunch",
    "Don't give up, you'll get there!",
    "Always believe in yourself",
    "suggest a birthday gift for my dad",
    "write a short poem about rain",
    "My doctor put me on a new inhaler",
    "I work at a bakery on weekends",
    "저는 항상 아침에 커피를 마셔요",
    "오늘 저녁 메뉴 추천해줘",
    "요즘 일이 많아서 피곤해",
    "내일 날씨 알려줘",
])
def test_statements_and_one_off_requests_are_not_instructions(text: str) -> None:
    assert instruction_share(text) == 0.0, text


def test_a_rule_with_its_reason_is_an_instruction_in_part() -> None:
    """The reason after a rule is a fact about the user: the text is part instruction."""
    for text in ("never suggest anything with pork, I don't eat it",
                 "Don't recommend spicy food, I have gastritis",
                 "앞으로 답변은 짧게 해줘. 길게 쓰면 안 읽게 돼"):
        assert 0.3 < instruction_share(text) < 0.9, text


@pytest.mark.parametrize("query", [
    "how should you answer me?", "what format do I want your answers in?",
    "what did I tell you to call me?", "any rules for your replies?",
    "답변 어떻게 해달라고 했지?", "내가 말투 어떻게 하라고 했어?",
])
def test_questions_about_the_instructions(query: str) -> None:
    assert about_instructions(query), query


@pytest.mark.parametrize("query", [
    "what medication do I take?", "where do I work?", "내 직장 어디야?", "약 뭐 먹고 있지?",
    "when is my appointment?",
])
def test_questions_about_facts_are_not_about_instructions(query: str) -> None:
    assert not about_instructions(query), query


@pytest.mark.parametrize(("query", "family"), [
    ("what medication do I take?", "health"), ("what pills am I on?", "health"),
    ("내가 먹는 약 뭐였지?", "health"), ("처방받은 거 뭐야?", "health"),
    ("where do I work?", "work"), ("what's my job again?", "work"),
    ("회사 어디 다녀?", "work"), ("내 직업이 뭐야?", "work"),
    ("when is my appointment?", "appointment"), ("병원 예약 언제야?", "appointment"),
    ("what do I eat?", "diet"), ("what's my diet like?", "diet"),
    ("any food restrictions I have?", "diet"), ("what foods should I avoid?", "diet"),
    ("나 못 먹는 거 뭐야?", "diet"), ("내 식단 어때?", "diet"),
])
def test_a_question_names_its_family(query: str, family: str) -> None:
    assert family in query_families(query), query


@pytest.mark.parametrize("query", ["나 어디서 일해?", "동생은 어디서 일했었지?", "요즘 무슨 회사에서 일합니까?"])
def test_working_in_any_korean_ending_names_work(query: str) -> None:
    assert "work" in query_families(query), query


@pytest.mark.parametrize("text", [
    "요즘 야근이 많아. 나 물류센터에서 관리자로 일하거든",
    "작년까지 약국에서 일했어", "지금은 판교 스타트업에서 일합니다", "주말에도 일하는 중이야"])
def test_a_memory_working_in_any_korean_ending_shows_work(text: str) -> None:
    """일하다 in any ending (only "일해/일하고/일해요/일한다" were read): the user's Korean job
    turn was ranked down under "where do I work?" as showing no work."""
    assert "work" in text_families(text), text


def test_a_question_naming_no_family() -> None:
    for query in ("what's my dog's name?", "where did I go on vacation?", "고양이 몇 살이야?",
                  "what did I cook last night?", "일요일에 뭐 했지?", "매일 해야 하는 거 뭐였지?"):
        assert not query_families(query), query


@pytest.mark.parametrize(("text", "family"), [
    ("My rheumatologist switched me from Brandname to Otherbrand", "health"),
    ("started 20mg of something new for my back", "health"),
    ("혈압 때문에 매일 아침 한 알씩 먹어", "health"),
    ("신경과에서 새로 처방받았어", "health"),
    ("I work remotely for a small studio in Lisbon", "work"),
    ("just got hired as a line cook", "work"),
    ("저 이번에 중견기업으로 이직했어요", "work"),
    ("동네에서 꽃집 운영하고 있어", "work"),
    # an occupation the list does not hold, by its shape: "a <role> at/for <place>"
    ("User is a dental hygienist at a clinic in Croydon", "work"),
    ("I was a sous chef at Dishoom for three years", "work"),
    ("booked a check-up for the 9th", "appointment"),
    ("다음 주 화요일에 피부과 예약 잡혀 있어", "appointment"),
    ("User is pescatarian", "diet"), ("back running! also switched to vegan", "diet"),
    ("no dairy for me since March", "diet"), ("User doesn't eat pork", "diet"),
    ("저 고기 안 먹어요", "diet"), ("요즘 키토 식단 하고 있어", "diet"),
])
def test_a_memory_shows_its_family_by_general_words(text: str, family: str) -> None:
    assert family in text_families(text), text


@pytest.mark.parametrize("text", [
    "User is a regular at the gym", "I'm a sucker for a good sale at Target",
    "I have been a volunteer at the shelter", "I am a big fan of Arsenal"])
def test_a_role_at_no_place_of_work_is_no_occupation(text: str) -> None:
    assert "work" not in text_families(text), text


@pytest.mark.parametrize("text", [
    "우리 강아지가 요즘 밥을 잘 안 먹어", "I went hiking with my brother",
    "예약 없이 갔더니 자리가 없었대", "약속 시간에 늦었어", "technology is moving fast",
])
def test_texts_not_of_the_health_family(text: str) -> None:
    assert "health" not in text_families(text), text


@pytest.mark.parametrize("query", [
    "What did Caroline eat at the party?", "what did I have for dinner last night?",
    "어제 뭐 먹었지?", "where do we eat out?", "what's my favourite food truck called?"])
def test_a_meal_had_once_is_not_a_question_about_diet(query: str) -> None:
    """The diet family is the habit ("what do I eat?"), not one meal or a place to eat."""
    assert "diet" not in query_families(query), query


@pytest.mark.parametrize("text", [
    "we grabbed tacos after the game", "Great combo. Fish is a good protein source.",
    "우리 강아지가 요즘 밥을 잘 안 먹어", "I eat a lot of pasta when I'm stressed",
])
def test_texts_not_of_the_diet_family(text: str) -> None:
    assert "diet" not in text_families(text), text


@pytest.mark.parametrize("text", [
    "User takes iron supplements these days", "I've started on vitamin D for the winter",
    "사용자는 요즘 철분제 먹고 있다", "나 유산균 챙겨 먹어", "매일 밤 멜라토닌 한 알",
    "엄마가 오메가3를 사다 주셨어",
])
def test_a_supplement_the_lexicon_lists_shows_the_health_family(text: str) -> None:
    # no word of the family's own cue says medicine; the lexicon's kinds of it do
    assert "health" in text_families(text), text


def test_the_users_own_supplement_is_not_ranked_down_as_no_medicine() -> None:
    contents = {"own": "사용자는 요즘 철분제 먹고 있다",
                "mine": "I take fish oil and vitamin C every morning",
                "other": "퇴근하고 넷플릭스로 드라마 보는 게 낙이야"}
    for query in ("내가 먹는 약 뭐야?", "what medication do I take?"):
        shares = kind_shares(contents, query, instruction=0.6, family=0.5)
        assert "own" not in shares and "mine" not in shares, query
        assert shares["other"] == pytest.approx(0.5), query


def test_kind_shares() -> None:
    contents = {"rule": "from now on answer me in Korean please",
                "fact": "my endocrinologist switched me to a new pill",
                "other": "we adopted a puppy last spring"}
    shares = kind_shares(contents, "what medication do I take?", instruction=0.6, family=0.5)
    assert "fact" not in shares
    assert shares["other"] == pytest.approx(0.5)
    assert shares["rule"] < 0.5 * 0.65
    # a query about the instructions ranks them as any; no family named, none ranked down
    assert kind_shares(contents, "how should you answer me?", instruction=0.6,
                       family=0.8) == {}
    # a family no candidate shows ranks nothing down for it
    assert kind_shares({"other": contents["other"]}, "where do I work?", instruction=0.6,
                       family=0.8) == {}
    assert kind_shares(contents, "what medication do I take?", instruction=1.0,
                       family=1.0) == {}


async def test_an_instruction_does_not_outrank_the_fact_asked_for(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    """Fixed cosines on e5's scale, no shared word: the standing rule sits closer to the
    question than the fact (form, not meaning) and came first; now the fact does, and the
    rule comes first again when the question is about how to answer, or with
    ``instruction_relevance=1``."""
    rule = "From now on, answer me in Spanish please"
    fact = "the endocrinologist switched me to a new thyroid pill"
    asked, about = "what did the specialist change last time?", "how should you answer me?"
    cosines = {rule: 0.85, fact: 0.84, asked: 1.0, about: 1.0}
    embedder = fixed.FixedEmbedder({t: fixed.unit(c) for t, c in cosines.items()},
                                   similarity_range=(0.77, 0.90))
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add([{"role": "user", "content": rule}, {"role": "user", "content": fact}],
                      user_id="u1", session_id="s1", infer=False)
        hits = await mem.search(asked, user_id="u1", k=2)
        assert [h.record.content for h in hits] == [fact, rule]
        hits = await mem.search(about, user_id="u1", k=2)
        assert hits[0].record.content == rule
        mem.settings.scoring = mem.settings.scoring.model_copy(
            update={"instruction_relevance": 1.0})
        hits = await mem.search(asked, user_id="u1", k=2)
        assert hits[0].record.content == rule


async def test_a_question_naming_a_family_prefers_its_memories(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    """Fixed cosines, no shared word: "what is my job?" and a turn about a pet closer than
    the turn that says where the user works (by a general word, "shifts"); the work turn
    comes first, and not with ``family_relevance=1``."""
    pet = "the parrot keeps stealing my earrings lol"
    job = "I pull the night shifts at a bakery downtown"
    asked = "what is my job?"
    cosines = {pet: 0.852, job: 0.845, asked: 1.0}
    embedder = fixed.FixedEmbedder({t: fixed.unit(c) for t, c in cosines.items()},
                                   similarity_range=(0.77, 0.90))
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add([{"role": "user", "content": pet}, {"role": "user", "content": job}],
                      user_id="u1", session_id="s1", infer=False)
        hits = await mem.search(asked, user_id="u1", k=2)
        assert [h.record.content for h in hits] == [job, pet]
        mem.settings.scoring = mem.settings.scoring.model_copy(
            update={"family_relevance": 1.0})
        hits = await mem.search(asked, user_id="u1", k=2)
        assert hits[0].record.content == pet


def test_a_word_of_the_query_that_is_not_the_family_decides_nothing() -> None:
    """"치과 예약 언제야?": the occupation matches 치과 by its words, the appointment shows the
    family; the occupation is ranked down all the same (a private trial of the lead's)."""
    contents = {"job": "사용자는 치과위생사로 일하고 있다", "visit": "I booked the dentist for Thursday 3pm"}
    assert kind_shares(contents, "치과 예약 언제야?", instruction=0.6, family=0.5) == {
        "job": pytest.approx(0.5)}


_SESSIONS = [
    ("2026-10-01", [("user", "Hi! From now on answer me in Korean please."),
                    ("assistant", "네, 앞으로 한국어로 답변드릴게요."),
                    ("user", "I work at Naver as a backend engineer, mostly Java."),
                    ("assistant", "좋네요! 어떤 도움이 필요하세요?")]),
    ("2026-10-08", [("user", "My endocrinologist switched me from Synthroid to Tirosint last week."),
                    ("assistant", "알겠습니다. 복용 시간은 어떻게 되세요?"),
                    ("user", "Always answer the user in Korean please, and keep it short."),
                    ("user", "I have a dentist appointment on December 3rd at 2pm.")]),
    ("2026-10-15", [("user", "우리 강아지 보리가 요즘 밥을 잘 안 먹어."),
                    ("user", "나 요즘 회사 일이 너무 많아서 피곤해."),
                    ("user", "Don't ever suggest seafood recipes, I'm allergic to shrimp.")]),
]


@pytest.mark.slow
async def test_a_users_questions_about_themselves_find_facts_not_rules(
    tmp_path, make_settings  # type: ignore[no-untyped-def]
) -> None:
    """Three sessions through add() and end_session(), the real model. Before: "what
    medication do I take?" and "what meds am I on?" ranked "Hi! From now on answer me in
    Korean please." first or level with the Tirosint turn; a question about the rules still
    finds them first."""
    real = make_settings(embedder="local:multilingual-e5-small")
    async with AsyncMemory(f"sqlite:///{tmp_path}/k.db", settings=real) as mem:
        await play_sessions(mem, "u", _SESSIONS)

        async def top(query: str, k: int = 3) -> list[str]:
            return await top_contents(mem, "u", query, k)

        for query in ("what medication do I take?", "what meds am I on?"):
            found = await top(query)
            assert "Tirosint" in found[0], (query, found)
            assert not any("answer me in Korean" in f for f in found[:2]), (query, found)
        found = await top("where do I work?")
        assert "Naver" in found[0], found
        found = await top("how should you answer me?", k=2)
        assert all("Korean" in f or "한국어" in f for f in found), found


@pytest.mark.parametrize("query", [
    "Where is my home now?", "where do I live?", "What city do I live in now?",
    "Where does my sister live these days?", "Where did Caroline move from 4 years ago?",
    "어디 살아?", "우리 집이 어디야?", "사는 곳 알려줘", "what's my home address?"])
def test_a_question_about_where_someone_lives_names_home(query: str) -> None:
    assert "home" in query_families(query), query


@pytest.mark.parametrize("query", [
    "Did Melanie go to a live concert?", "What plants do I keep at home?",
    "What does John do at home on weekends?", "Where did she go on vacation?",
    "How many days a week do I run at the moment?", "살 빼는 방법 알려줘"])
def test_a_question_that_only_says_home_or_live_names_no_home(query: str) -> None:
    assert "home" not in query_families(query), query


@pytest.mark.parametrize("text", [
    "I'm renting a small flat downtown.", "We just signed the papers on a house in Valencia!",
    "I moved to Busan last year", "User lives with their roommate Felix",
    "사용자는 부산에 거주", "전세로 이사했어", "저는 분당에 살고 있어요"])
def test_a_memory_of_a_home_shows_home(text: str) -> None:
    assert "home" in text_families(text), text


@pytest.mark.parametrize("text", [
    "How long should I boil house plants?", "Try a stir-fry with house plants, garlic and soy.",
    "I got home late after the concert", "We watched a movie at home",
    "I went to a live concert", "살 빼려고 운동해", "Thanks for sharing that!"])
def test_texts_not_of_the_home_family(text: str) -> None:
    assert "home" not in text_families(text), text


async def test_where_one_lives_prefers_a_memory_of_a_home(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    """Fixed cosines in the small model's noise band: chatter that says "house plants" sits
    closer to "where is my home now?" than the turn that says where the user lives (the
    LongMemEval-format set's knowledge updates); the home turn comes first, and not with
    ``family_relevance=1``."""
    chatter = "Here is a four-line poem about house plants."
    home = "We just signed the papers on a house in Valencia!"
    asked = "Where is my home now?"
    cosines = {chatter: 0.852, home: 0.845, asked: 1.0}
    embedder = fixed.FixedEmbedder({t: fixed.unit(c) for t, c in cosines.items()},
                                   similarity_range=(0.77, 0.90))
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add([{"role": "user", "content": chatter}, {"role": "user", "content": home}],
                      user_id="u1", session_id="s1", infer=False)
        hits = await mem.search(asked, user_id="u1", k=2)
        assert [h.record.content for h in hits] == [home, chatter]
        mem.settings.scoring = mem.settings.scoring.model_copy(
            update={"family_relevance": 1.0})
        hits = await mem.search(asked, user_id="u1", k=2)
        assert hits[0].record.content == chatter
