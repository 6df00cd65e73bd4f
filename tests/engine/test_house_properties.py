"""Invariants over random rule sets and random legal deals (hypothesis): zero sum, 240 eyes in 12
or 10 tricks, Bock multiples, replay(export) equality, dormant options change nothing."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Deal, export, replay
from engine.randomplay import random_call
from engine.rules import OPTIONS, PRESET_NAMES, Rules


@st.composite
def rule_sets(draw) -> Rules:
    preset = draw(st.sampled_from(PRESET_NAMES))
    overrides = {name: draw(st.sampled_from(list(values))) for name, values in OPTIONS.items()
                 if draw(st.booleans())}
    return Rules.from_dict({"preset": preset, **overrides})


def random_deal(rules: Rules, seed: int, reservation_rate: float, call_rate: float) -> Deal:
    """A complete deal under ``rules`` where every choice is random and legal (the Armut included)."""
    rng = random.Random(seed)
    bock = 2 ** rng.randrange(rules.bock_stack_max + 1 if rules.bock_stack_max else 4) if rules.bock else 1
    deal = Deal.shuffled(rng, rng.randrange(4), rules, bock=bock)
    while not deal.is_done():
        if random_call(deal, rng, call_rate):
            continue
        if deal.phase == "declare":  # each legal kind of reservation alike, so that Armut and Schmeißen occur
            options = [d for s in deal.reservation_holders() for d in deal.legal_declarations(s)]
            kind = rng.choice(sorted({d.kind if d.kind in ("poverty", "throw", "wedding") else "solo" for d in options}))
            options = [d for d in options if (d.kind if d.kind in ("poverty", "throw", "wedding") else "solo") == kind]
        else:
            options = deal.legal_actions(deal.turn)
            if deal.phase == "reservations" and len(options) == 2:
                options = [options[rng.random() < reservation_rate]]
        deal.apply(rng.choice(options))
    return deal


DEALS = dict(rules=rule_sets(), seed=st.integers(0, 2 ** 32), reservation_rate=st.sampled_from([0.0, 0.3, 0.9]),
             call_rate=st.sampled_from([0.0, 0.05, 0.3]))
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(**DEALS)
def test_complete_deal_invariants(rules, seed, reservation_rate, call_rate):
    deal = random_deal(rules, seed, reservation_rate, call_rate)
    result = deal.result().to_dict()
    assert sum(result["scores"]) == 0
    assert all(score % deal.bock == 0 for score in result["scores"])
    if result["contract"] == "thrown":
        assert result["scores"] == [0, 0, 0, 0] and not deal.tricks
        return
    assert len(deal.tricks) == rules.tricks == result["tricks"]["re"] + result["tricks"]["kontra"]
    assert sum(t.eyes for t in deal.tricks) == 240 == result["eyes"]["re"] + result["eyes"]["kontra"]
    assert all(len(hand) == 0 for hand in deal.hands)
    assert ("bock" in result) == rules.bock and ("schweine" in result) == rules.schweine


@FAST
@given(**DEALS)
def test_replay_of_export_is_the_same_deal(rules, seed, reservation_rate, call_rate):
    deal = random_deal(rules, seed, reservation_rate, call_rate)
    record = export(deal)
    again = replay(record)
    assert export(again) == record
    assert again.result().to_dict() == deal.result().to_dict()


def dormant_flips(rules: Rules) -> dict:
    """Options that have no effect under ``rules`` (house rules §1.3.4), flipped."""
    flips = {}

    def flip(name):
        values = list(OPTIONS[name])
        flips[name] = values[(values.index(getattr(rules, name)) + 1) % len(values)]
    if not rules.schweine:
        for name in ("superschweine", "schweine_shown", "schweine_in_solo"):
            flip(name)
    elif not rules.superschweine:
        flip("schweine_shown")
    if rules.dulle_tie == "first":
        flip("dulle_tie_in_solo")
    if not rules.armut:
        flip("armut_fox_counts")
    if not rules.nines:
        flip("schmeissen_nines")
    if not rules.solos:
        for name in ("solo_koenig", "solo_koehler", "solo_lead"):
            flip(name)
    if not rules.bock:
        for name in ("bock_120", "bock_lost_re", "bock_lost_kontra", "bock_herzstich", "bock_stack_max"):
            flip(name)
    if not rules.sp_karlchen:
        flip("sp_karlchen_gefangen")
    return flips


@FAST
@given(**DEALS)
def test_dormant_options_change_nothing(rules, seed, reservation_rate, call_rate):
    deal = random_deal(rules, seed, reservation_rate, call_rate)
    flips = dormant_flips(rules)
    record = export(deal)
    other = replay({**record, "rules": {**record["rules"], **flips}})
    assert other.result().to_dict() == deal.result().to_dict()
    assert [t.winner for t in other.tricks] == [t.winner for t in deal.tricks]


@settings(deadline=None)
@given(rule_sets())
def test_rule_sets_round_trip(rules):
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict({"preset": "tsr", **{n: getattr(rules, n) for n in OPTIONS}}) == rules
