"""``doppelkopf serve``: loopback by default, a remote address only on request."""

from __future__ import annotations

import pytest

from app import cli
from engine.cli import build_parser


@pytest.mark.parametrize("host, loopback", [("127.0.0.1", True), ("localhost", True), ("::1", True),
                                            ("127.0.0.5", True), ("0.0.0.0", False), ("192.168.1.2", False),
                                            ("example.org", False), ("::", False)])
def test_loopback(host, loopback):
    assert cli.is_loopback(host) is loopback


def test_serve_is_a_subcommand_with_safe_defaults():
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.no_browser, args.allow_remote) == ("127.0.0.1", 8000, False, False)


def test_a_remote_address_needs_allow_remote(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(tmp_path))
    started = []
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: started.append(kwargs))
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--no-browser"])
    assert args.run(args) == 2 and not started
    assert "--allow-remote" in capsys.readouterr().err
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--no-browser", "--allow-remote", "--port", "9999"])
    assert args.run(args) == 0
    assert started == [{"host": "0.0.0.0", "port": 9999, "log_level": "warning", "timeout_keep_alive": 75}]
    assert "WARNING" in capsys.readouterr().err


def test_a_remote_address_is_an_allowed_host(monkeypatch, tmp_path):
    from fastapi.testclient import TestClient

    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(tmp_path))
    apps = []
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: apps.append(app))
    args = build_parser().parse_args(["serve", "--host", "192.168.1.2", "--no-browser", "--allow-remote"])
    assert args.run(args) == 0
    client = TestClient(apps[0])
    assert client.get("/openapi.json", headers={"Host": "192.168.1.2:8000"}).status_code == 200
    assert client.get("/openapi.json", headers={"Host": "localhost:8000"}).status_code == 200
    assert client.get("/openapi.json", headers={"Host": "evil.example:8000"}).status_code == 400
