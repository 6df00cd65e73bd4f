"""Positions for the Abkürzung (TSR 5.4) at the table: a soloist whose cards surely take the rest, and the same
hand one card short of that (shared by the app and browser tests)."""

from __future__ import annotations

from app.game_settings import GameSettings
from app.service import Game
from engine.cards import cards_from_codes
from engine.round import Round

# Seat 0 plays a Fleischloser holding the top of Kreuz and Pik: every trick is surely its own.
SURE = ("CA CA C10 C10 CK CK SA SA S10 S10 SK SK", "SQ SJ SJ S9 S9 HA HA H10 H10 HK HK HQ",
        "CQ CQ CJ CJ C9 C9 SQ HQ HJ HJ H9 H9", "DA DA D10 D10 DK DK DQ DQ DJ DJ D9 D9")


def one_card_short(hands=SURE):
    """One Pik-Ass of the soloist changes places with a Pik-Dame: the other Pik-Ass is unseen, so the
    second Pik lead may lose."""
    hands = [list(hand.split()) for hand in hands]
    hands[0][hands[0].index("SA")] = "SQ"
    hands[1][hands[1].index("SQ")] = "SA"
    return tuple(" ".join(hand) for hand in hands)


def solo_game(hands=SURE, soloist: int = 0, kind: str = "solo-fleischlos") -> Game:
    """A casual game at the start of play of a solo of ``soloist``, who leads (the hands are given from seat 0
    on; the dealer sits before the soloist)."""
    round_ = Round(dealer=(soloist - 1) % 4)
    deal = round_.start_deal([cards_from_codes(hand.split()) for hand in hands])
    for seat in deal.query_order():
        deal.reserve(seat, seat == soloist)
    deal.declare(soloist, kind)
    return Game("claim", 1, GameSettings(level="rules", animation_ms=0), round_, deal)


def normal_game_with_a_claim(claim_anyone: bool = True, mode: str = "casual") -> Game:
    """A normal game (random cards and play, fixed seeds) where the player is to play and surely takes
    every remaining trick: a claim for anyone, not for a soloist."""
    import random

    from engine.claim import claim_order
    from engine.deal import PLAY, Deal

    rng = random.Random(12)
    for _ in range(3000):
        round_ = Round(mode=mode, dealer=rng.randrange(4))
        deal = round_.start_deal(Deal.shuffled(rng).hands)
        for seat in deal.query_order():
            deal.reserve(seat, False)
        while deal.phase == PLAY and deal.cards_played < 36:
            deal.play(rng.choice(deal.legal_cards()))
        if (deal.phase == PLAY and deal.turn == 0 and deal.soloist is None and deal.re_seats is not None
                and claim_order(deal, 0, anyone=True)):
            settings = GameSettings(level="rules", animation_ms=0, mode=mode, claim_anyone=claim_anyone)
            return Game("claim-anyone", 1, settings, round_, deal)
    raise AssertionError("no such position in 3000 deals")
