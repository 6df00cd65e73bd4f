"""Measure what the bidding tells about a hand (engine/bots/belief.py) and write ``bidding_belief.json``.

Deals random hands, bids each as ``hard`` bids (its worlds per contract, the Lustsolo bars, no round), and
counts per solo kind and loser bucket how many hands there were and how many were played as that solo. The
chance per bucket is the share declared, made non-increasing in the losers (a weaker hand is never more
likely a solo) by pooling adjacent buckets. Hands without a solo in reach are gesund without a bid, as
the bidding itself decides them.

    .venv/bin/python -m tools.fit_bidding_belief --hands 6000 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import random
from concurrent.futures import ProcessPoolExecutor

from engine.bots.belief import BELIEF_FILE
from engine.bots.bidding import bid, candidate_solos
from engine.bots.hand_eval import solo_losers
from engine.bots.levels import HARD
from engine.cards import CLUB_QUEEN, DECK
from engine.contracts import SOLO_KINDS

WIDTH = 0.5
BUCKETS = 12          # losers 0 .. 6; beyond, no hand is bid as a Lustsolo (candidates stop at 5)


def _bucket(losers: float) -> int:
    return min(BUCKETS - 1, int(losers / WIDTH))


def count(hands: int, seed: int) -> dict:
    rng = random.Random(seed)
    behaviour = HARD.behaviour
    seen = {k: [0] * BUCKETS for k in SOLO_KINDS}
    declared = {k: [0] * BUCKETS for k in SOLO_KINDS}
    for _ in range(hands):
        deck = list(DECK)
        rng.shuffle(deck)
        dealt, dealer = deck[:12], rng.randrange(4)
        chosen = None
        if candidate_solos(dealt) or dealt.count(CLUB_QUEEN) == 2:
            chosen, _, _ = bid(dealt, 0, dealer, HARD.budget.bid_worlds, rng, None, False,
                               lust_win=behaviour.lust_win, lust_margin=behaviour.lust_margin)
        for kind in SOLO_KINDS:
            bucket = _bucket(solo_losers(dealt, kind))
            seen[kind][bucket] += 1
            declared[kind][bucket] += chosen == kind
    return {"seen": seen, "declared": declared}


def non_increasing(declared: list[int], seen: list[int]) -> list[float]:
    """Shares declared/seen, adjacent buckets pooled until they never rise (pool adjacent violators)."""
    blocks = []   # [declared, seen, buckets]
    for d, s in zip(declared, seen):
        blocks.append([d, s, 1])
        while len(blocks) > 1 and _share(blocks[-1]) > _share(blocks[-2]):
            d2, s2, n2 = blocks.pop()
            blocks[-1] = [blocks[-1][0] + d2, blocks[-1][1] + s2, blocks[-1][2] + n2]
    return [round(_share(block), 4) for block in blocks for _ in range(block[2])]


def _share(block) -> float:
    return block[0] / block[1] if block[1] else 0.0


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default=str(BELIEF_FILE))
    args = parser.parse_args(argv)
    share = args.hands // args.jobs
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(count, [share] * args.jobs, [args.seed * 100 + j for j in range(args.jobs)]))
    seen = {k: [sum(p["seen"][k][b] for p in parts) for b in range(BUCKETS)] for k in SOLO_KINDS}
    declared = {k: [sum(p["declared"][k][b] for p in parts) for b in range(BUCKETS)] for k in SOLO_KINDS}
    result = {"command": f"python -m tools.fit_bidding_belief --hands {args.hands} --seed {args.seed}",
              "width": WIDTH,
              "chance": {k: non_increasing(declared[k], seen[k]) for k in SOLO_KINDS},
              "seen": seen, "declared": declared}
    with open(args.out, "w") as out:
        json.dump(result, out, indent=1)
        out.write("\n")
    for kind in SOLO_KINDS:
        print(f"{kind:14s}", " ".join(f"{c:.2f}" for c in result["chance"][kind]),
              f"({sum(declared[kind])} of {args.hands} hands)")


if __name__ == "__main__":
    main()
