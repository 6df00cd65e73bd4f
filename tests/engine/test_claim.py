"""Abkürzung (TSR 5.4): a claim is offered only when it surely holds, from what the claimer knows."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import cards_from_codes, code
from engine.claim import claim_order, lowest_card, may_claim, play_out_claim
from engine.contracts import ALL_SOLO_KINDS, SOLO_KINDS, build_order
from engine.deal import PLAY, Deal
from engine.rules import TSR, Rules

HANDS = [cards_from_codes(h.split()) for h in (
    "CQ CQ SQ SQ HQ HQ DQ DQ C10 C10 S10 S10", "CJ CJ SJ SJ HJ HJ DJ DJ CA CA SA SA",
    "HA HA H10 H10 HK HK DA DA D10 D10 DK DK", "CK CK SK SK C9 C9 S9 S9 H9 H9 D9 D9")]


def solo(hands, kind: str, soloist: int = 1, rules: Rules = TSR, dealer: int = 0) -> Deal:
    deal = Deal(hands, dealer, rules)
    for seat in deal.query_order():
        deal.reserve(seat, seat == soloist)
    deal.declare(soloist, kind)
    return deal


def test_the_soloist_with_every_trump_and_the_top_of_each_suit_claims_everything():
    deal = solo(HANDS, "solo-jacks")
    line = claim_order(deal, 1)
    assert [code(c) for c in line] == ["CJ"] * 2 + ["SJ"] * 2 + ["HJ"] * 2 + ["DJ"] * 2 + ["CA"] * 2 + ["SA"] * 2
    play_out_claim(deal, 1, line, lowest_card)
    assert deal.phase == "done" and all(trick.winner == 1 for trick in deal.tricks)
    assert deal.result().winner == "re"


FLESH = ("SQ SJ SJ S9 S9 HA HA H10 H10 HK HK HQ", "CA CA C10 C10 CK CK SA SA S10 S10 SK SK",
         "CQ CQ CJ CJ C9 C9 SQ HQ HJ HJ H9 H9", "DA DA D10 D10 DK DK DQ DQ DJ DJ D9 D9")


def test_a_claim_one_card_short_of_proof_is_not_offered():
    hands = [cards_from_codes(h.split()) for h in FLESH]
    assert claim_order(solo(hands, "solo-fleischlos"), 1) is not None     # the top of Kreuz and Pik
    # One Pik-Ass changes hands with a Pik-Dame: the other Pik-Ass is unseen, so the second Pik lead may lose.
    sa, sq = cards_from_codes(["SA", "SQ"])
    hands[1].remove(sa)
    hands[1].append(sq)
    hands[0].remove(sq)
    hands[0].append(sa)
    short = solo(hands, "solo-fleischlos")
    assert claim_order(short, 1) is None
    # ... and rightly: a defender who keeps his Pik-Ass takes the Pik-Zehn.
    assert not _wins_everything_by_cashing(short, 1)


def _wins_everything_by_cashing(deal: Deal, seat: int) -> bool:
    deal = deal.copy()
    while deal.phase == PLAY:
        turn = deal.turn
        if turn == seat:
            card = deal.order.sorted(deal.legal_cards())[0]
        else:
            legal = deal.legal_cards()
            best = deal.trick[deal.order.trick_winner(deal.trick)] if deal.trick else None
            winners = [c for c in legal if best is not None and deal.order.beats[best][c]]
            keep_aces = [c for c in legal if code(c)[1:] != "A"] or legal      # a defender keeps its Asse
            card = (winners or [max(keep_aces, key=deal.order.sort_key)])[0]
        deal.play(card)
        if not deal.trick and deal.tricks[-1].winner != seat:
            return False
    return True


def test_only_the_soloist_may_claim_and_only_on_its_turn():
    deal = solo(HANDS, "solo-jacks")
    assert may_claim(deal, 1) and not may_claim(deal, 0)
    normal = Deal(HANDS)
    for seat in normal.query_order():
        normal.reserve(seat, False)
    assert not any(may_claim(normal, seat) for seat in range(4))


def test_a_stille_hochzeit_claims_only_once_both_kreuz_damen_are_out():
    hands = [list(h) for h in HANDS]      # seat 0 holds both Kreuz-Damen and says gesund
    deal = Deal(hands)
    for seat in deal.query_order():
        deal.reserve(seat, False)
    assert deal.contract == "silent-wedding" and deal.soloist == 0
    while deal.turn != 0:
        deal.play(lowest_card(deal, deal.turn))
    assert not may_claim(deal, 0)


def _random_world(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """The same deal with the cards ``seat`` cannot see shuffled among the other hands (hand sizes kept;
    the proof must hold even for worlds the earlier play would have ruled out)."""
    world = deal.copy()
    others = [s for s in range(4) if s != seat]
    pool = [card for s in others for card in world.hands[s]]
    rng.shuffle(pool)
    for s in others:
        size = len(world.hands[s])
        world.hands[s], pool = pool[:size], pool[size:]
        world._by_suit[s] = [[c for c in world.hands[s] if world.order.suit[c] == k] for k in range(5)]
    return world


def _random_defence(rng: random.Random):
    return lambda deal, seat: rng.choice(deal.legal_cards())


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), kind=st.sampled_from(SOLO_KINDS), stop=st.integers(16, 47),
       preset=st.sampled_from(["tsr", "kneipe", "sonderregeln", "ohne_neunen"]))
def test_every_claim_holds_in_every_world_against_any_defence(seed, kind, stop, preset):
    rng = random.Random(seed)
    rules = Rules.preset_named(preset)
    deal = Deal.shuffled(rng, rng.randrange(4), rules)
    if kind not in deal.solo_kinds():
        return
    order = build_order(kind, rules)
    soloist = max(range(4), key=lambda seat: sum(map(order.is_trump, deal.hands[seat])))   # who would play it
    for seat in deal.query_order():
        deal.reserve(seat, seat == soloist)
    deal.declare(soloist, kind)
    while deal.phase == PLAY and (deal.cards_played < stop or deal.turn != soloist):
        deal.play(rng.choice(deal.legal_cards()))
    line = claim_order(deal, soloist) if deal.phase == PLAY else None
    if line is None:
        return
    assert_claim_holds(deal, soloist, line, rng)


def assert_claim_holds(deal: Deal, seat: int, line: list[int], rng: random.Random) -> None:
    """The claim's line takes every remaining trick in random worlds of ``seat`` against random defences."""
    for _ in range(5):
        world = _random_world(deal, seat, rng)
        play_out_claim(world, seat, line, _random_defence(rng))     # raises on a lost trick
        assert all(trick.winner == seat for trick in world.tricks[len(deal.tricks):])


def test_claims_are_found_where_a_club_player_would_claim():
    """Not a proof that never claims: over random solos the soloist can claim in some late positions."""
    rng = random.Random(7)
    found = 0
    for _ in range(200):
        deal = Deal.shuffled(rng)
        queens = [sum(card % 6 == 3 for card in hand) for hand in deal.hands]
        soloist = queens.index(max(queens))       # the hand a player would play a Damensolo with
        for seat in deal.query_order():
            deal.reserve(seat, seat == soloist)
        deal.declare(soloist, "solo-queens")
        while deal.phase == PLAY:
            if deal.turn == soloist and claim_order(deal, soloist) is not None:
                found += 1
                break
            best_first = deal.order.sorted(deal.legal_cards())[0]
            deal.play(best_first if deal.turn == soloist else lowest_card(deal, deal.turn))
    assert found >= 15, found


@pytest.mark.parametrize("kind", ALL_SOLO_KINDS[:2])
def test_the_proof_does_not_look_at_hidden_cards(kind):
    """Two deals that look the same to the soloist get the same answer."""
    rng = random.Random(3)
    for _ in range(200):
        deal = Deal.shuffled(rng)
        for seat in deal.query_order():
            deal.reserve(seat, seat == 2)
        if kind not in deal.solo_kinds():
            continue
        deal.declare(2, kind)
        while deal.phase == PLAY and (len(deal.tricks) < 8 or deal.turn != 2):
            deal.play(rng.choice(deal.legal_cards()))
        if deal.phase != PLAY:
            continue
        answer = claim_order(deal, 2)
        for _ in range(3):
            assert claim_order(_random_world(deal, 2, rng), 2) == answer


# ----- casual play: anyone who surely takes the rest may claim (claim_anyone) ------------------------

def _normal_deal_until(rng: random.Random, stop: int, rules: Rules = TSR) -> Deal:
    deal = Deal.shuffled(rng, rng.randrange(4), rules)
    for seat in deal.query_order():
        deal.reserve(seat, False)
    while deal.phase == PLAY and deal.cards_played < stop:
        deal.play(rng.choice(deal.legal_cards()))
    return deal


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), stop=st.integers(24, 44),
       preset=st.sampled_from(["tsr", "kneipe", "sonderregeln", "ohne_neunen"]))
def test_anyones_claim_holds_in_every_world_against_any_defence(seed, stop, preset):
    rng = random.Random(seed)
    deal = _normal_deal_until(rng, stop, Rules.preset_named(preset))
    if deal.phase != PLAY:
        return
    seat = deal.turn
    line = claim_order(deal, seat, anyone=True)
    if line is None:
        return
    if deal.soloist != seat:
        assert claim_order(deal, seat) is None          # without the option only a soloist claims
    assert_claim_holds(deal, seat, line, rng)


def test_in_a_normal_game_late_claims_are_found_with_the_option_only():
    rng = random.Random(11)
    found = 0
    for _ in range(300):
        deal = _normal_deal_until(rng, 36)
        if deal.phase == PLAY and deal.soloist is None and claim_order(deal, deal.turn, anyone=True):
            assert claim_order(deal, deal.turn) is None and not may_claim(deal, deal.turn)
            found += 1
    assert found >= 5, found


def test_a_claim_by_anyone_is_read_back_from_the_cards_only_with_the_option():
    from engine.claim import claimed_at

    rng = random.Random(12)
    for _ in range(500):
        deal = _normal_deal_until(rng, 32)
        if deal.phase == PLAY and deal.soloist is None and (line := claim_order(deal, deal.turn, anyone=True)):
            before, seat = len(deal.actions), deal.turn
            play_out_claim(deal, seat, line)
            assert claimed_at(deal, anyone=True) == before
            assert claimed_at(deal) is None
            return
    pytest.fail("no claim found in a normal game")
