"""Building a Deal: the hands are checked (the engine's own exception, never a deep traceback);
``Deal.shuffled`` deals the same cards as ``deal_hands`` without checking them again."""

from __future__ import annotations

import random

import pytest

from engine import Deal, deal_hands
from engine.cards import DECK
from engine.errors import CardError, DoppelkopfError


def hands(seed: int = 1) -> list[list[int]]:
    return deal_hands(random.Random(seed), 0)


def replaced(card) -> list[list]:
    good = hands()
    return [[card] + good[0][1:]] + good[1:]


@pytest.mark.parametrize("bad, word", [
    (replaced(3.0), "not a card"),
    (replaced("CQ"), "not a card"),
    (replaced(24), "not a card"),
    (replaced(-1), "not a card"),
    (replaced(None), "not a card"),
    ([hands()[0][1:]] + hands()[1:], "11 cards"),
    (hands()[:3], "4 hands"),
    (hands() + [[]], "4 hands"),
    (7, "four lists"),
])
def test_bad_hands_get_a_card_error(bad, word):
    with pytest.raises(CardError, match=word):
        Deal(bad)


def test_a_third_copy_is_named():
    good = hands()
    third = next(c for c in good[1] if c not in good[0])
    with pytest.raises(CardError, match="appears 3 times"):
        Deal([[third] + good[0][1:]] + good[1:])


def test_tuples_and_lists_are_both_accepted_and_copied():
    good = hands()
    deal = Deal([tuple(h) for h in good], 2)
    deal.hands[0].clear()
    assert deal.dealt == tuple(map(tuple, good)) and good[0]


@pytest.mark.parametrize("dealer", [-1, 4, 1.0, True, "0"])
def test_bad_dealer(dealer):
    with pytest.raises(DoppelkopfError, match="dealer"):
        Deal(hands(), dealer)
    with pytest.raises(DoppelkopfError, match="dealer"):
        Deal.shuffled(random.Random(1), dealer)


@pytest.mark.parametrize("seed", range(20))
def test_shuffled_deals_what_deal_hands_deals(seed):
    dealer = seed % 4
    fast = Deal.shuffled(random.Random(seed), dealer, forced=(dealer + 2) % 4)
    checked = Deal(deal_hands(random.Random(seed), dealer), dealer, forced=(dealer + 2) % 4)
    assert fast.dealt == checked.dealt and fast.hands == checked.hands
    assert sorted(c for h in fast.dealt for c in h) == list(DECK)
    assert (fast.dealer, fast.phase, fast.turn, fast.forced) == (checked.dealer, checked.phase, checked.turn,
                                                                checked.forced)
