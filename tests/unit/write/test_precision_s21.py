"""Junk from noise conversations (session 21, issue 16): pasted log records and stack traces,
single-quoted text with a contraction inside, a role-play set up over two sentences and started,
sarcasm (said, confirmed to the assistant, or a mishap the user says they love), a slow app, the
answer to "what were you asking?", a celebrity's pets, a character of a show the user watches,
and a remark about people in general. Every sentence was written for these tests; each class has
look-alikes that keep their fact.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.settings import GieokSettings
from gieok.write.extract import asides, in_general, pasted, sarcasm, task_talk
from tests.support.chat_extract import chat, said


def _kept(lines: list[tuple[str, bool]], word: str) -> bool:
    return any(word.casefold() in content.casefold() for content, _ in lines)


# -- pasted machine text ---------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "can you explain this\n2025-11-02 09:14:55 ERROR [scheduler] Job 'nightly' failed: timeout\n"
    "2025-11-02 09:15:00 INFO retry 1 of 3",
    "what's wrong here?\n[07:41:09] [Server thread/WARN]: Can't keep up! Is the server overloaded?",
    "help\nTraceback (most recent call last):\n  File \"bot.py\", line 40, in <module>\n"
    "    client.run(TOKEN)\nRuntimeError: Event loop is closed",
    "what does this mean\nException in thread main java.lang.IllegalStateException: closed\n"
    "\tat com.shop.Cart.add(Cart.java:88)",
])
def test_pasted_log_records_and_traces_leave_no_memory(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("why does it fail?\nTraceback (most recent call last):\n  File \"x.py\", line 2, in <module>\n"
     "KeyError: 'a'\nI'm a data analyst at Hanwha, I use pandas all day", "data analyst"),
    ("2026-04-03 dentist appointment at 3pm\nI'm allergic to latex, remember that", "latex"),
])
def test_the_users_own_lines_around_machine_text_are_read(text: str, kept: str) -> None:
    assert any(kept in c for c in said(text))


def test_a_line_about_an_error_is_no_log_record() -> None:
    assert pasted.without_machine_lines("I got an ERROR when I run it on my Mac") \
        == "I got an ERROR when I run it on my Mac"
    assert pasted.without_machine_lines("2026-03-01 dentist at 3pm\n2026-03-08 piano recital") \
        == "2026-03-01 dentist at 3pm\n2026-03-08 piano recital"


# -- single-quoted text with a contraction inside ---------------------------------------------------

@pytest.mark.parametrize("text", [
    "my friend posted this and I don't understand it: 'I'm fluent in sarcasm and my dog is my therapist'. what does it mean?",
    "someone wrote 'I've got three kids and I'm still sane' on a mug, is that a brand?",
])
def test_single_quoted_words_with_a_contraction_are_someone_elses(text: str) -> None:
    assert not any("dog" in c or "kids" in c for c in said(text))


def test_a_single_quoted_name_still_names() -> None:
    assert any("Moonlit" in c for c in said("my bakery is called 'Moonlit Crumbs'"))


# -- a role-play set up over two sentences and started ------------------------------------------------

@pytest.mark.parametrize("lines", [
    ["u: 지금부터 너는 중세 대장장이야. 나는 떠돌이 기사. 시작!", "a: 어서 오게, 기사 양반!",
     "u: 내 칼이 부러졌소. 고쳐 주시오"],
    ["u: you're a grumpy innkeeper. I'm a tired bard. go!", "a: What do you want?",
     "u: a room and some stew, I have two silver coins"],
])
def test_a_game_started_after_two_roles_is_fiction(lines: list[str]) -> None:
    assert chat(*lines) == []


@pytest.mark.parametrize(("lines", "kept"), [
    (["u: 지금부터 너는 내 영어 선생님이야. 나는 토익 600점이고 다음 달에 시험 봐"], "토익"),
    (["u: you're my running coach now. I'm 41 and I run 20 km a week"], "41"),
])
def test_a_role_given_to_the_assistant_without_a_game_keeps_the_users_facts(
        lines: list[str], kept: str) -> None:
    assert _kept(chat(*lines), kept)


# -- sarcasm ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lines", [
    ["u: 나 오늘 완전 부지런했음 ㅋㅋ 아 물론 sarcasm 이야 종일 넷플릭스 봄"],
    ["u: best weekend ever, spent it fixing my sink /s"],
    ["u: I just love it when my flight is delayed four hours"],
    ["u: nothing like a power outage in the middle of a heatwave"],
    ["u: oh yeah I *love* spending my saturday answering work emails"],
])
def test_sarcasm_leaves_no_memory(lines: list[str]) -> None:
    assert chat(*lines) == []


@pytest.mark.anyio
@pytest.mark.parametrize("one_add", [False, True])
async def test_a_yes_to_are_you_being_sarcastic_takes_the_turn_back(
        settings: GieokSettings, tmp_path: Path, one_add: bool) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        for user, said_ in {
            "ko": [("user", "나 요즘 매일 야근해서 너무 행복해~ 회사가 최고야"),
                   ("assistant", "혹시 비꼬시는 거죠? ㅎㅎ"), ("user", "당연하지 ㅋㅋ")],
            "en": [("user", "I'm a huge fan of doing my taxes, it's my hobby"),
                   ("assistant", "Wait, are you being sarcastic?"), ("user", "obviously lol")],
            "no": [("user", "I'm a huge fan of doing crosswords, it's my hobby"),
                   ("assistant", "Are you being sarcastic?"), ("user", "no, I really love them")],
        }.items():
            messages = [{"role": role, "content": text} for role, text in said_]
            for batch in ([messages] if one_add else [[m] for m in messages]):
                await mem.add(batch, user_id=user, session_id="s1",
                              timestamp="2026-11-20T10:00:00+09:00")
            await mem.end_session(user_id=user, session_id="s1")
        live = {u: [r.content for r in (await mem.list(user_id=u)).items if r.is_live()]
                for u in ("ko", "en", "no")}
    assert live["ko"] == []
    assert live["en"] == []
    assert any("crossword" in c for c in live["no"])


@pytest.mark.parametrize(("lines", "kept"), [
    (["u: I love it when my son reads to his little sister"], "son"),
    (["u: I love it when it snows in the mountains, I ski every winter"], "ski"),
    (["u: 나 고양이 두 마리 키워", "a: 농담이시죠?", "u: 아니 진짜야"], "고양이"),
    (["u: 나 고양이 두 마리 키워", "a: 농담 아니시죠?", "u: 응"], "고양이"),
    (["u: I'm getting a golden retriever next month", "a: Are you being sarcastic?", "u: no lol, for real"],
     "golden retriever"),
])
def test_sincere_likings_and_a_no_to_are_you_joking_keep_their_fact(
        lines: list[str], kept: str) -> None:
    assert _kept(chat(*lines), kept)


def test_a_sarcasm_question_with_not_is_no_confirmation() -> None:
    assert not sarcasm.confirmed("농담 아니시죠?", "응")
    assert not sarcasm.confirmed("Are you serious?", "yes")
    assert sarcasm.confirmed("혹시 반어법이신가요?", "물론이지 ㅋㅋ")


def test_a_word_about_sarcasm_is_no_marker() -> None:
    assert not sarcasm.marked("my boss is so sarcastic, I hate sarcasm")
    assert not sarcasm.marked("우리 딸이 반어법을 배웠어")


# -- a slow app -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["로딩 매번 15초 걸림", "이 앱 업데이트하고 나서 자꾸 튕김 ㅡㅡ",
                                  "the app takes forever to load"])
def test_a_slow_or_crashing_app_is_the_task(text: str) -> None:
    assert task_talk.malfunction(text)
    assert said(text) == []


@pytest.mark.parametrize("text", ["출근 매일 1시간 걸려", "my commute takes 40 minutes each way",
                                  "나 달리기 느려"])
def test_a_trip_or_a_person_is_no_slow_app(text: str) -> None:
    assert not task_talk.malfunction(text)


# -- what the user came to ask ----------------------------------------------------------------------

@pytest.mark.parametrize("lines", [
    ["u: hi again", "a: Welcome back! What were you asking about the recipe?", "u: whether I can freeze it"],
    ["u: 안녕하세요", "a: 뭐가 궁금하셨어요?", "u: 비자 연장 서류 뭐 필요한지요"],
])
def test_the_answer_to_what_were_you_asking_is_the_request(lines: list[str]) -> None:
    assert chat(*lines) == []


# -- someone else's pets ----------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Is that singer still touring? I read she has three dogs named Bo, Rue and Kit",
    "Ed Sheeran has a cat named Dorito, right?",
])
def test_a_third_persons_pets_are_not_the_users(text: str) -> None:
    assert not any(c.startswith("User has") for c in said(text))


@pytest.mark.parametrize("text", ["I have two cats named Pip and Moss", "we got a puppy named Juno"])
def test_the_users_named_pets_are_kept(text: str) -> None:
    assert any("named" in c for c in said(text))


# -- a show the user watches ------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "In Slow Horses, Jackson is a washed-up spy with a bad liver",
    "the main character in Severance has a sister who is pregnant",
    "요즘 드라마 보는데 주인공이 마흔 살 변호사고 아들이 둘 있어",
])
def test_a_character_of_a_show_is_no_fact_of_the_user(text: str) -> None:
    assert asides.fiction(text.split("고 아들")[0] if "드라마" in text else text)
    assert said(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("In May, Bori turns 3", "Bori"),
    ("In Seattle, I work at a bakery", "bakery"),
    ("나는 드라마 보는 게 취미야", "드라마"),
])
def test_a_place_or_month_first_is_no_show(text: str, kept: str) -> None:
    assert not asides.fiction(text)


# -- people in general ------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["우리 인간은 원래 욕심이 많잖아", "사람은 원래 다 외로워",
                                  "we humans are terrible at saving money",
                                  "people are just tired, we all need a nap"])
def test_people_in_general_are_no_one_of_the_users(text: str) -> None:
    assert in_general.about_people(text)
    assert said(text) == []


@pytest.mark.parametrize("text", ["everyone in my family has celiac", "우리 엄마는 간호사야",
                                  "we all went to Busan last week", "people at my gym are so loud"])
def test_the_users_own_people_are_left_alone(text: str) -> None:
    assert not in_general.about_people(text)


# -- one memory of a name to be called by -----------------------------------------------------------

@pytest.mark.parametrize("text", ["from now on call me Jo, not Joanna", "앞으로 나를 하늘이라고 불러줘"])
def test_a_name_to_be_called_by_is_one_memory(text: str) -> None:
    got = said(text)
    assert len(got) == 1 and ("Jo" in got[0] or "하늘" in got[0])


def test_other_standing_rules_from_now_on_stay() -> None:
    assert any("bullet" in c for c in said("from now on always answer without bullet points"))


# -- one Korean job said as a role ----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "most"), [
    ("저는 간호사로 일해요", 1),
    ("대전에서 약사로 일해요", 2),
    ("요즘 약사 일 해요", 1),
])
def test_a_role_said_with_ro_is_not_also_a_kind_of_work(text: str, most: int) -> None:
    got = said(text)
    assert 1 <= len(got) <= most
    assert not any("일을 한다" in c for c in got)
    assert not any("직업은 대전에서" in c for c in got)


@pytest.mark.parametrize("text", ["요즘 번역 일 해", "디자인 일 하는데요"])
def test_a_kind_of_work_is_still_read(text: str) -> None:
    assert any("일을 한다" in c for c in said(text))


# -- a liking since always, a thing handed down ------------------------------------------------------

def test_since_always_is_no_object_of_a_liking() -> None:
    assert said("이문세는 원래 좋아해") == ["사용자는 이문세를 좋아함"]


def test_a_thing_handed_down_keeps_who_gave_it() -> None:
    got = said("할아버지가 물려주신 만년필이 있는데 잉크 어디서 사?")
    assert got and all("물려주신" not in c or "할아버지" in c for c in got)


# -- more of the same shapes: praise of a mishap, a generation, a named show ----------------------------

@pytest.mark.parametrize("text", [
    "눈 와서 등산 취소됨 ^^ 아주 최고다",
    "perfect, my phone froze in the middle of the call",
    "우리 MZ세대는 다 칼퇴 원하잖아",
    "millennials can't buy houses, we all rent",
    "영화 Her에서 테오도르는 편지 대필 작가고 이혼했어",
])
def test_irony_a_generation_and_a_named_show_leave_no_memory(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("great, I got laid off today", "laid off"),
    ("야근 끝나고 먹는 치맥 최고야", "치맥"),
    ("드라마 촬영장에서 일해요", "촬영장"),
])
def test_a_life_event_or_a_sincere_verdict_is_kept(text: str, kept: str) -> None:
    assert any(kept in c for c in said(text))
