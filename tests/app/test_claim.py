"""Abkürzung at the table: offered only when proven, scored as played out, and computers claim too."""

from __future__ import annotations

import random

import pytest

from app.api_models import PlayerAction
from app.service import ServiceError, act, let_computers_act
from app.views import options_view, story, table_view
from engine.bots import make_bot
from engine.deal import Deal
from engine.deal import PLAY

from .claim_positions import SURE, normal_game_with_a_claim, one_card_short, solo_game


def at_players_turn(game):
    let_computers_act(game)
    assert game.deal.phase == PLAY and game.deal.turn == 0
    return game


def test_a_sure_claim_is_offered_and_takes_every_trick():
    game = at_players_turn(solo_game())
    assert options_view(game.deal).claim
    before = game.deal.cards_played
    applied = act(game, PlayerAction(seq=game.seq, game_id=game.game_id, claim=True))
    assert len(applied) == 48 - before                  # every card, to the last, for the record
    assert game.deal.is_done() and all(trick.winner == 0 for trick in game.deal.tricks)
    assert game.deal.result().scores[0] > 0


def test_a_claim_one_card_short_of_proof_is_neither_offered_nor_accepted():
    game = at_players_turn(solo_game(one_card_short()))
    assert not options_view(game.deal).claim
    with pytest.raises(ServiceError) as refused:
        act(game, PlayerAction(seq=game.seq, game_id=game.game_id, claim=True))
    assert refused.value.code == "no-claim"
    assert game.deal.cards_played == 0 or not game.deal.is_done()       # nothing was played for it


def test_a_computer_soloist_claims_and_the_players_cards_are_played_for_it():
    # Seat 1 holds the sure hand: the player never has to play a card of this deal.
    hands = SURE[3:] + SURE[:3]            # seat 1 gets SURE[0]
    game = solo_game(hands, soloist=1)
    let_computers_act(game)
    assert game.deal.is_done() and all(trick.winner == 1 for trick in game.deal.tricks)


def test_the_api_refuses_a_claim_with_a_clear_error(api_game):
    game = api_game()
    game.play_until(lambda view: view["options"]["play"])
    response = game.post("/api/game/actions", {"seq": game.view["seq"], "claim": True})
    assert response.status_code in (400, 409) and "claim" in response.text


def test_only_the_last_forced_cards_play_themselves():
    from app.views import forced_card
    from engine.claim import lowest_card

    game = solo_game(one_card_short())
    deal = game.deal
    seen = []
    while deal.phase == PLAY:
        if deal.turn == 0:
            seen.append((len(deal.hands[0]), len(set(deal.legal_cards())), forced_card(deal)))
        deal.play(lowest_card(deal, deal.turn))
    for in_hand, choices, forced in seen:
        assert (forced is not None) == (in_hand <= 2 and choices == 1)
    assert seen[-1][2] is not None                     # the last card always plays itself


def test_a_claim_is_told_once_and_its_cards_are_not_shown_one_by_one():
    from app.views import story
    from engine.claim import claimed_at

    game = at_players_turn(solo_game())
    before = len(game.deal.actions)
    act(game, PlayerAction(seq=game.seq, game_id=game.game_id, claim=True))
    assert claimed_at(game.deal) == before
    log, frames = story(game.deal, len(game.deal.actions) - before)
    assert [entry.kind for entry in log].count("claim") == 1
    assert len(frames) == 1 and frames[0].winner == 0          # the table jumps to the end


def test_a_solo_played_on_to_the_end_is_not_told_as_a_claim():
    from engine.claim import claimed_at, lowest_card

    game = at_players_turn(solo_game(one_card_short()))
    deal = game.deal
    while deal.phase == PLAY:
        deal.play(lowest_card(deal, deal.turn))
    assert claimed_at(deal) is None


def test_with_the_casual_option_anyone_who_surely_takes_the_rest_claims():
    game = normal_game_with_a_claim()
    view = table_view(game)
    assert view.options.claim
    before = len(game.deal.actions)
    act(game, PlayerAction(seq=game.seq, game_id=game.game_id, claim=True))
    assert game.deal.is_done() and all(trick.winner == 0 for trick in game.deal.tricks[9:])
    log, frames = story(game.deal, len(game.deal.actions) - before, claim_anyone=True)
    assert [entry.kind for entry in log].count("claim") == 1 and len(frames) == 1


@pytest.mark.parametrize("claim_anyone, mode", [(False, "casual"), (True, "tournament")])
def test_without_the_option_or_in_a_tournament_only_a_soloist_claims(claim_anyone, mode):
    game = normal_game_with_a_claim(claim_anyone, mode)
    assert not table_view(game).options.claim
    with pytest.raises(ServiceError) as refused:
        act(game, PlayerAction(seq=game.seq, game_id=game.game_id, claim=True))
    assert refused.value.code == "no-claim" and not game.deal.is_done()


def test_a_computer_claims_in_a_normal_game_with_the_option_but_keeps_a_karlchen_chance():
    from engine.cards import KARLCHEN
    from engine.claim import claim_order
    from engine.driver import advance
    from engine.round import Round

    rng = random.Random(5)
    claimed = 0
    for _ in range(400):
        round_ = Round(dealer=rng.randrange(4))
        deal = round_.start_deal(Deal.shuffled(rng).hands)
        for seat in deal.query_order():
            deal.reserve(seat, False)
        while deal.phase == PLAY and deal.cards_played < 36:
            deal.play(rng.choice(deal.legal_cards()))
        seat = deal.turn
        line = claim_order(deal, seat, anyone=True) if deal.phase == PLAY and deal.soloist is None else None
        if line is None:
            continue
        before = deal.cards_played
        advance(deal, {seat: make_bot("rules", seat)}, limit=1, claim_anyone=True)
        gives_up_karlchen = KARLCHEN in line and line[-1] != KARLCHEN
        assert (deal.cards_played == 48) == (not gives_up_karlchen)      # claimed at once, or played one card
        if not gives_up_karlchen:
            claimed += 1
            assert all(trick.winner == seat for trick in deal.tricks[before // 4:])
    assert claimed >= 3
