"""Silent and slow connections held against the server while one player plays on (issue 11, item 3).

    .venv/bin/python -m tools.connections --idle 1000 --seconds 30            # starts its own server
    .venv/bin/python -m tools.connections --idle 800 --slow 300 --seconds 30
    .venv/bin/python -m tools.connections --url http://127.0.0.1:8000/ --idle 1000

An attacker keeps ``--idle`` connections open that send nothing and ``--slow`` ones that send a
request head a line at a time (slowloris); each one the server closes is opened again at once, so
the pressure never drops. Meanwhile one player plays whole deals through the JSON API (level
random) and every request's time is measured. Without ``--url`` the tool starts ``doppelkopf
serve`` (from ``--root``, default this checkout) with the open-file limit of a desktop session
(``--server-files``, 1,024) and reports how many lines and bytes the server logged.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from tools import ROOT
from tools.api_client import next_action
from tools.loadtest import free_port


class Tally:
    def __init__(self):
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.opened = 0
        self.closed_by_server = 0
        self.refused = 0
        self.refusals: dict[str, int] = {}
        self.held_samples: list[int] = []
        self.held = 0


async def hold_one(host: str, port: int, slow: bool, tally: Tally, until: float) -> None:
    """One attacker slot: a connection kept open (and opened again) until the time is up."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError as exc:
            tally.refused += 1
            tally.refusals[type(exc).__name__] = tally.refusals.get(type(exc).__name__, 0) + 1
            await asyncio.sleep(0.2)
            continue
        tally.opened += 1
        tally.held += 1
        try:
            if slow:
                writer.write(b"GET / HTTP/1.1\r\nHost: " + host.encode() + b"\r\n")
            while time.monotonic() < until:
                try:
                    data = await asyncio.wait_for(reader.read(1024), timeout=2.0)
                except asyncio.TimeoutError:
                    if slow:
                        writer.write(b"X-Slow: 1\r\n")          # another header line, never the end
                    continue
                if not data:
                    tally.closed_by_server += 1
                    break
        except OSError:
            tally.closed_by_server += 1
        finally:
            tally.held -= 1
            writer.close()
        await asyncio.sleep(0.05)


async def player(url: str, tally: Tally, until: float) -> None:
    """Deals played one request after another, each timed; a failed game is started afresh."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        token = view = None
        while time.monotonic() < until:
            start = time.perf_counter()
            try:
                if view is None:
                    response = await client.post("/api/games", json={"level": "random", "animation_ms": 0})
                    expected = 201
                else:
                    action = next_action(view)
                    path, body = ("/api/game/actions", action) if action else ("/api/game/next-deal", {"seq": view["seq"]})
                    response = await client.post(path, json=body, headers={"X-Game-Token": token})
                    expected = 200
            except httpx.HTTPError as exc:
                tally.errors.append(repr(exc))
                view = None
                continue
            tally.latencies.append(time.perf_counter() - start)
            if response.status_code != expected:
                tally.errors.append(f"{response.status_code} {response.text[:100]}")
                view = None
                continue
            token, view = response.json()["token"], response.json()["view"]


async def sample(tally: Tally, until: float) -> None:
    while time.monotonic() < until:
        tally.held_samples.append(tally.held)
        await asyncio.sleep(0.5)


async def run(url: str, idle: int, slow: int, seconds: float, warmup: float) -> Tally:
    parts = urlsplit(url)
    tally = Tally()
    until = time.monotonic() + warmup + seconds
    attackers = [hold_one(parts.hostname, parts.port, i >= idle, tally, until) for i in range(idle + slow)]
    tasks = [asyncio.ensure_future(a) for a in attackers] + [asyncio.ensure_future(sample(tally, until))]
    await asyncio.sleep(warmup)                 # let the attacker's connections pile up first
    await player(url, tally, until)
    await asyncio.gather(*tasks)
    return tally


def raise_own_file_limit(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


def start_server(root: Path, port: int, files: int, log_path: Path, env_extra: dict) -> subprocess.Popen:
    env = {**os.environ, "DOPPELKOPF_DATA_DIR": tempfile.mkdtemp(prefix="doppelkopf-conn-"), **env_extra}
    env.pop("DOPPELKOPF_KEY", None)

    def desktop_limit():
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(files, hard), hard))

    process = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--no-browser", "--port", str(port)],
                               cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=open(log_path, "wb"),
                               preexec_fn=desktop_limit)
    time.sleep(2.0)         # imports and the app; the port then answers
    if process.poll() is not None:
        raise RuntimeError(f"the server stopped: {log_path.read_text()[:500]}")
    return process


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: start one on a free port)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose server to start")
    parser.add_argument("--idle", type=int, default=1000, help="connections that send nothing")
    parser.add_argument("--slow", type=int, default=0, help="connections that send a header line every 2 s")
    parser.add_argument("--seconds", type=float, default=30, help="how long the player plays")
    parser.add_argument("--warmup", type=float, default=3, help="seconds the attack runs before the player starts")
    parser.add_argument("--server-files", type=int, default=1024, help="the started server's open-file limit")
    parser.add_argument("--env", action="append", default=[], help="NAME=value for the started server")
    args = parser.parse_args(argv)
    raise_own_file_limit(2 * (args.idle + args.slow) + 256)
    server, url = None, args.url
    log_path = Path(tempfile.mkdtemp(prefix="doppelkopf-conn-log-")) / "server.log"
    if url is None:
        port = free_port()
        env_extra = dict(item.split("=", 1) for item in args.env)
        server, url = start_server(args.root.resolve(), port, args.server_files, log_path, env_extra), f"http://127.0.0.1:{port}/"
    try:
        tally = asyncio.run(run(url, args.idle, args.slow, args.seconds, args.warmup))
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
    latencies = sorted(tally.latencies) or [0.0]
    print(f"attack: {args.idle} idle + {args.slow} slow connections for {args.warmup + args.seconds:g} s; "
          f"opened {tally.opened}, closed by the server {tally.closed_by_server}, refused {tally.refused} {tally.refusals or ''}, "
          f"held median {statistics.median(tally.held_samples or [0]):.0f} max {max(tally.held_samples or [0])}")
    print(f"player: {len(tally.latencies)} requests answered, p50 {statistics.median(latencies) * 1000:.1f} ms, "
          f"p99 {latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000:.1f} ms, "
          f"max {latencies[-1] * 1000:.1f} ms, errors {len(tally.errors)}")
    for error in tally.errors[:3]:
        print("  ", error)
    if server:
        text = log_path.read_bytes()
        print(f"server log: {len(text.splitlines())} lines, {len(text)} bytes")
        for line in text.decode(errors="replace").splitlines()[:6]:
            print("  |", line[:160])
    return 1 if tally.errors or not tally.latencies else 0


if __name__ == "__main__":
    sys.exit(main())
