"""One deal as a state machine: reservations -> (naming) -> play -> done.

``Deal`` holds the full truth (all four hands). Players and bots never see it directly; they
get :func:`engine.observation.observe` of it. Every change goes through one of ``reserve``,
``declare``, ``call`` and ``play`` (or ``apply`` for an :class:`Action`); each checks legality
and raises :class:`IllegalActionError` without changing anything when the action is illegal.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

from .actions import Action, Call, Declare, Play, Reservation
from .calls import LEVEL, PartyCalls, apply_call, call_problem
from .cards import CLUB_QUEEN, EYES, check_hands, code, deal_hands
from .contracts import ORDERS, SOLO_KINDS, CardOrder
from .errors import CardError, DoppelkopfError, IllegalActionError
from .rules import TSR, Rules

RESERVATIONS, DECLARE, PLAY, DONE = "reservations", "declare", "play", "done"
RE, KONTRA = "re", "kontra"
SUIT_WORDS = ("Kreuz", "Pik", "Herz", "Karo", "Trumpf")
_FOLLOWERS = tuple(tuple((leader + i) % 4 for i in (1, 2, 3)) for leader in range(4))


def _check_seat(value, what: str) -> None:
    if type(value) is not int or not 0 <= value <= 3:
        raise DoppelkopfError(f"{what} must be a seat 0..3, got {value!r}")


class Trick(NamedTuple):
    """A completed trick (a tuple, cheap to make on the rollout path)."""

    number: int            # 1..12
    leader: int
    cards: tuple[int, ...]  # in play order, the leader's first
    winner: int
    eyes: int

    def seat_of(self, index: int) -> int:
        return (self.leader + index) % 4

    def played_by(self, seat: int) -> int:
        return self.cards[(seat - self.leader) % 4]


_new_trick = partial(tuple.__new__, Trick)   # a Trick from a 5-tuple, without a Python-level __new__


@dataclass(slots=True)
class CallMade:
    seat: int
    call: str
    party: str
    hand_size: int
    played: int   # cards played before the call: its place among the plays


class Deal:
    # Slots: simulations read these attributes millions of times, and slots are the quickest to read.
    __slots__ = ("dealt", "hands", "dealer", "rules", "compulsory_open", "forced", "reservations", "declaration",
                 "contract", "order", "_suit", "_by_suit", "re_seats", "hochzeiter", "clarified_in", "shift",
                 "party_calls", "calls_made", "tricks", "trick", "leader", "phase", "turn")

    def __init__(self, hands, dealer: int = 0, rules: Rules = TSR, *,
                 compulsory_open: frozenset[int] | None = None, forced: int | None = None):
        """``hands``: four lists of 12 card kinds. ``compulsory_open``: the seats whose Pflichtsolo is
        still open in a tournament round (empty in casual play, None when unknown, e.g. a lone record).
        ``forced``: the seat that must play its Pflichtsolo now (Vorführung, TSR 4.2.3)."""
        try:
            hands = [list(h) for h in hands]
        except TypeError:
            raise CardError("hands must be four lists of cards") from None
        check_hands(hands)
        _check_seat(dealer, "dealer")
        self._set_up(hands, dealer, rules, compulsory_open, forced)

    @classmethod
    def shuffled(cls, rng, dealer: int = 0, rules: Rules = TSR, *,
                 compulsory_open: frozenset[int] | None = None, forced: int | None = None) -> "Deal":
        """A fresh deal shuffled and dealt with ``rng`` (:func:`engine.cards.deal_hands`).

        The engine's own shuffle yields the deck by construction, so its hands are not checked again.
        """
        _check_seat(dealer, "dealer")
        deal = object.__new__(cls)
        deal._set_up(deal_hands(rng, dealer), dealer, rules, compulsory_open, forced)
        return deal

    def _set_up(self, hands: list[list[int]], dealer: int, rules: Rules,
                compulsory_open: frozenset[int] | None, forced: int | None) -> None:
        if forced is not None:
            _check_seat(forced, "forced")
        self.dealt = tuple(map(tuple, hands))
        self.hands = hands
        self.dealer = dealer
        self.rules = rules
        self.compulsory_open = compulsory_open
        self.forced = forced
        self.reservations: list[bool | None] = [None, None, None, None]
        self.declaration: Declare | None = None
        self.contract: str | None = None     # the result's contract name, once known
        self.order: CardOrder = ORDERS["normal"]
        self._suit = self.order.suit
        self._by_suit: list[list[list[int]]] = []  # per seat, per suit class: the cards in hand
        self.re_seats: frozenset[int] | None = None
        self.hochzeiter: int | None = None
        self.clarified_in: int | None = None  # Klärungsstich number of an announced wedding
        self.shift = 0                        # Hochzeit window shift (TSR 6.4.2)
        self.party_calls = {RE: PartyCalls(), KONTRA: PartyCalls()}
        self.calls_made: list[CallMade] = []
        self.tricks: list[Trick] = []
        self.trick: list[int] = []
        self.leader = (dealer + 1) % 4
        if forced is None:
            self.phase, self.turn = RESERVATIONS, self.leader
        else:
            self.phase, self.turn = DECLARE, forced

    # ----- seats and parties -------------------------------------------------------------

    @property
    def vorhand(self) -> int:
        return (self.dealer + 1) % 4

    def query_order(self) -> list[int]:
        return [(self.dealer + 1 + i) % 4 for i in range(4)]

    def holds_both_club_queens(self, seat: int) -> bool:
        return self.dealt[seat].count(CLUB_QUEEN) == 2

    def party_of(self, seat: int) -> str | None:
        """Re or Kontra, or None while an announced wedding is not yet clarified (for its guests)."""
        if self.re_seats is None:
            return RE if seat == self.hochzeiter else None
        return RE if seat in self.re_seats else KONTRA

    @property
    def soloist(self) -> int | None:
        if self.contract in SOLO_KINDS or self.contract in ("silent-wedding", "wedding-alone"):
            return next(iter(self.re_seats))
        return None

    @property
    def cards_played(self) -> int:
        return len(self.tricks) * 4 + len(self.trick)

    @property
    def actions(self) -> list[Action]:
        """Every action so far, in order (the deal record's ``actions``).

        No separate log is kept (the card play is the hot path): the answers of the query, the
        naming, then the plays as the tricks hold them with each call at its place among them.
        """
        actions: list[Action] = [Reservation(s, self.reservations[s]) for s in self.query_order()
                                 if self.reservations[s] is not None]
        if self.declaration is not None:
            actions.append(self.declaration)
        plays = [Play((trick.leader + i) % 4, card) for trick in self.tricks for i, card in enumerate(trick.cards)]
        plays += [Play((self.leader + i) % 4, card) for i, card in enumerate(self.trick)]
        done = 0
        for made in self.calls_made:
            actions += plays[done:made.played]
            actions.append(Call(made.seat, made.call))
            done = made.played
        return actions + plays[done:]

    def is_done(self) -> bool:
        return self.phase == DONE

    def current_player(self) -> int | None:
        return self.turn

    # ----- reservations and naming (TSR 4) -----------------------------------------------

    def reserve(self, seat: int, has_reservation: bool) -> None:
        if self.phase != RESERVATIONS:
            raise IllegalActionError("the reservation query is over", seat)
        if seat != self.turn:
            self._check_turn(seat)
        if type(has_reservation) is not bool:
            raise IllegalActionError("a reservation is true (Vorbehalt) or false (gesund)", seat)
        self.reservations[seat] = has_reservation
        if seat != self.dealer:
            self.turn = (seat + 1) % 4
        elif True in self.reservations:
            self.phase, self.turn = DECLARE, self.reservation_holders()[0]
        else:
            re_seats = [s for s, hand in enumerate(self.dealt) if CLUB_QUEEN in hand]
            self._start_play("silent-wedding" if len(re_seats) == 1 else "normal", frozenset(re_seats), self.vorhand)

    def reservation_holders(self) -> list[int]:
        return [s for s in self.query_order() if self.reservations[s]]

    def declare_problem(self, seat: int, kind: str, compulsory: bool) -> str | None:
        """Why ``seat`` may not name ``kind`` now, or None (TSR 4.1, 4.2.3, 4.4)."""
        if self.phase != DECLARE:
            return "no reservation is to be named now"
        if kind not in ("wedding",) + SOLO_KINDS:
            return f"unknown declaration {kind!r}"
        if self.forced is not None:
            if seat != self.forced:
                return f"seat {self.forced} must play its Pflichtsolo now (Vorführung)"
            if kind == "wedding" or not compulsory:
                return "a Vorführung is a Pflichtsolo: name a solo, compulsory"
            return None
        if not self.reservations[seat]:
            return "only a seat that said Vorbehalt names a reservation"
        holders = self.reservation_holders()
        if kind == "wedding":
            if compulsory:
                return "a Hochzeit is not a solo"
            if not self.holds_both_club_queens(seat):
                return "a Hochzeit needs both Kreuz-Damen (TSR 4.4.1)"
            if len(holders) > 1:
                return "with several reservations a Hochzeit never wins (TSR 4.1.6)"
            return None
        if self.compulsory_open is not None and compulsory != (seat in self.compulsory_open):
            return ("your Pflichtsolo is still open: a solo now is your Pflichtsolo (TSR 4.3.1)" if compulsory is False
                    else "you have no open Pflichtsolo: this is a Lustsolo")
        for other in holders:
            if other != seat and self._outranks(other, seat, compulsory, holders):
                return f"seat {other}'s reservation outranks yours (TSR 4.1.5)"
        return None

    def _outranks(self, other: int, seat: int, compulsory: bool, holders: list[int]) -> bool:
        """Whether ``other``'s reservation certainly beats ``seat``'s solo: Pflichtsolo > Lustsolo, front seat first."""
        if self.holds_both_club_queens(other):
            return False  # it may be a Hochzeit, which never wins against a solo
        other_compulsory = None if self.compulsory_open is None else other in self.compulsory_open
        earlier = holders.index(other) < holders.index(seat)
        if compulsory:
            return bool(other_compulsory) and earlier
        return earlier or bool(other_compulsory)

    def legal_declarations(self, seat: int) -> list[Declare]:
        options = [Declare(seat, kind, c) for kind in ("wedding",) + SOLO_KINDS for c in (False, True)]
        return [d for d in options if self.declare_problem(seat, d.kind, d.compulsory) is None]

    def is_compulsory(self, seat: int, kind: str) -> bool:
        """Whether a solo named by ``seat`` now is its Pflichtsolo (tournament round, TSR 4.3.1)."""
        if self.forced is not None:
            return True
        return kind != "wedding" and self.compulsory_open is not None and seat in self.compulsory_open

    def resolve_reservations(self, intents: dict[int, str]) -> Declare:
        """The naming that wins the query, given what each reservation holder means (TSR 4.1.4-4.1.7).

        ``intents`` maps every seat that said Vorbehalt to the kind it would name. Pflichtsolo beats
        Lustsolo beats Hochzeit; among equals the seat nearer the dealer's left wins.
        """
        holders = [self.forced] if self.forced is not None else self.reservation_holders()
        if set(intents) != set(holders):
            raise IllegalActionError(f"need the intents of exactly the seats {holders}")
        named = [Declare(s, intents[s], self.is_compulsory(s, intents[s])) for s in holders]
        rank = {True: 0, False: 1}
        best = min(named, key=lambda d: (d.kind == "wedding", rank[d.compulsory], holders.index(d.seat)))
        problem = self.declare_problem(best.seat, best.kind, best.compulsory)
        if problem:
            raise IllegalActionError(problem, best.seat)
        return best

    def declare(self, seat: int, kind: str, compulsory: bool = False) -> None:
        problem = self.declare_problem(seat, kind, compulsory)
        if problem:
            raise IllegalActionError(problem, seat)
        self.declaration = Declare(seat, kind, compulsory)
        if kind == "wedding":
            self.hochzeiter = seat
            self._start_play("wedding", None, self.vorhand)
        else:
            self._start_play(kind, frozenset([seat]), seat if compulsory else self.vorhand)

    def _start_play(self, contract: str, re_seats, leader: int) -> None:
        self.contract = contract
        self.order = ORDERS.get(contract, ORDERS["normal"])
        self.re_seats = re_seats
        self.phase, self.leader, self.turn = PLAY, leader, leader
        suit = self._suit = self.order.suit
        self._by_suit = by_suit = []
        for hand in self.hands:
            buckets = [[], [], [], [], []]
            for card in hand:
                buckets[suit[card]].append(card)
            by_suit.append(buckets)

    # ----- announcements (TSR 6) ---------------------------------------------------------

    def call_problem(self, seat: int, call: str) -> str | None:
        """Why ``seat`` may not announce ``call`` now, or None."""
        if call not in LEVEL:
            return f"unknown call {call!r}"
        if self.phase != PLAY:
            return "announcements are made after the game type is fixed and before the deal ends"
        if self.re_seats is None:
            return "in a Hochzeit nobody announces before the Klärungsstich is complete (TSR 4.4.4)"
        party = self.party_of(seat)
        if call in (RE, KONTRA) and call != party:
            return f"you play {party.capitalize()}: you cannot announce {call.capitalize()}"
        other = KONTRA if party == RE else RE
        return call_problem(self.party_calls[party], self.party_calls[other], LEVEL[call],
                            len(self.hands[seat]), self.shift)

    def legal_calls(self, seat: int) -> list[str]:
        """The announcements ``seat`` may make at this moment (Absagen imply skipped levels)."""
        if self.phase != PLAY or self.re_seats is None:
            return []
        party = self.party_of(seat)
        return [c for c in (party, "no90", "no60", "no30", "schwarz") if self.call_problem(seat, c) is None]

    def call(self, seat: int, call: str, party: str | None = None) -> None:
        """Announce ``call`` for ``seat``; ``party``, if given, must be the seat's party."""
        problem = self.call_problem(seat, call)
        if not problem and party is not None and party != self.party_of(seat):
            problem = f"seat {seat} plays {self.party_of(seat).capitalize()}, not {party.capitalize()}"
        if problem:
            raise IllegalActionError(problem, seat)
        party = self.party_of(seat)
        hand_size = len(self.hands[seat])
        apply_call(self.party_calls[party], LEVEL[call], hand_size, self.shift)
        self.calls_made.append(CallMade(seat, call, party, hand_size, self.cards_played))

    # ----- card play (TSR 5) -------------------------------------------------------------

    def legal_cards(self) -> list[int]:
        """The cards in hand the seat to move may play (one entry per physical card)."""
        if self.phase != PLAY:
            return []
        if self.trick:
            follow = self._by_suit[self.turn][self.order.suit[self.trick[0]]]
            if follow:
                return follow[:]
        return self.hands[self.turn][:]

    def play_problem(self, seat: int, card: int) -> str | None:
        if self.phase != PLAY:
            return "no card is to be played now"
        if seat != self.turn:
            return f"it is seat {self.turn}'s turn"
        if card not in self.hands[seat]:
            return f"you do not hold {code(card)}"
        if self.trick:
            led = self.order.suit[self.trick[0]]
            if self.order.suit[card] != led and self._by_suit[seat][led]:
                return f"you must follow {SUIT_WORDS[led]}"
        return None

    def play(self, card: int, seat: int | None = None) -> None:
        """Play ``card`` for the seat to move (``seat``, if given, must be that seat)."""
        # The hot path of every simulation: keep attribute look-ups few.
        turn = self.turn
        trick = self.trick
        suit = self._suit
        try:
            by_suit = self._by_suit[turn]
            cls = suit[card]
            follow = by_suit[suit[trick[0]]] if trick else None
            by_suit[cls].remove(card)
        except (IndexError, TypeError, ValueError):
            raise IllegalActionError(self.play_problem(turn if seat is None else seat, card)
                                     or f"not a card: {card!r}", seat) from None
        if (follow and cls != suit[trick[0]]) or (seat is not None and seat != turn):
            by_suit[cls].append(card)
            raise IllegalActionError(self.play_problem(seat if seat is not None else turn, card), seat)
        self.hands[turn].remove(card)
        trick.append(card)
        if len(trick) < 4:
            self.turn = (turn + 1) % 4
            return
        self._close_trick(trick, (self.leader + self.order.trick_winner(trick)) % 4)

    def playout(self, rng) -> None:
        """Play uniformly random legal cards until the deal ends (Monte Carlo rollouts).

        The same moves as repeated ``play(legal[int(rng.random() * len(legal))])`` with ``legal =
        legal_cards()``; this is the engine's hottest path, so whole tricks are played in one
        loop over locals (a trick already begun is finished through ``play()``).
        """
        if self.phase != PLAY:
            raise IllegalActionError("no card is to be played now")
        rand = rng.random
        while self.trick:
            legal = self.legal_cards()
            self.play(legal[int(rand() * len(legal))])
        suit, beats, by_suit, hands = self._suit, self.order.beats, self._by_suit, self.hands
        while self.phase != DONE:
            leader, trick = self.leader, self.trick
            hand = hands[leader]
            card = hand[int(rand() * len(hand))]
            taken_by = beats[card]  # which cards beat the best card so far
            led = suit[card]
            hand.remove(card)
            by_suit[leader][led].remove(card)
            trick.append(card)
            winner = leader
            for turn in _FOLLOWERS[leader]:
                hand, buckets = hands[turn], by_suit[turn]
                options = buckets[led] or hand
                card = options[int(rand() * len(options))]
                hand.remove(card)
                buckets[suit[card]].remove(card)
                if taken_by[card]:
                    taken_by, winner = beats[card], turn
                trick.append(card)
            self._close_trick(trick, winner)

    def _close_trick(self, trick: list[int], winner: int) -> None:
        """Record the complete ``trick`` (led by ``self.leader``) won by ``winner``; start the next."""
        c0, c1, c2, c3 = trick
        number = len(self.tricks) + 1
        self.tricks.append(_new_trick((number, self.leader, (c0, c1, c2, c3), winner,
                                       EYES[c0] + EYES[c1] + EYES[c2] + EYES[c3])))
        self.trick = []
        self.leader = self.turn = winner
        if self.re_seats is None:
            self._clarify_wedding(number, winner)
        if number == 12:
            self.phase, self.turn = DONE, None

    def _clarify_wedding(self, number: int, winner: int) -> None:
        """The first of tricks 1-3 won by another seat finds the partner; else a Karo-Solo (TSR 4.4.3)."""
        if winner != self.hochzeiter:
            self.re_seats = frozenset((self.hochzeiter, winner))
        elif number == 3:
            self.contract = "wedding-alone"
            self.re_seats = frozenset((self.hochzeiter,))
        else:
            return
        self.clarified_in = number
        self.shift = number - 1

    # ----- generic interface --------------------------------------------------------------

    def _check_turn(self, seat: int) -> None:
        if seat != self.turn:
            raise IllegalActionError(f"it is seat {self.turn}'s turn, not seat {seat}'s", seat)

    def apply(self, action: Action) -> None:
        """Apply any action; raises IllegalActionError (and changes nothing) if it is illegal."""
        if isinstance(action, Play):
            self.play(action.card, action.seat)
        elif isinstance(action, Call):
            self.call(action.seat, action.call, action.party)
        elif isinstance(action, Reservation):
            self.reserve(action.seat, action.has_reservation)
        elif isinstance(action, Declare):
            self.declare(action.seat, action.kind, action.compulsory)
        else:
            raise IllegalActionError(f"not an action: {action!r}")

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action ``seat`` (default: the seat to move) may take now, announcements included."""
        if seat is None:
            seat = self.turn
            if seat is None:
                return []
        actions: list[Action] = []
        if self.phase == RESERVATIONS and seat == self.turn:
            actions = [Reservation(seat, False), Reservation(seat, True)]
        elif self.phase == DECLARE:
            actions = list(self.legal_declarations(seat))
        elif self.phase == PLAY and seat == self.turn:
            actions = [Play(seat, c) for c in self.order.sorted(self.legal_cards())]
        return actions + [Call(seat, c) for c in self.legal_calls(seat)]

    def copy(self) -> "Deal":
        """An independent copy (bots simulate on copies)."""
        new = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = [list(h) for h in self.hands]
        new.reservations = list(self.reservations)
        new.party_calls = {p: c.copy() for p, c in self.party_calls.items()}
        new.calls_made = list(self.calls_made)
        new.tricks = list(self.tricks)
        new.trick = list(self.trick)
        new._by_suit = [[list(cards) for cards in seat] for seat in self._by_suit]
        return new

    def result(self):
        """The scored result of a complete deal (TSR 7); see :mod:`engine.scoring`."""
        return score(self)


from .scoring import score  # noqa: E402  (scoring builds on Deal, so it is imported last)
