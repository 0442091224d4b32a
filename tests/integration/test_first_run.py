"""A newcomer's first run: the command line and API tokens agree on the organisation, a
mistyped store on a read is refused instead of created, the server names its store when a
token is unknown, ``/metrics`` needs a token, and ``gieok serve`` announces itself only once
it listens (a busy port is one line)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.integration

LAUNCHER = "from gieok.cli import main; main()"


@pytest.mark.parametrize("org", [None, "acme"])
def test_what_the_cli_writes_a_token_for_the_same_user_reads(
        cli: Any, start_api_server: Any, org: str | None) -> None:
    store = cli.env["GIEOK_STORE_URL"]
    org_args = ["--org", org] if org else []
    wrote = cli("remember", "Alice waters the basil on Sundays", "--user", "alice", *org_args)
    assert wrote.exit_code == 0, wrote.output
    made = cli("token", "create", "--user", "alice", *org_args)
    assert made.exit_code == 0, made.output
    server = start_api_server(store_url=store)
    listed = server.client(made.stdout.strip()).get("/v1/memories")
    assert listed.status_code == 200, listed.text
    assert [m["content"] for m in listed.json()["items"]] == ["Alice waters the basil on Sundays"]


def test_default_organisation_is_named_in_help(cli: Any) -> None:
    for command in (["remember", "--help"], ["token", "create", "--help"]):
        assert "default organisation" in " ".join(cli(*command).stdout.split())


@pytest.mark.parametrize("args", [
    ["search", "basil", "--user", "alice"],
    ["list", "--user", "alice"],
    ["export", "--user", "alice"],
    ["get", "some-id"],
    ["token", "list"],
])
def test_a_read_refuses_a_store_that_does_not_exist(
        cli: Any, tmp_path: Path, args: list[str]) -> None:
    typo = tmp_path / "demo.dbb"
    result = cli(*args, "--store", f"sqlite:///{typo}")
    assert result.exit_code != 0
    assert "STORE_NOT_FOUND" in result.stderr and str(typo) in result.stderr
    assert not typo.exists()


def test_a_write_creates_the_store(cli: Any, tmp_path: Path) -> None:
    fresh = tmp_path / "fresh" / "new.db"
    result = cli("remember", "first memory", "--user", "alice", "--store", f"sqlite:///{fresh}")
    assert result.exit_code == 0, result.output
    assert fresh.exists()
    listed = cli("list", "--user", "alice", "--store", f"sqlite:///{fresh}")
    assert listed.exit_code == 0 and "first memory" in listed.stdout


def test_an_unknown_token_is_told_which_store_the_server_uses(api_server: Any) -> None:
    response = api_server.client("not-a-token-of-this-store").get("/v1/memories")
    assert response.status_code == 401
    message = response.json()["error"]["message"]
    assert api_server.settings.resolved_store_url() in message and "--store" in message


def test_metrics_need_a_token_or_the_metrics_token(start_api_server: Any) -> None:
    server = start_api_server(metrics_token="scrape-secret")
    assert server.client().get("/healthz").status_code == 200
    anonymous = server.client().get("/metrics")
    assert anonymous.status_code == 401 and anonymous.json()["error"]["code"] == "UNAUTHORIZED"
    assert server.client("wrong-secret").get("/metrics").status_code == 401
    scraper = server.client("scrape-secret").get("/metrics")
    assert scraper.status_code == 200 and "gieok_http_requests_total" in scraper.text
    user = server.client(server.token("acme", "alice")).get("/metrics")
    assert user.status_code == 200 and "# TYPE" in user.text


def _launch(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIEOK_")}
    env.update(GIEOK_STORE_URL=f"sqlite:///{tmp_path / 'serve.db'}", GIEOK_EMBEDDER="hash:64",
               GIEOK_DATA_DIR=str(tmp_path))
    return subprocess.Popen([sys.executable, "-c", LAUNCHER, "serve", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_serve_announces_itself_only_once_it_answers(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = _launch(tmp_path, "--port", str(port))
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # blocks until the banner (or exit)
        assert f"serving on http://127.0.0.1:{port}" in first, proc.communicate(timeout=30)
        # No retry: the port is bound and the app started before the banner was printed.
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=30).status_code == 200
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def test_a_busy_port_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = _launch(tmp_path, "--port", str(port))
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "PORT_IN_USE" in lines[0] and str(port) in lines[0], err
    assert "serving on" not in out
