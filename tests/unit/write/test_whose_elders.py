"""A sentence that honours its subject (-시-) is about an elder, never the user.

Korean speakers never honour themselves: "등산 엄청 좋아하심" after a father-in-law was named is
his hobby, and "올해 칠순이시고 순천에 사셔" his age and town (fresh12 stored both as the
user's). The honour the user pays the listener in a request or a question ("해주세요",
"가셨어요?") is no elder's. A reason clause that honours a relative, then the user's own doing
("시어머니가 당뇨가 있으셔서 저녁은 싱겁게 해요"), is two facts: hers (pinned) and the user's.
Every sentence here is written for the test.
"""

from __future__ import annotations

from datetime import UTC, datetime

from gieok.write.extract.focus import honoured_reason
from gieok.write.extract.korean import honorific, honours_subject, humble, third_person
from tests.support.chat_extract import chat

AT = datetime(2026, 11, 2, 19, 0, tzinfo=UTC)


def _chat(*lines: str) -> list[tuple[str, bool]]:
    """Each user turn extracted with the turns before it as context, as ``add`` does."""
    return chat(*lines, at=AT)


def test_the_honour_in_the_last_predicate_by_morphology() -> None:
    # the honorific 시 as its own morpheme, fused into the ending, or a verb of its own
    assert honours_subject("낚시 엄청 좋아하심")
    assert honours_subject("요즘 수영장 다니세요")
    assert honours_subject("올해 여든이시고 광주에 사셔")
    assert honours_subject("요즘 통 못 주무세요")
    assert honours_subject("요양원에 계세요")
    # the listener honoured: a request, a question, a greeting
    assert not honours_subject("이것 좀 정리해주세요")
    assert not honours_subject("어제 병원 가셨어요?")
    assert not honours_subject("수고하세요")
    assert not honours_subject("한번 드셔보세요")
    # only an earlier clause honours someone: the last predicate is the user's
    assert not honours_subject("아빠가 감기 걸리셔서 제가 죽 끓였어요")
    assert honorific("아빠가 감기 걸리셔서 제가 죽 끓였어요")
    assert not honours_subject("저 요즘 필라테스 다녀요")
    # humble verbs: the user does something for an elder
    assert humble("작년 생신에 안마기 사드렸어")
    assert humble("제가 주말마다 모시고 가요")
    assert not humble("주말마다 같이 등산 가요")


def test_a_subjectless_honoured_sentence_is_the_elders_named_before() -> None:
    said = _chat("u: 장인어른 환갑 선물 고민 중이야",
                 "a: 장인어른은 뭘 좋아하세요?",
                 "u: 낚시 엄청 좋아하심. 요즘은 주말마다 바다 가셔")
    contents = [c for c, _ in said]
    assert any(c.startswith("사용자의 장인어른") and "낚시" in c for c in contents), said
    assert not any(c.startswith("사용자는") and "낚시" in c for c in contents), said
    # the honour is kept in the memory ("좋아하신다"), not stripped as the user's would be
    assert any("좋아하신다" in c for c in contents), said


def test_an_honoured_sentence_after_a_pet_is_still_the_elders() -> None:
    said = _chat("u: 엄마 생신이라 케이크 사드렸어요",
                 "u: 우리 강아지 보리는 케이크 못 먹게 치워놨어요",
                 "u: 요즘 치즈케이크를 제일 좋아하세요")
    assert any(c.startswith("사용자의 엄마") and "치즈케이크" in c for c, _ in said), said
    assert not any("보리" in c and "치즈케이크" in c for c, _ in said), said


def test_the_users_own_request_and_statements_stay_the_users() -> None:
    said = _chat("u: 아빠 칠순 잔치 장소 알아보는 중이에요",
                 "u: 저는 요즘 당뇨 때문에 저녁을 싱겁게 먹어요")
    assert any(c.startswith("사용자") and not c.startswith("사용자의 아빠") and "싱겁게" in c
               for c, _ in said), said


def test_a_relatives_honoured_reason_then_the_users_habit_are_two_facts() -> None:
    assert honoured_reason("장모님이 무릎이 안 좋으셔서 계단 없는 식당만 가요") == [
        "장모님이 무릎이 안 좋으셔서", "저는 계단 없는 식당만 가요"]
    # an event takes its tense from the clause after it: left whole
    assert honoured_reason("아빠가 오셔서 같이 저녁 먹었어") == ["아빠가 오셔서 같이 저녁 먹었어"]
    # no relative named as the subject: left whole
    assert honoured_reason("날씨가 추우셔서 그런가 봐요") == ["날씨가 추우셔서 그런가 봐요"]
    said = _chat("u: 할아버지가 고혈압이 있으셔서 명절 음식은 다 싱겁게 해요")
    assert ("사용자의 할아버지가 고혈압이 있으시다", True) in said, said
    assert any(c.startswith("사용자는") and "싱겁게" in c for c, _ in said), said


def test_food_called_jeon_is_no_speaker() -> None:
    # 전 (煎, Kiwi: 전/NNG) in a sentence about grandma is food; 전 (저는) is the user
    assert "사용자는" not in third_person("할머니가 명절마다 전 부치는 거 지휘하신다")
    assert third_person("전 요즘 요가 다닌다") == "사용자는 요즘 요가 다닌다"


def test_my_nan_is_a_grandmother_she_points_to() -> None:
    # Australian and British chat calls a grandmother "nan": with my/our only (NaN in code
    # never takes "my"), she is the relative the next "she" points to
    said = _chat("u: my nan is moving in with us next week, any tips for the spare room?",
                 "a: Does she have trouble with stairs?",
                 "u: nah she's pretty spry, she walks to the shops every day")
    assert any(c.startswith("User's nan is pretty spry") for c, _ in said), said
    code = _chat("u: the frame has NaN rows and my nan filter drops them")
    assert not any("User's nan is" in c for c, _ in code), code
