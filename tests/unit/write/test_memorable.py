"""The learned "worth remembering" sentence model (issue 16): it ships with the package, its
features are stable across processes, its training code labels and learns what it should
(and reproduces the shipped weights), it carries to a writer it was not trained on, and the
extractor uses it as a veto that never overrides an explicit request."""

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
    # every labelled file bundled with the package (several writers), thresholds recorded
    assert model.info["files"] == list(_script().FILES)
    assert set(model.info["vetoes"]) == {"slot", "generic", "answer"}
    assert model.info["vetoes"]["generic"] == model.veto("generic")
    assert model.info["keep"] == model.keep


@pytest.mark.slow
def test_the_training_script_reproduces_the_shipped_weights() -> None:
    """Retrained by the script from the files and settings the weight file records, the model
    is the shipped one: the same weights while the extractor cuts sentences as it did at
    training time (float16 storage), and the same scores within 0.05 on 99 % of the training
    sentences once a change to the sentence splitter has moved a few of them."""
    script, model = _script(), memorable.model()
    assert model is not None
    data = script.file_examples(model.info["files"])
    rows, y = script.encode(data)
    known = y >= 0
    w, b = script.train([r for r, k in zip(rows, known, strict=True) if k], y[known],
                        l2=model.info["l2"])
    again = script.predict(w, b, rows)
    shipped = script.predict(model.weights.astype(np.float64), model.bias, rows)
    assert float((np.abs(again - shipped) < 0.05).mean()) >= 0.99
    if int(known.sum()) == model.info["sentences"]:
        stored = np.where(np.abs(w) < 1e-6, 0.0, w).astype(np.float16).astype(np.float32)
        assert np.allclose(stored, model.weights, atol=2e-3) and abs(b - model.bias) < 1e-4


@pytest.mark.slow
def test_trained_without_a_writer_the_judge_still_ranks_that_writers_sentences() -> None:
    """Leave one WRITER out: trained on the other six writers' files, the judge ranks the
    sentences of the seventh fresh writer (both halves of its file: a tattoo artist, a 해녀,
    a dog-sled musher…, in voices of its own) with AUC >= 0.92. The session-5 judge, trained
    on the six older files only, scored 0.909 on its dev half (docs/benchmarks.md, session 9)."""
    script = _script()
    left_out = [f for f in script.LABELLED if script.writer_of(f) == "fresh7"]
    assert len(left_out) == 2
    train = script.file_examples([f for f in script.LABELLED if f not in left_out])
    test = script.file_examples(left_out)
    rows, y = script.encode(train)
    w, b = script.train([r for r, k in zip(rows, y >= 0, strict=True) if k], y[y >= 0],
                        l2=1e-4)
    trows, ty = script.encode(test)
    p = script.predict(w, b, trows)
    assert script.auc(ty[ty >= 0], p[ty >= 0]) >= 0.92


def test_writers_are_the_folds() -> None:
    """Both halves of a fresh file are one writer; the round-1/2 files are one writer."""
    script = _script()
    writers = {script.writer_of(f) for f in script.LABELLED}
    assert writers == {"authors", "heldout", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7",
                       "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14",
                       "fresh15", "fresh16", "fresh17", "fresh18", "fresh19"}
    # the unseen checks are no one's training data: only their writer's other half is
    assert not set(script.UNSEEN) & set(script.LABELLED)
    assert {script.writer_of(f) for f in script.UNSEEN} <= writers
    assert script.writer_of("chat_fresh12_dev.yaml") == "fresh12" != script.writer_of(
        "chat_fresh1_dev.yaml")
    assert script.writer_of("chat_fresh6_dev.yaml") == script.writer_of("chat_fresh6_test.yaml")


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


# Written for this test before the model was retrained on every file, in words of no labelled
# file; the round-3 model ranks them well too (AUC 0.99): a guard that a retrain does not
# forget the obvious, not evidence of generalisation (the leave-one-file-out test is that).
FRESH = [
    (1, "my wife just got a job offer from a hospital in Incheon, we're moving there in May"),
    (1, "I've been a vegetarian for about six years now"),
    (1, "our golden retriever Mango is on insulin for diabetes"),
    (1, "I teach high school chemistry in Daegu"),
    (1, "heads up I'm severely allergic to sesame"),
    (1, "저 다음 달에 대학원 입학해요"),
    (1, "남편이 요즘 야간 근무 하는 병원으로 옮겼어"),
    (1, "우리 딸 서연이 올해 중학생 됐어요"),
    (1, "고양이 보리 신장이 안 좋아서 처방 사료 먹고 있어"),
    (1, "저 회사에서 데이터 엔지니어로 일하고 있어요"),
    (1, "나 왼손잡이야"),
    (1, "I run a small bakery with my brother in Jeonju"),
    (1, "우리 아들 ADHD 진단 받았어요"),
    (1, "I drive a 2019 Kia Niro"),
    (1, "my dad had bypass surgery in January"),
    (1, "이번 주부터 필라테스 주 3회 다니기 시작했어"),
    (0, "haha that's hilarious, thanks"),
    (0, "hmm let me think about it for a sec"),
    (0, "can you make it shorter?"),
    (0, "그거 좀 더 자세히 설명해줄래?"),
    (0, "오 대박 ㅋㅋㅋ 진짜?"),
    (0, "what's the capital of Australia again"),
    (0, "no worries, take your time"),
    (0, "아 배고프다"),
    (0, "ugh mondays am I right"),
    (0, "ok next question"),
    (0, "그럼 그걸로 할게요 감사해요"),
    (0, "that makes sense now"),
    (0, "오늘 날씨 진짜 좋네"),
    (0, "lol my friend thinks pineapple pizza is a crime"),
    (0, "잠깐만 생각 좀 해볼게"),
    (0, "sounds good, let's go with option B"),
]


def test_fresh_sentences_are_ranked_disclosures_over_chatter() -> None:
    model, script = memorable.model(), _script()
    assert model is not None
    y = np.array([label for label, _ in FRESH], dtype=float)
    p = np.array([model.score(text) for _, text in FRESH])
    assert script.auc(y, p) >= 0.95
    assert (p[y == 0] < model.keep).all()  # no chatter would be kept whole


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


@pytest.mark.parametrize(("question", "answer"), [
    ("전공이 뭐예요?", "화학공학이요. 배터리 전해질 쪽"),
    ("What do you do for work?", "Nursing. Mostly night shifts in the ER."),
])
def test_an_answer_the_judge_vetoes_leaves_nothing_for_the_next_sentence_to_go_on(
        monkeypatch: pytest.MonkeyPatch, question: str, answer: str) -> None:
    """A fragment answering the assistant's question, vetoed by the judge's answer threshold,
    stores nothing; the sentence after it that would go on the answer ("배터리 전해질 쪽") has
    no stored answer to join — extraction goes on instead of failing the whole turn."""

    class AnswersOnly:  # a judge that vetoes every answer to a question and nothing else
        keep = 2.0

        def score(self, sentence: str, question: str | None = None) -> float:
            return 0.1

        def veto(self, kind: str) -> float:
            return 0.5 if kind in ("answer", "slot") else 0.0

    monkeypatch.setattr(memorable, "model", lambda: AnswersOnly())
    turns = [Turn(role="assistant", content=question, at=AT),
             Turn(role="user", content=answer, at=AT)]
    got = HeuristicExtractor().extract_sync(turns)
    assert all(answer.split(".")[0] not in c.content for c in got)


@pytest.mark.parametrize(("question", "answer", "kept"), [
    ("Every 6–8 weeks is typical. What's his name?", "Biscuit", True),
    ("That's rough. How old is he?", "4", True),
    ("고양이 이름이 뭐예요?", "보리요", True),
    ("How was your weekend?", "pretty chill", False),
    ("주말 잘 보냈어요?", "그럭저럭요", False),
])
def test_the_answer_veto_is_for_answers_that_size_the_task(
        monkeypatch: pytest.MonkeyPatch, question: str, answer: str, kept: bool) -> None:
    """A bare answer to a question about the user's life (a name, an age) is a precise fact,
    judged like a slot, so the judge's answer veto does not drop it; an answer to small talk
    or to a question that sizes the task is judged as an answer."""

    class Unsure:  # every sentence scored under the answer veto, above the slot veto
        keep = 2.0

        def score(self, sentence: str, question: str | None = None) -> float:
            return 0.1

        def veto(self, kind: str) -> float:
            return {"answer": 0.5, "slot": 0.0}.get(kind, 0.3)

    monkeypatch.setattr(memorable, "model", lambda: Unsure())
    turns = [Turn(role="user", content="my pet keeps me busy", at=AT),
             Turn(role="assistant", content=question, at=AT),
             Turn(role="user", content=answer, at=AT)]
    got = [c.content for c in HeuristicExtractor().extract_sync(turns[2:], context=turns[:2])]
    assert bool(got) is kept, got
