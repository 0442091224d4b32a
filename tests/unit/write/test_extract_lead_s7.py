"""Two faults found after fresh6's test half was scored (lead, session 7): a change whose
"part" was the memory's own subject left the subject-less rest current ("is at 9:30 every
day" after "we moved standup, it's 10:15 now"), and "we moved …" became "the team moveds …"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.write.extract.patterns_en import third_person


@pytest.mark.anyio
async def test_a_change_of_the_memorys_subject_replaces_the_memory(tmp_path: Path,
                                                                    sessions: Any) -> None:
    settings = GieokSettings(data_dir=tmp_path, embedder="hash:256")
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        live = await sessions.live_memories(
            mem, "u", "standup for my team is at 9:30 every day",
            "we moved standup, it's 10:15 now because of the London folks")
    assert any("10:15" in m for m in live), live
    assert not any("9:30" in m for m in live), live  # nothing says the old time is current


@pytest.mark.parametrize(("phrase", "agreed"), [
    ("moved standup", "moved standup"),
    ("started yoga", "started yoga"),
    ("could swim", "could swim"),
    ("need a break", "needs a break"),
    ("feed the cat", "feeds the cat"),
    ("go running", "goes running"),
    ("set up CI", "sets up CI"),
])
def test_only_a_present_verb_takes_the_third_person_s(phrase: str, agreed: str) -> None:
    assert third_person(phrase) == agreed


@pytest.mark.parametrize("opening", [
    "Nice to meet you! What can I help with?", "Hi! How can I help you today?",
    "What do you need help with?"])
def test_a_request_after_an_open_offer_of_help_is_no_answer_about_the_user(
        chat_extract: Any, opening: str) -> None:
    got = chat_extract.contents(("assistant", opening),
                                ("user", "need a lab safety quiz for 8th graders. 20 questions"))
    assert not any("answer to" in c for c in got), got


def test_an_answer_to_a_question_about_the_user_is_still_kept(chat_extract: Any) -> None:
    got = chat_extract.contents(("assistant", "What do you do for a living?"),
                                ("user", "middle school science teacher"))
    assert any("science teacher" in c for c in got), got
