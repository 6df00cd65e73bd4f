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
from functools import lru_cache

from .cards import ACE, CLUBS, DIAMONDS, DULLE, HEARTS, JACK, KINDS, NINE, QUEEN, SPADES, TEN, KING, make, card_from_code

TRUMP = 4

SOLO_KINDS = ("solo-clubs", "solo-spades", "solo-hearts", "solo-diamonds",
              "solo-queens", "solo-jacks", "solo-fleischlos")
EXTRA_SOLO_KINDS = ("solo-kings", "solo-koehler")       # house rules §3.4, each behind an option
ALL_SOLO_KINDS = SOLO_KINDS + EXTRA_SOLO_KINDS
DECLARATIONS = ("wedding",) + SOLO_KINDS + EXTRA_SOLO_KINDS + ("poverty", "throw")
COLOUR_SOLO_SUIT = {"solo-clubs": CLUBS, "solo-spades": SPADES, "solo-hearts": HEARTS, "solo-diamonds": DIAMONDS}
# The games that play the normal card order (house rules §1.1: the normal-game family).
NORMAL_FAMILY = ("normal", "wedding", "wedding-alone", "silent-wedding", "poverty")

_HIGH_TRUMPS = tuple(card_from_code(c) for c in
                     ("H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ"))
_FAIL_RANKS = (ACE, TEN, KING, QUEEN, JACK, NINE)
_RANKED = {"solo-queens": (QUEEN,), "solo-jacks": (JACK,), "solo-kings": (KING,),
           "solo-koehler": (KING, QUEEN, JACK), "solo-fleischlos": ()}


def _colour_trumps(suit: int, nines: bool = True) -> tuple[int, ...]:
    low = tuple(make(suit, r) for r in (ACE, TEN, KING, NINE) if nines or r != NINE)
    return _HIGH_TRUMPS + tuple(c for c in low if c not in _HIGH_TRUMPS)


def trump_suit(kind: str) -> int | None:
    """Karo in the normal-game family, X in Farbsolo X, none in the other solos (§1.1)."""
    if kind in COLOUR_SOLO_SUIT:
        return COLOUR_SOLO_SUIT[kind]
    return DIAMONDS if kind in NORMAL_FAMILY else None


def base_trumps(kind: str, nines: bool = True) -> tuple[int, ...]:
    """The trumps of a game highest first, without Schweine (house rules §3.2)."""
    if kind in _RANKED:
        return tuple(make(s, r) for r in _RANKED[kind] for s in range(4))
    return _colour_trumps(trump_suit(kind), nines)


@dataclass(frozen=True)
class CardOrder:
    """The ranking of one game type; ``trumps`` lists the trump kinds highest first.

    ``beats`` decides every trick but the last, ``beats_last`` the last one; they differ only
    where two Dullen meet under ``dulle_tie = second_except_last`` (house rules §3.3).
    """

    name: str
    trumps: tuple[int, ...]
    suit: tuple[int, ...]       # suit class per kind: TRUMP or the printed suit
    strength: tuple[int, ...]   # higher beats lower within the same suit class
    beats: tuple[tuple[bool, ...], ...]  # beats[best][card]: does card take the trick from best?
    beats_last: tuple[tuple[bool, ...], ...]

    @classmethod
    def from_trumps(cls, name: str, trumps: tuple[int, ...], second_dulle: bool = False,
                    second_dulle_last: bool = False) -> "CardOrder":
        suit, strength = [], []
        for card in KINDS:
            if card in trumps:
                suit.append(TRUMP)
                strength.append(100 + len(trumps) - trumps.index(card))
            else:
                suit.append(card // 6)
                strength.append(len(_FAIL_RANKS) - _FAIL_RANKS.index(card % 6))

        def table(second: bool):
            # The best card so far is a trump or of the led suit, so its own suit tells what beats it.
            return tuple(tuple((suit[c] == suit[b] and strength[c] > strength[b]) or (suit[c] == TRUMP != suit[b])
                               or (second and c == b == DULLE and suit[c] == TRUMP)
                               for c in KINDS) for b in KINDS)
        beats = table(second_dulle)
        beats_last = beats if second_dulle_last == second_dulle else table(second_dulle_last)
        return cls(name, trumps, tuple(suit), tuple(strength), beats, beats_last)

    def is_trump(self, card: int) -> bool:
        return self.suit[card] == TRUMP

    def trick_winner(self, cards, last: bool = False) -> int:
        """Index of the winning card among ``cards`` in play order (first of equals wins, except
        a second Dulle where the rules say so)."""
        beats = self.beats_last if last else self.beats
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


def swine_cards(kind: str, rules) -> tuple[int | None, int | None]:
    """The swine card (the trump suit's ace) and the superswine card (its nine, or its king
    without nines) of a game, or None where the game has none (house rules §4)."""
    suit = trump_suit(kind)
    if not rules.schweine or suit is None or (kind not in NORMAL_FAMILY and not rules.schweine_in_solo):
        return None, None
    superswine = make(suit, NINE if rules.nines else KING) if rules.superschweine else None
    return make(suit, ACE), superswine


def build_order(kind: str, rules, swine: bool = False, superswine: bool = False) -> CardOrder:
    """The card order of game ``kind`` under ``rules``, with the Schweine (and Superschweine) on
    top when a seat has them. Built once per rule set and game, then shared (each ``Rules`` keeps
    its own table of orders, so finding one costs no hashing of the rule set)."""
    key = (kind, swine, superswine)
    order = rules.derived.get(key)
    if order is None:
        order = rules.derived[key] = _make_order(kind, rules, swine, superswine)
    return order


@lru_cache(maxsize=None)
def _make_order(kind: str, rules, swine: bool, superswine: bool) -> CardOrder:
    trumps = base_trumps(kind, rules.nines)
    swine_card, super_card = swine_cards(kind, rules)
    if swine and swine_card is not None:
        trumps = (swine_card,) + tuple(c for c in trumps if c != swine_card)
        if superswine and super_card is not None:
            trumps = (super_card,) + tuple(c for c in trumps if c != super_card)
    second = second_last = False
    if DULLE in trumps and (kind not in COLOUR_SOLO_SUIT or rules.dulle_tie_in_solo):
        second = rules.dulle_tie != "first"
        second_last = rules.dulle_tie == "second"
    return CardOrder.from_trumps(kind, trumps, second, second_last)


def _build_orders() -> dict[str, CardOrder]:
    orders = {"normal": CardOrder.from_trumps("normal", _colour_trumps(DIAMONDS))}
    for kind in ALL_SOLO_KINDS:
        orders[kind] = CardOrder.from_trumps(kind, base_trumps(kind))
    return orders


ORDERS = _build_orders()
"""The TSR orders (no house rules): a solo kind or ``normal``."""

# Contract names of the deal record's result: the game type decides scoring, the order decides play.
CONTRACTS = ("normal", "wedding", "wedding-alone", "silent-wedding") + SOLO_KINDS
# The contracts only house rules reach (the page names them with issue 13's page work).
HOUSE_CONTRACTS = ("poverty", "thrown") + EXTRA_SOLO_KINDS


def solo_kinds(rules) -> tuple[str, ...]:
    """The solos a rule set plays: the TSR's six, the Königs- and Köhlersolo where switched on,
    none without solos."""
    if not rules.solos:
        return ()
    return tuple(k for k in ALL_SOLO_KINDS if (k != "solo-kings" or rules.solo_koenig)
                 and (k != "solo-koehler" or rules.solo_koehler))


def order_for(contract: str) -> CardOrder:
    return ORDERS.get(contract, ORDERS["normal"])


def is_solo_scored(contract: str) -> bool:
    """Solo scoring (x3, no special points): every solo, a silent wedding, a wedding played alone."""
    return contract not in ("normal", "wedding", "poverty")
