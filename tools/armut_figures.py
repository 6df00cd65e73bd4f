"""Armut figures: how often the bots declare, take and throw back an Armut, and how the Re party
(the poor seat and the taker) fares, with the bots' own exchange against the driver's old
``house_default`` (pass the cheapest fail cards, take with 7 or more trumps, return the cheapest).

    .venv/bin/python -m tools.armut_figures --deals 20000 --level rules [--rules kneipe] [--seed 1]
    .venv/bin/python -m tools.armut_figures --calibrate --deals 40000      # ACCEPT_SCORE's data

Both strategies play the same deals (same seed); only the deals where some seat is poor are
played at all (no other deal can become an Armut). ``--calibrate`` makes the first seat asked
take every Armut and prints the Re party's mean points by the taker's ``accept_score``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict

from engine.actions import Accept
from engine.bots import make_bot
from engine.bots.partners import accept_score, exchange_action
from engine.deal import POVERTY
from engine.driver import advance, house_default
from engine.observation import observe
from engine.round import Round
from engine.rules import Rules


def play(deal, players, exchange: str) -> None:
    """Play ``deal`` to the end; ``exchange``: ``bots`` (the players decide the Armut exchange),
    ``old`` (``house_default`` decides it), ``take`` (the bots', but the first seat asked takes)."""
    while not deal.is_done():
        if deal.phase == POVERTY and exchange != "bots":
            seat = deal.turn
            if exchange == "old":
                action = house_default(deal, seat)
            else:
                record = observe(deal, seat)
                action = exchange_action(seat, record, record.public)[0]
                if isinstance(action, Accept):
                    action = Accept(seat, True)
            deal.apply(action)
        else:
            advance(deal, players, limit=1)


def armut_deals(rules: Rules, deals: int, seed: int):
    """The deals among ``deals`` seeded ones where some seat may declare an Armut."""
    rng = random.Random(seed)
    for _ in range(deals):
        deal = Round(rules=rules).new_deal(rng)
        if any(deal.kind_problem(seat, "poverty") is None for seat in range(4)):
            yield deal


def figures(rules: Rules, deals: int, seed: int, level: str, exchange: str) -> dict:
    counts = defaultdict(float)
    for deal in armut_deals(rules, deals, seed):
        play(deal, {seat: make_bot(level, seat) for seat in range(4)}, exchange)
        if deal.exchange is None:
            continue
        counts["declared"] += 1
        if deal.contract == "thrown":
            counts["thrown back"] += 1
            continue
        counts["taken"] += 1
        result = deal.result()
        poor = deal.exchange.poor
        counts["re won"] += result.winner == "re"
        counts["re points"] += result.scores[poor]
        counts["returned trumps"] += deal.exchange.trumps_returned
    return dict(counts)


def calibrate(rules: Rules, deals: int, seed: int, level: str) -> dict:
    """Re's points by the taker's accept_score (rounded), the first seat asked always taking."""
    buckets = defaultdict(lambda: [0, 0.0, 0])
    for deal in armut_deals(rules, deals, seed):
        play(deal, {seat: make_bot(level, seat) for seat in range(4)}, "take")
        if deal.exchange is None or deal.exchange.taker is None:
            continue
        taker = deal.exchange.taker
        score = round(accept_score(list(deal.dealt[taker]), rules.schweine))
        result = deal.result()
        entry = buckets[score]
        entry[0] += 1
        entry[1] += result.scores[taker]
        entry[2] += result.winner == "re"
    return dict(sorted(buckets.items()))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="rules")
    parser.add_argument("--rules", default="kneipe")
    parser.add_argument("--calibrate", action="store_true")
    args = parser.parse_args(argv)
    rules = Rules.from_dict({"preset": args.rules})
    if args.calibrate:
        print("| accept_score | Armut games | Re's mean points | Re won |\n|---|---|---|---|")
        for score, (n, points, won) in calibrate(rules, args.deals, args.seed, args.level).items():
            print(f"| {score} | {n} | {points / n:+.2f} | {100 * won / n:.0f}% |")
        return 0
    print(f"{args.deals} deals under {args.rules}, level {args.level}, seed {args.seed}\n")
    print("| exchange | Armut declared | taken | thrown back | Re won | Re's mean points | trumps returned |")
    print("|---|---|---|---|---|---|---|")
    for name, exchange in (("house_default (old)", "old"), ("the bots' own (new)", "bots")):
        c = figures(rules, args.deals, args.seed, args.level, exchange)
        taken = c.get("taken", 0) or 1
        print(f"| {name} | {c.get('declared', 0):.0f} | {c.get('taken', 0):.0f} | {c.get('thrown back', 0):.0f} "
              f"| {100 * c.get('re won', 0) / taken:.1f}% | {c.get('re points', 0) / taken:+.2f} "
              f"| {c.get('returned trumps', 0) / taken:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
