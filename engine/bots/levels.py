"""The computer players' levels: what each searches (its budget) and how it plays (its behaviour).

A search level is a :class:`Level`: a :class:`Budget` (how long and how many worlds it thinks) and a
:class:`Behaviour` (what it does with what it finds). ``make_bot("hard")`` builds a player of a level;
``make_bot("medium+announce=false")`` one with settings changed for a measurement (:func:`variant`).
The baselines are the players as they were, kept only because a figure in ``docs/strength.md`` is
measured against them.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from .bidding import LUST_MARGIN, LUST_WIN
from .call_value import has_map, shipped
from .sim import ACE_LEADS

INFERENCE_NOISE = 0.3     # how often we assume another seat deviates from the rule player


@dataclass(frozen=True)
class Budget:
    """How much a search level thinks per decision: a time at the table, a fixed count in the arena."""
    seconds: float = 0.042       # search time per process and decision
    max_worlds: int = 400        # ... or stop after this many worlds
    min_worlds: int = 4          # ... but never fewer (a slow machine still gets an answer)
    workers: int = 0             # extra processes (0: search in the calling process only)
    exact_worlds: int = 0        # once solving exactly, at most this many worlds (0: as many as the budget gives)
    bid_worlds: int = 40         # worlds per contract when estimating what a hand is worth
    arena_worlds: int = 32       # the fixed budget in the arena: about what ``seconds`` gives on the 2-core machine
    arena_exact_worlds: int = 8  # ... and once solving exactly (each world costs more there)

    def fixed(self) -> "Budget":
        """``arena_worlds`` worlds in one process, whatever the clock says (the arena, the hint: a decision then
        depends on the position and the random seed alone)."""
        return dataclasses.replace(self, seconds=math.inf, min_worlds=self.arena_worlds, max_worlds=self.arena_worlds,
                                   workers=0, exact_worlds=self.arena_exact_worlds)


@dataclass(frozen=True)
class Behaviour:
    """How a search level plays: its search, its bidding, its calls and its card-play guards."""
    inference: bool = False      # worlds weighted by how well they explain the other seats' plays
    inference_noise: float = INFERENCE_NOISE
    believe_bidding: bool = False  # ... and by how likely each seat's reservation is with its cards (bots/belief.py)
    batch: int = 24              # candidate worlds drawn at a time when weighting by inference
    solve_cards: int = 12        # solve exactly once at most this many cards are left in all hands
    kernel: bool = False         # ... with the compiled solver (bots/solver.py) instead of the sim's plain one
    noise: float = 0.1           # randomness of the rollout policy
    ace_leads: float = ACE_LEADS  # the rollouts lead one of the hand's fail Aces with this chance
    baseline: bool = False       # the 2026-11 player: no card-play guards, the rule player's bidding and calls
    lust_win: float = LUST_WIN   # a Lustsolo when its estimate wins in this share of the worlds ...
    lust_margin: float = LUST_MARGIN  # ... and is at most this many points (negative) below gesund
    announce: bool = True        # False: never announces (to measure what the announcements bring)
    fox_guard_trumps: int = 3    # the Fuchs is kept off risky tricks while the hand holds this many other trumps
    fox_gift_guard: bool = False  # never the Fuchs into a trick surely the opponents' while a cheaper card is legal
    kontra_trumps: int = 0       # the first Kontra of a hand only with this many trumps (0: the rule player's bar)
    value_kontra_trumps: int = 0  # ... and any Kontra the search judges only with this many trumps
    call_value: str = ""         # the calls of a normal game by their expected gain, judged on rollouts whose players
                                 # know the parties only as the table does, never by the hand count: "calibrated" Re and
                                 # Kontra by the gain with the table's chance (bots/call_value.py), the Absagen by the
                                 # bars unless ``absage_value``; "raw" every call by the search's gain alone, at any time
                                 # (no CALL_SURE bars): with a huge ``call_margin`` it judges every call and makes none,
                                 # which is how the calibration's data is gathered (tools/review_bots.py)
    call_margin: float = 0.0     # ... made when it adds more than this many points a game
    absage_value: bool = False   # with "calibrated": keine 90 and keine 60 too by their gain at the table, at any time
    absage_margin: float = 0.5   # ... made when it adds more than this many points a game (a met Absage adds one)
    calibration: str = "medium"  # ... by the map fitted on this level's judgements (call_calibration.json)
    soloist_re: float = 0.0      # a soloist's Re judged by the search too: made when it adds points and is met in this
                                 # share of the worlds (0: by the hand count alone)
    sees: str = ""               # a measurement, in the arena only (``true_deal``): what seeing more is worth to the card
                                 # play: "cards" searches the real deal, "parties" worlds with the real parties

    def __post_init__(self):
        if self.sees not in ("", "cards", "parties"):
            raise ValueError(f"sees is cards or parties, not {self.sees!r}")
        if self.call_value not in ("", "raw", "calibrated"):
            raise ValueError(f"call_value is raw or calibrated, not {self.call_value!r}")
        if self.call_value == "calibrated" and self.calibration not in shipped():
            raise ValueError(f"no call calibration for {self.calibration!r} (there are: {', '.join(shipped())})")
        if self.absage_value and not (self.call_value == "calibrated" and has_map("no90", self.calibration)):
            raise ValueError(f"absage_value needs call_value=calibrated and a map with the Absagen "
                             f"({self.calibration!r} has {', '.join(shipped()[self.calibration]['weights'])})")


BUDGET_FIELDS = tuple(f.name for f in dataclasses.fields(Budget))
BEHAVIOUR_FIELDS = tuple(f.name for f in dataclasses.fields(Behaviour))


@dataclass(frozen=True)
class Level:
    """A search level: its budget and its behaviour."""
    budget: Budget = Budget()
    behaviour: Behaviour = Behaviour()

    @classmethod
    def of(cls, **fields) -> "Level":
        """A level from budget and behaviour fields alike: ``Level.of(max_worlds=60, inference=True)``."""
        return cls().replace(**fields)

    def replace(self, **fields) -> "Level":
        """This level with some budget or behaviour fields changed."""
        unknown = set(fields) - set(BUDGET_FIELDS) - set(BEHAVIOUR_FIELDS)
        if unknown:
            raise TypeError(f"no such setting: {', '.join(sorted(unknown))}")
        budget = {k: v for k, v in fields.items() if k in BUDGET_FIELDS}
        behaviour = {k: v for k, v in fields.items() if k in BEHAVIOUR_FIELDS}
        return Level(dataclasses.replace(self.budget, **budget), dataclasses.replace(self.behaviour, **behaviour))

    def fixed(self) -> "Level":
        return Level(self.budget.fixed(), self.behaviour)


# A soloist's Re when met in 80% of the worlds (docs/strength.md, "A soloist's Re": +0.101, +0.062 .. +0.140 a game)
MEDIUM = Level.of(inference=True, batch=12, kernel=True, fox_gift_guard=True, kontra_trumps=8, soloist_re=0.8)
# hard's Re and Kontra by their expected gain at the table, with its own map and a margin of one point
# (docs/strength.md, "Calls": Kontra met 71% instead of 55%, Re 81% as before and more often); keine 90 and
# keine 60 too, with a margin of half a point (+0.050 points a game, +0.023 .. +0.077); a Kontra by value only with
# 8 trumps, as by the hand count (half the Kontras, met 86% instead of 60%, at no measured cost: -0.006, -0.049 .. +0.037);
# a soloist's Re when met in 80% of the worlds (docs/strength.md, "A soloist's Re": +0.058, +0.026 .. +0.091)
HARD = Level.of(seconds=0.3, max_worlds=2000, inference=True, workers=1, bid_worlds=120, arena_worlds=240,
                kernel=True, solve_cards=16, arena_exact_worlds=48, fox_gift_guard=True, kontra_trumps=8,
                value_kontra_trumps=8, call_value="calibrated", calibration="hard", call_margin=1.0, absage_value=True,
                soloist_re=0.8)
# Frozen predecessors, for the figures against them in docs/strength.md: hard as it played on 2026-12-03, before the
# compiled endgame solver (rollouts up to the last 3 tricks), and both levels as they played in November 2026.
HARD_2026_12 = Level.of(seconds=0.3, max_worlds=2000, inference=True, workers=1, bid_worlds=120, arena_worlds=240,
                        arena_exact_worlds=48)
MEDIUM_2026_11 = Level.of(inference=True, batch=12, baseline=True)
HARD_2026_11 = Level.of(seconds=0.16, max_worlds=2000, inference=True, workers=1, baseline=True, arena_worlds=260,
                        arena_exact_worlds=48)
SEARCH_LEVELS = {"medium": MEDIUM, "hard": HARD, "hard-2026-12": HARD_2026_12, "medium-2026-11": MEDIUM_2026_11,
                 "hard-2026-11": HARD_2026_11}


def variant(level: str, changes: str, seed: int | None = None):
    """``medium`` or ``hard`` with some settings changed, to measure one idea against the level
    itself: ``variant("medium", "announce=false,inference_noise=0.15")``."""
    from .search import SearchBot
    base = {"medium": MEDIUM, "hard": HARD}.get(level)
    if base is None:
        raise ValueError(f"only medium and hard have settings to change, not {level!r}")
    names = BUDGET_FIELDS + BEHAVIOUR_FIELDS
    values = {}
    for change in changes.split(","):
        key, _, text = change.partition("=")
        if key not in names or not text:
            raise ValueError(f"{change!r} is not setting=value (settings: {', '.join(names)})")
        default = getattr(base.budget if key in BUDGET_FIELDS else base.behaviour, key)
        if isinstance(default, bool):
            if text not in ("true", "false"):
                raise ValueError(f"{key} is true or false, not {text!r}")
            values[key] = text == "true"
        else:
            values[key] = type(default)(text)
    return SearchBot(base.replace(**values), seed, f"{level}+{changes}")


def _random(seed=None):
    from . import RandomBot
    return RandomBot(seed)


def _easy(seed=None):
    from .rules import EasyBot
    return EasyBot(seed)


def _rule_player(name: str, **options):
    """A factory of the rule player with ``options`` (RuleBot's) under the level's name."""
    def make(seed=None):
        from .rules import RuleBot
        bot = RuleBot(seed, **options)
        bot.name = name
        return bot
    return make


def _search_player(name: str):
    def make(seed=None):
        from .search import SearchBot
        return SearchBot(SEARCH_LEVELS[name], seed, name)
    return make


# Level name -> factory(seed). The search levels are imported lazily: they are the heavy ones.
LEVELS = {"random": _random, "easy": _easy, "rules": _rule_player("rules"),
          "medium": _search_player("medium"), "hard": _search_player("hard")}
# Levels for measurements only (the arena, the benchmarks), not offered at the table: the players as they were in
# November 2026 (bidding by loser count, calls by hand strength, no Fuchs or schmieren guards) and in December, and
# the rule players without announcements. Today's search levels with one setting changed are variants, not
# baselines: ``medium+announce=false``.
BASELINES = {"rules-2026-11": _rule_player("rules-2026-11", careful=False),
             "medium-2026-11": _search_player("medium-2026-11"), "hard-2026-11": _search_player("hard-2026-11"),
             "hard-2026-12": _search_player("hard-2026-12"),
             "easy-silent": _rule_player("easy-silent", noise=0.3, announce=False),
             "rules-silent": _rule_player("rules-silent", announce=False)}


def make_bot(level: str, seed: int | None = None):
    """A bot of ``level``: a level, a baseline, or a search level with settings changed for a
    measurement (``medium+announce=false``, see :func:`variant`)."""
    base, plus, changes = level.partition("+")
    if plus:
        return variant(base, changes, seed)
    factory = LEVELS.get(level) or BASELINES.get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join([*LEVELS, *BASELINES])})")
    return factory(seed)
