"""Fit the card-choice model of the searching bots' inference (engine/bots/play_model.py).

Plays self-play games of our own levels (the arena's deals and deterministic, fixed-budget players:
the same command makes the same file), collects every card decision that had a choice, and fits the
conditional-logit weights by Newton's method with a little L2 regularisation. Every fifth game is
held out; the report compares, per level, the held-out log-likelihood per decision of the fitted
model with that of the old assumption (the rule player's card with probability 1 - noise, else a
uniformly random other card).

    .venv/bin/python tools/train_play_model.py --games rules=400,medium=200,hard=40 --seed 7 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions import Play  # noqa: E402
from engine.bots.arena import ArenaPlayer, arena_bot, deal_hands_for  # noqa: E402
from engine.bots.play_model import FEATURES, MODEL_FILE, decision_features  # noqa: E402
from engine.bots.search import INFERENCE_NOISE as NOISE  # noqa: E402  (the old assumption's deviation rate)
from engine.bots.public import Public, View  # noqa: E402
from engine.cards import card_from_code  # noqa: E402
from engine.deal import Deal  # noqa: E402
from engine.driver import advance  # noqa: E402
from engine.observation import hand_at_play  # noqa: E402
from engine.record import export, load, parse_actions  # noqa: E402
from engine.rules import TSR  # noqa: E402

L2 = 1.0             # the regularisation's weight, against the log-likelihood summed over all decisions
HOLD_OUT = 5         # every fifth game is held out


def self_play(level: str, index: int, seed: int) -> dict:
    """One deal of the arena's seed played by ``level`` at all four seats: its record."""
    from engine.bots.solver import warm_up
    warm_up()
    hands, dealer = deal_hands_for(seed, index, TSR.nines)
    player = ArenaPlayer(arena_bot(level, seed, "fixed"), seed)
    player.start_deal(index)
    deal = Deal(hands, dealer, TSR, compulsory_open=frozenset())
    advance(deal, {s: player for s in range(4)})
    return export(deal)


def decisions(record: dict):
    """Each card decision with a choice: (features per legal card, the card chosen, the rule card's)."""
    record = load(record)
    dealt = record["hands"]
    public = Public(record["dealer"])
    public.forced = record.get("forced")
    for action in parse_actions(record):
        if isinstance(action, Play):
            hand = hand_at_play(public, action.seat, [card_from_code(c) for c in dealt[action.seat]])
            for played in public.played_by[action.seat]:
                hand.remove(played)
            options = decision_features(View(public, action.seat, hand))
            if options is not None:
                yield options, action.card
        public.apply(action)


def design_of(records: list[dict]):
    """The stacked features, each row's decision number and whether it is the card chosen."""
    rows, group, chosen = [], [], []
    decision = 0
    for record in records:
        for options, card in decisions(record):
            for option, features in options.items():
                rows.append(features)
                group.append(decision)
                chosen.append(option == card)
            decision += 1
    return np.array(rows, dtype=float), np.array(group), np.array(chosen, dtype=bool), decision


def log_likelihood(weights, x, group, chosen, decisions: int) -> float:
    scores = x @ weights
    top = np.full(decisions, -np.inf)
    np.maximum.at(top, group, scores)
    sums = np.zeros(decisions)
    np.add.at(sums, group, np.exp(scores - top[group]))
    return float(scores[chosen].sum() - (top + np.log(sums)).sum())


def fit(x, group, chosen, decisions: int, steps: int = 30) -> np.ndarray:
    """Newton's method on the regularised conditional-logit log-likelihood."""
    weights = np.zeros(x.shape[1])
    for _ in range(steps):
        scores = x @ weights
        top = np.full(decisions, -np.inf)
        np.maximum.at(top, group, scores)
        e = np.exp(scores - top[group])
        sums = np.zeros(decisions)
        np.add.at(sums, group, e)
        p = e / sums[group]
        mean = np.zeros((decisions, x.shape[1]))
        np.add.at(mean, group, p[:, None] * x)
        centred = x - mean[group]
        gradient = centred[chosen].sum(axis=0) - L2 * weights
        hessian = -(centred * p[:, None]).T @ centred - L2 * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-6:
            break
    return weights


def old_assumption(x, group, chosen, decisions: int) -> float:
    """The held-out log-likelihood of: the rule card with 1 - NOISE, else uniform over the rest."""
    options = np.bincount(group, minlength=decisions)
    rule_chosen = np.zeros(decisions, dtype=bool)
    rule_chosen[group[chosen & (x[:, 0] == 1)]] = True
    return float(np.where(rule_chosen, math.log(1 - NOISE), np.log(NOISE / (options - 1))).sum())


def accuracy(weights, x, group, chosen, decisions: int) -> float:
    scores = x @ weights
    best = np.full(decisions, -np.inf)
    np.maximum.at(best, group, scores)
    return float((chosen & (scores == best[group])).sum() / decisions)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="rules=400,medium=200,hard=40", help="level=games,...")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=str(MODEL_FILE))
    args = parser.parse_args(argv)
    plan = [(level, int(n)) for level, n in (item.split("=") for item in args.games.split(","))]
    records: dict[str, list[dict]] = {}
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for level, games in plan:
            records[level] = list(pool.map(self_play, [level] * games, range(games), [args.seed] * games))
            print(f"{level}: {games} games, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    train = [r for level in records for i, r in enumerate(records[level]) if i % HOLD_OUT]
    x, group, chosen, n = design_of(train)
    weights = fit(x, group, chosen, n)
    held_out = {}
    for level, level_records in records.items():
        hx, hgroup, hchosen, hn = design_of([r for i, r in enumerate(level_records) if i % HOLD_OUT == 0])
        held_out[level] = {
            "decisions": hn,
            "log_likelihood_per_decision": round(log_likelihood(weights, hx, hgroup, hchosen, hn) / hn, 4),
            "old_assumption_per_decision": round(old_assumption(hx, hgroup, hchosen, hn) / hn, 4),
            "model_top_card_share": round(accuracy(weights, hx, hgroup, hchosen, hn), 4),
            "rule_card_share": round(float((hchosen & (hx[:, 0] == 1)).sum()) / hn, 4),
        }
    result = {
        "features": list(FEATURES),
        "weights": [round(float(w), 4) for w in weights],
        "command": "tools/train_play_model.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "trained_on": {"decisions": n, "games": {level: len(r) for level, r in records.items()},
                       "held_out": "every fifth game"},
        "held_out": held_out,
    }
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
