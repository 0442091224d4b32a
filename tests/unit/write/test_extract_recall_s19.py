"""Recall by structure, session 19 (issue 16): English chat that dropped a fact.

- a relative introduced by what they did ("my uncle moved in with us …", "my mum needed …") is
  who "he"/"she" means in the next sentence or turn ("he walks with a frame now");
- an inner clause "…, she turns 70 on Friday" is a sentence of its own about her;
- chat drops "I" before what the user gave up ("stopped going to pilates in June",
  "cancelled our streaming subscription"); not "stopped at a petrol station";
- a standing request said after a joke ("but seriously, in general please don't …") holds,
  when "in general" is about how the assistant treats the user.

Sentences written for this file (not copied from a labelled file), with look-alikes that must
store nothing."""

from __future__ import annotations

from typing import Any


def test_a_relative_introduced_by_a_past_verb_is_he(chat_extract: Any) -> None:
    got = chat_extract.chat("u: my uncle moved in with us after his knee operation",
                            "a: How is he getting on?", "u: ok, he walks with a frame now")
    assert any(c == "User's uncle walks with a frame now" for c, _ in got), got
    got = chat_extract.chat("u: my mum needed a new hip in spring. she uses a cane now")
    assert any(c.startswith("User's mum uses a cane") for c, _ in got), got


def test_a_pronoun_after_someone_else_is_not_a_relative(chat_extract: Any) -> None:
    assert chat_extract.chat("u: the electrician came by, he uses a van with a ladder") == []


def test_an_inner_clause_about_a_relative_is_its_own_sentence(chat_extract: Any) -> None:
    got = chat_extract.chat("u: baking a cake for my nan, she turns 85 on Sunday!")
    assert any(c.startswith("User's nan turns 85") for c, _ in got), got


def test_what_the_user_gave_up_without_I(chat_extract: Any) -> None:
    got = chat_extract.chat("u: stopped going to pilates in June, the classes got too pricey")
    assert any(c.startswith("User stopped going to pilates") for c, _ in got), got
    got = chat_extract.chat("u: cancelled our streaming subscription last month, we read more now")
    assert any(c.startswith("User cancelled their streaming subscription") for c, _ in got), got


def test_a_stop_on_the_way_is_nothing(chat_extract: Any) -> None:
    assert chat_extract.chat("u: stopped at a petrol station on the way, the coffee was awful") == []
    assert chat_extract.chat("u: stopped by the bakery today, their bread is unreal") == []


def test_a_standing_request_after_a_joke(chat_extract: Any) -> None:
    got = chat_extract.chat("u: pretend to be my grumpy boss for a sec lol",
                            "a: WHERE IS THAT REPORT?",
                            "u: haha ok. but seriously, in general please don't be sarcastic "
                            "with me, I find it stressful")
    assert any(c.startswith("Standing instruction from the user: In general please don't be "
                            "sarcastic with the user") for c, _ in got), got


def test_in_general_about_something_else_is_no_rule(chat_extract: Any) -> None:
    assert chat_extract.chat("u: in general don't leave bread in the fridge, it goes stale") == []
    assert chat_extract.chat("u: but seriously, don't use that voice lol") == []


def test_a_line_of_the_part_is_no_step_out(chat_extract: Any) -> None:
    got = chat_extract.chat("u: let's role-play, you're a ship's engineer and I'm the captain",
                            "a: Aye, captain!",
                            "u: seriously, I have a wooden leg and I hate the sea")
    assert got == [], got


def test_a_pet_named_by_picking_the_assistants_suggestion(chat_extract: Any) -> None:
    got = chat_extract.chat("u: ok what do I call my new gecko", "a: Maybe Ziggy, Pesto or Nova?",
                            "u: Pesto!! perfect")
    assert ("User has a gecko named Pesto", False) in got, got
    # a name the assistant did not offer is not a pick
    got = chat_extract.chat("u: ok what do I call my new gecko", "a: Maybe Ziggy, Pesto or Nova?",
                            "u: Hmm. no")
    assert got == [], got


def test_a_verbless_new_job_beside_a_move(chat_extract: Any) -> None:
    got = chat_extract.chat("u: We relocated to Denver in March, new job at a dental practice!")
    assert any(c == "User has a new job at a dental practice" for c, _ in got), got
    got = chat_extract.chat("u: new role with the county library, starting next week")
    assert any(c.startswith("User has a new role with the county library") for c, _ in got), got
    got = chat_extract.chat("u: my new job at the warehouse is exhausting")
    assert not any(c.startswith("User has") for c, _ in got), got


def test_the_topic_in_a_bare_question_before_it(chat_extract: Any) -> None:
    got = chat_extract.chat("u: physio? it's Dr. Haines at the sports clinic on Mill Road")
    assert any(c.startswith("User's physio is Dr. Haines") for c, _ in got), got
    assert chat_extract.chat("u: weather? it's grim here lol") == []


def test_the_verb_carried_from_the_negated_clause(chat_extract: Any) -> None:
    got = chat_extract.chat("u: nah I don't work at the garage anymore, I'm at a bike shop now")
    assert any("works at a bike shop" in c for c, _ in got), got
    got = chat_extract.chat("u: I don't work at the pub anymore, I'm at home with the twins")
    assert not any("works at home" in c for c, _ in got), got


def test_upkeep_of_a_thing_by_its_make_is_owning_it(chat_extract: Any) -> None:
    got = chat_extract.chat("u: how do I descale a De'Longhi Magnifica?")
    assert any(c.startswith("User has a De") for c, _ in got), got
    assert chat_extract.chat("u: how do you descale a Nespresso in general") == []
    assert chat_extract.chat("u: how do I fix the Canon at work, it keeps jamming") == []


def test_the_doctors_finding_inside_the_users_sentence(chat_extract: Any) -> None:
    got = chat_extract.chat("u: my ankle's been swollen since the 10k, the physio says it's "
                            "achilles tendinitis, no running for a month")
    assert any("diagnosed as achilles tendinitis" in c and pinned for c, pinned in got), got
    got = chat_extract.chat("u: my back's been stiff for weeks, physio said it's nothing serious")
    assert not any("diagnosed" in c for c, _ in got), got


def test_an_answer_said_with_the_questions_verb(chat_extract: Any) -> None:
    got = chat_extract.chat("u: got the job at the sixth-form college!!",
                            "a: Amazing! What will you teach?", "u: yes, A-level biology")
    assert any(c == "User will teach A-level biology" for c, _ in got), got
    got = chat_extract.chat("u: can you plan me a dinner menu", "a: Sure! What do you want?",
                            "u: something light")
    assert not any(c.startswith("User want") for c, _ in got), got
