"""Smaller defences (issue 11, item 7): no caching of tokens, no state changes from other sites,
settings checked at start-up, no request with two body lengths."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app import cli
from app.settings import Settings
from engine.cli import build_parser

from .conftest import ApiGame


def test_api_answers_with_a_token_are_not_stored(client):
    created = client.post("/api/games", json={"animation_ms": 0, "level": "random"})
    assert created.status_code == 201 and created.headers["Cache-Control"] == "no-store"
    token = created.json()["token"]
    again = client.get("/api/game", headers={"X-Game-Token": token})
    assert again.headers["Cache-Control"] == "no-store"


def test_api_answers_made_from_a_token_are_not_stored_either(client):
    """The hint and the finished deal (every hand) carry no token but are this game's alone; a
    cache keys them by their URL, which is the same for every game."""
    game = ApiGame(client, level="random")
    hint = client.get("/api/game/hint", headers={"X-Game-Token": game.token})
    assert hint.status_code == 200 and hint.headers["Cache-Control"] == "no-store"
    game.play_until()
    deal = client.get("/api/game/deal", headers={"X-Game-Token": game.token})
    assert deal.status_code == 200 and deal.headers["Cache-Control"] == "no-store"
    assert "Cache-Control" not in client.get("/openapi.json").headers      # the same for everyone


@pytest.mark.parametrize("headers", [{"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                                     {"Origin": "http://evil.example"}, {"Origin": "null"},
                                     {"Origin": "http://127.0.0.1:9999"}])
@pytest.mark.parametrize("path", ["/api/games", "/new-game"])
def test_state_changing_requests_from_other_sites_are_refused(client, headers, path):
    response = client.post(path, json={"animation_ms": 0}, headers=headers)
    assert response.status_code == 403, response.text
    assert response.json()["error"] == "cross-site"
    assert "X-Game-Token" not in response.headers


@pytest.mark.parametrize("headers", [{}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"},
                                     {"Origin": "http://127.0.0.1:8000"},
                                     {"Origin": "http://127.0.0.1:8000", "Sec-Fetch-Site": "same-origin"}])
def test_requests_from_our_own_page_and_from_scripts_pass(client, headers):
    response = client.post("/api/games", json={"animation_ms": 0, "level": "random"}, headers=headers)
    assert response.status_code == 201


def test_reading_from_another_site_is_left_to_the_browser(client):
    assert client.get("/api/game", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 400   # no token


def test_content_length_with_transfer_encoding_is_refused(client):
    response = client.post("/api/games", content=b"{}",
                           headers={"Content-Type": "application/json", "Content-Length": "2",
                                    "Transfer-Encoding": "chunked"})
    assert response.status_code == 400 and response.json()["error"] == "ambiguous-length"
    assert response.headers["Connection"] == "close"


@pytest.mark.parametrize("env, value", [("MAX_BODY_BYTES", "-1"), ("MAX_BODY_BYTES", "0"), ("ALLOWED_HOSTS", ""),
                                        ("ALLOWED_HOSTS", " , "), ("KEY", "x"), ("MAX_CONNECTIONS", "0"),
                                        ("REQUEST_TIMEOUT", "-5"), ("WEB_ROOT", "/nonexistent-web-root")])
def test_bad_settings_are_start_up_errors(monkeypatch, capsys, tmp_path, env, value):
    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(tmp_path))
    monkeypatch.setenv(f"DOPPELKOPF_{env}", value)
    with pytest.raises(ValidationError):
        Settings()
    monkeypatch.setattr(cli, "run_server", lambda *args, **kwargs: pytest.fail("must not start"))
    args = build_parser().parse_args(["serve", "--no-browser", "--port", "0"])
    assert args.run(args) == 2
    err = capsys.readouterr().err
    assert f"DOPPELKOPF_{env}" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
