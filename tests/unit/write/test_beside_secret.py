"""What is kept of a message that hands over a secret (issue 16, session 18).

Users paste a key or a password and, in the same message, say who they are: what their job is,
whose business the script is for, where they are moving. Only a slot (a home, an allergy) was
kept from such a message; a sentence after the secret is now judged like any other when it is
not about the secret, and an English clause that follows the secret inside its sentence is a
sentence of its own. The secret itself is never kept. Sentences written for this file (masked
as the pipeline masks them), with look-alikes that must store nothing."""

from __future__ import annotations

from typing import Any

import pytest

from gieok.write.extract.beside_secret import about_secret, apart
from gieok.write.pii import mask_all


def test_a_clause_after_the_secret_inside_its_sentence_is_a_sentence_of_its_own() -> None:
    assert apart("here's the env: [SECRET] we're hosting it on Render") == [
        "here's the env: [SECRET]", "we're hosting it on Render"]
    assert apart("key [SECRET] — oh and the script is for my tutoring business") == [
        "key [SECRET]", "the script is for my tutoring business"]
    # the secret's own phrase going on, a request, nobody of the user's: unchanged
    for whole in ("[SECRET] in my .env for the billing repo",
                  "[SECRET] and can you tell me why my app crashes",
                  "token [SECRET] isn't letting me push to our repo",
                  "[SECRET] and the build still fails on staging",
                  "비번 [PASSWORD] 인데 자꾸 끊겨",
                  "my wifi password is [PASSWORD]"):
        assert apart(whole) == [whole]


def test_what_a_named_work_is_built_with_is_the_projects() -> None:
    assert apart("[SECRET] in my .env for the tidewater repo (Flask, Python 3.11)") == [
        "[SECRET] in my .env for", "the tidewater repo uses Flask, Python 3.11"]
    # not a list of names: unchanged
    for whole in ("my password [PASSWORD] for the bank app (the new one)",
                  "[SECRET] for our bot (it keeps crashing)",
                  "key [SECRET] for my app (django and postgres)"):
        assert apart(whole) == [whole]


def test_a_word_for_a_secret_makes_the_sentence_about_it() -> None:
    assert about_secret("I have a Medicare number")
    assert about_secret("공유기 비번은 이거야")
    assert not about_secret("I'm the office manager at a dental surgery")


def test_who_the_user_is_said_after_a_secret_is_kept(said: Any) -> None:
    assert said("admin password is [PASSWORD]. btw I'm the office manager at a dental surgery") \
        == ["User is the office manager at a dental surgery"]
    got = said("here's the key for the script [SECRET] — oh and the script is for my tutoring "
               "business in Leeds")
    assert any("tutoring business in Leeds" in c for c in got), got
    got = said("deploy keeps failing, here's the env: [SECRET] we're hosting it on Render for "
               "my bakery's ordering site")
    assert any("Render" in c and "bakery" in c for c in got), got
    assert said("와이파이 비번 [PASSWORD] 이거 맞아? 참고로 나 이번 달부터 판교 본사로 출근해") == [
        "사용자는 이번 달부터 판교 본사로 출근한다"]
    assert said("공유기 비번 [PASSWORD] 인데 자꾸 끊겨. 나 다음 달에 제주도로 이사 가") == [
        "사용자는 다음 달에 제주도로 이사 간다"]


@pytest.mark.parametrize("text", [
    "my bank pin is [PASSWORD] so remember it",
    "[SECRET] in my .env for the billing repo",
    "card number [CARD]. I need it for the booking form",
    "token [SECRET]. remember them",
    "here's my medicare number [ID_NUMBER]. I have a medicare card too",
    "[SECRET] and can you tell me why my app crashes",
    "passport no [ID_NUMBER]. the form has four boxes for it",
    "[PASSWORD] is the code, my son uses it for the ipad",
    "login is [PASSWORD] and we keep getting locked out",
    "the api key is [SECRET] and my script keeps timing out",
])
def test_what_is_said_about_the_secret_or_its_task_stores_nothing(said: Any, text: str) -> None:
    assert said(text) == []


def test_the_stack_said_with_a_pasted_key_is_kept(said: Any) -> None:
    got = said(mask_all("why won't it start? STRIPE_KEY=sk_live_51Qx8RtLmV7aZ2rT8yKcN3 in the "
                        "config of our 'lanternfish' app (Next.js, Node 20)"))
    assert got == ["The lanternfish app uses Next.js, Node 20"], got


def test_the_secret_itself_never_reaches_a_memory(said: Any) -> None:
    raw = ("why does the deploy fail? OPENAI_API_KEY=sk-proj-Zk31Lq9WmR7tXa2Bv5Nc8Yp0 "
           "and I'm running it for my flower shop in Hove")
    masked = mask_all(raw)
    assert "sk-proj" not in masked
    got = said(masked)
    assert any("flower shop in Hove" in c for c in got), got
    assert not any("sk-proj" in c or "[SECRET]" in c for c in got), got
