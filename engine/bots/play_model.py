"""A learned model of how a seat chooses its card: P(card | what that seat sees).

The searching bots weight each sampled world by how well it explains the plays so far. Without
this model they assume every other seat is the rule player, who deviates with a fixed chance to a
uniformly random card. This model is a conditional logit over the legal cards instead: a card's
score is a weighted sum of a few features (is it the rule player's card, does it win the trick, how
many eyes does it give to whom, ...), and P(card) is the softmax of the scores. The rule player's
card is one feature, so the old assumption is the special case where only it has a weight.

The weights are fitted to the decisions of our own levels in self-play (``tools/train_play_model.py``
writes ``play_model.json`` next to this file, with the command that made it and its held-out fit).
Plain Python at play time: a dozen features per legal card; numpy only for fitting.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from ..cards import ACE, CLUB_QUEEN, DULLE, EYES, FOX, KARLCHEN, rank_of
from ..contracts import TRUMP
from .public import View
from .rules import _current_best, choose_card

IMPOSSIBLE = -30.0   # the log-probability of a card the seat could not have played (not reached by sound worlds)
MODEL_FILE = Path(__file__).with_name("play_model.json")

FEATURES = (
    "rule_card",        # the rule player would play it
    "trump",
    "eyes",             # its eyes / 11
    "top",              # no unseen card of its class beats it
    "power",            # rank among the trumps, 0..1 (fail cards 0)
    "lead_trump",
    "lead_ace",         # leading a fail ace
    "wins",             # following: it would take the trick as it stands
    "wins_last",        # ... as the last to play (the trick is then surely won)
    "eyes_to_partner",  # following, a known partner is winning and it does not overtake: eyes / 11
    "eyes_to_opponent", # following, a known opponent is winning and it does not overtake: eyes / 11
    "fox",              # the Karo-Ass while it counts as a Fuchs
    "dulle",
    "club_queen",
    "karlchen",
    "lowest",           # the weakest legal card of its class
    "highest",          # the strongest legal card of its class
)


def card_features(view: View, card: int, rule_card: int, winner: tuple[int, int] | None,
                  extremes: dict[int, tuple[int, int]]) -> list[float]:
    """The features of playing ``card`` from ``view``; ``winner`` is (seat, card) winning the trick
    so far, ``extremes`` the weakest and strongest legal strength of each suit class."""
    order = view.order
    suit, strength = order.suit, order.strength
    trump = suit[card] == TRUMP
    eyes = EYES[card] / 11
    leading = winner is None
    wins = not leading and order.beats[winner[1]][card]
    last = len(view.public.trick) == 3
    relation = 0 if leading else view.relation(winner[0])
    weakest, strongest = extremes[suit[card]]
    return [
        float(card == rule_card),
        float(trump),
        eyes,
        float(view.higher_unseen(card) == 0),
        (strength[card] - 100) / 30 if trump else 0.0,
        float(leading and trump),
        float(leading and not trump and rank_of(card) == ACE),
        float(wins),
        float(wins and last),
        eyes if relation == 1 and not wins else 0.0,
        eyes if relation == -1 and not wins else 0.0,
        float(card == FOX and view.fox_counts and order.name == "normal"),
        float(card == DULLE and trump),
        float(card == CLUB_QUEEN),
        float(card == KARLCHEN and order.name == "normal"),
        float(strength[card] == weakest),
        float(strength[card] == strongest),
    ]


def decision_features(view: View) -> dict[int, list[float]] | None:
    """Each distinct legal card's features, or None when there is no choice."""
    options = set(view.legal_cards())
    if len(options) < 2:
        return None
    rule_card, _ = choose_card(view)
    winner = _current_best(view) if view.public.trick else None
    suit, strength = view.order.suit, view.order.strength
    extremes = {}
    for card in options:
        weakest, strongest = extremes.get(suit[card], (strength[card], strength[card]))
        extremes[suit[card]] = (min(weakest, strength[card]), max(strongest, strength[card]))
    return {card: card_features(view, card, rule_card, winner, extremes) for card in options}


class PlayModel:
    """The fitted weights; ``log_prob`` is the log-probability of one card choice."""

    def __init__(self, weights: list[float]):
        if len(weights) != len(FEATURES):
            raise ValueError(f"{len(weights)} weights for {len(FEATURES)} features")
        self.weights = list(weights)

    def score(self, features: list[float]) -> float:
        return sum(w * x for w, x in zip(self.weights, features))

    def log_prob(self, view: View, card: int) -> float | None:
        """log P(``card`` | ``view``), or None when the seat had no choice."""
        options = decision_features(view)
        if options is None:
            return None
        scores = {c: self.score(f) for c, f in options.items()}
        top = max(scores.values())
        norm = top + math.log(sum(math.exp(s - top) for s in scores.values()))
        return scores.get(card, norm + IMPOSSIBLE) - norm


@lru_cache(maxsize=1)
def shipped_model() -> PlayModel:
    """The model shipped with the engine (``play_model.json``)."""
    data = json.loads(MODEL_FILE.read_text())
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{MODEL_FILE.name} was fitted to other features: run tools/train_play_model.py")
    return PlayModel(data["weights"])
