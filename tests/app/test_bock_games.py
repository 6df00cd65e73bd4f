"""Chained Bock rounds never outgrow the token (issue 21, item 5).

With every Bock trigger on, a Bock round may be triggered in most deals; capped rounds
(``bock_stack_max`` >= 1) then extend the queue of coming Bock deals faster than deals use it up.
The round keeps at most ``MAX_COMING_BOCK_DEALS`` of them, and the token check allows exactly that.
Deals are played through the engine (random legal actions, or the ``rules`` computer players), not
through the server: thousands of them in a few seconds.
"""

from __future__ import annotations

import random

import pytest
from cryptography.fernet import Fernet

from app.sealing import Sealer
from app.service import Game
from app.state import check_state
from engine.actions import Call, Play
from engine.deal import DECLARE, PLAY, Deal
from engine.round import MAX_COMING_BOCK_DEALS
from engine.rules import OPTIONS, PRESET_NAMES, Rules
from tools.bock_games import bots_play, games, with_every_bock_trigger


def play_with_frequent_calls(deal: Deal, rng: random.Random) -> None:
    """Random legal actions; before almost a third of the cards some seat announces what it may, so
    that lost Re and lost Kontra trigger often."""
    while not deal.is_done():
        if deal.phase == PLAY:
            seat = rng.randrange(4)
            calls = deal.legal_calls(seat) if rng.random() < 0.3 else ()
            deal.apply(Call(seat, rng.choice(calls)) if calls else Play(deal.turn, rng.choice(deal.legal_cards())))
        elif deal.phase == DECLARE:
            deal.apply(rng.choice([d for seat in deal.reservation_holders() for d in deal.legal_declarations(seat)]))
        else:
            deal.apply(rng.choice(deal.legal_actions(deal.turn)))


def check_game(rules: Rules, deals: int, play, seed: int) -> int:
    """Play ``deals`` deals; every state on the way must be a valid token. Returns the longest queue."""
    longest = 0
    for game in games(rules, deals, play, seed):
        assert len(game.round.bock_levels) <= MAX_COMING_BOCK_DEALS
        state = game.to_state()
        check_state(state)
        longest = max(longest, len(game.round.bock_levels))
    sealer = Sealer(Fernet.generate_key())
    assert Game.from_state(sealer.unseal(sealer.seal(state))).round.to_dict() == state["round"]
    return longest


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_with_every_bock_trigger_keeps_a_valid_token(preset):
    longest = {stack_max: check_game(with_every_bock_trigger(Rules.preset_named(preset), stack_max), 120,
                                     play_with_frequent_calls, seed=stack_max)
               for stack_max in OPTIONS["bock_stack_max"]}
    assert longest[0] <= 4                            # uncapped rounds overlap: never more than one round ahead
    assert longest[1] == MAX_COMING_BOCK_DEALS        # chained rounds reach the bound and stay within it


def test_random_rule_sets_with_every_bock_trigger_keep_a_valid_token():
    rng = random.Random(21)
    for seed in range(20):
        options = {name: rng.choice(list(values)) for name, values in OPTIONS.items() if rng.random() < 0.5}
        rules = with_every_bock_trigger(Rules.from_dict({"preset": rng.choice(PRESET_NAMES), **options}),
                                        rng.choice(OPTIONS["bock_stack_max"]))
        check_game(rules, 100, play_with_frequent_calls, seed)


def test_rule_players_chaining_bock_rounds_keep_a_valid_token():
    """The issue's game: kneipe, chained rounds, the Herz trick and every other trigger on."""
    rules = with_every_bock_trigger(Rules.preset_named("kneipe"), 1)
    assert check_game(rules, 100, bots_play("rules"), seed=3) == MAX_COMING_BOCK_DEALS
