"""The page as a browser loads it, over a real socket: bytes and milliseconds of the first load and of each action.

    .venv/bin/python -m tools.bench_page [--deals 5] [--level random]

Starts ``doppelkopf serve`` from this checkout (as the browser tests do) and makes the requests the
page makes: the shell, its static files, the table fragment (htmx, ``HX-Request``), a new game, then
every click of whole deals (``POST /act``, ``POST /next-deal``) with the token in ``X-Game-Token``.
Each run twice: with ``Accept-Encoding: gzip`` (what browsers send) and without. "down" is what the
server sends (status line, headers, body as sent), "up" what the client sends (a browser adds a few
hundred bytes of its own headers). "ms" is the time to the last byte on the loopback, the computer
players' moves included (``--level random`` keeps their thinking out of it). The return visit is a
reload with the static files cached: their URLs carry a version, so the browser does not ask again.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

import httpx

from tools import ROOT
from tools.api_client import next_action

HTMX = {"HX-Request": "true"}


@dataclass
class Sample:
    up: int
    down: int
    ms: float


@dataclass
class Meter:
    """An httpx client that notes the bytes and time of every request, grouped by a label."""

    client: httpx.Client
    samples: dict[str, list[Sample]] = field(default_factory=dict)

    def send(self, label: str, method: str, url: str, **kwargs) -> httpx.Response:
        request = self.client.build_request(method, url, **kwargs)
        start = time.perf_counter()
        response = self.client.send(request)
        response.read()
        ms = (time.perf_counter() - start) * 1000
        assert response.status_code in (200, 201), f"{method} {url}: {response.status_code} {response.text[:200]}"
        up = len(f"{method} {request.url.raw_path.decode()} HTTP/1.1\r\n") + header_bytes(request.headers) + len(request.content)
        down = len("HTTP/1.1 200 OK\r\n") + header_bytes(response.headers) + response.num_bytes_downloaded
        self.samples.setdefault(label, []).append(Sample(up, down, ms))
        return response


def header_bytes(headers: httpx.Headers) -> int:
    return sum(len(name) + len(value) + 4 for name, value in headers.raw) + 2


def start_server(port: int, data_dir: str) -> subprocess.Popen:
    env = {**os.environ, "DOPPELKOPF_DATA_DIR": data_dir}
    env.pop("DOPPELKOPF_KEY", None)
    process = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--no-browser", "--port", str(port)],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/static/replay.js", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the server did not start")


def first_visit(meter: Meter, level: str) -> tuple[str, list[str]]:
    """Shell, static files, the start form, a new game: the token of that game and the static files
    the shell linked (whatever it links today, so the report's label counts what was loaded)."""
    shell = meter.send("first", "GET", "/")
    static = re.findall(r'(?:src|href)="(/static/[^"]+)"', shell.text)
    for url in static:
        meter.send("first", "GET", url)
    meter.send("first", "GET", "/", headers=HTMX)
    form = {"mode": "casual", "level": level, "animation_ms": "0", "language": "auto"}
    started = meter.send("first", "POST", "/new-game", data=form, headers=HTMX)
    return started.headers["x-game-token"], [url.split("/")[-1].split("?")[0] for url in static]


def return_visit(meter: Meter, token: str) -> None:
    meter.send("return", "GET", "/")
    meter.send("return", "GET", "/", headers=HTMX | {"X-Game-Token": token})


def play(meter: Meter, token: str, deals: int) -> str:
    """Whole deals click by click, as the page sends them (form fields, the token in a header)."""
    for _ in range(deals):
        while True:
            view = meter.client.get("/api/game", headers={"X-Game-Token": token}).json()["view"]   # not measured
            action = next_action(view)
            if action is None:
                break
            form = {name: str(value).lower() if isinstance(value, bool) else str(value) for name, value in action.items()}
            response = meter.send("act", "POST", "/act", data=form | {"game_id": view["game_id"]},
                                  headers=HTMX | {"X-Game-Token": token})
            token = response.headers.get("x-game-token", token)
        response = meter.send("next-deal", "POST", "/next-deal", data={"seq": str(view["seq"]), "game_id": view["game_id"]},
                              headers=HTMX | {"X-Game-Token": token})
        token = response.headers["x-game-token"]
    return token


def run(base_url: str, encoding: str, level: str, deals: int) -> tuple[Meter, int, list[str]]:
    headers = {"Accept-Encoding": encoding}
    with httpx.Client(base_url=base_url, headers=headers, timeout=60) as client:
        meter = Meter(client)
        token, static = first_visit(meter, level)
        token = play(meter, token, deals)
        return_visit(meter, token)
        return meter, len(token), static


def totals(samples: list[Sample]) -> str:
    up, down, ms = (sum(getattr(s, name) for s in samples) for name in ("up", "down", "ms"))
    each = " + ".join(f"{s.down:,}" for s in samples)
    return f"{len(samples)} requests, up {up:,} B, down {down:,} B ({each}), {ms:.1f} ms in all"


def distribution(samples: list[Sample]) -> str:
    downs = sorted(s.down for s in samples)
    times = sorted(s.ms for s in samples)
    return (f"{len(samples)} requests, down median {statistics.median(downs):,.0f} B (max {downs[-1]:,} B), "
            f"up median {statistics.median(s.up for s in samples):,.0f} B, "
            f"median {statistics.median(times):.1f} ms (p90 {statistics.quantiles(times, n=10)[-1]:.1f} ms)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--level", default="random")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    server = start_server(args.port, tempfile.mkdtemp())
    try:
        run(f"http://127.0.0.1:{args.port}", "gzip", args.level, 1)     # warm-up: imports, templates, hashes
        for encoding in ("gzip", "identity"):
            meter, token_length, static = run(f"http://127.0.0.1:{args.port}", encoding, args.level, args.deals)
            print(f"Accept-Encoding: {encoding} (level {args.level}, {args.deals} deals; token at the end {token_length} characters)")
            first = f"first load (shell, {len(static)} static files: {', '.join(static)}; start form, new game)"
            for label, title, show in (("first", first, totals),
                                       ("return", "return visit (shell, table; static files cached)", totals),
                                       ("act", "each action (POST /act)", distribution),
                                       ("next-deal", "next deal (POST /next-deal)", distribution)):
                print(f"  {title}: {show(meter.samples[label])}")
    finally:
        server.terminate()
        server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
