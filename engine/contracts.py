"""Card order per game type: which cards are trump, how cards rank, who wins a trick.

``TRUMP`` is the suit class of every trump; fail cards keep their printed suit (0..3).
Tables are indexed by card kind, so the hot paths are list look-ups.

>>> order = ORDERS["normal"]
>>> order.is_trump(card_from_code("DA")), order.is_trump(card_from_code("HA"))
(True, False)
>>> order.trick_winner([card_from_code(c) for c in ("H10", "H10", "CQ", "D9")])
0
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KINDS, NINE, QUEEN, SPADES, TEN, KING, make, card_from_code

TRUMP = 4

SOLO_KINDS = ("solo-clubs", "solo-spades", "solo-hearts", "solo-diamonds",
              "solo-queens", "solo-jacks", "solo-fleischlos")
DECLARATIONS = ("wedding",) + SOLO_KINDS
COLOUR_SOLO_SUIT = {"solo-clubs": CLUBS, "solo-spades": SPADES, "solo-hearts": HEARTS, "solo-diamonds": DIAMONDS}

_HIGH_TRUMPS = tuple(card_from_code(c) for c in
                     ("H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ"))
_FAIL_RANKS = (ACE, TEN, KING, QUEEN, JACK, NINE)


def _colour_trumps(suit: int) -> tuple[int, ...]:
    low = tuple(make(suit, r) for r in (ACE, TEN, KING, NINE))
    return _HIGH_TRUMPS + tuple(c for c in low if c not in _HIGH_TRUMPS)


@dataclass(frozen=True)
class CardOrder:
    """The ranking of one game type; ``trumps`` lists the trump kinds highest first."""

    name: str
    trumps: tuple[int, ...]
    suit: tuple[int, ...]       # suit class per kind: TRUMP or the printed suit
    strength: tuple[int, ...]   # higher beats lower within the same suit class
    beats: tuple[tuple[bool, ...], ...]  # beats[best][card]: does card take the trick from best?

    @classmethod
    def from_trumps(cls, name: str, trumps: tuple[int, ...]) -> "CardOrder":
        suit, strength = [], []
        for card in KINDS:
            if card in trumps:
                suit.append(TRUMP)
                strength.append(100 + len(trumps) - trumps.index(card))
            else:
                suit.append(card // 6)
                strength.append(len(_FAIL_RANKS) - _FAIL_RANKS.index(card % 6))
        # The best card so far is a trump or of the led suit, so its own suit tells what beats it.
        beats = tuple(tuple((suit[c] == suit[b] and strength[c] > strength[b]) or (suit[c] == TRUMP != suit[b])
                            for c in KINDS) for b in KINDS)
        return cls(name, trumps, tuple(suit), tuple(strength), beats)

    def is_trump(self, card: int) -> bool:
        return self.suit[card] == TRUMP

    def trick_winner(self, cards) -> int:
        """Index of the winning card among ``cards`` in play order (first of equals wins)."""
        beats = self.beats
        best = 0
        for i in range(1, len(cards)):
            if beats[cards[best]][cards[i]]:
                best = i
        return best

    def sort_key(self, card: int):
        """Trumps high to low, then each fail suit (Kreuz, Pik, Herz, Karo) high to low."""
        return (self.suit[card] + 1) % 5, -self.strength[card]

    def sorted(self, cards) -> list[int]:
        return sorted(cards, key=self.sort_key)

    def legal_cards(self, hand, led: int | None) -> list[int]:
        """The cards of ``hand`` that may be played to a trick whose first card is ``led``."""
        if led is None:
            return list(hand)
        led_suit = self.suit[led]
        follow = [c for c in hand if self.suit[c] == led_suit]
        return follow or list(hand)


def _build_orders() -> dict[str, CardOrder]:
    orders = {"normal": CardOrder.from_trumps("normal", _colour_trumps(DIAMONDS))}
    for kind, suit in COLOUR_SOLO_SUIT.items():
        orders[kind] = CardOrder.from_trumps(kind, _colour_trumps(suit))
    orders["solo-queens"] = CardOrder.from_trumps("solo-queens", tuple(make(s, QUEEN) for s in range(4)))
    orders["solo-jacks"] = CardOrder.from_trumps("solo-jacks", tuple(make(s, JACK) for s in range(4)))
    orders["solo-fleischlos"] = CardOrder.from_trumps("solo-fleischlos", ())
    return orders


ORDERS = _build_orders()

# Contract names of the deal record's result: the game type decides scoring, the order decides play.
CONTRACTS = ("normal", "wedding", "wedding-alone", "silent-wedding") + SOLO_KINDS


def order_for(contract: str) -> CardOrder:
    return ORDERS.get(contract, ORDERS["normal"])


def is_solo_scored(contract: str) -> bool:
    """Solo scoring (x3, no special points): every solo, a silent wedding, a wedding played alone."""
    return contract not in ("normal", "wedding")
