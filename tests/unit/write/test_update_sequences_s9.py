"""Update sequences, session 9 (issue 16): a slip owned up to with both values, the name the
user goes by, a Korean dose change, a medicine left in the other script, and archived turns
naming one word of an old Korean address. Sentences written for these tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory
from gieok.domain.records import Layer
from gieok.evaluation.chat_set import PAST_MARKERS
from gieok.settings import GieokSettings
from gieok.write.extract.correction import corrected_earlier, joined
from gieok.write.extract.health import is_medicine
from gieok.write.extract.dose_change import dose_changed
from gieok.write.session_end import _value_keys


@pytest.mark.parametrize(("sentence", "values"), [
    ("잘못 말했어요, 3층 아니고 5층이에요", ("3층", "5층")),
    ("앗 잘못 말했다, 화요일 아니고 금요일 9시야", ("화요일", "금요일")),  # the same kind
    ("제가 잘못 말씀드렸네요. 성수동 아니고 합정동 살아요", ("성수동", "합정동")),
    ("잘못 말했네, 오늘 아니고 내일이야", None),  # a day said relative to now renames nothing
    ("3층 아니고 5층이에요", None),  # no slip owned up to: not a correction of what is stored
    # a mix-up owned up to after the right value
    ("지난번에 일산이라고 했는데 파주였어요, 제가 헷갈렸네요", ("일산", "파주")),
    ("저번에 5월이라고 했는데 6월이었어, 착각했다", ("5월", "6월")),
    ("지난번에 일산이라고 했는데 파주였어요", None),  # nothing says the first was wrong
])
def test_a_slip_owned_up_to_names_both_values(sentence: str,
                                              values: tuple[str, str] | None) -> None:
    assert corrected_earlier(joined([sentence])[0]) == values


def test_a_slip_said_alone_is_read_with_the_next_sentence() -> None:
    assert joined(["앗 잘못 말했네요.", "성수동 아니고 합정동이에요", "내일 봐요"]) == [
        "앗 잘못 말했네요, 성수동 아니고 합정동이에요", "내일 봐요"]
    assert joined(["잘못 말한 거 같아?", "몰라"]) == ["잘못 말한 거 같아?", "몰라"]


@pytest.mark.parametrize(("sentence", "memory"), [
    ("어제 진료 갔는데 혈압이 높아서 20mg으로 올렸어", "사용자는 약 용량을 20mg으로 올렸다"),
    ("병원에서 로수바스타틴을 10mg으로 줄였어요", "사용자는 로수바스타틴 10mg으로 줄였다"),
    ("인슐린 18단위로 늘리래", "사용자는 인슐린 18단위로 올렸다"),
    ("20mg으로 올려도 괜찮을까요?", None),  # asked, not done
    ("다음 주부터 10mg으로 줄이려고", None),  # a plan
    ("엄마 약 5mg으로 줄였어", None),  # a relative's dose: not the user's
    ("산책 시간 40분으로 늘렸어", None),  # no dose
])
def test_a_korean_dose_change_is_a_memory(sentence: str, memory: str | None) -> None:
    assert dose_changed(sentence, is_medicine) == memory


def test_a_korean_place_in_two_words_dates_turns_naming_either_word() -> None:
    assert _value_keys("대구 수성구") == ["대구 수성", "대구", "수성"]
    assert _value_keys("gangnam-gu, seoul") == ["gangnam"]
    assert _value_keys("new york") == ["new york"]  # English words alone name other things


async def _said(mem: AsyncMemory, user: str, *sessions: list[str]) -> list[str]:
    for i, turns in enumerate(sessions):
        for j, text in enumerate(turns):
            role, content = ("assistant", text[2:]) if text.startswith("A:") else ("user", text)
            await mem.add([{"role": role, "content": content}], user_id=user,
                          session_id=f"s{i}", timestamp=f"2026-0{i + 3}-02T10:0{j}:00+09:00")
        await mem.end_session(user_id=user, session_id=f"s{i}")
    page = await mem.list(user_id=user, limit=100)
    return [r.content for r in page.items if r.is_live() and r.layer is Layer.LONG_TERM]


@pytest.mark.anyio
async def test_update_sequences_through_the_api(settings: GieokSettings, tmp_path: Path,
                                                sessions: Any) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        # a slip corrected an hour later, in a new conversation: the stored value is rewritten
        desk = await _said(mem, "desk", ["저 분당 치과 접수처에서 일해요"],
                           ["아 잘못 말했어요. 접수처 아니고 상담실이에요"])
        assert any("상담실" in m for m in desk) and not any("접수처" in m for m in desk)
        assert not any("잘못" in m for m in desk)  # the correction is no memory of its own
        # the name the user goes by: one at a time
        name = await sessions.live_memories(mem, "name", "Please call me Lexi.",
                                            "I go by Alexandra now, please use that")
        assert any("Alexandra" in m for m in name) and not any("Lexi" in m for m in name)
        formal = await sessions.live_memories(mem, "formal", "Address me as Professor Kim.",
                                              "Just call me Jiwon from now on.")
        assert any("Jiwon" in m for m in formal) and not any("Professor" in m for m in formal)
        # a dose raised, the medicine not named again: the new dose of the one stored
        dose = await sessions.live_memories(mem, "dose", "요즘 로수바스타틴 5mg 먹어요",
                                            "오늘 진료 갔는데 수치가 안 좋아서 10mg으로 올렸어")
        assert any("10mg" in m and "로수바스타틴" in m for m in dose)
        assert not any("5mg" in m for m in dose)
        # a relative's medicine left, named in the other script: the old memory is superseded
        mom = await sessions.live_memories(mem, "mom", "엄마가 협심증이라 metoprolol 드셔",
                                           "엄마 약 메토프롤롤에서 bisoprolol로 바꿨어")
        assert any("bisoprolol" in m for m in mom)
        assert not any("metoprolol" in m or "메토프롤롤" in m for m in mom)


@pytest.mark.anyio
async def test_an_old_neighbourhood_said_alone_is_dated_past(settings: GieokSettings,
                                                             tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        await _said(mem, "home", ["저 대구 수성구 살아요. 근처 수영장 알려 주세요",
                                  "A:수성에 시립 수영장이 있어요."],
                    ["청주 오창으로 이사 왔어요. 여기 수영장도 찾아 주세요"])
        block = await mem.context("사용자는 어디 살아요?", user_id="home", use_cache=False,
                                  track_use=False)
        said = [line for line in block.text.splitlines() if "수성" in line]
        assert said and all(PAST_MARKERS.search(line) for line in said)  # the assistant's too


@pytest.mark.parametrize(("new", "old", "renews"), [
    ("사용자는 요즘은 밤 12시에 잔다. 시험 때문에", "사용자는 매일 밤 10시에 잔다", True),
    ("사용자는 이제 아침 5시 반에 일어난다", "사용자는 평일엔 7시에 일어난다", True),
    ("사용자는 이제 아침 5시 반에 일어난다", "사용자는 밤 11시에 잔다", False),  # another act
    ("사용자는 요즘은 밤 12시에 잔다", "사용자는 주말엔 낮잠 잔다", False),  # no time before
    ("사용자는 밤 12시에 잔다", "사용자는 매일 밤 10시에 잔다", False),  # no 'these days' word
])
def test_a_routine_said_with_a_new_time_renews_it(new: str, old: str, renews: bool) -> None:
    from gieok.write.extract.new_value import SURE, new_value, replaced
    said = new_value(new)
    assert (said is not None and replaced(old, said) == SURE) is renews


@pytest.mark.parametrize(("content", "again"), [
    ("Two years vegan and User still loves cooking", True),
    ("사용자는 비건 2년째인데 아직 괜찮다", True),
    ("User is no longer vegan", False),
    ("User's brother is vegan too", False),
    ("Should User stay vegan?", False),
])
def test_a_diet_said_again(content: str, again: bool) -> None:
    from gieok.write.extract.diets import said_again
    assert said_again("vegan", content) is again


@pytest.mark.anyio
async def test_a_diet_said_again_later_is_one_memory(settings: GieokSettings, tmp_path: Path,
                                                    sessions: Any) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        diet = await sessions.live_memories(mem, "diet", "I quit paleo, going vegan now",
                                            "Two years vegan and I still love cooking")
        assert sum("vegan" in m.casefold() for m in diet) == 1
        assert not any("paleo" in m.casefold() for m in diet)


def test_a_lapse_is_written_only_when_it_ends_something() -> None:
    from datetime import UTC, datetime

    from gieok.domain.scope import Scope
    from gieok.write.extract.base import Candidate
    from gieok.write.pipeline import candidate_record
    from gieok.write.reconcile import reconcile

    scope, before, at = Scope(user="u"), datetime(2026, 1, 5, tzinfo=UTC), datetime(
        2026, 4, 5, tzinfo=UTC)
    vegan = candidate_record(Candidate(content="User is vegan", at=before, slot="diet",
                                       value="vegan"), scope, before, {})
    lapse = Candidate(content="User is no longer vegan", at=at, slot="diet", value="not vegan",
                      lapse=True)

    def plan(*olds: Any) -> Any:
        return reconcile([lapse], olds, now=at,
                         make_record=lambda c: candidate_record(c, scope, at, {}))

    ended = plan(vegan)
    assert [c.before.id for c in ended.changes] == [vegan.id]
    assert [r.content for r in ended.creates] == ["User is no longer vegan"]
    nothing = plan()  # a cessation with nothing stored: no memory of its own
    assert nothing.creates == [] and nothing.changes == []
    smokes = candidate_record(Candidate(content="User smokes after dinner", at=before), scope,
                              before, {})
    quit_ = Candidate(content="User quit smoking", at=at, retires=("smokes",), lapse=True)
    stopped = reconcile([quit_], [smokes], now=at,
                        make_record=lambda c: candidate_record(c, scope, at, {}))
    assert [c.before.id for c in stopped.changes] == [smokes.id]


@pytest.mark.parametrize(("new", "old", "ends"), [
    ("User switched jobs, User is at Datadog now as an SRE",
     "User works remotely for a tiny agency in Leeds", True),
    ("User transferred to the Chicago branch in May", "User works days at the Fresno branch",
     True),
    ("User's daughter transferred to Maple Middle School", "User works at Target", False),
])
def test_a_new_job_ends_the_old_one(new: str, old: str, ends: bool) -> None:
    from gieok.write.extract.changes import change, replaced
    said = change(new)
    assert said is not None and bool(replaced(old, said)) is ends


def test_a_request_for_another_way_renews_the_rule_it_names() -> None:
    from gieok.write.extract.new_value import SURE, new_value, replaced
    said = new_value("사용자 요청: 이제 목록 말고 문장으로 길게 써 주세요")
    assert said is not None and replaced("사용자 요청: 항상 짧은 목록으로 답할 것", said) == SURE
    said = new_value("사용자 요청: 이제 요약본 말고 전체 내용을 다 보여 주세요")
    assert said is not None and said.left == ("요약본",)
    assert replaced("사용자 요청: 항상 요약본으로 줄 것", said) == SURE
    assert new_value("사용자 요청: 밤에 먹지 말고 아침에 먹으라고 말해 줘") is None  # not an alternative
