"""Bots read calls with and without the ``party`` key (the shared record format sends none)."""

from __future__ import annotations

import random

import pytest

from engine import Call, Deal, Play, card_from_code
from engine.bots.public import View
from engine.bots.rules import RuleBot
from engine.bots.levels import Level
from engine.bots.search import SearchBot
from engine.observation import Observation, observe, with_parties
from tests.bots.positions import acting_seat, random_position

CHEAP_HARD = Level.of(seconds=0.0, max_worlds=3, min_worlds=1, inference=True, batch=3)


def cards(codes: str) -> list[int]:
    return [card_from_code(c) for c in codes.split()]


def without_parties(record: dict) -> dict:
    actions = [{k: v for k, v in a.items() if k != "party"} for a in record["actions"]]
    return dict(record, actions=actions)


def strong_re_deal(partner: int = 2) -> Deal:
    """Seat 0 holds a hand the rule player announces Re with; ``partner`` holds the other Alte."""
    rest = sorted(range(24)) * 2
    seat0 = cards("CQ H10 H10 SQ SQ HQ HQ DQ CJ CJ CA SA")
    queen = card_from_code("CQ")
    for c in seat0 + [queen]:
        rest.remove(c)
    random.Random(5).shuffle(rest)
    hands = [seat0, rest[0:11], rest[11:22], rest[22:33]]
    hands[partner].append(queen)
    for seat in (1, 2, 3):
        if len(hands[seat]) < 12:
            hands[seat].append(rest.pop())
    deal = Deal(hands, dealer=3, compulsory_open=frozenset())
    for seat in deal.query_order():
        deal.reserve(seat, False)
    return deal


def test_the_rule_player_would_announce_this_hand():
    deal = strong_re_deal()
    assert RuleBot(1).choose(0, observe(deal, 0)) == Call(0, "re")


@pytest.mark.parametrize("partner", [1, 2, 3])
def test_a_partners_absage_without_party_is_not_repeated(partner):
    """The partner (Re) says keine 90 before the first card; seat 0 must not say Re after it,
    though it cannot tell whether the Absage was its partner's or an opponent's."""
    deal = strong_re_deal(partner)
    deal.apply(Call(partner, "no90"))
    record = observe(deal, 0).to_dict()
    assert record["actions"][-1]["party"] == "re"
    for form in (record, without_parties(record)):
        for bot in (RuleBot(1), SearchBot(CHEAP_HARD, 2, "hard")):
            action = bot.choose(0, form)
            assert action != Call(0, "re")
            deal.copy().apply(action)


def test_a_party_is_read_from_an_earlier_call():
    deal = strong_re_deal()
    deal.apply(Call(1, "kontra"))
    deal.apply(Call(1, "no90"))
    filled = with_parties(without_parties(observe(deal, 0).to_dict()), 0)
    assert [a.get("party") for a in filled["actions"] if "call" in a] == ["kontra", "kontra"]
    view = View.of(Observation.from_dict(filled, 0))
    assert view.public.calls["kontra"].level == 1   # the Absage counts on the public facts
    assert RuleBot(1).choose(0, filled) == Call(0, "re")


def test_the_own_party_is_filled_in_from_the_own_hand():
    deal = strong_re_deal()
    deal.apply(Call(0, "no90"))
    filled = with_parties(without_parties(observe(deal, 0).to_dict()), 0)
    assert filled["actions"][-1]["party"] == "re"
    assert isinstance(RuleBot(1).choose(0, filled), Play)


def test_random_positions_with_calls_are_answered_legally_in_both_forms():
    rng = random.Random(77)
    bots = [RuleBot(3), SearchBot(CHEAP_HARD, 4, "hard")]
    checked = 0
    while checked < 150:
        deal = random_position(rng, call_rate=0.3)
        if not deal.calls_made:
            continue
        seat = acting_seat(deal, rng)
        record = observe(deal, seat).to_dict()
        for form in (record, without_parties(record)):
            for bot in bots:
                action = bot.choose(seat, form)
                if not hasattr(action, "kind"):   # namings are resolved by the driver
                    deal.copy().apply(action)
        checked += 1
