"""One seat's view of a deal: the public facts (:class:`engine.observation.Public`) plus its hand.

``View`` works out what the seat knows about the parties and counts cards. It is cheap to build,
so the searching bots can ask the rule player "what would you have played here?" for many
imagined hands (inference).
"""

from __future__ import annotations

from ..actions import Call
from ..calls import LEVEL, call_problem
from ..cards import CLUB_QUEEN, card_from_code
from ..contracts import TRUMP, build_order, swine_cards
from ..deal import KONTRA, RE
from ..observation import Public, hand_at_play
from ..record import load, parse_actions

__all__ = ["KONTRA", "RE", "Public", "View", "known_parties", "with_parties"]


def known_parties(public: Public, seat: int, own_queens: int) -> list[str | None]:
    """The party of each seat as far as ``seat`` (who was dealt ``own_queens`` Kreuz-Damen) knows."""
    parties: list[str | None] = [None] * 4
    declaration = public.declaration
    if public.is_solo:
        return [RE if s == declaration.seat else KONTRA for s in range(4)]
    if public.hochzeiter is not None:
        parties[public.hochzeiter] = RE
        if public.wedding_partner is not None or public.wedding_alone:
            for s in range(4):
                parties[s] = RE if s in (public.hochzeiter, public.wedding_partner) else KONTRA
        return parties
    queens = list(public.queens_shown)
    queens[seat] = own_queens
    if max(queens) == 2:  # a silent wedding: one seat alone
        alone = queens.index(2)
        return [RE if s == alone else KONTRA for s in range(4)]
    for s in range(4):
        if queens[s]:
            parties[s] = RE
        elif public.called[s]:
            parties[s] = public.called[s]
    parties[seat] = RE if own_queens else KONTRA
    re_seats = [s for s in range(4) if parties[s] == RE]
    kontra_seats = [s for s in range(4) if parties[s] == KONTRA]
    if len(re_seats) >= 2:
        parties = [p or KONTRA for p in parties]
    elif len(kontra_seats) >= 2:
        parties = [p or RE for p in parties]
    return parties


def with_parties(record: dict, seat: int) -> dict:
    """``record`` with the caller's ``party`` written on every call where ``seat`` can tell it.

    The shared record format has no ``party`` on calls (other programs send none); without it an
    Absage would be lost on the public facts and a bot could repeat its party's call. A call's
    party is what ``seat`` knows of the caller at that moment (its own hand, Kreuz-Damen shown,
    earlier calls, the contract), else the one party for which the call was legal. A call that
    stays ambiguous keeps no party: each sampled world then decides it.
    """
    record = load(record, observation=True)     # a seat's partial record: may say which Schweine are shown
    raw_actions = record.get("actions", [])
    if all("party" in raw for raw in raw_actions if isinstance(raw, dict) and "call" in raw):
        return record
    hands = record.get("hands")
    own = hands[seat] if isinstance(hands, list) and len(hands) == 4 and isinstance(hands[seat], list) else []
    own_queens = sum(1 for c in own if c == "CQ")
    public = Public(record["dealer"])
    public.forced = record.get("forced")
    filled = []
    for raw, action in zip(raw_actions, parse_actions(record)):
        if isinstance(action, Call) and action.party is None:
            party = caller_party(public, seat, own_queens, action)
            if party is not None:
                action = Call(action.seat, action.call, party)
                raw = dict(raw, party=party)
        public.apply(action)
        filled.append(raw)
    return dict(record, actions=filled)


def caller_party(public: Public, seat: int, own_queens: int, call: Call) -> str | None:
    """The party ``call`` speaks for as far as ``seat`` can tell before it, or None."""
    if call.call in (RE, KONTRA):
        return call.call
    known = known_parties(public, seat, own_queens)[call.seat]
    if known is not None:
        return known
    legal = [party for party, other in ((RE, KONTRA), (KONTRA, RE))
             if call_problem(public.calls[party], public.calls[other], LEVEL[call.call],
                             public.hand_size(call.seat), public.shift) is None]
    return legal[0] if len(legal) == 1 else None


def unresolved_calls(record: dict) -> bool:
    """Whether some call in ``record`` still carries no party."""
    return any(isinstance(raw, dict) and "call" in raw and "party" not in raw for raw in record.get("actions", []))


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
    def from_record(cls, record: dict, seat: int, careful: bool = True) -> "View":
        public = Public.from_record(record)
        hand = hand_at_play(public, seat, [card_from_code(c) for c in record["hands"][seat]])
        for card in public.played_by[seat]:
            hand.remove(card)
        return cls(public, seat, hand, careful)

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
