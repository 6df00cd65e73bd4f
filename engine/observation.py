"""What one seat may know: its own hand and every public action, as a partial deal record.

:func:`observe` is the only view of a deal that reaches a player or a bot; the other seats'
hands are ``null``. :func:`sample_world` turns such an observation back into a full Deal by
dealing the unseen cards at random, consistent with everything public (cards played, suits a
seat has shown it lacks, the club queens a call or a Hochzeit reveals); players use it to
find their legal actions and to simulate.
"""

from __future__ import annotations

from .actions import Call, Declare, Play
from .cards import CLUB_QUEEN, DECK, card_from_code, code
from .contracts import ORDERS
from .deal import Deal
from .errors import DoppelkopfError, RecordError
from .record import export, load, parse_actions, replay


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


def sample_world(record: dict, seat: int, rng, tries: int = 200) -> Deal:
    """A full Deal consistent with ``seat``'s observation ``record`` (uniform among easy fills).

    Raises DoppelkopfError if no consistent world turns up in ``tries`` attempts (the record
    itself is then almost certainly inconsistent).
    """
    known = Knowledge(record, seat)
    pool = known.unseen()
    others = [s for s in range(4) if s != seat]
    order = ORDERS.get(known.declaration.kind if known.declaration else "normal", ORDERS["normal"])
    missing = {s: 12 - len(known.played[s]) for s in others}
    last_error = None
    for _ in range(tries):
        hands = _deal_unseen(pool, others, missing, known, order, rng)
        if hands is None:
            continue
        hands[seat] = list(known.own)
        for s in others:
            hands[s] += known.played[s]
        full = dict(known.record, hands=[[code(c) for c in h] for h in hands])
        try:
            return replay(full)
        except DoppelkopfError as exc:
            last_error = exc
    raise DoppelkopfError(f"no world consistent with the observation found ({last_error})")


def _deal_unseen(pool, others, missing, known: Knowledge, order, rng):
    """Deal ``pool`` to the other seats, respecting voids and Kreuz-Dame constraints, or None."""
    cards = list(pool)
    rng.shuffle(cards)
    hands = {s: [] for s in others}

    def allowed(s, card):
        if order.suit[card] in known.void[s]:
            return False
        return not (card == CLUB_QUEEN and known.no_queen[s])

    # Seats that must hold a Kreuz-Dame and have not shown one get one first.
    for s in others:
        if known.needs_queen[s] and CLUB_QUEEN not in known.played[s]:
            if CLUB_QUEEN not in cards or not allowed(s, CLUB_QUEEN):
                return None
            cards.remove(CLUB_QUEEN)
            hands[s].append(CLUB_QUEEN)
    # Most constrained cards first: a card only one seat may take goes there.
    cards.sort(key=lambda c: sum(allowed(s, c) for s in others))
    for card in cards:
        options = [s for s in others if len(hands[s]) < missing[s] and allowed(s, card)]
        if not options:
            return None
        hands[rng.choice(options)].append(card)
    hands[known.seat] = []
    return [hands[s] for s in range(4)]
