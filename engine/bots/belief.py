"""What the bidding tells about the hands: how likely a soloist's Lustsolo is with the cards a world deals it.

A seat that announces a Lustsolo holds a hand for it. Worlds that ignore this give a soloist an ordinary hand, and
the defenders' judgements (Kontra, keine 90) come out far too bold. :class:`BiddingBelief` weighs a world by

    P(the seat declares ``kind`` | the hand the world deals it)

read from ``bidding_belief.json``: for each solo kind, the share of random hands with a given loser count
(:func:`hand_eval.solo_losers`) that ``hard``'s bidding plays as that Lustsolo, measured by
``python -m tools.fit_bidding_belief`` (the command and the counts are in the file). A chance never falls
below ``FLOOR``: another bidder (a person, a weaker level) declares what ours would not. A compulsory solo, a
Vorführung and the house rules' other deck sizes tell nothing here. The converse (a seat that said gesund
holds no solo hand) is left out: it changes about one world in fifty and cost 0.37 ms a world (seven loser
counts for three seats), a third more time for the analysis.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from ..actions import Declare
from ..cards import ACE, rank_of
from ..contracts import ORDERS, TRUMP
from ..observation import Observation
from .hand_eval import solo_losers

BELIEF_FILE = Path(__file__).with_name("bidding_belief.json")
FLOOR = 0.02
FAVOUR = 3.0   # the soloist is dealt its solo's trumps and the Aces this much more readily before the weighting


@lru_cache(maxsize=1)
def shipped() -> dict:
    return json.loads(BELIEF_FILE.read_text())


def declare_chance(kind: str, losers: float) -> float | None:
    """P(a Lustsolo ``kind`` is declared | the hand's losers for it), or None when the file has no such solo."""
    table = shipped()
    chances = table["chance"].get(kind)
    if chances is None:
        return None
    bucket = int(losers / table["width"])
    chance = chances[bucket] if bucket < len(chances) else 0.0
    return max(FLOOR, min(1 - FLOOR, chance))


class BiddingBelief:
    """The log-weight of a world's soloist hand by its Lustsolo (see the module)."""

    def __init__(self, observation: Observation, seat: int):
        self.soloist: tuple[int, str] | None = None
        if observation.rules.tricks != 12 or observation.forced is not None:
            return
        declared = next((a for a in observation.actions if isinstance(a, Declare)), None)
        if declared is not None and declared.seat != seat and not declared.compulsory \
                and declared.kind in shipped()["chance"]:
            self.soloist = (declared.seat, declared.kind)

    def favoured(self) -> tuple[int, frozenset, float]:
        """What the worlds should deal the soloist more readily (the trumps of its solo and the fail Aces), and
        how much more: a proposal the weights then correct (``WorldSampler.favour``)."""
        seat, kind = self.soloist
        order = ORDERS[kind]
        cards = [c for c in range(24) if order.suit[c] == TRUMP or rank_of(c) == ACE]
        return seat, frozenset(cards), FAVOUR

    def __bool__(self) -> bool:
        return self.soloist is not None

    def log_weight(self, world) -> float:
        if self.soloist is None:
            return 0.0
        seat, kind = self.soloist
        return math.log(declare_chance(kind, solo_losers(list(world.dealt[seat]), kind)))
