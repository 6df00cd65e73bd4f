"""Pool arena reports of the same match over different seeds into one figure.

Each report (``doppelkopf arena ... --out PREFIX`` writes ``PREFIX.json``) keeps the mean of every
deal; the pooled figure is the mean and 95% interval over all of those deals together, as one long
run would give it. Reports of different matches are refused.

    .venv/bin/python -m tools.pool_arena docs/results/issue10-hard-vs-hard-2026-11-seed*.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from engine.bots.statistics import mean_interval


def pool(paths: list[str]) -> dict:
    reports = [json.loads(Path(path).read_text()) for path in paths]
    matches = {(r["setup"]["candidate"], r["setup"]["reference"], json.dumps(r["setup"].get("rules"))) for r in reports}
    if len(matches) != 1:
        raise SystemExit(f"not one match: {sorted(matches)}")
    seeds = [r["setup"]["seed"] for r in reports]
    if len(set(seeds)) != len(seeds):
        raise SystemExit(f"a seed twice: {seeds}")
    missing = [path for path, r in zip(paths, reports) if "deal_means" not in r]
    if missing:
        raise SystemExit(f"no deal means in {', '.join(missing)} (written before tools/pool_arena.py)")
    means = [m for r in reports for m in r["deal_means"]]
    candidate, reference, _ = matches.pop()
    return {"candidate": candidate, "reference": reference, "seeds": seeds, "points_per_game": mean_interval(means),
            "splits": _pooled_splits(reports), "sides": {side: _pooled_side([r["play"][side] for r in reports])
                                                         for side in ("candidate", "reference")},
            "p95_ms": {side: [r["time_per_decision"][side]["p95_ms"] for r in reports] for side in ("candidate", "reference")}}


def _pooled_splits(reports: list[dict]) -> dict:
    """Mean points per game of the candidate by contract and party, over every report's games."""
    totals: dict[str, list[float]] = {}
    for report in reports:
        for key, split in report["splits"].items():
            total = totals.setdefault(key, [0.0, 0])
            total[0] += split["mean"] * split["games"]
            total[1] += split["games"]
    return {key: {"mean": round(points / games, 3), "games": games} for key, (points, games) in sorted(totals.items())}


NO_CALLS = {"made": 0, "share_met": 0}   # a report in which the side never made this call


def _pooled_side(plays: list[dict]) -> dict:
    """One side's bidding, calls and card-play figures over all reports (rates weighted by games)."""
    games = sum(p["seat_games"] for p in plays)

    def count(rate_of) -> float:   # a per-100-games rate back to a count
        return sum(rate_of(p) * p["seat_games"] / 100 for p in plays)
    calls = {}
    for call in sorted({c for p in plays for c in p["calls_per_100_games"]}):
        figures = lambda p: p["calls_per_100_games"].get(call, NO_CALLS)   # noqa: E731 (read in this loop only)
        made = count(lambda p: figures(p)["made"])
        met = count(lambda p: figures(p)["made"] * figures(p)["share_met"])
        calls[call] = {"per_100_games": round(100 * made / games, 2), "made": round(made), "met": round(met)}
    lust = [p["lustsolo"] for p in plays]
    played = sum(s["played"] for s in lust)
    return {"seat_games": games, "solos_per_100_games": round(100 * count(lambda p: p["solo_per_100_games"]) / games, 2),
            "lustsolo": {"played": played, "won": sum(s["won"] for s in lust),
                         "mean_points": round(sum(s["mean_points"] * s["played"] for s in lust if s["played"]) / played, 2)
                         if played else None},
            "calls": calls, "foxes_lost_per_100_games": round(100 * count(lambda p: p["foxes_lost_per_100_games"]) / games, 2),
            "eyes_to_partner_per_game": round(sum(p["eyes_to_partner_per_game"] * p["seat_games"] for p in plays) / games, 2)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", help="the PREFIX.json of each run (doppelkopf arena ... --out PREFIX)")
    result = pool(parser.parse_args(argv).reports)
    figure = result["points_per_game"]
    print(f"{result['candidate']} vs {result['reference']}, seeds {', '.join(map(str, result['seeds']))}: "
          f"{figure['n']} deals, {figure['mean']:+.3f} points per game ({figure['low']:+.3f} .. {figure['high']:+.3f})")
    print(json.dumps({key: result[key] for key in ("splits", "sides", "p95_ms")}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
