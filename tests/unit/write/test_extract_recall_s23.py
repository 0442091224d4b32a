"""Recall by structure, session 23 (issue 16), English side.

- what the user is, said as a bare noun phrase in reply to the assistant ("paramedic",
  "freelance translator", "celiac, so …") (``bare_self``);
- a finding reported in a clinician's words, "physio says it's IT band syndrome"
  (``diagnosed_en``);
- a trip said as a place and a time in reply to a question about travel (``trip_reply``);
- a reply whose time clause has a verb ("after the kids are down") is still a reply
  (``followup``);
- how a codebase holds its dependencies is workspace knowledge ("we pin deps with uv");
- "the new kitten" the user fetched is the user's (``definite_pet``), "picked up" with its
  subject dropped (``english``);
- a rule the user sets themselves after a label ("rule for myself: …") (``standing``);
- the gear a hobby is done with, its subject dropped ("shooting with a fuji …"), how long the
  user has been at something ("been bouldering since last spring") and money owed or put
  aside ("paying off a 12k loan") (``english``).

Sentences written for this file (not copied from a labelled file), with look-alikes that must
store nothing of the kind."""

from __future__ import annotations

from typing import Any


def _reply(chat_extract: Any, question: str, text: str) -> list[str]:
    return chat_extract.contents(("assistant", question), ("user", text))


# -- bare self-descriptions -------------------------------------------------------------------

def test_a_bare_occupation_in_reply_is_the_users_job(chat_extract: Any) -> None:
    for question, text, job in [
            ("Want me to fit the workouts around your hours?", "yeah, night shifts, ER nurse",
             "ER nurse"),
            ("Is your schedule flexible at all?", "nah. high school teacher, so summers only",
             "teacher"),
            ("Does your job involve a lot of sitting?", "yep, accountant. 10 hours a day",
             "accountant"),
            ("Should I keep the budget tight given your income?", "no, electrician. it's steady",
             "electrician")]:
        got = _reply(chat_extract, question, text)
        assert any(c.startswith("User is") and job in c for c in got), (text, got)


def test_a_bare_condition_is_the_users_state(chat_extract: Any) -> None:
    for question, text, word in [
            ("Any dietary needs I should know about?", "type 1 diabetic, so I count carbs",
             "diabetic"),
            ("Anything to keep in mind for the menu?", "celiac. strict about it", "celiac"),
            ("", "coeliac, so no regular pasta for me", "coeliac")]:
        turns = [("assistant", question)] if question else []
        cands = chat_extract.candidates(*turns, ("user", text))
        got = [c.content for c in cands if c.pinned]
        assert any(word in c for c in got), (text, got)


def test_bare_phrases_that_are_not_the_users_job_or_state(chat_extract: Any) -> None:
    for question, text in [
            ("What does your wife do?", "nurse, at the children's hospital"),
            ("What should the main character do for a living?", "paramedic, I think"),
            ("Which role are you applying for?", "product manager"),
            ("What do you want to be when the bootcamp ends?", "data scientist"),
            ("Who did you see about your knee?", "the surgeon, finally"),
            ("Should I plan around your schedule?", "ex nurse, so no shifts anymore"),
            ("Is your son's school nearby?", "asthma, so he walks slowly"),
            ("Any allergies?", "my sister's a nurse, she'd know"),
            ("", "celiac disease runs in my family apparently"),
            ("", "paramedic shows are my guilty pleasure"),
            ("Anything else?", "celiac? what's that")]:
        turns = [("assistant", question)] if question else []
        got = chat_extract.contents(*turns, ("user", text))
        assert not any(c.startswith(("User is a", "User is an", "User is celiac",
                                     "User has celiac", "User has asthma")) for c in got), \
            (text, got)


# -- a clinician's finding about the user's complaint ---------------------------------------

def test_a_clinicians_finding_about_it_is_the_users(chat_extract: Any) -> None:
    for text, finding in [
            ("my shoulder has been killing me, the physio says it's rotator cuff tendinitis",
             "rotator cuff tendinitis"),
            ("finally saw someone about my heel. podiatrist said it was plantar fasciitis",
             "plantar fasciitis"),
            ("GP thinks it's carpal tunnel syndrome, ugh", "carpal tunnel syndrome")]:
        cands = chat_extract.candidates(("user", text))
        got = [c.content for c in cands if c.pinned]
        assert any(finding in c and c.startswith("User has") for c in got), (text, got)


def test_findings_that_are_not_the_users_are_not_read(chat_extract: Any) -> None:
    for text in ["the doctor says it's nothing serious, just a bruise",
                 "physio says it's not a tear, thankfully",
                 "the doctor thinks it could be IT band syndrome",
                 "if the physio says it's IT band syndrome I'll stop running",
                 "does the doctor think it's carpal tunnel syndrome?",
                 "my friend says it's IT band syndrome",
                 "my mom's knee is bad, the doctor says it's arthritis",
                 "the vet says it's kidney disease",
                 "the doctor says it's a great time to start running"]:
        got = chat_extract.contents(("user", text))
        assert not any(", per " in c for c in got), (text, got)


# -- a trip said in reply --------------------------------------------------------------------

def test_a_place_and_a_time_in_reply_to_travel_is_a_trip(chat_extract: Any) -> None:
    for question, text, place in [
            ("Got it. Are you traveling soon?", "lisbon in march, 3rd to 10th", "Lisbon"),
            ("Any trips coming up?", "yeah, kyoto next month", "yoto"),
            ("Are you going anywhere over the break?", "Denver over christmas", "Denver")]:
        got = _reply(chat_extract, question, text)
        assert any(place in c for c in got), (text, got)


def test_replies_to_travel_that_are_no_trip_of_the_users(chat_extract: Any) -> None:
    for question, text in [("Are you traveling soon?", "home for christmas, that's it"),
                           ("Are you traveling soon?", "hopefully japan in april"),
                           ("Are you traveling soon?", "nothing planned, maybe portugal in august"),
                           ("Is your sister traveling soon?", "paris in may"),
                           ("Are you traveling soon?", "work in march?")]:
        got = _reply(chat_extract, question, text)
        assert not any(c.startswith("User is traveling to") for c in got), (text, got)


# -- a reply with a time clause --------------------------------------------------------------

def test_a_reply_with_a_time_clause_is_still_a_reply(chat_extract: Any) -> None:
    got = _reply(chat_extract, "When do you usually get to practice?",
                 "early mornings and after the baby is asleep, like 8 to 9")
    assert any("mornings" in c for c in got), got
    got = _reply(chat_extract, "When do you usually get to practice?",
                 "after the baby is asleep I'm too tired honestly")
    assert not any("answer to" in c for c in got), got


# -- workspace dependencies ------------------------------------------------------------------

def test_how_the_codebase_holds_dependencies_is_workspace_knowledge(chat_extract: Any) -> None:
    for text, word in [("also we pin deps with uv", "uv"),
                       ("we commit the lockfile, always", "lockfile")]:
        cands = chat_extract.candidates(("user", text))
        assert any(word in c.content and c.tier == "project" for c in cands), (text, cands)
    for text in ["we went to the uv exhibition", "my deps are a mess lol"]:
        cands = chat_extract.candidates(("user", text))
        assert not any(c.tier == "project" for c in cands), (text, cands)


# -- the new animal fetched home -------------------------------------------------------------

def test_the_new_animal_fetched_home_is_the_users(chat_extract: Any) -> None:
    for text, name in [("picked up the new puppy today!! he's a beagle mix, named him Waffles",
                        "Waffles"),
                       ("we brought the new kitten home last night. named her Miso", "Miso")]:
        got = chat_extract.contents(("user", text))
        assert any(name in c for c in got), (text, got)
    for text in ["picked up the kids from school, exhausted",
                 "my neighbour got the new puppy everyone talks about",
                 "did you see the new cat video"]:
        got = chat_extract.contents(("user", text))
        assert not any(c.startswith("User") for c in got), (text, got)


# -- a rule for oneself ----------------------------------------------------------------------

def test_a_labelled_rule_for_oneself_is_kept_as_the_users(chat_extract: Any) -> None:
    for text, word in [("rule for myself: no takeout more than twice a week", "takeout"),
                       ("personal rule: no coffee after 2pm. hold me to it", "coffee")]:
        got = chat_extract.contents(("user", text))
        assert any(c.startswith("User's rule for themselves") and word in c for c in got), \
            (text, got)
    for text in ["the rule of the game: whoever loses buys pizza",
                 "rule of thumb for myself? idk",
                 "my brother's rule: no phones at dinner"]:
        got = chat_extract.contents(("user", text))
        assert not any("rule for themselves" in c for c in got), (text, got)


# -- a hobby's gear, the subject dropped -----------------------------------------------------

def test_a_hobbys_gear_said_without_a_subject_is_the_users(chat_extract: Any) -> None:
    for text, word in [("shooting with a nikon z6 mostly, which bag fits it", "nikon z6"),
                       ("riding a steel touring bike these days, any saddle tips?", "touring bike")]:
        got = chat_extract.contents(("user", text))
        assert any(c.startswith("User") and word in c for c in got), (text, got)
    for text in ["shooting with my friends tonight lol",
                 "riding a horse for the first time tomorrow"]:
        got = chat_extract.contents(("user", text))
        assert not any(c.startswith("User is") for c in got), (text, got)



# -- "I've" left out -------------------------------------------------------------------------

def test_how_long_the_user_has_been_at_something_without_a_subject(chat_extract: Any) -> None:
    for text, word in [("been bouldering since last spring, V4s now", "bouldering"),
                       ("been vegetarian for six years", "vegetarian"),
                       ("been at Shopify since 2020, still remote", "Shopify")]:
        got = chat_extract.contents(("user", text))
        assert any(c.startswith("User") and word in c for c in got), (text, got)
    for text in ["been a long week honestly", "been there lol", "been ages since I slept in",
                 "been thinking about getting a cat"]:
        got = chat_extract.contents(("user", text))
        assert not any(c.startswith("User has been") for c in got), (text, got)


def test_money_owed_or_saved_without_a_subject(chat_extract: Any) -> None:
    for text, word in [("paying off a 9k car loan, 250 a month", "car loan"),
                       ("saving up for a house deposit, about 40k so far", "house deposit")]:
        got = chat_extract.contents(("user", text))
        assert any(c.startswith("User is") and word in c for c in got), (text, got)
    got = chat_extract.contents(("user", "paying off the pizza guy now brb"))
    assert not any(c.startswith("User is paying") for c in got), got



# -- the user's own event, "my" left out -----------------------------------------------------

def test_an_event_and_its_date_without_my_is_the_users(chat_extract: Any) -> None:
    for text, word in [("race is nov 2 in Lisbon, so nervous", "Lisbon"),
                       ("surgery's on the 14th, can you help me pack", "surgery"),
                       ("interview is next thursday at 2", "interview")]:
        got = chat_extract.contents(("user", text))
        assert any(c.startswith("User's") and word in c for c in got), (text, got)
    for text in ["race is on tv tonight", "exam is hard lol", "the wedding is june 3, my cousin's"]:
        got = chat_extract.contents(("user", text))
        assert not any(c.startswith("User's") for c in got), (text, got)


def test_a_new_animal_is_no_purchase_beside_its_name(chat_extract: Any) -> None:
    got = chat_extract.contents(("user", "picked up the new puppy today, named him Biscuit"))
    assert not any(c.startswith("User bought") for c in got), got
    assert any("Biscuit" in c for c in got), got
    assert any(c.startswith("User bought") for c in chat_extract.contents(
        ("user", "I finally bought a new bike")))
