"""Benchmark: random complete deals per second on one core.

Each deal: shuffle and deal (``Deal.shuffled``), the reservation query (everybody gesund), 48
random legal plays, scoring (``Deal.result()``, every item itemised). Two figures for the plays:
``Deal.playout`` (random rollouts in one loop) and one card at a time through ``legal_cards()``
and ``play()`` (the checked API the app uses). A third path, a bare normal-game loop, is a
yardstick of the machine's speed at that moment; each path is also given as a share of it.
Run: ``python -m engine.bench [--seconds S] [--rules PRESET]``; ``--rules all`` measures the two
engine paths under every preset, each beside the bare loop.
"""

from __future__ import annotations

import argparse
import random
import time

from .cards import DECK, EYES
from .contracts import ORDERS
from .deal import DECLARE, Deal
from .rules import PRESET_NAMES, TSR, Rules


def _reserved_deal(rng: random.Random, rules: Rules = TSR) -> Deal:
    deal = Deal.shuffled(rng, int(rng.random() * 4), rules)
    forced_wedding = not rules.solos   # gesund, except where the rules force a Hochzeit (Einsteiger)
    for seat in deal.query_order():
        deal.reserve(seat, forced_wedding and deal.holds_both_club_queens(seat))
    if deal.phase == DECLARE:
        deal.apply(deal.legal_declarations(deal.reservation_holders()[0])[0])
    return deal


def rollout_deal(rng: random.Random, rules: Rules = TSR) -> Deal:
    deal = _reserved_deal(rng, rules)
    deal.playout(rng)
    deal.result()
    return deal


def stepwise_deal(rng: random.Random, rules: Rules = TSR) -> Deal:
    deal = _reserved_deal(rng, rules)
    pick = rng.random
    for _ in range(4 * deal.last_trick):
        legal = deal.legal_cards()
        deal.play(legal[int(pick() * len(legal))])
    deal.result()
    return deal


# The bare loop keeps the flat 24x24 table it was first measured with, so its figure stays comparable.
_FLAT_NORMAL_BEATS = tuple(beaten for row in ORDERS["normal"].beats for beaten in row)


def bare_loop_deal(rng: random.Random) -> None:
    """Reference, not the engine: the least a normal game takes in plain Python (deal, 48 random
    legal cards, trick winners, eyes; no reservations, no record, no scoring). It tells how fast
    this machine is right now, so the figures above can be compared across runs."""
    order = ORDERS["normal"]
    suit, beats = order.suit, _FLAT_NORMAL_BEATS
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


def measure(runs, seconds: float, seed: int, batch: int = 100) -> dict[str, tuple[int, float]]:
    """Deals made and seconds spent per path. The paths take turns in batches, so a change in the
    machine's speed while this runs (it shares the host) hits all of them alike."""
    rngs = {name: random.Random(seed) for name, _ in runs}
    done = {name: (0, 0.0) for name, _ in runs}
    clock = time.perf_counter
    end = clock() + seconds * len(runs)
    while clock() < end:
        for name, make_deal in runs:
            rng, start = rngs[name], clock()
            for _ in range(batch):
                make_deal(rng)
            count, elapsed = done[name]
            done[name] = (count + batch, elapsed + clock() - start)
    return done


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per path")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="tsr", choices=PRESET_NAMES + ("all",),
                        help="the preset to measure under (all: the two engine paths under every preset)")
    args = parser.parse_args(argv)
    presets = PRESET_NAMES if args.rules == "all" else (args.rules,)
    runs = []
    for preset in presets:
        rules = Rules.preset_named(preset)
        label = "" if preset == "tsr" and args.rules != "all" else f" {preset}"
        runs += [(f"Deal.playout{label}", lambda rng, r=rules: rollout_deal(rng, r)),
                 (f"legal_cards()+play(){label}", lambda rng, r=rules: stepwise_deal(rng, r))]
    runs = tuple(runs) + (("bare loop (reference)", bare_loop_deal),)
    done = measure(runs, args.seconds, args.seed)
    bare_count, bare_elapsed = done["bare loop (reference)"]
    for name, (count, elapsed) in done.items():
        rate = count / elapsed
        print(f"{name:34} {count:7d} random complete deals in {elapsed:.2f} s: {rate:8,.0f} deals/s on one core"
              f" ({rate / (bare_count / bare_elapsed):.2f} of the bare loop)")


if __name__ == "__main__":
    main()
