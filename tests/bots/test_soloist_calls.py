"""A soloist's Re judged by the search (``Behaviour.soloist_re``): said with a solo that clearly wins, not with
one that may not, and never judged for the solo's opponents or for an Absage."""

from __future__ import annotations


from engine import Call
from engine.bots.public import View
from engine.bots.search import CALL_MIN_WORLDS, SearchBot, _soloist_call, _worth_searching
from engine.observation import observe
from tests.bots.test_card_play import SMALL, deal_with

BY_SEARCH = SMALL.replace(soloist_re=0.8)
# A Bubensolo of seat 0, which leads: six Buben (both Kreuz and both Pik), and Aces. Two losers by the rule
# player's rough count, above the 1.3 at which it says Re by the hand alone.
GOOD = "CJ CJ SJ SJ HJ DJ CA CA SA S10 HA HK"
# Five Buben, a Kreuz and a Pik Ace, the rest thin: a solo that may be lost.
FAIR = "CJ SJ SJ HJ DJ CA C10 SA S10 HA D9 DK"


def bubensolo(hand: str, seed: int):
    deal = deal_with({0: hand}, dealer=3, seed=seed)
    for seat in deal.query_order():
        deal.reserve(seat, seat == 0)
    deal.declare(0, "solo-jacks")
    return deal


def first_action(hand: str, settings, seed: int):
    return SearchBot(settings, seed, "medium").explain(0, observe(bubensolo(hand, seed), 0))


def test_a_soloist_says_re_with_a_solo_its_worlds_all_win():
    for seed in range(3):
        assert not isinstance(first_action(GOOD, SMALL, seed)[0], Call)      # the hand count alone: silent
        action, why = first_action(GOOD, BY_SEARCH, seed)
        assert isinstance(action, Call) and action.call == "re"
        assert why.key == "expected-call" and why.values["met"] >= 80


def test_a_soloist_keeps_quiet_with_a_solo_that_may_be_lost():
    for seed in range(3):
        assert not isinstance(first_action(FAIR, BY_SEARCH, seed)[0], Call)


def test_only_the_soloists_re_is_judged():
    deal = bubensolo(GOOD, 0)
    soloist, opponent = View.of(observe(deal, 0)), View.of(observe(deal, 1))
    assert _worth_searching(soloist, "re", BY_SEARCH.behaviour) and not _worth_searching(soloist, "re", SMALL.behaviour)
    assert not _worth_searching(soloist, "no90", BY_SEARCH.behaviour)
    assert not _worth_searching(opponent, "kontra", BY_SEARCH.behaviour)


def test_the_soloists_re_needs_the_share_of_worlds_and_a_gain():
    worlds = float(CALL_MIN_WORLDS)

    def entry(met: float, with_call: float, without: float):
        return [0.0, worlds, {"re": [with_call * worlds, met * worlds, without * worlds, 0.0]}, 0.0]
    assert _soloist_call(entry(0.85, 4.0, 2.0), BY_SEARCH.behaviour) == "re"
    assert _soloist_call(entry(0.75, 4.0, 2.0), BY_SEARCH.behaviour) is None        # below the bar
    assert _soloist_call(entry(0.85, 1.0, 2.0), BY_SEARCH.behaviour) is None        # met, but it costs points there
    assert _soloist_call([0.0, worlds, {}, 0.0], BY_SEARCH.behaviour) is None
