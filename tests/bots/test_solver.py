"""The exact endgame solver (engine/bots/solver.py) against the references: the rules engine itself
(every line of play tried with Deal.copy, scored by Deal.result) and the plain solver of the sim."""

from __future__ import annotations

import random

import pytest

from engine.actions import Play
from engine.bots.sim import EYE_WEIGHT, Sim, solve
from engine.bots.solver import COMPILED, Solver

KERNEL = Solver()   # the compiled kernel itself (solve_value leaves the last two tricks to the plain solver)
from engine.actions import Call
from engine.deal import PLAY, RE, Deal
from engine.rules import OPTIONS, PRESET_NAMES, Rules


def random_rules(rng: random.Random) -> Rules:
    preset = rng.choice(PRESET_NAMES)
    overrides = {name: rng.choice(list(values)) for name, values in OPTIONS.items() if rng.random() < 0.5}
    return Rules.from_dict({"preset": preset, **overrides})


def endgame(rules: Rules, seed: int, cards_left: int):
    """A deal under ``rules`` played at random (calls now and then) until ``cards_left`` cards are in
    the hands, or None when it ends before (thrown) or its parties are still open (a Hochzeit).
    Like tests/engine/test_house_properties.random_deal, stopped early."""
    rng = random.Random(seed)
    bock = 2 ** rng.randrange(3) if rules.bock else 1
    deal = Deal.shuffled(rng, rng.randrange(4), rules, bock=bock)
    while not deal.is_done() and sum(len(h) for h in deal.hands) > cards_left:
        if deal.phase == PLAY and rng.random() < 0.1:
            seat = rng.randrange(4)
            calls = deal.legal_calls(seat)
            if calls:
                deal.apply(Call(seat, rng.choice(calls)))
                continue
        if deal.phase == "declare":
            options = [d for s in deal.reservation_holders() for d in deal.legal_declarations(s)]
        else:
            options = deal.legal_actions(deal.turn)
            if deal.phase == "reservations" and len(options) == 2:
                options = [options[rng.random() < 0.3]]
        deal.apply(rng.choice(options))
    if deal.is_done() or deal.phase != PLAY or deal.re_seats is None or len(deal.re_seats) == 0:
        return None
    return deal


def engine_value(deal, seat: int) -> float:
    """Minimax over every legal line of play in the rules engine, scored like Sim.reward."""
    if deal.is_done():
        result = deal.result()
        re_eyes = result.eyes[RE]
        own = re_eyes if seat in deal.re_seats else 240 - re_eyes
        return result.scores[seat] + EYE_WEIGHT * own
    turn = deal.turn
    same_side = (turn in deal.re_seats) == (seat in deal.re_seats)
    values = []
    for card in sorted({a.card for a in deal.legal_actions(turn) if isinstance(a, Play)}):
        child = deal.copy()
        child.apply(Play(turn, card))
        values.append(engine_value(child, seat))
    return max(values) if same_side else min(values)


def test_the_kernel_is_compiled_where_numba_is_installed():
    pytest.importorskip("numba")
    assert COMPILED


@pytest.mark.parametrize("cards_left", [4, 8])
def test_solver_values_equal_the_rules_engine_played_out_under_random_rules(cards_left):
    rng = random.Random(cards_left)
    checked = 0
    for seed in range(400):
        rules = random_rules(rng)
        deal = endgame(rules, seed, cards_left)
        if deal is None or Sim.from_deal(deal).re is None:
            continue
        sim = Sim.from_deal(deal)
        for seat in range(4):
            assert KERNEL.value(sim, seat) == pytest.approx(engine_value(deal, seat), abs=1e-9), (rules.to_dict(), seed)
        checked += 1
    assert checked > 150


def test_solver_values_equal_the_plain_solver_over_hundreds_of_endgames():
    """Three tricks left under every preset and random options, Bock and calls included."""
    rng = random.Random(12)
    checked = 0
    for seed in range(800):
        rules = random_rules(rng)
        deal = endgame(rules, 10_000 + seed, 12)
        if deal is None:
            continue
        sim = Sim.from_deal(deal)
        if sim.re is None:
            continue
        seat = rng.randrange(4)
        assert KERNEL.value(sim, seat) == pytest.approx(solve(sim, seat), abs=1e-9), (rules.to_dict(), seed)
        checked += 1
    assert checked >= 500


def test_a_fresh_table_and_a_reused_one_give_the_same_values():
    rng = random.Random(5)
    shared = Solver(bits=10)   # small: keys collide and entries are replaced
    for seed in range(60):
        deal = endgame(random_rules(rng), seed, 16)
        if deal is None or Sim.from_deal(deal).re is None:
            continue
        sim = Sim.from_deal(deal)
        assert shared.value(sim, deal.turn) == Solver().value(sim, deal.turn)
