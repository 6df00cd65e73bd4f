"""Random positions of every kind of deal: play random legal actions and stop somewhere."""

from __future__ import annotations

import random

from engine import Deal, deal_hands
from engine.driver import seats_to_act
from engine.randomplay import step


def random_position(rng: random.Random, *, reservation_rate: float = 0.3, call_rate: float = 0.08,
                    compulsory_open=frozenset()) -> Deal:
    """A deal stopped after a random number of random legal actions (never finished)."""
    dealer = rng.randrange(4)
    deal = Deal(deal_hands(rng, dealer), dealer, compulsory_open=compulsory_open)
    stop = rng.randrange(0, 60)
    for _ in range(stop):
        step(deal, rng, reservation_rate, call_rate)
        if deal.is_done():
            return random_position(rng, reservation_rate=reservation_rate, call_rate=call_rate,
                                   compulsory_open=compulsory_open)
    return deal


def acting_seat(deal: Deal, rng: random.Random) -> int:
    return rng.choice(seats_to_act(deal))


def actions_over_seeds(level: str, record: dict, seat: int, seeds: int) -> list:
    """What ``level`` (at its fixed arena budget) does for ``seat`` at ``record`` with each of the
    random seeds 0 .. ``seeds`` - 1: a guard must hold whatever the worlds say."""
    from engine.bots import arena
    bot = arena.arena_bot(level, 0, "fixed")
    actions = []
    for seed in range(seeds):
        bot.rng = random.Random(seed)
        actions.append(bot.choose(seat, record))
    return actions
