"""The teacher: one judge for the Tipp and the Analyse.

The Tipp says what :class:`Teacher` would do; the Analyse grades each decision of a finished deal against what
the Teacher would have done there, on the very same worlds. The Teacher is ``hard``'s player (its bidding, its
card-play guards, its calibrated calls: :class:`~engine.bots.search.SearchBot`) whose search is
replaced by a paired one: :func:`world_values` deals ``CARD_WORLDS`` worlds from the seat's observation (the
other seats' plays and reservations believed: :mod:`engine.bots.belief`), plays every legal card on each with
the same rollout dice (or solves it exactly late in the deal), and scores each legal call on the same
rollouts. The worlds' random seed comes from the position alone, so the Tipp asked at a moment and the Analyse
judging that moment later see the same worlds: the Tipp's choice is by construction the Analyse's choice,
and no decision that followed the Tipp is ever graded.
"""

from __future__ import annotations

import dataclasses
import random

from ..actions import Action, Call, Play
from ..errors import DoppelkopfError
from ..observation import Observation
from ..worlds import WorldSampler
from .levels import HARD, Level
from .public import View
from .reasons import Reason
from .rules import choose_card, legal_calls
from .search import SearchBot, Verdict, _calls_made, _next_worlds, _shown_seats, verdict_of, worlds_model
from .sim import Sim, rollout, solve
from .solver import solve_value

CARD_WORLDS = 160           # rollout worlds per decision (paired: every card on every world)
EXACT_WORLDS = 40           # worlds per decision once the rest is solved exactly
TEACHER = HARD.replace(believe_bidding=True)


def world_values(observation: Observation, seat: int, behaviour, seed, calls=()) -> list[dict]:
    """Per sampled world, per legal card: ``(points, {call: points had it been made}, {call: met})``.

    Worlds come as the search samples them (weighted by the inference and the bidding belief); each world plays
    every card with the same rollout dice, or solves it exactly once few cards are left (no calls judged then)."""
    rng = random.Random(seed)
    sampler = WorldSampler(observation, seat)
    model = worlds_model(sampler, observation, seat, behaviour)
    shown = _shown_seats(observation)
    rows: list[dict] = []
    target = CARD_WORLDS
    tries = 0
    while len(rows) < target and tries < 4 * target:
        tries += 1
        try:
            worlds = _next_worlds(sampler, model, behaviour, rng)
        except DoppelkopfError:
            break
        for world in worlds:
            sim = Sim.from_deal(world)
            exact = sum(map(len, sim.hands)) <= behaviour.solve_cards
            if exact:
                target = EXACT_WORLDS
            sim.hide_parties(shown)
            after = _calls_made(world, seat, calls)
            dice = rng.randrange(1 << 30)
            row = {}
            for card in set(sim.options()):
                child = sim.clone()
                child.step(card)
                if exact:
                    row[card] = (solve_value(child, seat) if behaviour.kernel else solve(child, seat), {}, {})
                else:
                    final = rollout(child, random.Random(dice), behaviour.noise, behaviour.ace_leads)
                    with_calls = {c: final.reward(seat, a) for c, a in after.items()}
                    row[card] = (final.reward(seat), with_calls, {c: v > 0 for c, v in with_calls.items()})
            rows.append(row)
    return rows[:target]


def stats_of(rows: list[dict], calls=()) -> dict:
    """The rows in the search's statistics: ``{card: [reward sum, worlds, {call: [sum with it, worlds met, sum
    without it, gain summed where met]}, worlds won]}`` for the ``calls`` every row judged."""
    totals = {}
    for card in rows[0] if rows else ():
        judged = [c for c in calls if all(c in row[card][1] for row in rows)]
        by_call = {}
        for call in judged:
            figures = [0.0, 0, 0.0, 0.0]
            for row in rows:
                points, with_calls, met = row[card]
                figures[0] += with_calls[call]
                figures[1] += met[call]
                figures[2] += points
                figures[3] += (with_calls[call] - points) if met[call] else 0.0
            by_call[call] = figures
        totals[card] = [sum(row[card][0] for row in rows), len(rows), by_call,
                        sum(row[card][0] > 0 for row in rows)]
    return totals


def position_seed(observation: Observation, seat: int, seed: int = 0) -> str:
    """The worlds' seed of a moment: the same for the Tipp then and the Analyse later."""
    return f"teacher-{seed}-{observation.dealer}-{sorted(observation.dealt)}-{len(observation.actions)}"


class Teacher(SearchBot):
    """``hard``'s decisions on the paired, believing worlds of :func:`world_values` (see the module)."""

    def __init__(self, seed: int = 0, level: Level = TEACHER):
        super().__init__(level, None, "teacher")
        self.seed = seed
        self._rows: tuple[Observation, list[dict]] | None = None

    def rows(self, observation: Observation, seat: int) -> list[dict]:
        """The worlds' values at this moment, every legal call judged (computed once per moment)."""
        if self._rows is None or self._rows[0] is not observation:
            calls = legal_calls(observation)
            self._rows = (observation, world_values(observation, seat, self.level.behaviour,
                                            position_seed(observation, seat, self.seed), calls))
        return self._rows[1]

    def explain(self, seat: int, observation: Observation | dict) -> tuple[Action, Reason]:
        observation = Observation.of(observation, seat)
        self._rows = None
        return super().explain(seat, observation)

    def search(self, seat: int, observation: Observation, view: View, rule_card: int, avoid=frozenset(),
               calls=(), other_called: bool = False) -> Verdict:
        totals = stats_of(self.rows(observation, seat), tuple(calls))
        return verdict_of(totals, view, rule_card, avoid, self.level.behaviour, other_called)

    def advice(self, seat: int, observation: Observation) -> "Advice":
        """What the Teacher does here, with the card it would play (also when it would call first) and the
        worlds it judged on: what the Analyse grades against."""
        action, reason = self.explain(seat, observation)
        rows = self.rows(observation, seat)
        card = action.card if isinstance(action, Play) else None
        if card is None:
            verdict = self.last_verdict
            if verdict is None:
                view = View.of(observation, True)
                verdict = verdict_of(stats_of(rows), view, choose_card(view)[0], (), self.level.behaviour, False)
            card = verdict.card
        call = action.call if isinstance(action, Call) else None
        return Advice(action, reason, card, call, rows)


@dataclasses.dataclass(frozen=True)
class Advice:
    action: Action
    reason: Reason
    card: int                 # the card the Teacher plays now (after its call, if it calls)
    call: str | None          # the call it makes first, or None
    rows: list[dict]          # the worlds' values it judged on
