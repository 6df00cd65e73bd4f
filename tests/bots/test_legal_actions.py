"""Every level only ever returns legal actions, in thousands of random positions of every contract."""

from __future__ import annotations

import random

import pytest

from engine import Call, Declare, Play, Reservation
from engine.bots import make_bot
from engine.bots.reasons import Reason
from engine.bots.rules import RuleBot, explain
from engine.bots.levels import Level
from engine.bots.search import SearchBot
from engine.contracts import SOLO_KINDS
from engine.deal import DECLARE, RESERVATIONS
from engine.observation import observe
from tests.bots.positions import acting_seat, random_position

# Search levels with cheap settings: a world or two per decision, no worker process.
CHEAP_MEDIUM = Level.of(seconds=0.0, max_worlds=2, min_worlds=1)
CHEAP_HARD = Level.of(seconds=0.0, max_worlds=3, min_worlds=1, inference=True, batch=3)


def assert_legal(deal, seat, action):
    assert action.seat == seat
    if deal.phase == RESERVATIONS:
        assert isinstance(action, Reservation) and deal.turn == seat
    elif deal.phase == DECLARE:
        assert isinstance(action, Declare)
        if action.kind == "wedding":
            assert deal.holds_both_club_queens(seat)
        else:
            assert action.kind in SOLO_KINDS
    else:
        assert isinstance(action, (Play, Call))
        deal.copy().apply(action)  # raises IllegalActionError if it is not legal


def bots():
    return {
        "random": make_bot("random", 1),
        "easy": make_bot("easy", 2),
        "rules": make_bot("rules", 3),
        "medium": SearchBot(CHEAP_MEDIUM, 4, "medium"),
        "hard": SearchBot(CHEAP_HARD, 5, "hard"),
    }


@pytest.mark.parametrize("chunk", range(4))
def test_every_level_answers_legally(chunk):
    rng = random.Random(1000 + chunk)
    players = bots()
    asked = 0
    for _ in range(400):
        deal = random_position(rng)
        seat = acting_seat(deal, rng)
        record = observe(deal, seat)
        levels = list(players) if rng.random() < 0.3 else ["random", "easy", "rules"]
        for level in levels:
            assert_legal(deal, seat, players[level].choose(seat, record))
            asked += 1
    assert asked > 1200


def test_positions_cover_every_kind_of_deal():
    rng = random.Random(7)
    contracts = {random_position(rng).contract for _ in range(1500)}
    assert {"normal", "wedding"} <= contracts
    assert len(contracts & set(SOLO_KINDS)) >= 5


def test_rule_player_explains_its_choice():
    rng = random.Random(3)
    for _ in range(100):
        deal = random_position(rng)
        seat = acting_seat(deal, rng)
        action, reason = explain(seat, observe(deal, seat))
        assert isinstance(reason, Reason) and str(reason)
        assert_legal(deal, seat, action)
    assert RuleBot(1).explain(seat, observe(deal, seat))[0] == action


def test_complete_deals_between_levels_end_legally():
    from engine import Deal, deal_hands
    from engine.driver import advance
    rng = random.Random(11)
    players = bots()
    for game in range(6):
        dealer = game % 4
        deal = Deal(deal_hands(rng, dealer), dealer, compulsory_open=frozenset())
        names = list(players)
        advance(deal, {s: players[names[(game + s) % len(names)]] for s in range(4)})
        assert deal.is_done()
        assert sum(deal.result().scores) == 0


def test_hard_answers_with_its_worker_process():
    """The real `hard` level: a legal card, with the program's one pool of helper processes, which a
    second bot reuses (how fast it answers is measured by the benchmarks, not here)."""
    from engine import Deal, deal_hands
    from engine.bots import helpers
    rng = random.Random(21)
    deal = Deal(deal_hands(rng, 0), 0, compulsory_open=frozenset())
    for seat in deal.query_order():
        deal.reserve(seat, False)
    for _ in range(9):
        deal.play(rng.choice(deal.legal_cards()))
    pools = []
    for seed in (1, 2):
        action = make_bot("hard", seed).choose(deal.turn, observe(deal, deal.turn))
        assert_legal(deal, deal.turn, action)
        pools.append(helpers.HELPERS.pool)
    assert pools[0] is not None and pools[0] is pools[1]
