"""The rollouts' leads: a fail Ace with the chance ``Settings.ace_leads`` (0.7 in every level), else any card
at random (docs/strength.md, "The rollout policy at hard": a setting to measure with)."""

from __future__ import annotations

import random

import pytest

from engine.bots.sim import Sim, _policy
from engine.cards import card_from_code

HAND = ["CA", "SA", "C9", "SK", "S9", "HK", "H9", "DQ", "DJ", "D9", "HJ", "SJ"]   # two fail Aces of twelve cards


def ace_share(ace_leads: float, leads: int = 4000) -> float:
    """How often the leader of the first trick leads one of its two Aces."""
    hands = [[card_from_code(c) for c in HAND]] + [[] for _ in range(3)]
    sim = Sim.start(hands, 0, "normal", frozenset({0, 1}))
    aces = {card_from_code("CA"), card_from_code("SA")}
    rand = random.Random(7).random
    options = sim.options()
    played = [_policy(sim, options, sim.suit, sim.strength, sim.beats, rand, ace_leads) for _ in range(leads)]
    return sum(card in aces for card in played) / leads


@pytest.mark.parametrize("ace_leads, expected", [(0.0, 2 / 12), (0.7, 0.7 + 0.3 * 2 / 12), (1.0, 1.0)])
def test_a_lead_is_an_ace_with_the_settings_chance_else_any_card(ace_leads, expected):
    assert abs(ace_share(ace_leads) - expected) < 0.03

