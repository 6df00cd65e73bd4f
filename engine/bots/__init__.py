"""Computer players. A bot maps one seat's observation (:class:`engine.observation.Observation`) to one legal action.

    bot = make_bot("random", seed=1)
    action = bot.choose(seat, observe(deal, seat))

``choose`` is asked when ``seat`` is to act: the reservation query, naming, or its turn to play
(before a card it may return a Call instead; the driver applies it and asks again). In the naming
phase a bot returns the Declare it means; the driver collects every holder's intent and lets
``Deal.resolve_reservations`` pick the winner (and the Pflichtsolo flag).
"""

from __future__ import annotations

import random

from ..actions import Action, Declare, Reservation
from ..deal import DECLARE, RESERVATIONS
from ..observation import Observation
from ..worlds import sample_world


class Bot:
    name = "bot"

    def choose(self, seat: int, observation: Observation) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random legal actions: a floor for tests and measurements."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, seat: int, observation: Observation | dict) -> Action:
        from .partners import in_exchange, random_exchange_action
        observation = Observation.of(observation, seat)
        if in_exchange(observation):   # no world is sampled in the middle of the Armut exchange
            return random_exchange_action(seat, observation, observation.public, self.rng)
        world = sample_world(observation, seat, self.rng)
        if world.phase == RESERVATIONS:
            wants = self.rng.random() < 0.5
            return Reservation(seat, wants and world.reservation_problem(seat, True) is None
                               or world.reservation_problem(seat, False) is not None)
        if world.phase == DECLARE:
            kinds = (("wedding",) if world.holds_both_club_queens(seat) and world.forced is None else ())
            kinds += tuple(k for k in ("throw", "poverty") if world.kind_problem(seat, k) is None) + world.solo_kinds()
            kind = self.rng.choice(kinds)
            partner = "first_trick" if kind == "wedding" and world.rules.hochzeit_partner == "choice" else None
            return Declare(seat, kind, world.is_compulsory(seat, kind), partner)
        return self.rng.choice(world.legal_actions(seat))


# The levels live in their own module; ``engine.bots.make_bot`` is the way in.
from .levels import BASELINES, LEVELS, make_bot  # noqa: E402  (levels imports RandomBot lazily)

__all__ = ["BASELINES", "LEVELS", "Bot", "RandomBot", "make_bot"]
