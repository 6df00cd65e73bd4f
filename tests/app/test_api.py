"""The JSON API through FastAPI's TestClient: games, actions, tokens, errors."""

from __future__ import annotations

import json
import zlib

import pytest
from cryptography.fernet import Fernet

from engine.record import FORMAT, score_record


def test_create_a_game(client):
    response = client.post("/api/games", json={"animation_ms": 0, "language": "en"})
    assert response.status_code == 201
    body = response.json()
    assert response.headers["X-Game-Token"] == body["token"]
    view = body["view"]
    assert view["seq"] == 1 and view["deal_number"] == 1
    assert [seat["position"] for seat in view["seats"]] == ["bottom", "left", "top", "right"]
    assert view["seats"][0]["is_dealer"] and view["seats"][1]["is_vorhand"]
    assert len(view["hand"]) == 12
    assert client.post("/api/games").status_code == 201          # settings are optional


def test_the_view_shows_no_hidden_cards(api_game):
    game = api_game()
    text = json.dumps(game.view)
    assert '"hands"' not in text
    game.play_until(lambda view: view["waiting_for"] == "play")
    assert "problem_text" in game.view["hand"][0]


def test_a_whole_deal_the_export_and_the_next_deal(api_game, client):
    game = api_game()
    game.play_until()
    view = game.view
    assert view["waiting_for"] == "next-deal"
    result = view["result"]
    assert sum(result["scores"]) == 0
    assert view["score_sheet"][0]["scores"] == result["scores"]
    record = client.get("/api/game/deal", headers={"X-Game-Token": game.token}).json()
    assert record["format"] == FORMAT and len(record["hands"]) == 4
    assert score_record(record)["scores"] == result["scores"]
    game.next_deal()
    assert game.view["deal_number"] == 2 and game.view["seats"][1]["is_dealer"]
    assert game.view["totals"] == result["scores"]


def test_get_returns_the_same_game(api_game, client):
    game = api_game()
    response = client.get("/api/game", headers={"X-Game-Token": game.token})
    assert response.status_code == 200
    view = response.json()["view"]
    assert view["events"] == [] and view["frames"] == []       # nothing new happened
    assert view | {"events": game.view["events"], "frames": game.view["frames"]} == game.view


def test_a_stale_sequence_number_is_409(api_game):
    game = api_game()
    old_view = game.view
    game.step()
    response = game.post("/api/game/actions", {"seq": old_view["seq"], "reservation": False}, token=game.token)
    assert response.status_code == 409
    assert "moved on" in response.json()["detail"]


@pytest.mark.parametrize("body, status, words", [
    ({"play": "H10", "reservation": False}, 422, "exactly one"),
    ({"call": "maybe"}, 422, "call"),
    ({"declare": "armut"}, 422, "declare"),
    ({"play": "Q10"}, 400, "unknown card"),
])
def test_malformed_actions(api_game, body, status, words):
    game = api_game()
    response = game.post("/api/game/actions", {"seq": game.view["seq"], **body})
    assert response.status_code == status
    assert isinstance(response.json()["detail"], str) and words in response.json()["detail"]


def test_an_action_without_sequence_number(api_game):
    response = api_game().post("/api/game/actions", {"reservation": False})
    assert response.status_code == 422 and "seq" in response.json()["detail"]


def test_actions_in_the_wrong_phase(api_game):
    game = api_game()
    game.play_until(lambda view: view["waiting_for"] == "play")
    seq = game.view["seq"]
    for body in ({"reservation": True}, {"declare": "solo-jacks"}):
        response = game.post("/api/game/actions", {"seq": seq, **body})
        assert response.status_code == 400, body
        assert response.json()["detail"]
    unplayable = [c["code"] for c in game.view["hand"] if not c["playable"]]
    if unplayable:
        response = game.post("/api/game/actions", {"seq": seq, "play": unplayable[0]})
        assert response.status_code == 400 and "follow" in response.json()["detail"]
    if "schwarz" not in game.view["options"]["calls"]:
        assert game.post("/api/game/actions", {"seq": seq, "call": "schwarz"}).status_code == 400
    response = game.post("/api/game/next-deal", {"seq": seq})
    assert response.status_code == 400 and "not over" in response.json()["detail"]


def test_an_illegal_action_changes_nothing(api_game, client):
    game = api_game()
    before = client.get("/api/game", headers={"X-Game-Token": game.token}).json()["view"]
    assert game.post("/api/game/actions", {"seq": game.view["seq"], "play": "CQ"}).status_code in (400,)
    assert client.get("/api/game", headers={"X-Game-Token": game.token}).json()["view"] == before


def tampered(token: str) -> str:
    middle = len(token) // 2
    return token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1:]


def older_record(app, token: str) -> str:
    """Our own seal, but the deal record inside is of a format version we no longer read."""
    state = app.state.sealer.unseal(token)
    state["deal"]["format"] = "doppelkopf-deal/0"
    return app.state.sealer.seal(state)


def outdated(app, state: dict) -> str:
    payload = json.dumps({"v": 0, "state": state}).encode()
    return app.state.sealer.fernet.encrypt(zlib.compress(payload)).decode()


@pytest.mark.parametrize("make_token, error", [
    (lambda app, token: None, "token-missing"),
    (lambda app, token: tampered(token), "token-invalid"),
    (lambda app, token: token[:-10], "token-invalid"),
    (lambda app, token: token[: len(token) // 2], "token-invalid"),
    (lambda app, token: Fernet(Fernet.generate_key()).encrypt(b"x").decode(), "token-invalid"),
    (lambda app, token: "not a token at all", "token-invalid"),
    (lambda app, token: "x" * 100_000, "token-invalid"),
    (lambda app, token: "gAAAAA" + "A" * 1_000_000, "token-invalid"),
    (lambda app, token: "", "token-missing"),
    (lambda app, token: outdated(app, {}), "token-outdated"),
    (lambda app, token: older_record(app, token), "token-outdated"),
    (lambda app, token: app.state.sealer.seal({"game_id": "g", "seq": 1}), "token-outdated"),
])
def test_unusable_tokens_are_a_clear_400(app, api_game, client, make_token, error):
    game = api_game()
    token = make_token(app, game.token)
    headers = {"X-Game-Token": token} if token is not None else {}
    requests = (("GET", "/api/game", None), ("POST", "/api/game/actions", {"seq": 1, "reservation": False}),
                ("POST", "/api/game/next-deal", {"seq": 1}), ("GET", "/api/game/deal", None))
    for method, path, body in requests:
        response = client.request(method, path, json=body, headers=headers)
        assert response.status_code == 400, (path, response.text)
        assert response.json()["error"] == error and response.json()["detail"]
        assert "X-Game-Token" not in response.headers


def test_a_token_from_another_key_is_refused(api_game, tmp_path):
    from fastapi.testclient import TestClient

    from app.main import create_app
    from app.settings import Settings

    game = api_game()
    other = TestClient(create_app(Settings(data_dir=tmp_path / "other")), base_url="http://localhost")
    response = other.get("/api/game", headers={"X-Game-Token": game.token})
    assert response.status_code == 400 and response.json()["error"] == "token-invalid"


def test_a_token_of_another_game_is_refused(api_game):
    first, second = api_game(), api_game()      # say, a second tab started a new game
    seen = {"seq": second.view["seq"], "game_id": first.view["game_id"]}     # what the first tab shows
    for path, body in (("/api/game/actions", seen | {"reservation": False}), ("/api/game/next-deal", seen),
                       ("/api/game/settings", seen)):
        response = second.post(path, body)
        assert response.status_code == 409 and response.json()["error"] == "other-game", path
        assert "another game" in response.json()["detail"]
    current = {"seq": second.view["seq"], "game_id": second.view["game_id"], "reservation": False}
    assert second.post("/api/game/actions", current).status_code == 200


def test_settings_change(api_game):
    game = api_game()
    response = game.post("/api/game/settings", {"seq": game.view["seq"], "language": "de", "animation_ms": 800})
    assert response.status_code == 200
    settings = game.take(response)["view"]["settings"]
    assert settings["language"] == "de" and settings["animation_ms"] == 800
    assert game.post("/api/game/settings", {"seq": game.view["seq"], "level": "nobody"}).status_code == 422
    assert game.post("/api/game/settings", {"seq": 0, "language": "en"}).status_code == 409


def test_openapi_and_docs_come_from_this_server(client):
    spec = client.get("/openapi.json").json()
    paths = {"/api/games", "/api/game", "/api/game/actions", "/api/game/next-deal", "/api/game/deal"}
    assert paths <= set(spec["paths"])
    docs = client.get("/docs").text
    assert "/static/swagger-ui-" in docs and "cdn" not in docs.lower()
    assert client.get("/static/swagger-ui-5.35.0/swagger-ui-bundle.js").status_code == 200
