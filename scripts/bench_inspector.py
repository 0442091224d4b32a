"""Time the inspector's pages on a scope of N memories spread over Y years.

    .venv/bin/python scripts/bench_inspector.py --memories 2000 --years 10

Builds the real service (``create_app``) on a fresh SQLite file with the hash embedder, signs
in through ``/ui/login`` and times each page over HTTP-in-process (httpx's ASGI transport, so
no socket noise). Prints per-page p50/p95 wall time and the process CPU time per request,
beside the REST list route measured in the same run as a baseline.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

from gieok import GieokSettings
from gieok.api.app import create_app
from gieok.security.tokens import TokenService


async def main(memories: int, years: int, rounds: int) -> None:
    home = Path(tempfile.mkdtemp(prefix="gieok-ui-bench-"))
    settings = GieokSettings(data_dir=home, store_url=f"sqlite:///{home / 'b.db'}",
                             embedder="hash:256")
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        engine = app.state.engine
        start = datetime(2026, 1, 1, tzinfo=UTC)
        step = timedelta(days=365 * years / memories)
        await engine.import_memories([
            {"content": f"memory {i}: 나비 기록 {i % 97} cat note {i % 13}",
             "event_time": (start - step * i).isoformat(), "pinned": i % 200 == 0}
            for i in range(memories)], org_id="bench", user_id="alice")
        _, secret = await TokenService(engine.store.tokens).create(tenant="bench", user="alice")
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            login = await client.get("/ui/login")
            token = re.search(r'name="csrf_token" value="([^"]+)"', login.text)
            assert token is not None
            done = await client.post("/ui/login", data={"token": secret,
                                                        "csrf_token": token.group(1)})
            assert done.status_code == 303, done.text
            one = (await engine.list(org_id="bench", user_id="alice", limit=1)).items[0].id
            pages = {"timeline": "/ui/", "timeline (oldest year)": f"/ui/?year={2026 - years}",
                     "search": "/ui/search?q=cat+note+7", "memory": f"/ui/memories/{one}",
                     "preview": "/ui/preview?q=cat", "settings": "/ui/settings",
                     "baseline: GET /v1/memories": "/v1/memories?limit=50"}
            bearer = {"Authorization": f"Bearer {secret}"}
            print(f"{memories} memories over {years} years, {rounds} rounds per page")
            print(f"{'page':<24}{'p50 ms':>9}{'p95 ms':>9}{'cpu ms':>9}")
            for name, path in pages.items():
                walls, cpu0 = [], time.process_time()
                for _ in range(rounds):
                    began = time.perf_counter()
                    response = await client.get(path, headers=bearer)
                    walls.append((time.perf_counter() - began) * 1000)
                    assert response.status_code == 200, (path, response.status_code)
                cpu = (time.process_time() - cpu0) * 1000 / rounds
                walls.sort()
                p95 = walls[min(len(walls) - 1, int(0.95 * len(walls)))]
                print(f"{name:<24}{statistics.median(walls):>9.1f}{p95:>9.1f}{cpu:>9.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=2000)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    asyncio.run(main(args.memories, args.years, args.rounds))
