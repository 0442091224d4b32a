"""Secrets said as the answer to a question, and four shapes a fresh trial found in clear.

Each case of the trial was said one message per ``add()`` call, as a chat app sends them; the
secret's bytes were then looked for in the whole SQLite file (archive, working layer, full-text
index, memories) — the test below does the same."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok import Memory
from gieok.domain.turns import Turn
from gieok.settings import GieokSettings
from gieok.write.guards import guard_turns
from gieok.write.pii import PiiPolicies, guard

AT = datetime(2026, 11, 20, 1, 0, tzinfo=UTC)


def replies(*turns: tuple[str, str], before: tuple[tuple[str, str], ...] = ()) -> list[str]:
    """The stored text of each turn, guarded as one batch after ``before``."""
    earlier = [Turn(role=r, content=c, at=AT) for r, c in before]  # type: ignore[arg-type]
    batch = [Turn(role=r, content=c, at=AT) for r, c in turns]  # type: ignore[arg-type]
    return [t.content for t in guard_turns(batch, PiiPolicies(), before=earlier)]


@pytest.mark.parametrize(("question", "answer", "secret"), [
    ("What password do you want for the shared drive?", "tangerine-Otter-58",
     "tangerine-Otter-58"),
    ("공유 폴더 비밀번호 뭐로 설정할까요?", "gamgyul0315 로 해줘", "gamgyul0315"),
    ("Can you tell me the verification code you received?", "it's 660213", "660213"),
    ("인증번호 받으셨나요?", "네 384920 이에요", "384920"),
    ("What's the Wi-Fi password at the cabin?", "cabinlife", "cabinlife"),
    ("What's the code on the lockbox?", "0-4-2-7", "0-4-2-7"),
    # the answer names what it answers first, then the value after a comma or a colon
    ("What's your security answer for the card?", "mother's hometown, Gimcheon", "Gimcheon"),
    ("보안 질문 답이 뭐였죠?", "초등학교 짝꿍: 민지", "민지"),
])
def test_a_reply_to_a_question_asking_for_a_secret_is_masked(question: str, answer: str,
                                                             secret: str) -> None:
    stored = replies(("assistant", question), ("user", answer))
    assert stored[0] == question and secret not in stored[1] and "[PASSWORD]" in stored[1]
    assert guard(answer).text == answer  # alone, the reply names nothing secret


def test_the_label_may_sit_one_turn_further_back_in_an_earlier_call() -> None:
    before = (("user", "I keep forgetting my locker combo"),
              ("assistant", "Want me to remember it?"))
    assert replies(("user", "yes 22-08-41"), before=before) == ["yes [PASSWORD]"]


@pytest.mark.parametrize(("question", "answer"), [
    ("Did you change your password?", "yes, yesterday"),
    ("Should I remind you to change your password?", "tomorrow"),  # no "what is it"
    ("Do you use a password manager?", "nope"),
    ("What's your dog's name?", "Bori2"),  # no secret asked for
    ("What's the Wi-Fi password?", "I'll check with my landlord later and send it over, "
                                  "he said maybe by 2030 or so lol"),  # a story, not a reply
])
def test_other_replies_stay_as_they_are(question: str, answer: str) -> None:
    assert replies(("assistant", question), ("user", answer)) == [question, answer]


def test_only_the_users_reply_is_read_as_an_answer() -> None:
    before = (("user", "what's a good wifi password?"),)
    assert replies(("assistant", "Try PurpleTurtle42?"), before=before)[0] == \
        "Try PurpleTurtle42?"  # the assistant's own suggestion: ordinary text rules apply


@pytest.mark.parametrize(("text", "secret"), [
    ("seed phrase backup: witch collapse practice feed shame open despair creek road again "
     "ice least", "witch collapse practice"),
    ("Here's my recovery key for the laptop: "
     "418022-613800-221045-309826-114511-700189-550322-009911", "418022-613800"),
    ("카드 뒤에 있는 세자리 번호 917 이야", "917"),
    ("the alarm disarm code is 5150", "5150"),
    ("개인통관고유부호 P123456789012 저장해줘", "P123456789012"),
    ("애들 태블릿 잠금 번호 0000으로 해놨어", "0000"),
    ("금고 번호는 아빠 생신 0317이야", "0317"),
])
def test_shapes_found_in_clear_by_the_trial_are_masked(text: str, secret: str) -> None:
    assert secret not in guard(text).text


@pytest.mark.parametrize("text", [
    "뒤에 세 자리만 바꾸면 돼",  # no number follows
    "the alarm went off at 5 am",
    "통관 절차가 너무 오래 걸려요",
    "사물함 번호는 3번이야",
    "휴대폰 잠금 번호 설정 방법 알려줘",
])
def test_near_misses_of_those_shapes_survive(text: str) -> None:
    assert guard(text).text == text


def test_no_byte_of_an_answered_password_reaches_the_database(tmp_path: Path) -> None:
    db = tmp_path / "chat.db"
    settings = GieokSettings(data_dir=tmp_path, embedder="hash:256")
    with Memory(f"sqlite:///{db}", settings=settings) as mem:
        for role, text in [("assistant", "What's the Wi-Fi password at the cabin?"),
                           ("user", "cabinlife2024"),
                           ("assistant", "인증번호 받으셨나요?"), ("user", "네 384920 이에요")]:
            mem.add([{"role": role, "content": text}], user_id="u", session_id="s1")
        mem.end_session(user_id="u", session_id="s1")
        hits = mem.search("cabin wifi", user_id="u", k=5)
    blob = b"".join(p.read_bytes() for p in tmp_path.glob("chat.db*"))
    assert b"cabinlife2024" not in blob and b"384920" not in blob
    assert any("[PASSWORD]" in h.record.content for h in hits)  # the reply is kept, masked
