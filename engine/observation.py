"""What one seat may know: its own hand and every public action, as a partial deal record.

:func:`observe` is the only view of a deal that reaches a player or a bot; the other seats'
hands are ``null``. :class:`Public` follows the public actions (cards played, tricks, suits a
seat has shown it lacks, Kreuz-Damen shown, calls, the contract as the table knows it);
:class:`Knowledge` adds one seat's hand; :class:`WorldSampler` and :func:`sample_world` turn an
observation back into full Deals by dealing the unseen cards at random, consistent with
everything public. Players use them to find their legal actions and to simulate.
"""

from __future__ import annotations

from .actions import Call, Declare, Play, Reservation
from .calls import LEVEL, PartyCalls, apply_call
from .cards import CLUB_QUEEN, DECK, EYES, card_from_code
from .contracts import ORDERS
from .deal import KONTRA, RE, Deal
from .errors import DoppelkopfError, RecordError
from .record import export, load, parse_actions
from .rules import Rules


def observe(deal: Deal, seat: int) -> dict:
    """The partial record ``seat`` may know.

    Every call carries its caller's party: at the table a player who announces says which party
    he speaks for whenever that is not already clear (TSR 6.4.6).
    """
    record = export(deal)
    record["hands"] = [hand if s == seat else None for s, hand in enumerate(record["hands"])]
    made = iter(deal.calls_made)
    for action in record["actions"]:
        if "call" in action:
            action["party"] = next(made).party
    return record


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


class Knowledge:
    """The public facts of a partial record from one seat's view, gathered in one pass."""

    def __init__(self, record: dict, seat: int):
        record = load(record)
        hands = record.get("hands")
        if not isinstance(hands, list) or len(hands) != 4 or not isinstance(hands[seat], list):
            raise RecordError(f"the observation must show seat {seat}'s hand")
        self.record, self.seat = record, seat
        self.own = [card_from_code(c) for c in hands[seat]]
        self.actions = parse_actions(record)
        public = Public(record["dealer"])
        for action in self.actions:
            public.apply(action)
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

    def unseen(self) -> list[int]:
        """Cards whose place the observer does not know."""
        pool = list(DECK)
        for card in self.own:
            pool.remove(card)
        for s in range(4):
            if s != self.seat:
                for card in self.played[s]:
                    pool.remove(card)
        return pool


class WorldSampler:
    """Full deals consistent with ``seat``'s observation ``record``: the unseen cards dealt at random.

    The record is read once; each world is replayed from the parsed actions straight into a Deal.
    The constraints are the public ones (:class:`Knowledge`): cards played, suits a seat has shown
    it lacks (trump counts as a suit), the Kreuz-Damen a call or a Hochzeit reveals; a world that
    still breaks a rule on replay (say a silent wedding against a caller's party) is drawn again.
    """

    def __init__(self, record: dict, seat: int):
        known = Knowledge(record, seat)
        self.known = known
        self.seat = seat
        self.dealer = known.record["dealer"]
        self.rules = Rules.from_dict(known.record.get("rules"))
        self.actions = known.actions
        self.others = [s for s in range(4) if s != seat]
        self.missing = {s: 12 - len(known.played[s]) for s in self.others}
        self.pool = known.unseen()
        self.forced = known.record.get("forced")
        if self.forced is None and self.actions and isinstance(self.actions[0], Declare):
            self.forced = self.actions[0].seat
        kind = known.declaration.kind if known.declaration else "normal"
        self.order = ORDERS.get(kind, ORDERS["normal"])
        # Which seats may take each unseen card: voids and Kreuz-Dame facts.
        self.allowed = {card: [s for s in self.others if self._may_hold(s, card)] for card in set(self.pool)}

    def _may_hold(self, seat: int, card: int) -> bool:
        known = self.known
        if self.order.suit[card] in known.void[seat]:
            return False
        return not (card == CLUB_QUEEN and known.no_queen[seat])

    def deal_hands(self, rng) -> list[list[int]] | None:
        """Hands as dealt (unseen cards spread at random, played cards back in place), or None."""
        known = self.known
        cards = list(self.pool)
        rng.shuffle(cards)
        hands = {s: [] for s in self.others}
        room = dict(self.missing)
        for s in self.others:
            if known.needs_queen[s] and CLUB_QUEEN not in known.played[s]:
                if CLUB_QUEEN not in cards or s not in self.allowed[CLUB_QUEEN]:
                    return None
                cards.remove(CLUB_QUEEN)
                hands[s].append(CLUB_QUEEN)
                room[s] -= 1
        # The most constrained cards first, so a card only one seat may take finds room there.
        allowed = self.allowed
        cards.sort(key=lambda c: len(allowed[c]))
        for card in cards:
            options = [s for s in allowed[card] if room[s] > 0]
            if not options:
                return None
            # Weighted by free room: close to a uniform deal of the unconstrained cards.
            pick = rng.random() * sum(room[s] for s in options)
            for s in options:
                pick -= room[s]
                if pick < 0:
                    break
            hands[s].append(card)
            room[s] -= 1
        full = [list(self.known.own) if s == self.seat else hands[s] + known.played[s] for s in range(4)]
        return full

    def replay(self, hands: list[list[int]]) -> Deal:
        deal = Deal(hands, self.dealer, self.rules, forced=self.forced)
        for action in self.actions:
            deal.apply(action)
        return deal

    def sample(self, rng, tries: int = 200) -> Deal:
        """One world, replayed to the observation's point."""
        problem = None
        for _ in range(tries):
            hands = self.deal_hands(rng)
            if hands is None:
                continue
            try:
                return self.replay(hands)
            except DoppelkopfError as exc:
                problem = exc
        raise DoppelkopfError(f"no world consistent with the observation found ({problem})")

    def samples(self, rng, count: int) -> list[Deal]:
        return [self.sample(rng) for _ in range(count)]


def sample_world(record: dict, seat: int, rng, tries: int = 200) -> Deal:
    """A full Deal consistent with ``seat``'s observation ``record``.

    Raises DoppelkopfError if no consistent world turns up in ``tries`` attempts (the record
    itself is then almost certainly inconsistent).
    """
    return WorldSampler(record, seat).sample(rng, tries)
