"""W3: one test block per rule family of the heuristic extractor, in English and Korean,
plus the filters that keep assistant text, questions, greetings and other people's facts out."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.records import MemoryType, Source
from gieok.domain.turns import Turn
from gieok.write.extract.base import Candidate
from gieok.write.extract.heuristic import HeuristicExtractor, is_noise

AT = datetime(2025, 10, 27, 12, tzinfo=UTC)  # a Monday
EXTRACTOR = HeuristicExtractor()


def extract(*texts: str, role: str = "user") -> list[Candidate]:
    turns = [Turn(role=role, content=t, at=AT) for t in texts]  # type: ignore[arg-type]
    return EXTRACTOR.extract_sync(turns)


def contents(*texts: str) -> list[str]:
    return [c.content for c in extract(*texts)]


def one(text: str) -> Candidate:
    found = extract(text)
    assert len(found) == 1, [c.content for c in found]
    return found[0]


@pytest.mark.parametrize(("text", "content", "value"), [
    ("I live in Gangnam-gu, Seoul.", "User lives in Gangnam-gu, Seoul", "gangnam-gu, seoul"),
    ("We moved to Busan last spring.", "User lives in Busan", "busan"),
    ("I've lived in Daejeon for ten years.", "User lives in Daejeon", "daejeon"),
    ("나 강남구 살아", "사용자는 강남구에 거주", "강남구"),
    ("저는 서울 마포구에 살고 있어요.", "사용자는 서울 마포구에 거주", "서울 마포구"),
    ("지난달에 판교로 이사했어요", "사용자는 판교에 거주", "판교"),
])
def test_residence(text: str, content: str, value: str) -> None:
    found = one(text)
    assert (found.content, found.slot, found.value) == (content, "residence", value)
    assert found.category == "location" and found.source is Source.INFERRED


@pytest.mark.parametrize(("text", "content", "slot"), [
    ("I'm a nurse at Severance Hospital.", "User is a nurse at Severance Hospital", "occupation"),
    ("I work at Kakao.", "User works at Kakao", "employer"),
    ("I got a new job at Toss!", "User works at Toss", "employer"),
    ("저는 백엔드 개발자예요.", "사용자의 직업은 백엔드 개발자", "occupation"),
    ("요즘 삼성전자에 다니고 있어", "사용자는 삼성전자에서 근무", "employer"),
    ("LG전자로 이직했어요", "사용자는 LG전자에서 근무", "employer"),
])
def test_job_and_situation(text: str, content: str, slot: str) -> None:
    found = one(text)
    assert (found.content, found.slot) == (content, slot)


@pytest.mark.parametrize(("text", "content", "value"), [
    ("I really love spicy food.", "User loves spicy food", "like"),
    ("I hate cilantro.", "User dislikes cilantro", "dislike"),
    ("I'm a huge fan of BTS.", "User likes BTS", "like"),
    ("매운 음식 정말 좋아해요", "사용자는 매운 음식을 좋아함", "like"),
    ("고수는 진짜 싫어해", "사용자는 고수를 싫어함", "dislike"),
    ("오이 진짜 싫어해", "사용자는 오이를 싫어함", "dislike"),
    ("커피는 별로 안 좋아해", "사용자는 커피를 싫어함", "dislike"),
    ("나는 친환경 제품에 관심이 많아", "사용자는 친환경 제품에 관심이 많음", "like"),
])
def test_likes_dislikes_and_preferences(text: str, content: str, value: str) -> None:
    found = one(text)
    assert (found.content, found.value, found.type) == (content, value, MemoryType.PREFERENCE)
    assert found.slot and found.slot.startswith("pref:")


def test_favourites_are_single_valued_slots() -> None:
    found = one("My favorite band is Radiohead.")
    assert (found.content, found.slot) == ("User's favorite band is Radiohead", "favorite:band")


@pytest.mark.parametrize(("text", "content"), [
    ("I have two kids.", "User has two kids"),
    ("I have a cat named Nabi.", "User has a cat named Nabi"),
    ("I've got a golden retriever.", "User has a golden retriever"),
    ("My daughter is 7 years old.", "User's daughter is 7 years old"),
    ("아이가 있어요", "사용자는 아이가 있다"),
    ("고양이 두 마리 키워요", "사용자는 고양이 두 마리 키운다"),
    ("우리 강아지 이름은 초코야", "사용자의 강아지 이름은 초코다"),
    ("My cat Nabi is allergic to chicken.", "User's cat Nabi is allergic to chicken"),
    ("우리 고양이 나비는 닭고기 알레르기가 있어", "사용자의 고양이 나비는 닭고기 알레르기가 있다"),
])
def test_family_and_pets(text: str, content: str) -> None:
    assert one(text).content == content


@pytest.mark.parametrize(("text", "content"), [
    ("I'm allergic to peanuts.", "User is allergic to peanuts"),
    ("My dog is allergic to chicken.", "User's dog is allergic to chicken"),
    ("I take metformin 500mg twice a day.", "User takes metformin 500mg twice a day"),
    ("I have type 2 diabetes.", "User has type 2 diabetes"),
    ("I'm vegetarian.", "User is vegetarian"),
    ("저 땅콩 알레르기 있어요", "사용자는 땅콩 알레르기가 있음"),
    ("우리 고양이는 닭고기 알레르기가 있어", "사용자의 고양이는 닭고기 알레르기가 있다"),
    ("혈압약 먹고 있어", "사용자는 혈압약 먹고 있다"),
    ("당뇨가 있어", "사용자는 당뇨가 있다"),
    ("저 채식주의자예요", "사용자는 채식주의자 식단"),
])
def test_health_allergies_medication_chronic_diet(text: str, content: str) -> None:
    found = one(text)
    assert found.content == content
    assert found.importance >= 0.8  # seed 001: safety-critical items rank high


def test_allergies_and_medication_are_the_most_important() -> None:
    allergy = one("I'm allergic to peanuts.")
    hobby = one("I love hiking.")
    assert allergy.importance == 0.9 and hobby.importance < allergy.importance


@pytest.mark.parametrize(("text", "content"), [
    ("I have a job interview tomorrow.", "User has a job interview tomorrow"),
    ("I'm traveling to Japan next month.", "User is traveling to Japan next month"),
    ("The quarterly report is due next Friday.",
     "The quarterly report is due next Friday (2025-11-07)"),
    ("내일 중요한 면접이 있어", "사용자는 내일 중요한 면접이 있다"),
    ("다음 달에 제주도 여행 갈 예정이야", "사용자는 다음 달에 제주도 여행 갈 예정이다"),
    ("보고서 마감은 금요일까지야", "보고서 마감은 금요일까지 (2025-10-31)"),
])
def test_plans_dates_and_deadlines(text: str, content: str) -> None:
    assert one(text).content == content


@pytest.mark.parametrize(("text", "content"), [
    ("We decided to use PostgreSQL instead of MongoDB.",
     "User decided to use PostgreSQL instead of MongoDB"),
    ("결국 이직하기로 했어", "사용자는 결국 이직하기로 했다"),
])
def test_decisions(text: str, content: str) -> None:
    found = one(text)
    assert (found.content, found.type) == (content, MemoryType.DECISION)


@pytest.mark.parametrize(("text", "content", "slot"), [
    ("From now on, always answer in Korean.", "Always answer in Korean", "rule:language"),
    ("Please never use emojis in your answers.", "Never use emojis in your answers",
     "rule:tone"),
    ("앞으로 항상 한국어로 대답해줘", "사용자 요청: 항상 한국어로 대답할 것", "rule:language"),
    ("앞으로 반말 하지 마", "사용자 요청: 항상 반말 하지 말 것", "rule:tone"),
])
def test_standing_rules(text: str, content: str, slot: str) -> None:
    found = one(text)
    assert (found.content, found.type, found.slot) == (content, MemoryType.RULE, slot)
    assert found.category == "feedback"


def test_a_habit_is_not_a_rule() -> None:
    found = one("I always use Python for scripts.")
    assert found.type is MemoryType.FACT and found.content == "User always uses Python for scripts"


@pytest.mark.parametrize(("text", "content"), [
    ("Remember that my wife's birthday is June 3rd.", "User's wife's birthday is June 3rd"),
    ("I'm allergic to peanuts. Remember that!", "User is allergic to peanuts"),
    ("나 땅콩 알레르기 있는 거 기억해줘", "사용자는 땅콩 알레르기가 있음"),
    ("내 차는 흰색 아반떼라는 거 기억해줘", "사용자의 차는 흰색 아반떼다"),
])
def test_explicit_requests(text: str, content: str) -> None:
    found = one(text)
    assert found.content == content and found.source is Source.EXPLICIT
    assert found.confidence >= 0.95


def test_profile_name_age() -> None:
    assert one("My name is Jisoo.").slot == "name"
    assert one("I'm 34.").content == "User is 34 years old"
    assert one("나 27살이야").content == "사용자는 27세"


@pytest.mark.parametrize("text", [
    "hi", "thanks!", "ok cool, bye", "lol that's funny", "안녕하세요", "고마워요", "ㅋㅋㅋㅋ",
    "Where should I throw away plastic bottles?", "Can you recommend a restaurant in Gangnam",
    "페트병 어디 버려?", "강남역 근처 맛집 추천해줘", "오늘 뭐 먹지?",
    "My friend lives in Busan.", "친구는 부산에 살아", "민수씨는 강남에 살아",
    "If I lived in Paris I would eat croissants every day.",
    "I like that idea!", "I love it", "I'm going to bed now.", "I'm a bit tired today.",
    "I don't live in Seoul anymore", "call me tomorrow please",
])
def test_noise_yields_nothing(text: str) -> None:
    assert contents(text) == []


def test_assistant_turns_are_never_read() -> None:
    assert extract("You live in Seoul and love hiking.", role="assistant") == []


def test_questions_and_small_talk_are_noise() -> None:
    assert is_noise("Where do you live?") and is_noise("어디 살아?")
    assert is_noise("thank you so much") and not is_noise("I live in Seoul")


def test_hedged_statements_get_lower_confidence() -> None:
    assert one("I think I'm allergic to shrimp.").confidence == 0.6
    assert one("I'm allergic to shrimp.").confidence == 0.85


def test_mixed_language_turn() -> None:
    found = contents("I live in Seoul, 그리고 고양이 키워요")
    assert "User lives in Seoul" in found
    assert any("고양이" in c and "사용자" in c for c in found)


def test_candidates_point_back_at_their_turn() -> None:
    turn = Turn(role="user", content="I live in Busan.", at=AT)
    found = EXTRACTOR.extract_sync([turn])[0]
    assert found.turn_ids == (turn.id,) and found.preview == "I live in Busan." and found.at == AT
