"""Random legal deals of every kind, for property tests and benchmarks (not a player: no strategy at all)."""

from __future__ import annotations

import random

from .actions import Call
from .cards import deal_hands
from .deal import DECLARE, PLAY, RESERVATIONS, Deal


def random_actions_deal(rng: random.Random, *, reservation_rate: float = 0.3, call_rate: float = 0.05,
                        compulsory_open=None, dealer: int | None = None) -> Deal:
    """A complete deal where every choice (reservations, namings, calls, cards) is random and legal."""
    dealer = rng.randrange(4) if dealer is None else dealer
    deal = Deal(deal_hands(rng, dealer), dealer, compulsory_open=compulsory_open)
    while not deal.is_done():
        step(deal, rng, reservation_rate, call_rate)
    return deal


def step(deal: Deal, rng: random.Random, reservation_rate: float = 0.3, call_rate: float = 0.05) -> None:
    """One random legal action (maybe a call by any seat first)."""
    if random_call(deal, rng, call_rate):
        return
    if deal.phase == RESERVATIONS:
        deal.reserve(deal.turn, rng.random() < reservation_rate)
    elif deal.phase == DECLARE:
        options = [d for seat in deal.reservation_holders() or [deal.forced] for d in deal.legal_declarations(seat)]
        deal.apply(rng.choice(options))
    else:
        deal.play(rng.choice(deal.legal_cards()))


def random_call(deal: Deal, rng: random.Random, call_rate: float) -> bool:
    """With chance ``call_rate`` while cards are played, a random legal call of a random seat; whether one was made."""
    if deal.phase == PLAY and rng.random() < call_rate:
        seat = rng.randrange(4)
        calls = deal.legal_calls(seat)
        if calls:
            deal.apply(Call(seat, rng.choice(calls)))
            return True
    return False
