"""The worlds a seat imagines: full deals consistent with its observation, the unseen cards dealt at random.

:class:`WorldSampler` reads an :class:`~engine.observation.Observation` once and replays each world from its
parsed actions straight into a Deal; :func:`sample_world` draws one. Players use them to find their legal
actions and to simulate.
"""

from __future__ import annotations

from collections import Counter

from .actions import Declare, Pass, Reservation, Return
from .cards import CLUB_QUEEN
from .contracts import ALL_SOLO_KINDS, ORDERS, TRUMP, swine_cards
from .deal import Deal
from .errors import DoppelkopfError
from .observation import Knowledge, Observation, shown_swine

_NORMAL_SUIT = ORDERS["normal"].suit


def _minus(cards: list[int], taken) -> list[int]:
    cards = list(cards)
    for card in taken:
        cards.remove(card)
    return cards


class WorldSampler:
    """Full deals consistent with ``seat``'s observation: the unseen cards dealt at random.

    Each world is replayed from the observation's parsed actions straight into a Deal.
    The constraints are the public ones (:class:`Knowledge`): cards played, suits a seat has shown
    it lacks (trump counts as a suit), the Kreuz-Damen a call or a Hochzeit reveals; a world that
    still breaks a rule on replay (say a silent wedding against a caller's party) is drawn again.

    After an Armut exchange the hands are dealt as they were when play began (the poor seat holds
    exactly the trumps returned to it) and turned back into the hands as dealt, with passed and
    returned cards chosen for a seat that did not see them (house rules §6).
    """

    def __init__(self, observation: Observation | dict, seat: int):
        observation = Observation.of(observation, seat)
        known = Knowledge(observation)
        self.known = known
        self.seat = seat
        self.dealer = observation.dealer
        self.rules = known.rules
        self.bock = observation.bock
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
        self.forced = observation.forced
        if self.forced is None and self.actions and isinstance(self.actions[0], Declare):
            self.forced = self.actions[0].seat
        kind = known.declaration.kind if known.declaration else "normal"
        self.order = public._order(kind)
        self.shown = dict(public.shown)
        self._place_shown_swine(kind)
        self.missing = {s: self.rules.tricks - len(known.played[s]) - len(self.pending[s]) for s in self.others}
        self.favoured: tuple[int, frozenset, float] | None = None   # see favour()
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

    def favour(self, seat: int, cards, factor: float) -> None:
        """Deal ``cards`` to ``seat`` ``factor`` times as readily as a uniform deal would: a proposal that a
        weighting of the worlds then corrects (a soloist's hand: bots/belief.py)."""
        self.favoured = (seat, frozenset(cards), factor)

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
        favoured_seat, favoured, factor = self.favoured or (None, (), 1.0)
        for card in cards:
            options = [s for s in allowed[card] if room[s] > 0]
            if not options:
                return None
            # Weighted by free room: close to a uniform deal of the unconstrained cards.
            weights = [room[s] * (factor if s == favoured_seat and card in favoured else 1) for s in options]
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


def sample_world(observation: Observation | dict, seat: int, rng, tries: int = 200) -> Deal:
    """A full Deal consistent with ``seat``'s observation.

    Raises DoppelkopfError if no consistent world turns up in ``tries`` attempts (the record
    itself is then almost certainly inconsistent).
    """
    return WorldSampler(observation, seat).sample(rng, tries)
