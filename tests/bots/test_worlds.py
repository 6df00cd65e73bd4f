"""The world sampler respects every public fact of the observation."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from engine.cards import CLUB_QUEEN, DECK
from engine.contracts import ORDERS
from engine.observation import Knowledge, observe
from engine.bots.public import View
from engine.worlds import WorldSampler
from tests.bots.positions import random_position


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), observer=st.integers(0, 3))
def test_sampled_worlds_keep_every_constraint(seed, observer):
    rng = random.Random(seed)
    deal = random_position(rng, call_rate=0.15)
    record = observe(deal, observer)
    known = Knowledge(record)
    sampler = WorldSampler(record, observer)
    order = ORDERS.get(known.declaration.kind if known.declaration else "normal", ORDERS["normal"])
    for _ in range(4):
        world = sampler.sample(rng)
        assert list(world.dealt[observer]) == list(deal.dealt[observer])
        assert sorted(c for hand in world.dealt for c in hand) == sorted(DECK)
        assert world.actions == deal.actions      # it replays the observation legally
        assert world.phase == deal.phase and world.turn == deal.turn
        for seat in range(4):
            assert len(world.dealt[seat]) == 12
            assert len(world.hands[seat]) == len(deal.hands[seat])
            for card in known.played[seat]:
                assert card in world.dealt[seat]
            for card in world.hands[seat]:
                assert order.suit[card] not in known.void[seat]
            if seat != observer:
                if known.needs_queen[seat]:
                    assert CLUB_QUEEN in world.dealt[seat]
                if known.no_queen[seat]:
                    assert CLUB_QUEEN not in world.dealt[seat]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), observer=st.integers(0, 3))
def test_known_parties_are_never_wrong(seed, observer):
    deal = random_position(random.Random(seed), call_rate=0.15)
    if deal.phase != "play" or deal.contract == "silent-wedding":
        return  # a silent wedding is assumed away until its second Kreuz-Dame shows
    view = View.of(observe(deal, observer))
    for seat, party in enumerate(view.parties):
        if party is not None and deal.party_of(seat) is not None:
            assert party == deal.party_of(seat)
    assert sorted(view.hand) == sorted(deal.hands[observer])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), observer=st.integers(0, 3))
def test_the_inference_stops_early_only_below_its_floor(seed, observer):
    """A world whose plays are already less likely than the floor stops being worked out (its
    partial sum is below the floor too); any other world gets its full log-likelihood."""
    from engine.bots.search import InferenceModel
    rng = random.Random(seed)
    record = observe(random_position(rng, call_rate=0.15), observer)
    model = InferenceModel(record, observer)
    sampler = WorldSampler(record, observer)
    for _ in range(3):
        world = sampler.sample(rng)
        full = model.log_likelihood(world)
        for floor in (full - 0.5, full + 0.5, -1.0):
            partial = model.log_likelihood(world, floor)
            assert partial == full if full >= floor else full <= partial < floor
