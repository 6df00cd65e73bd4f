"""The endgame solvers' speed: the sim's plain alpha-beta against the compiled kernel (bots/solver.py).

Endgames from rule players' TSR deals (arena seed ``--seed``), the seat to move solving; per size
the median and maximum time of one solve, and the kernel's nodes. Plain only up to 16 cards (beyond
it takes seconds a solve).

    .venv/bin/python -m tools.bench_solver --positions 40 --seed 7
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.bots import arena, make_bot
from engine.bots.sim import Sim, solve
from engine.bots.solver import COMPILED, Solver, warm_up
from engine.deal import Deal
from engine.driver import advance
from engine.rules import TSR


def positions(cards_left: int, count: int, seed: int) -> list[tuple[Sim, int]]:
    player = make_bot("rules", 1)
    found = []
    for index in range(count * 3):
        hands, dealer = arena.deal_hands_for(seed, index)
        deal = Deal(hands, dealer, TSR, compulsory_open=frozenset())
        while not deal.is_done() and sum(map(len, deal.hands)) > cards_left:
            advance(deal, {s: player for s in range(4)}, limit=1)
        if not deal.is_done() and deal.re_seats and sum(map(len, deal.hands)) == cards_left:
            found.append((Sim.from_deal(deal), deal.turn))
        if len(found) == count:
            break
    return found


def timed(solve_one, cases) -> list[float]:
    times = []
    for sim, seat in cases:
        start = time.perf_counter()
        solve_one(sim, seat)
        times.append(1000 * (time.perf_counter() - start))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    start = time.perf_counter()
    warm_up()
    print(f"kernel {'compiled with numba' if COMPILED else 'plain Python'}; warm-up {time.perf_counter() - start:.1f} s")
    print("| cards left | positions | plain p50 / max ms | kernel p50 / max ms | kernel nodes p50 |")
    print("|---:|---:|---:|---:|---:|")
    for cards_left in (8, 12, 16, 20):
        cases = positions(cards_left, args.positions, args.seed)
        plain = timed(solve, cases) if cards_left <= 16 else []
        nodes = []
        kernel = []
        solver = Solver()   # one table, as a search keeps one (positions of other deals never share an entry)
        for sim, seat in cases:
            before = int(solver.nodes[0])
            start = time.perf_counter()
            solver.value(sim, seat)
            kernel.append(1000 * (time.perf_counter() - start))
            nodes.append(int(solver.nodes[0]) - before)
        plain_text = f"{statistics.median(plain):.2f} / {max(plain):.1f}" if plain else "-"
        print(f"| {cards_left} | {len(cases)} | {plain_text} | {statistics.median(kernel):.2f} / {max(kernel):.1f} "
              f"| {int(statistics.median(nodes))} |")


if __name__ == "__main__":
    main()
