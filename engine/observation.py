"""What one seat may know: its own hand and every public action.

:func:`observe` gives one seat's :class:`Observation` of a deal, the only view of a deal that reaches a
player, a bot or the page while the deal runs. It is a frozen value, built once: the partial deal record
parsed (``actions``, ``dealt``, ``rules`` ...) and the public facts replayed once (``public``: cards played,
tricks, suits a seat has shown it lacks, Kreuz-Damen shown, calls, the contract as the table knows it);
:func:`known_parties` reads from them what a seat knows of the parties. ``to_dict()``/``from_dict()`` turn it into the partial
record of the deal-record format and the bot protocol (the other seats' hands ``null``) and back.
:class:`Knowledge` adds one seat's hand; the worlds (:mod:`engine.worlds`) deal the unseen cards.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from .actions import Accept, Action, Call, Declare, Pass, Play, Reservation, Return
from .calls import LEVEL, PartyCalls, apply_call, call_problem
from .cards import CLUB_QUEEN, EYES, card_from_code, deck
from .contracts import ALL_SOLO_KINDS, ORDERS, TRUMP, build_order, swine_cards
from .deal import KONTRA, PLAY, RE, Deal, after_exchange
from .errors import RecordError
from .record import export, load, parse_actions
from .rules import TSR, Rules

_NORMAL_SUIT = ORDERS["normal"].suit


def observe(deal: Deal, seat: int) -> "Observation":
    """What ``seat`` may know of ``deal`` now (house rules §13.3 for the house rules).

    Every call carries its caller's party: at the table a player who announces says which party
    he speaks for whenever that is not already clear (TSR 6.4.6). The Armut's passed cards are
    shown only to the poor seat and the taker, the returned cards only to those two; everybody
    sees their number and the number of trumps returned (``trumps``). ``shown`` names the seats
    whose Schweine and Superschweine the table has seen so far.
    """
    record = export(deal)
    shown_hand = deal.thrown["seat"] if deal.thrown else seat   # a deal thrown in shows the thrower's hand
    record["hands"] = [hand if s in (seat, shown_hand) else None for s, hand in enumerate(record["hands"])]
    made = iter(deal.calls_made)
    ex = deal.exchange
    for action in record["actions"]:
        if "call" in action:
            action["party"] = next(made).party
        elif "pass" in action or "return" in action:
            key = "pass" if "pass" in action else "return"
            if seat not in (ex.poor, ex.taker):
                action[key] = [None] * len(action[key])
            if key == "return":
                action["trumps"] = ex.trumps_returned
    shown = shown_swine(deal)
    if shown:
        record["shown"] = shown
    return Observation.from_dict(record, seat)


@dataclass(frozen=True)
class Observation:
    """One seat's view of a deal at one moment: a value, read by every consumer, never changed.

    ``actions`` are the public actions in order, each call with its caller's party wherever ``seat`` can
    tell it (other programs send calls without one); ``dealt`` is the seat's hand as dealt. ``public`` is
    worked out once, on first use; treat it as read-only.
    """
    seat: int
    dealer: int
    rules: Rules
    dealt: tuple[int, ...]
    actions: tuple[Action, ...]
    forced: int | None = None
    bock: int = 1
    shown: dict = field(default_factory=dict)     # "schweine"/"superschweine" -> the seat the table saw them with
    record: dict = field(default_factory=dict, repr=False)   # the partial record, for to_dict()

    @classmethod
    def of(cls, observation: "Observation | dict", seat: int) -> "Observation":
        """``observation`` itself, or the Observation of a partial record (the bot protocol's input)."""
        return observation if isinstance(observation, Observation) else cls.from_dict(observation, seat)

    @classmethod
    def from_dict(cls, data, seat: int) -> "Observation":
        """The observation of ``seat`` in a partial deal record (JSON text or an object); a call without a party
        gets the one ``seat`` can tell (:func:`with_parties`)."""
        record = with_parties(load(data, observation=True), seat)
        hands = record.get("hands")
        if not isinstance(hands, list) or len(hands) != 4 or not isinstance(hands[seat], list):
            raise RecordError(f"the observation must show seat {seat}'s hand")
        return cls(seat, record["dealer"], Rules.from_dict(record.get("rules")),
                   tuple(card_from_code(c) for c in hands[seat]), tuple(parse_actions(record)),
                   record.get("forced"), record.get("bock", 1), dict(record.get("shown") or {}), record)

    def to_dict(self) -> dict:
        """The partial deal record (a copy: changing it changes nothing here)."""
        return copy.deepcopy(self.record)

    def __reduce__(self):   # to a helper process as its record: the replay is redone there, not pickled
        return (Observation.from_dict, (self.record, self.seat))

    @cached_property
    def public(self) -> "Public":
        """The public facts after every action, replayed once."""
        public = Public(self.dealer, self.rules, self.shown)
        public.forced = self.forced
        for action in self.actions:
            public.apply(action)
        return public

    def hand(self) -> list[int]:
        """The cards this seat holds now (after an Armut exchange it took part in, less those played)."""
        public = self.public
        hand = hand_at_play(public, self.seat, list(self.dealt))
        for card in public.played_by[self.seat]:
            hand.remove(card)
        return hand


def known_parties(public: "Public", seat: int, own_queens: int, certain: bool = False) -> list[str | None]:
    """The party of each seat as far as ``seat`` (who was dealt ``own_queens`` Kreuz-Damen) knows.

    Declared games make the parties public (a Hochzeit's guests once the partner is found). In a normal game
    the seat knows its own party; another seat shows its party by playing a Kreuz-Dame or by announcing, and
    once both Re players are known the rest are Kontra. Two Kontra players leave two Re players only where
    no stille Hochzeit (Re alone) can be: the computers read it so (``certain`` False: they assume no stille
    Hochzeit until its second Kreuz-Dame shows, and read an Armut's parties from the cards); what the table
    tells the player (``certain``) waits for a Kreuz-Dame in the player's own hand, and names the Armut's
    parties once its exchange is over.
    """
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
    if certain and public.poor is not None:
        if public.trumps_returned is None:
            return parties
        return [RE if s in (public.poor, public.taker) else KONTRA for s in range(4)]
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
    elif len(kontra_seats) >= 2 and (own_queens or not certain):
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


def caller_party(public: "Public", seat: int, own_queens: int, call: Call) -> str | None:
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


def unresolved_calls(observation: Observation) -> bool:
    """Whether some call in ``observation`` still carries no party."""
    return any(isinstance(raw, dict) and "call" in raw and "party" not in raw for raw in observation.record["actions"])


def shown_swine(deal: Deal) -> dict:
    """The Schweine and Superschweine shown to the table so far (house rules §4.3)."""
    shown = {}
    if deal.swine_seat is None or deal.phase not in (PLAY, "done"):
        return shown
    if deal.rules.schweine_shown == "at_start":
        shown["schweine"] = deal.swine_seat
    else:
        kind = deal.contract if deal.contract in ALL_SOLO_KINDS else "normal"
        swine = swine_cards(kind, deal.rules)[0]
        if any(swine in t.cards for t in deal.tricks) or swine in deal.trick:
            shown["schweine"] = deal.swine_seat
    if deal.superswine_seat is not None:
        shown["superschweine"] = deal.superswine_seat
    return shown


class Public:
    """The public facts of a deal so far (no hands)."""

    def __init__(self, dealer: int, rules: Rules = TSR, shown: dict | None = None):
        self.dealer = dealer
        self.rules = rules
        self.shown = dict(shown or {})   # seats whose Schweine / Superschweine are shown
        self.tricks_total = rules.tricks
        self.reservations: list[bool | None] = [None] * 4
        self.declaration: Declare | None = None
        self.order = self._order("normal")
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
        self.clarified_in: int | None = None
        self.forced: int | None = None                    # the vorgeführt seat (TSR 4.2.3)
        # The Armut (house rules §6): the poor seat, the number of cards moved, the taker, the
        # trumps returned, and the cards themselves where this seat may see them (else None).
        self.poor: int | None = None
        self.poverty_cards = 0
        self.taker: int | None = None
        self.trumps_returned: int | None = None
        self.passed: tuple | None = None
        self.returned: tuple | None = None

    def _order(self, kind: str):
        """The card order as far as the table knows (Schweine on top once shown; before that no
        swine card has been played, so no trick so far depends on them)."""
        kind = kind if kind in ALL_SOLO_KINDS else "normal"
        return build_order(kind, self.rules, "schweine" in self.shown, "superschweine" in self.shown)

    # ----- derived facts ---------------------------------------------------------------

    @property
    def kind(self) -> str:
        """The contract as the table knows it: normal, wedding or a solo kind."""
        return self.declaration.kind if self.declaration else "normal"

    @property
    def is_solo(self) -> bool:
        return self.declaration is not None and self.declaration.kind in ALL_SOLO_KINDS

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def cards_played(self) -> int:
        return 4 * len(self.tricks) + len(self.trick)

    def hand_size(self, seat: int) -> int:
        return self.tricks_total - len(self.played_by[seat])

    @property
    def shift(self) -> int:
        """The Hochzeit shift of the announcement windows (TSR 6.4.2)."""
        if self.hochzeiter is None:
            return 0
        if self.wedding_partner is not None:
            return self.clarified_in - 1
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
            self.order = self._order(action.kind)
            if action.kind == "wedding":
                self.hochzeiter = action.seat
            elif action.kind == "poverty":
                self.poor = action.seat
            elif action.compulsory or (action.kind in ALL_SOLO_KINDS and self.rules.solo_lead == "soloist"):
                self.leader = action.seat
        elif isinstance(action, Pass):
            self.poverty_cards = len(action.cards)
            self.passed = None if None in action.cards else action.cards
        elif isinstance(action, Accept):
            if action.accepted:
                self.taker = action.seat
        elif isinstance(action, Return):
            self.returned = None if None in action.cards else action.cards
            self.trumps_returned = (action.trumps if action.trumps is not None
                                    else sum(_NORMAL_SUIT[c] == TRUMP for c in action.cards))

    def _call(self, action: Call) -> None:
        party = action.party or (action.call if action.call in (RE, KONTRA) else None)
        if party is None:
            return
        self.called[action.seat] = party
        apply_call(self.calls[party], LEVEL[action.call], self.hand_size(action.seat),
                   self.shift + 12 - self.tricks_total)

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
        winner = self.trick[self.order.trick_winner(cards, len(self.tricks) + 1 == self.tricks_total)][0]
        eyes = EYES[cards[0]] + EYES[cards[1]] + EYES[cards[2]] + EYES[cards[3]]
        self.tricks.append((self.leader, cards, winner, eyes))
        self.trick = []
        self.leader = winner
        if self.hochzeiter is not None and self.wedding_partner is None and not self.wedding_alone:
            rule = self.declaration.partner or self.rules.hochzeit_partner
            qualifies = rule == "first_trick" or (rule == "first_trump_trick") == (_NORMAL_SUIT[cards[0]] == TRUMP)
            if winner != self.hochzeiter and qualifies:
                self.wedding_partner = winner
                self.clarified_in = len(self.tricks)
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


class Knowledge:
    """The public facts of an observation from its seat's view.

    ``own`` is the seat's hand as dealt; ``current`` its cards at the start of play (after an
    Armut exchange it took part in). ``known_at`` maps seats to unseen cards the seat knows are
    there (an Armut's passed or returned cards it saw).
    """

    def __init__(self, observation: Observation):
        seat = observation.seat
        self.observation, self.seat = observation, seat
        self.rules = observation.rules
        self.own = list(observation.dealt)
        self.actions = list(observation.actions)
        self.public = public = observation.public
        self.declaration = declaration = public.declaration
        self.played = public.played_by     # per seat, in play order
        self.void = public.void             # suit classes a seat has shown it has none of
        # Kreuz-Dame facts: a Hochzeit shows both with its announcer; in a normal game (as far as
        # the table knows) whoever speaks for Re holds one and whoever speaks for Kontra none.
        wedding = declaration is not None and declaration.kind == "wedding"
        normal = declaration is None
        self.needs_queen = [(wedding and s == declaration.seat) or (normal and public.called[s] == RE)
                            for s in range(4)]
        self.no_queen = [(wedding and s != declaration.seat) or (normal and public.called[s] == KONTRA)
                         for s in range(4)]
        self.current = hand_at_play(public, seat, self.own)
        self.known_at: dict[int, list[int]] = {s: [] for s in range(4)}
        if public.returned is not None:   # this seat took part in the exchange: it knows both packets
            poor, taker, passed, returned = public.poor, public.taker, public.passed, public.returned
            # The taker holds what it was passed and did not give back; the poor seat all it got back.
            if seat == poor:
                self.known_at[taker] = list((Counter(passed) - Counter(returned)).elements())
            else:
                self.known_at[poor] = list(returned)

    def unseen(self) -> list[int]:
        """Cards whose place the observer does not know."""
        pool = list(deck(self.rules.nines))
        for card in self.current:
            pool.remove(card)
        for s in range(4):
            if s != self.seat:
                for card in self.played[s]:
                    pool.remove(card)
        return pool


def hand_at_play(public: Public, seat: int, dealt: list[int]) -> list[int]:
    """``seat``'s hand when play began: as dealt, or after an Armut exchange it took part in
    (the poor seat gave the passed cards and got the returned ones, the taker the other way round)."""
    if public.returned is None or seat not in (public.poor, public.taker):
        return list(dealt)
    return after_exchange(dealt, seat, public.poor, public.taker, public.passed, public.returned)
