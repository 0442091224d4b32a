"""The memory inspector in a real browser (headless Chromium) against a live ``gieok serve``:
sign-in, timeline, search across languages, a memory's page and its actions, settings, use in
the next turn, tenant isolation and CSRF. Each test signs in as a fresh user."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

Person = Any  # conftest.Person: a signed-in user with a REST client and a browser page
pytestmark = [pytest.mark.integration, pytest.mark.browser, pytest.mark.slow]


def _wait_for_memories(person: Person, count: int, timeout: float = 120.0) -> list[Any]:
    deadline = time.monotonic() + timeout
    while True:
        items = person.api.get("/v1/memories").json()["items"]
        if len(items) >= count or time.monotonic() > deadline:
            return list(items)
        time.sleep(0.5)


def test_sign_in_timeline_pinned_episodes_and_sign_out(people: Any) -> None:
    who = people()
    who.go("/")
    assert who.page.url.endswith("/ui/login")  # no session: the page asks to sign in
    who.page.get_by_label("API token").fill("gieok_not-a-real-token")
    who.page.get_by_role("button", name="Sign in").click()
    assert "unknown bearer token" in who.page.get_by_role("alert").inner_text()
    who.sign_in()
    who.remember("나비는 닭고기 알레르기가 있다", category="health", pinned=True,
                 event_time="2023-05-02T10:00:00Z")
    who.remember("사용자는 서울 마포구로 이사했다", category="location",
                 event_time="2024-03-01T09:00:00Z")
    who.remember("User prefers oat milk in coffee", category="preference",
                 event_time="2024-07-15T09:00:00Z")
    who.remember("User adopted Nabi, a two-year-old cat", event_time="2024-07-02T09:00:00Z")
    who.remember("동물병원 정기검진: 체중 4.2kg, 예방접종 완료. 기분 좋음", layer="episodic",
                 type="episode", emotion="calm", event_time="2024-03-20T15:00:00Z")
    who.go("/")
    years = who.page.get_by_role("navigation", name="Years")
    assert re.search(r"2024\s*4", years.inner_text()) and re.search(r"2023\s*1",
                                                                    years.inner_text())
    pinned = who.page.locator(".pinned-box")
    assert "닭고기 알레르기" in pinned.inner_text()
    months = who.page.locator("section.month h2").all_inner_texts()
    assert [re.sub(r"\s+", " ", m) for m in months] == ["July 2024 2", "March 2024 2"]
    assert who.page.locator("section.month .badge.episode").count() == 1  # episode on it
    who.shot("timeline")
    who.page.get_by_role("link", name=re.compile("^2023")).click()
    assert who.page.locator("section.month h2").all_inner_texts()[0].startswith("May 2023")
    phone = people(viewport={"width": 390, "height": 844}, token=who.token)
    phone.sign_in()
    phone.go("/")
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the timeline scrolls sideways on a phone"
    phone.shot("timeline-phone")
    who.page.get_by_role("button", name="Sign out").click()
    assert who.page.url.endswith("/ui/login")
    who.go("/search?q=cat")
    assert who.page.url.endswith("/ui/login")


def test_korean_memory_found_by_english_query_with_score_parts(person: Person) -> None:
    # same dates and importance: only what the texts mean can put the right one first
    when = {"event_time": "2024-05-02T10:00:00Z", "importance": 0.5}
    allergy = person.remember("나비는 닭고기 알레르기가 있어서 연어 사료만 먹는다", **when)
    person.remember("사용자는 서울 마포구로 이사했다", **when)
    person.remember("주말마다 한강에서 자전거를 탄다", **when)
    person.remember("Works night shifts as a nurse", **when)
    person.go("/search")
    person.page.get_by_role("searchbox").fill("what food is the cat allergic to")
    person.page.get_by_role("button", name="Search", exact=True).click()
    first = person.page.locator("ol.hits > li").first
    assert "닭고기 알레르기" in first.locator(".content").inner_text()
    parts = first.get_by_label("Why it ranked").inner_text()
    for label in ("score", "relevance", "meaning", "recency", "importance"):
        assert label in parts
    person.shot("search")
    # the year range filter is applied: nothing from 2024 when asking for 2023 only
    person.remember("고양이 사료를 바꿨다", event_time="2023-01-05T10:00:00Z")
    person.go("/search?q=what+food+is+the+cat+allergic+to&year_from=2023&year_to=2023")
    texts = person.page.locator("ol.hits .content").all_inner_texts()
    assert texts == ["고양이 사료를 바꿨다"]
    person.go("/search?q=cat&year_from=2025&year_to=2024")
    assert "after the 'to' year" in person.page.get_by_role("alert").inner_text()
    assert allergy["id"]


def test_edit_makes_a_new_version_and_rollback(person: Person) -> None:
    memory = person.remember("사용자는 서울 강남구에 산다", category="location")
    person.go(f"/memories/{memory['id']}")
    person.page.get_by_label("Text").fill("사용자는 서울 마포구로 이사했다")
    person.page.get_by_label("Importance").fill("0.9")
    person.page.get_by_role("button", name="Save as a new version").click()
    assert "new version" in person.page.get_by_role("status").inner_text()
    assert person.page.locator("h1.content").inner_text() == "사용자는 서울 마포구로 이사했다"
    rows = person.page.locator("table.versions tbody tr").all_inner_texts()
    assert rows[0].startswith("2") and "마포구" in rows[0]
    assert rows[1].startswith("1") and "강남구" in rows[1]
    history = person.page.locator("ol.history").inner_text()
    assert "update" in history and "강남구" in history and "마포구" in history
    person.shot("memory")
    api = person.api.get(f"/v1/memories/{memory['id']}").json()
    assert api["version"] == 2 and api["importance"] == pytest.approx(0.9)
    person.page.get_by_role("button", name="Roll back to v1").click()
    assert person.page.locator("h1.content").inner_text() == "사용자는 서울 강남구에 산다"
    assert person.api.get(f"/v1/memories/{memory['id']}").json()["version"] == 3


def test_pin_archive_restore_and_delete(person: Person) -> None:
    memory = person.remember("Walks the dog every morning at seven")
    other = person.remember("Drinks green tea after lunch")
    person.go(f"/memories/{memory['id']}")
    person.page.get_by_role("button", name="Pin (always in context)").click()
    assert person.api.get(f"/v1/memories/{memory['id']}").json()["pinned"] is True
    person.page.get_by_role("button", name="Unpin").click()
    person.page.get_by_role("button", name="Archive").click()
    assert "Archived" in person.page.get_by_role("status").inner_text()
    assert person.api.get(f"/v1/memories/{memory['id']}").json()["status"] == "archived"
    person.go("/")
    assert "Walks the dog" not in person.page.locator("main").inner_text()
    person.go(f"/memories/{memory['id']}")
    person.page.get_by_role("button", name="Restore").click()
    assert person.api.get(f"/v1/memories/{memory['id']}").json()["status"] == "active"
    person.page.get_by_role("button", name="Delete", exact=True).click()
    assert person.api.get(f"/v1/memories/{memory['id']}").json()["status"] == "deleted"
    # permanent deletion asks first
    person.go(f"/memories/{other['id']}")
    person.page.get_by_role("link", name="Delete permanently…").click()
    assert "cannot be undone" in person.page.locator("main").inner_text()
    person.shot("confirm-delete")
    person.page.get_by_role("button", name="Delete permanently").click()
    assert person.page.url.endswith("/delete")  # the unticked box keeps the form from going
    assert person.api.get(f"/v1/memories/{other['id']}").status_code == 200
    person.page.get_by_label("Yes, erase it for good").check()
    person.page.get_by_role("button", name="Delete permanently").click()
    assert "erased permanently" in person.page.get_by_role("status").inner_text()
    assert person.api.get(f"/v1/memories/{other['id']}").status_code == 404


def test_provenance_shows_the_turns_a_memory_came_from(person: Person) -> None:
    sent = person.api.post("/v1/messages", params={"session_id": "chat-1"}, json={
        "messages": [{"role": "user", "content": "저는 부산 해운대구에 살아요"}]})
    assert sent.status_code in (200, 201, 202), sent.text
    items = _wait_for_memories(person, 1)
    assert items, "extraction did not produce a memory"
    person.go(f"/memories/{items[0]['id']}")
    where = person.page.get_by_role("region", name="Where it came from").inner_text()
    assert "chat-1" in where and "heuristic" in where
    assert "저는 부산 해운대구에 살아요" in where


def test_settings_take_effect_through_the_api(person: Person) -> None:
    person.go("/settings")
    person.page.get_by_label("Memory on").uncheck()
    person.page.get_by_label("Only remember these categories:").check()
    person.page.get_by_label("location", exact=True).check()
    person.page.get_by_label("Most memories kept").fill("25")
    person.page.get_by_label("Phone numbers and e-mails").select_option("refuse")
    person.page.get_by_role("button", name="Save settings").click()
    assert "Saved" in person.page.get_by_role("status").inner_text()
    person.shot("settings")
    settings = person.api.get("/v1/settings").json()
    assert settings["enabled"] is False and settings["max_memories"] == 25
    assert settings["allowed_categories"] == ["location"]
    assert settings["pii_contact_policy"] == "refuse"
    context = person.api.post("/v1/context", json={"query": "where"}).json()
    assert context["text"] == "" and any("disabled" in w for w in context["trace"]["warnings"])
    person.page.get_by_label("Memory on").check()
    person.page.get_by_role("button", name="Save settings").click()
    assert person.api.get("/v1/settings").json()["enabled"] is True


def test_use_in_next_turn_appears_in_the_context_preview(person: Person) -> None:
    vet = person.remember("나비의 담당 수의사는 망원동 김선생님이다", event_time="2024-02-01T09:00:00Z")
    person.remember("User is learning to play the cello")
    person.go("/search?q=cello")
    person.page.get_by_label(re.compile("Use in next turn: 나비의 담당")).check()
    person.page.get_by_label("Chat session").fill("s-42")
    person.page.get_by_role("button", name="Use ticked memories in the next turn").click()
    assert "Added 1 memory" in person.page.get_by_role("status").inner_text()
    block = person.page.locator("pre.block").inner_text()
    assert "Selected for this turn" in block and "김선생님" in block
    trace = person.page.locator("table.trace tr.selected").inner_text()
    assert "selected" in trace
    person.shot("preview")
    # the preview consumed nothing; the app's next real turn gets it once
    waiting = person.api.get("/v1/next-turn", params={"session_id": "s-42"}).json()
    assert waiting["memory_ids"] == [vet["id"]]
    turn = person.api.post("/v1/context", params={"session_id": "s-42"},
                           json={"query": "cello lessons"}).json()
    assert turn["trace"]["selected"] == [vet["id"]]
    person.go("/preview?session_id=s-42")
    assert "Nothing selected" in person.page.locator("main").inner_text()


def test_a_second_tenant_sees_none_of_it(people: Any, person: Person) -> None:
    secret = person.remember("비밀: 금고 위치는 서재 책장 뒤")
    stranger = people(org="globex")
    stranger.sign_in()
    assert "Nothing is remembered here" in stranger.page.locator("main").inner_text()
    stranger.go("/search?q=" + "금고 위치")
    assert "0 results" in stranger.page.locator("main").inner_text()
    response = stranger.go(f"/memories/{secret['id']}")
    assert response.status == 404 and "금고" not in stranger.page.content()
    assert stranger.go("/?year=abc").status == 422  # an HTML page, not the API's JSON
    assert "Could not do that" in stranger.page.locator("h1").inner_text()
    assert stranger.go("/no-such-page").status == 404
    neighbour = people()  # the same tenant's other user: nothing either
    neighbour.sign_in()
    assert neighbour.go(f"/memories/{secret['id']}").status == 404


def test_a_form_without_its_csrf_token_is_refused(person: Person) -> None:
    memory = person.remember("Keeps a spare key under the flower pot")
    person.go(f"/memories/{memory['id']}")
    person.page.evaluate("""() => {
        const form = document.querySelector('form[action$="/archive"]');
        form.querySelector('input[name=csrf_token]').remove();
        form.submit();
    }""")
    person.page.wait_for_load_state()
    assert "Form refused" in person.page.locator("h1").inner_text()
    person.shot("csrf-refused")
    forged = person.page.request.post(f"{person.base}/ui/memories/{memory['id']}/archive",
                                      form={"csrf_token": "forged"})
    assert forged.status == 403
    assert person.api.get(f"/v1/memories/{memory['id']}").json()["status"] == "active"


def test_delete_everything_asks_for_the_word(person: Person) -> None:
    for text in ("Likes jazz", "Has two cats", "고양이 이름은 나비"):
        person.remember(text)
    person.go("/settings")
    person.page.get_by_role("link", name="Delete everything…").click()
    assert "3 memories" in person.page.locator("main").inner_text()
    person.page.get_by_label("Type delete to confirm").fill("nope")
    person.page.get_by_role("button", name="Delete everything").click()
    assert "nothing was deleted" in person.page.get_by_role("alert").inner_text()
    assert person.api.get("/v1/memories").json()["total"] == 3
    person.go("/forget")
    person.page.get_by_label("Type delete to confirm").fill("delete")
    person.page.get_by_role("button", name="Delete everything").click()
    assert "erased" in person.page.get_by_role("status").inner_text()
    assert person.api.get("/v1/memories").json()["total"] == 0


def test_keyboard_alone_signs_in_searches_and_skips_to_content(people: Any) -> None:
    who = people()
    who.remember("고양이 이름은 나비이고 세 살이다")
    who.go("/login")
    who.page.wait_for_function("document.activeElement.id === 'token'")  # autofocus lands after load
    who.page.keyboard.type(who.token)
    who.page.keyboard.press("Enter")
    who.page.wait_for_url(who.base + "/ui/")
    who.page.keyboard.press("Tab")
    assert who.page.evaluate("document.activeElement.textContent") == "Skip to content"
    who.page.keyboard.press("Enter")
    assert who.page.evaluate("document.activeElement.id") == "main"
    who.go("/search")
    who.page.wait_for_function("document.activeElement.id === 'q'")  # typing earlier loses keys
    who.page.keyboard.type("cat's name")
    who.page.keyboard.press("Enter")
    who.page.wait_for_url(re.compile(r".*/ui/search\?q=cat"))
    assert "나비" in who.page.locator("ol.hits").inner_text()
