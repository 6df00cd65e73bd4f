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


@pytest.mark.parametrize("port", ["99999", "65536", "-1", "http"])
def test_a_port_out_of_range_is_refused_not_taken_modulo_65536(port, capsys):
    """getaddrinfo takes 99999 as 34463: the server started on a port nobody asked for."""
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["serve", "--port", port])
    assert stopped.value.code == 2
    assert f"{port!r} is not a port (0 to 65535)" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["0", "8000", "65535"])
def test_a_port_in_range_is_taken_as_given(port):
    assert build_parser().parse_args(["serve", "--port", port]).port == int(port)


def started_servers(monkeypatch):
    """Replace the server's run by a record of what it was given (the socket is really bound)."""
    started = []

    def record(app, sock, settings):
        started.append((app, sock.getsockname(), settings))
        sock.close()
    monkeypatch.setattr(cli, "run_server", record)
    return started


def test_a_remote_address_needs_allow_remote(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(tmp_path))
    started = started_servers(monkeypatch)
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--no-browser"])
    assert args.run(args) == 2 and not started
    assert "--allow-remote" in capsys.readouterr().err
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--no-browser", "--allow-remote", "--port", "0"])
    assert args.run(args) == 0
    assert [where[0] for _, where, _ in started] == ["0.0.0.0"]
    assert "WARNING" in capsys.readouterr().err


def test_a_remote_address_is_an_allowed_host(monkeypatch, tmp_path):
    from fastapi.testclient import TestClient

    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(tmp_path))
    started = started_servers(monkeypatch)
    monkeypatch.setattr("app.serving.open_socket",
                        lambda host, port: __import__("socket").create_server(("127.0.0.1", 0)))
    args = build_parser().parse_args(["serve", "--host", "192.168.1.2", "--no-browser", "--allow-remote"])
    assert args.run(args) == 0
    client = TestClient(started[0][0])
    assert client.get("/openapi.json", headers={"Host": "192.168.1.2:8000"}).status_code == 200
    assert client.get("/openapi.json", headers={"Host": "localhost:8000"}).status_code == 200
    assert client.get("/openapi.json", headers={"Host": "evil.example:8000"}).status_code == 400


def test_a_taken_port_is_said_before_any_banner_or_browser(monkeypatch, capsys, tmp_path):
    import socket

    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(tmp_path))
    started = started_servers(monkeypatch)
    opened = []
    monkeypatch.setattr("webbrowser.open", opened.append)
    with socket.create_server(("127.0.0.1", 0)) as other_program:
        port = other_program.getsockname()[1]
        args = build_parser().parse_args(["serve", "--port", str(port)])
        assert args.run(args) == 1
    captured = capsys.readouterr()
    assert "already taken" in captured.err and str(port) in captured.err and "--port" in captured.err
    assert "Traceback" not in captured.err and len(captured.err.strip().splitlines()) == 1
    assert captured.out == "" and not started and not opened


@pytest.mark.parametrize("host, url_host", [("127.0.0.2", "127.0.0.2"), ("[::1]", "[::1]"), ("::1", "[::1]")])
def test_a_loopback_address_prints_a_url_that_answers(monkeypatch, capsys, tmp_path, host, url_host):
    import socket

    from fastapi.testclient import TestClient

    if url_host == "[::1]" and not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(tmp_path))
    started = started_servers(monkeypatch)
    args = build_parser().parse_args(["serve", "--host", host, "--port", "0", "--no-browser"])
    assert args.run(args) == 0
    app, (bound, port, *_), _ = started[0]
    assert bound == url_host.strip("[]")
    assert f"Doppelkopf: http://{url_host}:{port}/" in capsys.readouterr().out
    client = TestClient(app, base_url=f"http://{url_host}:{port}")
    assert client.get("/openapi.json").status_code == 200
