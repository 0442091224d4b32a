"""Recall by structure, session 18 (issue 16): facts said on the way to a question.

- a pet named as "<Name> the <kind>" or as "our own cat Pudding" ("Biscuit the whippet has been off his food") is the
  user's pet by name, like "our whippet Biscuit";
- "ours is called Miso" after a question about an animal ("what do I feed a 10 week old
  kitten?") names the user's kitten; "mine" after "for someone with a herniated disc" is the
  disc, not "someone with a herniated disc";
- an aside in parentheses is one piece of its sentence: "my knee is shot (torn ACL, surgery in
  May) so what exercises are safe?" keeps the whole premise, not "my knee is shot (torn ACL";
- glaucoma and its eye drops are health;
- a band said by name and then as "their album" is named in the memory.

Sentences written for this file (not copied from a labelled file), with look-alikes that must
store nothing."""

from __future__ import annotations

from typing import Any

from gieok.write.extract.english import their_act


def test_a_pet_named_as_name_the_kind_is_the_users(chat_extract: Any) -> None:
    got = chat_extract.chat("u: Biscuit the whippet has been off his food since Tuesday")
    assert ("User has a whippet named Biscuit", False) in got, got
    got = chat_extract.chat("u: ugh the landlord grumbles but Juniper the greyhound is allowed lol")
    assert any(c == "User has a greyhound named Juniper" for c, _ in got), got


def test_the_users_own_pet_named_beside_a_foster(chat_extract: Any) -> None:
    got = chat_extract.chat("u: we're fostering a collie for the shelter, but our own cat Pudding "
                            "is not impressed. tips?")
    assert any("cat Pudding" in c or c == "User has a cat named Pudding" for c, _ in got), got
    assert chat_extract.chat("u: I'd love to have my own dog one day") == []


def test_a_verb_before_the_kind_names_no_pet(chat_extract: Any) -> None:
    assert chat_extract.chat("u: Walk the dog before breakfast, then feed the cat") == []
    assert chat_extract.chat("u: Feed the cat twice a day is what the vet said") == []
    got = chat_extract.chat("u: my sister's dog is lovely, Rolo the beagle is her baby")
    assert not any("named Rolo" in c for c, _ in got), got


def test_ours_after_a_question_about_an_animal_names_it(chat_extract: Any) -> None:
    got = chat_extract.chat("u: what do I feed a 10 week old kitten? ours is called Miso")
    assert got == [("User's kitten is called Miso", False)], got
    got = chat_extract.chat("u: is it normal for a tortoise to sleep for a week in March? "
                            "ours is called Shelby")
    assert any("tortoise" in c and "Shelby" in c for c, _ in got), got
    # nothing of the user's was asked about, or the animal is someone else's
    assert chat_extract.chat("u: how often should you wash a car? ours is filthy") == []
    got = chat_extract.chat("u: how do I stop my neighbour's cat visiting? ours hates her")
    assert not any("cat" in c for c, _ in got), got


def test_mine_after_someone_with_a_condition_is_the_condition(chat_extract: Any) -> None:
    got = chat_extract.chat("u: any tips for someone with a herniated disc? mine flared up again")
    assert got == [("User's herniated disc flared up again", True)], got


def test_an_aside_in_parentheses_stays_whole(chat_extract: Any) -> None:
    got = chat_extract.chat("u: my knee is shot (torn ACL, surgery in May) so what exercises "
                            "are safe?")
    assert got == [("User's knee is shot (torn ACL, surgery in May)", True)], got


def test_glaucoma_and_its_drops_are_health(chat_extract: Any) -> None:
    assert chat_extract.chat("u: I have glaucoma, so big fonts please") == [
        ("User has glaucoma", True)]
    got = chat_extract.chat("u: my mum uses latanoprost drops for her eyes")
    assert got and all(pinned for _, pinned in got), got


def test_their_album_after_the_band_is_named_is_the_bands() -> None:
    got = their_act(["any music like Slow Pulp, they're a band from Madison, I've had "
                     "their album on repeat"])
    assert got == ["any music like Slow Pulp, they're a band from Madison, I've had "
                   "Slow Pulp's album on repeat"]
    # no act was named: "their" stays
    for whole in ("my neighbours are loud, their music is awful",
                  "my kids love Bluey, they are a show I guess, their songs are catchy"):
        assert their_act([whole]) == [whole]


def test_a_band_loved_by_its_album_is_remembered_by_name(chat_extract: Any) -> None:
    got = chat_extract.chat("u: recommend me something like Slow Pulp, they're a band from "
                            "Madison, I've had their album on repeat all winter")
    assert any("Slow Pulp" in c for c, _ in got), got
