"""What is public in a deal, tracked action by action, and one seat's view of it.

``Public`` follows the actions of a (partial) deal record without any hand: cards played,
tricks and their winners, suits a seat has shown it lacks, Kreuz-Damen shown, calls and the
contract as far as the table knows it. ``View`` adds one seat's hand and works out what that
seat knows about the parties. Both are cheap to build, so the searching bots can ask the rule
player "what would you have played here?" for many imagined hands (inference).
"""

from __future__ import annotations

from ..actions import Call, Declare, Play, Reservation
from ..calls import LEVEL, PartyCalls, apply_call
from ..cards import CLUB_QUEEN, EYES, card_from_code
from ..contracts import ORDERS, TRUMP
from ..record import load, parse_actions

RE, KONTRA = "re", "kontra"


class Public:
    """The public facts of a deal so far (no hands)."""

    def __init__(self, dealer: int):
        self.dealer = dealer
        self.reservations: list[bool | None] = [None] * 4
        self.declaration: Declare | None = None
        self.order = ORDERS["normal"]
        self.leader = (dealer + 1) % 4
        self.trick: list[tuple[int, int]] = []          # (seat, card) in play order
        self.tricks: list[tuple[int, tuple, int, int]] = []  # (leader, cards, winner, eyes)
        self.played_by: list[list[int]] = [[], [], [], []]
        self.played_count = [0] * 24
        self.void: list[set[int]] = [set(), set(), set(), set()]
        self.led_count = [0] * 5                          # how often each suit class was led
        self.queens_shown = [0] * 4
        self.called: list[str | None] = [None] * 4       # party a seat spoke for
        self.calls = {RE: PartyCalls(), KONTRA: PartyCalls()}
        self.hochzeiter: int | None = None
        self.wedding_partner: int | None = None
        self.wedding_alone = False
        self.forced: int | None = None                    # the vorgeführt seat (TSR 4.2.3)

    @classmethod
    def from_record(cls, record: dict) -> "Public":
        record = load(record)
        public = cls(record["dealer"])
        public.forced = record.get("forced")
        for action in parse_actions(record):
            public.apply(action)
        return public

    # ----- derived facts ---------------------------------------------------------------

    @property
    def kind(self) -> str:
        """The contract as the table knows it: normal, wedding or a solo kind."""
        return self.declaration.kind if self.declaration else "normal"

    @property
    def is_solo(self) -> bool:
        return self.declaration is not None and self.declaration.kind != "wedding"

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def cards_played(self) -> int:
        return 4 * len(self.tricks) + len(self.trick)

    def hand_size(self, seat: int) -> int:
        return 12 - len(self.played_by[seat])

    @property
    def shift(self) -> int:
        """The Hochzeit shift of the announcement windows (TSR 6.4.2)."""
        if self.hochzeiter is None:
            return 0
        if self.wedding_partner is not None:
            return next(i for i, t in enumerate(self.tricks) if t[2] == self.wedding_partner)
        return 2 if self.wedding_alone else 0

    # ----- following the actions -------------------------------------------------------

    def apply(self, action) -> None:
        if isinstance(action, Play):
            self._play(action.seat, action.card)
        elif isinstance(action, Call):
            self._call(action)
        elif isinstance(action, Reservation):
            self.reservations[action.seat] = action.has_reservation
        elif isinstance(action, Declare):
            self.declaration = action
            self.order = ORDERS.get(action.kind, ORDERS["normal"])
            if action.kind == "wedding":
                self.hochzeiter = action.seat
            elif action.compulsory:
                self.leader = action.seat

    def _call(self, action: Call) -> None:
        party = action.party or (action.call if action.call in (RE, KONTRA) else None)
        if party is None:
            return
        self.called[action.seat] = party
        apply_call(self.calls[party], LEVEL[action.call], self.hand_size(action.seat), self.shift)

    def _play(self, seat: int, card: int) -> None:
        suit = self.order.suit
        if self.trick:
            led = suit[self.trick[0][1]]
            if suit[card] != led:
                self.void[seat].add(led)
        else:
            self.led_count[suit[card]] += 1
        self.trick.append((seat, card))
        self.played_by[seat].append(card)
        self.played_count[card] += 1
        if card == CLUB_QUEEN:
            self.queens_shown[seat] += 1
        if len(self.trick) == 4:
            self._close_trick()

    def _close_trick(self) -> None:
        cards = tuple(c for _, c in self.trick)
        winner = self.trick[self.order.trick_winner(cards)][0]
        eyes = EYES[cards[0]] + EYES[cards[1]] + EYES[cards[2]] + EYES[cards[3]]
        self.tricks.append((self.leader, cards, winner, eyes))
        self.trick = []
        self.leader = winner
        if self.hochzeiter is not None and self.wedding_partner is None and not self.wedding_alone:
            if winner != self.hochzeiter:
                self.wedding_partner = winner
            elif len(self.tricks) == 3:
                self.wedding_alone = True

    def copy(self) -> "Public":
        new = object.__new__(Public)
        new.__dict__.update(self.__dict__)
        new.reservations = list(self.reservations)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.played_by = [list(p) for p in self.played_by]
        new.played_count = list(self.played_count)
        new.void = [set(v) for v in self.void]
        new.led_count = list(self.led_count)
        new.queens_shown = list(self.queens_shown)
        new.called = list(self.called)
        new.calls = {p: c.copy() for p, c in self.calls.items()}
        return new


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


class View:
    """One seat's knowledge: the public facts plus its own hand, with card-counting helpers."""

    def __init__(self, public: Public, seat: int, hand: list[int]):
        self.public = public
        self.seat = seat
        self.hand = hand
        self.order = public.order
        own_queens = hand.count(CLUB_QUEEN) + public.queens_shown[seat]
        self.parties = known_parties(public, seat, own_queens)
        self.unseen = [2 - n for n in public.played_count]
        for card in hand:
            self.unseen[card] -= 1

    @classmethod
    def from_record(cls, record: dict, seat: int) -> "View":
        public = Public.from_record(record)
        dealt = [card_from_code(c) for c in record["hands"][seat]]
        for card in public.played_by[seat]:
            dealt.remove(card)
        return cls(public, seat, dealt)

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
