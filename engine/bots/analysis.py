"""The analysis of a deal: every decision of one seat judged by the strongest search, from what the seat knew.

For each decision — the reservation (the game it played against the best it could have played), each Re,
Kontra or Absage made or not made at its turn, and each card with a choice — the search estimates the expected
score-sheet points of every option **from the seat's observation at that moment** (sampled worlds weighted by
the inference model, rollouts, the exact solver late in the deal), never from the open hands. All options are
scored on the same worlds with the same rollout dice, so their difference is paired: its standard error says
whether a loss is real or noise, and only a real one is graded.

>>> from engine.record import export
>>> from engine.deal import Deal
>>> from engine.driver import advance
>>> from engine.bots import make_bot
>>> import random
>>> deal = Deal.shuffled(random.Random(5))
>>> _ = advance(deal, {seat: make_bot("rules", seat) for seat in range(4)})
>>> points = decision_points(export(deal), 0)
>>> [point.kind for point in points][:2], all(point.trick >= 0 for point in points)
(['reservation', 'card'], True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from ..actions import Call, Play, Reservation
from ..cards import EYES, FOX, code
from ..deal import Deal
from ..errors import DoppelkopfError
from ..observation import Observation, observe
from ..record import load, replay
from ..worlds import WorldSampler
from .bidding import bid
from .public import View
from .rules import sure_opponent_trick, sure_partner_trick
from .levels import HARD, Behaviour
from .search import InferenceModel, _calls_made, _next_worlds, _shown_seats
from .sim import Sim, rollout, solve
from .solver import solve_value

# Grades by the expected points a decision lost (score-sheet points of the deal). A loss must also be at
# least twice its standard error: a difference the search cannot tell from noise is no mistake.
GRADES = (("blunder", 3.0), ("mistake", 1.0), ("inaccuracy", 0.3))
SIGNIFICANT = 2.0
CARD_WORLDS = 160           # rollout worlds per card decision (paired: every card on every world)
EXACT_WORLDS = 40           # worlds per decision once the rest is solved exactly
BID_WORLDS = 120            # worlds per contract for the reservation (as the strongest level bids)
ESTIMATE_SD = 3.0           # a contract's points per world vary about this much (solos more, normal games less)


@dataclass
class DecisionPoint:
    """A moment the seat decided: ``index`` of its first action there in the record's actions."""
    kind: str               # "reservation" or "card" (a card decision includes the calls possible then)
    index: int
    trick: int              # the trick the decision belongs to (0: before the first card)
    chosen: str             # the card's code, or the game played ("normal", a solo kind, "wedding")
    calls: list[str] = field(default_factory=list)     # calls the seat could make here
    called: str | None = None                           # the call it made here, if any


@dataclass
class Judgement:
    """One decision judged: expected points of each option, the loss of the choice and its noise."""
    kind: str               # "reservation", "call" or "card"
    index: int
    trick: int
    chosen: str
    best: str
    options: dict[str, float]
    loss: float
    noise: float            # standard error of ``loss``
    grade: str | None       # "blunder", "mistake", "inaccuracy" or None
    reason: str | None = None            # a key the page words (``analysis.reason.<key>``)
    params: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "index": self.index, "trick": self.trick, "chosen": self.chosen,
                "best": self.best, "options": {k: round(v, 2) for k, v in self.options.items()},
                "loss": round(self.loss, 2), "noise": round(self.noise, 2), "grade": self.grade,
                "reason": self.reason, "params": self.params}


def grade(loss: float, noise: float) -> str | None:
    if loss < SIGNIFICANT * noise:
        return None
    return next((name for name, least in GRADES if loss >= least), None)


# ----- where the seat decided --------------------------------------------------------------------------

def decision_points(record, seat: int) -> list[DecisionPoint]:
    """Every decision of ``seat`` in a finished deal's record that had more than one option."""
    data = load(record)
    deal = replay(data)
    actions = deal.actions
    points, played_tricks = [], 0
    for index, action in enumerate(actions):
        if action.seat != seat:
            continue
        if isinstance(action, Reservation):
            chosen = _game_played(deal, seat, action.has_reservation)
            if chosen is not None and deal.forced is None:
                points.append(DecisionPoint("reservation", index, 0, chosen))
        elif isinstance(action, (Play, Call)):
            if index and isinstance(actions[index - 1], Call) and actions[index - 1].seat == seat:
                continue            # the play after the seat's own call: one decision, judged at the call
            play_index = next((i for i in range(index, len(actions)) if isinstance(actions[i], Play)), None)
            if play_index is None or actions[play_index].seat != seat:
                continue            # a call outside the seat's turn (an imported record): not judged
            before = _prefix(data, index)
            trick = len(before.tricks) + 1
            calls = before.legal_calls(seat) if before.turn == seat else []
            options = {c for c in before.legal_cards()} if before.turn == seat else set()
            if len(options) > 1 or calls:
                called = action.call if isinstance(action, Call) else None
                points.append(DecisionPoint("card", index, trick, code(actions[play_index].card), calls, called))
    return points


def _game_played(deal: Deal, seat: int, reserved: bool) -> str | None:
    """The game ``seat`` chose by its reservation: "normal" for gesund, else the game it named; None when its
    naming never came (another reservation won) and so cannot be judged."""
    if not reserved:
        return "normal"
    declaration = deal.declaration
    if declaration is not None and declaration.seat == seat:
        return declaration.kind
    return None


def _prefix(data: dict, count: int) -> Deal:
    """The deal after the first ``count`` actions of the record."""
    return replay(dict(data, actions=data["actions"][:count]))


# ----- judging ------------------------------------------------------------------------------------------

def judge(record, seat: int, point: DecisionPoint, seed: int = 0, behaviour: Behaviour = HARD.behaviour) -> list[Judgement]:
    """The judgements of one decision point (a card decision with possible calls gives two)."""
    data = load(record)
    if point.kind == "reservation":
        return [_judge_reservation(data, seat, point, seed, behaviour)]
    return _judge_card(data, seat, point, seed, behaviour)


def _judge_reservation(data: dict, seat: int, point: DecisionPoint, seed: int, behaviour: Behaviour) -> Judgement:
    deal = _prefix(data, point.index)
    rng = random.Random(f"analysis-{seed}-{point.index}")
    _, _, estimates = bid(list(deal.dealt[seat]), seat, deal.dealer, BID_WORLDS, rng, None, False, deal.rules)
    options = {kind: estimate.points for kind, estimate in estimates.items()}
    chosen = point.chosen
    if chosen == "normal" and "silent-wedding" in options:
        chosen = "silent-wedding"        # gesund with both Kreuz-Damen
    chosen = chosen if chosen in options else "normal"
    best = max(options, key=options.get)
    loss = options[best] - options[chosen]
    # Each estimate has its own worlds (not paired): the noise of a difference of two means.
    noise = math.sqrt(2) * ESTIMATE_SD / math.sqrt(BID_WORLDS) if best != chosen else 0.0
    judged = Judgement("reservation", point.index, 0, chosen, best, options, loss, noise, grade(loss, noise))
    if judged.grade:
        judged.reason = "solo-too-weak" if chosen not in ("normal", "wedding") else "solo-missed"
        judged.params = {"chosen": chosen, "best": best, "points": round(options[best], 1),
                         "chosen_points": round(options[chosen], 1),
                         "win": round(100 * estimates[best].win)}
    return judged


def _judge_card(data: dict, seat: int, point: DecisionPoint, seed: int, behaviour: Behaviour) -> list[Judgement]:
    deal = _prefix(data, point.index)
    observation = observe(deal, seat)
    rows = world_values(observation, seat, behaviour, f"analysis-{seed}-{point.index}", point.calls)
    judgements = []
    cards = sorted(rows[0]) if rows else []
    played = next(c for c in cards if code(c) == point.chosen) if rows else None
    if len(cards) > 1:
        best, loss, noise = _paired_best(rows, cards, lambda row, card: row[card][0], played)
        judged = Judgement("card", point.index, point.trick, point.chosen, code(best),
                           {code(c): _mean(rows, lambda row, c=c: row[c][0]) for c in cards}, loss, noise,
                           grade(loss, noise))
        if judged.grade:
            judged.reason, judged.params = card_reason(deal, seat, played, best)
        judgements.append(judged)
    calls = [c for c in point.calls if all(c in row[played][1] for row in rows)] if rows else []
    if calls:
        options = ["none"] + calls
        value = lambda row, option: row[played][0] if option == "none" else row[played][1][option]   # noqa: E731
        chosen = point.called if point.called in calls else "none"
        best, loss, noise = _paired_best(rows, options, value, chosen)
        judged = Judgement("call", point.index, point.trick, chosen, best,
                           {o: _mean(rows, lambda row, o=o: value(row, o)) for o in options}, loss, noise,
                           grade(loss, noise))
        if judged.grade:
            met = _mean(rows, lambda row: float(row[played][2].get(best if best != "none" else chosen, 0.0)))
            judged.reason = "call-missed" if chosen == "none" else "call-too-bold"
            judged.params = {"call": best if chosen == "none" else chosen, "win": round(100 * met)}
        judgements.append(judged)
    return judgements


def _mean(rows, value) -> float:
    return sum(value(row) for row in rows) / len(rows)


def _paired_best(rows, options, value, chosen):
    """The option of the best mean, the chosen one's loss against it and that loss's standard error."""
    best = max(options, key=lambda o: _mean(rows, lambda row: value(row, o)))
    diffs = [value(row, best) - value(row, chosen) for row in rows]
    loss = sum(diffs) / len(diffs)
    if len(diffs) < 2:
        return best, loss, math.inf
    variance = sum((d - loss) ** 2 for d in diffs) / (len(diffs) - 1)
    return best, loss, math.sqrt(variance / len(diffs))


def world_values(observation: Observation, seat: int, behaviour: Behaviour, seed, calls=()) -> list[dict]:
    """Per sampled world, per legal card: ``(points, {call: points had it been made}, {call: met})``.

    Worlds come as the search samples them (inference-weighted); each world plays every card with the same
    rollout dice, or solves it exactly once few cards are left."""
    rng = random.Random(seed)
    sampler = WorldSampler(observation, seat)
    model = InferenceModel(observation, seat, True, behaviour.inference_noise) if behaviour.inference else None
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


# ----- reasons in a club player's words -------------------------------------------------------------------

def card_reason(deal: Deal, seat: int, played: int, better: int) -> tuple[str, dict]:
    """Why ``better`` beats ``played`` here, as a key and its parameters (the page words it)."""
    view = View.of(observe(deal, seat), True)
    params = {"played": code(played), "better": code(better)}
    if played == FOX and sure_opponent_trick(view, played):
        return "fox-lost", params
    if sure_partner_trick(view) and EYES[better] > EYES[played]:
        return "schmieren", params | {"eyes": EYES[better] - EYES[played]}
    if deal.trick and sure_opponent_trick(view, played) and EYES[better] < EYES[played]:
        return "give-less", params | {"eyes": EYES[played] - EYES[better]}
    if deal.trick and _takes_trick_now(deal, better) and not _takes_trick_now(deal, played):
        return "take-trick", params
    if deal.trick and _takes_trick_now(deal, played) and _takes_trick_now(deal, better) \
            and deal.order.strength[better] < deal.order.strength[played]:
        return "cheaper-winner", params
    return "better-card", params


def _takes_trick_now(deal: Deal, card: int) -> bool:
    """Whether ``card`` beats the cards already in the trick (the later seats may still beat it)."""
    best = deal.trick[deal.order.trick_winner(deal.trick)]
    return deal.order.beats[best][card]


def analyse(record, seat: int, seed: int = 0, behaviour: Behaviour = HARD.behaviour, progress=None) -> list[Judgement]:
    """Every decision of ``seat`` judged, in order; ``progress(done, total)`` after each decision point."""
    points = decision_points(record, seat)
    judgements = []
    for done, point in enumerate(points, 1):
        judgements += judge(record, seat, point, seed, behaviour)
        if progress:
            progress(done, len(points))
    return judgements


def summary(judgements: list[Judgement]) -> dict:
    """Expected points lost by kind (only graded losses count) and the count of each grade."""
    lost = {"reservation": 0.0, "call": 0.0, "card": 0.0}
    grades = {name: 0 for name, _ in GRADES}
    for judged in judgements:
        if judged.grade:
            lost[judged.kind] += judged.loss
            grades[judged.grade] += 1
    return {"lost": {k: round(v, 2) for k, v in lost.items()}, "total": round(sum(lost.values()), 2),
            "grades": grades}


def judge_point(record: dict, seat: int, number: int, seed: int = 0) -> dict:
    """The ``number``-th decision point of ``seat`` judged, as plain data (for a helper process):
    ``{"points": how many there are, "point": number, "judgements": [...]}``."""
    points = decision_points(record, seat)
    if not 0 <= number < len(points):
        raise ValueError(f"the deal has {len(points)} decisions of seat {seat} to judge, not {number + 1}")
    return {"points": len(points), "point": number,
            "judgements": [j.to_dict() for j in judge(record, seat, points[number], seed)]}
