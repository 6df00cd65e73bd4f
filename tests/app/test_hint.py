"""The hint: what the strong computer player would do in the player's place, and why."""

from __future__ import annotations

import re

from markupsafe import escape

from app.views import reason_text
from engine.bots.ideas import Idea
from engine.bots.reasons import ENGLISH, Reason


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
    assert hint["hard"]["kind"] in ("play", "call")
    assert client.get("/api/game", headers=headers).json()["view"]["seq"] == game.view["seq"]
    assert _legal_now(client, game, hint["hard"])

def test_the_hint_fragment_names_the_card_in_the_players_language(api_game, client):
    game = api_game(level="rules", language="de")
    game.play_until(lambda view: view["waiting_for"] == "play")
    response = client.get("/hint", headers={"X-Game-Token": game.token, "HX-Request": "true"})
    assert response.status_code == 200
    assert 'data-hint="hard"' in response.text and "Tipp: " in response.text
    assert 'data-hint="rules"' not in response.text     # one suggestion, not two

def _hint(client, game, **headers) -> dict:
    response = client.get("/api/game/hint", headers={"X-Game-Token": game.token, **headers})
    assert response.status_code == 200, response.text
    return response.json()


def test_the_reason_is_worded_in_the_games_language(api_game, client):
    """Words first: the ideas, then the strong player's own reason (its figures), the same action and
    figures in either language."""
    game = api_game(level="rules", language="de")
    game.play_until(lambda view: view["waiting_for"] == "play" and len(view["hand"]) <= 10)
    german = _hint(client, game)
    assert german["reason_key"] in ENGLISH and german["ideas"]
    ideas = [Idea.of(idea["key"], **idea["params"]) for idea in german["ideas"]]
    assert german["reason"] == " ".join(reason_text(idea, "de", "hint.idea.") for idea in ideas)
    reason = Reason.of(german["reason_key"], **german["reason_params"])
    if german["figures"] is not None:
        assert german["figures"] == reason_text(reason, "de") != str(reason)
    page = client.get("/hint", headers={"X-Game-Token": game.token, "HX-Request": "true"})
    assert "Tipp: " in page.text

    game.take(game.post("/api/game/settings", {"seq": game.view["seq"], "language": "en"}))
    english = _hint(client, game)
    assert (english["hard"], english["reason_params"]) == (german["hard"], german["reason_params"])
    ideas = [Idea.of(idea["key"], **idea["params"]) for idea in english["ideas"]]
    assert english["reason"] == " ".join(reason_text(idea, "en", "hint.idea.") for idea in ideas)
    assert english["reason"] != " ".join(reason_text(idea, "de", "hint.idea.") for idea in ideas)
    page = client.get("/hint", headers={"X-Game-Token": game.token, "HX-Request": "true"})
    assert "Hint: " in page.text


def test_the_same_position_gets_the_same_hint(api_game, client):
    """The hint searches a fixed number of worlds with dice from the position, not the clock: asked again,
    even while the server is busy, it says the same action with the same figures (on the clock a call at
    its margin flipped between two requests)."""
    game = api_game(level="rules", language="de")
    for _ in range(6):
        game.play_until(lambda view: view["waiting_for"] == "play")
        first, again = _hint(client, game), _hint(client, game)
        assert first == again
        game.step()


def test_the_figures_come_second_folded_away(api_game, client):
    """At the TSR table the strong player's expected points are there, under 'Zahlen', after the words."""
    game = api_game(level="rules", language="de")
    for _ in range(40):
        game.play_until(lambda view: view["waiting_for"] == "play" and len(view["hand"]) <= 11)
        hint = _hint(client, game)
        if hint["figures"]:
            break
        game.step()
    assert hint["figures"] and hint["reason_key"] in ("expected-card", "expected-card-only", "expected-call",
                                                                   "expected-call-table")
    page = client.get("/hint", headers={"X-Game-Token": game.token, "HX-Request": "true"}).text
    words, figures = page.index('data-idea="'), page.index("data-figures")
    assert words < figures and "<summary>Zahlen</summary>" in page and "Der starke Computerspieler" in page


FIGURES = re.compile(r"[-+]\d|%|Punkte|Gewinnchance|erwarte")


def test_at_the_einsteiger_table_the_hint_is_words_only(api_game, client):
    game = api_game(level="rules", language="de", rules="einsteiger")
    seen = set()
    for _ in range(8):       # several decisions: leads, follows, the Re or Kontra a beginner may say
        game.play_until(lambda view: view["waiting_for"] in ("play", "reservation"))
        if game.view["waiting_for"] not in ("play", "reservation"):
            break
        hint = _hint(client, game)
        assert hint["figures"] is None and hint["reason_key"] is None and hint["reason_params"] == {}
        assert hint["reason"] and not FIGURES.search(hint["reason"]), hint["reason"]
        seen.update(idea["key"] for idea in hint["ideas"])
        page = client.get("/hint", headers={"X-Game-Token": game.token, "HX-Request": "true"}).text
        assert "data-figures" not in page and "Der starke Computerspieler" not in page
        game.step()
    assert seen


def test_with_the_browser_language_the_api_follows_accept_language(api_game, client):
    game = api_game(level="rules", language="auto")
    game.play_until(lambda view: view["waiting_for"] == "play")
    german, english = _hint(client, game, **{"Accept-Language": "de-DE,de;q=0.9"}), _hint(client, game)
    assert german["reason_key"] == english["reason_key"] and german["reason"] != english["reason"]


def test_reasons_with_parameters_word_them_too():
    solo = Reason.of("solo-hand", kind="solo-clubs", losers=2.26)
    assert reason_text(solo, "de") == "Kreuz-Solo: ich gebe etwa 2,3 Stiche ab"
    assert reason_text(solo, "en") == "a Clubs solo hand: about 2.3 losing tricks"
    strength = Reason.of("announce-strength", trumps=8, high=3, party="kontra")
    assert reason_text(strength, "de") == "8 Trümpfe, davon 3 Damen oder Dullen: Kontra"
    assert reason_text(strength, "en") == str(strength) == "8 trumps, 3 of them queens or Dullen: Kontra"
    card = Reason.of("expected-card", points=1.25, win=64, other="HK", other_points=-0.5)
    assert reason_text(card, "de") == "damit erwarte ich 1,2 Punkte bei 64 % Gewinnchance; mit Herz-König: -0,5"
    assert reason_text(card, "en") == "I expect 1.2 points with it, 64% chance to win; with King of hearts: -0.5"
    call = Reason.of("expected-call", call="no90", points=3.0, without=2.0, met=91)
    assert reason_text(call, "de") == ("erfüllt in 91 % der durchgespielten Verteilungen: "
                                       "ich erwarte damit 3,0 Punkte, ohne 2,0")
    at_table = Reason.of("expected-call-table", call="kontra", met=88, chance=61, gain=0.84)
    assert reason_text(at_table, "de") == ("in 88 % der durchgespielten Verteilungen erfüllt, am Tisch erfahrungsgemäß "
                                           "in 61 %: das bringt im Schnitt 0,8 Punkte")
    assert str(at_table) == "met in 88% of the worlds, at the table in about 61% of such cases: it adds +0.8 points"


def test_no_hint_when_there_is_nothing_to_decide(api_game, client):
    game = api_game(level="rules")
    game.play_until()
    assert game.view["waiting_for"] == "next-deal"
    response = client.get("/api/game/hint", headers={"X-Game-Token": game.token})
    assert response.status_code == 400 and response.json()["detail"]
    page = client.get("/hint", headers={"X-Game-Token": game.token, "HX-Request": "true"})
    assert page.status_code == 400 and "notice" in page.text


def test_the_hint_at_the_reservation_query_says_what_the_hand_is_worth(api_game, client):
    for _ in range(6):   # a few games: some start with the player's reservation query
        game = api_game(level="rules", language="en")
        if game.view["waiting_for"] == "reservation":
            break
    assert game.view["waiting_for"] == "reservation"
    hint = _hint(client, game)
    assert hint["hard"]["kind"] == "reservation"
    assert hint["reason_key"] in ("healthy", "gesund-expected", "solo-expected", "wedding", "silent-wedding")
    assert _legal_now(client, game, hint["hard"])


def test_a_suit_in_an_idea_is_named_as_the_players_deck_names_it(api_game, client, monkeypatch):
    from app import service

    game = api_game(level="rules", language="de")
    game.play_until(lambda view: view["waiting_for"] == "play")
    monkeypatch.setattr(service, "hint_ideas", lambda *_: (Idea.of("follow", suit="C"), Idea("give-little")))
    headers = {"X-Game-Token": game.token, "HX-Request": "true"}
    french = client.get("/hint", headers=headers).text
    assert "Bedienen: Kreuz ist angespielt, also musst du Kreuz zugeben." in french
    assert 'data-ideas="follow give-little"' in french
    client.cookies.set("deck", "german")
    try:
        german = client.get("/hint", headers=headers).text
    finally:
        client.cookies.delete("deck")
    assert "Bedienen: Eichel ist angespielt, also musst du Eichel zugeben." in german
    assert re.search(r"</strong>\s+<span", german)           # a space between the card and the words
