"""The analysis of a deal: every decision of one seat judged against what the Tipp would have said there.

For each decision — the reservation (the game it played against the game the Teacher bids), each Re, Kontra or
Absage made or not made at its turn, and each card with a choice — the Teacher (:mod:`engine.bots.teacher`)
estimates the expected score-sheet points of every option **from the seat's observation at that moment**
(worlds that believe the other seats' plays and reservations, rollouts, the exact solver late in the deal),
never from the open hands, and says what it would have done. All options are scored on the same worlds with
the same rollout dice, so a choice's loss against the Teacher's is paired: its standard error says whether
the loss is real or noise, and only a real one is graded. The Tipp is the Teacher on the same worlds, so a
decision that followed it is never graded; a missed call is marked once, where it was best.

>>> from engine.record import export
>>> from engine.deal import Deal
>>> from engine.driver import advance
>>> from engine.bots import make_bot
>>> import random
>>> deal = Deal.shuffled(random.Random(5))
>>> _ = advance(deal, {seat: make_bot("rules", seat) for seat in range(4)})
>>> points = decision_points(export(deal), 0)
>>> [point.kind for point in points][:2], all(point.trick >= 0 for point in points)
(['reservation', 'call'], True)
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

from ..actions import Call, Play, Reservation
from ..calls import LEVEL
from ..cards import EYES, FOX, code
from ..deal import Deal
from ..observation import observe
from ..record import load, replay
from .public import View
from .rules import sure_opponent_trick, sure_partner_trick
from .search import level_bid
from .teacher import TEACHER, Teacher

# Grades by the expected points a decision lost (score-sheet points of the deal). A loss must also be at
# least twice its standard error: a difference the search cannot tell from noise is no mistake.
GRADES = (("blunder", 3.0), ("mistake", 1.0), ("inaccuracy", 0.3))
SIGNIFICANT = 2.0
ESTIMATE_SD = 3.0           # a contract's points per world vary about this much (solos more, normal games less)


@dataclass
class DecisionPoint:
    """A moment the seat decided: ``index`` of its first action there in the record's actions."""
    kind: str               # "reservation", "call" (one the seat made) or "card" (with the calls possible then)
    index: int
    trick: int              # the trick the decision belongs to (0: before the first card)
    chosen: str             # the card's code, the call made, or the game played ("normal", a solo kind, "wedding")
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
    """Every decision of ``seat`` in a finished deal's record that had more than one option: its reservation,
    each card with a choice or a call possible, and each call it made (a call and the card after it are two
    decisions, judged each at its own moment, as the Tipp would have been asked)."""
    data = load(record)
    deal = replay(data)
    actions = deal.actions
    points = []
    for index, action in enumerate(actions):
        if action.seat != seat:
            continue
        if isinstance(action, Reservation):
            chosen = _game_played(deal, seat, action.has_reservation)
            if chosen is not None and deal.forced is None:
                points.append(DecisionPoint("reservation", index, 0, chosen))
        elif isinstance(action, (Play, Call)):
            before = _prefix(data, index)
            if before.turn != seat:
                continue            # a call outside the seat's turn (an imported record): not judged
            trick = len(before.tricks) + 1
            calls = before.legal_calls(seat)
            if isinstance(action, Call):
                points.append(DecisionPoint("call", index, trick, action.call, calls, action.call))
            elif len(set(before.legal_cards())) > 1 or calls:
                points.append(DecisionPoint("card", index, trick, code(action.card), calls))
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

def judge(record, seat: int, point: DecisionPoint, seed: int = 0) -> list[Judgement]:
    """The judgements of one decision point (a card with possible calls gives two), against what the Teacher
    (the Tipp) would have done there."""
    data = load(record)
    if point.kind == "reservation":
        return [_judge_reservation(data, seat, point)]
    return _judge_play(data, seat, point, seed)


def _judge_reservation(data: dict, seat: int, point: DecisionPoint) -> Judgement:
    deal = _prefix(data, point.index)
    kind, _, estimates = level_bid(TEACHER, list(deal.dealt[seat]), seat, deal.dealer, deal.rules)
    options = {kind: estimate.points for kind, estimate in estimates.items()}
    chosen = point.chosen
    if chosen == "normal" and "silent-wedding" in options:
        chosen = "silent-wedding"        # gesund with both Kreuz-Damen
    chosen = chosen if chosen in options else "normal"
    best = kind or ("silent-wedding" if "silent-wedding" in options else "normal")
    best = best if best in options else "normal"
    loss = options[best] - options[chosen]
    # Each estimate has its own worlds (not paired): the noise of a difference of two means.
    noise = math.sqrt(2) * ESTIMATE_SD / math.sqrt(TEACHER.budget.bid_worlds) if best != chosen else 0.0
    judged = Judgement("reservation", point.index, 0, chosen, best, options, loss, noise,
                       grade(loss, noise) if best != chosen else None)
    if judged.grade:
        judged.reason = "solo-too-weak" if chosen not in ("normal", "wedding", "silent-wedding") else "solo-missed"
        judged.params = {"chosen": chosen, "best": best, "points": round(options[best], 1),
                         "chosen_points": round(options[chosen], 1),
                         "win": round(100 * estimates[best].win)}
    return judged


def _judge_play(data: dict, seat: int, point: DecisionPoint, seed: int) -> list[Judgement]:
    deal = _prefix(data, point.index)
    advice = Teacher(seed).advice(seat, observe(deal, seat))
    rows, judgements = advice.rows, []
    if not rows:
        return judgements
    cards = sorted(rows[0])
    if point.kind == "card" and len(cards) > 1:
        played = next(c for c in cards if code(c) == point.chosen)
        loss, noise = _paired_loss(rows, lambda row: row[advice.card][0], lambda row: row[played][0])
        judged = Judgement("card", point.index, point.trick, point.chosen, code(advice.card),
                           {code(c): _mean(rows, lambda row, c=c: row[c][0]) for c in cards}, loss, noise,
                           grade(loss, noise) if played != advice.card else None)
        if judged.grade:
            judged.reason, judged.params = card_reason(deal, seat, played, advice.card)
        judgements.append(judged)
    card = advice.card
    calls = [c for c in point.calls if all(c in row[card][1] for row in rows)]
    if calls:
        def value(row, option):
            return row[card][0] if option == "none" else row[card][1][option]
        chosen = point.called if point.called in calls else "none"
        best = advice.call if advice.call in calls else "none"
        loss, noise = _paired_loss(rows, lambda row: value(row, best), lambda row: value(row, chosen))
        judged = Judgement("call", point.index, point.trick, chosen, best,
                           {o: _mean(rows, lambda row, o=o: value(row, o)) for o in ["none"] + calls}, loss, noise,
                           grade(loss, noise) if best != chosen else None)
        if judged.grade:
            call = best if chosen == "none" else chosen
            judged.reason = "call-missed" if chosen == "none" else "call-too-bold"
            judged.params = {"call": call, "win": round(100 * _mean(rows, lambda row: float(row[card][2][call])))}
        judgements.append(judged)
    return judgements


def _mean(rows, value) -> float:
    return sum(value(row) for row in rows) / len(rows)


def _paired_loss(rows, best, chosen) -> tuple[float, float]:
    """What the chosen option lost against the best on the same worlds, and that loss's standard error."""
    diffs = [best(row) - chosen(row) for row in rows]
    loss = sum(diffs) / len(diffs)
    if len(diffs) < 2:
        return loss, math.inf
    variance = sum((d - loss) ** 2 for d in diffs) / (len(diffs) - 1)
    return loss, math.sqrt(variance / len(diffs))


def one_mark_per_decision(judgements: list[Judgement]) -> list[Judgement]:
    """A missed announcement is one decision, however many tricks it stayed possible: of the marks for the same
    missed call (the same next call not made), only the largest stays, where the call was best."""
    def decision(judged):
        return min((o for o in judged.options if o != "none"), key=lambda c: LEVEL[c], default=None)
    missed = [j for j in judgements if j.kind == "call" and j.grade and j.chosen == "none"]
    kept = {}
    for judged in missed:
        key = decision(judged)
        if key not in kept or judged.loss > kept[key].loss:
            kept[key] = judged
    keep = {id(j) for j in kept.values()}
    return [j if j.kind != "call" or not j.grade or j.chosen != "none" or id(j) in keep
            else dataclasses.replace(j, grade=None, reason=None, params={}) for j in judgements]


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


def analyse(record, seat: int, seed: int = 0, progress=None) -> list[Judgement]:
    """Every decision of ``seat`` judged, in order, one mark per decision; ``progress(done, total)`` after each
    decision point."""
    points = decision_points(record, seat)
    judgements = []
    for done, point in enumerate(points, 1):
        judgements += judge(record, seat, point, seed)
        if progress:
            progress(done, len(points))
    return one_mark_per_decision(judgements)


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
