"""Rules spec §13.5: announcement legality, block by block in time order.

Each block is one deal (dealer S0, S1 leads). Before each step cards are played (scripted first
tricks, then random legal cards): in a Hochzeit until its Klärungsstich is complete, unless the
step is marked "early", and then until a seat of the step's party ("R" Re, "K" Kontra) holds h
cards; that seat announces. ``call_problem`` must be None exactly for the legal steps, which are
made. (In A11 the two Re players announce alternately: one already holds 8 cards, the other 9.)
"""

from __future__ import annotations

import random

import pytest

from engine import Deal
from engine.cards import card_from_code

from .spec_helpers import make_hands

# The first tricks of each Hochzeit context (S1 has both CQ and leads): seat and card, in play order.
T1_OTHER = "1 C9 2 CA 3 CK 0 C9"   # S2 takes trick 1
T1_HOCH = "1 CA 2 C9 3 CK 0 C9"    # the Hochzeiter S1 takes trick 1
T2_OTHER = "1 S9 2 SA 3 SK 0 S9"
T2_HOCH = "1 SA 2 S9 3 SK 0 S9"
T3_OTHER = "1 H9 2 HA 3 HK 0 H9"
T3_HOCH = "1 HA 2 H9 3 HK 0 H9"

# context: both-CQ seat (None: S1 and S3 one each), what S1 names, scripted plays, Klärungsstich
CONTEXTS = {
    "normal": (None, None, "", None),
    "wedding-1": (1, "wedding", T1_OTHER, 1),
    "wedding-2": (1, "wedding", f"{T1_HOCH} {T2_OTHER}", 2),
    "wedding-3": (1, "wedding", f"{T1_HOCH} {T2_HOCH} {T3_OTHER}", 3),
    "wedding-alone": (1, "wedding", f"{T1_HOCH} {T2_HOCH} {T3_HOCH}", 3),
    "silent": (1, None, "", None),
    "solo": (None, "solo-queens", "", None),
}

CALL = {"Re": "re", "Kontra": "kontra", "k90": "no90", "k60": "no60", "k30": "no30", "schwarz": "schwarz"}

# id: context, steps "party call h verdict" in time order
BLOCKS = {
    "A01": ("normal", "R Re 12 legal"),
    "A02": ("normal", "R Re 11 legal"),
    "A03": ("normal", "R Re 10 illegal"),
    "A04": ("normal", "R Re 12 legal / K Kontra 10 legal / K k90 10 illegal"),
    "A05": ("normal", "R Re 11 legal / R k90 10 legal / K Kontra 9 legal / K Kontra 9 illegal"),
    "A06": ("normal", "R Re 11 legal / K Kontra 9 illegal"),
    "A07": ("normal", "R k90 11 legal"),
    "A08": ("normal", "R k90 10 illegal"),
    "A09": ("normal", "R Re 12 legal / R k60 10 legal"),
    "A10": ("normal", "R Re 12 legal / R k60 9 illegal"),
    "A11": ("normal", "R Re 12 legal / R k90 10 legal / R k30 8 illegal / R k60 9 legal / R k30 8 legal"
                      " / R schwarz 7 legal / R schwarz 7 illegal"),
    "A12": ("normal", "R Re 11 legal / K Kontra 11 legal / R k90 10 legal / K k90 10 legal / R Re 10 illegal"),
    "A13": ("normal", "R Re 12 legal / K Kontra 11 legal / K k60 10 legal / K k30 8 legal"),
    "A14": ("wedding-1", "R Re 12 early / R Re 11 legal / K Kontra 10 legal"),
    "A15": ("wedding-2", "K Kontra 10 legal / R k90 9 illegal / K k90 9 legal / R Re 9 legal"),
    "A16": ("wedding-3", "R Re 9 legal / R k90 8 legal / R k60 7 legal / R k30 6 legal / R schwarz 5 legal"),
    "A17": ("wedding-3", "R Re 9 legal / K Kontra 8 legal / K k90 8 illegal"),
    "A18": ("wedding-alone", "R Re 10 early / R k90 9 legal / K Kontra 9 legal"),
    "A19": ("normal", "R schwarz 12 legal / K Kontra 6 legal"),
    "A20": ("normal", "R schwarz 12 legal / K Kontra 5 illegal"),
    "A21-silent": ("silent", "R Re 11 legal / K Kontra 10 legal / R k90 10 legal"),
    "A21-solo": ("solo", "R Re 11 legal / K Kontra 10 legal / R k90 10 legal"),
}


def start(context: str):
    both_cq, declaration, script, _ = CONTEXTS[context]
    tokens = script.split()
    plays = [(int(seat), card) for seat, card in zip(tokens[::2], tokens[1::2])]
    queens = {1: "CQ", 3: "CQ"} if both_cq is None else {both_cq: "CQ CQ"}
    fixed = {seat: " ".join(c for s, c in plays if s == seat) for seat in range(4)}
    fixed = {seat: f"{fixed[seat]} {queens.get(seat, '')}" for seat in range(4)}
    deal = Deal(make_hands(fixed, seed=3), dealer=0)
    for seat in deal.query_order():
        deal.reserve(seat, seat == 1 and declaration is not None)
    if declaration:
        deal.declare(1, declaration, False)
    return deal, plays


def play_one(deal, plays, rng):
    if plays:
        seat, card = plays.pop(0)
        deal.play(card_from_code(card), seat)
    else:
        deal.play(rng.choice(deal.legal_cards()))


def seat_holding(deal, party: str, h: int):
    return next((s for s in range(4) if deal.party_of(s) == party and len(deal.hands[s]) == h), None)


@pytest.mark.parametrize("context, steps", BLOCKS.values(), ids=BLOCKS.keys())
def test_announcement_legality(context, steps):
    deal, plays = start(context)
    rng = random.Random(5)
    for number, step in enumerate(steps.split(" / "), 1):
        party, call, h, verdict = step.split()
        party, h = {"R": "re", "K": "kontra"}[party], int(h)
        while verdict != "early" and deal.re_seats is None:
            play_one(deal, plays, rng)
        while seat_holding(deal, party, h) is None:
            assert any(len(hand) > h for hand in deal.hands), f"step {number}: the timeline does not fit"
            play_one(deal, plays, rng)
        seat = seat_holding(deal, party, h)
        problem = deal.call_problem(seat, CALL[call])
        assert (problem is None) == (verdict == "legal"), f"step {number} {step}: {problem}"
        assert (CALL[call] in deal.legal_calls(seat)) == (verdict == "legal"), f"step {number} {step}"
        if problem is None:
            deal.call(seat, CALL[call])
    clarified_in = CONTEXTS[context][3]
    if clarified_in:
        assert deal.clarified_in == clarified_in
        assert deal.contract == ("wedding-alone" if context == "wedding-alone" else "wedding")
