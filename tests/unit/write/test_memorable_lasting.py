"""Short statements of health and of a dated appointment are facts by their clause shape, not
by the learned judge's score (lasting.py): a judge trained on many writers' files scores two-
word casual Korean statements ("당뇨가 있어") as low as a greeting, so what keeps them is the
structure — a health word, a medicine or a scheduled event as what the predicate (있다, a verb
of taking, a verb of suffering) takes, with the speaker, a relative or a pet as the one who
has it. The sentences are written for this test, in words of no labelled file."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.lasting import asked_about_user, lasting

AT = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize("sentence", [
    "갑상선 질환이 있어요",  # a condition had
    "나 새우 알레르기 있음",  # an allergy had
    "우리 할머니가 천식이 있으셔",  # a relative's condition
    "요즘 철분제 먹고 있어",  # a supplement taken (the progressive)
    "아빠는 고지혈증 약 드셔",  # a relative's medicine
    "우리 고양이 인슐린 맞아",  # a pet's medicine
    "작년에 통풍에 걸렸어",  # a condition caught
    "모레 건강검진 예약 있어요",  # an appointment on a coming day
    "다음주 목요일에 기말 시험 있어",  # an exam with its day
    "우리 햄스터 이름은 두부야",  # a name given
    "어깨가 매일 결려",  # a body part with no owner is the speaker's
    "my grandpa has Parkinson's disease",
    "I take levothyroxine every morning",
    "my daughter is allergic to kiwi",
    "I have a dentist appointment next Tuesday",
    "my parrot keeps pulling out his feathers",
])
def test_health_and_appointments_are_lasting_by_their_shape(sentence: str) -> None:
    assert lasting(sentence), sentence


@pytest.mark.parametrize("sentence", [
    "동료가 고혈압이 있어",  # someone else's condition
    "직장 동료 이름은 태호야",  # someone else's name
    "이름은 보리야",  # whose name, the sentence does not say
    "비염 있어?",  # a question
    "나 알레르기 없어",  # none
    "두통약 안 먹어",  # negated
    "어제 소화제 먹었어",  # one past dose
    "오늘 회의 있어",  # today's event passes with the day
    "내일 시간 있어",  # no scheduled event
    "알레르기 있는 사람 많더라",  # a modifier clause, not a statement
    "점심 먹고 있어",  # food, not a medicine
    "오늘은 그냥 심심해서 말 걸어봤어요 ㅎㅎ",  # chatter
    "my coworker has diabetes",
    "I have a headache",
    "I'm not allergic to anything",
    "I have a meeting now",
    "I keep losing my umbrella",
])
def test_what_is_not_had_or_not_ours_is_not(sentence: str) -> None:
    assert not lasting(sentence), sentence


def test_a_short_health_statement_is_stored_whatever_the_judge_scores() -> None:
    got = [c.content for c in HeuristicExtractor().extract_sync(
        [Turn(role="user", content="갑상선 질환이 있어요", at=AT)])]
    assert any("갑상선" in c for c in got), got
    got = [c.content for c in HeuristicExtractor().extract_sync(
        [Turn(role="user", content="모레 건강검진 예약 있어요", at=AT)])]
    assert any("건강검진" in c for c in got), got


@pytest.mark.parametrize(("question", "about_user"), [
    ("What's his name?", True),
    ("How old is he?", True),
    ("Where do you live now?", True),
    ("몇 살이에요?", True),
    ("강아지 이름이 뭐예요?", True),
    ("How many people are you cooking for?", False),
    ("Want me to add the quantities?", False),
    ("몇 인분 필요하세요?", False),
    ("How was your weekend?", False),
    ("", False),
])
def test_a_question_about_the_users_life_by_its_shape(question: str, about_user: bool) -> None:
    assert asked_about_user(question) is about_user
