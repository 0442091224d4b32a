"""Recall by structure, session 22 (issue 16).

- Korean standing instructions: a bare "그만 써" ending an assistant's habit, "from now on" said
  in English inside a Korean request, a condition over the user's later messages ("말 걸면"),
  back to a language for the answers ("다시 한국어로 해줘"), and a rule the sentence cutter
  broke apart ("이모지 좀 그만 써 ㅋㅋ") (``standing``, ``standing_whole``);
- a test result the user reports as a number (``lab_value``);
- what a food does to the user's body, said as a request's reason (``food_reaction``);
- an allergy said as a bare noun phrase ("tree nut allergy") (``allergic_to.bare``).

Sentences written for this file (not copied from a labelled file), with look-alikes that must
store nothing of the kind."""

from __future__ import annotations

from typing import Any


def _said(chat_extract: Any, *texts: str) -> list[str]:
    return chat_extract.contents(*[("user", t) for t in texts])


def _pinned(chat_extract: Any, text: str) -> list[str]:
    return [c.content for c in chat_extract.candidates(("user", text)) if c.pinned]


def _rules(chat_extract: Any, text: str) -> list[str]:
    return [c for c in _said(chat_extract, text) if c.startswith(("사용자 요청", "Standing"))]


# -- Korean standing instructions ---------------------------------------------------------------

def test_korean_standing_requests_said_in_chat_shapes_are_rules(chat_extract: Any) -> None:
    for text, word in [("이모티콘 좀 그만 써 ㅋㅋㅋ 눈 아파", "이모티콘"),
                       ("앞으로 죄송하다는 말 그만해 ㅋㅋ", "죄송"),
                       ("from now on 내가 쓴 일본어 틀리면 고쳐줘", "고쳐"),
                       ("going forward 코드 설명은 짧게 해줘", "짧게"),
                       ("제가 새벽 2시 넘어서 말 걸면 자라고 해주세요", "자라고")]:
        got = _rules(chat_extract, text)
        assert any(word in c for c in got), (text, got)


def test_back_to_a_language_is_the_answers_language(chat_extract: Any) -> None:
    for text, lang in [("아까 영어로 하라고 한 거 취소. 다시 한국어로 해줘", "한국어"),
                       ("다시 영어로 대답해 줘 ㅋㅋ", "영어")]:
        got = _rules(chat_extract, text)
        assert any(lang in c and ("답변" in c or "대답" in c) for c in got), (text, got)
    cands = [c for c in chat_extract.candidates(("user", "다시 한국어로 해줘"))
             if c.content.startswith("사용자 요청")]
    assert cands and cands[0].slot == "rule:language", cands


def test_one_off_and_self_talk_are_no_korean_rules(chat_extract: Any) -> None:
    for text in ["다시 영어로 번역해줘",  # one translation done over
                 "이거 다시 영어로 해줘",  # this one text
                 "이 문장 다시 일본어로 써줘",
                 "게임 좀 그만 해야겠다 ㅋㅋ",  # the user's own resolution
                 "엄마가 말 걸면 짜증나",
                 "from now on 운동 열심히 할거야",
                 "이모지 귀엽다 ㅋㅋ 이모티콘 그만 사야지"]:
        assert _rules(chat_extract, text) == [], (text, _rules(chat_extract, text))


# -- test results --------------------------------------------------------------------------------

def test_a_reported_test_result_is_a_pinned_health_fact(chat_extract: Any) -> None:
    for text, want in [("HDL이 38 나옴 ㅠㅠ 운동 루틴 추천해줘", "사용자의 HDL 수치는 38"),
                       ("당화혈색소 6.9 나왔어요 ㅠ 식단 좀 짜주세요", "사용자의 당화혈색소 수치는 6.9"),
                       ("중성지방 210 나옴", "사용자의 중성지방 수치는 210")]:
        assert want in _pinned(chat_extract, text), (text, _pinned(chat_extract, text))


def test_no_test_result_of_others_targets_or_questions(chat_extract: Any) -> None:
    for text in ["엄마 LDL이 170 나왔어", "목표 LDL 100 나오면 좋겠다", "LDL 160이면 높은 거야?",
                 "아침에 혈당 180 나옴 ㅠ",  # a reading of the moment, measured at home
                 "남편 콜레스테롤 240 나옴", "my dad's LDL was 200"]:
        got = [c for c in _said(chat_extract, text) if "수치는" in c or c.startswith("User's LDL")]
        assert got == [], (text, got)


# -- food reactions ------------------------------------------------------------------------------

def test_a_food_reaction_said_as_a_reason_is_kept_pinned(chat_extract: Any) -> None:
    for text, want in [("밀가루 먹으면 속이 더부룩해서 빵 빼고 짜줘", "사용자는 밀가루를 먹으면 속이 더부룩하다"),
                       ("복숭아 먹으면 두드러기 나서 디저트는 다른 걸로", "사용자는 복숭아를 먹으면 두드러기가 난다"),
                       ("우유 마시면 배아파서 라떼 말고 아메리카노로", "사용자는 우유를 마시면 배가 아프다")]:
        got = _pinned(chat_extract, text)
        assert any(c.startswith(want) for c in got), (text, got)
    got = _pinned(chat_extract, "lactose makes me bloated, so no cream sauces please")
    assert any(c.startswith("Lactose makes User bloated") for c in got), got


def test_no_food_reaction_for_amounts_others_questions_or_one_day(chat_extract: Any) -> None:
    for text in ["많이 먹으면 배아파서 반만 줘", "남편은 우유 마시면 배탈 나서 라떼 못 마셔",
                 "복숭아 먹으면 두드러기 나?", "어제 회 먹고 배탈 났어", "친구가 땅콩 먹으면 가렵대",
                 "my son says broccoli makes him sick", "stress makes me sick lol",
                 "this song makes me sick of summer"]:
        got = [c for c in _said(chat_extract, text) if "음식 반응" in c or "makes User" in c]
        assert got == [], (text, got)


# -- bare allergies --------------------------------------------------------------------------------

def test_an_allergy_said_as_a_bare_noun_phrase_is_the_users(chat_extract: Any) -> None:
    for text, want in [("can't do shrimp, shellfish allergy", "User has a shellfish allergy"),
                       ("sesame allergy btw", "User has a sesame allergy")]:
        assert want in _pinned(chat_extract, text), (text, _pinned(chat_extract, text))
    for text in ["ugh, pollen allergy season again", "no allergies, just picky",
                 "does she have a peanut allergy?", "my daughter is 4. peanut allergy.",
                 "his egg allergy is getting better"]:
        got = [c for c in _said(chat_extract, text) if c.startswith("User has a")]
        assert got == [], (text, got)


# -- a background clause whose sentence says nothing whole -----------------------------------------

def test_a_background_clause_is_kept_when_the_whole_sentence_cannot_be_said(chat_extract: Any) -> None:
    for text, want in [("주 3회 크로스핏 다니는데 벌써 1년째", "사용자는 주 3회 크로스핏 다닌다 (벌써 1년째)"),
                       ("매일 밤 일본어 단어 외우는데 오늘로 100일째!", "일본어 단어 외운다"),
                       ("우리 서비스 백엔드가 rails 7에 mysql 8 쓰는데 배포가 자꾸 충돌나", "rails 7에 mysql 8 쓴다")]:
        got = _said(chat_extract, text)
        assert any(want in c for c in got), (text, got)


def test_no_background_clause_of_a_day_or_of_someone_else(chat_extract: Any) -> None:
    for text in ["어제 친구랑 술 마셨는데 완전 취함 ㅋㅋ", "아까 라면 먹었는데 또 배고파",
                 "회사 동료가 요즘 테니스 치는데 재밌대", "우리 옆집 사람이 Tesla 샀는데 완전 부러움"]:
        assert _said(chat_extract, text) == [], (text, _said(chat_extract, text))


# -- children listed by order ----------------------------------------------------------------------

def test_children_listed_by_order_are_stored_one_by_one(chat_extract: Any) -> None:
    got = _said(chat_extract, "큰애 민준이 12살 작은애 유나 7살")
    assert "사용자의 큰애 민준은 12살" in got and "사용자의 작은애 유나는 7살" in got, got
    got = _said(chat_extract, "첫째는 10살 서준 둘째는 5살 하린이")
    assert "사용자의 첫째 서준은 10살" in got and "사용자의 둘째 하린은 5살" in got, got
    for text in ["첫째는 학생 17살 둘째는 중학생 14살", "큰애 벌써 9살이야", "큰애 도윤이 몇 살이게?"]:
        got = [c for c in _said(chat_extract, text) if c.endswith("살") and c.count(" ") == 3]
        assert got == [], (text, got)


def test_a_korean_rule_cut_inside_a_word_is_read_whole(chat_extract: Any) -> None:
    # (the cutter reads "이모지" as 이모 + an ending; the rule is read from the writer's own marks)
    got = _rules(chat_extract, "이모지 좀 그만 붙여 ㅋㅋ 눈 아파")
    assert got == ["사용자 요청: 이모지 붙이지 마"], got
    got = _rules(chat_extract, "이모지 그만 좀 써 ㅋㅋ")
    assert got == ["사용자 요청: 이모지 쓰지 마"], got


# -- a relative's food refused, after another clause naming them -----------------------------------

def test_a_relatives_refused_food_after_a_clause_naming_them(chat_extract: Any) -> None:
    got = _said(chat_extract, "담주에 부산 가는데 숙소 추천해줘. 남편이랑 가고 남편이 회를 못 먹어")
    assert any(c.startswith("사용자의 남편") and "회" in c and "못 먹는다" in c for c in got), got
    got = _said(chat_extract, "다음달에 제주 가는데 일정 짜줘. 남자친구랑 가고 남친이 생선을 못먹어")
    assert any(c.startswith("사용자의 남친") and "생선" in c for c in got), got
    for text in ["오늘은 회 못 먹어 배불러서", "회 못 먹으면 어떡해?", "친구가 새우 못 먹어",
                 "남편이랑 가고 친구가 회를 못 먹어"]:
        got = [c for c in _said(chat_extract, text) if "못 먹는다" in c]
        assert got == [], (text, got)
