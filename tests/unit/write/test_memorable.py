"""The learned "worth remembering" sentence model (issue 16): it ships with the package, its
features are stable across processes, its training code labels and learns what it should,
and the extractor uses it as a veto that never overrides an explicit request."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from gieok.domain.turns import Turn
from gieok.write.extract import memorable
from gieok.write.extract.heuristic import HeuristicExtractor

ROOT = Path(__file__).resolve().parents[3]
AT = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_memorable",
                                                  ROOT / "scripts" / "train_memorable.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_memorable"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_model_ships_with_the_package_and_its_thresholds() -> None:
    model = memorable.model()
    assert model is not None, "memorable.npz is missing from the package"
    assert model.weights.shape == (memorable.DIM,) and np.isfinite(model.weights).all()
    assert 0.0 <= model.veto("slot") <= model.veto("generic") < model.keep < 1.0
    assert model.info["split"].startswith("dev")  # trained on dev labels only


def test_features_hash_the_same_in_another_process() -> None:
    here = memorable.indices(memorable.features("저는 부산에 살아요", "어디 살아요?")).tolist()
    code = ("from gieok.write.extract import memorable as m; "
            "print(m.indices(m.features('저는 부산에 살아요', '어디 살아요?')).tolist())")
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={"PYTHONHASHSEED": "123",
                                            "PYTHONPATH": str(ROOT / "src")})
    assert here == eval(there.stdout)  # noqa: S307 — a list of ints we printed ourselves


@pytest.mark.parametrize(("chatter", "disclosure"), [
    ("Thank you, this helped a ton!", "I work as a nurse at a children's hospital in Daejeon."),
    ("alright cool, catch you later", "My son has a severe shellfish allergy."),
    ("감사합니다 많은 도움 됐어요 ㅎㅎ", "저는 대전에 있는 병원에서 간호사로 일해요."),
])
def test_chatter_scores_under_self_disclosure(chatter: str, disclosure: str) -> None:
    model = memorable.model()
    assert model is not None
    assert model.score(chatter) < model.veto("generic") < model.score(disclosure) or \
        model.score(chatter) + 0.3 < model.score(disclosure)
    assert HeuristicExtractor().extract_sync([Turn(role="user", content=chatter, at=AT)]) == []


def test_a_vetoed_sentence_is_still_kept_when_the_user_asks(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    real = memorable.model()
    assert real is not None

    class Harsh:  # a judge that finds nothing worth remembering
        keep = 2.0

        def score(self, sentence: str, question: str | None = None) -> float:
            return 0.0

        def veto(self, kind: str) -> float:
            return 0.5

    monkeypatch.setattr(memorable, "model", lambda: Harsh())
    ex = HeuristicExtractor()
    plain = ex.extract_sync([Turn(role="user", content="I live in Busan.", at=AT)])
    asked = ex.extract_sync([Turn(role="user", content="Remember that I live in Busan.",
                                  at=AT)])
    assert plain == [] and [c.content for c in asked] == ["User lives in Busan"]


def test_training_labels_sentences_by_their_facts() -> None:
    script = _script()
    facts = [{"f": "pet", "k": ["bori", "3|three"]}, {"f": "health", "k": ["peanut"]}]
    out = script._turn_examples("c", "Hi there! My dog Bori is 3. I'm allergic to peanuts.",
                                None, facts)
    assert [(e.sentence, e.label, e.family) for e in out] == [
        ("Hi there!", 0, "none"), ("My dog Bori is 3.", 1, "pet"),
        ("I'm allergic to peanuts.", 1, "health")]
    # a fact no sentence matches leaves the other sentences of its turn unlabelled
    vague = script._turn_examples("c", "Well. It's a long story.", None,
                                  [{"f": "family", "k": ["divorce"]}])
    assert {e.label for e in vague} == {-1}


def test_training_separates_a_toy_problem() -> None:
    script = _script()
    good = [memorable.indices([f"w:fact{i % 5}", "bias:x"]) for i in range(40)]
    bad = [memorable.indices([f"w:chat{i % 5}", "bias:x"]) for i in range(40)]
    y = np.array([1.0] * 40 + [0.0] * 40)
    w, b = script.train(good + bad, y, l2=1e-4, epochs=200)
    p = script.predict(w, b, good + bad)
    assert script.auc(y, p) == 1.0 and p[:40].min() > 0.5 > p[40:].max()
