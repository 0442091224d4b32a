"""Recall by structure, session 12 (issue 16): the user's own piece of work — named in the
sentence beside its facts, named in quotes beside a work noun, or told by what it is built
with — is project knowledge, and its name goes in the same memory as its facts. Sentences
written fresh for this file (Korean, English, mixed); each "kept" assertion failed on main
49677ec, each "stays out" assertion guards a look-alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gieok.write.extract import workspace


def _project(chat_extract: Any, text: str) -> list[str]:
    return [c.content for c in chat_extract.candidates(("user", text)) if c.tier == "project"]


def test_the_name_goes_with_the_facts_said_before_it(chat_extract: Any) -> None:
    got = _project(chat_extract, "I'm making a habit tracker with Swift and Firebase. "
                                 "The app is called Streaky.")
    assert len(got) == 1 and "Streaky" in got[0] and "Swift" in got[0], got
    assert "I'm" not in got[0], got  # the maker in the third person


def test_the_name_goes_with_the_facts_said_after_it(chat_extract: Any) -> None:
    got = _project(chat_extract, "우리 동아리 앱 이름은 모여라예요. 리액트 네이티브로 만들었어요")
    assert len(got) == 1 and "모여라" in got[0] and "리액트" in got[0], got
    got = _project(chat_extract, "our side project's name is Tidepool. we host it on Fly.io")
    assert len(got) == 1 and "Tidepool" in got[0] and "Fly.io" in got[0], got


def test_a_quoted_name_beside_a_work_noun_stays(chat_extract: Any) -> None:
    got = _project(chat_extract, '우리 독서 모임 플랫폼 "책갈피" 말인데, 백엔드는 Django고 '
                                 'DB는 Postgres 써요. 캐싱 어떻게 해요?')
    assert got and "책갈피" in got[0] and "Django" in got[0], got
    got = _project(chat_extract, 'In the "Night Owl" repo we use Go with sqlc. How do I add '
                                 'a migration?')
    assert got and "Night Owl" in got[0], got


def test_building_it_with_a_stack_is_project_knowledge(chat_extract: Any) -> None:
    got = _project(chat_extract, "꽃집 주문 앱 만들고 있는데 DB는 MySQL이고 호스팅은 Vercel이에요. "
                                 "결제 연동 좀 도와주세요")
    assert got and "MySQL" in got[0], got
    got = _project(chat_extract, "For the dissertation code, every run logs to wandb and "
                                 "seeds are fixed at 42.")
    assert got and "42" in got[0], got
    got = _project(chat_extract, '향초 브랜드 "Wickly" 쇼핑몰 Shopify로 만들었는데, 주문 알림 '
                                 '자동으로 보내고 싶어요')
    assert got and "Wickly" in got[0] and "싶" not in got[0], got  # the ask is no knowledge


def test_look_alikes_stay_out(said: Callable[[str], list[str]], chat_extract: Any) -> None:
    assert not _project(chat_extract, "My dog's called Biscuit. She's 4.")
    assert not _project(chat_extract, "우리 고양이 이름은 호떡이에요. 세 살이에요")
    assert not any("two brothers" in c for c in said('translate "I have two brothers" please'))
    assert not workspace.own_work("is the app called Streaky yet?")
    assert not workspace.names_work("I'm building a shed in the garden")


# -- Korean tastes said as what the user cannot have, only has, or likes more ----------------


def _prefs(chat_extract: Any, text: str) -> list[str]:
    return [c.content for c in chat_extract.candidates(("user", text))
            if c.rule in ("preference", "diet")]


def test_a_reason_between_the_thing_and_cannot(chat_extract: Any) -> None:
    got = _prefs(chat_extract, "저 우유는 배가 아파서 못 마셔요")
    assert got and "우유" in got[0] and "못" in got[0], got
    got = _prefs(chat_extract, "전 맥주는 안 맞아서 못 마셔요")
    assert got and "맥주" in got[0], got


def test_the_only_thing_the_user_has(chat_extract: Any) -> None:
    got = _prefs(chat_extract, "저는 보리차만 마셔요. 카페에서 마실 거 추천해 주세요")
    assert got and "보리차만" in got[0], got
    got = _prefs(chat_extract, "점심은 샐러드만 먹음 ㅋㅋ 요즘 좋은 드레싱 있어?")
    assert got and "샐러드만" in got[0], got
    assert not _prefs(chat_extract, "오늘은 죽만 먹어요 배탈 나서")  # a day's meal


def test_a_kind_of_thing_keeps_its_words(chat_extract: Any) -> None:
    got = _prefs(chat_extract, "나 짠 거 진짜 싫어해")
    assert got and "짠 거" in got[0], got


def test_the_preferred_thing_may_be_two_words(chat_extract: Any) -> None:
    got = _prefs(chat_extract, "여행 갈 땐 난 리조트보다 게스트 하우스가 좋더라")
    assert got and "게스트 하우스" in got[0] and "리조트" in got[0], got


# -- a request after a label that declares it a rule -----------------------------------------


def test_a_labelled_rule_is_standing_whatever_its_verb(said: Callable[[str], list[str]]) -> None:
    got = said("new rule: on weekends, don't send me work reminders")
    assert any(c.startswith("Standing instruction") and "weekends" in c for c in got), got
    got = said("rule for you: past midnight, tell me to log off")
    assert any(c.startswith("Standing instruction") and "midnight" in c for c in got), got
    got = said("규칙 하나: 답장은 세 줄 이내로 해줘")
    assert any(c.startswith("사용자 요청") and "세 줄" in c for c in got), got


def test_a_label_that_is_no_rule_stays_out(said: Callable[[str], list[str]]) -> None:
    assert not any(c.startswith("Standing") for c in said("question: what's a good rule of thumb?"))
    assert not any(c.startswith("Standing") for c in said("rules of the game: each player "
                                                          "draws two cards"))


# -- Korean: a thing of the user's said on the way to a question -----------------------------


def test_a_product_the_user_uses_inside_a_question(said: Callable[[str], list[str]]) -> None:
    got = said("동생은 Galaxy S24 쓰는데 난 Pixel 8 써. 케이스 추천해 줘")
    assert any("Pixel 8" in c and c.startswith("사용자") for c in got), got
    assert not any("Galaxy" in c and c.startswith("사용자는 Galaxy") for c in got), got
    got = said("저 Brompton M6L 타는데 체인 오일 뭐 써야 돼요?")
    assert any("Brompton" in c for c in got), got


def test_a_thing_said_with_how_it_came_to_the_user(said: Callable[[str], list[str]]) -> None:
    got = said("할머니께 물려받은 싱거 재봉틀이 있는데요, 바늘이 자꾸 부러져요. 왜 그럴까요?")
    assert any("재봉틀" in c and c.startswith("사용자") for c in got), got


def test_no_possession_in_a_question_about_others(said: Callable[[str], list[str]]) -> None:
    assert not any(c.startswith("사용자는 iPad") for c in said("엄마는 iPad Air 쓰시는데 글씨 크게 하는 법 "
                                                                 "알려줘?"))
    assert said("궁금한 게 있는데요, 이거 환불 돼요?") == []
