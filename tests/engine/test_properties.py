"""Invariants over thousands of random legal deals of every contract (hypothesis)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import CODES, DONE, Deal, deal_hands, export, observe, replay
from engine.cards import CLUB_QUEEN
from engine.errors import IllegalActionError
from engine.contracts import SOLO_KINDS

from engine.randomplay import step

TARGETS = ("normal", "silent-wedding", "wedding") + SOLO_KINDS


def deal_towards(target: str, rng: random.Random, compulsory: bool = False) -> Deal:
    """A fresh deal arranged so that random play from it becomes ``target``."""
    dealer = rng.randrange(4)
    hands = deal_hands(rng, dealer)
    vorhand = (dealer + 1) % 4
    if target in ("wedding", "silent-wedding"):
        _give_both_club_queens(hands, vorhand)
    elif target == "normal":
        _split_club_queens(hands)
    deal = Deal(hands, dealer, compulsory_open=frozenset([vorhand]) if compulsory else frozenset())
    for seat in deal.query_order():
        deal.reserve(seat, seat == vorhand and target not in ("normal", "silent-wedding"))
    if target not in ("normal", "silent-wedding"):
        deal.declare(vorhand, target, compulsory)
    return deal


def _give_both_club_queens(hands, seat):
    for other in range(4):
        while other != seat and CLUB_QUEEN in hands[other]:
            swap = next(c for c in hands[seat] if c != CLUB_QUEEN)
            hands[other][hands[other].index(CLUB_QUEEN)] = swap
            hands[seat][hands[seat].index(swap)] = CLUB_QUEEN


def _split_club_queens(hands):
    holder = next((s for s in range(4) if hands[s].count(CLUB_QUEEN) == 2), None)
    if holder is not None:
        other = (holder + 1) % 4
        swap = next(c for c in hands[other] if c != CLUB_QUEEN)
        hands[holder][hands[holder].index(CLUB_QUEEN)] = swap
        hands[other][hands[other].index(swap)] = CLUB_QUEEN


def play_out(deal: Deal, rng: random.Random, call_rate: float) -> Deal:
    while not deal.is_done():
        step(deal, rng, call_rate=call_rate)
    return deal


deals = st.builds(
    lambda target, seed, compulsory, call_rate: play_out(
        deal_towards(target, random.Random(seed), compulsory and target in SOLO_KINDS),
        random.Random(seed + 1), call_rate),
    st.sampled_from(TARGETS), st.integers(0, 2**32), st.booleans(), st.sampled_from([0.0, 0.05, 0.3]))


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals)
def test_complete_deal_invariants(deal):
    assert deal.phase == DONE
    assert len(deal.tricks) == 12
    played = [card for trick in deal.tricks for card in trick.cards]
    assert sorted(played) == sorted(c for hand in deal.dealt for c in hand)
    assert len(played) == 48
    assert sum(trick.eyes for trick in deal.tricks) == 240
    result = deal.result()
    assert result.eyes["re"] + result.eyes["kontra"] == 240
    assert result.tricks["re"] + result.tricks["kontra"] == 12
    assert sum(result.scores) == 0
    assert len({score % 2 for score in result.scores}) == 1
    assert result.contract == deal.contract
    # Bounds of TSR spec 10.7.
    limit = 63 if result.contract not in ("normal", "wedding") else 29
    assert max(abs(s) for s in result.scores) <= limit


@settings(max_examples=500, deadline=None)
@given(deals)
def test_replay_of_export_equals_the_state(deal):
    again = replay(json.loads(json.dumps(export(deal))))
    assert export(again) == export(deal)
    assert again.result().to_dict() == deal.result().to_dict()
    assert (again.contract, again.re_seats, again.tricks) == (deal.contract, deal.re_seats, deal.tricks)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TARGETS), st.integers(0, 2**32), st.integers(0, 60))
def test_observations_never_show_an_unplayed_card_of_another_seat(target, seed, steps):
    rng = random.Random(seed)
    deal = deal_towards(target, rng)
    for _ in range(steps):
        if deal.is_done():
            break
        step(deal, rng, call_rate=0.1)
    # Replaying mid-deal state also round-trips.
    assert export(replay(export(deal))) == export(deal)
    for seat in range(4):
        seen = observe(deal, seat).to_dict()
        assert seen["hands"][seat] == [CODES[c] for c in deal.dealt[seat]]
        assert all(seen["hands"][s] is None for s in range(4) if s != seat)
        text = json.dumps(seen)
        shown = Counter(a["play"] for a in seen["actions"] if "play" in a)
        shown.update(seen["hands"][seat])
        for code_ in CODES:
            # A card code may only appear as often as it was played or is in the own hand.
            assert text.count(f'"{code_}"') <= shown[code_]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(TARGETS), st.integers(0, 2**32), st.integers(0, 47), st.booleans())
def test_playout_makes_the_moves_of_checked_play(target, seed, steps, compulsory):
    """``Deal.playout`` (the fast rollout loop) = ``play(legal[int(random() * len(legal))])`` until the end,
    from any point of the card play: a trick begun or not, calls made, a Hochzeit not yet clarified."""
    rng = random.Random(seed)
    deal = deal_towards(target, rng, compulsory and target in SOLO_KINDS)
    for _ in range(steps):
        step(deal, rng, call_rate=0.1)
        if deal.is_done():
            return
    fast, checked = deal.copy(), deal.copy()
    fast.playout(random.Random(seed))
    pick = random.Random(seed).random
    while not checked.is_done():
        legal = checked.legal_cards()
        checked.play(legal[int(pick() * len(legal))])
    assert export(fast) == export(checked)
    assert (fast.contract, fast.re_seats, fast.tricks) == (checked.contract, checked.re_seats, checked.tricks)
    assert fast.result().to_dict() == checked.result().to_dict()
    assert fast.hands == [[], [], [], []] and all(not cards for seat in fast._by_suit for cards in seat)


def test_playout_refuses_a_deal_not_in_card_play():
    deal = Deal(deal_hands(random.Random(3), 0), 0)
    with pytest.raises(IllegalActionError):
        deal.playout(random.Random(1))
