"""The analysis of a deal (engine/bots/analysis.py): its time per deal, and what it marks by player strength.

Deals of the TSR dealt from ``--seed``; seat 0 is played by each level in ``--levels`` and the other seats by
``rules`` (deterministic), then seat 0's decisions are analysed as the page asks for them. Prints per level the
analysis time per deal (p50, p95), the decisions judged, the expected points lost per deal by kind (mean and
per-deal sd) and the marks by grade per deal. The grades should separate the levels: few marks for the
strongest player, many for random play.

    .venv/bin/python -m tools.bench_analysis --deals 50 --levels random,rules,medium
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.bots import make_bot
from engine.bots.analysis import GRADES, analyse, summary
from engine.bots.solver import warm_up
from engine.deal import Deal
from engine.driver import advance
from engine.record import export


def played(seed: int, level: str) -> dict:
    deal = Deal.shuffled(random.Random(seed))
    players = {seat: make_bot(level if seat == 0 else "rules", seed * 4 + seat) for seat in range(4)}
    if hasattr(players[0], "fixed_budget"):
        players[0] = players[0].fixed_budget()      # the same decisions on every run
    advance(deal, players)
    return export(deal)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="random,rules,medium")
    args = parser.parse_args()
    warm_up()
    for level in args.levels.split(","):
        times, decisions, lost, marks = [], [], [], {name: [] for name, _ in GRADES}
        by_kind = {"reservation": [], "call": [], "card": []}
        for deal in range(args.deals):
            record = played(args.seed + deal, level)
            start = time.perf_counter()
            judgements = analyse(record, 0, seed=deal)
            times.append(time.perf_counter() - start)
            result = summary(judgements)
            decisions.append(len(judgements))
            lost.append(result["total"])
            for kind, points in result["lost"].items():
                by_kind[kind].append(points)
            for name, count in result["grades"].items():
                marks[name].append(count)
        print(f"{level}: {args.deals} deals; analysis {statistics.median(times):.1f} s p50, {percentile(times, 0.95):.1f} s p95;"
              f" {statistics.mean(decisions):.1f} decisions judged a deal")
        print(f"  points lost a deal: {statistics.mean(lost):.2f} (sd {statistics.stdev(lost):.2f}); by kind "
              + ", ".join(f"{kind} {statistics.mean(v):.2f}" for kind, v in by_kind.items()))
        print("  marks a deal: " + ", ".join(f"{name} {statistics.mean(v):.2f}" for name, v in marks.items()))


if __name__ == "__main__":
    main()
