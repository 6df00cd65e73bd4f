"""Small helpers shared by the rules-spec tests: hands with chosen cards, finishing a deal."""

from __future__ import annotations

import random

from engine.cards import DECK, card_from_code


def make_hands(fixed: dict[int, str], seed: int = 0) -> list[list[int]]:
    """Four hands where seat s holds the cards ``fixed[s]`` (codes); the rest of the deck at random.

    Put both club queens into ``fixed`` to decide the parties (or the Hochzeit)."""
    rest = list(DECK)
    hands: list[list[int]] = [[], [], [], []]
    for seat, codes in fixed.items():
        for text in codes.split():
            card = card_from_code(text)
            rest.remove(card)
            hands[seat].append(card)
    random.Random(seed).shuffle(rest)
    for hand in hands:
        missing = 12 - len(hand)
        hand += rest[:missing]
        del rest[:missing]
    return hands


def finish(deal, rng: random.Random) -> None:
    """Play random legal cards until the deal is over."""
    while not deal.is_done():
        deal.play(rng.choice(deal.legal_cards()))
