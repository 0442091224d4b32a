"""Fewer wrong memories and less junk (session 20, issue 16): a one-syllable pet noun inside
another word (찌개, 무지개, 냄새) names no pet; how the body feels this minute ("ugh I'm
freezing") is no trait; a story the turn set up goes on in the sentences after it; a sentence
that only says what the pasted text is ("— 영어 시험 예문이에요") is about the text. Every
sentence was written for these tests; each class has look-alikes that keep their fact.
"""

from __future__ import annotations

import pytest

from gieok.write.extract import asides
from gieok.write.extract.coref import Entities
from tests.support.chat_extract import said


# -- a pet noun of one syllable inside another word ----------------------------------------------

def _pets(sentence: str) -> list[tuple[str, str | None]]:
    entities = Entities()
    entities.notice_pet(sentence)
    entities.observe(entities.resolve(sentence))
    return [(e.noun, e.name) for e in entities.known if e.kind == "pet"]


@pytest.mark.parametrize("text", [
    "김치찌개 맛있게 끓이는 법 알려줘",
    "된장찌개 진하게 끓이는 비법 있어?",
    "무지개 보이는 곳 어디야",
    "냄새 나는 이유가 뭘까",
])
def test_a_one_syllable_pet_noun_inside_a_word_is_no_pet(text: str) -> None:
    assert _pets(text) == []
    assert said(text) == []


@pytest.mark.parametrize(("text", "pet"), [
    ("강아지 두 마리 중에 까망이가 첫째야", ("강아지", "까망이")),
    ("우리 집 개 뽀삐가 요즘 밥을 안 먹어", ("개", "뽀삐")),
])
def test_a_pet_said_as_a_word_of_its_own_is_still_found(text: str,
                                                      pet: tuple[str, str]) -> None:
    assert pet in _pets(text)


# -- how the body feels this minute ----------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "ugh I'm freezing, the office AC is on full blast today",
    "I'm freezing today, the radiator in the meeting room is off again",
    "I'm starving right now, what should I cook",
    "so I'm stuffed lol",
])
def test_how_the_body_feels_this_minute_is_no_memory(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("I'm always cold, I have Raynaud's", "Raynaud"),
    ("I'm a cold water swimmer, I swim in the sea every morning", "swim"),
])
def test_a_lasting_state_said_with_the_same_words_is_kept(text: str, kept: str) -> None:
    assert any(kept in m for m in said(text))


# -- a story the turn set up goes on ---------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "웹소설 쓰는 중인데 주인공이 마흔 살 이혼한 소방관이고 아들이 둘 있어. 이 인물 독백 좀 써줘",
    "짧은 판타지 소설 써줘. 2150년 부산, 바다가 말라버린 도시",
    "소설 쓰는 중인데 악역 설정 좀 봐줘. 이름은 강태호, 45살, 인천에서 고물상을 하고 당뇨가 있음",
    "write me a short story. A retired beekeeper in 1950 Vermont who has three sons",
    "I'm writing a thriller. The main character is a paramedic. She has two kids and lives in Hull.",
])
def test_the_sentences_after_a_story_is_set_up_are_the_storys(text: str) -> None:
    assert not [m for m in said(text) if "소설" not in m and "writing" not in m]


@pytest.mark.parametrize(("text", "kept"), [
    ("소설 쓰는 중인데 주인공이 형사야. 나는 경찰 출신이라 잘 알아", "경찰"),
    ("딸한테 읽어줄 동화 써줘. 공룡을 엄청 좋아해", "공룡"),
    ("write a bedtime story for my son. he loves trains and he's 4", "trains"),
])
def test_a_word_of_the_users_or_a_story_for_someone_real_keeps_the_fact(text: str,
                                                                        kept: str) -> None:
    assert any(kept in m for m in said(text))


def test_a_title_said_after_the_story_is_not_taken_for_the_story() -> None:
    assert not asides.story_goes_on("제목은 붉은 밤이야", "소설 쓰는 중인데 주인공이 형사다")


# -- what the pasted text is -------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "이거 영어로 뭐라고 해? '우리 형은 간호사고 광주에 살아' — 영어 시험 예문이에요",
    "이 문장 맞춤법 봐줘 '저는 내일 부산에 갑니다' 이건 회사 보고서 문장이야",
])
def test_what_the_pasted_text_is_is_no_memory(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize("text", [
    "영어 선생님이에요",
    "제 자기소개서 문장이에요",
    "우리 딸이 쓴 문장이에요",
    "저는 가사 도우미예요",
])
def test_a_job_or_the_users_own_text_is_not_taken_for_pasted_text(text: str) -> None:
    assert not asides.material(text)


# -- someone outside the family, one of a group ----------------------------------------------------

@pytest.mark.parametrize("text", [
    "우리 이모 친구분이 발목 골절이시래. 병문안 선물 추천해줘",
    "우리 팀 새로 온 인턴이 Vancouver 출신인데 한국말을 엄청 잘해. 칭찬 어떻게 해?",
    "우리 회사 CTO가 이번에 철인3종 완주했다고 전체 메일 보냄 ㅋㅋ",
    "토요일에 동기들 5명 불러서 밥 먹는데 메뉴 좀! 한 명은 비건이야",
    "a colleague of mine, Priti, is allergic to sesame. what can I bake for the office?",
])
def test_someone_outside_the_family_or_one_of_a_group_is_not_the_user(text: str) -> None:
    assert not [m for m in said(text) if any(w in m for w in (
        "골절", "출신", "완주", "비건", "allergic", "sesame"))]


@pytest.mark.parametrize(("text", "kept"), [
    ("우리 팀 새로 온 인턴이 나랑 동갑이야", None),
    ("저희 팀장님은 이민수 팀장님이에요", None),
    ("그중 한 명은 나야", None),
    ("I'm allergic to sesame and a colleague of mine is too", "sesame"),
])
def test_the_user_said_with_the_outsider_is_not_taken_for_them(text: str,
                                                               kept: str | None) -> None:
    from gieok.write.extract.discourse_others import about_outsider
    if kept is None:
        assert not about_outsider(text)
    else:
        assert any(kept in m for m in said(text))


# -- a proposal the assistant puts forward ---------------------------------------------------------

@pytest.mark.parametrize("lines", [
    ("u: thursday is board game night. help me plan a co-op scenario for 4 players",
     "a: Sure. A haunted lighthouse with a sea witch at the top?",
     "u: sea witch yesss"),
    ("u: write a short poem about a retired postman",
     "a: He walks the route he used to walk. Too gloomy?",
     "u: perfect honestly"),
    ("u: 만약에 주 4일제 되면 금요일에 뭐 하지 ㅋㅋ",
     "a: 근교 여행, 요리 클래스, 늦잠? ㅋㅋ",
     "u: 요리 클래스 1순위"),
])
def test_a_reply_to_a_proposal_is_no_answer_about_the_user(lines: tuple[str, ...]) -> None:
    from tests.support.chat_extract import chat
    assert chat(*lines) == []


@pytest.mark.parametrize("question", [
    "How old?", "Dog or cat?", "And your daughter?", "견종은요?", "Any allergies?", "Kids?",
    "이름, 나이?", "Morning person?",
])
def test_a_short_question_about_the_users_life_still_asks(question: str) -> None:
    from gieok.write.extract import proposals
    assert not proposals.proposes(question)


# -- chat's fillers inside a memory -----------------------------------------------------------------

@pytest.mark.parametrize(("text", "gone", "kept"), [
    ("my physio is Dr. Alvarez btw, she's great", "great", "Alvarez"),
    ("my dad is 81 btw and stubborn as a mule", "btw", "81"),
    ("우리 고양이 이름은 호두 ㅋㅋ 세 살이야", "ㅋ", "호두"),
])
def test_fillers_and_a_compliment_tacked_on_leave_the_memory(text: str, gone: str,
                                                            kept: str) -> None:
    memories = said(text)
    assert any(kept in m for m in memories)
    assert not any(gone in m for m in memories)


@pytest.mark.parametrize(("content", "same"), [
    ("User's bearded dragon is called Kevin, he's 4", True),
    ("User loves lollipops though", True),
    ("User's sister is great at chess", True),
    ("User is not vegan btw, User just asked", False),
])
def test_only_fillers_go(content: str, same: bool) -> None:
    from gieok.write.extract.fillers import without_fillers
    assert (without_fillers(content) == content) is same
    assert "btw" not in without_fillers(content)


# -- a pronoun for someone else never made the user ----------------------------------------------------

def test_an_unresolved_pronoun_for_someone_else_leaves_no_memory_about_the_user() -> None:
    from tests.support.chat_extract import chat
    assert chat("u: 동기가 이번에 승진 누락됐대 ㅠ 위로 문자 뭐라고 보내",
                "a: 맛있는 거 사준다고 해 보세요.",
                "u: 근데 걔 회 싫어함 ㅋㅋ") == []


def test_a_pronoun_resolved_to_a_relative_keeps_its_fact() -> None:
    from tests.support.chat_extract import chat
    assert any("땅콩" in m for m, _ in chat("u: 우리 아들이 다음 달에 입학해", "a: 축하해요!",
                                          "u: 걔 땅콩 알레르기 있어"))


@pytest.mark.parametrize(("content", "kept"), [
    ("— User misread the letter", "User misread the letter"),
    ("사용자는 — 영어 시험 예문이다", "사용자는 영어 시험 예문이다"),
    ("User is 5-6 years old", "User is 5-6 years old"),
])
def test_a_dash_left_by_cut_out_text_goes(content: str, kept: str) -> None:
    from gieok.write.extract.fillers import without_fillers
    assert without_fillers(content) == kept


@pytest.mark.parametrize(("content", "kept"), [
    ("아뇨 사용자는 두유 안 먹는다", "사용자는 두유 안 먹는다"),
    ("진짜 사용자의 시누이 또 주말에 온다", "사용자의 시누이 또 주말에 온다"),
    ("그거랑 별개로 사용자의 아내가 다음달부터 파견이다", "사용자의 아내가 다음달부터 파견이다"),
    ("아이 사용자는 두 살이다", "아이 사용자는 두 살이다"),
])
def test_a_korean_reply_word_or_outburst_before_the_user_goes(content: str, kept: str) -> None:
    from gieok.write.extract.fillers import without_fillers
    assert without_fillers(content) == kept


def test_a_move_said_with_이사_is_no_director() -> None:
    assert any("Lisbon" in m for m in said("다음 달에 Lisbon으로 이사가 확정됐어!! 서류 뭐 필요해?"))


# -- what the question is for, a lead-in to pasted text ----------------------------------------------

@pytest.mark.parametrize("text", [
    "can you explain what an index fund is like I'm five? asking for my Canadian aunt",
    "If I lived in Tromsø, could I see the aurora in June? Pure hypothetical, I just wonder",
    'paste from our team wiki: "Deploys freeze on Fridays after 2pm" can you make it friendlier?',
    'roster line I need to tidy for the parish bulletin: "Sun 4 Oct – flowers: Mrs Okafor"',
])
def test_what_the_question_is_for_and_a_lead_in_to_pasted_text_are_no_memory(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("I'm asking for a raise next month, I've been at Monzo 3 years", "Monzo"),
    ("quick intro: I'm a midwife in Dundee", "midwife"),
])
def test_a_statement_said_with_the_same_words_keeps_its_fact(text: str, kept: str) -> None:
    assert any(kept in m for m in said(text))
