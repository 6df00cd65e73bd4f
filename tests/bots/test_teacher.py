"""The teacher (engine/bots/teacher.py): the Tipp and the Analyse judge alike, on worlds that believe the bidding."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.actions import Declare, Reservation
from engine.bots import make_bot
from engine.bots.analysis import Judgement, _prefix, decision_points, judge, one_mark_per_decision
from engine.bots.belief import FLOOR, BiddingBelief, declare_chance, shipped
from engine.bots.levels import HARD
from engine.bots.search import _next_worlds, worlds_model
from engine.bots.teacher import Teacher
from engine.cards import card_from_code
from engine.contracts import ORDERS, SOLO_KINDS, TRUMP
from engine.deal import Deal
from engine.driver import advance
from engine.observation import observe
from engine.record import export
from engine.worlds import WorldSampler


def test_a_deal_played_as_the_tipp_said_gets_no_mark():
    deal = Deal.shuffled(random.Random(39))
    players = {seat: make_bot("rules", seat) for seat in (1, 2, 3)} | {0: Teacher()}
    advance(deal, players)
    record = export(deal)
    points = decision_points(record, 0)
    assert sum(p.kind == "card" for p in points) >= 6
    for point in points:
        for judged in judge(record, 0, point):
            assert judged.grade is None and judged.best == judged.chosen, judged


def test_the_tipp_and_the_analyse_see_the_same_worlds():
    deal = Deal.shuffled(random.Random(7))
    advance(deal, {seat: make_bot("rules", seat) for seat in range(4)})
    record = export(deal)
    point = next(p for p in decision_points(record, 0) if p.kind == "card" and p.trick == 4)
    before = observe(_prefix(record, point.index), 0)
    first, again = Teacher().advice(0, before), Teacher().advice(0, observe(_prefix(record, point.index), 0))
    assert first.action == again.action and first.rows == again.rows


def _missed(trick: int, loss: float, calls=("re", "no90")) -> Judgement:
    return Judgement("call", trick * 4, trick, "none", calls[0], {"none": 0.0} | {c: loss for c in calls}, loss, 0.1,
                     "mistake", "call-missed", {"call": calls[0], "win": 90})


def test_a_missed_call_is_marked_once_where_it_was_best():
    card = Judgement("card", 5, 1, "DA", "D10", {"DA": 0.0, "D10": 1.0}, 1.0, 0.1, "mistake")
    judgements = [_missed(1, 1.2), card, _missed(2, 2.3), _missed(3, 1.5), _missed(4, 1.1, ("no90", "no60"))]
    marked = [j for j in one_mark_per_decision(judgements) if j.grade]
    assert [(j.kind, j.trick) for j in marked] == [("card", 1), ("call", 2), ("call", 4)]
    assert len(one_mark_per_decision(judgements)) == len(judgements)      # still judged, only not marked


def test_the_bidding_belief_is_a_falling_chance_with_a_floor():
    for kind in SOLO_KINDS:
        chances = shipped()["chance"][kind]
        assert all(a >= b for a, b in zip(chances, chances[1:])), kind
        assert declare_chance(kind, 0.5) > 0.3 and declare_chance(kind, 9.0) == FLOOR
    assert declare_chance("solo-kings", 1.0) is None      # not measured: believed nothing


def _solo_deal(kind: str = "solo-clubs") -> Deal:
    """Seat 1 holds a Kreuz-Solo hand and plays it; seat 0 defends."""
    for seed in range(2000):
        deal = Deal.shuffled(random.Random(seed), dealer=0)
        hand = deal.dealt[1]
        if sum(ORDERS[kind].suit[c] == TRUMP for c in hand) >= 9 and deal.dealt[0].count(card_from_code("CQ")) < 2:
            break
    for action in (Reservation(1, True), Reservation(2, False), Reservation(3, False), Reservation(0, False),
                   Declare(1, kind)):
        deal.apply(action)
    return deal


@pytest.mark.parametrize("believe, fewest", [(False, 0.0), (True, 1.5)])
def test_a_defender_believes_the_soloist_holds_a_solo_hand(believe, fewest):
    deal = _solo_deal()
    observation = observe(deal, 0)
    assert bool(BiddingBelief(observation, 0)) is True
    sampler, rng = WorldSampler(observation, 0), random.Random(1)
    model = worlds_model(sampler, observation, 0, dataclasses.replace(HARD.behaviour, believe_bidding=believe))
    worlds = []
    while len(worlds) < 64:
        worlds += _next_worlds(sampler, model, HARD.behaviour, rng)
    order = ORDERS["solo-clubs"]
    trumps = sum(sum(order.suit[c] == TRUMP for c in w.dealt[1]) for w in worlds) / len(worlds)
    others = sum(sum(order.suit[c] == TRUMP for c in w.dealt[2]) for w in worlds) / len(worlds)
    assert trumps - others >= fewest, (trumps, others)
    if not believe:
        assert abs(trumps - others) < 1.0          # without the belief the soloist's hand is an ordinary one

