"""What every request meets first: the Host allow-list, requests from other sites, the body limit,
security headers, the last-resort 500.

A plain ASGI middleware (no per-request objects beyond a closure), so it costs next to nothing.
"""

from __future__ import annotations

import json
import logging

from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException

log = logging.getLogger("doppelkopf.app")

# Only our own files: no CDN, no inline scripts or styles, no eval (htmx runs with allowEval=false,
# Swagger UI is started from static/docs.js), and no page may frame ours (clickjacking).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",          # frame-ancestors for browsers that predate it
}


# Requests that change something; a web page elsewhere may send them (a form, fetch without CORS)
# even though it cannot read the answer, so they must come from our own page (or from no page at all).
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
OWN_FETCH_SITES = frozenset({"same-origin", "none"})    # "none": typed, a bookmark, not a page


class BodyTooLarge(HTTPException):
    def __init__(self, limit: int):
        super().__init__(413, f"the request body is larger than {limit} bytes")


class Guard:
    def __init__(self, app, allowed_hosts: list[str], max_body_bytes: int):
        self.app = app
        self.allowed_hosts = frozenset(allowed_hosts)
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False
        headers = Headers(scope=scope)
        # An answer made from a game (a token sent, such as a hint or the finished deal's every
        # hand) or carrying one is for this browser only, never for a cache.
        private = "x-game-token" in headers

        async def send_with_headers(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                sent = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    sent.setdefault(name, value)
                if private or "x-game-token" in sent:
                    sent.setdefault("Cache-Control", "no-store")
            await send(message)

        if not host_allowed(headers.get("host"), self.allowed_hosts):
            return await answer(send_with_headers, 400, "host-not-allowed",
                                "this server only answers requests addressed to its own name "
                                "(see DOPPELKOPF_ALLOWED_HOSTS)")
        if scope["method"] not in SAFE_METHODS and not from_own_site(headers):
            return await answer(send_with_headers, 403, "cross-site",
                                "refused: a request that changes a game must come from this game's own page")
        if "content-length" in headers and "transfer-encoding" in headers:     # request smuggling
            return await answer(send_with_headers, 400, "ambiguous-length",
                                "a request may give Content-Length or Transfer-Encoding, not both", close=True)
        if _declared_length(headers) > self.max_body_bytes:      # refused before anything is read
            return await answer(send_with_headers, 413, "body-too-large", BodyTooLarge(self.max_body_bytes).detail)
        try:
            await self.app(scope, self._limited(receive), send_with_headers)
        except Exception:   # noqa: BLE001 - a bug: log it, answer without any trace of it
            log.exception("unhandled error in %s %s", scope.get("method"), scope.get("path"))
            if started:
                raise           # too late for an answer; the server drops the connection
            await answer(send_with_headers, 500, "internal", "internal error (details are in the server log)")

    def _limited(self, receive):
        """``receive`` that stops a body sent without Content-Length (chunked) at the limit."""
        received = 0

        async def receive_limited():
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.max_body_bytes:
                raise BodyTooLarge(self.max_body_bytes)      # FastAPI answers it as 413 with its detail
            return message

        return receive_limited


def host_allowed(host: str | None, allowed: frozenset[str]) -> bool:
    """``host`` (the Host header: name, name:port, [v6]:port) against the allow-list.

    >>> allowed = frozenset({"localhost", "127.0.0.1:8000", "[::1]"})
    >>> [host_allowed(h, allowed) for h in ("localhost:8123", "127.0.0.1:8000", "127.0.0.1:9", "[::1]:80", "evil.test")]
    [True, True, False, True, False]
    """
    if "*" in allowed:
        return True
    if not host:
        return False
    host = host.lower()
    name = host if host.endswith("]") else host.rsplit(":", 1)[0]
    return host in allowed or name in allowed


def from_own_site(headers: Headers) -> bool:
    """Whether a browser says the request comes from our own page (or from none, such as a script).

    ``Sec-Fetch-Site`` where the browser sends it; else the ``Origin`` must be the request's own
    host (browsers send it with every cross-origin POST).

    >>> [from_own_site(Headers(h)) for h in ({}, {"sec-fetch-site": "cross-site"}, {"origin": "http://a:1", "host": "a:1"},
    ...                                       {"origin": "http://evil", "host": "a:1"}, {"origin": "null", "host": "a"})]
    [True, False, True, False, False]
    """
    site = headers.get("sec-fetch-site")
    if site is not None:
        return site.lower() in OWN_FETCH_SITES
    origin = headers.get("origin")
    if origin is None:
        return True
    return origin.lower().partition("://")[2] == (headers.get("host") or "").lower()


def _declared_length(headers: Headers) -> int:
    try:
        return int(headers.get("content-length", 0))
    except ValueError:
        return 0         # not a number: the server's HTTP parser refuses such a request itself


async def answer(send, status: int, error: str, detail: str, close: bool = False) -> None:
    body = json.dumps({"detail": detail, "error": error}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:       # the rest of what arrives cannot be read safely: the server closes the connection
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
