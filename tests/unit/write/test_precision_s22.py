"""What chat stores that it should not (session 22, issue 16): answers that only size or steer
the task, answers after a bare yes, the user's impression asked for, a choice among the
assistant's options, a resolve said with "never" + gerund, "quit drinking <a drink>", and the
shapes of the moment in ``chatter`` (a simile, a guessed cause, an idea floated with "could",
homework, an error message quoted inline, a request dropped, the first try of the app). Every
sentence was written for these tests; each class has look-alikes that keep their fact.
"""

from __future__ import annotations

import pytest

from gieok.write.extract import asked_task, chatter, followup
from tests.support.chat_extract import chat, said


def _has(lines: list[tuple[str, bool]], word: str) -> bool:
    return any(word.casefold() in content.casefold() for content, _ in lines)


# -- answers to the assistant's questions ----------------------------------------------------------

@pytest.mark.parametrize("lines", [
    # a count that sizes the task, whatever it counts
    ("u: planning a reunion picnic for my mom's side in july",
     "a: Fun! How many people are coming?", "u: like 14 incl my nephews"),
    ("u: 캠핑 장보기 목록 좀 짜줘", "a: 몇 명이 가세요?", "u: 6명 애들까지"),
    # the time of the event being planned
    ("u: my graduation party is saturday, help me plan food",
     "a: Sure! What time does the party start?", "u: 2pm"),
    # the user's impression asked for
    ("u: my uncle passed last month", "a: I'm so sorry. What was he like?",
     "u: loud, generous, terrible at golf"),
    ("u: 새 회사 옮긴 지 두 달 됐어", "a: 적응은 어떠세요? 뭐가 제일 힘드세요?", "u: 회식 문화 ㅋㅋ"),
    # what the user would like, asked of a daydream
    ("u: 언젠가 캠핑카 사서 전국일주 하고 싶다", "a: 멋지네요! 제일 먼저 가보고 싶은 데는요?", "u: 울릉도"),
])
def test_answers_that_size_or_steer_the_task_leave_no_answer(lines: tuple[str, ...]) -> None:
    out = chat(*lines)
    assert not any("answer" in c or "답:" in c for c, _ in out), out
    assert not _has(out, lines[-1][3:].split()[0]), out


def test_a_sentence_after_a_bare_yes_is_no_answer_to_the_question() -> None:
    out = chat("u: my two cats are Pepper and Salt", "a: So Pepper is the older one?",
               "u: yep haha. and salt follows her everywhere")
    assert not any("answer to" in c for c, _ in out), out


@pytest.mark.parametrize(("lines", "kept"), [
    # a count with someone named in it: the name is a fact of its own
    (("u: we're hosting thanksgiving", "a: How many people are you expecting?",
      "u: 5, me and my wife Ines and our three boys"), "Ines"),
    # a wh-question answered after a yes still gets its answer
    (("u: we adopted a dog last week", "a: Congrats! What breed?", "u: yeah. corgi mix"), "corgi"),
    # a question about the user's life keeps its answer
    (("u: I just started a new job", "a: Congrats! What's the role?", "u: data analyst at a bank"),
     "analyst"),
    (("u: 강아지 키워요", "a: 몇 살이에요?", "u: 3살이요"), "3살"),
])
def test_answers_about_the_users_life_are_kept(lines: tuple[str, ...], kept: str) -> None:
    assert _has(chat(*lines), kept)


@pytest.mark.parametrize(("question", "task"), [
    ("What time is the ceremony?", True),
    ("가장 먼저 가고 싶은 곳은요?", True),
    ("Where would you go first?", True),
    ("What time do you usually wake up?", False),
    ("몇 살이에요?", False),
])
def test_task_questions(question: str, task: bool) -> None:
    assert asked_task.task_question(question) is task


@pytest.mark.parametrize(("question", "small"), [
    ("What was she like?", True),
    ("What's your new neighbourhood like?", True),
    ("어떤 점이 제일 어려우세요?", True),
    ("What is your name?", False),
    ("What do you do for work?", False),
])
def test_impression_questions_are_small_talk(question: str, small: bool) -> None:
    assert followup.small_talk(question) is small


# -- a choice among the assistant's options --------------------------------------------------------

def test_going_with_one_of_the_assistants_options_is_no_memory() -> None:
    out = chat("u: what should I get at the bakery", "a: A cinnamon roll, a croissant, or a scone.",
               "u: going with the croissant. I go there every sunday morning")
    assert not _has(out, "going with"), out
    assert _has(out, "sunday"), out


# -- never/always + gerund is no instruction ------------------------------------------------------

@pytest.mark.parametrize("text", [
    "the bus app said 5 min and I waited 40. never believing it again",
    "always forgetting my umbrella lol",
])
def test_a_gerund_after_never_or_always_is_no_standing_instruction(text: str) -> None:
    assert not any("instruction" in c.casefold() or c.startswith(("Never", "Always"))
                   for c in said(text)), said(text)


@pytest.mark.parametrize(("text", "kept"), [
    ("never bring up my diet in your answers", "diet"),
    ("always answer in bullet points", "bullet"),
])
def test_imperatives_after_never_or_always_stay_rules(text: str, kept: str) -> None:
    assert any(kept in c for c in said(text)), said(text)


# -- "quit drinking <a drink>" ---------------------------------------------------------------------

def test_quit_drinking_keeps_the_drink() -> None:
    out = said("I quit drinking soda in january")
    assert "User quit drinking" not in out, out
    assert any("soda" in c for c in out), out
    assert any(c == "User quit drinking" for c in said("I quit drinking two years ago"))


# -- shapes of the moment (chatter) ----------------------------------------------------------------

@pytest.mark.parametrize("sentence", [
    "my hands are like ice today",
    "ugh my apartment feels like an oven",
    "눈이 와서 그런가봐요",
    "오래된 노트북이라 그런 듯",
    "we could try a board game night instead",
    "maybe I could ask my cousin to drive",
    "hw 2: a tank fills at 3 litres per minute and drains at 1",
    "숙제: 다음 문장을 영어로 옮기시오",
    "삼각함수 공식 좀 설명해줘 다음주 중간고사야",
    "explain mitosis vs meiosis, I have a bio quiz tomorrow",
    "it crashes with KeyError: 'user_id' when I submit",
    "config.debug = True and nothing shows",
    "nvm, I'll just cook at home",
    "저 오늘 처음 써봐요",
    "hi! first time using this",
])
def test_shapes_of_the_moment(sentence: str) -> None:
    assert chatter.of_the_moment(sentence)


@pytest.mark.parametrize("sentence", [
    "my commute is like 45 minutes each way",
    "my sister is like a second mom to me",
    "I could swim before I could walk",
    "I couldn't eat gluten even as a kid",
    "다음주에 토익 시험 봐요",
    "요즘 야근이 많아서 그런지 허리가 아파요",
    "요즘 처음 써본 필름카메라에 빠졌어요",
    "our backend is Django 4.2 on Postgres 15",
    "I never mind the cold, I grew up in Minnesota",
    "I have an exam tomorrow",
])
def test_look_alikes_are_not_of_the_moment(sentence: str) -> None:
    assert not chatter.of_the_moment(sentence)


@pytest.mark.parametrize(("text", "kept"), [
    ("my sister is like a second mom to me", "sister"),
    ("our backend is Django 4.2 on Postgres 15", "Django"),
    ("다음주에 토익 시험 봐요", "토익"),
])
def test_look_alikes_keep_their_fact(text: str, kept: str) -> None:
    assert any(kept in c for c in said(text)), said(text)


# -- what the user sends after the assistant asks for the text to work on --------------------------

@pytest.mark.parametrize("lines", [
    ("u: 앞으로 내가 보내는 영어 문장 문법 좀 봐줘", "a: 네! 문장 보내주세요.",
     "u: My brother have a dog and he walk it every day"),
    ("u: can you fix my spanish from now on", "a: Sure, send me a sentence and I'll correct it.",
     "u: Yo vivo en Madrid con mi hermana"),
])
def test_text_sent_for_correction_is_no_memory(lines: tuple[str, ...]) -> None:
    out = chat(*lines)
    assert not _has(out, "brother") and not _has(out, "Madrid"), out


@pytest.mark.parametrize(("lines", "kept"), [
    # the assistant asks a question, not for text: the answer is the user's
    (("u: help me with my cover letter", "a: Sure! What role is it for?",
      "u: a nurse job, I've been an ICU nurse for 6 years"), "nurse"),
    # no request for text: a statement after the assistant's remark is the user's
    (("u: can you fix my grammar from now on", "a: Of course, happy to help.",
      "u: thanks, I just moved to Leeds for work"), "Leeds"),
])
def test_statements_after_other_assistant_turns_are_kept(lines: tuple[str, ...], kept: str) -> None:
    assert _has(chat(*lines), kept)


# -- task questions in 반말 and as a count ---------------------------------------------------------

@pytest.mark.parametrize(("question", "task"), [
    ("7시 기상 기준으로 짜볼까?", True),
    ("하나 더 넣을까?", True),
    ("참가자 수와 팀 수가 어떻게 되나요?", True),
    ("자녀 수가 어떻게 되세요?", False),
    ("어디 사세요?", False),
])
def test_task_questions_ko(question: str, task: bool) -> None:
    assert asked_task.task_question(question) is task


# -- a proposal reported before a question -------------------------------------------------------

@pytest.mark.parametrize("text", [
    "의사가 수면제 먹자는데 먹어도 될까?",
    "친구가 주말에 등산 가자고 하는데 어디가 좋아?",
])
def test_a_proposal_reported_is_not_done(text: str) -> None:
    assert not any("먹는다" in c or "간다" in c for c in said(text)), said(text)


@pytest.mark.parametrize(("text", "kept"), [
    ("혈압약 먹는데 자몽 먹어도 돼?", "혈압약"),
    ("강아지 키우는데 간식 뭐가 좋아?", "강아지"),
])
def test_a_premise_the_user_states_is_kept(text: str, kept: str) -> None:
    assert any(kept in c for c in said(text)), said(text)


def test_homework_labelled_with_its_subject_is_no_memory() -> None:
    assert chatter.of_the_moment("my history homework: list three causes of World War I")
    assert said("my chemistry homework: balance Fe + O2 -> Fe2O3") == []


# -- lists and texts handed over, a game character -------------------------------------------------

@pytest.mark.parametrize("text", [
    "이따 장보러 가는데 살 거: 두부, 대파, 계란 한 판. 빠진 거 있어?",
    "grocery list: oat milk, 3 lemons, rice. sort it by aisle pls",
    "이 메일 좀 다듬어줘: 저는 다음 주부터 재택근무를 하게 되었습니다",
    "in the campaign I'm a half-elf bard called Lirael",
])
def test_lists_texts_and_game_roles_leave_no_memory(text: str) -> None:
    assert said(text) == [], said(text)


@pytest.mark.parametrize(("text", "kept"), [
    ("준비물: 여권, 충전기, 상비약. 다음주 오사카 가는데 더 챙길 거 있어?", "오사카"),
    ("저 게임 회사에서 일해요", "게임"),
    ("I work in the game industry as a level designer", "level designer"),
])
def test_look_alikes_of_lists_and_games_keep_their_fact(text: str, kept: str) -> None:
    assert any(kept in c for c in said(text)), said(text)


# -- an episode's feeling is named by whole words ---------------------------------------------------

@pytest.mark.parametrize(("text", "feeling"), [
    ("she's 6, retired racer, we got her in january", None),  # "retired" holds "tired"
    ("unhappy with how the move went", None),
    ("so tired lately, work is a lot", "stress"),
    ("I'm so happy we adopted her", "joy"),
    ("crying a lot since the funeral", "sadness"),
])
def test_the_feeling_an_episode_names_is_a_whole_word(text: str, feeling: str | None) -> None:
    from gieok.domain.turns import Turn
    from gieok.write.episodes import detect_emotion

    assert detect_emotion([Turn(role="user", content=text)]) == feeling


def test_a_session_of_pet_facts_leaves_no_episode_restating_them() -> None:
    """The lead's trial: 'retired racer' read as a feeling kept an episode that joined the
    session's three greyhound memories into a fourth."""
    from gieok.domain.turns import Turn
    from gieok.write.episodes import extractive_episode

    turns = [Turn(role="user", content="my whippet keeps chewing the sofa lol. he's 4, retired "
                                       "racer, we got him in may"),
             Turn(role="assistant", content="Whippets love to chew! What's his name?"),
             Turn(role="user", content="Biscuit")]
    draft = extractive_episode(turns)
    assert draft is None or not draft.feeling_with_facts
