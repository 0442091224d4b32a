"""``gieok serve`` as a real process: banner, GIEOK_HOST/GIEOK_PORT, JSON logs, clean stop."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

pytestmark = pytest.mark.integration

# The console script's own entry point (``gieok = "gieok.cli:main"``).
LAUNCHER = "from gieok.cli import main; main()"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _launch(tmp_path: Path, *args: str, **env: str) -> subprocess.Popen[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("GIEOK_")}
    full_env.update({"GIEOK_STORE_URL": f"sqlite:///{tmp_path / 'serve.db'}",
                     "GIEOK_EMBEDDER": "hash:256", "GIEOK_DATA_DIR": str(tmp_path)}, **env)
    return subprocess.Popen([sys.executable, "-c", LAUNCHER, *args], env=full_env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_healthy(url: str, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"serve exited early: {proc.communicate()}")
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError("serve did not become healthy")


def _stop(proc: subprocess.Popen[str]) -> tuple[str, str]:
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    return out, err


def test_serve_honours_env_prints_urls_and_logs_json(tmp_path: Path) -> None:
    port = _free_port()
    proc = _launch(tmp_path, "serve", GIEOK_HOST="127.0.0.1", GIEOK_PORT=str(port))
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc)
        response = httpx.get(f"{url}/v1/memories", headers={"X-Request-ID": "req-42"})
        assert response.status_code == 401
    finally:
        out, err = _stop(proc)
    assert proc.returncode == 0, err
    assert f"gieok serving on {url}" in out
    assert f"{url}/docs" in out
    assert "gieok token create --user <user>" in out
    logs = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    request_logs = [entry for entry in logs if entry.get("msg") == "request"]
    assert any(entry["request_id"] == "req-42" and entry["status"] == 401
               and entry["route"] == "/v1/memories" for entry in request_logs), logs


def test_serve_port_option_wins_over_env(tmp_path: Path) -> None:
    port = _free_port()
    proc = _launch(tmp_path, "serve", "--port", str(port), GIEOK_PORT="1")
    try:
        _wait_healthy(f"http://127.0.0.1:{port}", proc)
    finally:
        _stop(proc)


def test_serve_bad_port_is_a_clean_error(tmp_path: Path) -> None:
    proc = _launch(tmp_path, "serve", "--port", "70000")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "65535" in err and "Traceback" not in err


def test_a_store_written_by_another_embedder_is_refused_at_start(tmp_path: Path) -> None:
    from gieok import Memory

    with Memory(f"sqlite:///{tmp_path / 'serve.db'}", embedder="hash:64") as mem:
        mem.remember("written by hash:64", user_id="u")
    proc = _launch(tmp_path, "serve", "--port", str(_free_port()))
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "[EMBEDDER_MISMATCH]" in err and "hash:64" in err
    assert "Traceback" not in err and "serving on" not in out
