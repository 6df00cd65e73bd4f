"""Under house rules the computers throw in and declare Armut where the hand allows it."""

from __future__ import annotations

import random

import pytest

from engine.actions import Reservation
from engine.bots import make_bot
from engine.bots.rules import weak_hand_reservation
from engine.deal import Deal
from engine.driver import advance
from engine.observation import observe
from engine.round import Round
from engine.rules import Rules


def first_deal_where(rules: Rules, wanted, seed: int = 1) -> tuple[Deal, int]:
    rng = random.Random(seed)
    for _ in range(2000):
        deal = Round(rules=rules).new_deal(rng)
        for seat in range(4):
            if wanted(deal, seat):
                return deal, seat
    raise AssertionError("no such deal in 2000")


@pytest.mark.parametrize("kind", ["poverty", "throw"])
def test_a_weak_hand_says_vorbehalt_under_kneipe_rules(kind):
    rules = Rules.from_dict({"preset": "kneipe"})
    deal, seat = first_deal_where(rules, lambda d, s: d.kind_problem(s, kind) is None
                                  and all(d.kind_problem(s, k) for k in ("wedding", "throw" if kind == "poverty" else "poverty")))
    assert weak_hand_reservation(observe(deal, seat)) == kind
    if deal.current_player() == seat:
        assert make_bot("rules", 1).choose(seat, observe(deal, seat)) == Reservation(seat, True)


def test_never_under_the_tournament_rules():
    deal, seat = first_deal_where(Rules.from_dict({"preset": "tsr"}), lambda d, s: True)
    assert weak_hand_reservation(observe(deal, seat)) is None


def test_computers_play_armut_and_schmeissen_deals_to_the_end():
    rules = Rules.from_dict({"preset": "kneipe"})
    rng = random.Random(3)
    contracts = []
    for _ in range(60):
        deal = Round(rules=rules).new_deal(rng)
        advance(deal, {seat: make_bot("rules", seat) for seat in range(4)})
        assert deal.is_done()
        contracts.append(deal.contract)
    assert "poverty" in contracts or "thrown" in contracts
