"""A synthetic but realistic memory corpus for ``gieok bench``: English and Korean facts.

Embedding 100k texts with the real model takes ~40 min on two cores, so the latency bench
fills its store with generated sentences shaped like the memories an assistant keeps
("User's sister Mina lives in Busan and works as a nurse.", "사용자는 매주 토요일 아침에
한강에서 달리기를 한다."). Every sentence names the user, as real memories do, so common
terms such as "user" / "사용자" hit most documents and full-text search does its worst-case
work. Texts are unique (the engine would merge exact duplicates) and fully determined by the
seed. Korean particles follow the final consonant (을/를, 은/는, 이/가, 와/과, 로/으로).
"""

from __future__ import annotations

import random
from collections.abc import Callable

NAMES = ("Mina", "Jisoo", "Daniel", "Sora", "Minho", "Emily", "Hyunwoo", "Grace", "Taeyang",
         "Olivia", "Seojun", "Noah", "Yuna", "Liam", "Haneul", "Chloe", "Dongwook", "Mia")
NAMES_KO = ("민아", "지수", "대니얼", "소라", "민호", "에밀리", "현우", "그레이스", "태양",
            "올리비아", "서준", "노아", "유나", "리암", "하늘", "클로이", "동욱", "미아")
CITIES = ("Seoul", "Busan", "Incheon", "Daegu", "Jeju", "Gwangju", "Tokyo", "Osaka",
          "Berlin", "Lisbon", "Toronto", "Seattle", "Sydney", "Hanoi", "Taipei", "Paris")
CITIES_KO = ("서울", "부산", "인천", "대구", "제주", "광주", "도쿄", "오사카", "베를린",
             "리스본", "토론토", "시애틀", "시드니", "하노이", "타이베이", "파리")
RELATIONS = ("sister", "brother", "mother", "father", "friend", "colleague", "cousin", "manager")
RELATIONS_KO = ("여동생", "남동생", "어머니", "아버지", "친구", "동료", "사촌", "팀장")
JOBS = ("nurse", "teacher", "software engineer", "designer", "lawyer", "chef", "pharmacist",
        "accountant", "photographer", "researcher", "pilot", "barista")
JOBS_KO = ("간호사", "교사", "개발자", "디자이너", "변호사", "요리사", "약사", "회계사",
           "사진작가", "연구원", "조종사", "바리스타")
FOODS = ("kimchi stew", "sushi", "pho", "tteokbokki", "ramen", "pasta", "bibimbap", "tacos",
         "peanuts", "shrimp", "dark chocolate", "mint tea", "oat milk", "spicy chicken")
FOODS_KO = ("김치찌개", "초밥", "쌀국수", "떡볶이", "라멘", "파스타", "비빔밥", "타코",
            "땅콩", "새우", "다크 초콜릿", "민트차", "귀리 우유", "매운 닭갈비")
ACTIVITIES = ("running", "swimming", "yoga", "piano practice", "tennis", "climbing",
              "cycling", "pilates", "guitar lessons", "hiking", "badminton", "painting")
ACTIVITIES_KO = ("달리기", "수영", "요가", "피아노 연습", "테니스", "클라이밍", "자전거",
                 "필라테스", "기타 레슨", "등산", "배드민턴", "그림 그리기")
TOPICS = ("the quarterly budget", "the mobile app launch", "a database migration",
          "hiring plans", "the marketing campaign", "a customer complaint", "the office move",
          "the security audit", "travel expenses", "the new pricing")
TOPICS_KO = ("분기 예산", "모바일 앱 출시", "데이터베이스 이전", "채용 계획", "마케팅 캠페인",
             "고객 불만", "사무실 이전", "보안 감사", "출장비", "새 가격 정책")
PETS = ("dog", "cat", "parrot", "rabbit", "hamster", "turtle")
PETS_KO = ("강아지", "고양이", "앵무새", "토끼", "햄스터", "거북이")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
DAYS_KO = ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일")
TIMES = ("morning", "afternoon", "evening", "night")
TIMES_KO = ("아침", "오후", "저녁", "밤")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")


def _batchim(word: str) -> bool:
    last = word.rstrip()[-1]
    return "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 != 0


def _p(word: str, with_final: str, without: str) -> str:
    """Attach the particle that fits the word's last syllable (을/를, 은/는, 이/가…)."""
    return word + (with_final if _batchim(word) else without)


def _ro(word: str) -> str:
    last = word.rstrip()[-1]
    rieul = "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 == 8
    return word + ("으로" if _batchim(word) and not rieul else "로")


Template = Callable[[random.Random], str]


def _date(r: random.Random) -> str:
    return f"{r.randint(2019, 2025)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"


def _english(r: random.Random) -> str:
    c = r.choice
    options: list[Template] = [
        lambda r: f"User's {c(RELATIONS)} {c(NAMES)} lives in {c(CITIES)} and works as a "
                  f"{c(JOBS)} since {r.randint(1998, 2025)}.",
        lambda r: f"User is allergic to {c(FOODS)} and avoids it at restaurants "
                  f"(noted {_date(r)}).",
        lambda r: f"User goes {c(ACTIVITIES)} every {c(DAYS)} {c(TIMES)} near "
                  f"{c(CITIES)}, usually for {r.randint(20, 120)} minutes.",
        lambda r: f"User plans to visit {c(CITIES)} in {c(MONTHS)} {r.randint(2024, 2027)} "
                  f"with {c(NAMES)}.",
        lambda r: f"User had a meeting with {c(NAMES)} about {c(TOPICS)} on {_date(r)}.",
        lambda r: f"User's favourite dish is {c(FOODS)}; they order it about "
                  f"{r.randint(1, 9)} times a month.",
        lambda r: f"User has a {c(PETS)} named {c(NAMES)} who is {r.randint(1, 15)} years old.",
        lambda r: f"User started learning {c(ACTIVITIES)} in {r.randint(2010, 2025)} and "
                  f"practises with {c(NAMES)}.",
        lambda r: f"User prefers meetings in the {c(TIMES)} and dislikes calls after "
                  f"{r.randint(5, 11)} pm ({_date(r)}).",
        lambda r: f"User moved from {c(CITIES)} to {c(CITIES)} on {_date(r)} for a job as "
                  f"a {c(JOBS)}.",
    ]
    return c(options)(r)


def _korean(r: random.Random) -> str:
    c = r.choice
    options: list[Template] = [
        lambda r: f"사용자의 {c(RELATIONS_KO)} {_p(c(NAMES_KO), '은', '는')} "
                  f"{c(CITIES_KO)}에 살고 {r.randint(1998, 2025)}년부터 "
                  f"{_ro(c(JOBS_KO))} 일한다.",
        lambda r: f"사용자는 {c(FOODS_KO)} 알레르기가 있어서 식당에서 항상 확인한다 "
                  f"({_date(r)} 기록).",
        lambda r: f"사용자는 매주 {c(DAYS_KO)} {c(TIMES_KO)}에 {c(CITIES_KO)}에서 "
                  f"{_p(c(ACTIVITIES_KO), '을', '를')} {r.randint(20, 120)}분 동안 한다.",
        lambda r: f"사용자는 {r.randint(2024, 2027)}년 {r.randint(1, 12)}월에 "
                  f"{_p(c(NAMES_KO), '과', '와')} 함께 {c(CITIES_KO)} 여행을 계획하고 있다.",
        lambda r: f"사용자는 {_date(r)}에 {_p(c(NAMES_KO), '과', '와')} "
                  f"{c(TOPICS_KO)}에 대해 회의를 했다.",
        lambda r: f"사용자가 가장 좋아하는 음식은 {_p(c(FOODS_KO), '이고', '고')} 한 달에 "
                  f"{r.randint(1, 9)}번 정도 먹는다.",
        lambda r: f"사용자는 {r.randint(1, 15)}살 된 {c(PETS_KO)} "
                  f"{_p(c(NAMES_KO), '을', '를')} 키운다.",
        lambda r: f"사용자는 {r.randint(2010, 2025)}년에 {_p(c(ACTIVITIES_KO), '을', '를')} "
                  f"배우기 시작했고 {_p(c(NAMES_KO), '과', '와')} 같이 연습한다.",
        lambda r: f"사용자는 {c(TIMES_KO)} 회의를 선호하고 오후 {r.randint(5, 11)}시 이후 "
                  f"통화를 싫어한다 ({_date(r)}).",
        lambda r: f"사용자는 {_date(r)}에 {c(CITIES_KO)}에서 {_ro(c(CITIES_KO))} "
                  f"이사했고 {_ro(c(JOBS_KO))} 일하게 되었다.",
    ]
    return c(options)(r)


def memory_texts(n: int, *, seed: int = 0, korean_share: float = 0.5) -> list[str]:
    """``n`` unique synthetic memories, about ``korean_share`` of them in Korean."""
    r = random.Random(seed)
    seen: set[str] = set()
    out: list[str] = []
    while len(out) < n:
        text = _korean(r) if r.random() < korean_share else _english(r)
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out


def _query(r: random.Random) -> str:
    c = r.choice
    options: list[Template] = [
        lambda r: f"Where does the user's {c(RELATIONS)} live?",
        lambda r: f"What does {c(NAMES)} do for work?",
        lambda r: f"Is the user allergic to {c(FOODS)}?",
        lambda r: f"When does the user go {c(ACTIVITIES)}?",
        lambda r: f"Is the user planning a trip to {c(CITIES)}?",
        lambda r: f"Who did the user meet about {c(TOPICS)}?",
        lambda r: f"What is the name of the user's {c(PETS)}?",
        lambda r: f"Why did the user move to {c(CITIES)}?",
        lambda r: f"Can I call the user after {r.randint(5, 11)} pm?",
        lambda r: f"사용자의 {_p(c(RELATIONS_KO), '은', '는')} 어디에 살아?",
        lambda r: f"{_p(c(NAMES_KO), '은', '는')} 무슨 일을 해?",
        lambda r: f"사용자는 {c(FOODS_KO)} 먹어도 괜찮아?",
        lambda r: f"{_p(c(ACTIVITIES_KO), '은', '는')} 언제 해?",
        lambda r: f"{c(CITIES_KO)} 여행은 누구랑 가?",
        lambda r: f"{c(TOPICS_KO)} 회의는 누구랑 했어?",
        lambda r: f"{c(PETS_KO)} 이름이 뭐야?",
        lambda r: f"{_ro(c(CITIES_KO))} 이사한 이유는?",
        lambda r: f"{c(NAMES_KO)} {c(JOBS)} 맞아?",
        lambda r: f"{c(CITIES)} 여행 계획 있어?",
        lambda r: f"{c(ACTIVITIES_KO)} every {c(DAYS)}?",
        lambda r: f"{c(FOODS_KO)} allergy",
    ]
    return c(options)(r)


def query_texts(n: int, *, seed: int = 1) -> list[str]:
    """``n`` unique questions (English, Korean and mixed) in the corpus's vocabulary, so the
    full-text side finds real matches; unique so no query-side cache flatters the timing."""
    r = random.Random(seed)
    seen: dict[str, None] = {}
    attempts = 0
    while len(seen) < n and attempts < 100 * n:
        seen.setdefault(_query(r), None)
        attempts += 1
    return list(seen)
