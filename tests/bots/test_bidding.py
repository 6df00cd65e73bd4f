"""Bidding by expected score (engine/bots/bidding.py): the issue's hopeless Lustsoli, Pflichtsolo planning."""

from __future__ import annotations

import random

import pytest

from engine import Deal, Reservation, card_from_code
from engine.bots.bidding import WAIT_VALUE, RoundState, bid, wait_values
from engine.bots.levels import Level
from engine.bots.search import SearchBot
from engine.contracts import SOLO_KINDS
from engine.observation import observe

BRUNO = "H10 CQ HQ CJ HJ HJ DJ CK SA HA HA HK"   # bid a Kreuz-Solo at hard and lost 56:184
CLARA = "CQ SQ SQ DQ D10 D10 DK D9 CA CA SA HA"   # bid a Karo-Solo at hard and lost 57:183
STRONG = "CQ SQ SQ HQ HQ DQ CA CA SA HA S10 H10"   # six Damen, four Asse: a solo


def cards(codes: str) -> list[int]:
    return [card_from_code(c) for c in codes.split()]


@pytest.mark.parametrize("hand, lost", [(BRUNO, "solo-clubs"), (CLARA, "solo-diamonds")])
@pytest.mark.parametrize("worlds", [40, 120])   # medium's and hard's
def test_the_issues_hopeless_lustsoli_are_not_bid(hand, lost, worlds):
    kind, reason, estimates = bid(cards(hand), 1, 0, worlds, random.Random(1))
    assert kind != lost and estimates[lost].win < 0.4   # decided on the estimates, not a loser count
    if worlds == 120:   # hard: gesund, or with Clara's four Damen and four Asse a Damensolo, which the
        # table wins: 28 of 30 against medium defenders, 11 of 12 against hard ones (random other hands)
        assert kind is None and reason.key == "gesund-expected" or kind == "solo-queens" and estimates[kind].win >= 0.7


def test_a_strong_hand_plays_its_solo():
    kind, reason, estimates = bid(cards(STRONG), 1, 0, 120, random.Random(1))
    assert kind in SOLO_KINDS and reason.key == "solo-expected"
    assert estimates[kind].points > estimates["normal"].points
    # The bars are the caller's to set: no solo wins in more than all of its worlds, so this bar bids none.
    assert bid(cards(STRONG), 1, 0, 120, random.Random(1), lust_win=1.01)[0] is None


def test_the_search_level_does_not_play_claras_karo_solo():
    rest = sorted(range(24)) * 2
    for card in cards(CLARA):
        rest.remove(card)
    deal = Deal([rest[0:12], cards(CLARA), rest[12:24], rest[24:36]], dealer=0, compulsory_open=frozenset())
    bot = SearchBot(Level.of(bid_worlds=40), 1)
    reservation = bot.choose(1, observe(deal, 1))
    if reservation.has_reservation:          # a Damensolo (see above), never the Karo-Solo she lost
        deal.apply(reservation)
        for seat in (2, 3, 0):
            deal.apply(Reservation(seat, False))
        assert bot.choose(1, observe(deal, 1)).kind == "solo-queens"


def test_waiting_for_a_better_pflichtsolo_hand_is_worth_less_the_fewer_deals_are_left():
    assert WAIT_VALUE == sorted(WAIT_VALUE)
    assert wait_values((0.0, 0.0))[5] == 0.0   # nothing to wait for when every hand is alike
    assert RoundState(games_left=5, compulsory_open=frozenset({1, 2})).chances_after_this() == 2


def test_a_pflichtsolo_is_taken_late_with_a_hand_left_alone_early():
    hand = cards(BRUNO)
    early = RoundState(games_left=24, compulsory_open=frozenset({0, 1, 2, 3}))
    late = RoundState(games_left=2, compulsory_open=frozenset({1}))   # the last free deal for seat 1
    assert bid(hand, 1, 0, 60, random.Random(2), early)[0] is None
    kind, reason, _ = bid(hand, 1, 0, 60, random.Random(2), late)
    assert kind in SOLO_KINDS and reason.key == "solo-expected"


def test_a_vorgefuehrt_seat_names_its_best_solo():
    kind, _, estimates = bid(cards(CLARA), 1, 0, 40, random.Random(3), forced=True)
    assert kind in SOLO_KINDS
    assert estimates[kind].points == max(e.points for k, e in estimates.items() if k in SOLO_KINDS)


# ----- thinking time tells nothing (issue 21) ---------------------------------------------------

def hand_classes(rules) -> dict[str, Deal]:
    """A deal for each kind of hand at seat 1: no solo within reach, a solo within reach, both Kreuz-Damen."""
    from engine.bots.bidding import candidate_solos
    from engine.cards import CLUB_QUEEN, deal_hands
    from engine.contracts import solo_kinds

    found: dict[str, Deal] = {}
    rng = random.Random(5)
    while len(found) < (3 if rules.solos else 2):
        hands = deal_hands(rng, 0, rules.nines)
        hand = hands[1]
        if hand.count(CLUB_QUEEN) == 2:
            kind = "both-queens"
        else:
            kind = "solo" if candidate_solos(hand, kinds=solo_kinds(rules)) else "no-solo"
        found.setdefault(kind, Deal(hands, dealer=0, rules=rules, compulsory_open=frozenset()))
    return found


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("preset", ["tsr", "kneipe", "ohne_neunen", "einsteiger"])
def test_every_reservation_answer_of_a_level_costs_the_same_work(level, preset, monkeypatch):
    """How long a computer thinks about its reservation must not tell its hand: count the rollouts
    (the work that takes the time) for a hand with a solo within reach, one without, one with both
    Kreuz-Damen. The wall-clock figures are in docs/reliability.md."""
    from engine import bots
    from engine.bots import bidding
    from engine.rules import Rules

    rollouts = []
    real = bidding.rollout
    monkeypatch.setattr(bidding, "rollout", lambda sim, rng: rollouts.append(1) or real(sim, rng))
    work = {}
    for kind, deal in hand_classes(Rules.preset_named(preset)).items():
        before = len(rollouts)
        bots.make_bot(level, 1).choose(1, observe(deal, 1))
        work[kind] = len(rollouts) - before
    assert len(set(work.values())) == 1, work
    assert work["no-solo"] > 0
