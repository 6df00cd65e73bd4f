"""The real server under silent, slow and too many connections (issue 11, item 3), with a quiet log.

The deadline of a request is the protocol's own logic, tested on a loop whose clock the test moves
(no test here waits for a clock to run out against the machine's speed). The real ``doppelkopf serve``
subprocess checks the rest: answers while many connections are held, a bound on open connections, a
head that arrives in pieces. The 1,000-connection figures come from ``tools/connections.py``
(docs/reliability.md)."""

from __future__ import annotations

import http.client
import json
import logging
import os
import random
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import uvicorn
from uvicorn.server import ServerState

from app.sealing import MAX_TOKEN_LENGTH, Sealer, key_from_text
from app.serving import OVERFLOW, BoundedH11Protocol, OncePerInterval

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 120.0              # the real server's deadline: far beyond any test, so only the bound closes
MAX_CONNECTIONS = 100
KEY = "a key for the serving tests only"       # given, so that a test can seal a token of the old shape
PATIENCE = 60.0              # the longest a test waits for something that must happen (it returns at once)


class ManualLoop:
    """The little of an event loop that the protocol uses, with a clock the test moves."""

    def __init__(self):
        self.now, self.timers = 0.0, []

    def call_later(self, delay, callback):
        timer = Timer(self.now + delay, callback)
        self.timers.append(timer)
        return timer

    def create_task(self, coroutine):        # a complete request: its answer is not this test's business
        coroutine.close()
        return Task()

    def advance(self, seconds: float) -> None:
        self.now += seconds
        for timer in [t for t in self.timers if not t.cancelled and t.when <= self.now]:
            self.timers.remove(timer)
            timer.callback()

    def pending(self) -> int:
        return sum(not t.cancelled for t in self.timers)


class Timer:
    def __init__(self, when, callback):
        self.when, self.callback, self.cancelled = when, callback, False

    def cancel(self):
        self.cancelled = True


class Task:
    def add_done_callback(self, callback):
        pass


class Transport:
    def __init__(self):
        self.closed = False

    def get_extra_info(self, name, default=None):
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 50000)}.get(name, default)

    def is_closing(self):
        return self.closed

    def close(self):
        self.closed = True

    abort = close

    def write(self, data):
        pass

    def pause_reading(self):
        pass

    def resume_reading(self):
        pass


async def nothing(scope, receive, send):
    pass


def connection(deadline: float = 2.0) -> tuple[BoundedH11Protocol, ManualLoop, Transport]:
    loop, transport = ManualLoop(), Transport()
    protocol_class = type("Protocol", (BoundedH11Protocol,), {"request_timeout": deadline})
    protocol = protocol_class(uvicorn.Config(nothing), ServerState(), {}, _loop=loop)
    protocol.connection_made(transport)
    return protocol, loop, transport


def test_a_silent_connection_is_closed_at_its_deadline_and_not_before():
    _, loop, transport = connection(deadline=2.0)
    loop.advance(1.9)
    assert not transport.closed
    loop.advance(0.2)
    assert transport.closed


def test_a_slow_request_is_closed_at_its_deadline_however_often_it_sends():
    protocol, loop, transport = connection(deadline=2.0)
    protocol.data_received(b"GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    for _ in range(3):                            # a header at a time: the deadline is the request's, not a read's
        loop.advance(0.6)
        assert not transport.closed
        protocol.data_received(b"X-Slow: 1\r\n")
    loop.advance(0.3)
    assert transport.closed


def test_a_complete_request_ends_its_deadline_and_an_idle_keep_alive_has_none():
    protocol, loop, transport = connection(deadline=2.0)
    protocol.data_received(b"GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert loop.pending() == 0
    loop.advance(10.0)
    assert not transport.closed


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data = tmp_path_factory.mktemp("serving")
    env = {**os.environ, "DOPPELKOPF_DATA_DIR": str(data), "DOPPELKOPF_REQUEST_TIMEOUT": str(TIMEOUT),
           "DOPPELKOPF_MAX_CONNECTIONS": str(MAX_CONNECTIONS), "DOPPELKOPF_KEY": KEY}
    log = open(data / "stderr.log", "w+")
    process = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--no-browser", "--port", "0"],
                               cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=log, text=True)
    banner = process.stdout.readline()
    assert banner.startswith("Doppelkopf: http://127.0.0.1:"), banner
    port = int(banner.split(":")[3].split("/")[0])
    yield port, data / "stderr.log"
    process.terminate()
    process.wait(timeout=10)
    log.close()


def get(port: int, path: str = "/openapi.json") -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def closed_by_server(sock: socket.socket, wait: float) -> bool:
    sock.settimeout(wait)
    try:
        return sock.recv(1024) == b""
    except socket.timeout:
        return False
    except OSError:          # reset
        return True


def closed_soon(sockets: list[socket.socket], at_least: int) -> int:
    """How many of ``sockets`` the server closed, once at least ``at_least`` are (or patience ran out)."""
    closed: set[int] = set()
    waited_until = time.monotonic() + PATIENCE
    while len(closed) < at_least and time.monotonic() < waited_until:
        closed |= {i for i, sock in enumerate(sockets) if i not in closed and closed_by_server(sock, 0.001)}
        time.sleep(0.05)
    return len(closed)


def connect(port: int, count: int) -> list[socket.socket]:
    return [socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) for _ in range(count)]


def test_others_are_answered_while_silent_and_slow_connections_are_held(server):
    port, _ = server
    silent = connect(port, 60)
    slow = connect(port, 20)
    for sock in slow:
        sock.sendall(b"GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    assert [get(port) for _ in range(5)] == [200] * 5
    assert not any(closed_by_server(sock, 0.001) for sock in silent + slow)      # still held
    for sock in silent + slow:
        sock.close()


def test_an_idle_keep_alive_connection_may_send_again(server):
    port, _ = server
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    for _ in range(3):
        connection.request("GET", "/openapi.json")
        assert connection.getresponse().read() and True
    connection.close()


def test_connections_beyond_the_bound_are_refused_at_once(server):
    port, _ = server
    held = connect(port, MAX_CONNECTIONS + OVERFLOW + 40)
    assert closed_soon(held, at_least=30) >= 30
    for sock in held:
        sock.close()
    assert get(port) == 200


def test_content_length_with_transfer_encoding_is_refused_on_the_wire(server):
    port, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as sock:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400") and b"ambiguous-length" in answer


def request_in_pieces(port: int, head: bytes, piece: int = 4096) -> bytes:
    """Send a request head a piece at a time, as it may arrive over a LAN, and read the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            for start in range(0, len(head), piece):
                sock.sendall(head[start:start + piece])
                time.sleep(0.01)                 # each piece its own read on the server
        except OSError:                          # refused half-way: the answer says why
            pass
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
    return answer


def test_an_old_long_token_that_arrives_in_pieces_still_loads(server):
    """Older versions sealed a casual game's whole score sheet: tokens of up to about 64,000
    characters. Such a head, arriving in pieces, was refused by h11's default limit of 16 KiB for a
    head still incomplete ("Invalid HTTP request received."): the game could not go on."""
    port, _ = server
    sealer = Sealer(key_from_text(KEY))
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    connection.request("POST", "/api/games", json.dumps({"level": "random", "animation_ms": 0}),
                       {"Content-Type": "application/json"})
    state = sealer.unseal(json.loads(connection.getresponse().read())["token"])
    connection.close()
    rng, totals, rows = random.Random(11), [0, 0, 0, 0], []
    for number in range(1, 3001):                # the score sheet of 3,000 deals, as it was sealed then
        value = rng.randint(1, 9)
        scores = rng.sample([value, value, -value, -value], 4)
        totals = [t + s for t, s in zip(totals, scores)]
        rows.append({"number": number, "dealer": (number - 1) % 4, "contract": "normal", "soloist": None,
                     "compulsory": False, "forced": False, "scores": scores, "totals": totals})
    state["round"]["rows"] = rows
    old = sealer.seal(state)
    assert 40_000 < len(old) <= MAX_TOKEN_LENGTH
    head = f"GET /api/game HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Game-Token: {old}\r\nConnection: close\r\n\r\n"
    answer = request_in_pieces(port, head.encode("ascii"))
    assert answer.startswith(b"HTTP/1.1 200"), answer[:300]
    view = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert view["view"]["totals"] == totals and view["view"]["score_sheet"][-1]["number"] == 3000
    assert len(view["token"]) < 3_000                # and the game goes on with a small token


def test_the_log_stays_short(server):
    _, log = server
    lines = log.read_text().splitlines()
    assert len(lines) <= 10, lines
    assert not any("Traceback" in line for line in lines)


ATTACK = 1100               # the attack: more silent connections than a desktop's 1,024 open files


@pytest.fixture
def enough_files_here():
    """This process holds the attacker's connections: it needs more than 1,024 open files itself."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = ATTACK + 256
    if hard != resource.RLIM_INFINITY and hard < wanted:
        pytest.skip(f"the open-file limit here ({hard}) cannot hold {ATTACK} connections")
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def serve_with_files(data, files: int, hard_too: bool) -> tuple[subprocess.Popen, int]:
    """``doppelkopf serve`` with a desktop session's open-file limit (soft only, or hard as well)."""
    def desktop_limit():
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files if hard_too else hard))

    # A deadline far beyond the test, so that only the bound closes connections (also on a loaded machine).
    env = {**os.environ, "DOPPELKOPF_DATA_DIR": str(data), "DOPPELKOPF_KEY": KEY, "DOPPELKOPF_REQUEST_TIMEOUT": "120"}
    process = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--no-browser", "--port", "0"],
                               cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=open(data / "stderr.log", "w"),
                               text=True, preexec_fn=desktop_limit)
    banner = process.stdout.readline()
    assert banner.startswith("Doppelkopf: http://127.0.0.1:"), (banner, (data / "stderr.log").read_text())
    return process, int(banner.split(":")[3].split("/")[0])


@pytest.mark.parametrize("hard_too", [False, True], ids=["soft-limit-1024", "hard-limit-1024"])
def test_more_connections_than_a_desktop_has_open_files(tmp_path, enough_files_here, hard_too):
    """1,100 silent connections against a server started with 1,024 open files. The code before
    accepted until the files ran out, then answered nothing and logged a traceback per attempt
    (387,300 lines in 15 s). Now, where the soft limit is all (a desktop session), the server raises
    it and keeps answering during the attack; where the hard limit is 1,024 too, it lowers its
    connection bound (with a warning) and closes what is beyond it: it then answers only once the
    attack is over (one process cannot tell the player's connection from the attacker's). The log
    stays a few lines either way."""
    process, port = serve_with_files(tmp_path, 1024, hard_too)
    held = []
    try:
        for _ in range(ATTACK):
            try:
                # Room for SYN retries while a busy server drains its accept queue (512).
                held.append(socket.create_connection(("127.0.0.1", port), timeout=20))
            except OSError:
                pass
        if not hard_too:
            assert len(held) == ATTACK
            assert [get(port) for _ in range(5)] == [200] * 5        # answered while all are held
            assert not any(closed_by_server(sock, 0.001) for sock in held[:50])
        else:
            assert closed_soon(held, at_least=ATTACK - 1024) >= ATTACK - 1024   # those beyond the bound
        for sock in held:
            sock.close()
        held = []
        assert get(port) == 200
    finally:
        for sock in held:
            sock.close()
        process.terminate()
        process.wait(timeout=10)
    lines = (tmp_path / "stderr.log").read_text().splitlines()
    assert len(lines) <= 6 and not any("Traceback" in line or "resource" in line for line in lines), "\n".join(lines)
    lowered = [line for line in lines if "open-file limit allows only" in line and "server stopped" not in line]
    assert len(lowered) == (1 if hard_too else 0), lines


def test_one_line_per_kind_of_event_per_interval():
    now = [0.0]
    kept = OncePerInterval(interval=10, clock=lambda: now[0])

    def record(msg):
        return logging.LogRecord("uvicorn.error", logging.WARNING, "", 0, msg, None, None)

    assert kept.filter(record("Invalid HTTP request received."))
    assert not any(kept.filter(record("Invalid HTTP request received.")) for _ in range(999))
    assert kept.filter(record("something else"))
    now[0] = 10.5
    later = record("Invalid HTTP request received.")
    assert kept.filter(later) and "999 more" in later.getMessage()


def test_every_record_is_counted_shown_or_not(caplog):
    """The log shows a lower bound; the summary at shutdown has the exact counts (the load test reads it)."""
    import json

    from app.serving import SUMMARY, log_summary
    now = [0.0]
    kept = OncePerInterval(interval=10, clock=lambda: now[0])
    failed = logging.LogRecord("doppelkopf.app", logging.WARNING, "", 0, "bot %s failed", ("x",),
                               (ValueError, ValueError("boom"), None))
    for _ in range(5):
        kept.filter(failed)
    now[0] = 11
    kept.filter(failed)
    assert kept.summary() == [{"logger": "doppelkopf.app", "message": "bot %s failed", "exception": "ValueError",
                               "count": 6, "shown": 2}]
    handler = logging.NullHandler()
    handler.addFilter(kept)
    logging.getLogger().addHandler(handler)
    try:
        with caplog.at_level(logging.WARNING, "doppelkopf.server"):
            log_summary()
    finally:
        logging.getLogger().removeHandler(handler)
    line = caplog.records[-1].getMessage()
    assert line.startswith(SUMMARY.split("%s")[0])
    kinds = json.loads(line.split("(JSON): ", 1)[1])      # other tests' handlers may add their own kinds
    assert {"logger": "doppelkopf.app", "message": "bot %s failed", "exception": "ValueError",
            "count": 6, "shown": 2} in kinds
