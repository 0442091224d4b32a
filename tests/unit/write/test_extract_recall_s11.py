"""Recall by structure, session 11 (issue 16), English: a standing instruction whose marker
comes first ("from now on don't …"), one that rules something out of a class of later answers
("… in any recipe"), any bare verb after a recurring condition ("whenever I paste …, convert
…"), and an instruction kept whole with the reason after its comma or dash (never cut down to
the statement after it). Sentences written fresh for this file; each "kept" assertion failed
on main 8afff99, each "stays out" assertion guards a look-alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gieok.write.extract import standing


def _rules(got: list[str]) -> list[str]:
    return [c for c in got if c.startswith("Standing instruction")]


def test_when_it_starts_to_hold_may_come_first(said: Callable[[str], list[str]]) -> None:
    got = _rules(said("from now on please skip the small talk in your answers, I'm busy"))
    assert len(got) == 1 and "small talk" in got[0] and "the user is busy" in got[0], got
    got = _rules(said("Going forward, write dates as YYYY-MM-DD"))
    assert got and "YYYY-MM-DD" in got[0], got


def test_ruled_out_of_a_class_of_answers(said: Callable[[str], list[str]]) -> None:
    got = _rules(said("please don't put cilantro in any recipe, it tastes like soap to me"))
    assert got and "cilantro" in got[0] and "any recipe" in got[0], got
    assert _rules(said("no nuts in any of the meal plans you make for me"))


def test_any_verb_after_a_recurring_condition(said: Callable[[str], list[str]]) -> None:
    got = _rules(said("whenever I paste a contract, flag anything about auto-renewal"))
    assert got and "Whenever the user pastes a contract, flag" in got[0], got
    got = _rules(said("every time I share a chart, describe the trend first"))
    assert got and "describe the trend" in got[0], got


def test_the_reason_after_a_dash_stays_with_the_rule(said: Callable[[str], list[str]]) -> None:
    got = said("when I ask for movie picks, never spoil the ending — I hate knowing what happens")
    rules = _rules(got)
    assert len(rules) == 1 and "never spoil the ending" in rules[0], got
    assert "the user hates knowing" in rules[0], rules  # the reason, in the third person
    assert not any(c.startswith("User hates") for c in got), got  # not the reason alone


def test_two_rules_in_one_chat_both_stay(asked: Any) -> None:
    got = asked(("user", "from now on don't use bold text in your replies, my reader app "
                         "shows asterisks"),
                ("assistant", "Got it."),
                ("user", "oh and keep your code blocks under 30 lines"))
    rules = _rules(got)
    assert any("bold" in r for r in rules) and any("30 lines" in r for r in rules), got


def test_one_off_requests_and_statements_stay_out(said: Callable[[str], list[str]]) -> None:
    for text in ("don't use emoji in this one message, it's for my boss",
                 "from now on I'm going to run every morning",
                 "when I ask about wine, I usually mean red",
                 "don't worry about it in any case",
                 "whenever you can, what's the capital of Peru?"):
        assert not _rules(said(text)), text
    assert standing.instruction("don't add sugar to this recipe") is None
    assert standing.instruction("if you get a chance, look at my essay") is None


def test_a_thing_of_the_users_named_in_a_question(said: Callable[[str], list[str]]) -> None:
    assert "User has a Kindle Paperwhite" in said(
        "why does my Kindle Paperwhite freeze on the home screen?")
    assert "User has a Bianchi" in said("what tire pressure should I run on my Bianchi?")
    got = said("my blender (a Ninja BN701) leaks at the base, is that fixable?")
    assert "User has a blender (Ninja BN701)" in got, got
    assert "User has a Weber grill" in said("how often should I clean my Weber grill?")


def test_what_is_no_thing_owned_stays_out(said: Callable[[str], list[str]]) -> None:
    for text in ("how do I reset my Netflix password?", "can you check my Python script?",
                 "what should I get my Mom for her birthday?", "my Uber driver was rude, "
                 "should I report it?", "is my English good enough for the interview?",
                 "any villain ideas for my D&D campaign?", "is my AT&T plan worth it?"):
        assert not any(c.startswith("User has") for c in said(text)), text
    got = said("can my Roomba climb over rugs?")
    assert "User has a Roomba" in got, got  # the verb after it is not part of the name


def test_mine_after_a_question_is_the_users_own(said: Callable[[str], list[str]]) -> None:
    got = said("any exercises for someone with a torn rotator cuff? mine flared up after "
               "swimming")
    assert any(c.startswith("User's torn rotator cuff flared up") for c in got), got
    got = said("what's a good mount for a Garmin 530? mine keeps rattling loose")
    assert any("User's Garmin 530 keeps rattling" in c for c in got), got


def test_mine_without_a_named_thing_says_nothing(said: Callable[[str], list[str]]) -> None:
    assert said("is that normal for you? mine was fine") == []


def test_a_condition_that_flares_is_the_users_health(said: Callable[[str], list[str]]) -> None:
    got = said("my psoriasis flares up every time the weather turns cold")
    assert any(c.startswith("User's psoriasis flares up") for c in got), got
    got = said("my lower back has been acting up since the move")
    assert any(c.startswith("User's lower back") for c in got), got
    assert not any("acting up" in c for c in said("my laptop keeps acting up"))


def test_a_proposal_is_an_engagement(said: Callable[[str], list[str]]) -> None:
    got = said("my girlfriend Ana proposed on the beach yesterday!! still shaking")
    assert any(c.startswith("User's girlfriend Ana proposed; User is engaged") for c in got), got
    for text in ("my boyfriend proposed that we split the rent", "my boss proposed a new plan"):
        assert not any("engaged" in c for c in said(text)), text


def test_a_reminder_label_and_a_quoted_identifier(said: Callable[[str], list[str]]) -> None:
    got = said('reminder for context: our API keys are rotated monthly and every bucket name '
               'starts with "acme_prod"')
    assert any("acme_prod" in c and not c.lower().startswith("reminder") for c in got), got
    got = said("quick reminder: my daughter Ivy has swim practice every Tuesday")
    assert any(c.startswith("User's daughter Ivy") for c in got), got


def test_a_standing_request_put_as_a_question(said: Callable[[str], list[str]]) -> None:
    assert "Standing instruction from the user: Keep the assistant's replies brief" in said(
        "could you keep your replies brief?")
    assert "Standing instruction from the user: Always answer in Portuguese" in said(
        "can you always answer in Portuguese?")
    for text in ("can you give me a few answers?", "could you make this shorter?"):
        assert not _rules(said(text)), text


def test_a_label_before_the_rule(said: Callable[[str], list[str]]) -> None:
    got = _rules(said("One request before we start: keep answers under 100 words"))
    assert got and "100 words" in got[0], got
    assert not _rules(said("Translate this: don't worry, be happy"))


def test_one_more_thing_the_rule_before_covers(asked: Any) -> None:
    got = asked(("user", "Going forward, always quote prices in euros."),
                ("assistant", "Sure."),
                ("user", "and distances in kilometres"))
    assert "Standing instruction from the user: also distances in kilometres" in got, got
    got = asked(("user", "I live in Lyon"), ("assistant", "Nice."),
                ("user", "and distances in kilometres"))
    assert not _rules(got), got  # nothing before it to go on


def test_a_diagnosis_said_as_news(said: Callable[[str], list[str]]) -> None:
    assert "User has a stress fracture in their foot" in said(
        "I was just told I have a stress fracture in my foot")
    assert not any(c.startswith("User has") for c in said("I got told I have a great voice"))


def test_the_assistants_words_quoted_in_a_rule(said: Callable[[str], list[str]]) -> None:
    got = _rules(said('never use the phrase "as an AI" in your answers'))
    assert got and "as an AI" in got[0], got
    assert not any("two cats" in c for c in said('how do you say "I have two cats" in Thai?'))
