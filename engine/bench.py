"""Benchmark: random complete deals per second on one core.

Each deal: shuffle and deal, the reservation query (everybody gesund), 48 random legal plays,
scoring. Two figures: the plays made by ``Deal.playout`` (the rollout loop the bots use) and
made one by one through ``legal_cards()`` and ``play()`` (the checked API the app uses); a third
line times a bare normal-game loop as a yardstick of the machine's current speed.
Run: ``python -m engine.bench [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import time

from .cards import DECK, EYES, deal_hands
from .contracts import ORDERS
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


def bare_loop_deal(rng: random.Random) -> None:
    """Reference, not the engine: the least a normal game takes in plain Python (deal, 48 random
    legal cards, trick winners, eyes; no reservations, no record, no scoring). It tells how fast
    this machine is right now, so the figures above can be compared across runs."""
    order = ORDERS["normal"]
    suit, beats = order.suit, order.beats
    draw = rng.random
    deck = sorted(DECK, key=lambda _: draw())
    hands = [deck[0:12], deck[12:24], deck[24:36], deck[36:48]]
    eyes = [0, 0, 0, 0]
    turn = 1
    for _ in range(12):
        trick: list[int] = []
        for _ in range(4):
            hand = hands[turn]
            options = [c for c in hand if suit[c] == suit[trick[0]]] if trick else hand
            card = (options or hand)[int(draw() * len(options or hand))]
            hand.remove(card)
            if not trick or beats[best * 24 + card]:
                best, winner = card, turn
            trick.append(card)
            turn = (turn + 1) % 4
        eyes[winner] += EYES[trick[0]] + EYES[trick[1]] + EYES[trick[2]] + EYES[trick[3]]
        turn = winner


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
    runs = (("Deal.playout", rollout_deal), ("legal_cards()+play()", stepwise_deal),
            ("bare loop (reference)", bare_loop_deal))
    for name, make_deal in runs:
        count, elapsed = measure(make_deal, args.seconds, args.seed)
        print(f"{name:22} {count:7d} random complete deals in {elapsed:.2f} s: "
              f"{count / elapsed:8,.0f} deals/s on one core")


if __name__ == "__main__":
    main()
