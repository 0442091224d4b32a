"""A value that changes when no slot knows the attribute (issue 16, session 6): the change
names only the *kind* of thing ("switched vets", "가게 합정동으로 옮겼어", "moving to day
shift") and the older memory of that kind is superseded — while two facts of the same shape
("a dog named Bori" / "also a cat named Nabi", two children's schools) both stay current.
Pure checks of ``changes`` and ``reconcile``, then the public API over two sessions."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.settings import GieokSettings
from gieok.write.extract.base import Candidate
from gieok.write.extract.changes import SURE, change, replaced
from gieok.write.pipeline import candidate_record
from gieok.write.reconcile import reconcile

CHANGED = [
    ("User is moving to day shift from november", "User works nights at St. Mary's, ER nurse"),
    ("사용자는 가게 이번에 합정동으로 옮겼다. 월세가 너무 올랐다",
     "사용자는 망원동에서 작은 칼국수집 한다. 벌써 12년째다"),
    ("User switched vets, their pet Bori goes to Green Cross Animal Hospital now",
     "User's vet is Dr. Park at Happy Tails Animal Clinic"),
    ("User switched gyms, User is at Anytime Fitness now",
     "User goes to CrossFit Gangnam three times a week"),
    ("사용자는 치과 바꿨다. 집 근처 서울치과로", "사용자는 치과는 강남역 연세치과 다닌다"),
    ("사용자는 이제 야간 안 한다", "사용자는 간호사인데 야간 근무한다"),
    # "too" as a degree is no addition; a particle glued to a Latin word ends it
    ("User switched vets, the old one got too expensive",
     "User's vet is Dr. Patel at Riverside Animal Clinic"),
    ("사용자는 team 옮겼다. 이제 search infra 팀이다", "사용자는 payments team에서 backend 한다"),
    ("사용자는 꽃집 성수동으로 이전했다", "사용자는 을지로에서 작은 꽃집 운영한다"),
]
NOT_CHANGED = [
    ("User also has a cat named Nabi", "User has a dog named Bori"),  # additive
    ("User is switching to a standing desk at work", "User plays guitar, mostly fingerstyle"),
    ("사용자의 작은애는 새봄유치원 다닌다", "사용자의 큰애는 해솔초 다닌다"),  # no cue
    ("User moved their dentist appointment to Friday",
     "User takes the 7:40 train to work every morning"),  # another kind
    ("사용자의 작은애 어린이집 옮겼다", "사용자의 큰애 해바라기 어린이집 다닌다"),  # another child
    ("사용자는 고양이도 한 마리 새로 데려왔다", "사용자는 강아지 초코 키운다"),  # 도: beside it
    # the shop named as a cause, not as what the user runs
    ("사용자는 가게 이번에 합정동으로 옮겼다", "사용자는 요즘 가게 때문에 정신이 하나도 없다"),
    # the old memory states the new value: a restatement
    ("User switched gyms, User is at Anytime Fitness now", "User likes Anytime Fitness"),
]


@pytest.mark.parametrize(("new", "old"), CHANGED)
def test_a_change_of_a_kind_replaces_the_older_statement_of_it(new: str, old: str) -> None:
    said = change(new)
    assert said is not None and replaced(old, said) == SURE


@pytest.mark.parametrize(("new", "old"), NOT_CHANGED)
def test_the_same_shape_is_not_a_change(new: str, old: str) -> None:
    said = change(new)
    assert said is None or not replaced(old, said)


SCOPE = Scope(user="u1")
AT = datetime(2026, 10, 25, 15, tzinfo=UTC)


def _record(content: str, at: datetime, **kw: object) -> MemoryRecord:
    return candidate_record(Candidate(content=content, at=at, **kw), SCOPE, at, {})  # type: ignore[arg-type]


def _plan(new: str, *olds: MemoryRecord):  # noqa: ANN202
    return reconcile([Candidate(content=new, at=AT)], olds, now=AT,
                     make_record=lambda c: candidate_record(c, SCOPE, AT, {}))


def test_reconcile_supersedes_the_one_memory_of_the_changed_kind() -> None:
    before = datetime(2026, 9, 2, 15, tzinfo=UTC)
    shop = _record("사용자는 망원동에서 작은 칼국수집 한다", before)
    busy = _record("사용자는 요즘 가게 때문에 정신이 하나도 없다", before)
    knee = _record("사용자는 퇴행성 관절염이다", before, tags=("health",), pinned=True)
    plan = _plan("사용자는 가게 이번에 합정동으로 옮겼다", shop, busy, knee)
    retired = {c.before.id: c.after for c in plan.changes}
    assert set(retired) == {shop.id}
    assert retired[shop.id].valid_to == AT and not retired[shop.id].is_live()


def test_a_memory_about_someone_unnamed_only_when_it_is_the_one_of_its_kind() -> None:
    before = datetime(2026, 3, 2, 15, tzinfo=UTC)
    one = _record("사용자의 애 해바라기 어린이집 다닌다", before)
    assert [c.before.id for c in _plan("사용자는 어린이집 옮겼다", one).changes] == [one.id]
    big = _record("사용자의 큰애 해바라기 어린이집 다닌다", before)
    small = _record("사용자의 작은애 새봄 어린이집 다닌다", before)
    assert _plan("사용자는 어린이집 옮겼다", big, small).changes == []  # whose? unknown


def test_never_a_pinned_or_health_fact() -> None:
    before = datetime(2026, 3, 2, 15, tzinfo=UTC)
    clinic = _record("User goes to Seoul Clinic for their insulin", before, tags=("health",),
                     pinned=True)
    assert _plan("User switched clinics, User goes to Mapo Clinic now", clinic).changes == []




@pytest.mark.anyio
async def test_changes_across_sessions_through_the_api(settings: GieokSettings, tmp_path: Path,
                                                       sessions: Any) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        shift = await sessions.live_memories(mem, "shift", "I work nights at St. Mary's, ER nurse",
                                "moving to day shift from november!")
        assert not any("nights" in m for m in shift) and any("day shift" in m for m in shift)
        vet = await sessions.live_memories(mem, "vet", "our vet is Dr. Park at Happy Tails Animal Clinic",
                              "we switched vets, Bori goes to Green Cross Animal Hospital now")
        assert not any("Happy Tails" in m for m in vet) and any("Green Cross" in m for m in vet)
        pets = await sessions.live_memories(mem, "pets", "I have a dog named Bori",
                               "we also have a cat named Nabi")
        assert any("Bori" in m for m in pets) and any("Nabi" in m for m in pets)
        kids = await sessions.live_memories(mem, "kids", "큰애는 해솔초 다녀요", "작은애는 새봄유치원 다녀요")
        assert any("해솔" in m for m in kids) and any("새봄" in m for m in kids)


@pytest.mark.anyio
async def test_a_change_dates_past_the_turns_that_named_the_old_value(
        settings: GieokSettings, tmp_path: Path) -> None:
    """The team was only named in a turn no memory came from (the assistant's), so no
    superseded memory points at it; "team 옮겼어" still dates that turn past, and context()
    quotes it so."""
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        await mem.add([{"role": "user", "content": "idempotency key 설계 좀 같이 봐줘"},
                       {"role": "assistant", "content": "payments team 쪽 일이시군요. 같이 봐요"}],
                      user_id="team", session_id="s0", timestamp="2026-03-02T10:00:00+09:00")
        await mem.end_session(user_id="team", session_id="s0")
        await mem.add([{"role": "user", "content": "나 team 옮겼어. 이제 search infra 팀이야"}],
                      user_id="team", session_id="s1", timestamp="2026-05-02T10:00:00+09:00")
        await mem.end_session(user_id="team", session_id="s1")
        page = await mem.list(user_id="team", limit=100, filters={"layer": "archive"})
        said = {r.content: r.metadata.get("until") for r in page.items}
        assert said["payments team 쪽 일이시군요. 같이 봐요"] == "2026-05-02"
        assert said["idempotency key 설계 좀 같이 봐줘"] is None
