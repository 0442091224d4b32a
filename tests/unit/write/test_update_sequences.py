"""Values that change across sessions (issue 16, round 3, session 3), through the public API:
one ``add`` + ``end_session`` per session, then only the newest value is a live memory and
``context()`` does not present the old one as current. Fresh sentences of a new-user trial:
a phone, a child's school, an employer said with the role, a diet, a medicine the doctor
switched, a pet that died."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.domain.turns import Turn
from gieok.settings import GieokSettings
from gieok.write.episodes import detect_emotion
from tests.support.sessions import dated_sessions

pytestmark = pytest.mark.anyio


async def test_the_newest_value_is_the_only_live_one(settings: GieokSettings,
                                                     tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        phone = await dated_sessions(mem, "phone", ("2026-01-05", "I use an iPhone 13"),
                               ("2026-05-05", "switched to a Galaxy S25 last week, loving it"))
        assert [r.content for r in phone] == ["User switched to a Galaxy S25 last week"]
        school = await dated_sessions(mem, "school", ("2026-01-05", "우리 딸 지유는 햇살유치원 다녀"),
                                ("2026-03-05", "지유 이번에 서울초등학교 입학했어"))
        # the episode says it in the fact's own words (지유 is known from the first session),
        # so it restates the fact and is not stored
        assert [r.content for r in school] == ["사용자의 딸 지유 이번에 서울초등학교 입학했다"]
        job = await dated_sessions(mem, "job", ("2026-02-01", "나 요즘 쿠팡에서 데이터 엔지니어로 일해"),
                             ("2026-07-01", "나 이번 달부터 토스로 이직했어"))
        assert not any("쿠팡" in r.content for r in job)  # the employer said with the role
        diet = await dated_sessions(mem, "diet", ("2026-01-05", "I'm vegetarian btw"),
                              ("2026-05-05", "update: I started eating fish again, so "
                                             "pescatarian now"))
        assert "User is vegetarian" not in {r.content for r in diet}
        # (session 4) one diet memory, the whole sentence carrying the diet slot
        assert [r.metadata.get("value") for r in diet if "pescatarian" in r.content] == [
            "pescatarian"]
        block = await mem.context("what phone do I have?", user_id="phone", use_cache=False,
                                  track_use=False)
        assert all("until" in line for line in block.text.splitlines() if "iPhone" in line)


async def test_a_medicine_switched_and_a_pet_that_died(settings: GieokSettings,
                                                       tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        med = await dated_sessions(mem, "med", ("2026-01-05", "I take lisinopril 10mg for blood pressure"),
                             ("2026-05-05", "my doctor switched me from lisinopril to losartan"))
        # the pinned medicine fact is retired by the health fact that names it as stopped;
        # "blood pressure" is no stress, so no episode repeats the first session's fact
        # (session 11) the memory of the change states the new medicine; the old one is kept
        # as what it replaced, which context() says as past
        assert [(r.content, r.metadata.get("previously")) for r in med] == [
            ("User's doctor switched the user to losartan", "lisinopril")]
        pet = await dated_sessions(mem, "pet", ("2026-01-05", "My cat Mango is 17 and has arthritis"),
                             ("2026-04-05", "Mango passed away last week."))
        assert [r.content for r in pet] == ["User's cat Mango passed away last week"]
        block = await mem.context("tell me about my cat", user_id="pet", use_cache=False,
                                  track_use=False)
        assert "Core facts" not in block.text  # the arthritis is no longer current


async def test_what_is_not_a_change_retires_nothing(settings: GieokSettings,
                                                    tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        kept = await dated_sessions(mem, "u", ("2026-01-05", "I take lisinopril 10mg for blood pressure"),
                              ("2026-02-05", "My cat Mango is 17 and has arthritis"),
                              ("2026-03-05", "I almost died laughing at Mango yesterday"),
                              ("2026-04-05", "should I switch from lisinopril to something else?"),
                              ("2026-05-05", "my sister got a Galaxy S25"))
        contents = {r.content for r in kept}
        assert "User takes lisinopril 10mg for blood pressure" in contents
        assert "User's cat Mango is 17 and has arthritis" in contents
        assert not any(r.metadata.get("slot") == "phone" for r in kept)


def test_blood_pressure_is_not_stress() -> None:
    said = [Turn(role="user", content="I take lisinopril for blood pressure")]
    assert detect_emotion(said) is None
    assert detect_emotion([Turn(role="user", content="so much pressure at work lately")]) == "stress"


@pytest.mark.parametrize("one_add", [False, True])
async def test_lol_jk_takes_back_the_turn_before(settings: GieokSettings, tmp_path: Path,
                                                 one_add: bool) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        for user, said in {
            "en": ["I'm getting a husky puppy next month!", "lol jk, my landlord would kill me",
                   "I live in Mapo-gu btw"],
            "ko": ["나 다음 달에 회사 그만둬", "아 농담이야 ㅋㅋ", "나 땅콩 알레르기 있어"],
            "safe": ["I'm allergic to cats", "jk"],
            "not": ["I'm allergic to shellfish", "no kidding, it's serious"],
        }.items():
            messages = [{"role": "user", "content": text} for text in said]
            for batch in ([messages] if one_add else [[m] for m in messages]):
                await mem.add(batch, user_id=user, session_id="s1",
                              timestamp="2026-11-20T10:00:00+09:00")
            await mem.end_session(user_id=user, session_id="s1")
        live = {u: [r.content for r in (await mem.list(user_id=u)).items if r.is_live()]
                for u in ("en", "ko", "safe", "not")}
    assert live["en"] == ["User lives in Mapo-gu"]  # the puppy was a joke
    assert live["ko"] == ["사용자는 땅콩 알레르기가 있음"]
    assert live["safe"] == ["User is allergic to cats"]  # an allergy is never dropped on a joke
    assert live["not"] == ["User is allergic to shellfish"]
