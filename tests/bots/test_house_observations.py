"""Every level reads the observations of house-rule deals, Schweine shown included: no answer of a bot
needs the driver's fallback."""

from __future__ import annotations

import random

import pytest

from engine.bots import make_bot
from engine.cards import FOX, deal_hands
from engine.deal import Deal
from engine.driver import advance
from engine.rules import Rules


class Watched:
    """A bot whose failures are kept (the driver would replace them silently under house rules)."""

    def __init__(self, bot, failures: list):
        self.bot, self.failures = bot, failures

    def choose(self, seat, record):
        try:
            return self.bot.choose(seat, record)
        except Exception as error:       # noqa: BLE001 - kept for the assertion, then raised again
            self.failures.append(repr(error))
            raise


def swine_deal(rng: random.Random) -> Deal:
    """A Kneipe deal in which one seat holds both Karo-Asse: Schweine, shown at the start of play."""
    rules = Rules.from_dict({"preset": "kneipe", "schweine_shown": "at_start"})
    while True:
        hands = deal_hands(rng, 0)
        if any(hand.count(FOX) == 2 for hand in hands):
            return Deal(hands, 0, rules)


@pytest.mark.parametrize("level", ["easy", "rules", "medium"])
def test_no_bot_fails_when_schweine_are_shown(level):
    deal = swine_deal(random.Random(4))
    failures: list[str] = []
    advance(deal, {seat: Watched(make_bot(level, seat), failures) for seat in range(4)})
    assert deal.is_done()
    assert failures == []
