"""Defences of a local server: the Host allow-list, the body limit, security headers, no traces in a 500."""

from __future__ import annotations

import logging
import re

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings

PATHS = ["/", "/docs", "/openapi.json", "/static/replay.js", "/api/game", "/nothing"]


@pytest.mark.parametrize("path", PATHS)
def test_security_headers_on_every_response(client, path):
    response = client.get(path)
    csp = response.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    assert "unsafe-eval" not in csp and "unsafe-inline" not in csp
    assert not re.search(r"https?:|\*", csp), "no origin but our own"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("host, allowed", [
    ("localhost:8000", True), ("127.0.0.1", True), ("LOCALHOST:1234", True), ("[::1]:8000", True),
    ("evil.example", False), ("evil.example:8000", False), ("localhost.evil.example:8000", False),
    ("127.0.0.1.nip.io:8000", False), ("", False),
])
def test_the_host_header_is_checked_against_dns_rebinding(client, host, allowed):
    response = client.get("/openapi.json", headers={"Host": host})
    if allowed:
        assert response.status_code == 200
    else:
        assert response.status_code == 400
        body = response.json()
        assert body["error"] == "host-not-allowed" and "DOPPELKOPF_ALLOWED_HOSTS" in body["detail"]
        assert response.headers["X-Frame-Options"] == "DENY"


def test_the_allowed_hosts_come_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("DOPPELKOPF_ALLOWED_HOSTS", "game.lan, Box:9000")
    settings = Settings(data_dir=tmp_path)
    assert settings.allowed_hosts == ["game.lan", "box:9000"]
    client = TestClient(create_app(settings))
    status = {host: client.get("/openapi.json", headers={"Host": host}).status_code
              for host in ("game.lan:8000", "box:9000", "box:9001", "localhost:8000")}
    assert status == {"game.lan:8000": 200, "box:9000": 200, "box:9001": 400, "localhost:8000": 400}
    monkeypatch.setenv("DOPPELKOPF_ALLOWED_HOSTS", "*")
    anything = TestClient(create_app(Settings(data_dir=tmp_path)), base_url="http://whatever.example")
    assert anything.get("/openapi.json").status_code == 200


@pytest.mark.parametrize("path", ["/api/games", "/api/game/actions", "/act", "/new-game"])
def test_a_large_body_is_refused_before_anything_reads_it(client, path):
    # The token is garbage too: the 413 comes first, before the token or the body is looked at.
    headers = {"Content-Type": "application/json", "X-Game-Token": "garbage"}
    response = client.post(path, content=b"{" * 100_000, headers=headers)
    assert response.status_code == 413
    assert response.json() == {"detail": "the request body is larger than 16384 bytes", "error": "body-too-large"}


@pytest.mark.parametrize("path, content_type", [("/api/games", "application/json"),
                                                ("/new-game", "application/x-www-form-urlencoded")])
def test_a_chunked_body_is_stopped_at_the_limit(client, path, content_type):
    def chunks():                       # no Content-Length: the limit counts what arrives
        for _ in range(100):
            yield b"a" * 1000
    response = client.post(path, content=chunks(), headers={"Content-Type": content_type})
    assert response.status_code == 413 and response.json()["error"] == "body-too-large"


def test_a_body_within_the_limit_is_fine(client):
    response = client.post("/api/games", json={"animation_ms": 0, "language": "en", "padding": "x" * 15_000})
    assert response.status_code == 201


def test_a_bug_is_a_plain_500_and_logged(client, monkeypatch, caplog):
    def broken(settings, **options):
        raise RuntimeError("secret internals")
    monkeypatch.setattr("app.service.new_game", broken)
    with caplog.at_level(logging.ERROR, logger="doppelkopf.app"):
        response = client.post("/api/games", json={})
    assert response.status_code == 500
    assert response.json() == {"detail": "internal error (details are in the server log)", "error": "internal"}
    assert "secret" not in response.text and "Traceback" not in response.text
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "secret internals" in caplog.text          # the log has it all


def test_the_docs_page_runs_no_inline_script(client):
    html = client.get("/docs").text
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts and all('src="/static/' in tag for tag in scripts)
    assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html), "a script tag with code inside"
