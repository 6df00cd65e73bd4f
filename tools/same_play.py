"""Whether two checkouts play exactly alike: fixed deals, fixed-budget players seeded per decision, one digest a deal.

A restructuring that changes no behaviour leaves every digest as it was. Run it on both checkouts (``--root``
names the other one, e.g. an older commit in a second worktree) and compare the lines; the last lines give the
decision times per level (median and p95, only comparable between runs on an equally loaded machine):

    .venv/bin/python -m tools.same_play --rules tsr --table medium,hard,rules,easy --deals 40 --seed 36
    .venv/bin/python -m tools.same_play --root /tmp/old --rules tsr --table medium,hard,rules,easy --deals 40 --seed 36

The levels rotate round the table deal by deal. A line is ``deal digest scores errors``: ``errors`` counts the
decisions so far that raised (under house rules the driver replaces those silently, so a broken player would
still finish its deals).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import time

from tools import measured_checkout


class SeededPlayer:
    """A bot whose every decision draws from (seed, deal, seat, actions so far), timed, its failures counted."""

    def __init__(self, bot, seed: int, deal: int, errors: list):
        self.bot, self.seed, self.deal, self.errors, self.times = bot, seed, deal, errors, []

    def choose(self, seat, observation):
        # an Observation, or the partial record an older checkout passes
        actions = observation.actions if hasattr(observation, "actions") else observation.get("actions", [])
        self.bot.rng = random.Random(f"same-{self.seed}-{self.deal}-{seat}-{len(actions)}")
        start = time.perf_counter()
        try:
            action = self.bot.choose(seat, observation)
        except Exception as exc:
            self.errors.append(repr(exc))
            raise
        self.times.append(time.perf_counter() - start)
        return action


def fixed_bot(level: str, seed: int):
    from engine.bots import make_bot
    bot = make_bot(level, seed)
    return bot.fixed_budget() if hasattr(bot, "fixed_budget") else bot


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", help="the checkout to play (default: this one)")
    parser.add_argument("--table", default="medium,medium,medium,medium", help="four levels, rotated deal by deal")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="tsr", help="a rule preset")
    args = parser.parse_args(argv)
    measured_checkout(args.root)
    from engine.cards import deal_hands
    from engine.deal import Deal
    from engine.driver import advance
    from engine.record import export
    from engine.rules import Rules

    levels = args.table.split(",")
    rules = Rules.preset_named(args.rules)
    times: dict[str, list[float]] = {}
    errors: list[str] = []
    for index in range(args.deals):
        dealer = index % 4
        hands = deal_hands(random.Random(f"same-{args.seed}-{index}"), dealer, rules.nines)
        seats = {s: levels[(s + index) % 4] for s in range(4)}
        players = {s: SeededPlayer(fixed_bot(level, args.seed), args.seed, index, errors) for s, level in seats.items()}
        deal = Deal(hands, dealer, rules, compulsory_open=frozenset())
        advance(deal, players)
        digest = hashlib.sha256(json.dumps(export(deal), sort_keys=True).encode()).hexdigest()[:16]
        print(index, digest, deal.result().scores, len(errors), flush=True)
        for s, player in players.items():
            times.setdefault(seats[s], []).extend(player.times)
    for level, values in sorted(times.items()):
        values = sorted(values) or [0.0]
        print(f"# {level}: {len(values)} decisions, median {1000 * statistics.median(values):.1f} ms, "
              f"p95 {1000 * values[int(0.95 * (len(values) - 1))]:.1f} ms")


if __name__ == "__main__":
    main()
