"""Update sequences, session 18 (issue 16): changes said in shapes the earlier rules did not
read. A thing stopped with its reason said between ("비타민D는 피검사 수치 괜찮대서 끊었어"),
a diet said by how long it has been kept ("vegetarian 된 지 2년"), an event moved that was
said before by its verb ("moving the wedding to May" after "getting married … on 12
September"), lessons that ended "이번 달로". Sentences written for these tests, in both
languages, each with the look-alikes that must not fire."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.settings import GieokSettings
from gieok.write.extract import shift
from gieok.write.extract.diets import stated
from gieok.write.extract.dose_change import dose_changed_en
from gieok.write.extract.dwelling import home_in
from gieok.write.extract.new_value import SURE, new_value, replaced
from gieok.write.extract.retired import retired
from gieok.write.roles import role
from tests.support.sessions import monthly_turns

pytestmark = pytest.mark.anyio


# -- a thing stopped, the reason said between it and the verb ----------------------------------
@pytest.mark.parametrize(("text", "thing"), [
    ("비타민D는 피검사 수치 괜찮대서 끊었어", "비타민D"),
    ("커피는 잠이 안 와서 끊었어", "커피"),
    ("헬스는 무릎 아파서 그만뒀어", "헬스"),
    ("필라테스를 시간이 없어서 결국 관뒀어요", "필라테스"),
    ("사용자는 오메가3는 비린내 때문에 속이 안 좋아서 끊었다", "오메가3"),
])
def test_a_thing_stopped_for_a_reason_is_the_topic(text: str, thing: str) -> None:
    assert retired(text) == (thing,)


@pytest.mark.parametrize("text", [
    "나는 피곤해서 끊었어",            # the speaker, not a thing
    "우리는 비싸서 접었어",
    "사용자는 너무 비싸대서 끊었다",
    "요요 와서 접었어",                # a verb's reason form is never the thing
    "보고서는 내일 쓰고 끊었어",
])
def test_no_thing_stopped_in_a_reason_or_a_speaker(text: str) -> None:
    assert retired(text) == ()


# -- a diet said by how long it has been kept ----------------------------------------------------
@pytest.mark.parametrize(("text", "diet"), [
    ("나 vegetarian 된 지 2년", "vegetarian"),
    ("저는 채식 한 지 2년째", "vegetarian"),
    ("나 채식주의자 된 지 3년 됐어", "vegetarian"),
    ("키토 한 지 3개월째 ㅋㅋ", "keto"),
])
def test_a_diet_kept_for_a_while_is_the_diet_now(text: str, diet: str) -> None:
    assert stated(text)[0] == diet


@pytest.mark.parametrize("text", [
    "채식 한 지 2년 됐는데 이제 그만뒀어",   # kept, then left
    "엄마는 비건 된 지 1년",                  # someone else's
    "비건 된 지 얼마 안 된 친구가 있어",      # a friend described
    "비건 된 지 몇 년 됐어?",                 # a question
])
def test_no_diet_of_the_users_now(text: str) -> None:
    assert stated(text)[0] is None


# -- an event moved that was said by its verb ----------------------------------------------------
def test_a_wedding_moved_renews_the_marriage_said_with_its_date() -> None:
    said = new_value("User is moving the wedding to May next year, the venue double-booked")
    assert said is not None
    assert replaced("User is getting married in Bath on 12 September", said) == SURE
    ko = new_value("사용자는 결혼식 내년 5월로 미뤘다")
    assert ko is not None
    assert replaced("사용자는 10월 17일에 결혼한다", ko) == SURE


def test_a_marriage_said_without_a_date_is_no_plan_moved() -> None:
    said = new_value("User is moving the wedding to May next year")
    assert said is not None
    assert replaced("User is married with two kids", said) == 0
    assert replaced("사용자는 결혼 10년 차다", new_value("사용자는 결혼식 내년 5월로 미뤘다")) == 0


# -- lessons that ended this month ---------------------------------------------------------------
@pytest.mark.parametrize(("text", "anchor"), [
    ("사용자는 목요일 플룻 레슨 이번 달로 끝났다. 이제 혼자 연습이다", "플룻"),
    ("수영 강습 이번 주로 끝났어", "수영"),
    ("요가 수업 오늘로 끝남", "요가"),
])
def test_lessons_ended_this_month_are_finished(text: str, anchor: str) -> None:
    assert [s.anchor for s in shift.shifts(text) if s.kind == "finished"] == [anchor]


@pytest.mark.parametrize("text", [
    "피아노 레슨 이번 달까지 끝났으면 좋겠다",
    "영어 수업 언제 끝나요?",
    "첼로 레슨 이번 달로 끝날 예정",
])
def test_lessons_wished_or_asked_over_are_not(text: str) -> None:
    assert not [s for s in shift.shifts(text) if s.kind == "finished"]


# -- the public API over two conversations -------------------------------------------------------
async def test_the_changes_end_the_old_value(settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        vitamin = await monthly_turns(mem, "vit", ["나 매일 아침 오메가3 먹어"],
                                      ["오메가3는 피검사 결과 괜찮대서 끊었어"])
        assert not any("매일 아침" in m for m in vitamin), vitamin
        gym = await monthly_turns(mem, "gym", ["나 주 3회 헬스 다녀"], ["헬스는 무릎 아파서 그만뒀어"])
        assert not any("주 3회" in m for m in gym), gym
        diet = await monthly_turns(mem, "diet", ["나 vegetarian 된 지 2년"],
                                   ["요즘 생선은 먹어. pescatarian 정도?"])
        assert not any("vegetarian" in m or "채식" in m for m in diet), diet
        flute = await monthly_turns(mem, "flute", ["나 첼로 배워 매주 화요일"],
                                    ["화요일 첼로 레슨 이번 달로 끝났어. 이제 혼자 연습"])
        assert not any("매주 화요일" in m for m in flute), flute
        wedding = await monthly_turns(mem, "wed", ["we're getting married in York on 3 October"],
                                      ["we're moving the wedding to June next year, ugh"])
        assert sum("October" in m for m in wedding) == 0 and any("June" in m for m in wedding)


async def test_what_stays(settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        other = await monthly_turns(mem, "other", ["나 매일 아침 오메가3 먹어"],
                                    ["커피는 잠이 안 와서 끊었어"])
        assert any("오메가3" in m for m in other), other
        wish = await monthly_turns(mem, "wish", ["나 첼로 배워 매주 화요일"],
                                   ["첼로 레슨 이번 달로 끝났으면 좋겠다 너무 힘들어"])
        assert any("첼로" in m and "화요일" in m for m in wish), wish


# -- a change said alone: kept only when it ends what is stored ---------------------------------
@pytest.mark.parametrize("text", [
    "오메가3 끊었어",
    "Skye got adopted by a lovely couple in Kent!",
    "quit Duolingo lol",
])
def test_a_thing_over_is_said_over(text: str) -> None:
    assert shift.said_over(text)


@pytest.mark.parametrize("text", [
    "오늘 오메가3 먹었어",
    "Skye loves the beach",
    "I stopped at Tesco on the way home",
])
def test_what_is_not_said_over(text: str) -> None:
    assert not shift.said_over(text)


def test_a_pet_named_after_a_comma_is_a_pet() -> None:
    assert shift.pet_named("Skye", ["User has a foster greyhound, Skye, till she finds a home"])
    assert not shift.pet_named("Skye", ["User's friend, Skye, lives in Kent"])


async def test_a_change_said_alone_ends_the_old_value(settings: GieokSettings,
                                                      tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        pill = await monthly_turns(mem, "pill", ["나 매일 아침 오메가3 먹어"], ["오메가3 끊었어"])
        assert not any("매일 아침" in m for m in pill), pill
        dog = await monthly_turns(mem, "dog", ["we've got a foster whippet, Juno, till she finds "
                                               "a home"], ["Juno got adopted by a family in Leeds!"])
        assert not any("till" in m for m in dog) and any("adopted" in m for m in dog), dog
        alone = await monthly_turns(mem, "alone", ["오메가3 끊었어"])
        assert alone == []  # nothing stored to end: the change alone is no memory
        friend = await monthly_turns(mem, "friend", ["my cat Miso sleeps on my laptop"],
                                     ["my friend's dog Bean got adopted by a family in Leeds"])
        assert any("Miso" in m for m in friend), friend


# -- a dose changed, said in English ---------------------------------------------------------------
@pytest.mark.parametrize(("text", "memory"), [
    ("doc upped me to 100mg sertraline last week", "User's dose was raised to 100mg"),
    ("she bumped my dose up to 75mcg", "User's dose was raised to 75mcg"),
    ("the GP lowered me to 25mg", "User's dose was lowered to 25mg"),
])
def test_a_dose_changed_in_english_is_a_memory(text: str, memory: str) -> None:
    assert dose_changed_en(text, lambda _w: False) == memory


@pytest.mark.parametrize("text", [
    "doc upped her to 100mg sertraline",          # someone else's dose
    "might raise me to 100mg next month?",         # a maybe, asked
    "they upped me to 10 hours a week at work",   # no dose
    "raised my rent to 900 a month",
])
def test_what_is_no_dose_of_the_users(text: str) -> None:
    assert dose_changed_en(text, lambda _w: False) is None


async def test_a_dose_raised_in_english_renews_the_dose(settings: GieokSettings,
                                                        tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        dose = await monthly_turns(mem, "dose", ["I'm on citalopram 10mg for anxiety"],
                                   ["doc upped me to 20mg citalopram last week"])
        assert any("20mg" in m for m in dose) and not any("10mg" in m for m in dose), dose


# -- a new title, an injury over ---------------------------------------------------------------------
@pytest.mark.parametrize(("content", "title"), [
    ("User's wife's just been made a consultant midwife, so proud", "consultant midwife"),
    ("User got promoted to a senior engineer at Arm", "senior engineer"),
    ("User's wife is a midwife at the Royal Infirmary", "midwife"),
])
def test_a_title_given_is_a_role(content: str, title: str) -> None:
    assert role(content) == title


def test_what_is_no_title() -> None:
    assert role("User was made a fool of") is None
    assert role("User has been made a member of the club") is None


async def test_a_promotion_and_a_recovery_end_the_old_value(settings: GieokSettings,
                                                            tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        title = await monthly_turns(mem, "title", ["my husband's a chef in Bristol"],
                                    ["my husband's just been made a head chef!"])
        assert not any("in Bristol" in m for m in title), title
        other = await monthly_turns(mem, "other", ["my husband's a chef in Bristol"],
                                    ["my sister's just been made a head chef!"])
        assert any("in Bristol" in m for m in other), other
        knee = await monthly_turns(mem, "knee", ["나 요즘 테니스 쳐 주 2회"],
                                   ["테니스 치다가 발목 다쳐서 지금은 요가로 바꿈"],
                                   ["발목 다 나아서 다시 테니스 복귀!"])
        assert not any("요가" in m for m in knee), knee


# -- the old value said with 말고/대신 and a word of now -------------------------------------------
@pytest.mark.parametrize(("content", "old", "new"), [
    ("사용자는 보리차 말고 이제 옥수수수염차 마신다", "보리차", "옥수수수염차"),
    ("사용자는 헬스 대신 요즘은 수영 다닌다", "헬스", "수영"),
])
def test_not_this_but_that_now_names_the_old_value(content: str, old: str, new: str) -> None:
    said = new_value(content)
    assert said is not None and said.things == {old} and said.value == new


def test_a_request_or_a_pronoun_names_no_old_value() -> None:
    said = new_value("커피 말고 이제 차 추천해줘")
    assert said is None or said.value == "?"
    assert new_value("그거 말고 이제 다른 거 해") is None


# -- a home found ------------------------------------------------------------------------------
@pytest.mark.parametrize(("content", "home"), [
    ("사용자는 Leith 쪽 flat 구했다", "leith"),
    ("Leith 쪽 flat 구했다", "leith"),
    ("사용자는 마포 망원동에 전세 구했다", "마포 망원동"),
])
def test_a_home_found_is_the_home(content: str, home: str) -> None:
    assert home_in(content) == home


@pytest.mark.parametrize("content", [
    "친구가 망원동 쪽 원룸 구했다",
    "사용자의 동생은 망원동 쪽 원룸 구했다",
    "사용자는 망원동 쪽 원룸 구하고 싶다",
    "사용자는 망원동 쪽 원룸 구했으면 좋겠다",
    "사용자는 회사 근처 원룸 구했다",
])
def test_what_is_no_home_found(content: str) -> None:
    assert home_in(content) is None


async def test_a_switch_again_and_a_home_found_end_the_old_value(settings: GieokSettings,
                                                                 tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        tea = await monthly_turns(mem, "tea", ["위가 안 좋아서 커피 끊고 루이보스로 바꿈"],
                                  ["루이보스 말고 이제 캐모마일 마셔"])
        assert not any("루이보스" in m for m in tea) and any("캐모마일" in m for m in tea), tea
        home = await monthly_turns(mem, "home", ["나 부천 상동 살아"], ["망원동 쪽 원룸 구했어!"])
        assert not any("상동" in m for m in home), home


# -- a graduation in the context: the turns of the term before it are past ---------------------------
async def test_a_term_said_before_a_graduation_reads_as_past(settings: GieokSettings,
                                                             tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        await monthly_turns(mem, "grad", ["나 석사 3학기째인데 실험이 안 끝나"],
                            ["드디어 졸업했다!! 이제 석사 끝"])
        block = await mem.context("석사 졸업했어?", user_id="grad", use_cache=False,
                                  track_use=False)
        # the graduation answers; the term before it only as dated history, if at all
        assert "졸업" in block.text, block.text
        lines = [ln for ln in block.text.splitlines() if "3학기" in ln]
        assert all("(until " in ln for ln in lines), block.text


# -- a job said by its work, with pupils or a ward beside it --------------------------------------
async def test_work_said_now_ends_the_job_before(settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        pupils = await monthly_turns(mem, "pupils", ["I'm a solicitor at a firm in Leeds"],
                                     ["I teach year 2 at Oakfield now and the kids are lovely"])
        assert not any("solicitor" in m for m in pupils), pupils
        ward = await monthly_turns(mem, "ward", ["I'm a third year medical student"],
                                   ["I work nights on the cardiac ward at St James now"])
        assert not any("student" in m for m in ward), ward
        sister = await monthly_turns(mem, "sister", ["I'm a solicitor at a firm in Leeds"],
                                     ["my sister works nights on the cardiac ward now"])
        assert any("solicitor" in m for m in sister), sister


# -- a dislike reversed by an act ---------------------------------------------------------------------
@pytest.mark.parametrize(("content", "thing"), [
    ("Weirdly User now orders extra olives on everything", "olives"),
    ("사용자는 요즘 오이를 매일 먹는다", "오이"),
    ("User now puts tomatoes in every salad", "tomatoes"),
])
def test_a_thing_disliked_done_now(content: str, thing: str) -> None:
    assert shift.done_now(content, thing)


@pytest.mark.parametrize(("content", "thing"), [
    ("User now avoids olives", "olives"),
    ("User is trying olives now?", "olives"),
    ("사용자는 요즘 오이 안 먹는다", "오이"),
    ("User ate olives at a party once", "olives"),      # no word of now
])
def test_what_is_no_reversal(content: str, thing: str) -> None:
    assert not shift.done_now(content, thing)


async def test_a_dislike_done_now_ends_the_dislike(settings: GieokSettings,
                                                   tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        taste = await monthly_turns(mem, "taste", ["I really dislike mushrooms"],
                                    ["funny thing, I now put mushrooms in everything"])
        assert not any("dislike" in m for m in taste), taste
        son = await monthly_turns(mem, "son", ["I really dislike mushrooms"],
                                  ["my son now puts mushrooms in everything"])
        assert any("dislike" in m for m in son), son


# -- a certificate passed ends attending its academy ---------------------------------------------
@pytest.mark.parametrize(("text", "anchor"), [
    ("사용자는 바리스타 2급 합격이다. 자격증 나왔다", "바리스타"),
    ("한국사 1급 붙었어", "한국사"),
])
def test_a_grade_after_the_name_is_not_the_exam(text: str, anchor: str) -> None:
    assert [s.anchor for s in shift.shifts(text) if s.kind == "passed"] == [anchor]


async def test_a_certificate_passed_ends_its_academy(settings: GieokSettings,
                                                     tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        cert = await monthly_turns(mem, "cert", ["요즘 주말마다 제과 학원 다니는데 너무 재밌어"],
                                   ["제과 2급 합격했어! 자격증 나옴"])
        assert not any("학원" in m for m in cert), cert
        other = await monthly_turns(mem, "other", ["요즘 주말마다 제과 학원 다니는데 너무 재밌어"],
                                    ["한국사 1급 합격했어!"])
        assert any("학원" in m for m in other), other
