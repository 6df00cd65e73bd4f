"""Games at a house-rules table in a chosen situation, for tests: the player with an Armut hand or
five nines, a computer's Armut offered to the player, a round in its Bock games.

The hands come from a seeded shuffle with the wished cards moved into the player's hand; a seed is
taken only if no other seat has a reservation of its own that could get in the way.
"""

from __future__ import annotations

import random

from app.game_settings import GameSettings
from app.service import Game, let_computers_act
from engine.actions import Declare, Pass, Reservation
from engine.cards import cards_from_codes, deal_hands
from engine.deal import Deal
from engine.driver import house_default
from engine.round import Round
from engine.rules import Rules

KNEIPE = Rules.preset_named("kneipe")


def hands_with(wish: list[str], rules: Rules = KNEIPE, seat: int = 0, poor: bool | None = None) -> list[list[int]]:
    """Four hands, ``seat`` holding the ``wish`` cards; no other seat poor, able to throw or with a Hochzeit."""
    wished = cards_from_codes(wish)
    for seed in range(10_000):
        deck = [card for hand in deal_hands(random.Random(seed), 0, rules.nines) for card in hand]
        for card in wished:
            deck.remove(card)
        size = rules.tricks
        mine = wished + deck[:size - len(wished)]
        others = deck[size - len(wished):]
        hands = [others[i * size:(i + 1) * size] for i in range(3)]
        hands.insert(seat, mine)
        deal = Deal([list(h) for h in hands], 0, rules)
        others_seats = [s for s in range(4) if s != seat]
        if any(deal.throw_reason(s) or deal.is_poor(s) or deal.holds_both_club_queens(s) for s in others_seats):
            continue
        if poor is not None and deal.is_poor(seat) != poor:
            continue
        return hands
    raise AssertionError(f"no deal found with {wish}")


def game_with(hands, rules: Rules = KNEIPE, level: str = "rules", **round_fields) -> Game:
    """A new game at this deal; the computer players act until it is the player's turn."""
    round_ = Round(rules=rules, **round_fields)
    settings = GameSettings(rules=rules.preset, level=level, animation_ms=0)
    game = Game("feedc0ffee000001", 1, settings, round_, round_.start_deal([list(h) for h in hands]))
    let_computers_act(game)
    return game


def player_poor() -> Game:
    """The player holds an Armut hand (three trumps) and is asked first (dealer 3: the player is Vorhand)."""
    return game_with(hands_with(["DQ", "DJ", "D9"], poor=True), dealer=3)


def player_throws() -> Game:
    """The player holds five nines (Schmeißen under ``kneipe``) and is asked first."""
    return game_with(hands_with(["C9", "C9", "S9", "S9", "H9"]), dealer=3)


def armut_offered_to_player() -> Game:
    """Seat 3 is poor, has declared Armut and passed its cards: the player (next clockwise) is asked."""
    hands = hands_with(["DQ", "DJ", "D9"], seat=3, poor=True)
    round_ = Round(rules=KNEIPE, dealer=2)              # seat 3 is asked first, the player last
    deal = round_.start_deal([list(h) for h in hands])
    for seat in (3, 0, 1, 2):
        deal.apply(Reservation(seat, seat == 3))
    deal.apply(Declare(3, "poverty"))
    deal.apply(house_default(deal, 3))                 # the pass: all trumps and the cheapest fail cards
    assert isinstance(deal.exchange_actions()[0], Pass) and deal.turn == 0
    settings = GameSettings(rules="kneipe", level="rules", animation_ms=0)
    return Game("feedc0ffee000002", 1, settings, round_, deal)


def in_bock_games() -> Game:
    """A kneipe round whose next four deals are Bock games (a trigger just happened)."""
    return game_with(hands_with([]), bock_levels=[1, 1, 1, 1])
