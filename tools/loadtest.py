"""Load on loopback: simulated players play whole deals through the JSON API at the same time.

    python tools/loadtest.py --players 50 --seconds 60 --level medium        # starts its own server
    python tools/loadtest.py --url http://127.0.0.1:8000/ --players 5 --seconds 5 --level random

Each player starts a game, answers gesund, names the first solo offered, plays the first playable
card, deals the next deal when one is over (a new game when a tournament round is over), and does
so as fast as the server answers, until the time is up (requests under way are waited for).
Reports throughput (player actions/s, finished deals/s), the latency of every request (p50, p99)
and the errors: any answer other than the expected status, and any failed request.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from api_client import next_action  # tools/ is on sys.path when a tool runs

ROOT = Path(__file__).resolve().parent.parent


class Tally:
    def __init__(self):
        self.latencies: list[float] = []     # seconds, every request
        self.actions = 0
        self.deals = 0
        self.errors: list[str] = []


async def request(client: httpx.AsyncClient, tally: Tally, path: str, body: dict, token: str | None,
                  expected: int = 200) -> dict | None:
    headers = {"X-Game-Token": token} if token else {}
    start = time.perf_counter()
    try:
        response = await client.post(path, json=body, headers=headers)
    except httpx.HTTPError as exc:
        tally.errors.append(f"{path}: {exc!r}")
        return None
    tally.latencies.append(time.perf_counter() - start)
    if response.status_code != expected:
        tally.errors.append(f"{path}: {response.status_code} {response.text[:200]}")
        return None
    return response.json()


async def play(client: httpx.AsyncClient, tally: Tally, level: str, deadline: float) -> None:
    """One player: deal after deal until the deadline (a game that went wrong is started afresh)."""
    game = None
    while time.monotonic() < deadline:
        if game is None:
            game = await request(client, tally, "/api/games", {"level": level, "animation_ms": 0}, None, 201)
            continue
        view, token = game["view"], game["token"]
        action = next_action(view)
        if action is not None:
            game = await request(client, tally, "/api/game/actions", action, token)
            tally.actions += game is not None
            if game and game["view"]["phase"] == "done":
                tally.deals += 1
        elif view["round_over"]:
            game = None
        else:
            game = await request(client, tally, "/api/game/next-deal", {"seq": view["seq"]}, token)


async def run(url: str, players: int, seconds: float, level: str) -> dict:
    tally = Tally()
    limits = httpx.Limits(max_connections=players, max_keepalive_connections=players)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=300) as client:
        start = time.monotonic()
        await asyncio.gather(*(play(client, tally, level, start + seconds) for _ in range(players)))
        elapsed = time.monotonic() - start
    latencies = sorted(tally.latencies) or [0.0]
    return {"players": players, "level": level, "seconds": round(elapsed, 1), "requests": len(tally.latencies),
            "actions": tally.actions, "deals": tally.deals,
            "actions_per_s": round(tally.actions / elapsed, 2), "deals_per_s": round(tally.deals / elapsed, 3),
            "p50_ms": round(statistics.median(latencies) * 1000, 1),
            "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, 1),
            "errors": len(tally.errors), "first_errors": tally.errors[:5]}


# ----- a server of its own -------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(port: int) -> subprocess.Popen:
    """``doppelkopf serve`` with a throwaway key directory; returns once it answers."""
    env = {**os.environ, "DOPPELKOPF_DATA_DIR": tempfile.mkdtemp(prefix="doppelkopf-load-")}
    process = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--no-browser", "--port", str(port)],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: start one on a free port)")
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--level", default="medium", help="the computer players' level")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    server, url = None, args.url
    if url is None:
        port = free_port()
        server, url = start_server(port), f"http://127.0.0.1:{port}/"
    try:
        result = asyncio.run(run(url, args.players, args.seconds, args.level))
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['players']} players, level {result['level']}, {result['seconds']} s: "
              f"{result['actions']} actions ({result['actions_per_s']}/s), {result['deals']} deals "
              f"({result['deals_per_s']}/s), {result['requests']} requests, latency p50 {result['p50_ms']} ms, "
              f"p99 {result['p99_ms']} ms, errors {result['errors']}")
        for error in result["first_errors"]:
            print("  ", error)
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
