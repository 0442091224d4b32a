"""Extraction, round 2 of issue 16: what is (not) a statement, who a sentence is about,
standing instructions, answers to the assistant's questions, and sentences that go on.

Sentences here are written for these tests (not taken from the chat set)."""

from __future__ import annotations

from datetime import UTC, datetime

from gieok.domain.turns import Turn
from gieok.write.extract import discourse, followup, generic, standing
from gieok.write.extract.coref import Entities
from gieok.write.extract.heuristic import HeuristicExtractor

AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def talk(*turns: tuple[str, str]) -> list[list[str]]:
    """Play turns one at a time like add() does; the memories each user turn produced."""
    extractor, context, out = HeuristicExtractor(), [], []
    for role, text in turns:
        turn = Turn(role=role, content=text, at=AT)  # type: ignore[arg-type]
        if role == "user":
            out.append([c.content for c in extractor.extract_sync([turn], context=context)])
        context.append(turn)
    return out


def test_not_statements_in_either_language() -> None:
    assert discourse.is_noise("Oh, I always assumed it was Kyoto.")
    assert discourse.is_noise("I need some ideas for dinner.")
    assert discourse.is_noise("아 그럼 내일 은행 가봐야겠다")
    assert discourse.is_noise("내일 다시 물어볼게")
    assert discourse.is_noise("그 집 냉면 진짜 맛있더라")
    assert not discourse.is_noise("저는 매일 아침 7시에 수영해요")
    assert discourse.retracted("나 복권 당첨됐어 ㅋㅋ 는 거짓말이고")
    assert talk(("user", "I quit my job today, just kidding")) == [[]]


def test_korean_run_on_sentences_are_cut_at_final_endings() -> None:
    assert discourse.split_sentences("어제 이사했어 집이 훨씬 넓어") == ["어제 이사했어", "집이 훨씬 넓어"]
    assert discourse.split_sentences("I live in Daegu, 그리고 강아지 키워요") == [
        "I live in Daegu", "그리고 강아지 키워요"]


def test_who_a_korean_sentence_is_about() -> None:
    assert discourse.ko_subject("저는 간호사예요") == "self"
    assert discourse.ko_subject("제 동생이 대구에 살아요") == "entity"
    assert discourse.ko_subject("공원이 가까워서 편해요") == "foreign"
    assert discourse.ko_subject("요즘 관절염이 심해졌어요") == "none"
    assert not generic.worth_keeping("공원이 가까워서 편해요")
    assert not generic.worth_keeping("한 이틀 됐어")  # nothing to be about
    assert not generic.worth_keeping("나 대전 안 살아")  # a correction, not a fact
    assert generic.worth_keeping("저 이제 담배 안 피워요")  # health: kept


def test_a_subjectless_sentence_goes_on_with_the_previous_one() -> None:
    (memories,) = talk(("user", "다음 주 월요일에 위내시경 받아요. 전날 밤부터 물도 못 마셔요."))
    assert len(memories) == 1 and "위내시경" in memories[0] and "물도 못 마신다" in memories[0]


def test_relatives_and_pets_named_late_unnamed_or_in_a_list() -> None:
    got = talk(("user", "We rescued a tabby kitten on Sunday, her name is Miso."),
               ("user", "She's 12 weeks and has ear mites."))
    assert any("Miso" in m and "ear mites" in m for m in got[1])
    got = talk(("user", "I have two cats, Kong and Dal."), ("user", "Dal is diabetic."))
    assert got[1] == ["User's cat Dal is diabetic"]
    got = talk(("user", "우리 막내가 다음 달에 유치원 들어가요"), ("user", "이름은 하은이에요"))
    assert any("막내" in m and "하은" in m for m in got[1])
    got = talk(("user", "저희 집 고양이 둘 중에 치즈이가 막내예요"), ("user", "걔는 습식만 먹어요"))
    assert any(m.startswith("사용자의 고양이 치즈") and "습식" in m for m in got[1])


def test_a_relative_as_subject_is_not_the_user() -> None:
    (memories,) = talk(("user", "제 남동생 Jun이 이번에 Naver에 입사했어요"))
    assert memories and all(not m.startswith("사용자는") for m in memories)


def test_standing_instructions_are_told_from_one_off_requests() -> None:
    assert standing.instruction("Please never use tables in your answers.") is not None
    assert standing.instruction("Whenever you write SQL, use uppercase keywords.") is not None
    assert standing.instruction("코드 짜줄 땐 항상 주석도 달아줘") is not None
    assert standing.instruction("Please write a haiku about autumn.") is None
    assert standing.instruction("이 문장 번역해줘") is None
    (memories,) = talk(("user", "저 견과류 알레르기 있어요. 메뉴 추천할 때 참고해 주세요."))
    assert any(m.startswith("사용자 요청") and "견과류" in m for m in memories)


def test_fragments_answering_the_assistant_keep_the_question() -> None:
    got = talk(("user", "I'm starting a new job next week!"), ("assistant", "Nice! Which company?"),
               ("user", "Kakao, in Pangyo."))
    assert got[1] == ['User\'s answer to "Which company?": Kakao, in Pangyo']
    got = talk(("user", "My dog Coco has arthritis."), ("assistant", "Is he on painkillers?"),
               ("user", "yes, carprofen every evening"))
    assert "User's dog Coco" in got[1][0] and "carprofen" in got[1][0]
    assert followup.answer("Not really.", "Any allergies?", "Not really.", Entities()) is None
    assert followup.answer("Busan maybe", "Where?", "Busan maybe, idk", Entities()) is None


def test_request_reasons_and_medical_reports_are_kept() -> None:
    (memories,) = talk(("user", "제가 통풍이 있어서 맥주는 빼고 추천해 주세요"))
    assert any("통풍" in m for m in memories)
    (memories,) = talk(("user", "The vet said my cat has early kidney disease."))
    assert any("kidney disease" in m for m in memories)
    assert talk(("user", "My coworker said she has a cold.")) == [[]]
