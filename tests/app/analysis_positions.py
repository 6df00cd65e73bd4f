"""A deal with a known blunder of the player (seat 0), for the analysis tests: early in the deal, the Fuchs
thrown into a trick that a known opponent surely takes, while the Karo-Neun or Karo-König — lower trumps of
fewer eyes — was legal: the Fuchs's eleven eyes and its special point lost for nothing."""

from __future__ import annotations

import random

from engine.actions import Play
from engine.bots import make_bot
from engine.bots.public import View
from engine.cards import EYES, FOX, card_from_code, code
from engine.deal import PLAY, Deal
from engine.driver import advance
from engine.observation import observe
from engine.record import export


LOWER_TRUMPS = (card_from_code("D9"), card_from_code("DK"))


def fox_blunder(seed: int = 0) -> tuple[dict, str]:
    """A finished deal's record in which seat 0 gave the Fuchs away, and the cheapest card it had instead."""
    while True:
        found = _try(seed)
        if found:
            return found
        seed += 1


def _try(seed: int):
    deal = Deal.shuffled(random.Random(seed))
    bots = {seat: make_bot("rules", seed * 4 + seat) for seat in range(4)}
    others = {seat: bot for seat, bot in bots.items() if seat != 0}
    blundered = None
    while not deal.is_done():
        advance(deal, others)
        if deal.is_done():
            break
        legal = deal.legal_cards() if deal.phase == PLAY and deal.turn == 0 else []
        cheaper = [card for card in legal if card in LOWER_TRUMPS]
        early = len(deal.tricks) < 8 and deal.contract == "normal"
        if blundered is None and early and FOX in legal and cheaper and len(deal.trick) == 3 \
                and _lost_to_known_opponent(deal):
            deal.apply(Play(0, FOX))
            blundered = min(cheaper, key=EYES.__getitem__)
        else:
            deal.apply(bots[0].choose(0, observe(deal, 0)))
    return (export(deal), code(blundered)) if blundered is not None else None


def _lost_to_known_opponent(deal: Deal) -> bool:
    view = View.of(observe(deal, 0), True)
    best = deal.order.trick_winner(deal.trick)
    best_seat, best_card = (deal.leader + best) % 4, deal.trick[best]
    return view.relation(best_seat) == -1 and not any(deal.order.beats[best_card][c] for c in deal.legal_cards())
