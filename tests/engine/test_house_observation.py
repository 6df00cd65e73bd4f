"""What each seat sees under house rules (house rules §13.3), and worlds sampled from it."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import card_from_code, observe, replay
from engine.observation import Public
from engine.worlds import sample_world
from engine.errors import RecordError
from engine.record import export

from .house_records_builder import RECORDS
from .test_house_properties import random_deal, rule_sets

ARMUT = ["HX-A1", "HX-A3", "HX-A4", "HX-A5", "HX-S7"]


def load(name: str) -> dict:
    return json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))


def prefix(record: dict, n: int):
    return replay(dict(record, actions=record["actions"][:n]))


@pytest.mark.parametrize("name", ARMUT)
def test_armut_cards_only_to_the_two_seats_involved(name):
    record = load(name)
    full = replay(record)
    poor, taker = full.exchange.poor, full.exchange.taker
    ends = [i for i, a in enumerate(record["actions"]) if "pass" in a or "accept" in a or "return" in a]
    for n in range(ends[0] + 1, len(record["actions"]) + 1, 7):
        deal = prefix(record, n)
        for seat in range(4):
            seen = observe(deal, seat).to_dict()
            assert [h is not None for h in seen["hands"]] == [s == seat for s in range(4)]
            for action in seen["actions"]:
                if "pass" in action:
                    sees = seat == poor or (seat == taker and deal.exchange.taker == seat)
                    assert (None not in action["pass"]) == sees, (seat, action)
                if "return" in action:
                    assert (None not in action["return"]) == (seat in (poor, taker))
                    assert action["trumps"] == full.exchange.trumps_returned


@pytest.mark.parametrize("name", ARMUT)
def test_worlds_after_an_armut_are_consistent(name):
    """Every seat's sampled world replays the observation: the same public actions and its own cards."""
    record = load(name)
    rng = random.Random(3)
    start = next(i for i, a in enumerate(record["actions"]) if "return" in a) + 1
    for n in (start, start + 9, start + 22, len(record["actions"]) - 1):
        deal = prefix(record, n)
        for seat in range(4):
            seen = observe(deal, seat).to_dict()
            world = sample_world(seen, seat, rng)
            assert sorted(world.hands[seat]) == sorted(deal.hands[seat])
            got = observe(world, seat).to_dict()
            assert got["actions"] == seen["actions"]
            assert world.re_seats == deal.re_seats


@pytest.mark.parametrize("name", ["HX-S1", "HX-S2", "HX-S3", "HX-S6"])
def test_schweine_shown_as_the_rules_say(name):
    record = load(name)
    full = replay(record)
    shown_at = "start" if full.rules.schweine_shown == "at_start" else "played"
    first_play = next(i for i, a in enumerate(record["actions"]) if "play" in a)
    at_start = observe(prefix(record, first_play), (full.swine_seat + 1) % 4).to_dict()
    assert ("shown" in at_start) == (shown_at == "start")
    if shown_at == "start":
        assert at_start["shown"]["schweine"] == full.swine_seat
    swine_play = next(i for i, a in enumerate(record["actions"])
                      if a.get("play") == "DA" and a["seat"] == full.swine_seat)
    before, after = (observe(prefix(record, n), (full.swine_seat + 1) % 4).to_dict() for n in (swine_play, swine_play + 1))
    assert after["shown"]["schweine"] == full.swine_seat
    if shown_at == "played":
        assert "schweine" not in before.get("shown", {})


@pytest.mark.parametrize("name", ["HX-S1", "HX-S2", "HX-D1", "HX-D2", "HX-H1", "HX-N1", "HX-X1"])
def test_public_facts_follow_the_house_rules(name):
    """The public tricks (winners with Schweine, Dullen, 10 tricks) and the leader match the engine."""
    record = load(name)
    deal = replay(record)
    public = observe(deal, 0).public
    assert [t[2] for t in public.tricks] == [t.winner for t in deal.tricks]
    assert public.tricks[0][0] == deal.tricks[0].leader


def test_observation_is_not_a_full_record():
    record = load("HX-S1")
    seen = observe(replay(record), 0).to_dict()
    with pytest.raises(RecordError, match="unknown key 'shown'"):
        replay({**record, "shown": seen["shown"]})
    assert "shown" not in export(replay(record))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 2 ** 32), stop=st.floats(0, 1))
def test_observations_and_worlds_under_random_rule_sets(rules, seed, stop):
    """No observation shows a hand or an Armut packet a seat may not see, and every seat's sampled
    world replays its observation (same public actions, same own cards, same shown Schweine)."""
    deal = random_deal(rules, seed, 0.3, 0.05)
    record = export(deal)
    n = int(stop * len(record["actions"]))
    deal = replay(dict(record, actions=record["actions"][:n]))
    if deal.phase == "poverty":
        return   # no world is sampled in the middle of an Armut exchange (the driver decides it)
    rng = random.Random(seed)
    for seat in range(4):
        seen = observe(deal, seat).to_dict()
        assert [h is not None for h in seen["hands"]] == [s == seat for s in range(4)]
        involved = deal.exchange is not None and seat in (deal.exchange.poor, deal.exchange.taker)
        for action in seen["actions"]:
            for key in ("pass", "return"):
                if key in action and not involved:
                    assert action[key] == [None] * len(action[key])
        if deal.is_done():
            continue
        world = sample_world(seen, seat, rng)
        assert observe(world, seat).to_dict()["actions"] == seen["actions"]
        assert observe(world, seat).to_dict().get("shown") == seen.get("shown")
        assert sorted(world.hands[seat]) == sorted(deal.hands[seat])


@pytest.mark.parametrize("name, thrower", [("HX-T1", 3), ("HX-T2", 0), ("HX-T4", 0), ("HX-A2", 0)])
def test_a_thrown_deal_shows_the_throwers_hand(name, thrower):
    record = load(name)
    deal = replay(record)
    for seat in range(4):
        hands = observe(deal, seat).to_dict()["hands"]
        assert [h is not None for h in hands] == [s in (seat, thrower) for s in range(4)]
        assert hands[thrower] == record["hands"][thrower]
    before = replay(dict(record, actions=record["actions"][:-1]))
    assert observe(before, (thrower + 1) % 4).to_dict()["hands"][thrower] is None


# Issue 21, item 8: the poor seat 1 passes its three trumps, the taker (seat 2, nothing but trumps)
# returns both Karo-Asse and a Karo-König: the poor seat plays with the Schweine.
FOXES_TO_THE_POOR = {
    "format": "doppelkopf-deal/1", "dealer": 0,
    "hands": [["SJ", "HJ", "DJ", "H10", "D10", "D9", "CA", "C10", "CK", "C9", "SA", "S10"],
              ["SJ", "HJ", "DK", "CA", "C10", "CK", "C9", "SA", "S10", "SK", "S9", "HA"],
              ["DA", "DA", "CQ", "CQ", "SQ", "SQ", "HQ", "HQ", "DQ", "DQ", "CJ", "CJ"],
              ["DJ", "H10", "D10", "DK", "D9", "SK", "S9", "HA", "HK", "HK", "H9", "H9"]],
    "actions": [{"seat": 1, "reservation": True}, {"seat": 2, "reservation": False},
                {"seat": 3, "reservation": False}, {"seat": 0, "reservation": False},
                {"seat": 1, "declare": "poverty"}, {"seat": 1, "pass": ["SJ", "HJ", "DK"]},
                {"seat": 2, "accept": True}, {"seat": 2, "return": ["DA", "DA", "DK"]},
                {"seat": 1, "play": "DA"}],
}


@pytest.mark.parametrize("preset, cards_played", [("sonderregeln", 0), ("sonderregeln", 1), ("kneipe", 1)])
def test_worlds_after_an_armut_that_gives_the_poor_seat_both_foxes(preset, cards_played):
    """The Schweine shown with the poor seat are among the trumps returned to it, not besides them
    (shown at the start under sonderregeln, with the first Fuchs played under kneipe)."""
    record = dict(FOXES_TO_THE_POOR, rules={"preset": preset})
    deal = prefix(record, 8 + cards_played)
    assert deal.swine_seat == 1 or preset == "kneipe"
    for seat in range(4):
        seen = observe(deal, seat).to_dict()
        for seed in range(5):
            world = sample_world(seen, seat, random.Random(seed))
            assert observe(world, seat).to_dict()["actions"] == seen["actions"]
            assert sorted(world.hand_at_play(1)).count(card_from_code("DA")) == 2
