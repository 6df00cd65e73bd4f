"""The memory and cold start of a ``hard`` player (issue 20's limits: ≤ 400 MB, first decision ≤ 1 s).

Plays ``--deals`` deals with ``hard`` at every seat, as the table does (time budget, the helper process),
in a fresh process, and prints the time of the first decision and the resident memory of this process and
its helper processes at the end.

    .venv/bin/python -m tools.bench_memory --deals 2
"""

from __future__ import annotations

import argparse
import os
import random
import threading
import time
from pathlib import Path

from engine.bots import make_bot
from engine.bots.solver import warm_up
from engine.driver import advance
from engine.round import Round


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(child) for child in text]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    threading.Thread(target=warm_up, daemon=True).start()      # as the app does at start-up
    bot = make_bot("hard", args.seed)
    round_ = Round()
    rng = random.Random(args.seed)
    first = None
    for _ in range(args.deals):
        deal = round_.new_deal(rng)
        while not deal.is_done():
            advance(deal, {seat: bot for seat in range(4)}, limit=1)
            if first is None:
                first = time.perf_counter() - start
        round_.finish_deal(deal)
    mine = resident_mb(os.getpid())
    helpers = [resident_mb(pid) for pid in children(os.getpid())]
    print(f"first decision after a cold start: {first:.2f} s")
    print(f"resident memory: this process {mine:.0f} MB, helpers {', '.join(f'{mb:.0f}' for mb in helpers) or '-'} MB;"
          f" in all {mine + sum(helpers):.0f} MB")


if __name__ == "__main__":
    main()
