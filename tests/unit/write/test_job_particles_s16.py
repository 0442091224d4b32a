"""Where the user works, read with its particle (issue 16, session 16, after the freeze): a
company before 으로 keeps its own name ("배민으로 이직" is 배민, never "배민으"), and a company
before 에서 일해 is the employer, not a kind of work ("현대차 일을 한다" broke the change of job
that followed). Sentences written for this test."""

from __future__ import annotations

from datetime import datetime, timezone

from gieok.domain.turns import Turn
from gieok.write.extract.heuristic import HeuristicExtractor

AT = datetime(2026, 6, 1, tzinfo=timezone.utc)


def said(text: str) -> list[tuple[str | None, str]]:
    return [(c.slot, c.content) for c in HeuristicExtractor().extract_sync(
        [Turn(role="user", content=text, at=AT)])]


def test_a_company_before_euro_keeps_its_name() -> None:
    assert said("이번에 배민으로 이직했어요") == [("employer", "사용자는 배민에서 근무")]
    got = said("카카오에서 쏘카로 옮겼어")
    assert [slot for slot, _ in got] == ["employer"] and "쏘카" in got[0][1], got
    assert "쏘카으" not in got[0][1] and "카카오" not in got[0][1], got
    assert ("employer", "사용자는 컬리에서 근무") in said("이직했어요, 토스에서 컬리로요")


def test_a_company_before_eseo_il_is_the_employer_not_a_kind_of_work() -> None:
    got = said("저는 현대차에서 일해요")
    assert ("employer", "사용자는 현대차에서 근무") in got, got
    assert not any(slot and slot.startswith("work_kind") for slot, _ in got), got
    # the kind of work said with its noun still is one
    assert any(slot == "work_kind:번역" for slot, _ in said("요즘 프리랜서로 번역 일 해요"))
