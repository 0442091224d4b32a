"""A fact ranks at least where the turn it came from ranks (read/provenance.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok import AsyncMemory
from gieok.domain.query import RankRow
from gieok.read.fusion import Fused
from gieok.read.provenance import LEAD, lend_turn_relevance

pytestmark = pytest.mark.anyio

_AT = datetime(2026, 10, 1, tzinfo=UTC)


def _row(rid: str, layer: str, sources: tuple[str, ...]) -> RankRow:
    return RankRow(rid, f"text {rid}", rid, layer, 0.5, _AT, _AT, sources=sources)


def test_a_fact_is_lent_its_turns_relevance_and_sits_just_above_it() -> None:
    rows = {r.id: r for r in (
        _row("turn-a", "archive", ("ta",)), _row("turn-b", "archive", ("tb",)),
        _row("fact-a", "long_term", ("ta",)), _row("fact-b", "long_term", ("tb",)),
        _row("fact-ab", "long_term", ("ta", "tb")), _row("fact-none", "long_term", ()),
        _row("fact-far", "long_term", ("tz",)))}
    fused = [Fused("turn-a", 0.8), Fused("turn-b", 0.3), Fused("fact-a", 0.2),
             Fused("fact-b", 0.6), Fused("fact-ab", 0.1), Fused("fact-none", 0.05),
             Fused("fact-far", 0.04)]
    assert lend_turn_relevance(fused, rows)
    got = {f.id: f.relevance for f in fused}
    assert got["fact-a"] == pytest.approx(0.8 + LEAD)  # lent by its turn
    assert got["fact-ab"] == pytest.approx(0.8 + LEAD)  # by its best turn
    assert got["fact-b"] == 0.6  # already above its turn: its own
    assert got["turn-a"] == 0.8 and got["turn-b"] == 0.3  # turns never borrow
    assert got["fact-none"] == 0.05 and got["fact-far"] == 0.04  # no turn among candidates


def _said(rid: str, layer: str, sources: tuple[str, ...], content: str) -> RankRow:
    return RankRow(rid, content, rid, layer, 0.5, _AT, _AT, sources=sources)


@pytest.mark.parametrize(("turn", "fact", "lent"), [
    # a restatement holds all the turn says: it takes the turn's place
    ("my GP moved me to sertraline 50mg last week",
     "User's GP moved the user to sertraline 50mg last week", True),
    ("I'm a bus driver in Glasgow, mostly early shifts",
     "User is a bus driver in Glasgow, mostly early shifts", True),
    ("우리 고양이 라떼가 요즘 밥을 잘 안 먹어", "사용자의 고양이 라떼가 요즘 밥을 잘 안 먹는다", True),
    # cut from part of the turn: what the fact left out may be what matched
    ("only a toaster and a kettle really. oh and our tortoise Shelly naps under the radiator",
     "User's answer to \"What gear do you have?\": only a toaster and a kettle", False),
    ("an old Polo, still runs fine. also my dog Biscuit gets carsick so we stop a lot",
     "User's answer to \"What car do you have?\": an old Polo, still runs fine", False),
    ("an old Polo, still runs fine. also my dog Biscuit gets carsick so we stop a lot",
     "User's dog Biscuit gets carsick so the user stops a lot", False),
    ("텐트랑 코펠 정도? 아 그리고 우리 햄스터 호두는 못 데려가서 걱정이야",
     "질문 \"캠핑 장비 뭐 있어요?\"에 대한 사용자의 답: 텐트랑 코펠 정도", False),
    # 살다 restated as 거주 (the extractor's word) is the turn's own word
    ("저는 부산에 살아요", "사용자는 부산에 거주", True),
    ("대구에서 살고 있어요", "사용자는 대구에 거주", True),
    # ... but a fact that left out the rest of its turn still stays under it
    ("나 수원 사는 워킹맘이야", "사용자는 수원에 거주", False),
    ("부산에 살아요. 그리고 고양이 두 마리 키워요", "사용자는 부산에 거주", False),
    ("married to Elena, she's a nurse", "User is married to Elena", False),
    # a name at the end of the fact is cut by the analyser: written in the fact as is, held
    ("안녕! 내 이름은 김지은이야", "사용자의 이름은 김지은", True),
    ("안녕! 내 이름은 김지은이야", "사용자의 이름은 김지", False),
    ("안녕! 내 이름은 김지은이야. 판교에서 개발자로 일해", "사용자의 이름은 김지은", False),
])
def test_a_fact_takes_its_turns_place_only_when_it_says_what_the_turn_says(
        turn: str, fact: str, lent: bool) -> None:
    rows = {"t": _said("t", "archive", ("x",), turn), "f": _said("f", "long_term", ("x",), fact)}
    fused = [Fused("t", 0.7), Fused("f", 0.1)]
    assert lend_turn_relevance(fused, rows, share=0.5) is lent
    assert fused[1].relevance == (pytest.approx(0.7 + LEAD) if lent else 0.1)


def test_a_partial_fact_that_scores_near_its_turn_by_itself_is_lent() -> None:
    turn = "only a toaster and a kettle really. oh and our tortoise Shelly naps all day"
    rows = {"t": _said("t", "archive", ("x",), turn),
            "f": _said("f", "long_term", ("x",), "User's tortoise Shelly naps all day")}
    fused = [Fused("t", 0.7), Fused("f", 0.5)]
    assert lend_turn_relevance(fused, rows, share=0.5)
    assert fused[1].relevance == pytest.approx(0.7 + LEAD)
    fused = [Fused("t", 0.7), Fused("f", 0.3)]
    assert not lend_turn_relevance(fused, rows, share=0.5)


@pytest.mark.parametrize(("turn", "fact", "families", "lent"), [
    # the query asks for work and the fact shows work: it holds what was asked for
    ("Quick intro: I'm a high school chemistry teacher, and please always keep your answers "
     "short", "User is a high school chemistry teacher", frozenset({"work"}), True),
    ("my GP put me on citalopram 20mg, and can you stop suggesting coffee",
     "User takes citalopram 20mg", frozenset({"health"}), True),
    ("치과 예약 목요일로 잡았어 그리고 앞으로 답변은 짧게 해줘", "사용자는 목요일에 치과 예약을 잡았다",
     frozenset({"appointment"}), True),
    ("back running! also switched to pescatarian, needed more protein", "User is pescatarian",
     frozenset({"diet"}), True),
    # the query names no family, or another one: a partial fact stays under its turn
    ("Quick intro: I'm a high school chemistry teacher, and please always keep your answers "
     "short", "User is a high school chemistry teacher", frozenset(), False),
    ("Quick intro: I'm a high school chemistry teacher, and please always keep your answers "
     "short", "User is a high school chemistry teacher", frozenset({"health"}), False),
    # the fact of the turn that is not of the family asked for is not lent
    ("I work nights at the depot. oh and our parrot Kiwi screams all morning",
     "User's parrot Kiwi screams all morning", frozenset({"work"}), False),
])
def test_a_fact_of_the_family_asked_for_takes_its_turns_place(
        turn: str, fact: str, families: frozenset[str], lent: bool) -> None:
    rows = {"t": _said("t", "archive", ("x",), turn), "f": _said("f", "long_term", ("x",), fact)}
    fused = [Fused("t", 0.7), Fused("f", 0.1)]
    assert lend_turn_relevance(fused, rows, share=0.8, families=families) is lent
    assert fused[1].relevance == (pytest.approx(0.7 + LEAD) if lent else 0.1)


def test_without_every_only_a_fact_of_the_family_asked_for_is_lent() -> None:
    """What context() lends: a restatement of its turn that is not of the family stays."""
    rows = {"t1": _said("t1", "archive", ("a",), "I'm a nurse at St James's in Leeds"),
            "f1": _said("f1", "long_term", ("a",), "User is a nurse at St James's in Leeds"),
            "t2": _said("t2", "archive", ("b",), "we got a puppy called Miso"),
            "f2": _said("f2", "long_term", ("b",), "User got a puppy called Miso")}
    fused = [Fused("t1", 0.6), Fused("t2", 0.5), Fused("f1", 0.2), Fused("f2", 0.1)]
    assert lend_turn_relevance(fused, rows, families=frozenset({"work"}), every=False)
    got = {f.id: f.relevance for f in fused}
    assert got["f1"] == pytest.approx(0.6 + LEAD) and got["f2"] == 0.1
    fused = [Fused("t1", 0.6), Fused("f1", 0.2)]
    assert not lend_turn_relevance(fused, rows, every=False)
    assert fused[1].relevance == 0.2


def test_an_episode_is_never_lent_its_sessions_turns() -> None:
    """An episode summarises its session (every turn a source): lent the best turn's
    relevance it would sit above that turn, and folding would hide the session's turns."""
    rows = {"t": _said("t", "archive", ("a",), "we adopted a rescue greyhound called Pip"),
            "e": _said("e", "episodic", ("a", "b", "c"),
                       "User adopted a rescue greyhound called Pip and planned a trip")}
    fused = [Fused("t", 0.8), Fused("e", 0.3)]
    assert not lend_turn_relevance(fused, rows)
    assert fused[1].relevance == 0.3


def test_nothing_moves_without_turns_among_the_candidates() -> None:
    rows = {"f": _row("f", "long_term", ("t",))}
    fused = [Fused("f", 0.4)]
    assert not lend_turn_relevance(fused, rows)
    assert fused[0].relevance == 0.4


def test_a_turn_at_full_relevance_lends_no_more_than_full() -> None:
    rows = {"t": _row("t", "archive", ("x",)), "f": _row("f", "long_term", ("x",))}
    fused = [Fused("t", 1.0), Fused("f", 0.2)]
    lend_turn_relevance(fused, rows)
    assert fused[1].relevance == 1.0


_SESSIONS = [
    ("2026-10-01", [("user", "quick one, I'm a night-shift nurse at St James's in Leeds, so I "
                             "sleep in the day"),
                    ("assistant", "Got it! Night shifts are tough. How can I help?"),
                    ("user", "ugh the printer at work ate my rota again")]),
    ("2026-10-08", [("user", "I've been taking melatonin to sleep after shifts, does that work?"),
                    ("assistant", "Melatonin can help some people; take it 30 minutes before bed."),
                    ("user", "my GP put me on citalopram 20mg now, up from 10"),
                    ("assistant", "Thanks for telling me. Any side effects so far?")]),
]


@pytest.mark.slow
async def test_a_fact_is_shown_instead_of_the_turn_it_came_from(
    tmp_path, make_settings  # type: ignore[no-untyped-def]
) -> None:
    """Two sessions through add() and end_session(), the real model. The citalopram turn is
    indexed with the melatonin turn before it ("taking") and ranked first, and folding then
    dropped the fact extracted from it; now the fact is shown in the turn's place. With
    ``lend_turn_relevance`` and ``lend_family`` off the turn comes back."""
    real = make_settings(embedder="local:multilingual-e5-small")
    async with AsyncMemory(f"sqlite:///{tmp_path}/p.db", settings=real) as mem:
        for day, turns in _SESSIONS:
            at = datetime.fromisoformat(day).replace(hour=20, tzinfo=UTC)
            await mem.add([{"role": r, "content": c} for r, c in turns], user_id="u",
                          session_id=day, timestamp=at)
            await mem.end_session(user_id="u", session_id=day)
        hits = await mem.search("what medication do I take?", user_id="u", k=3)
        first = hits[0].record
        assert "citalopram" in first.content and first.kind == "memory", \
            [(h.record.kind, h.record.content) for h in hits]
        assert not any(h.record.kind == "turn" and "citalopram" in h.record.content
                       for h in hits)
        mem.settings.scoring = mem.settings.scoring.model_copy(
            update={"lend_turn_relevance": False, "lend_family": False})
        hits = await mem.search("what medication do I take?", user_id="u", k=3)
        assert hits[0].record.kind == "turn" and "citalopram" in hits[0].record.content


_JOB_TURNS = [
    ("user", "Hi! Quick intro: I'm a high school chemistry teacher, and please always keep "
             "your answers short."),
    ("assistant", "Nice to meet you! Short answers it is. What can I help with?"),
    ("user", "I need ideas for a lab on reaction rates for my sophomores next week."),
    ("assistant", "Try the classic iodine clock reaction; vary the concentration across groups."),
    ("user", "Love it. Also we're going hiking on Saturday with my wife Mei."),
    ("assistant", "Have fun! Bring water."),
]


@pytest.mark.slow
async def test_a_job_fact_cut_from_a_turn_with_a_rule_answers_whats_my_job(
    tmp_path, make_settings  # type: ignore[no-untyped-def]
) -> None:
    """The lead's trial (session 18), the real model: the turn also holds a rule and is
    indexed with its neighbours, so it ranked above the fact cut from it, the fact folded
    under it in search(), and context() showed no memory. Now the fact answers in both;
    with ``lend_family`` off the turn comes back first."""
    real = make_settings(embedder="local:multilingual-e5-small")
    async with AsyncMemory(f"sqlite:///{tmp_path}/j.db", settings=real) as mem:
        await mem.add([{"role": r, "content": c} for r, c in _JOB_TURNS], user_id="u",
                      session_id="s1", timestamp=datetime(2026, 10, 1, 20, tzinfo=UTC))
        assert any("chemistry teacher" in m.content for m in await mem.list(user_id="u"))
        for query in ("What's my job?", "where do I work?"):
            hits = await mem.search(query, user_id="u", k=3)
            assert hits[0].record.kind == "memory" \
                and "chemistry teacher" in hits[0].record.content, \
                [(h.record.kind, h.record.content) for h in hits]
            block = await mem.context(query, user_id="u", session_id="s2")
            assert "User is a high school chemistry teacher" in block.text, block.text
        mem.settings.scoring = mem.settings.scoring.model_copy(update={"lend_family": False})
        hits = await mem.search("What's my job?", user_id="u", k=3)
        assert hits[0].record.kind == "turn" and "chemistry teacher" in hits[0].record.content


@pytest.mark.slow
async def test_a_diet_fact_cut_from_a_turn_answers_what_do_i_eat(
    tmp_path, make_settings  # type: ignore[no-untyped-def]
) -> None:
    """The lead's trial (session 18), the real model: "what do I eat" showed the turn "back
    running! also switched to pescatarian, needed more protein" and folded the fact cut
    from it; a question about the user's diet now gets the fact first."""
    real = make_settings(embedder="local:multilingual-e5-small")
    turns = [("user", "Hey, I live in Denver and I work as a nurse at Rose Medical."),
             ("assistant", "Nice! How's it going?"),
             ("user", "back running! also switched to pescatarian, needed more protein"),
             ("assistant", "Great combo. Fish is a good protein source."),
             ("user", "Can you suggest a 5k training plan?"),
             ("assistant", "Sure: three runs a week, one long, one tempo, one easy.")]
    async with AsyncMemory(f"sqlite:///{tmp_path}/d.db", settings=real) as mem:
        await mem.add([{"role": r, "content": c} for r, c in turns], user_id="u",
                      session_id="s1", timestamp=datetime(2026, 10, 1, 20, tzinfo=UTC))
        for query in ("what do I eat?", "any food restrictions I have?"):
            hits = await mem.search(query, user_id="u", k=3)
            assert hits[0].record.kind == "memory" and "pescatarian" in hits[0].record.content, \
                [(h.record.kind, h.record.content) for h in hits]


async def test_where_do_i_live_shows_the_residence_fact_not_its_turn(
        settings) -> None:  # type: ignore[no-untyped-def]
    """The lead's trial (session 20): "저는 부산에 살아요" stored "사용자는 부산에 거주", and
    "어디 살아?" showed the turn and folded the fact under it (살 against 거주). A fact
    cut from half of its turn ("married to Elena, she's a nurse" → only "married") still
    does not take the turn's place (the cases above): the turn holds the wife's job."""
    async with AsyncMemory(f"sqlite:///{settings.data_dir}/p.db", settings=settings) as mem:
        await mem.add([{"role": "user", "content": "저는 부산에 살아요"},
                       {"role": "assistant", "content": "좋은 곳이네요!"}], user_id="u",
                      session_id="s1", timestamp=datetime(2026, 10, 1, 20, tzinfo=UTC))
        assert [m.content for m in await mem.list(user_id="u")] == ["사용자는 부산에 거주"]
        hits = await mem.search("어디 살아?", user_id="u", k=3)
        assert hits[0].record.kind == "memory" and "부산" in hits[0].record.content, \
            [(h.record.kind, h.record.content) for h in hits]
