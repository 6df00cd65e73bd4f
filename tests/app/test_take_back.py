"""Take-back in casual play: the last decision and the computers' answers go, the deal goes on from there."""

from __future__ import annotations


def hand(view) -> list[str]:
    return sorted(card["code"] for card in view["hand"])


def take_back(game):
    return game.post("/api/game/take-back", {"seq": game.view["seq"]})


def test_taking_back_a_card_restores_the_hand_and_the_trick(api_game):
    game = api_game(mode="casual", level="rules")
    game.play_until(lambda view: view["waiting_for"] == "play")
    before = game.view
    game.step()                                   # a card of ours, then the computers answer
    assert len(game.view["hand"]) == len(before["hand"]) - 1
    assert game.view["can_take_back"]
    response = take_back(game)
    assert response.status_code == 200, response.text
    game.take(response)
    after = game.view
    assert hand(after) == hand(before)
    assert after["trick"] == before["trick"] and after["waiting_for"] == "play"
    assert after["seq"] == before["seq"] + 2


def test_take_back_reaches_back_to_the_start_of_the_deal_and_no_further(api_game):
    game = api_game(mode="casual", level="rules")
    for _ in range(3):
        game.step()
    while game.view["can_take_back"]:
        game.take(take_back(game))
    assert game.view["phase"] == "reservations" and game.view["waiting_for"] == "reservation"
    refused = take_back(game)
    assert refused.status_code == 400 and refused.json()["error"] == "nothing-to-take-back"


def test_taking_back_a_call(api_game):
    game = api_game(mode="casual", level="rules")
    game.play_until(lambda view: view["waiting_for"] == "play" and view["options"]["calls"])
    call = game.view["options"]["calls"][0]
    game.act({"seq": game.view["seq"], "call": call})
    assert call in game.view["seats"][0]["calls"]
    game.take(take_back(game))
    assert call not in game.view["seats"][0]["calls"] and call in game.view["options"]["calls"]


def test_the_score_sheet_says_when_take_back_was_used(api_game):
    game = api_game(mode="casual", level="rules")
    game.play_until(lambda view: view["waiting_for"] == "play")
    game.step()
    game.take(take_back(game))
    game.play_until()
    game.next_deal()
    game.play_until()
    rows = game.view["score_sheet"]
    assert [row["took_back"] for row in rows] == [True, False]


def test_the_tournament_round_has_no_take_back(api_game):
    game = api_game(mode="tournament", level="rules")
    game.step()
    assert not game.view["can_take_back"]
    refused = take_back(game)
    assert refused.status_code == 400 and refused.json()["error"] == "no-take-back"


def test_take_back_ends_with_the_deal(api_game, client):
    """Once the deal is over the review shows every hand: a take-back then would replay knowing them."""
    game = api_game(mode="casual", level="rules")
    game.play_until()
    assert game.view["waiting_for"] == "next-deal" and not game.view["can_take_back"]
    scores = game.view["result"]["scores"]
    refused = take_back(game)
    assert refused.status_code == 409 and refused.json()["error"] == "deal-over"
    page = client.get("/", headers={"X-Game-Token": game.token, "HX-Request": "true"}).text
    assert 'data-action="undo"' not in page
    form = client.post("/take-back", data={"seq": game.view["seq"]}, headers={"X-Game-Token": game.token})
    assert form.status_code == 409 and 'data-action="undo"' not in form.text
    assert client.get("/api/game", headers={"X-Game-Token": game.token}).json()["view"]["result"]["scores"] == scores


def test_the_deal_record_only_once_the_deal_is_over(api_game, client):
    """The record holds all four hands: during the deal (casual or tournament) it is refused."""
    for mode in ("casual", "tournament"):
        game = api_game(mode=mode, level="rules")
        game.play_until(lambda view: view["waiting_for"] == "play")
        running = client.get("/api/game/deal", headers={"X-Game-Token": game.token})
        assert running.status_code == 409 and running.json()["error"] == "deal-not-over"
        assert "hands" not in running.text
        game.play_until()
        finished = client.get("/api/game/deal", headers={"X-Game-Token": game.token})
        assert finished.status_code == 200 and len(finished.json()["hands"]) == 4
