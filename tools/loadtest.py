"""Load on loopback: simulated players play whole deals through the JSON API at the same time.

    .venv/bin/python -m tools.loadtest --players 50 --seconds 60 --level medium        # starts its own server
    .venv/bin/python -m tools.loadtest --url http://127.0.0.1:8000/ --players 5 --seconds 5 --level random
    .venv/bin/python -m tools.loadtest --players 40 --seconds 60 --level hard --hint-every 3   # + hints

Each player starts a game, answers gesund, names the first solo offered, plays the first playable
card, deals the next deal when one is over (a new game when a tournament round is over), and does
so as fast as the server answers, until the time is up (requests under way are waited for). With
``--hint-every N`` it also asks for a hint (``GET /api/game/hint``) before every N-th card.
Reports throughput (player actions/s, finished deals/s), the latency of every request (p50, p99;
hints apart) and the errors: any answer other than the expected status (5xx counted apart), and any
failed request; and how many answers said the hard level thought less (``thought_less``: the page's
note). With a server of its own it also reads the server's log (random cards played in
place of a failed computer player, tracebacks; exact counts from the summary the server writes as it
stops) and watches the server's helper processes (the
most alive at once, how many were ever started, the most memory of server and helpers together).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from app.serving import SUMMARY   # the server's own words, so the two cannot drift apart
from tools import ROOT
from tools.api_client import next_action


class Tally:
    def __init__(self):
        self.latencies: list[float] = []     # seconds, every request but hints
        self.hint_latencies: list[float] = []
        self.actions = 0
        self.deals = 0
        self.errors: list[str] = []
        self.server_errors = 0               # answers 500..599
        self.thought_less = 0                # answers saying a search went without its helper process


async def request(client: httpx.AsyncClient, tally: Tally, path: str, body: dict | None, token: str | None,
                  expected: int = 200) -> dict | None:
    """POST ``body`` to ``path`` (GET when ``body`` is None); the answer's JSON, or None on an error."""
    headers = {"X-Game-Token": token} if token else {}
    start = time.perf_counter()
    try:
        if body is None:
            response = await client.get(path, headers=headers)
        else:
            response = await client.post(path, json=body, headers=headers)
    except httpx.HTTPError as exc:
        tally.errors.append(f"{path}: {exc!r}")
        return None
    (tally.hint_latencies if path.endswith("/hint") else tally.latencies).append(time.perf_counter() - start)
    if response.status_code != expected:
        tally.server_errors += response.status_code >= 500
        tally.errors.append(f"{path}: {response.status_code} {response.text[:200]}")
        return None
    body = response.json()
    tally.thought_less += bool(body.get("view", body).get("thought_less"))
    return body


async def play(client: httpx.AsyncClient, tally: Tally, level: str, deadline: float, hint_every: int = 0) -> None:
    """One player: deal after deal until the deadline (a game that went wrong is started afresh)."""
    game, cards = None, 0
    while time.monotonic() < deadline:
        if game is None:
            game = await request(client, tally, "/api/games", {"level": level, "animation_ms": 0}, None, 201)
            continue
        view, token = game["view"], game["token"]
        action = next_action(view)
        if action is not None and "play" in action:
            cards += 1
            if hint_every and cards % hint_every == 0:
                await request(client, tally, "/api/game/hint", None, token)
        if action is not None:
            game = await request(client, tally, "/api/game/actions", action, token)
            tally.actions += game is not None
            if game and game["view"]["phase"] == "done":
                tally.deals += 1
        elif view["round_over"]:
            game = None
        else:
            game = await request(client, tally, "/api/game/next-deal", {"seq": view["seq"]}, token)


def percentile(values: list[float], share: float) -> float:
    """Milliseconds."""
    values = sorted(values) or [0.0]
    return round(values[min(len(values) - 1, int(len(values) * share))] * 1000, 1)


async def run(url: str, players: int, seconds: float, level: str, hint_every: int = 0) -> dict:
    tally = Tally()
    limits = httpx.Limits(max_connections=players, max_keepalive_connections=players)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=300) as client:
        start = time.monotonic()
        await asyncio.gather(*(play(client, tally, level, start + seconds, hint_every) for _ in range(players)))
        elapsed = time.monotonic() - start
    return {"players": players, "level": level, "seconds": round(elapsed, 1), "requests": len(tally.latencies),
            "actions": tally.actions, "deals": tally.deals,
            "actions_per_s": round(tally.actions / elapsed, 2), "deals_per_s": round(tally.deals / elapsed, 3),
            "p50_ms": percentile(tally.latencies, 0.5), "p90_ms": percentile(tally.latencies, 0.9),
            "p99_ms": percentile(tally.latencies, 0.99), "max_ms": percentile(tally.latencies, 1.0),
            "hints": len(tally.hint_latencies), "hint_p50_ms": percentile(tally.hint_latencies, 0.5),
            "hint_p99_ms": percentile(tally.hint_latencies, 0.99),
            "thought_less_answers": tally.thought_less,
            "errors": len(tally.errors), "server_errors": tally.server_errors, "first_errors": tally.errors[:5]}


# ----- a server of its own -------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(port: int, log=None) -> subprocess.Popen:
    """``doppelkopf serve`` with a throwaway key directory (its log to ``log``); returns once it answers."""
    env = {**os.environ, "DOPPELKOPF_DATA_DIR": tempfile.mkdtemp(prefix="doppelkopf-load-")}
    process = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--no-browser", "--port", str(port)],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


class ProcessWatch:
    """Samples the server's child processes that do work (multiprocessing's ``spawn_main``) and memory."""

    def __init__(self, server: int):
        self.server = server
        self.most_alive = 0             # the most at any one sample
        self.samples = 0
        self.started: set[int] = set()
        self.most_rss_mb = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(0.2):
            helpers = [pid for pid, cmdline in children(self.server) if "spawn_main" in cmdline]
            self.most_alive = max(self.most_alive, len(helpers))
            self.samples += 1
            self.started.update(helpers)
            rss = sum(rss_mb(pid) for pid in [self.server, *(pid for pid, _ in children(self.server))])
            self.most_rss_mb = max(self.most_rss_mb, rss)

    def result(self) -> dict:
        return {"helpers_most_alive": self.most_alive, "helpers_started": len(self.started), "samples": self.samples,
                "most_rss_mb": round(self.most_rss_mb)}


def children(parent: int) -> list[tuple[int, str]]:
    """(pid, command line) of the processes whose parent is ``parent`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if ppid == parent:
                found.append((int(entry.name), (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()))
        except (OSError, IndexError, ValueError):
            continue        # gone meanwhile
    return found


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


RANDOM_FALLBACK = "playing a random"     # in the message of every random card for a failed computer player


def read_log(path: str) -> dict:
    """What the server's log says went wrong: random cards for failed computer players, tracebacks.

    The log shows one line per kind per 30 s (app/serving.py), so its lines are only a lower bound;
    the exact counts come from the summary the server writes as it stops (``log_complete``: it was
    there). Tracebacks: those in the text (printed ones too) plus the logged ones left out."""
    text = Path(path).read_text(errors="replace")
    kinds = summary_kinds(text)
    if kinds is None:
        return {"log_complete": False, "random_fallbacks": text.count(RANDOM_FALLBACK),
                "tracebacks": text.count("Traceback"), "degraded_log_lines": text.count("thought less")}
    with_traceback = [kind for kind in kinds if kind["exception"] and kind["logger"].startswith("doppelkopf")]
    return {"log_complete": True,
            "random_fallbacks": sum(kind["count"] for kind in kinds if RANDOM_FALLBACK in kind["message"]),
            "tracebacks": text.count("Traceback") + sum(kind["count"] - kind["shown"] for kind in with_traceback),
            "degraded_log_lines": sum(kind["count"] for kind in kinds if "thought less" in kind["message"]),
            "warnings_and_errors": sum(kind["count"] for kind in kinds)}


def summary_kinds(text: str) -> list[dict] | None:
    """The kinds listed in the server's last line (``app.serving.log_summary``), or None without it."""
    marker = SUMMARY.split("%s")[0]
    lines = [line for line in text.splitlines() if marker in line]
    if not lines:
        return None
    return json.loads(lines[-1].split(marker, 1)[1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: start one on a free port)")
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--level", default="medium", help="the computer players' level")
    parser.add_argument("--hint-every", type=int, default=0, help="ask for a hint before every N-th card")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    if args.url:
        result = asyncio.run(run(args.url, args.players, args.seconds, args.level, args.hint_every))
    else:
        result = run_with_server(args)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['players']} players, level {result['level']}, {result['seconds']} s: "
              f"{result['actions']} actions ({result['actions_per_s']}/s), {result['deals']} deals "
              f"({result['deals_per_s']}/s), {result['requests']} requests, latency p50 {result['p50_ms']} ms, "
              f"p99 {result['p99_ms']} ms, errors {result['errors']}")
        print(f"p90 {result['p90_ms']} ms, max {result['max_ms']} ms, 5xx {result['server_errors']}; "
              f"{result['hints']} hints, p50 {result['hint_p50_ms']} ms, p99 {result['hint_p99_ms']} ms; "
              f"{result['thought_less_answers']} answers said the computers thought less")
        if "server_log" in result:
            exact = "" if result["log_complete"] else " (at least: the server wrote no summary as it stopped)"
            print(f"server{exact}: {result['random_fallbacks']} random fallbacks, {result['tracebacks']} tracebacks, "
                  f"{result['degraded_log_lines']} 'thought less' log lines; helper processes: at most "
                  f"{result['helpers_most_alive']} alive, {result['helpers_started']} started; "
                  f"at most {result['most_rss_mb']} MB (server and its children); log {result['server_log']}")
        for error in result["first_errors"]:
            print("  ", error)
    return 1 if failed(result) else 0


def failed(result: dict) -> bool:
    """Any error, random card, traceback or missing summary; more helpers than cores, or one replaced."""
    too_many_helpers = result.get("helpers_most_alive", 0) > (os.cpu_count() or 1)
    replaced = result.get("helpers_started", 0) > result.get("helpers_most_alive", 0)
    return bool(result["errors"] or result["server_errors"] or result.get("random_fallbacks")
                or result.get("tracebacks") or result.get("log_complete") is False or too_many_helpers or replaced)


def run_with_server(args) -> dict:
    """The load against a ``doppelkopf serve`` of its own, watched and its log read."""
    port = free_port()
    with tempfile.NamedTemporaryFile(prefix="doppelkopf-load-", suffix=".log", delete=False) as log:
        server = start_server(port, log)
    try:
        with ProcessWatch(server.pid) as watch:
            result = asyncio.run(run(f"http://127.0.0.1:{port}/", args.players, args.seconds, args.level,
                                     args.hint_every))
    finally:
        server.terminate()
        server.wait(timeout=10)
    return result | watch.result() | read_log(log.name) | {"server_log": log.name}


if __name__ == "__main__":
    sys.exit(main())
