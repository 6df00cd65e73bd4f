"""How long a search level takes for its reservation, with and without a solo within reach (issue 21).

    .venv/bin/python -m tools.reservation_timing [--level medium] [--hands 40] [--rules tsr]

Deals random hands to seat 1 until it has ``--hands`` of each kind (a solo within reach by the
bidding's loser count, or not), times the level's answer to the reservation query for each, and
says how well one time cut tells the two kinds apart (50 %: not at all; the issue found 76 of 80).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine import Deal
from engine.bots import make_bot
from engine.bots.bidding import candidate_solos
from engine.contracts import solo_kinds
from engine.observation import observe
from engine.rules import Rules


def best_cut(fast: list[float], slow: list[float]) -> float:
    """The share of answers one time cut puts on the right side (solo hands above it)."""
    labelled = sorted([(t, 0) for t in fast] + [(t, 1) for t in slow])
    best = right = len(slow)        # the cut below everything: every answer called a solo hand
    for _, solo in labelled:        # move the cut above one answer at a time
        right += -1 if solo else 1
        best = max(best, right)
    return best / len(labelled)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="medium")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--rules", default="tsr")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rules = Rules.preset_named(args.rules)
    rng = random.Random(args.seed)
    times: dict[bool, list[float]] = {True: [], False: []}
    while min(map(len, times.values())) < args.hands:
        deal = Deal.shuffled(rng, dealer=0, rules=rules)
        solo = bool(candidate_solos(deal.dealt[1], kinds=solo_kinds(rules)))
        if len(times[solo]) >= args.hands:
            continue
        bot, record = make_bot(args.level, rng.randrange(1 << 30)), observe(deal, 1)
        start = time.perf_counter()
        bot.choose(1, record)
        times[solo].append(1000 * (time.perf_counter() - start))
    for solo, label in ((True, "solo within reach"), (False, "no solo")):
        values = times[solo]
        print(f"{args.level} {args.rules} {label:17}: median {statistics.median(values):6.1f} ms, "
              f"min {min(values):6.1f}, max {max(values):6.1f} (n={len(values)})")
    print(f"one time cut tells them apart in {100 * best_cut(times[False], times[True]):.0f} % of the answers")


if __name__ == "__main__":
    main()
