"""Worlds that lean towards what a declaration says about a hand (``hand_eval.declared_leaning``)."""

from __future__ import annotations

import random
import statistics

from engine.actions import Call, Declare, Play, Reservation
from engine.cards import CLUB_QUEEN, DULLE, card_from_code, deck, rank_of
from engine.contracts import ORDERS, TRUMP
from engine.deal import Deal
from engine.observation import Public, WorldSampler, observe
from engine.bots.hand_eval import declared_leaning, reservation_choice


def solo_deals(count: int, seed: int = 3):
    """Deals in which seat 1 (and no other seat) has a hand the rule player plays as a solo, declared."""
    rng, cards, found = random.Random(seed), list(deck()), 0
    while found < count:
        rng.shuffle(cards)
        hands = [sorted(cards[12 * s:12 * s + 12]) for s in range(4)]
        kind, _ = reservation_choice(hands[1])
        if kind is None or kind == "wedding" or any(reservation_choice(hands[s])[0] for s in (0, 2, 3)):
            continue
        deal = Deal(hands, 0)
        for s in (1, 2, 3, 0):
            deal.apply(Reservation(s, s == 1))
        deal.apply(Declare(1, kind, False))
        found += 1
        yield deal, kind


def trumps(hand, kind: str) -> int:
    return sum(ORDERS[kind].suit[c] == TRUMP for c in hand)


def test_a_defenders_worlds_give_the_soloist_about_the_trumps_such_hands_hold():
    """At the first card a soloist holds 9.5 trumps; uniform worlds give it the unseen share (6.5)."""
    rng = random.Random(1)
    truth, plain, leaning = [], [], []
    for deal, kind in solo_deals(40):
        sampler = WorldSampler(observe(deal, 2), 2)
        truth.append(trumps(deal.hands[1], kind))
        plain.append(statistics.mean(trumps(sampler.sample(rng).hands[1], kind) for _ in range(20)))
        sampler.leaning = declared_leaning(sampler.known.public, 2)
        leaning.append(statistics.mean(trumps(sampler.sample(rng).hands[1], kind) for _ in range(20)))
    truth, plain, leaning = map(statistics.mean, (truth, plain, leaning))
    assert plain < truth - 2
    assert abs(leaning - truth) < 1.0, (truth, plain, leaning)


def test_leaning_worlds_still_fit_everything_public():
    """A void shown and the cards played hold in every world, however strongly a seat leans."""
    deal, kind = next(solo_deals(1, seed=5))
    while len(deal.tricks) < 3:
        deal.apply(Play(deal.turn, deal.legal_cards()[-1]))
    record = observe(deal, 2)
    sampler = WorldSampler(record, 2)
    sampler.leaning = {1: [50.0] * 24, 3: [0.01] * 24}
    public = Public.from_record(record)
    rng = random.Random(2)
    for _ in range(30):
        world = sampler.sample(rng)
        for seat in range(4):
            hand = world.hands[seat]
            assert all(ORDERS[kind].suit[c] not in public.void[seat] for c in hand)
        assert world.hands[2] == deal.hands[2]


def test_who_leans_and_towards_what():
    deal, kind = next(solo_deals(1))
    public = Public.from_record(observe(deal, 2))
    weights = declared_leaning(public, 2)
    assert list(weights) == [1]                           # only the soloist, not the other defenders
    order = ORDERS[kind]
    top = max((c for c in range(24) if order.suit[c] == TRUMP), key=lambda c: order.strength[c], default=None)
    fails = [c for c in range(24) if order.suit[c] != TRUMP and rank_of(c) != 0]
    if top is not None:
        assert weights[1][top] > 1 > max(weights[1][c] for c in fails)
    assert declared_leaning(Public.from_record(observe(deal, 1)), 1) == {}   # the soloist knows its hand

    # A normal game: whoever said Re or Kontra leans towards Dullen and Damen.
    cards = list(deck())
    random.Random(4).shuffle(cards)
    hands = [sorted(cards[12 * s:12 * s + 12]) for s in range(4)]
    normal = Deal(hands, 0)
    for s in (1, 2, 3, 0):
        normal.apply(Reservation(s, False))
    normal.apply(Call(1, "re" if CLUB_QUEEN in hands[1] else "kontra"))
    weights = declared_leaning(Public.from_record(observe(normal, 0)), 0)
    assert list(weights) == [1]
    assert weights[1][DULLE] > 1 and weights[1][card_from_code("SQ")] > 1 > weights[1][card_from_code("SA")]
