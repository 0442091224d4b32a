"""Recall by structure, session 13 (issue 16): a work that is not software as project
knowledge, standing requests in more shapes (a wish said of the assistant, a condition before
"please", a request that goes on from the one before, a request without its verb after one of
the assistant's tasks, a labelled rule with any verb), an occupation known by its form, a
holiday as a plan's time, a plan being weighed, a favourite said without "my"; then (found by
probing sentences of my own, not a labelled file) the work said as "the …" with how it is made
or run, a like or dislike without its subject, an activity as the subject of its own verb, a
thesis as a piece of work. Sentences written fresh for this file (Korean, English, mixed); each
"kept" assertion failed on main e606c49 except test_a_medication_said_inside_a_question's (main
stored it already: it holds the lead's trial in new words), each "stays out" assertion guards a
look-alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _tiered(chat_extract: Any, text: str) -> list[tuple[str, str | None]]:
    return [(c.content, c.tier) for c in chat_extract.candidates(("user", text))]


def _rules(chat_extract: Any, text: str) -> list[str]:
    return [c.content for c in chat_extract.candidates(("user", text)) if c.rule == "rule"]


def test_a_work_being_made_is_project_knowledge(chat_extract: Any) -> None:
    for text, word in [
        ("I'm drafting a card game called Lanternfall, 3-5 players, set in a flooded city",
         "Lanternfall"),
        ("My screenplay's working title is Low Tide Hotel — a night clerk in 1980s Busan",
         "Low Tide Hotel"),
        ("My dad and I are restoring a 1972 Honda CB350 in his garage", "CB350"),
        ("석사논문 주제 정했어요: 남해안 어촌의 관광 전환. 지도교수는 박 교수님", "어촌"),
        ("요즘 작업실 리모델링 중인데 바닥은 에폭시로 하기로 했어요", "에폭시"),
        ("카페 메뉴판 디자인 외주 받았는데요, 메인 폰트는 Pretendard로 정해졌어요", "Pretendard"),
    ]:
        got = _tiered(chat_extract, text)
        assert any(word in c and tier == "project" for c, tier in got), (text, got)


def test_a_work_only_named_stays_the_users(chat_extract: Any) -> None:
    for text in ["I'm reading a novel called Piranesi and I love it",
                 "I'm making a lasagne for my sister's birthday tonight"]:
        got = _tiered(chat_extract, text)
        assert got and all(tier is None for _, tier in got), (text, got)


def test_a_condition_then_please_is_a_standing_request(chat_extract: Any) -> None:
    got = _rules(chat_extract, "when you explain code to me please use Python examples. "
                               "I don't know Java")
    assert got and "Python examples" in got[0], got


def test_a_wish_said_of_the_assistant_is_a_standing_request(chat_extract: Any) -> None:
    got = _rules(chat_extract, "I hike every Sunday. also I'd rather you list the steps "
                               "before the explanation")
    assert got and "the steps before the explanation" in got[0], got
    assert not _rules(chat_extract, "I'd rather you were here to see it, honestly")


def test_a_labelled_rule_takes_any_verb(chat_extract: Any) -> None:
    got = _rules(chat_extract, "Rule for us: if I ask about prices, assume I'm in Japan and "
                               "convert everything to yen, I'm not a US resident")
    assert got and "yen" in got[0] and "US resident" in got[0], got  # "US" is no "us"


def test_korean_requests_in_more_shapes(chat_extract: Any) -> None:
    # the polite 요 after 줘, said with a task of the assistant's
    got = _rules(chat_extract, "제 동생 얘기할 때는 이름 말고 J라고 불러줘요")
    assert got and "J" in got[0], got
    # the verb left out after the task: how every translation goes
    got = _rules(chat_extract, "요약할 때 핵심 세 줄 먼저 쓰고 나머지는 표로")
    assert got and "표" in got[0], got
    # a second request that goes on from a standing one
    got = _rules(chat_extract, "앞으로 답할 때 이모지 넣지 마. 그리고 영어 단어 섞지 마 ㅋㅋ")
    assert len(got) == 2 and "영어 단어" in got[1] and "ㅋ" not in got[1], got


def test_korean_look_alikes_stay_out(chat_extract: Any) -> None:
    assert not _rules(chat_extract, "퇴근할 때는 보통 지하철로")  # the user's own trip
    # a request after a sentence that is no standing request is the task at hand
    assert not _rules(chat_extract, "내일 부산 가요. 그리고 맛집 좀 알려줘")


def test_an_occupation_known_by_its_form(said: Callable[[str], list[str]]) -> None:
    # (said beside a day's news, the whole sentence is no memory: the occupation is)
    got = said("long shift. I'm a hydrologist at the regional water board, and today the river "
               "gauges flooded. wild")
    assert "User is a hydrologist at the regional water board" in got, got
    got = said("ugh, Monday. I'm an orthodontist for a clinic in Leeds and today was all braces")
    assert any(c.startswith("User is an orthodontist") and "Leeds" in c for c in got), got
    assert not any("User is a vegetarian" in c and "at" in c for c in
                   said("I'm a vegetarian at home but I eat fish out"))


def test_a_holiday_is_a_plans_time(said: Callable[[str], list[str]]) -> None:
    got = said("이번 설엔 꼭 광주 할머니 댁 가려고. 버스 예매 언제 해요?")
    assert any("광주" in c and "예정" in c for c in got), got
    got = said("I'm flying back to Auckland over the Christmas break, any packing tips?")
    assert any("Auckland" in c for c in got), got
    assert not any("예정" in c for c in said("설거지 하려고 ㅋㅋ"))


def test_a_plan_being_weighed(said: Callable[[str], list[str]]) -> None:
    got = said("thinking of moving to Porto in March to learn Portuguese. not sure yet")
    assert any("Porto" in c and "thinking" in c for c in got), got
    assert not any("thinking" in c for c in said("thinking about dinner, any ideas?"))


def test_a_favourite_without_my(said: Callable[[str], list[str]]) -> None:
    got = said("favourite band's Wet Leg, saw them twice. can you find their tour dates?")
    assert any("favorite band is Wet Leg" in c for c in got), got


def test_a_medication_said_inside_a_question(said: Callable[[str], list[str]]) -> None:
    # the lead's trial, in new words: the premise of the question is the user's fact
    got = said("magnesium at night sometimes. oh and I'm on escitalopram 10mg for panic, "
               "does that clash with magnesium?")
    assert any("escitalopram 10mg" in c for c in got), got
    got = said("저 요즘 fluoxetine 20mg 먹고 있는데 멜라토닌 같이 먹어도 돼요?")
    assert any("fluoxetine 20mg" in c for c in got), got


def test_the_work_said_with_how_it_is_made_or_run(chat_extract: Any) -> None:
    for text, word in [
        ("btw the site's CMS is Ghost and the mailing list lives in Buttondown", "Ghost"),
        ("the newsletter is written in Markdown and sent via Buttondown every Friday",
         "Markdown"),
        ("The client's house style is British spelling, Oxford comma, no emojis", "Oxford comma"),
    ]:
        got = _tiered(chat_extract, text)
        assert any(word in c and tier == "project" for c, tier in got), (text, got)


def test_a_thing_only_read_or_played_is_no_work(chat_extract: Any) -> None:
    for text in ["the novel is written in second person, so weird",
                 "the game is set in 1920s Shanghai and it's gorgeous"]:
        got = _tiered(chat_extract, text)
        assert all(tier is None for _, tier in got), (text, got)


def test_a_like_or_dislike_without_its_subject(said: Callable[[str], list[str]]) -> None:
    assert "User dislikes olives" in said("olives are just not my thing tbh")
    assert "User dislikes jazz" in said("honestly, jazz is not for me")
    assert any("hot chocolate" in c for c in said("nothing beats hot chocolate after skiing"))
    assert any(c == "사용자는 오이를 싫어함" for c in said("오이 극혐 ㅋㅋ"))
    # (no thing: a pronoun, a "to …", a "when …")
    for text in ["love that for you", "hate to say it but he's right",
                 "that's not for me, thanks"]:
        assert not any(c.startswith(("User loves", "User dislikes")) for c in said(text)), text


def test_an_activity_as_the_subject_is_no_state(said: Callable[[str], list[str]]) -> None:
    # "running is …": the -ing word is the subject of its own verb, not "I'm running"
    got = said("honestly, cycling is just not for me")
    assert "User dislikes cycling" in got and not any("are cycling" in c for c in got), got


def test_a_thesis_is_a_piece_of_work(chat_extract: Any) -> None:
    got = _tiered(chat_extract, "my dissertation is on tidal energy in Orkney, due next spring")
    assert any("tidal energy" in c and tier == "project" for c, tier in got), got
    got = _tiered(chat_extract, "our Etsy shop sells hand-dyed yarn, about 80 orders a month")
    assert any(c.startswith("The Etsy shop sells") for c, _ in got), got  # not "the project's"
    assert all(tier is None for _, tier in _tiered(chat_extract, "I'm due in June, it's twins"))


def test_a_part_of_the_work_listed_with_its_label(chat_extract: Any) -> None:
    got = _tiered(chat_extract, "stack: SvelteKit, SQLite, Litestream. hosting: Fly.io")
    assert ("Stack: SvelteKit, SQLite, Litestream", "project") in got, got
    assert ("Hosting: Fly.io", "project") in got, got
    got = _tiered(chat_extract, "마감: 다음 주 수요일 오전")
    assert any("수요일" in c and tier == "project" for c, tier in got), got
    got = _tiered(chat_extract, "some context: I'm building a booking tool for my aunt's salon")
    assert any("booking tool" in c and tier == "project" for c, tier in got), got
    assert all(tier is None for _, tier in _tiered(chat_extract, "Note: I'm allergic to kiwi"))


def test_tastes_said_as_chat_says_them(said: Callable[[str], list[str]]) -> None:
    assert any("떡볶이 없으면 못 삶" in c for c in said("저는 떡볶이 없으면 못 살아요 ㅋㅋ"))
    assert any("등산 마니아" in c for c in said("저 등산 마니아예요. 주말마다 가요"))
    assert "사용자는 굴을 싫어함" in said("굴은 별로 안 땡겨요")
    assert any("바다를 선호" in c for c in said("산보다 바다가 훨씬 좋아요"))
    assert "User likes vintage synths" in said("obsessed with vintage synths lately")
    # (what is not wanted today is no taste; praise for the assistant is none)
    assert not any("싫어함" in c for c in said("오늘은 라면 안 땡겨"))
    assert not any(c.startswith("User likes") for c in said("big fan of your work!"))


def test_korean_work_with_the_tool_it_is_run_with(chat_extract: Any) -> None:
    for text, word in [("뉴스레터는 스티비로 만들고 매주 화요일에 보내요", "스티비"),
                       ("홈페이지는 워드프레스로 돌리고 있어요", "워드프레스"),
                       ("클라이언트 로고는 남색 바탕에 흰 글씨예요", "로고")]:
        got = _tiered(chat_extract, text)
        assert any(word in c and tier == "project" for c, tier in got), (text, got)
    got = _tiered(chat_extract, "주말엔 보통 자전거로 한강 가요")
    assert all(tier is None for _, tier in got), got
