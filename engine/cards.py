"""Cards: the 24 kinds, their codes and eyes.

A card is a small int ``kind = suit * 6 + rank`` (0..23); the deck holds every kind twice.
Suits: Kreuz (C), Pik (S), Herz (H), Karo (D). Ranks: A, 10, K, Q, J, 9.

>>> card_from_code("H10")
13
>>> code(13), EYES[13]
('H10', 10)
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from .errors import CardError

SUITS = "CSHD"
RANKS = ("A", "10", "K", "Q", "J", "9")
CLUBS, SPADES, HEARTS, DIAMONDS = range(4)
ACE, TEN, KING, QUEEN, JACK, NINE = range(6)
RANK_EYES = (11, 10, 4, 3, 2, 0)

KINDS = tuple(range(24))
CODES = tuple(s + r for s in SUITS for r in RANKS)
EYES = tuple(RANK_EYES[k % 6] for k in KINDS)
DECK = tuple(sorted(KINDS * 2))
DECK_WITHOUT_NINES = tuple(c for c in DECK if c % 6 != 5)   # house rules §3.1: 40 cards
_SORTED = {True: list(DECK), False: list(DECK_WITHOUT_NINES)}
_HAND_SIZES = {True: [12, 12, 12, 12], False: [10, 10, 10, 10]}
_BY_CODE = {c: k for k, c in enumerate(CODES)}


def make(suit: int, rank: int) -> int:
    return suit * 6 + rank


def suit_of(card: int) -> int:
    return card // 6


def rank_of(card: int) -> int:
    return card % 6


# Cards with names of their own.
CLUB_QUEEN = make(CLUBS, QUEEN)  # die Alte
SPADE_QUEEN = make(SPADES, QUEEN)
DULLE = make(HEARTS, TEN)
FOX = make(DIAMONDS, ACE)
KARLCHEN = make(CLUBS, JACK)


def code(card: int) -> str:
    return CODES[card]


def card_from_code(text: object) -> int:
    """Parse a card code such as ``"CQ"``; codes are case-sensitive."""
    card = _BY_CODE.get(text) if isinstance(text, str) else None
    if card is None:
        raise CardError(f"unknown card code {text!r} (expected one of {', '.join(CODES)})")
    return card


def cards_from_codes(codes: Iterable[object]) -> list[int]:
    return [card_from_code(c) for c in codes]


def deck(nines: bool = True) -> tuple[int, ...]:
    return DECK if nines else DECK_WITHOUT_NINES


def check_hands(hands: list[list[int]], nines: bool = True) -> None:
    """Four hands of 12 cards that together are exactly the 48-card deck (without nines: 10
    cards each, the 40-card deck)."""
    size = _HAND_SIZES[nines][0]
    try:  # the usual case, checked quickly: sorted() compares with the deck; a sum of ints is an int
        if list(map(len, hands)) == _HAND_SIZES[nines]:
            cards = hands[0] + hands[1] + hands[2] + hands[3]
            if sorted(cards) == _SORTED[nines] and type(sum(cards)) is int:
                return
    except (TypeError, ValueError):
        pass
    if len(hands) != 4:
        raise CardError(f"a deal has 4 hands, not {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise CardError(f"seat {seat} holds {len(hand)} cards, not {size}")
        if not all(type(card) is int and 0 <= card < 24 for card in hand):
            raise CardError(f"seat {seat} holds something that is not a card: {hand!r}")
        if not nines and any(card % 6 == NINE for card in hand):
            raise CardError(f"seat {seat} holds a nine, but these rules play without nines")
    counts = Counter(card for hand in hands for card in hand)
    for card, n in sorted(counts.items()):
        if n > 2:
            raise CardError(f"{code(card)} appears {n} times; each card exists twice")
    raise CardError(f"the hands are not the {len(_SORTED[nines])}-card deck")


def deal_hands(rng, dealer: int = 0, nines: bool = True) -> list[list[int]]:
    """Shuffle with ``rng`` and give each seat 12 cards, starting at the dealer's left.

    Dealing 3-3-3-3 from a uniformly shuffled deck gives the same distribution as cutting it
    into four packets of 12, which is what this does.
    """
    draw = rng.random
    # A uniform shuffle, about twice as fast as rng.shuffle; without nines 40 cards, 10 each.
    deck = sorted(DECK if nines else DECK_WITHOUT_NINES, key=lambda _: draw())
    if nines:
        packets = [deck[0:12], deck[12:24], deck[24:36], deck[36:48]]
    else:
        packets = [deck[0:10], deck[10:20], deck[20:30], deck[30:40]]
    cut = 3 - dealer % 4  # the first packet goes to the dealer's left
    return packets[cut:] + packets[:cut]
