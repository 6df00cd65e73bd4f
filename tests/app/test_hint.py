"""The hint: what the strong computer player would do in the player's place, and the rule player's reason."""

from __future__ import annotations


def _legal_now(client, game, hint_action: dict) -> bool:
    """Applying the hinted action through the API is accepted."""
    body = {"seq": game.view["seq"]}
    if hint_action["kind"] == "play":
        body["play"] = hint_action["card"]["code"]
    elif hint_action["kind"] == "call":
        body["call"] = hint_action["call"]
    elif hint_action["kind"] == "reservation":
        body["reservation"] = hint_action["reservation"]
    else:
        body["declare"] = hint_action["declare"]
    return game.post("/api/game/actions", body).status_code == 200

def test_the_hint_is_a_legal_action_with_a_reason_and_changes_nothing(api_game, client):
    game = api_game(level="rules")
    game.play_until(lambda view: view["waiting_for"] == "play" and len(view["hand"]) <= 10)
    headers = {"X-Game-Token": game.token}
    response = client.get("/api/game/hint", headers=headers)
    assert response.status_code == 200, response.text
    assert "X-Game-Token" not in response.headers
    hint = response.json()
    assert hint["reason"]
    assert hint["hard"]["kind"] in ("play", "call") and hint["rules"]["kind"] in ("play", "call")
    assert client.get("/api/game", headers=headers).json()["view"]["seq"] == game.view["seq"]
    assert _legal_now(client, game, hint["hard"])

def test_the_hint_fragment_names_the_card_in_the_players_language(api_game, client):
    game = api_game(level="rules", language="de")
    game.play_until(lambda view: view["waiting_for"] == "play")
    response = client.get("/hint", headers={"X-Game-Token": game.token, "HX-Request": "true"})
    assert response.status_code == 200
    assert 'data-hint="hard"' in response.text and "Der starke Computerspieler" in response.text

def test_no_hint_when_there_is_nothing_to_decide(api_game, client):
    game = api_game(level="rules")
    game.play_until()
    assert game.view["waiting_for"] == "next-deal"
    response = client.get("/api/game/hint", headers={"X-Game-Token": game.token})
    assert response.status_code == 400 and response.json()["detail"]
    page = client.get("/hint", headers={"X-Game-Token": game.token, "HX-Request": "true"})
    assert page.status_code == 400 and "notice" in page.text
