"""Does a running deal analysis slow the table? A player's actions at a level, timed idle and while the page's
analysis of a finished deal runs (the analysis helper at its default, lowest priority).

Starts its own server (``doppelkopf serve``); one simulated player plays ``--actions`` actions through the JSON
API (gesund, the first naming, the first playable card; a new deal when one ends), first with nothing else
running, then while another thread analyses deals decision by decision as the page does. Prints the request
times (mean, p50, p95) of both and their ratio.

    .venv/bin/python -m tools.bench_analysis_load --level hard --actions 60
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from tools import ROOT
from tools.api_client import next_action


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(url: str, path: str, body: dict | None = None, token: str | None = None) -> tuple[dict, float]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method="POST" if data is not None else "GET",
                                     headers={"Content-Type": "application/json", **({"X-Game-Token": token} if token else {})})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=300) as response:
        answer = json.loads(response.read())
    return answer, time.perf_counter() - start


def play(url: str, level: str, actions: int) -> list[float]:
    """Request times of ``actions`` player actions (a new deal when one ends)."""
    answer, _ = call(url, "api/games", {"level": level, "animation_ms": 0})
    token, view = answer["token"], answer["view"]
    times = []
    while len(times) < actions:
        action = next_action(view)
        if action is None:
            answer, took = call(url, "api/game/next-deal", {"seq": view["seq"]}, token)
        else:
            answer, took = call(url, "api/game/actions", action, token)
        times.append(took)
        token, view = answer["token"], answer["view"]
    return times


def finished_record(url: str) -> dict:
    """A finished deal at the rules level, to analyse."""
    answer, _ = call(url, "api/games", {"level": "rules", "animation_ms": 0})
    token, view = answer["token"], answer["view"]
    while (action := next_action(view)) is not None:
        answer, _ = call(url, "api/game/actions", action, token)
        token, view = answer["token"], answer["view"]
    return call(url, "api/game/deal", None, token)[0]


def analyse_until(url: str, record: dict, stop: threading.Event, judged: list) -> None:
    while not stop.is_set():
        points = call(url, "api/analysis/points", {"record": record})[0]["points"]
        for number in range(len(points)):
            if stop.is_set():
                return
            judged.append(call(url, "api/analysis/judge", {"record": record, "point": number})[1])


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    return (f"mean {1000 * statistics.mean(times):.0f} ms, p50 {1000 * statistics.median(times):.0f} ms, "
            f"p95 {1000 * ordered[int(0.95 * (len(ordered) - 1))]:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--actions", type=int, default=60)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "DOPPELKOPF_DATA_DIR": data}
        server = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--no-browser", "--port", str(port)],
                                  cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}/"
        try:
            for _ in range(300):
                try:
                    call(url, "api/games", {"level": "random"})
                    break
                except OSError:
                    time.sleep(0.1)
            record = finished_record(url)
            call(url, "api/analysis/judge", {"record": record, "point": 0})     # the helper started and warm
            play(url, args.level, 10)                                           # the bots' helpers too
            idle = play(url, args.level, args.actions)
            stop, judged = threading.Event(), []
            worker = threading.Thread(target=analyse_until, args=(url, record, stop, judged))
            worker.start()
            busy = play(url, args.level, args.actions)
            stop.set()
            worker.join()
        finally:
            server.terminate()
            server.wait()
    print(f"{args.level}, {args.actions} actions each")
    print(f"  idle:              {summary(idle)}")
    print(f"  during analysis:   {summary(busy)}   ({len(judged)} decisions judged meanwhile, "
          f"{summary(judged)} each)")
    print(f"  ratio of means: {statistics.mean(busy) / statistics.mean(idle):.3f}")


if __name__ == "__main__":
    main()
