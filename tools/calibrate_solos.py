"""How well the bidding's rollout estimates predict a solo at the table, per solo kind (issue 10).

Deals random hands; for each hand whose best candidate solo (by the loser count) is one of
``--kinds``, estimates it the way the bidding does (``bidding.estimate_contracts``); a hand the
estimate would bid as a Lustsolo (``LUST_WIN``, ``LUST_MARGIN``) is then played at the table: seat 0 declares that solo, all four seats are ``--level`` players. Printed per
kind: hands played, the rollouts' mean win share and points, and the table's.

    .venv/bin/python -m tools.calibrate_solos --hands 4000 --level medium --seed 1

Deals are casual (a Lustsolo, Vorhand leads): seat 0 is Vorhand (dealer 3).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys

from engine.actions import Declare, Reservation
from engine.bots import make_bot
from engine.bots.bidding import LUST_MARGIN, LUST_WIN, candidate_solos, estimate_contracts
from engine.cards import DECK
from engine.deal import Deal
from engine.driver import advance


def biddable(hand: list[int], kinds: tuple[str, ...], worlds: int, rng) -> tuple[str, dict] | None:
    """The solo of ``kinds`` the uncorrected bidding would play with ``hand``, and its estimate."""
    solos = candidate_solos(hand)
    if not solos or solos[0] not in kinds:
        return None
    estimates = estimate_contracts(hand, 0, 3, ["normal", solos[0]], worlds, rng)
    solo, normal = estimates[solos[0]], estimates["normal"]
    if solo.win < LUST_WIN or solo.points - normal.points < LUST_MARGIN:
        return None
    return solos[0], {"points": solo.points, "win": solo.win}


def play_at_table(hands: list[list[int]], kind: str, level: str, seed: int) -> tuple[bool, int]:
    """Seat 0 plays ``kind``; whether it won and its score-sheet points."""
    deal = Deal(hands, 3)
    deal.apply(Reservation(0, True))
    for seat in (1, 2, 3):
        deal.apply(Reservation(seat, False))
    deal.apply(Declare(0, kind, False))
    advance(deal, {seat: make_bot(level, seed * 4 + seat) for seat in range(4)})
    result = deal.result()
    return result.winner == "re", result.scores[0]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000, help="random hands looked at")
    parser.add_argument("--kinds", default="solo-queens,solo-jacks")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    kinds = tuple(args.kinds.split(","))
    rng = random.Random(args.seed)
    rows: dict[str, list[dict]] = {kind: [] for kind in kinds}
    for index in range(args.hands):
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [deck[12 * s:12 * s + 12] for s in range(4)]
        found = biddable(hands[0], kinds, args.worlds, rng)
        if found is None:
            continue
        kind, estimate = found
        won, points = play_at_table(hands, kind, args.level, index)
        rows[kind].append(estimate | {"won": won, "table_points": points})
        sys.stderr.write(f"\r{index + 1}/{args.hands} hands, {sum(map(len, rows.values()))} solos played")
    sys.stderr.write("\n")
    report = {"level": args.level, "hands": args.hands, "worlds": args.worlds, "seed": args.seed}
    for kind, played in rows.items():
        if played:
            report[kind] = {"played": len(played),
                            "estimated_win": round(statistics.fmean(r["win"] for r in played), 3),
                            "table_win": round(statistics.fmean(r["won"] for r in played), 3),
                            "estimated_points": round(statistics.fmean(r["points"] for r in played), 2),
                            "table_points": round(statistics.fmean(r["table_points"] for r in played), 2)}
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
