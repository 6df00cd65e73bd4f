"""Rules spec §13.1 (trick winner) and §13.2 (following suit), one test per vector."""

from __future__ import annotations

import pytest

from engine.cards import EYES, card_from_code, code
from engine.contracts import ORDERS

GAME = {"Normal": "normal", "Damensolo": "solo-queens", "Bubensolo": "solo-jacks",
        "Fleischloser": "solo-fleischlos", "Herz": "solo-hearts", "Kreuz": "solo-clubs", "Karo": "solo-diamonds"}

# id: game, cards in play order, winner position (1 = leader), eyes
TRICKS = {
    "T01": ("Normal", "H10 H10 CQ D9", 1, 23),
    "T02": ("Normal", "HA HK D9 H10", 4, 25),
    "T03": ("Normal", "CA CA C10 CK", 1, 36),
    "T04": ("Damensolo", "H10 HA DQ HK", 3, 28),
    "T05": ("Bubensolo", "CK CQ CA SJ", 4, 20),
    "T06": ("Fleischloser", "DJ DQ D9 HA", 2, 16),
    "T07": ("Herz", "DA D10 H9 DA", 3, 32),
    "T08": ("Kreuz", "C9 DA DJ H10", 4, 23),
    "T09": ("Normal", "DA CJ D10 HQ", 4, 26),
    "T10": ("Normal", "CJ SJ DK CJ", 1, 10),
    "T11": ("Normal", "SA S10 SA S10", 1, 42),
    "T12": ("Herz", "HA CQ H10 HK", 3, 28),
    "T13": ("Karo", "DA DA D10 D9", 1, 32),
    "T14": ("Normal", "S9 S9 C9 H9", 1, 0),
    "T15": ("Damensolo", "DA DJ CJ D10", 1, 25),
}

# id: game, led card, hand, legal cards ("any" = the whole hand)
FOLLOW = {
    "F01": ("Normal", "H9", "HQ HA D9 C10", "HA"),
    "F02": ("Normal", "HK", "HQ H10 D9 C10", "any"),
    "F03": ("Damensolo", "HK", "HQ H10 D9 C10", "H10"),
    "F04": ("Herz", "HK", "DA HA C10", "HA"),
    "F05": ("Normal", "DA", "HQ CJ HA", "HQ CJ"),
    "F06": ("Bubensolo", "CQ", "CJ C9 SA", "C9"),
    "F07": ("Fleischloser", "DJ", "DQ HA D9", "DQ D9"),
    "F08": ("Kreuz", "SA", "DA CA H10 SK", "SK"),
}


def cards(text: str) -> list[int]:
    return [card_from_code(c) for c in text.split()]


@pytest.mark.parametrize("game, played, winner, eyes", TRICKS.values(), ids=TRICKS.keys())
def test_trick_winner(game, played, winner, eyes):
    trick = cards(played)
    assert ORDERS[GAME[game]].trick_winner(trick) == winner - 1
    assert sum(EYES[c] for c in trick) == eyes


@pytest.mark.parametrize("game, led, hand, legal", FOLLOW.values(), ids=FOLLOW.keys())
def test_following_suit(game, led, hand, legal):
    expected = hand if legal == "any" else legal
    got = ORDERS[GAME[game]].legal_cards(cards(hand), card_from_code(led))
    assert sorted(code(c) for c in got) == sorted(expected.split())
