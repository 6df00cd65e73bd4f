"""The real server (``doppelkopf serve`` in a subprocess, no browser): hostile requests and a short load.
40 hard players with hints are a benchmark (``tools.loadtest``, docs/reliability.md): it fails on any error."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import httpx

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
