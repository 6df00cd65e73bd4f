"""What one seat may know: its own hand and every public action, as a partial deal record.

:func:`observe` is the only view of a deal that reaches a player or a bot; the other seats'
hands are ``null``. :func:`sample_world` turns such an observation back into a full Deal by
dealing the unseen cards at random, consistent with everything public (cards played, suits a
seat has shown it lacks, the club queens a call or a Hochzeit reveals); players use it to
find their legal actions and to simulate.
"""

from __future__ import annotations

from .actions import Call, Declare, Play
from .cards import CLUB_QUEEN, DECK, card_from_code
from .contracts import ORDERS
from .deal import Deal
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
        declaration = next((a for a in self.actions if isinstance(a, Declare)), None)
        self.declaration = declaration
        order = ORDERS.get(declaration.kind if declaration else "normal", ORDERS["normal"])
        self.played: list[list[int]] = [[], [], [], []]
        self.void: list[set[int]] = [set(), set(), set(), set()]   # suit classes a seat has none of
        self.needs_queen = [False] * 4      # must have been dealt a Kreuz-Dame
        self.no_queen = [False] * 4         # cannot hold a Kreuz-Dame
        normal_game = declaration is None
        if declaration is not None and declaration.kind == "wedding":
            self.needs_queen[declaration.seat] = True
            for s in range(4):
                self.no_queen[s] = s != declaration.seat
        trick: list[tuple[int, int]] = []
        for action in self.actions:
            if isinstance(action, Play):
                if trick and order.suit[action.card] != order.suit[trick[0][1]]:
                    self.void[action.seat].add(order.suit[trick[0][1]])
                trick.append((action.seat, action.card))
                self.played[action.seat].append(action.card)
                trick = [] if len(trick) == 4 else trick
            elif isinstance(action, Call) and normal_game:
                party = action.party or (action.call if action.call in ("re", "kontra") else None)
                if party:
                    (self.needs_queen if party == "re" else self.no_queen)[action.seat] = True

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
