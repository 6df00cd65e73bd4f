"""How ``doppelkopf serve`` runs the app: its own listening socket, bounded connections, timeouts,
and a log that stays readable under attack (one line per kind of event per interval).

uvicorn closes an idle keep-alive connection, but not one that never sends a request or sends it
byte by byte, and it accepts connections until the process runs out of open files. So the HTTP
protocol here adds a deadline for each request to arrive and closes connections beyond a bound.
"""

from __future__ import annotations

import json
import logging
import socket
import sys
import time

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger("doppelkopf.server")

# An idle connection stays open longer than clients keep theirs (httpx 5 s, aiohttp 15 s); with
# uvicorn's 5 s a client reusing a connection just as the server closes it got a reset under load.
KEEP_ALIVE_SECONDS = 75
# h11's limit for a request head still arriving: room for the longest token we accept (64,000
# characters, app/sealing.py) and the usual headers; h11's default of 16 KiB cut longer tokens.
MAX_HEAD_BYTES = 80 * 1024
OPEN_FILES_BESIDES_CONNECTIONS = 64   # the listening socket, the key, logs, helper processes' pipes
OVERFLOW = 32           # connections past the bound get uvicorn's 503 until this many more, then a close
# asyncio accepts up to the backlog's number of connections in one go, makes their transports in
# the loop's next round and tells the protocol in the one after, which closes those beyond the
# bound; each round accepts a batch too, so three batches are open before the first is closed.
# The open files leave room for four (one to spare): with room for one batch of 512, a server at
# 1,024 open files ran out of them ("socket.accept() out of system resource"). 4 x 128 keeps the
# bound at 416 connections there (uvicorn's default backlog of 2,048 would need 8,192 files more).
BACKLOG = 128
BATCHES = 4
LOG_INTERVAL = 30.0     # seconds


class BoundedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request and a bound on open connections."""

    request_timeout = 10.0       # set per server by :func:`run`
    max_connections = 2000

    def connection_made(self, transport) -> None:
        self._deadline = None
        super().connection_made(transport)
        if len(self.connections) > self.max_connections + OVERFLOW:
            log.warning("more than %d connections are open: new ones are closed at once", self.max_connections)
            transport.abort()
            return
        self._start_deadline()

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and self.conn.their_state is h11.IDLE:      # a new request begins
            self._start_deadline()
        super().data_received(data)
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):            # it has all arrived
            self._stop_deadline()

    def connection_lost(self, exc) -> None:
        self._stop_deadline()
        super().connection_lost(exc)

    def _start_deadline(self) -> None:
        self._deadline = self.loop.call_later(self.request_timeout, self._too_slow)

    def _stop_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            log.info("closed a connection that sent no complete request within %g s", self.request_timeout)
            self.transport.close()


def open_socket(host: str, port: int, backlog: int = BACKLOG) -> socket.socket:
    """A socket bound and listening, before anything is announced: a port that is taken is an
    OSError here (and no browser opens another program's page under the game's address)."""
    found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    # A name with both (localhost): IPv4 first, where 127.0.0.1 and most clients look.
    family, kind, proto, _, address = min(found, key=lambda info: info[0] != socket.AF_INET)
    sock = socket.socket(family, kind, proto)
    try:
        if sys.platform != "win32":     # as uvicorn does: a restart may bind while old connections linger
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(backlog)
    except OSError:
        sock.close()
        raise
    return sock


def open_files_limit(wanted: int) -> int:
    """Raise the soft limit of open files towards ``wanted`` (desktops often start at 1,024)."""
    try:
        import resource
    except ImportError:         # Windows: no such per-process limit to raise
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return wanted
    new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
    except (ValueError, OSError):
        return soft
    return new


def run(app, sock: socket.socket, settings) -> None:
    besides = OVERFLOW + BATCHES * BACKLOG + OPEN_FILES_BESIDES_CONNECTIONS
    connections = min(settings.max_connections, open_files_limit(settings.max_connections + besides) - besides)
    if connections < settings.max_connections:
        log.warning("the open-file limit allows only %d connections at once (DOPPELKOPF_MAX_CONNECTIONS=%d)",
                    connections, settings.max_connections)
    protocol = type("Protocol", (BoundedH11Protocol,),
                    {"request_timeout": settings.request_timeout, "max_connections": max(connections, 1)})
    config = uvicorn.Config(app, http=protocol, log_config=None, log_level="warning",
                            timeout_keep_alive=KEEP_ALIVE_SECONDS, limit_concurrency=max(connections, 1),
                            h11_max_incomplete_event_size=MAX_HEAD_BYTES, backlog=BACKLOG)
    SummarisingServer(config).run(sockets=[sock])


class SummarisingServer(uvicorn.Server):
    """uvicorn's server, with the log's summary as the last line at shutdown (before uvicorn passes
    a captured SIGTERM on to the default handler, which ends the process without a word)."""

    async def shutdown(self, sockets=None) -> None:
        await super().shutdown(sockets=sockets)
        log_summary()


MAX_KINDS = 1000            # kinds are message templates, but the filter's memory stays bounded anyway
OTHER_KIND = ("", "(kinds beyond the first 1000)", None)


class OncePerInterval(logging.Filter):
    """Let one record of each kind (logger and message template) through per ``interval`` seconds;
    the next one that passes says how many were left out. An attack that makes a thousand
    connections fail the same way writes one line, not a thousand tracebacks.

    Every record is counted, shown or not (``seen``, ``shown``), so :meth:`summary` can say exactly
    what happened (the load test reads it: a lower bound from the log lines is not enough)."""

    def __init__(self, interval: float = LOG_INTERVAL, clock=time.monotonic):
        super().__init__()
        self.interval = interval
        self.clock = clock
        self.last: dict[tuple, float] = {}
        self.left_out: dict[tuple, int] = {}
        self.seen: dict[tuple, int] = {}
        self.shown: dict[tuple, int] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        kind = (record.name, str(record.msg), record.exc_info[0] if record.exc_info else None)
        counted = kind if kind in self.seen or len(self.seen) < MAX_KINDS else OTHER_KIND
        self.seen[counted] = self.seen.get(counted, 0) + 1
        now = self.clock()
        if now - self.last.get(kind, -self.interval) < self.interval:
            self.left_out[kind] = self.left_out.get(kind, 0) + 1
            return False
        self.shown[counted] = self.shown.get(counted, 0) + 1
        if len(self.last) > MAX_KINDS:
            self.last.clear()
        self.last[kind] = now
        left_out = self.left_out.pop(kind, 0)
        if left_out:
            record.msg = f"{record.msg} (and {left_out} more like this in the last {self.interval:g} s)"
        return True

    def summary(self) -> list[dict]:
        """Each kind logged so far: its logger, message template, exception (if any), how many
        records there were and how many of them the log shows (the rest were left out)."""
        return [{"logger": name, "message": message, "exception": exception.__name__ if exception else None,
                 "count": count, "shown": self.shown.get((name, message, exception), 0)}
                for (name, message, exception), count in self.seen.items()]


SUMMARY = "the server stopped; warnings and errors while it ran, by kind (JSON): %s"


def log_summary() -> None:
    """One last line with every kind of warning and error counted exactly, left-out ones included."""
    kinds = [entry for handler in logging.getLogger().handlers for kept in handler.filters
             if isinstance(kept, OncePerInterval) for entry in kept.summary()]
    log.warning(SUMMARY, json.dumps(kinds, ensure_ascii=False))


class OneLineFormatter(logging.Formatter):
    """Tracebacks only for our own errors (bugs worth reading); others' exceptions on the same line."""

    def format(self, record: logging.LogRecord) -> str:
        if record.exc_info and not record.name.startswith("doppelkopf"):
            error = record.exc_info[1]
            record = logging.makeLogRecord({**record.__dict__, "exc_info": None, "exc_text": None,
                                            "msg": f"{record.getMessage()} ({type(error).__name__}: {error})",
                                            "args": None})
        return super().format(record)


class _StderrHandler(logging.StreamHandler):
    """Writes to whatever ``sys.stderr`` is now (as logging's own last-resort handler does)."""

    def __init__(self):
        super().__init__()

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, value):
        pass


def configure_logging(interval: float = LOG_INTERVAL) -> logging.Handler:
    """The server's log: warnings and errors of every logger on stderr, each kind once per interval."""
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, _StderrHandler)]:
        root.removeHandler(handler)
    handler = _StderrHandler()
    handler.addFilter(OncePerInterval(interval))
    handler.setFormatter(OneLineFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    return handler
