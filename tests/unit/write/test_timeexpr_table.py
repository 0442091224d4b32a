"""Time phrases in chat sentences and the date each resolves to (issue 16, session 5).

Written all at once, before any rule: plans of the user, their family and their pets, in
English and Korean, many phrasings per kind. Each row's half is fixed by its text
(``half(sentence)``): the rules were written from half "a" only; half "b" is the held-out
check (see docs/benchmarks.md "Round 3, session 5"). Turn times: F = Friday 2026-04-10,
T = Tuesday 2026-12-22 (a year wraps), M = Monday 2026-10-12 (past tense).
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.timeexpr import resolve_time

TURNS = {
    "F": datetime(2026, 4, 10, 9, 0, tzinfo=UTC),
    "T": datetime(2026, 12, 22, 9, 0, tzinfo=UTC),
    "M": datetime(2026, 10, 12, 9, 0, tzinfo=UTC),
}


def half(sentence: str) -> str:
    """"a" (rules written from it) or "b" (held out), fixed by the text."""
    return "a" if hashlib.sha256(sentence.encode()).digest()[0] % 2 == 0 else "b"


# (sentence, turn, resolved value, the phrase kept — a substring of the sentence)
EN: list[tuple[str, str, str, str]] = [
    ("we're doing the team outing on the 14th", "F", "2026-04-14", "the 14th"),
    ("my daughter's piano recital is on the 3rd", "F", "2026-05-03", "the 3rd"),
    ("Mochi's vet appointment is the 21st", "F", "2026-04-21", "the 21st"),
    ("dentist on the 2nd, ugh", "T", "2027-01-02", "the 2nd"),
    ("I'm flying to Osaka next Saturday", "F", "2026-04-18", "next Saturday"),
    ("my son has a soccer game this Friday", "T", "2026-12-25", "this Friday"),
    ("we're seeing my parents this Saturday", "F", "2026-04-11", "this Saturday"),
    ("my wife's birthday dinner is this coming Friday", "T", "2026-12-25", "this coming Friday"),
    ("Bori gets neutered next Tuesday", "F", "2026-04-14", "next Tuesday"),
    ("moving into the new place next Fri", "F", "2026-04-17", "next Fri"),
    ("my mom's surgery is this thurs", "T", "2026-12-24", "this thurs"),
    ("I have a job interview in two weeks", "F", "2026-04-24", "in two weeks"),
    ("my sister's wedding is in 3 weeks", "F", "2026-05-01", "in 3 weeks"),
    ("the baby is due in a couple of weeks", "F", "2026-04-24", "in a couple of weeks"),
    ("I start the new job in 10 days", "F", "2026-04-20", "in 10 days"),
    ("our lease ends two weeks from now", "F", "2026-04-24", "two weeks from now"),
    ("Luna's booster shot is due in a fortnight", "F", "2026-04-24", "in a fortnight"),
    ("my brother gets back from his deployment in 2 wks", "F", "2026-04-24", "in 2 wks"),
    ("rent goes up at the end of the month", "F", "2026-04", "end of the month"),
    ("we're moving out by the end of next month", "F", "2026-05", "end of next month"),
    ("I have to finish the thesis by end of month", "T", "2026-12", "end of month"),
    ("my kid starts swim lessons mid-May", "F", "2026-05", "mid-May"),
    ("we're going camping in early June", "F", "2026-06", "early June"),
    ("my dad retires on May 3rd", "F", "2026-05-03", "May 3rd"),
    ("the kids' spring concert is on the 3rd of May", "F", "2026-05-03", "3rd of May"),
    ("I'm taking the GRE tomorrow night", "F", "2026-04-11", "tomorrow"),
    ("got my driving test tmrw", "F", "2026-04-11", "tmrw"),
    ("Coco's grooming appointment is tmr morning", "T", "2026-12-23", "tmr"),
    ("I'm running a half marathon on the first", "F", "2026-05-01", "the first"),
    ("my niece's christening is on the fifteenth", "F", "2026-04-15", "the fifteenth"),
    ("we close on the house on the 18th of this month", "F", "2026-04-18", "the 18th of this month"),
    ("my daughter's school trip is on the 2nd of next month", "F", "2026-05-02", "the 2nd of next month"),
    ("parent-teacher conference Saturday the 18th", "F", "2026-04-18", "Saturday the 18th"),
    ("my husband's flight lands Thursday the 24th", "T", "2026-12-24", "Thursday the 24th"),
    ("we're throwing a party the weekend after next", "F", "2026-04-25", "the weekend after next"),
    ("the cat's dental cleaning is a week from Saturday", "F", "2026-04-18", "a week from Saturday"),
    ("I'm visiting my grandma in a month", "F", "2026-05", "in a month"),
    ("my son's graduation is next month", "T", "2027-01", "next month"),
    ("my wife and I are going to Jeju this summer", "F", "2026-06", "this summer"),
    ("I'm getting my wisdom teeth out next week", "F", "2026-04-13", "next week"),
    ("my mother-in-law is staying with us from the 20th", "F", "2026-04-20", "the 20th"),
    ("my exam is the 28th at 9am", "F", "2026-04-28", "the 28th"),
    ("the puppy's second vaccine is on the 5th, then the third one on the 26th", "F",
     "2026-05-05", "the 5th"),
    ("I've been learning piano since September", "M", "2026-09", "since September"),
    ("we've lived here since March", "M", "2026-03", "since March"),
    ("my dog has been on insulin since last spring", "M", "2026-03", "last spring"),
    ("I'm off work until the 30th", "F", "2026-04-30", "the 30th"),
    ("the twins' birthday party is on Sunday", "F", "2026-04-12", "Sunday"),
    ("my boss is out till next Wed", "F", "2026-04-15", "next Wed"),
    ("I'm seeing the cardiologist later this month", "F", "2026-04", "later this month"),
]

KO: list[tuple[str, str, str, str]] = [
    ("서준이 다음달 12일에 수학경시대회 나가요", "F", "2026-05-12", "다음달 12일"),
    ("다음 달 3일에 이사 가요", "T", "2027-01-03", "다음 달 3일"),
    ("이번 주 토요일에 애들 데리고 캠핑 가", "F", "2026-04-11", "이번 주 토요일"),
    ("이번주 토욜에 엄마 생신이라 부산 내려가", "F", "2026-04-11", "이번주 토욜"),
    ("이번 토요일에 콩이 미용 예약했어", "F", "2026-04-11", "이번 토요일"),
    ("다음 토요일에 남편이랑 공연 보러 가요", "F", "2026-04-18", "다음 토요일"),
    ("담주 화요일에 건강검진 받아요", "F", "2026-04-14", "담주 화요일"),
    ("담달에 딸 돌잔치 해요", "F", "2026-05", "담달"),
    ("다다음주 월요일부터 새 회사 출근해요", "F", "2026-04-20", "다다음주 월요일"),
    ("다다음주에 제주도 가", "T", "2027-01-04", "다다음주"),
    ("12일에 아들 졸업식이에요", "F", "2026-04-12", "12일"),
    ("3일에 치과 예약 있어", "F", "2026-05-03", "3일"),
    ("12일날 보리 중성화 수술해요", "F", "2026-04-12", "12일날"),
    ("15일까지 보고서 내야 돼", "F", "2026-04-15", "15일까지"),
    ("이달 말에 이사해요", "F", "2026-04", "이달 말"),
    ("이번 달 말에 아내 출산 예정이에요", "F", "2026-04", "이번 달 말"),
    ("월말에 적금 만기야", "T", "2026-12", "월말"),
    ("다음 달 초에 새 집 계약해요", "F", "2026-05", "다음 달 초"),
    ("다음달 말에 퇴사해", "F", "2026-05", "다음달 말"),
    ("2주 뒤에 딸 수술이에요", "F", "2026-04-24", "2주 뒤"),
    ("2주 후에 면접 있어요", "F", "2026-04-24", "2주 후"),
    ("두 달 뒤에 결혼해요", "F", "2026-06", "두 달 뒤"),
    ("3일 뒤에 출장 가", "F", "2026-04-13", "3일 뒤"),
    ("일주일 뒤에 나비 재검사 받아요", "F", "2026-04-17", "일주일 뒤"),
    ("한 달 후에 남동생 전역해요", "T", "2027-01", "한 달 후"),
    ("이틀 뒤에 엄마 퇴원하셔", "F", "2026-04-12", "이틀 뒤"),
    ("사흘 뒤에 시험이야", "F", "2026-04-13", "사흘 뒤"),
    ("열흘 뒤에 아빠 환갑이에요", "F", "2026-04-20", "열흘 뒤"),
    ("보름 뒤에 이사 들어가요", "F", "2026-04-25", "보름 뒤"),
    ("2주 있다가 초코 예방접종 맞혀야 돼", "F", "2026-04-24", "2주 있다가"),
    ("한 달 있으면 아기 태어나요", "F", "2026-05", "한 달 있으면"),
    ("글피에 운전면허 시험 봐요", "F", "2026-04-13", "글피"),
    ("모레 딸 유치원 발표회 있어", "F", "2026-04-12", "모레"),
    ("주말에 시댁 가요", "F", "2026-04-11", "주말"),
    ("이번 주말에 아들 생일파티 해요", "T", "2026-12-26", "이번 주말"),
    ("다음 주말에 친정 가요", "F", "2026-04-18", "다음 주말"),
    ("5월 3일에 언니 결혼식이야", "F", "2026-05-03", "5월 3일"),
    ("5월 초에 가족여행 가요", "F", "2026-05", "5월 초"),
    ("1월 5일에 아들 입대해요", "T", "2027-01-05", "1월 5일"),
    ("다음 주 금요일에 부산 출장 가요", "T", "2027-01-01", "다음 주 금요일"),
    ("금요일에 고양이 스케일링 해요", "T", "2026-12-25", "금요일"),
    ("수욜에 팀 회식 있어", "F", "2026-04-15", "수욜"),
    ("담주 금욜에 아내 생일이야", "F", "2026-04-17", "담주 금욜"),
    ("내년 봄에 둘째 태어나요", "F", "2027-03", "내년 봄"),
    ("올해 말에 결혼할 예정이에요", "F", "2026-12", "올해 말"),
    ("다음 주에 엄마 수술 받으셔", "F", "2026-04-13", "다음 주"),
    ("다음 달 중순에 이사해요", "F", "2026-05", "다음 달 중순"),
    ("이번 달 20일에 아빠 생신이에요", "F", "2026-04-20", "이번 달 20일"),
    ("9월부터 피아노 배우고 있어", "M", "2026-09", "9월부터"),
    ("지난 주 토요일에 강아지 입양했어", "M", "2026-10-10", "지난 주 토요일"),
]


@pytest.mark.parametrize(("sentence", "turn", "value", "phrase"), EN + KO)
def test_a_time_phrase_resolves_against_the_turn(sentence: str, turn: str, value: str,
                                                   phrase: str) -> None:
    when = resolve_time(sentence, TURNS[turn])
    assert when is not None, sentence
    assert (when.value, phrase.lower() in when.phrase.lower()) == (value, True), when


def test_both_halves_are_large() -> None:
    # the held-out half is half the table, not a handful of rows
    halves = [half(s) for s, *_ in EN + KO]
    assert min(halves.count("a"), halves.count("b")) >= 40


@pytest.mark.parametrize("sentence", [
    "I live on the 3rd floor", "this is the second time he did that", "for the 1st time ever",
    "주말마다 등산 가요", "보통 주말에 늦잠 자요", "we deploy every Thursday",
    "부담주지 마세요", "그 사람 이달라고 했어",
])
def test_words_that_are_not_a_date(sentence: str) -> None:
    assert resolve_time(sentence, TURNS["F"]) is None


@pytest.mark.parametrize(("sentence", "value"), [
    # a plan of the user, a relative or a pet: the memory carries the date and the phrase
    ("서준이 다음달 12일에 수학경시대회 나가요", "2026-05-12"),
    ("we're doing the team outing on the 14th", "2026-04-14"),
    ("my daughter's piano recital is on the 3rd", "2026-05-03"),
    ("Bori gets neutered next Tuesday", "2026-04-14"),
    ("일주일 뒤에 나비 재검사 받아요", "2026-04-17"),
    ("2주 뒤에 딸 수술이에요", "2026-04-24"),
    ("I have a job interview in two weeks", "2026-04-24"),
    ("이번 주 토요일에 애들 데리고 캠핑 가", "2026-04-11"),
    # the date said in a sentence after the plan
    ("방학 때 제주도 한달살기 하려고요. 7월 25일부터", "2026-07-25"),
])
def test_a_plans_memory_carries_its_date(sentence: str, value: str) -> None:
    found = HeuristicExtractor().extract_sync([Turn(role="user", content=sentence,
                                                    at=TURNS["F"])])
    assert [(c.data or {}).get("when") for c in found] == [value], found
    assert all((c.data or {}).get("when_phrase") for c in found)
