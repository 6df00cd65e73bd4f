"""One seat's view of a deal: the public facts of its observation (:class:`engine.observation.Public`) plus its hand.

``View`` works out what the seat knows about the parties and counts cards. It is cheap to build,
so the searching bots can ask the rule player "what would you have played here?" for many
imagined hands (inference).
"""

from __future__ import annotations

from ..cards import CLUB_QUEEN
from ..contracts import TRUMP, build_order, swine_cards
from ..deal import KONTRA, RE
from ..observation import Observation, Public, known_parties

__all__ = ["KONTRA", "RE", "Public", "View", "known_parties"]


class View:
    """One seat's knowledge: the public facts plus its own hand, with card-counting helpers."""

    def __init__(self, public: Public, seat: int, hand: list[int], careful: bool = True):
        self.public = public
        self.careful = careful   # the card-play guards (Fuchs, schmieren); False: the 2026-11 rules
        self.seat = seat
        self.hand = hand
        self.order = public.order
        self.own_swine = public.rules.schweine and self._own_swine()
        if self.own_swine:
            self.order = self.own_swine
        own_queens = hand.count(CLUB_QUEEN) + public.queens_shown[seat]
        self.parties = known_parties(public, seat, own_queens)
        self.unseen = [2 - n for n in public.played_count]
        for card in hand:
            self.unseen[card] -= 1

    @classmethod
    def of(cls, observation: Observation, careful: bool = True) -> "View":
        """The view of the observation's seat, from its public facts and its hand now."""
        return cls(observation.public, observation.seat, observation.hand(), careful)

    def _own_swine(self):
        """The order with this seat's own Schweine on top where the table has not seen them yet
        (``schweine_shown = when_played``): their holder knows they are the highest trumps and that
        its Karo-Asse are no Füchse; with a Schwein shown, its own Superschweine too. Else None."""
        public = self.public
        kind = public.kind if public.is_solo else "normal"
        swine, superswine = swine_cards(kind, public.rules)
        if swine is None:
            return None
        dealt, shown = self.hand + public.played_by[self.seat], public.shown
        pigs = dealt.count(swine) == 2 and "schweine" not in shown
        supers = (superswine is not None and dealt.count(superswine) == 2 and "schweine" in shown
                  and "superschweine" not in shown)
        if not (pigs or supers):
            return None
        return build_order(kind, public.rules, True, supers or "superschweine" in shown)

    @property
    def fox_counts(self) -> bool:
        """Whether a Karo-Ass is a Fuchs in this game as far as this seat knows (not a Schwein)."""
        public = self.public
        return public.rules.sp_fuchs and "schweine" not in public.shown and not self.own_swine

    @property
    def party(self) -> str | None:
        return self.parties[self.seat]

    def relation(self, other: int) -> int:
        """+1 partner, -1 opponent, 0 not known."""
        if other == self.seat:
            return 1
        mine, theirs = self.parties[self.seat], self.parties[other]
        if mine is None or theirs is None:
            return 0
        return 1 if mine == theirs else -1

    @property
    def is_soloist(self) -> bool:
        public = self.public
        if public.is_solo:
            return public.declaration.seat == self.seat
        return self.parties.count(RE) == 1 and self.party == RE and None not in self.parties

    def legal_cards(self) -> list[int]:
        trick = self.public.trick
        return self.order.legal_cards(self.hand, trick[0][1] if trick else None)

    def is_trump(self, card: int) -> bool:
        return self.order.suit[card] == TRUMP

    def higher_unseen(self, card: int) -> int:
        """How many unseen cards of ``card``'s suit class beat it."""
        suit, strength = self.order.suit, self.order.strength
        cls, power = suit[card], strength[card]
        return sum(n for c, n in enumerate(self.unseen) if n and suit[c] == cls and strength[c] > power)

    def unseen_in_suit(self, cls: int) -> int:
        suit = self.order.suit
        return sum(n for c, n in enumerate(self.unseen) if n and suit[c] == cls)
