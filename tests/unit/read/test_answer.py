"""A question's answer type (read/answer.py): a query that asks when ranks the candidates that
name no time below those that do — they cannot hold its answer."""

from __future__ import annotations

from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.read.answer import asks_when, holds_time
from gieok.read.expansion import expansion_query

pytestmark = pytest.mark.anyio


def test_questions_that_ask_for_a_time() -> None:
    for query in ["when is my dental appointment?", "When did she move to Busan?",
                  "when's the recital", "what time does the gym open?",
                  "Which day is trash collected?", "since when have I been vegan?",
                  "치과 예약 언제야?", "이사 언제 했지", "수업 몇 시에 시작해?",
                  "결혼식 며칠이었지?", "무슨 요일에 운동 가?"]:
        assert asks_when(query), query
    for query in ["what do I do for work?", "tell me what I said when I was in Busan",
                  "where is my dentist?", "how many hours do I sleep?",
                  "언제나 같은 카페 가는데 거기 이름이 뭐지?", "몇 시간 자야 돼?",
                  "내 직업이 뭐였지?", "who is my dentist?"]:
        assert not asks_when(query), query


def test_texts_that_name_a_time() -> None:
    for text in ["I'm seeing the dentist next Thursday at 3pm",
                 "my sister's wedding is on December 5", "we moved in 2019",
                 "Went hiking yesterday with the kids", "the recital is on 2026-12-05",
                 "I started a new job two weeks ago", "back in May 3 we met",
                 "다음 주 목요일 오후 3시에 치과 예약이 있어", "언니 결혼식이 12월 5일이야",
                 "어제 부산 다녀왔어", "작년에 이사했어", "주말에 등산 가"]:
        assert holds_time(text), text
    for text in ["저는 치과위생사예요", "I'm a dental hygienist", "my dog is a jindo",
                 "You may want to call ahead",
                 "요즘 요가를 배우고 있어", "I work at a hospital in Gangnam"]:
        assert not holds_time(text), text


def test_an_appointment_is_found_in_the_other_language() -> None:
    """예약 and "appointment" are one thing to full text (read/lexicon.txt)."""
    assert "appointment" in (expansion_query("치과 예약 언제야?") or "").split()
    assert "예약" in (expansion_query("when is my dental appointment?") or "").split()


async def test_a_when_question_ranks_the_memory_that_names_a_time_first(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    """Fixed cosines on e5's scale, no shared word: the occupation sits closer to the search
    than the appointment (both are about the dentist) and ranks first for a question about
    something else; for "when" the appointment, which names a time, comes first, and with
    ``timeless_relevance=1`` the occupation is back on top."""
    job = "I work as a dental hygienist"
    visit = "seeing the dentist next Thursday at 3pm for a crown"
    when, what = "remind me of the visit — when?", "remind me of the visit"
    cosines = {job: 0.86, visit: 0.85, when: 1.0, what: 1.0}
    embedder = fixed.FixedEmbedder({t: fixed.unit(c) for t, c in cosines.items()},
                                   similarity_range=(0.77, 0.90))
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add([{"role": "user", "content": job}, {"role": "user", "content": visit}],
                      user_id="u1", session_id="s1", infer=False)
        hits = await mem.search(when, user_id="u1", k=2)
        assert [h.record.content for h in hits] == [visit, job]
        hits = await mem.search(what, user_id="u1", k=2)
        assert hits[0].record.content == job
        mem.settings.scoring = mem.settings.scoring.model_copy(
            update={"timeless_relevance": 1.0})
        hits = await mem.search(when, user_id="u1", k=2)
        assert hits[0].record.content == job
