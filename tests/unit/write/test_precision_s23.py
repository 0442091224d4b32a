"""What chat stores that it should not (session 23, issue 16): what the user tells about the
person a requested toast or speech is for, a clause with no subject after a question about
someone else, a question the user asks themselves, homework said as what the question is, a
request with whose it is tacked on, a joke taken back with a bare "농담", a pet's allergy said
with the dative, a pet refusing food read as a pinned diet, "집은 … 게임" read as a home, a
bare English time after a Korean fact, and "임신 중" beside the week. Every sentence was written
for these tests; each shape has look-alikes that keep their fact.
"""

from __future__ import annotations

import pytest

from gieok.write.extract import chatter, drafted
from tests.support.chat_extract import chat


def _has(lines: list[tuple[str, bool]], word: str) -> bool:
    return any(word.casefold() in content.casefold() for content, _ in lines)


# -- the subject of a requested text ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "gone"), [
    ("u: 친구 결혼식 축사 써줘. 신랑은 민혁이고 대학 동기야. 등산 좋아하고 요리 잘해", "등산"),
    ("u: 친구 결혼식 축사 써줘. 신랑은 민혁이고 대학 동기야. 등산 좋아하고 요리 잘해", "민혁"),
    ("u: my cousin's the best man and begged me to help with his toast. groom is Dan, they met "
     "in the navy, he's marrying Claire who's a vet", "Claire"),
    ("u: my cousin's the best man and begged me to help with his toast. groom is Dan, they met "
     "in the navy, he's marrying Claire who's a vet", "navy"),
    ("u: write a toast for my buddy's wedding. he's a firefighter, they met at a bar", "firefighter"),
    ("u: 팀장님 퇴임사 써야 돼. 25년 근무하셨고 등산을 좋아하셔", "등산"),
    ("u: help me with a retirement speech for my coworker. she worked here 30 years and loves "
     "gardening", "gardening"),
])
def test_what_describes_the_subject_of_a_requested_text_is_not_stored(text: str, gone: str) -> None:
    out = chat(text)
    assert not _has(out, gone), out


@pytest.mark.parametrize(("text", "kept"), [
    # the text is for one of the user's own people: what follows is a family fact
    ("u: 동생 결혼식 축사 써줘. 동생은 간호사고 부산 살아", "간호사"),
    ("u: write a toast for my sister's wedding. she's a nurse in Boston", "nurse"),
    ("u: 아빠 환갑 축사 써줘. 30년 동안 철도청에서 일하셨고 낚시를 좋아하셔", "철도청"),
    ("u: write an instagram caption for my dog Max. he's a 3 year old beagle", "beagle"),
    # the user speaks of themselves after the request, or before it
    ("u: 친구 결혼식 축사 써줘. 나는 그 친구랑 10년 지기고 지금 부산 살아", "부산"),
    ("u: I'm a nurse in Leeds. write a toast for my friend Tom", "nurse"),
    ("u: 친구 생일 카드 써줘. 걔 요즘 필라테스에 빠졌어. 참고로 나는 다음 달에 이사 가", "이사"),
    # no request: the same description is read as usual
    ("u: 저 다음 달에 결혼해요. 축사는 친구가 해주기로 했어요", "결혼"),
    ("u: 시누이 wedding이 5월 16일인데 축사 부탁받았어 ㅠ 영어로 해야 돼", "시누이"),
])
def test_a_requested_text_leaves_the_users_own_facts(text: str, kept: str) -> None:
    assert _has(chat(text), kept)


def test_asks_for_text_reads_the_request_not_the_topic() -> None:
    assert drafted.asks_for_text("친구 결혼식 축사 써줘.")
    assert drafted.asks_for_text("my cousin's the best man and begged me to help with his toast.")
    assert not drafted.asks_for_text("동생 결혼식 축사 써줘.")
    assert not drafted.asks_for_text("I gave a toast at my friend's wedding last week.")
    assert not drafted.asks_for_text("축사는 친구가 해주기로 했어요")


# -- a clause with no subject after a question about someone else ----------------------------------

def test_a_bare_clause_after_a_question_about_someone_is_theirs() -> None:
    out = chat("u: what's a good gift for someone who has everything, retiring after 40 years")
    assert not _has(out, "retiring"), out


@pytest.mark.parametrize(("text", "kept"), [
    ("u: what's a good gift for my coworker, I'm a nurse in Leeds btw", "nurse"),
    ("u: any tips for a toddler who won't sleep, just moved to Denver", "Denver"),
])
def test_the_users_own_clause_after_such_a_question_stays(text: str, kept: str) -> None:
    assert _has(chat(text), kept)


# -- questions, homework, requests, jokes ----------------------------------------------------------

@pytest.mark.parametrize("sentence", [
    "크리스마스 캐롤 가사 중에 다음 소절 뭐였지",
    "그 가게 이름이 뭐더라",
    "거기 몇 층이었지",
    "우리 반 숙제야",
    "과제임",
    "it's homework",
    "my homework asks when the war ended",
    "응 매달 1일로 해줘, 몽이 거",
])
def test_chatter_reads_a_question_homework_and_a_request(sentence: str) -> None:
    assert chatter.of_the_moment(sentence)


@pytest.mark.parametrize("sentence", [
    "저는 뭐든 잘 먹어요",
    "연락은 언제든지 괜찮아요",
    "저는 초등학교 선생님이라 숙제 검사가 일이에요",
    "우리 딸 숙제 봐주느라 매일 밤 9시까지 바빠",
    "I help my son with his homework every night",
    "이건 엄마 거야",
])
def test_chatter_leaves_statements_about_questions_and_homework(sentence: str) -> None:
    assert not chatter.of_the_moment(sentence)


@pytest.mark.parametrize("text", [
    "u: 크리스마스 캐롤 가사 중에 '루돌프 사슴코' 다음 소절 뭐였지",
    "u: 우리 반 숙제인데 조선 건국 연도가 언제야?",
    "u: 나 사실 외계인이야 ㅋㅋ 농담",
    "u: 응 매달 1일로 해줘, 몽이 거",
])
def test_nothing_is_stored_from_a_question_homework_a_joke_or_a_request(text: str) -> None:
    assert chat(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("u: 저 고양이 두 마리 키워요. 이름이 뭐였지 아 나비랑 초코", "나비"),
    ("u: 나 다음 달에 이사 가 ㅋㅋ 진짜임", "이사"),
    ("u: 친구가 농담을 잘해서 같이 있으면 재밌어. 나는 간호사야", "간호사"),
])
def test_a_fact_beside_those_shapes_stays(text: str, kept: str) -> None:
    assert _has(chat(text), kept)


def test_a_question_to_oneself_is_not_part_of_the_fact_before_it() -> None:
    out = chat("u: 저 고양이 두 마리 키워요. 이름이 뭐였지 아 나비랑 초코")
    assert not _has(out, "뭐였"), out


# -- whose allergy, whose refusal ------------------------------------------------------------------

def test_a_pets_allergy_said_with_the_dative_is_not_the_users() -> None:
    out = chat("u: 저희 집 리트리버 하루한테 닭고기 알레르기가 있어서 간식 만들려는데 레시피 있을까요")
    assert not any(c.startswith("사용자는 닭고기") for c, _ in out), out
    assert _has(out, "하루")


@pytest.mark.parametrize(("text", "kept"), [
    ("u: 나한테 땅콩 알레르기가 있어서 조심해야 돼", "사용자는 땅콩 알레르기"),
    ("u: 저는 새우 알레르기가 있어요", "사용자는 새우 알레르기"),
    ("u: 저 고양이 털 알레르기 있어요", "사용자는 고양이 털 알레르기"),
])
def test_the_users_own_allergy_stays(text: str, kept: str) -> None:
    out = chat(text)
    assert any(c.startswith(kept) and pinned for c, pinned in out), out


def test_a_pet_refusing_food_is_not_a_pinned_diet() -> None:
    out = chat("u: 우리 고슴도치 밤톨이가 요즘 밥을 잘 안 먹어요", "a: 걱정되시겠어요. 몇 살이에요?",
               "u: 두 살이요. 밀웜 좋아하는데 그것도 안 먹어요")
    assert not any("밀웜" in c and pinned for c, pinned in out), out


@pytest.mark.parametrize("text", [
    "u: 우리 강아지는 닭고기는 안 먹여요",
    "u: 우리 고양이는 로얄캐닌 레날 사료 먹어요",
    "u: my dog eats grain-free kibble only",
    "u: 저 비건이라 유제품도 안 먹어요",
    "u: 저는 돼지고기 안 먹어요",
])
def test_a_diet_is_still_pinned(text: str) -> None:
    assert any(pinned for _, pinned in chat(text))


# -- garbles ---------------------------------------------------------------------------------------

def test_a_house_rule_is_not_read_as_a_home() -> None:
    out = chat("u: 우리 집은 애들 평일엔 게임 금지야. 주말에만 한 시간.")
    assert not _has(out, "거주"), out


@pytest.mark.parametrize(("text", "kept"), [
    ("u: 우리 집은 대전이야", "대전에 거주"),
    ("u: 집은 분당임", "분당에 거주"),
])
def test_a_home_said_after_jibeun_stays(text: str, kept: str) -> None:
    assert _has(chat(text), kept)


def test_an_english_time_after_a_korean_fact_goes_with_it() -> None:
    out = chat("u: 회사에서 UX researcher로 승진했어 starting december!")
    assert [c for c, _ in out] == ["사용자는 회사에서 UX researcher로 승진했다. starting december"], out


def test_a_plan_said_in_english_keeps_its_time() -> None:
    assert _has(chat("u: I'm starting a new job in march"), "march")


@pytest.mark.parametrize(("text", "memory"), [
    ("u: 임신 24주차인데 임당 검사 전날 뭐 먹으면 안되나요", "사용자는 임신 24주차"),
    ("u: 임신 12주예요", "사용자는 임신 12주차"),
    ("u: 저 임신 중이라 커피 끊었어요", "사용자는 임신 중"),
])
def test_the_pregnancy_memory_carries_the_week_when_said(text: str, memory: str) -> None:
    out = chat(text)
    assert [c for c, p in out if "임신" in c] == [memory], out
    assert all(p for c, p in out if "임신" in c)


# -- batch 2: a day corrected, a caution beside a fact, the task's measure, a stay ending soon -----

@pytest.mark.parametrize("lines", [
    ("u: 다음 달 15일에 운전면허 도로주행 시험 봐", "a: 화이팅이에요! 연습은 많이 하셨어요?",
     "u: 아 아니다 16일이다 날짜 바뀌었어"),
    ("u: 다음 달 15일에 운전면허 도로주행 시험 봐", "u: 아 아니다 16일이다"),
    ("u: 다음 달 15일에 운전면허 도로주행 시험 봐. 아 아니다 16일이다",),
])
def test_a_day_of_the_month_corrected_replaces_the_day(lines: tuple[str, ...]) -> None:
    out = [c for c, _ in chat(*lines)]
    assert any("16일" in c and "도로주행" in c for c in out), out
    assert not any("답:" in c for c in out), out


def test_a_bare_no_before_a_day_is_no_correction() -> None:
    from gieok.write.extract.correction import joined

    assert joined(["아니다", "16일이다"]) == ["아니다", "16일이다"]
    assert joined(["아 아니다", "16일이다"]) == ["아 아니다, 16일이다"]


@pytest.mark.parametrize(("text", "memory"), [
    ("u: 아 그리고 저 땅콩 알레르기 있어서 연구실 간식 고를 때 조심해야 돼요", "사용자는 땅콩 알레르기가 있음"),
    ("u: I have a peanut allergy so I need to be careful picking snacks for the lab",
     "User is allergic to peanut"),
])
def test_a_caution_after_an_allergy_adds_no_second_memory(text: str, memory: str) -> None:
    assert chat(text) == [(memory, True)]


@pytest.mark.parametrize(("text", "kept"), [
    # what the allergy made happen is more than the allergy
    ("u: 저 새우 알레르기 있어서 지난주에 응급실 갔었어요", "응급실"),
    ("u: I have a shellfish allergy so my wife does all the cooking", "wife"),
    # a second fact after the caution stays
    ("u: 갑각류 알레르기 있어서 조심해야 되는데 남편도 당뇨라 단 것도 피해야 돼", "남편"),
])
def test_what_an_allergy_brings_about_stays(text: str, kept: str) -> None:
    assert _has(chat(text), kept)


@pytest.mark.parametrize("lines", [
    ("u: 할머니가 물려주신 자개장 복원하려는데 어디 맡기면 돼?",
     "a: 전통 공예 복원 공방을 찾아보세요. 크기가 어떻게 돼요?", "u: 2단짜리"),
    ("u: 설문 데이터 결측치 처리 어떻게 해야 돼?", "a: 결측 비율이 어느 정도예요?", "u: 8% 정도"),
])
def test_the_measure_of_the_tasks_object_is_no_answer_to_keep(lines: tuple[str, ...]) -> None:
    assert not any("답:" in c for c, _ in chat(*lines))


@pytest.mark.parametrize("lines", [
    ("a: 키가 어떻게 되세요?", "u: 175요"),
    ("a: 집 평수가 어떻게 되세요?", "u: 32평이요"),
])
def test_a_measure_of_the_users_own_is_still_an_answer(lines: tuple[str, ...]) -> None:
    assert any("답:" in c for c, _ in chat(*lines))


@pytest.mark.parametrize("text", [
    "u: nah my neighbor's, I'm just dogsitting till sunday",
    "u: I'm staying at my sister's until tomorrow",
])
def test_what_the_user_does_until_a_day_this_week_is_not_stored(text: str) -> None:
    assert chat(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("u: I'm working at Google until March, then moving to Austin", "Google"),
    ("u: I'm taking antibiotics until friday", "antibiotics"),
    ("u: I'm dogsitting for my neighbor every weekend", "dogsitting"),
])
def test_a_longer_stay_a_medicine_or_a_habit_stays(text: str, kept: str) -> None:
    assert _has(chat(text), kept)


# -- batch 3: more of the toast's frame, a story's frame, a plot retold, a language exercise --------

@pytest.mark.parametrize(("text", "gone"), [
    # a bare kin word in the frame is the subject's ("손주가 둘이야": the senior's grandchildren)
    ("u: 회사 선배 퇴임식 송별사 써야 돼. 35년 근무하셨고 바둑 좋아하셔. 손주가 둘이야", "손주"),
    # the text named first, then what is asked for it
    ("u: best man speech help pls. the groom Jake and I met in college, he's a dentist now, he "
     "proposed in Paris", "dentist"),
    # the request and the subject in one sentence
    ("u: 친구 결혼식 축사 부탁받았는데 신부가 초등학교 선생님이고 고양이 두 마리 키워", "고양이"),
    # a request for a story's people, with the writing as its background
    ("u: 소설 쓰는 중인데 주인공 설정 좀 같이 짜줘. 30대 여자 형사, 부산 출신, 고양이 키움", "소설"),
    ("u: 소설 쓰는 중인데 주인공 설정 좀 같이 짜줘. 30대 여자 형사, 부산 출신, 고양이 키움", "고양이"),
])
def test_more_of_a_texts_frame_is_not_the_users(text: str, gone: str) -> None:
    out = chat(text)
    assert not _has(out, gone), out


@pytest.mark.parametrize(("text", "kept"), [
    ("u: 친구 결혼식 축사 써줘. 우리 딸도 화동으로 서", "딸"),
    ("u: 친구 결혼식 축사 부탁받았는데 나 발표 공포증 있어서 걱정돼", "공포증"),
    ("u: best man speech help pls. the groom Jake and I met in college", "college"),
    # a work named by its title is the user's project; a work said without a request too
    ("u: 웹소설 쓰는데 제목이 '회귀한 염전집 딸'이야. 다음 화 갈등 구조 좀 봐줘", "염전집"),
    ("u: 요즘 소설 쓰고 있어. 벌써 3년째야", "소설"),
])
def test_the_users_own_words_in_such_a_frame_stay(text: str, kept: str) -> None:
    assert _has(chat(text), kept)


@pytest.mark.parametrize("text", [
    "u: just watched Past Lives. Nora moves to Toronto as a kid and twenty years later meets Hae "
    "Sung in New York",
    "u: finished Severance last night. Mark works at Lumon and can't remember his work life",
    "u: 이번 주 드라마에서 여주가 회사 그만두고 제주도로 내려갔어 ㅋㅋ",
])
def test_a_plot_retold_is_not_stored(text: str) -> None:
    assert chat(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("u: just watched Past Lives. I cried so much, I'm moving to Toronto next year anyway", "Toronto"),
    ("u: just got back from Seoul. Minji moved to Busan last month", "Minji"),
    ("u: 드라마 촬영장에서 일해요. 주인공이 너무 친절했어", "촬영장"),
])
def test_the_users_own_news_beside_a_work_stays(text: str, kept: str) -> None:
    assert _has(chat(text), kept)


@pytest.mark.parametrize(("text", "gone"), [
    ("u: 영어 작문 연습 중이야. I have two cats and I live in Busan. 이거 맞아?", "Busan"),
    ("u: practicing my korean: 저는 서울에 살아요. 고양이가 두 마리 있어요. is this right?", "서울"),
])
def test_sentences_of_a_language_exercise_are_not_stored(text: str, gone: str) -> None:
    assert not _has(chat(text), gone)


@pytest.mark.parametrize(("text", "kept"), [
    ("u: 영어 회화 연습 중이야. 다음 달에 캐나다로 이민 가거든", "캐나다"),
    ("u: 영어 공부 중이야. I live in Busan btw", "Busan"),
])
def test_a_fact_in_the_frames_own_language_stays(text: str, kept: str) -> None:
    assert _has(chat(text), kept)


def test_a_relatives_occasion_said_before_the_request_keeps_what_follows() -> None:
    out = chat("u: 남동생이 다음주에 결혼하는데 축사를 내가 하게 됐어ㅠㅠ 축사 좀 같이 써줄래? 동생은 민호고 "
               "신부는 우리 회사 동료야")
    assert _has(out, "민호"), out
