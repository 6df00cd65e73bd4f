"""Computer players. A bot maps one seat's observation (a partial deal record) to one legal action.

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
from ..contracts import SOLO_KINDS
from ..deal import DECLARE, RESERVATIONS
from ..observation import Public, sample_world


class Bot:
    name = "bot"

    def choose(self, seat: int, record: dict) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random legal actions: a floor for tests and measurements."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, seat: int, record: dict) -> Action:
        from .partners import in_exchange, random_exchange_action
        if in_exchange(record):   # no world is sampled in the middle of the Armut exchange
            return random_exchange_action(seat, record, Public.from_record(record), self.rng)
        world = sample_world(record, seat, self.rng)
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


def _rules(seed=None):
    from .rules import RuleBot
    return RuleBot(seed)


def _easy(seed=None):
    from .rules import EasyBot
    return EasyBot(seed)


def _medium(seed=None):
    from .search import SearchBot
    return SearchBot.medium(seed)


def _hard(seed=None):
    from .search import SearchBot
    return SearchBot.hard(seed)


def _rule_player(name: str, **options):
    """A factory of the rule player with ``options`` (RuleBot's) under another name."""
    def make(seed=None):
        from .rules import RuleBot
        bot = RuleBot(seed, **options)
        bot.name = name
        return bot
    return make


def _frozen_search(settings_name: str, name: str):
    def make(seed=None):
        from . import search
        return search.SearchBot(getattr(search, settings_name), seed, name)
    return make


# Level name -> factory(seed). The search levels are imported lazily: they are the heavy ones.
LEVELS = {"random": RandomBot, "easy": _easy, "rules": _rules, "medium": _medium, "hard": _hard}
# Levels for measurements only (the arena, the benchmarks), not offered at the table: the players
# as they were in November 2026 (bidding by loser count, calls by hand strength, no Fuchs or
# schmieren guards), and today's search levels without announcements.
BASELINES = {"rules-2026-11": _rule_player("rules-2026-11", careful=False), "medium-2026-11": _frozen_search("MEDIUM_2026_11", "medium-2026-11"),
             "hard-2026-11": _frozen_search("HARD_2026_11", "hard-2026-11"),
             # hard on 2026-12-03, before the compiled endgame solver (rollouts up to the last 3 tricks)
             "hard-2026-12": _frozen_search("HARD_2026_12", "hard-2026-12"),
             # today's levels that never announce: what the announcements bring
             "easy-silent": _rule_player("easy-silent", noise=0.3, announce=False),
             "rules-silent": _rule_player("rules-silent", announce=False),
             "medium-silent": _frozen_search("MEDIUM_SILENT", "medium-silent"),
             "hard-silent": _frozen_search("HARD_SILENT", "hard-silent"),
             # today's medium with the Fuchs guard on every risky trick (as before 2026-12-02), and with none
             "medium-fox0": _frozen_search("MEDIUM_FOX_ALWAYS", "medium-fox0"),
             "medium-fox99": _frozen_search("MEDIUM_FOX_NEVER", "medium-fox99"),
             # today's medium whose worlds lean towards what a solo or a Re/Kontra says about a hand
             "medium-declared": _frozen_search("MEDIUM_DECLARED", "medium-declared"),
             # today's medium with the eager first Re/Kontra (hand_eval.strong_for)
             "medium-eager": _frozen_search("MEDIUM_EAGER", "medium-eager")}


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of ``level``: a level, a baseline, or a search level with settings changed for a
    measurement (``medium+open_parties=false``, see ``search.variant``)."""
    base, plus, changes = level.partition("+")
    if plus:
        from .search import variant
        return variant(base, changes, seed)
    factory = LEVELS.get(level) or BASELINES.get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join([*LEVELS, *BASELINES])})")
    return factory(seed)
