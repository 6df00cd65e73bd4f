"""The real server (``doppelkopf serve`` in a subprocess, no browser): hostile requests, a short load, and
40 hard players with hints (issue 11, item 2)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
LOADTEST = [sys.executable, "-m", "tools.loadtest"]     # run from ROOT


def raw(port: int, data: bytes) -> bytes:
    """Send bytes that need not be HTTP at all; the first bytes of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(data)
        return sock.recv(200)


def refused(send) -> bool:
    """A 4xx, or (for headers beyond what uvicorn reads at all) the connection closed on the sender."""
    try:
        return 400 <= send().status_code < 500
    except (httpx.ReadError, httpx.WriteError, httpx.RemoteProtocolError):
        return True


def test_hostile_requests_get_a_4xx_and_the_server_stays_up(server):
    with httpx.Client(base_url=server.url, timeout=10) as client:
        response = client.get("/api/game", headers={"X-Game-Token": "A" * 60_000})
        assert response.status_code == 400 and response.json()["error"] == "token-invalid"
        assert refused(lambda: client.get("/api/game", headers={"X-Game-Token": "A" * 4_000_000}))
    with httpx.Client(base_url=server.url, timeout=10) as client:
        assert client.post("/api/games", content=b"{" * 10_000_000).status_code == 413
        assert client.post("/api/games", content=(b"[" * 10_000 for _ in range(1000))).status_code == 413
        assert client.get("/", headers={"Host": "attacker.example:8000"}).status_code == 400
    tls_hello = b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\0" * 100        # https:// to an http port
    assert raw(server.port, tls_hello).startswith(b"HTTP/1.1 400")
    bad_length = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n"
    assert raw(server.port, bad_length).startswith(b"HTTP/1.1 400")
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{")  # and hangs up
    assert httpx.get(server.url + "openapi.json").status_code == 200


def test_a_short_load_run_has_no_errors(server):
    command = [*LOADTEST, "--url", server.url, "--players", "6", "--seconds", "5",
               "--level", "random", "--json"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=ROOT)
    result = json.loads(run.stdout)
    assert run.returncode == 0 and result["errors"] == 0, result["first_errors"]
    assert result["deals"] > 0 and result["actions_per_s"] > 0


# The figure is 60 s (docs/reliability.md, measured with tools/loadtest.py); the suite loads for
# 25 s, which meets every helper limit as often (it keeps the suite within 10 minutes on 2 cores).
# DOPPELKOPF_HARD_LOAD_SECONDS=60 runs the figure.
HARD_LOAD_SECONDS = float(os.environ.get("DOPPELKOPF_HARD_LOAD_SECONDS", "25"))


@pytest.mark.xdist_group("hard-load")       # a worker of its own: the load fills both cores meanwhile
def test_forty_hard_players_with_hints_stay_healthy():
    """40 players at the hard level at once, each asking for a hint before every card (in 25 s a player
    plays two or three cards under this load: a hint every third card came too late, once none at all), against
    a ``doppelkopf serve`` of the tool's own: no 5xx (nor any other error), no random card in place
    of a search, no traceback (exact counts from the server's summary at shutdown), never more
    helper processes than cores at any sample (every 0.2 s), none replaced; the searches that went
    without their helper are told to the player (``thought_less``)."""
    command = [*LOADTEST, "--players", "40", "--seconds", str(HARD_LOAD_SECONDS),
               "--level", "hard", "--hint-every", "1", "--json"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=HARD_LOAD_SECONDS + 180, cwd=ROOT)
    result = json.loads(run.stdout)
    assert result["errors"] == 0 and result["server_errors"] == 0, result["first_errors"]
    assert result["log_complete"], f"no summary at the end of {result['server_log']}"
    assert result["random_fallbacks"] == 0 and result["tracebacks"] == 0, result["server_log"]
    assert run.returncode == 0, run.stderr
    assert result["actions"] >= 40 and result["hints"] > 0
    assert result["samples"] >= HARD_LOAD_SECONDS * 2         # sampled every 0.2 s, on a loaded machine too
    assert 1 <= result["helpers_most_alive"] <= (os.cpu_count() or 1)
    assert result["helpers_started"] == result["helpers_most_alive"]
    assert result["thought_less_answers"] > 0                 # 40 players, one helper: the note shows
