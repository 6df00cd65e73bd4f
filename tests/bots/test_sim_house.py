"""The searching bots' sim plays and scores a deal exactly as the engine does, under any rule set:
its card order (Schweine, Dulle rule, last trick), 10 tricks without nines, the Hochzeit partner
rule, special points, Re/Kontra doubling and Bock (hypothesis over random rule sets and deals)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Deal, export, replay
from engine.bots.sim import Sim
from engine.deal import PLAY
from tests.engine.test_house_properties import random_deal, rule_sets


def at_first_card(deal: Deal) -> Deal:
    """The same deal replayed up to the moment its first card is to be played."""
    record = export(deal)
    record["actions"] = record["actions"][:next(i for i, a in enumerate(record["actions"]) if "play" in a)]
    record.pop("result", None)
    return replay(record)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 2 ** 32), call_rate=st.sampled_from([0.0, 0.2]))
def test_the_sim_plays_and_scores_like_the_engine(rules, seed, call_rate):
    deal = random_deal(rules, seed, reservation_rate=0.3, call_rate=call_rate)
    if deal.thrown is not None:
        return
    start = at_first_card(deal)
    if (start.superswine_seat is not None or start._superswine_pending >= 0) != (deal.superswine_seat is not None):
        return   # the sim assumes a Superschwein holder keeps them (open cards: he shows them in time)
    assert start.phase == PLAY
    sim = Sim.from_deal(start)
    for trick in deal.tricks:
        for card in trick.cards:
            sim.step(card)
        assert (sim.leader, sim.done) == (trick.winner, trick.number)
    assert sim.done == deal.last_trick == rules.tricks
    assert sim.re == deal.re_seats
    result = deal.result()
    calls = deal.party_calls
    for seat in range(4):
        assert int(sim.reward(seat, (calls["re"], calls["kontra"])) // 1) == result.scores[seat]

