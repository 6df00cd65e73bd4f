"""Replayed tokens (issue 21.11): an older token must not make the statistics or the ranking dishonest.

The server keeps no state, so: every deal is dealt from the game's sealed key and the number of deals
before it (asking an older token for the next deal again deals the same cards); the page says which
step of a game it has stored last and an older token of that game is refused; take-backs are marked
in the view the statistics archive.
"""

from __future__ import annotations

from app.service import Game, keyed_deal
from engine.round import Round
from engine.rules import Rules


def hand(view) -> list[str]:
    return sorted(card["code"] for card in view["hand"])


def table(client, token: str, newest: str | None = None):
    headers = {"X-Game-Token": token, "HX-Request": "true"}
    if newest is not None:
        headers["X-Game-Newest"] = newest
    return client.get("/", headers=headers)


def test_the_next_deal_asked_for_again_from_an_older_token_deals_the_same_cards(api_game):
    for mode in ("casual", "tournament"):
        game = api_game(mode=mode, level="rules")
        game.play_until()
        finished = game.token, game.view
        first = game.next_deal()["view"]
        game.token, game.view = finished
        again = game.next_deal()["view"]
        assert hand(again) == hand(first)
        assert again["events"] == first["events"]       # the computers hold the same cards and answer alike


def test_each_deal_of_a_game_has_its_own_cards_and_each_game_its_own_deals():
    round_ = Round(rules=Rules.preset_named("tsr"))
    key, other = "0123456789abcdef" * 2, "fedcba9876543210" * 2
    first = keyed_deal(round_, key, 0)
    assert first.dealt == keyed_deal(round_, key, 0).dealt
    assert first.dealt != keyed_deal(round_, key, 1).dealt      # a deal thrown in is dealt anew: other cards
    assert first.dealt != keyed_deal(round_, other, 0).dealt
    without_nines = keyed_deal(Round(rules=Rules.preset_named("ohne_neunen")), key, 0)
    assert all(len(cards) == 10 for cards in without_nines.dealt)


def test_the_deal_key_is_sealed_and_never_shown(api_game, client):
    game = api_game(mode="casual", level="rules")
    state = client.app.state.sealer.unseal(game.token)
    assert len(state["deal_key"]) == 32 and state["dealt"] == 0
    assert state["deal_key"] not in client.get("/api/game", headers={"X-Game-Token": game.token}).text
    assert state["deal_key"] not in table(client, game.token).text
    game.play_until()
    game.next_deal()
    assert client.app.state.sealer.unseal(game.token)["dealt"] == 1


def test_a_token_of_an_older_version_keeps_a_fixed_deal_key(api_game, client):
    game = api_game(mode="casual", level="rules")
    state = client.app.state.sealer.unseal(game.token)
    del state["deal_key"], state["dealt"]
    assert Game.from_state(state).deal_key == Game.from_state(dict(state)).deal_key


def test_an_older_token_of_a_game_is_refused_once_a_later_step_is_stored(api_game, client):
    game = api_game(mode="casual", level="rules")
    game.play_until(lambda view: view["waiting_for"] == "play")
    older, older_seq, game_id = game.token, game.view["seq"], game.view["game_id"]
    game.step()
    newest = f"{game_id}:{game.view['seq']}"
    for answer in (client.get("/api/game", headers={"X-Game-Token": older, "X-Game-Newest": newest}),
                   client.post("/api/game/take-back", json={"seq": older_seq},
                               headers={"X-Game-Token": older, "X-Game-Newest": f"abc:1,{newest}"})):
        assert answer.status_code == 400 and answer.json()["error"] == "token-older", answer.text
    page = table(client, older, newest)
    assert page.status_code == 400 and 'data-error="older"' in page.text
    # The same step, another game's step, nothing or something malformed: the token is used.
    for said in (f"{game_id}:{older_seq}", "0123456789abcdef:99", "", f"{game_id}:x", f"{game_id}:-5", ":,::", "²".encode()):
        answer = client.get("/api/game", headers={"X-Game-Token": older, "X-Game-Newest": said})
        assert answer.status_code == 200, (said, answer.text)
        assert table(client, older, said).status_code == 200


def test_every_answer_says_the_step_of_its_token(api_game, client):
    game = api_game(mode="casual", level="rules")
    answer = client.get("/api/game", headers={"X-Game-Token": game.token})
    assert answer.headers["X-Game-Step"] == f"{game.view['game_id']}:{game.view['seq']}"
    assert table(client, game.token).headers["X-Game-Step"] == f"{game.view['game_id']}:{game.view['seq']}"


def test_the_view_marks_a_deal_with_a_take_back_for_the_statistics(api_game):
    game = api_game(mode="casual", level="rules")
    game.play_until(lambda view: view["waiting_for"] == "play")
    assert not game.view["took_back"]
    game.step()
    game.take(game.post("/api/game/take-back", {"seq": game.view["seq"]}))
    assert game.view["took_back"]
    game.play_until()
    assert game.view["took_back"] and game.view["result"]
    game.next_deal()
    assert not game.view["took_back"]
