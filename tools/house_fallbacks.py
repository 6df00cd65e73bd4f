"""How often the driver has to step in for the computer players under each preset (issue 13).

Every seat is a bot of the level; a round of the preset deals ``--deals`` deals (seeded). Counted:
the actions the driver replaced with ``house_default`` (a bot failed or answered illegally), of all
actions applied. Printed as a Markdown table.

    .venv/bin/python -m tools.house_fallbacks --levels random,easy,rules,medium --deals 10
"""

from __future__ import annotations

import argparse
import random
import sys

from engine import driver
from engine.bots import make_bot
from engine.round import Round
from engine.rules import PRESET_NAMES, Rules


def count(level: str, preset: str, deals: int) -> tuple[int, int]:
    """(actions replaced, actions applied) over ``deals`` deals of four ``level`` bots."""
    replaced = 0
    fallback = driver.house_default

    def counting(deal, seat):
        nonlocal replaced
        replaced += 1
        return fallback(deal, seat)
    driver.house_default = counting
    try:
        game, rng, applied = Round(rules=Rules.preset_named(preset)), random.Random(f"{level}-{preset}"), 0
        bots = {seat: make_bot(level, seat) for seat in range(4)}
        for _ in range(deals):
            deal = game.new_deal(rng)
            applied += len(driver.advance(deal, bots))
            game.finish_deal(deal)
    finally:
        driver.house_default = fallback
    return replaced, applied


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="random,easy,rules,medium")
    parser.add_argument("--deals", type=int, default=10)
    args = parser.parse_args(argv)
    presets = [p for p in PRESET_NAMES if p != "tsr"]
    print("| level | " + " | ".join(presets) + " |")
    print("|---|" + "---:|" * len(presets))
    for level in args.levels.split(","):
        cells = [f"{r} of {a}" for r, a in (count(level, preset, args.deals) for preset in presets)]
        print(f"| {level} ({args.deals} deals) | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
