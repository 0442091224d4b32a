"""A medical word in a job is no health fact: "my husband's a paramedic" held "medic", so a
relative's job was tagged as medication and pinned (found by the sequences helper, session 18)."""

from __future__ import annotations

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.heuristic import HeuristicExtractor


@pytest.mark.parametrize("text", ["My husband's a paramedic in Bristol.",
                                  "my sister is a medic in the army",
                                  "my dad was a medical examiner"])
def test_a_relatives_medical_job_is_no_health_fact(text: str) -> None:
    """"paramedic" held "medic": a relative's job was tagged as medication and pinned, so no
    later job change could end it."""
    [found] = HeuristicExtractor().extract_sync([Turn(role="user", content=text)])
    assert not found.pinned and "medication" not in found.tags and "health" not in found.tags


@pytest.mark.parametrize("text", ["I take my medication every morning",
                                  "my mum has a medical condition that affects her balance"])
def test_medication_and_medical_conditions_stay_core_facts(text: str) -> None:
    [found] = HeuristicExtractor().extract_sync([Turn(role="user", content=text)])
    assert found.pinned and "health" in found.tags
