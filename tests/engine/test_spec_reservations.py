"""Rules spec §13.3 (Vorbehalt resolution) and §13.4 (tournament round, Vorführung)."""

from __future__ import annotations

import random

import pytest

from engine import DECLARE, Round, deal_hands

from .spec_helpers import finish, make_hands

# id: dealer, what each seat means in query order (None = gesund; "wedding"; "<solo>/P" = its
#     Pflichtsolo is open, "<solo>/done" = already played), the seat holding both CQ (None: S1
#     and S3 one each), the naming that wins (seat, kind, compulsory), contract, Re seats
#     (None: a Hochzeit before its Klärungsstich), leader of trick 1, next dealer.
VORBEHALT = {
    "V01": (0, {1: None, 2: None, 3: None, 0: None}, None,
            None, "normal", {1, 3}, 1, 1),
    "V02": (0, {1: None, 2: "wedding", 3: None, 0: None}, 2,
            (2, "wedding", False), "wedding", None, 1, 1),
    "V03": (0, {1: "wedding", 2: None, 3: "solo-queens/P", 0: None}, 1,
            (3, "solo-queens", True), "solo-queens", {3}, 3, 0),
    "V04": (2, {3: "solo-jacks/done", 0: None, 1: "solo-hearts/done", 2: "solo-clubs/P"}, None,
            (2, "solo-clubs", True), "solo-clubs", {2}, 2, 2),
    "V05": (0, {1: "solo-fleischlos/done", 2: None, 3: "solo-spades/done", 0: None}, None,
            (1, "solo-fleischlos", False), "solo-fleischlos", {1}, 1, 1),
    "V06": (1, {2: "solo-diamonds/P", 3: None, 0: "solo-queens/P", 1: None}, None,
            (2, "solo-diamonds", True), "solo-diamonds", {2}, 2, 1),
    "V07": (0, {1: None, 2: None, 3: "solo-jacks/done", 0: None}, None,
            (3, "solo-jacks", False), "solo-jacks", {3}, 1, 1),
    "V08": (0, {1: None, 2: None, 3: None, 0: None}, 2,
            None, "silent-wedding", {2}, 1, 1),
    "V09": (0, {1: "solo-queens/P", 2: None, 3: "solo-clubs/P", 0: "solo-jacks/P"}, None,
            (1, "solo-queens", True), "solo-queens", {1}, 1, 0),
    "V10": (3, {0: "wedding", 1: "solo-hearts/done", 2: None, 3: None}, 0,
            (1, "solo-hearts", False), "solo-hearts", {1}, 0, 0),
}


@pytest.mark.parametrize("dealer, intents, both_cq, winner, contract, re_seats, lead, next_dealer",
                         VORBEHALT.values(), ids=VORBEHALT.keys())
def test_vorbehalt(dealer, intents, both_cq, winner, contract, re_seats, lead, next_dealer):
    done = [seat for seat, intent in intents.items() if intent and intent.endswith("/done")]
    rnd = Round(mode="tournament", dealer=dealer, compulsory_done=done)
    queens = {1: "CQ", 3: "CQ"} if both_cq is None else {both_cq: "CQ CQ"}
    deal = rnd.start_deal(make_hands(queens))
    assert deal.query_order() == list(intents)
    for seat, intent in intents.items():
        deal.reserve(seat, intent is not None)
    kinds = {seat: intent.split("/")[0] for seat, intent in intents.items() if intent}
    if kinds:
        best = deal.resolve_reservations(kinds)
        assert (best.seat, best.kind, best.compulsory) == winner
        for seat, kind in kinds.items():  # every other reservation is void
            if seat != best.seat:
                assert deal.declare_problem(seat, kind, deal.is_compulsory(seat, kind)) is not None, seat
        deal.declare(best.seat, best.kind, best.compulsory)
    assert deal.contract == contract
    assert deal.re_seats == (None if re_seats is None else frozenset(re_seats))
    assert deal.leader == deal.turn == lead
    finish(deal, random.Random(0))
    rnd.finish_deal(deal)
    assert rnd.dealer == next_dealer


# A tournament round from P1 = S0 dealing game 1: the voluntary Pflichtsoli {game: seat}, and the
# Vorführungen {game: (dealer, vorgeführt seat, open Pflichtsoli before the game)}.
ROUNDS = {
    "13.4": ({7: 3}, {22: (0, 1, {0, 1, 2}), 23: (1, 2, {0, 2}), 24: (2, 0, {0})}),
    "13.4-dealer-vorgefuehrt": ({1: 1, 2: 2, 3: 3}, {24: (0, 0, {0})}),
}


@pytest.mark.parametrize("voluntary, forced", ROUNDS.values(), ids=ROUNDS.keys())
def test_round_vorfuehrung(voluntary, forced):
    rnd = Round(mode="tournament")
    rng = random.Random(7)
    for game in range(1, 25):
        dealer = rnd.dealer
        assert rnd.games_left() == 25 - game
        if game in forced:
            assert (dealer, rnd.forced_seat(), set(rnd.compulsory_open())) == forced[game], game
        else:
            assert rnd.forced_seat() is None, game
        deal = rnd.start_deal(deal_hands(rng, dealer))
        if game in forced:
            soloist = forced[game][1]
            assert deal.phase == DECLARE and deal.turn == soloist
            assert deal.declare_problem((soloist + 1) % 4, "solo-queens", True) is not None
            assert deal.declare_problem(soloist, "solo-queens", False) is not None
            assert deal.declare_problem(soloist, "wedding", False) is not None
        else:
            soloist = voluntary.get(game)
            for seat in deal.query_order():
                deal.reserve(seat, seat == soloist)
        if soloist is not None:
            deal.declare(soloist, "solo-queens", True)
        assert deal.leader == (soloist if soloist is not None else (dealer + 1) % 4), game
        finish(deal, rng)
        row = rnd.finish_deal(deal)
        assert (row.compulsory, row.forced) == (soloist is not None, game in forced), game
        assert rnd.dealer == (dealer if game in voluntary else (dealer + 1) % 4), game
    assert rnd.is_over() and not rnd.compulsory_open()
