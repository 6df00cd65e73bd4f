"""Benchmark: random complete deals per second on one core.

Each deal: shuffle and deal, the reservation query (everybody gesund), 48 random legal plays,
scoring. Two figures: the plays made by ``Deal.playout`` (the rollout loop the bots use) and
made one by one through ``legal_cards()`` and ``play()`` (the checked API the app uses).
Run: ``python -m engine.bench [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import time

from .cards import deal_hands
from .deal import Deal


def _reserved_deal(rng: random.Random) -> Deal:
    dealer = int(rng.random() * 4)
    deal = Deal(deal_hands(rng, dealer), dealer)
    for seat in deal.query_order():
        deal.reserve(seat, False)
    return deal


def rollout_deal(rng: random.Random) -> Deal:
    deal = _reserved_deal(rng)
    deal.playout(rng)
    deal.result()
    return deal


def stepwise_deal(rng: random.Random) -> Deal:
    deal = _reserved_deal(rng)
    pick = rng.random
    for _ in range(48):
        legal = deal.legal_cards()
        deal.play(legal[int(pick() * len(legal))])
    deal.result()
    return deal


def measure(make_deal, seconds: float, seed: int) -> tuple[int, float]:
    rng = random.Random(seed)
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            make_deal(rng)
        count += 200
    return count, time.perf_counter() - start


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for name, make_deal in (("Deal.playout", rollout_deal), ("legal_cards()+play()", stepwise_deal)):
        count, elapsed = measure(make_deal, args.seconds, args.seed)
        print(f"{name:22} {count:7d} random complete deals in {elapsed:.2f} s: "
              f"{count / elapsed:8,.0f} deals/s on one core")


if __name__ == "__main__":
    main()
