"""The house rules at the table, through the service and the table view: the player's actions reach
the engine as engine Actions (Armut, Schmeißen, Hochzeit partner), the rule set travels in the token."""

from __future__ import annotations

import pytest

from app import service
from app.api_models import PlayerAction
from app.game_settings import GameSettings
from app.service import Game, ServiceError
from app.views import hint_view, table_view
from engine.actions import Accept, Pass, Return
from tools import house_games


def act(game: Game, **fields) -> None:
    service.act(game, PlayerAction(seq=game.seq, **fields))


def chosen(view) -> str:
    return " ".join(choice.card.code for choice in view.options.exchange_choices if choice.chosen)


def test_a_new_game_plays_the_chosen_preset_and_its_token_keeps_it():
    game, _ = service.new_game(GameSettings(rules="ohne_neunen", level="random"))
    again = Game.from_state(game.to_state())
    assert again.round.rules.preset == "ohne_neunen" and not again.round.rules.nines
    view = table_view(again)
    assert view.rules.preset == "ohne_neunen" and view.tricks_total == 10 and len(view.hand) == 10


def test_a_token_from_before_house_rules_plays_the_tsr():
    game, _ = service.new_game(GameSettings(level="random"))
    state = game.to_state()
    del state["settings"]["rules"]
    del state["round"]["rules"]
    assert table_view(Game.from_state(state)).rules.preset == "tsr"


def test_a_tournament_round_needs_solos():
    with pytest.raises(ValueError, match="needs solos"):
        GameSettings(rules="einsteiger", mode="tournament")


def test_the_player_passes_an_armut_and_a_computer_takes_it():
    game = house_games.player_poor()
    act(game, reservation=True)
    assert "poverty" in [d.kind for d in table_view(game).options.declarations]
    act(game, declare="poverty")
    view = table_view(game)
    assert view.waiting_for == "exchange" and view.options.exchange == "pass"
    fixed = [c.card.code for c in view.options.exchange_choices if c.fixed]
    assert sorted(fixed) == ["D9", "DJ", "DQ"]       # the trumps go in any case
    with pytest.raises(ServiceError):                # not all trumps: refused, nothing changes
        act(game, give=" ".join([c.card.code for c in view.options.exchange_choices if not c.fixed][:3]))
    act(game, give=chosen(view))
    kinds = [type(a) for a in game.deal.exchange_actions()]
    assert kinds[0] is Pass and kinds[-1] is Return and Accept in kinds
    log = [entry.kind for entry in table_view(game).log]
    assert log.index("pass") < log.index("accept") < log.index("return")


def test_the_player_takes_an_armut_offered_and_gives_cards_back():
    game = house_games.armut_offered_to_player()
    view = table_view(game)
    assert view.options.exchange == "accept" and view.options.exchange_cards == 3
    act(game, accept=True)
    view = table_view(game)
    assert view.options.exchange == "return" and len(view.hand) == 15
    act(game, give=chosen(view))
    assert game.deal.contract == "poverty" and game.deal.party_of(0) == "re"


def test_a_thrown_in_deal_enters_no_row_and_the_same_dealer_deals_again():
    game = house_games.player_throws()
    act(game, reservation=True)
    act(game, declare="throw")
    view = table_view(game)
    assert view.result.contract == "thrown" and view.result.thrown["reason"] == "nines"
    dealer = game.round.dealer
    service.next_deal(game, game.seq)
    assert game.round.rows == [] and game.round.dealer == dealer


def test_the_hochzeit_partner_is_the_players_choice_when_the_rules_say_so():
    hands = house_games.hands_with(["CQ", "CQ"])
    game = house_games.game_with(hands, dealer=3)
    act(game, reservation=True)
    weddings = [d.partner for d in table_view(game).options.declarations if d.kind == "wedding"]
    assert weddings == ["first_trick", "first_fail_trick", "first_trump_trick"]
    with pytest.raises(ServiceError):
        act(game, declare="wedding")                 # kneipe: the Hochzeiter must choose
    act(game, declare="wedding", partner="first_trump_trick")
    assert game.deal.partner_rule == "first_trump_trick"


def test_bock_games_show_on_the_score_sheet():
    game = house_games.in_bock_games()
    view = table_view(game)
    assert view.bock == 2 and view.bock_to_come == [2, 2, 2]


HX = {"HX-Request": "true"}


def test_the_new_game_form_takes_a_preset_and_single_options(client):
    form = {"animation_ms": "0", "language": "de", "level": "random", "mode": "casual", "rules": "kneipe",
            "option.bock": "false", "option.solo_koenig": "true", "option.dulle_tie": "", "option.bock_stack_max": "2"}
    answer = client.post("/new-game", data=form, headers=HX)
    assert answer.status_code == 200
    assert 'data-preset="kneipe"' in answer.text and "Kneipe / Hausrunde*" in answer.text
    assert '<div data-option="bock" class="changed">' in answer.text


@pytest.mark.parametrize("form, reason", [
    ({"rules": "einsteiger", "mode": "tournament"}, "needs solos"),
    ({"rules": "doppelbock"}, "rules"),
    ({"rules": "tsr", "option.bock_stack_max": "99"}, "bock_stack_max"),
    ({"rules": "tsr", "option.nines": "maybe"}, "nines"),
    ({"rules": "tsr", "option.no_such_rule": "true"}, "no_such_rule"),
    ({"rules": "kneipe", "option.bock_stack_max": "²"}, "bock_stack_max"),       # a digit int() refuses
    ({"rules": "kneipe", "option.bock_stack_max": "9" * 4301}, "bock_stack_max"),  # past int()'s limit
    ({"rules": "kneipe", "option.bock_stack_max": "٣"}, "bock_stack_max"),        # an Arabic-Indic 3
])
def test_a_rule_set_that_does_not_exist_is_refused_with_a_reason(client, form, reason):
    answer = client.post("/new-game", data={"animation_ms": "0", "language": "en", **form}, headers=HX)
    assert answer.status_code == 422 and reason in answer.text


@pytest.mark.parametrize("preset, shown_at_start", [("sonderregeln", True), ("kneipe", False)])
def test_schweine_are_shown_as_the_rules_say(preset, shown_at_start):
    rules = house_games.Rules.preset_named(preset)
    game = house_games.game_with(house_games.hands_with(["DA", "DA"], rules=rules), rules=rules, dealer=3)
    act(game, reservation=False)
    if game.deal.contract != "normal":
        pytest.skip("a computer player named a game of its own")
    assert table_view(game).seats[0].shows == (["schweine"] if shown_at_start else [])


def test_the_hint_in_the_armut_exchange_is_what_the_page_preselects():
    offered = house_games.armut_offered_to_player()
    advice = service.hint(offered)
    action, reason = advice.action, advice.reason
    assert isinstance(action, Accept) and reason.key in ("armut-take", "armut-decline")
    hint = hint_view(advice, "de")
    assert hint.hard.kind == "accept"
    assert [idea.key for idea in hint.ideas] == ["armut-accept" if action.accepted else "armut-decline"]
    poor = house_games.player_poor()
    act(poor, reservation=True)
    act(poor, declare="poverty")
    advice = service.hint(poor)
    action, reason = advice.action, advice.reason
    assert isinstance(action, Pass) and reason.key == "armut-pass"
    hint = hint_view(advice, "de")
    assert [idea.key for idea in hint.ideas] == ["armut-pass"] and hint.reason.startswith("Armut: ")
    shown = hint.hard
    assert shown.kind == "pass" and len(shown.cards) == poor.deal.poverty_cards()
    chosen = sorted(choice.card.code for choice in table_view(poor).options.exchange_choices if choice.chosen)
    assert chosen == sorted(card.code for card in shown.cards)
