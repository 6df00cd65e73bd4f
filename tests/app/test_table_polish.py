"""Issue 23, part 2: what players still stumbled over at the table, each checked in the view or the page."""

from __future__ import annotations

import json
import random
import re

import pytest

from app import service
from app.i18n import LANGUAGES, translator
from app.api_models import PlayerAction
from app.game_settings import GameSettings
from app.pages import seat_translator
from app.views import places, table_view
from engine.cards import card_from_code
from engine.contracts import DECLARATIONS
from engine.round import Round
from engine.rules import Rules
from tools import house_games
from tests.app.test_table_view import render


@pytest.fixture
def table_html(app, client):
    """The table fragment the server answers for a game (sealed with its key), in German."""
    def html(game) -> str:
        token = app.state.sealer.seal(game.to_state())
        response = client.get("/", headers={"HX-Request": "true", "X-Game-Token": token, "Accept-Language": "de"})
        assert response.status_code == 200, response.text
        return response.text
    return html


def act(game, **fields):
    service.act(game, PlayerAction(seq=game.seq, **fields))


def drive(game, stop=lambda view: False, call=False):
    """The player's obvious steps (healthy, the first card, the Armut as suggested) until ``stop``
    or the deal's end; with ``call`` the player also says Re or Kontra when it may."""
    for _ in range(200):
        view = table_view(game)
        if stop(view) or view.waiting_for in ("next-deal", "round-over"):
            return view
        options = view.options
        if options.reservation:
            act(game, reservation=False in options.reservations and False)
        elif options.declarations:
            act(game, declare=options.declarations[0].kind)
        elif options.exchange == "accept":
            act(game, accept=False)
        elif options.exchange:
            act(game, give=" ".join(c.card.code for c in options.exchange_choices if c.chosen))
        elif call and options.calls and options.calls[0] in ("re", "kontra"):
            act(game, call=options.calls[0])
        else:
            act(game, play=next(card.code for card in view.hand if card.playable))
    raise AssertionError("the deal did not end")


def computer_throws():
    """Bruno (seat 2) holds five nines under kneipe; the player says healthy and Bruno throws in."""
    game = house_games.game_with(house_games.hands_with(["C9", "C9", "S9", "S9", "H9"], seat=2), dealer=3)
    act(game, reservation=False)
    return game


# ----- 2. a thrown deal ---------------------------------------------------------------------------

def test_a_thrown_deal_has_no_parties_and_shows_the_throwers_cards(table_html):
    game = computer_throws()
    view = table_view(game)
    assert view.result.contract == "thrown" and view.result.thrown["seat"] == 2
    assert [seat.party for seat in view.seats] == [None] * 4            # was: all four Kontra
    assert all(frame.parties == [None] * 4 for frame in view.frames)
    assert sorted(card.code for card in view.thrown_hand) == sorted(
        card.code for card in table_view_hand(game, 2))
    html = table_html(game)
    assert 'data-thrown-hand="2"' in html and html.count('data-badge="party"') == 0
    shown = re.search(r'data-thrown-hand="2">(.*?)</div>', html, re.S).group(1)
    assert len(re.findall(r'data-card="', shown)) == 12 and "Bruno schmeißt und legt die Karten offen" in shown
    assert "Bruno schmeißt" in html       # the log and the table's game line


def table_view_hand(game, seat):
    from app.views import card_view
    return [card_view(card) for card in game.deal.dealt[seat]]


def test_the_players_own_throw_shows_no_second_copy_of_the_hand(table_html):
    game = house_games.player_throws()
    act(game, reservation=True)
    act(game, declare="throw")
    html = table_html(game)
    assert "data-thrown-hand" not in html and "Du schmeißt" in html


# ----- 3. the Bock round at the table ---------------------------------------------------------------

def test_a_triggering_deal_records_its_bock_round_and_the_table_says_which_deal_of_it_this_is(table_html):
    game = house_games.game_with(house_games.hands_with([]), bock_levels=[1, 1, 1],
                                 bock_rounds=[{"after": 4, "why": ["120", "lost-re"], "deals": [1, 2, 3, 4]}])
    view = table_view(game)
    assert view.bock == 2 and [(r.place, r.deals, r.after) for r in view.bock_rounds] == [(1, 4, 4)]
    html = table_html(game)
    note = re.search(r'<div class="bock-note".*?</div>', html, re.S).group(0)
    assert "Bockrunde: 1 von 4, ×2" in note and "wegen Spiel 4: 120 zu 120, Re angesagt und verloren" in note


def test_finish_deal_keeps_each_bock_round_with_its_cause_until_its_last_deal():
    class Result:           # what finish_deal reads of a scored deal
        def __init__(self, triggers):
            self.scores, self.contract, self.extra = [0, 0, 0, 0], "normal", {"bock_triggers": triggers}

    class FakeDeal:
        def __init__(self, triggers):
            self._result, self.thrown, self.declaration, self.forced = Result(triggers), None, None, None
            self.dealer, self.soloist, self.bock = 0, None, 1

        def result(self):
            return self._result

    round_ = Round(rules=Rules.preset_named("kneipe"))
    round_.finish_deal(FakeDeal(["120"]))                 # deal 1 triggers: deals 2..5 are Bock
    assert round_.bock_rounds == [{"after": 1, "why": ["120"], "deals": [2, 3, 4, 5]}]
    round_.finish_deal(FakeDeal([]))                      # deal 2
    round_.finish_deal(FakeDeal(["herzstich"]))           # deal 3 triggers again: 4..7, stacked
    assert [r["deals"] for r in round_.bock_rounds] == [[2, 3, 4, 5], [4, 5, 6, 7]]
    assert [(r["after"], place) for r, place in round_.bock_rounds_of(5)] == [(1, 4), (3, 2)]
    again = Round.from_dict(json.loads(json.dumps(round_.to_dict())))
    assert again.bock_rounds == round_.bock_rounds
    for _ in range(3):
        round_.finish_deal(FakeDeal([]))                  # deals 4, 5, 6: the first round is over
    assert [r["after"] for r in round_.bock_rounds] == [3]


def test_a_token_with_bock_rounds_passes_the_state_check_and_a_malformed_one_does_not():
    from app.service import Game
    from app.sealing import TokenError

    game = house_games.game_with(house_games.hands_with([]), bock_levels=[1, 1],
                                 bock_rounds=[{"after": 4, "why": ["120"], "deals": [1, 2, 3, 4]}])
    state = game.to_state()
    assert Game.from_state(state).round.bock_rounds == game.round.bock_rounds
    state["round"]["bock_rounds"] = [{"after": 4, "why": ["<script>"], "deals": [1]}]
    with pytest.raises(TokenError):
        Game.from_state(state)


# ----- 4. the Armut exchange: the cards chosen in the hand -----------------------------------------

def test_the_armut_cards_are_chosen_in_the_hand_and_the_button_waits_for_the_right_count(table_html):
    game = house_games.armut_offered_to_player()
    act(game, accept=True)
    view = table_view(game)
    assert [c.card.code for c in view.options.exchange_choices] == [c.code for c in view.hand]   # aligned
    html = table_html(game)
    hand = re.search(r'<ul class="hand[^"]*choosing[^"]*".*?</ul>', html, re.S).group(0)
    assert len(re.findall(r'<button type="button" class="card" data-give=', hand)) == 15
    assert "hx-post" not in hand                                             # choosing plays nothing
    pressed = re.findall(r'aria-pressed="true"', hand)
    assert len(pressed) == view.options.exchange_cards
    sent = re.findall(r'<input type="hidden" name="give" value="(\w+)" data-give="\w+" data-index="\d+">', html)
    assert len(sent) == view.options.exchange_cards                          # only the chosen ones are sent
    assert not re.search(r'data-action="give"[^>]*disabled', html)
    unchosen = view.model_copy(deep=True)
    unchosen.options.exchange_choices[0].chosen = not unchosen.options.exchange_choices[0].chosen
    assert re.search(r'data-action="give"[^>]*disabled', render("partials/controls.html", view=unchosen, request=None))


def test_the_poor_players_trumps_are_chosen_and_cannot_be_put_back():
    game = house_games.player_poor()
    act(game, reservation=True)
    act(game, declare="poverty")
    html = render("partials/hand.html", view=table_view(game), request=None)
    for code in ("DQ", "DJ", "D9"):
        assert re.search(rf'data-give="{code}"[^>]*aria-pressed="true" aria-disabled="true"', html), code


# ----- 5. Re/Kontra doubling shown as ×2 ------------------------------------------------------------

def test_re_kontra_doubling_is_shown_as_times_two_after_the_lines_it_doubles():
    for seed in range(12):
        random.seed(seed)             # the game's id and so its deal
        game, _ = service.new_game(GameSettings(rules="kneipe", level="rules", animation_ms=0))
        view = drive(game, call=True)
        if any(line.doubles for line in view.result.value):
            break
    else:
        pytest.fail("no announced deal in twelve")
    value = view.result.value
    doubling = [line.doubles for line in value]
    assert doubling == sorted(doubling)                   # the doubling lines come last
    html = render("partials/result.html", view=view, request=None)
    for line in value:
        if line.doubles:
            assert re.search(rf'data-item="{line.item}">.*?<td class="num" data-doubles title="verdoppelt den Spielwert: \+{line.points}">×2</td>', html, re.S)
    base = sum(line.points for line in value if not line.doubles)
    assert sum(line.points for line in value) == base * 2 ** sum(doubling)   # each ×2 doubles what stands above it


def test_tsr_adds_two_for_an_announcement_as_before():
    game, _ = service.new_game(GameSettings(rules="tsr", level="rules", animation_ms=0))
    view = drive(game, call=True)
    assert not any(line.doubles for line in view.result.value)


# ----- 6. the review: its deal's number, opening at the first trick ----------------------------------

def test_the_review_names_its_deal_and_opens_at_the_first_trick(client):
    from tests.app.conftest import ApiGame

    game = ApiGame(client, level="random")
    while game.step():
        pass
    response = client.get("/review", headers={"X-Game-Token": game.token})
    assert 'data-step="1"' in response.text
    assert "Review of deal 1" in response.text or "Rückblick auf Spiel 1" in response.text
    assert 'name="deal" value="1"' in response.text            # a step inside keeps the number
    assert 'data-step="7"' in client.get("/review?trick=7", headers={"X-Game-Token": game.token}).text
    record = client.get("/api/game/deal", headers={"X-Game-Token": game.token}).text
    shown = client.post("/review", data={"record": record, "deal": "5", "lang": "de"}).text
    assert "Rückblick auf Spiel 5" in shown and 'data-step="1"' in shown
    for bad in ("0", "-3", "x", "9" * 5000):                  # no number shown, never a 500
        answer = client.post("/review", data={"record": record, "deal": bad, "lang": "de"})
        assert answer.status_code == 200 and "Rückblick:" in answer.text


# ----- 13. equal totals share a place ------------------------------------------------------------------

def test_equal_totals_share_a_place():
    assert places([5, -20, 30, 5]) == [1, 2, 2, 4]
    assert places([0, 0, 0, 0]) == [1, 1, 1, 1]
    assert places([10, 10, -5, -15]) == [1, 1, 3, 4]


def test_the_ranking_shows_shared_places():
    game = house_games.game_with(house_games.hands_with([]))
    view = drive(game)
    view = view.model_copy(update={"round_over": True, "ranking": [(10, 1), (10, 2), (-5, 0), (-15, 3)],
                                   "places": [1, 1, 3, 4]})
    html = render("partials/result.html", view=view, request=None)
    assert re.findall(r'<li value="(\d)" data-place', html) == ["1", "1", "3", "4"]


# ----- 14. the wording of declared games -------------------------------------------------------------

WORDING = {("de", "poverty", 1): "Anna hat eine Armut", ("de", "throw", 2): "Bruno schmeißt",
           ("en", "throw", 3): "Clara throws in", ("en", "poverty", 1): "Anna has an Armut",
           ("de", "solo-queens", 0): "Du spielst ein Damensolo", ("de", "solo-fleischlos", 3): "Clara spielt einen Fleischlosen",
           ("de", "wedding", 2): "Bruno hat eine Hochzeit", ("en", "solo-clubs", 0): "You play a Clubs solo"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_declaration_has_its_own_sentence_in_both_persons(language):
    t = translator(language)
    for kind in DECLARATIONS:
        for key in (f"declares.{kind}", f"declares.{kind}.you"):
            assert t.has(key), (language, key)


@pytest.mark.parametrize("case, expected", WORDING.items())
def test_a_declared_game_reads_as_a_player_would_say_it(case, expected):
    language, kind, seat = case
    assert seat_translator(translator(language))(f"declares.{kind}", seat) == expected


def test_the_log_says_anna_has_an_armut_not_that_she_plays_it():
    game = house_games.armut_offered_to_player()
    html = render("partials/log.html", view=table_view(game), request=None)
    assert "Clara hat eine Armut" in html and "spielt Armut" not in html


# ----- 15. Schweine sort on top before the play begins -----------------------------------------------

def test_schweine_sort_as_the_highest_trumps_during_the_reservations():
    game = house_games.game_with(house_games.hands_with(["DA", "DA", "CQ", "H10"]), dealer=3)
    assert game.round.rules.schweine and table_view(game).waiting_for == "reservation"
    settings_left = [card.code for card in table_view(game).hand]
    assert settings_left[:2] == ["DA", "DA"], settings_left          # above the Dulle and the Damen
    assert settings_left.index("H10") == 2 and settings_left.index("CQ") == 3
    drive(game, stop=lambda view: view.phase == "play")
    assert [card.code for card in table_view(game).hand][:2] == ["DA", "DA"]      # as in the play


def test_one_swine_card_is_an_ordinary_fuchs_below_the_jacks():
    game = house_games.game_with(house_games.hands_with(["DA", "DJ", "H10"]), dealer=3)
    if game.deal.hands[0].count(card_from_code("DA")) != 1:
        pytest.skip("the deal gave the player the second DA")
    hand = [card.code for card in table_view(game).hand]
    assert hand.index("DJ") < hand.index("DA")


# ----- 11, 17, 20: the sheet's take-back mark, the strengths explained, the API link in the menu --------

def test_the_take_back_mark_sits_beside_the_number_not_after_the_cut_name():
    game = house_games.game_with(house_games.hands_with([]))
    view = drive(game)
    from app.view_models import ScoreRowView
    row = ScoreRowView(number=3, dealer=0, contract="solo-fleischlos", soloist=2, compulsory=False, forced=False,
                       scores=[-3, -3, 9, -3], totals=[-3, -3, 9, -3], took_back=True)
    html = render("partials/score_sheet.html", view=view.model_copy(update={"score_sheet": [row]}), request=None)
    first_cell = re.search(r"<tr data-number=\"3\".*?<td>(.*?)</td>", html, re.S).group(1)
    assert "data-took-back" in first_cell
    game_cell = re.search(r'<td class="game"[^>]*>(.*?)</td>', html, re.S).group(1)
    assert "took-back" not in game_cell


def test_each_strength_is_explained_where_it_is_chosen(client):
    html = client.get("/", headers={"HX-Request": "true", "Accept-Language": "de"}).text
    helps = dict(re.findall(r'<option value="(\w+)"[^>]*data-help="([^"]+)"', html))
    assert set(helps) >= {"random", "easy", "rules", "medium", "hard"}
    assert "Faustregeln" in helps["rules"] and "zufällige" in helps["easy"]
    assert re.search(r'data-level-help>[^<]+<', html)          # the chosen one's line, without script


def test_the_api_link_is_in_the_menu_not_on_every_page(client, table_html):
    shell = client.get("/").text
    assert 'href="/docs"' not in shell and "page-footer" not in shell
    game, _ = service.new_game(GameSettings(level="random"))
    assert re.search(r'<details class="menu">.*href="/docs".*</details>', table_html(game), re.S)
