"""What one seat may know: its own hand and every public action, as a partial deal record.

:func:`observe` is the only view of a deal that reaches a player or a bot; the other seats'
hands are ``null``. :class:`Public` follows the public actions (cards played, tricks, suits a
seat has shown it lacks, Kreuz-Damen shown, calls, the contract as the table knows it);
:class:`Knowledge` adds one seat's hand; :class:`WorldSampler` and :func:`sample_world` turn an
observation back into full Deals by dealing the unseen cards at random, consistent with
everything public. Players use them to find their legal actions and to simulate.
"""

from __future__ import annotations

from collections import Counter

from .actions import Accept, Call, Declare, Pass, Play, Reservation, Return
from .calls import LEVEL, PartyCalls, apply_call
from .cards import CLUB_QUEEN, EYES, card_from_code, deck
from .contracts import ALL_SOLO_KINDS, ORDERS, TRUMP, build_order, swine_cards
from .deal import KONTRA, PLAY, RE, Deal, after_exchange
from .errors import DoppelkopfError, RecordError
from .record import export, load, parse_actions
from .rules import TSR, Rules

_NORMAL_SUIT = ORDERS["normal"].suit


def observe(deal: Deal, seat: int) -> dict:
    """The partial record ``seat`` may know (house rules §13.3 for the house rules).

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
    return record


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

    @classmethod
    def from_record(cls, record: dict) -> "Public":
        record = load(record, observation=True)
        public = cls(record["dealer"], Rules.from_dict(record.get("rules")), record.get("shown"))
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
    """The public facts of a partial record from one seat's view, gathered in one pass.

    ``own`` is the seat's hand as dealt; ``current`` its cards at the start of play (after an
    Armut exchange it took part in). ``known_at`` maps seats to unseen cards the seat knows are
    there (an Armut's passed or returned cards it saw).
    """

    def __init__(self, record: dict, seat: int):
        record = load(record, observation=True)
        hands = record.get("hands")
        if not isinstance(hands, list) or len(hands) != 4 or not isinstance(hands[seat], list):
            raise RecordError(f"the observation must show seat {seat}'s hand")
        self.record, self.seat = record, seat
        self.rules = Rules.from_dict(record.get("rules"))
        self.own = [card_from_code(c) for c in hands[seat]]
        self.actions = parse_actions(record)
        public = Public(record["dealer"], self.rules, record.get("shown"))
        for action in self.actions:
            public.apply(action)
        self.public = public
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


def _minus(cards: list[int], taken) -> list[int]:
    cards = list(cards)
    for card in taken:
        cards.remove(card)
    return cards


class WorldSampler:
    """Full deals consistent with ``seat``'s observation ``record``: the unseen cards dealt at random.

    The record is read once; each world is replayed from the parsed actions straight into a Deal.
    The constraints are the public ones (:class:`Knowledge`): cards played, suits a seat has shown
    it lacks (trump counts as a suit), the Kreuz-Damen a call or a Hochzeit reveals; a world that
    still breaks a rule on replay (say a silent wedding against a caller's party) is drawn again.

    After an Armut exchange the hands are dealt as they were when play began (the poor seat holds
    exactly the trumps returned to it) and turned back into the hands as dealt, with passed and
    returned cards chosen for a seat that did not see them (house rules §6).
    """

    def __init__(self, record: dict, seat: int):
        known = Knowledge(record, seat)
        self.known = known
        self.seat = seat
        self.dealer = known.record["dealer"]
        self.rules = known.rules
        self.bock = known.record.get("bock", 1)
        self.actions = known.actions
        self.others = [s for s in range(4) if s != seat]
        public = known.public
        self.exchange = public.trumps_returned is not None   # an Armut exchange was completed
        if public.poor is not None and not self.exchange and public.passed is None and seat != public.poor:
            raise DoppelkopfError("worlds in the middle of an Armut exchange are not sampled")
        self.pool = known.unseen()
        # Cards known to be in another seat's hand still (seen in the Armut, or shown Schweine).
        self.pending = {s: list((Counter(known.known_at[s]) - Counter(known.played[s])).elements())
                        for s in self.others}
        for s in self.others:
            for card in self.pending[s]:
                self.pool.remove(card)
        self.forced = known.record.get("forced")
        if self.forced is None and self.actions and isinstance(self.actions[0], Declare):
            self.forced = self.actions[0].seat
        kind = known.declaration.kind if known.declaration else "normal"
        self.order = public._order(kind)
        self.shown = dict(public.shown)
        self._place_shown_swine(kind)
        self.missing = {s: self.rules.tricks - len(known.played[s]) - len(self.pending[s]) for s in self.others}
        self.allowed = self._allowed()
        # The actions as said, then (when no world fits them) with outranked Vorbehalte as gesund.
        dropped = self._outranked_reservations_dropped()
        self.passes = [self.actions] if dropped is None else [self.actions, dropped]
        self.poor_trumps = 0   # trumps to give the poor seat when play began (a third party's view)
        if self.exchange and seat not in (public.poor, public.taker):
            # Trumps already placed (played, or shown Schweine in its hand) are among those returned.
            placed = known.played[public.poor] + self.pending[public.poor]
            self.poor_trumps = public.trumps_returned - sum(_NORMAL_SUIT[c] == TRUMP for c in placed)

    def _place_shown_swine(self, kind: str) -> None:
        """Shown Schweine (Superschweine): both cards are with their holder (house rules §4)."""
        cards = swine_cards(kind if kind in ALL_SOLO_KINDS else "normal", self.rules)
        for key, card in zip(("schweine", "superschweine"), cards):
            holder = self.shown.get(key)
            if holder is None or holder == self.seat or card is None:
                continue
            for _ in range(2 - self.known.played[holder].count(card) - self.pending[holder].count(card)):
                if card in self.pool:
                    self.pool.remove(card)
                    self.pending[holder].append(card)

    def _allowed(self) -> dict[int, list[int]]:
        """Which seats may take each unseen card: voids and Kreuz-Dame facts."""
        return {card: [s for s in self.others if self._may_hold(s, card)] for card in set(self.pool)}

    def know_parties(self, re_seats) -> None:
        """Deal only worlds with these parties (a normal game's Kreuz-Damen where they really are): a measurement of
        what knowing the parties is worth, never the table's knowledge."""
        known = self.known
        if known.declaration is None:
            for s in self.others:
                known.needs_queen[s], known.no_queen[s] = s in re_seats, s not in re_seats
            self.allowed = self._allowed()

    def _may_hold(self, seat: int, card: int) -> bool:
        known = self.known
        if self.order.suit[card] in known.void[seat]:
            return False
        if self.exchange and seat == known.public.poor and _NORMAL_SUIT[card] == TRUMP:
            return False   # the poor seat's only trumps are those returned to it
        return not (card == CLUB_QUEEN and known.no_queen[seat])

    def deal_hands(self, rng) -> list[list[int]] | None:
        """Hands at the start of play (unseen cards spread at random, played cards back in place), or None."""
        known = self.known
        cards = list(self.pool)
        rng.shuffle(cards)
        hands = {s: list(self.pending[s]) for s in self.others}
        room = dict(self.missing)
        for s in self.others:
            if known.needs_queen[s] and CLUB_QUEEN not in known.played[s]:
                if CLUB_QUEEN not in cards or s not in self.allowed[CLUB_QUEEN]:
                    return None
                cards.remove(CLUB_QUEEN)
                hands[s].append(CLUB_QUEEN)
                room[s] -= 1
        if self.poor_trumps:
            poor = known.public.poor
            trumps = [c for c in cards if _NORMAL_SUIT[c] == TRUMP and self.order.suit[c] not in known.void[poor]]
            if len(trumps) < self.poor_trumps:
                return None
            for card in trumps[:self.poor_trumps]:
                cards.remove(card)
                hands[poor].append(card)
                room[poor] -= 1
        # The most constrained cards first, so a card only one seat may take finds room there.
        allowed = self.allowed
        cards.sort(key=lambda c: len(allowed[c]))
        for card in cards:
            options = [s for s in allowed[card] if room[s] > 0]
            if not options:
                return None
            # Weighted by free room: close to a uniform deal of the unconstrained cards.
            weights = [room[s] for s in options]
            pick = rng.random() * sum(weights)
            for s, weight in zip(options, weights):
                pick -= weight
                if pick < 0:
                    break
            hands[s].append(card)
            room[s] -= 1
        return [list(known.current) if s == self.seat else hands[s] + known.played[s] for s in range(4)]

    def _as_dealt(self, hands: list[list[int]], rng, actions: list) -> tuple[list[list[int]], list] | None:
        """The hands as dealt and the actions, from the hands at the start of play."""
        if not self.exchange:
            return hands, actions
        public = self.known.public
        poor, taker, k = public.poor, public.taker, public.poverty_cards
        returned, passed = public.returned, public.passed
        if returned is None:   # chosen here: the poor seat's trumps and fail cards, then a poor hand's packet
            trumps = [c for c in hands[poor] if _NORMAL_SUIT[c] == TRUMP]
            fails = [c for c in hands[poor] if _NORMAL_SUIT[c] != TRUMP]
            rng.shuffle(fails)
            returned = tuple(trumps + fails[:k - len(trumps)])
            combined = hands[taker] + list(returned)
            for _ in range(20):
                choice = rng.sample(combined, k)
                if sum(_NORMAL_SUIT[c] == TRUMP for c in choice) in ((k,) if k > 3 else range(4)):
                    passed = tuple(choice)
                    break
            else:
                return None
        dealt = [list(h) for h in hands]
        dealt[poor] = _minus(hands[poor], returned) + list(passed)
        dealt[taker] = _minus(hands[taker] + list(returned), passed)
        actions = [Pass(a.seat, passed) if isinstance(a, Pass) else Return(a.seat, returned)
                   if isinstance(a, Return) else a for a in actions]
        return dealt, actions

    def replay(self, hands: list[list[int]], actions=None) -> Deal:
        deal = Deal(hands, self.dealer, self.rules, forced=self.forced, bock=self.bock)
        for action in self.actions if actions is None else actions:
            deal.apply(action)
        return deal

    def sample(self, rng, tries: int = 200) -> Deal:
        """One world, replayed to the observation's point."""
        problem = None
        for actions in self.passes:
            for _ in range(tries):
                hands = self.deal_hands(rng)
                if hands is None:
                    continue
                try:
                    dealt = self._as_dealt(hands, rng, actions)
                    if dealt is None:
                        continue
                    world = self.replay(*dealt)
                    if shown_swine(world) == self.shown:   # Schweine where the table saw them, and nowhere else
                        return world
                    problem = "the Schweine differ"
                except (DoppelkopfError, ValueError) as exc:
                    problem = exc
        raise DoppelkopfError(f"no world consistent with the observation found ({problem})")

    def _outranked_reservations_dropped(self) -> list | None:
        """The actions with every other seat's outranked Vorbehalt turned into "gesund", or None.

        A Vorbehalt the declaration outranked says the hand could name something lower (an Armut,
        a Hochzeit, Schmeißen). Late in a deal few unseen hands still allow that, and drawing at
        random may miss them all; a world where that seat said "gesund" plays the same cards.
        """
        declared = next((a for a in self.actions if isinstance(a, Declare)), None)
        if declared is None:
            return None
        dropped = [Reservation(a.seat, False) if isinstance(a, Reservation) and a.has_reservation
                   and a.seat not in (declared.seat, self.seat) else a for a in self.actions]
        return dropped if dropped != self.actions else None

    def samples(self, rng, count: int) -> list[Deal]:
        return [self.sample(rng) for _ in range(count)]


def sample_world(record: dict, seat: int, rng, tries: int = 200) -> Deal:
    """A full Deal consistent with ``seat``'s observation ``record``.

    Raises DoppelkopfError if no consistent world turns up in ``tries`` attempts (the record
    itself is then almost certainly inconsistent).
    """
    return WorldSampler(record, seat).sample(rng, tries)
