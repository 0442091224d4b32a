"""``gieok remember | add | search | list | get | delete | history | forget`` on a real store file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration


def _json(result: Any) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_remember_then_list_search_get(cli: Any) -> None:
    stored = _json(cli("remember", "사용자는 서울 강남구에 살고 있다", "--user", "alice",
                       "--category", "location", "--importance", "0.8", "--tag", "home",
                       "--at", "2024-03-01", "--metadata", '{"source": "chat"}', "--json"))
    assert stored["scope"] == "user:alice" and stored["tags"] == ["home"]
    assert stored["metadata"] == {"source": "chat"} and stored["importance"] == 0.8
    cli("remember", "Prefers oat milk", "--user", "alice", "--type", "preference")

    listed = _json(cli("list", "--user", "alice", "--json"))
    assert listed["total"] == 2
    table = cli("list", "--user", "alice")
    assert table.exit_code == 0 and "Prefers oat milk" in table.stdout
    assert stored["id"] in table.stdout  # whole, as `get` takes it

    hits = _json(cli("search", "강남구", "--user", "alice", "-k", "1", "--json"))
    assert hits[0]["memory"]["id"] == stored["id"] and "relevance" in hits[0]["parts"]
    filtered = _json(cli("search", "milk", "--user", "alice", "--json",
                         "--filter", '{"type": "preference"}'))
    assert [h["memory"]["content"] for h in filtered] == ["Prefers oat milk"]

    got = _json(cli("get", stored["id"], "--user", "alice"))
    assert got["content"] == "사용자는 서울 강남구에 살고 있다"
    assert cli("search", "anything", "--user", "bob").stdout.startswith("no memories match")


def test_delete_history_and_forget(cli: Any) -> None:
    stored = _json(cli("remember", "Has a cat named Nabi", "--user", "alice", "--json"))
    history = _json(cli("history", stored["id"], "--user", "alice", "--json"))
    assert [e["action"] for e in history] == ["create"]
    assert "create" in cli("history", stored["id"], "--user", "alice").stdout

    deleted = cli("delete", stored["id"], "--user", "alice")
    assert deleted.exit_code == 0 and "deleted" in deleted.stdout
    assert _json(cli("get", stored["id"], "--user", "alice"))["status"] == "deleted"
    assert cli("delete", stored["id"], "--user", "alice", "--hard").exit_code == 0
    gone = cli("get", stored["id"], "--user", "alice")
    assert gone.exit_code == 1 and "MEMORY_NOT_FOUND" in gone.stderr

    cli("remember", "one", "--user", "bob")
    cli("remember", "two", "--user", "bob", "--session", "s1")
    refused = cli("forget", "--user", "bob", input="n\n")
    assert refused.exit_code == 1 and "nothing deleted" in refused.stdout
    assert _json(cli("list", "--user", "bob", "--json"))["total"] == 2
    forgot = cli("forget", "--user", "bob", "--yes")
    assert forgot.exit_code == 0 and "forgot 2 memories" in forgot.stdout
    assert _json(cli("list", "--user", "bob", "--json"))["total"] == 0


def test_add_turns_from_text_and_file(cli: Any, tmp_path: Path) -> None:
    added = _json(cli("add", "나 강남구 살아", "--user", "alice", "--session", "s1", "--json"))
    assert added["turns_added"] == 1
    turns = tmp_path / "turns.json"
    turns.write_text(json.dumps([{"role": "user", "content": "hi"},
                                 {"role": "assistant", "content": "hello"}]), "utf-8")
    from_file = cli("add", "--messages", str(turns), "--user", "alice", "--session", "s1")
    assert from_file.exit_code == 0 and "added 2 turn(s)" in from_file.stdout
    stdin = cli("add", "--messages", "-", "--user", "alice",
                input=json.dumps([{"role": "user", "content": "from stdin"}]))
    assert stdin.exit_code == 0, stdin.output


@pytest.mark.parametrize(("args", "code", "hint"), [
    (["remember", "x"], "INVALID_SCOPE", "pass --user"),
    (["remember", "x", "--user", "bad user"], "INVALID_SCOPE", "letters, digits"),
    (["remember", "x", "--scope", "user:a/planet:mars"], "INVALID_SCOPE", "expected level:id"),
    (["remember", "   ", "--user", "a"], "INVALID_INPUT", "content is empty"),
    (["remember", "x", "--user", "a", "--importance", "7"], "INVALID_INPUT", "between 0 and 1"),
    (["remember", "x", "--user", "a", "--type", "poem"], "INVALID_INPUT", "is not one of"),
    (["remember", "x", "--user", "a", "--metadata", "{oops"], "INVALID_INPUT", "not valid JSON"),
    (["remember", "x", "--user", "a", "--at", "yesterday-ish"], "INVALID_INPUT", "ISO 8601"),
    (["search", "q", "--user", "a", "--filter", '{"colour": "red"}'], "INVALID_FILTER", "known:"),
    (["search", "q", "--user", "a", "-k", "0"], "INVALID_INPUT", "between 1"),
    (["list", "--user", "a", "--limit", "0"], "INVALID_INPUT", "between 1"),
    (["list"], "INVALID_SCOPE", "pass --user"),
    (["forget", "--yes"], "INVALID_SCOPE", "pass --user"),
    (["add", "--user", "a"], "INVALID_INPUT", "either a message TEXT"),
    (["add", "hi", "--user", "a", "--role", "robot"], "INVALID_INPUT", "role"),
])
def test_bad_input_exits_2_with_a_hint_and_no_traceback(
    cli: Any, args: list[str], code: str, hint: str
) -> None:
    assert cli("remember", "the store exists", "--user", "someone").exit_code == 0
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert f"[{code}]" in result.stderr and hint in result.stderr
    assert "Traceback" not in result.output


def test_unknown_store_scheme_says_what_to_do(cli: Any) -> None:
    result = cli("list", "--user", "a", "--store", "mongo://nowhere")
    assert result.exit_code == 2 and "STORE_UNKNOWN" in result.stderr
    assert "Traceback" not in result.output


def test_missing_messages_file_is_a_clean_error(cli: Any, tmp_path: Path) -> None:
    result = cli("add", "--messages", str(tmp_path / "nope.json"), "--user", "a")
    assert result.exit_code == 1 and "No such file" in result.stderr
