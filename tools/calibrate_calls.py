"""How well the search's estimate of a call predicts the table (issue 10's announcements).

Four players of ``--level`` play random deals. Each time the search judges a call it could make
(Re, Kontra, an Absage), the call's met share over the worlds searched is noted with what
happened at the table: whether that party reached what the call promises (whether or not the call
was made). Printed per call: seat-deals by estimated share and the share actually met.

    .venv/bin/python tools/calibrate_calls.py --level medium --deals 1200 --seed 11

Only calls the search judges are counted: the first Re or Kontra of a strong hand comes from the
rule player's count of the hand before any search (``hand_eval.call_wanted``).
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.bots import search  # noqa: E402
from engine.bots.arena import call_met, deal_hands_for  # noqa: E402
from engine.deal import Deal  # noqa: E402
from engine.driver import advance  # noqa: E402

BINS = (0.0, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.96, 1.0001)
SETTINGS = {"medium": search.MEDIUM, "hard": search.HARD}


class NotingBot(search.SearchBot):
    """A search player that notes every call its search judged (on the card it chose)."""

    def __init__(self, settings, seed, name, notes: list):
        super().__init__(settings, seed, name)
        self.notes = notes

    def search(self, seat, record, view, rule_card, avoid=frozenset(), calls=()):
        verdict = super().search(seat, record, view, rule_card, avoid, calls)
        if verdict.card in verdict.stats:
            _, weight, by_call = verdict.stats[verdict.card][:3]
            if weight >= search.CALL_MIN_WORLDS:
                self.notes.extend((seat, call, met / weight) for call, (_, met) in by_call.items())
        return verdict


def play(job: tuple[str, int, int]) -> list[tuple[str, float, bool, int]]:
    """One deal: (call, estimated share, met at the table, seat-deal key) for the last estimate of
    each call per seat."""
    level, seed, index = job
    notes: list = []
    players = {seat: NotingBot(SETTINGS[level], seed * 100_000 + index * 4 + seat, level, notes) for seat in range(4)}
    hands, dealer = deal_hands_for(seed, index)
    deal = Deal(hands, dealer, compulsory_open=frozenset())
    advance(deal, players)
    result = deal.result()
    last = {(seat, call): share for seat, call, share in notes}
    rows = []
    for (seat, call), share in last.items():
        party = "re" if seat in deal.re_seats else "kontra"
        rows.append((call, share, call_met(call, result, party, "kontra" if party == "re" else "re"), index * 4 + seat))
    return rows


def table(rows) -> list[str]:
    lines = []
    for call in ("re", "kontra", "no90", "no60", "no30", "schwarz"):
        mine = [row for row in rows if row[0] == call]
        if not mine:
            continue
        lines.append(f"{call}: {len(mine)} seat-deals")
        for low, high in zip(BINS, BINS[1:]):
            held = [met for _, share, met, _ in mine if low <= share < high]
            if held:
                lines.append(f"  estimated {low:.2f}-{min(high, 1):.2f}: {len(held):5d}, met at the table {sum(held) / len(held):.2f}")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=sorted(SETTINGS), default="medium")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    with Pool(args.jobs) as pool:
        rows = [row for deal in pool.imap(play, [(args.level, args.seed, i) for i in range(args.deals)]) for row in deal]
    print("\n".join(table(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
