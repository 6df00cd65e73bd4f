"""Worlds: full deals consistent with one seat's observation, for the searching bots.

Like :func:`engine.observation.sample_world`, but the record is read once and each world is
replayed from parsed actions straight into a Deal (about ten times faster). The constraints
are the public ones (:class:`engine.observation.Knowledge`): cards played, suits a seat has
shown it lacks (trump counts as a suit), the Kreuz-Damen a call or a Hochzeit reveals; a world
that still breaks a rule on replay (say a silent wedding against a caller's party) is drawn again.
"""

from __future__ import annotations

from ..actions import Declare
from ..cards import CLUB_QUEEN
from ..contracts import ORDERS
from ..deal import Deal
from ..errors import DoppelkopfError
from ..observation import Knowledge
from ..rules import Rules


class WorldSampler:
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
