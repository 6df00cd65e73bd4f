"""Fit the calibration of Re and Kontra (engine/bots/call_value.py) from judgements of self-play games.

Reads the JSON lines that ``-m tools.review_bots --show calibration --dump FILE`` writes (each judgement
of a call by the search: the share of worlds where it was met, whether the other side had announced,
whether it was met at the table), fits per call a logistic map from those to the chance of being met
(a regularised logistic regression fitted by Newton's method), and
writes it as ``--level``'s map into ``engine/bots/call_calibration.json`` with the command and the fit (the
other levels' maps stay). Every fifth judgement is held out; the report compares its log-likelihood per
judgement with the search's share taken at its word.

    .venv/bin/python -m tools.fit_call_calibration /tmp/calib-a.jsonl /tmp/calib-b.jsonl --level hard --command "..."
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from engine.bots.call_value import CALIBRATED, CALIBRATION_FILE, FEATURES, features, table_chance


L2 = 1.0   # the regularisation's weight, against the log-likelihood summed over all judgements


def binary_fit(rows: list[dict], steps: int = 30) -> list[float]:
    """Weights of P(met) = logistic(weights · features), by Newton's method on the L2-regularised
    log-likelihood."""
    x = np.array([features(row["share"], row["other_called"]) for row in rows], dtype=float).reshape(-1, len(FEATURES))
    met = np.array([bool(row["met"]) for row in rows], dtype=float)
    weights = np.zeros(len(FEATURES))
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ weights)))
        gradient = x.T @ (met - p) - L2 * weights
        hessian = -(x * (p * (1 - p))[:, None]).T @ x - L2 * np.eye(len(FEATURES))
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-6:
            break
    return [float(w) for w in weights]


def log_likelihood(rows: list[dict], chance) -> float:
    """Per judgement, of the outcomes under ``chance(row)``."""
    total = 0.0
    for row in rows:
        p = min(max(chance(row), 1e-3), 1 - 1e-3)
        total += np.log(p if row["met"] else 1 - p)
    return total / max(1, len(rows))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dumps", nargs="+", help="files written by -m tools.review_bots --dump")
    parser.add_argument("--command", default="", help="how the dumps were made, kept in the file")
    parser.add_argument("--level", default="medium", help="whose judgements these are (the map's name)")
    parser.add_argument("--out", default=str(CALIBRATION_FILE))
    args = parser.parse_args(argv)
    rows = [json.loads(line) for path in args.dumps for line in Path(path).read_text().splitlines()]
    weights, report = {}, {}
    for call in CALIBRATED:
        mine = [row for row in rows if row["call"] == call]
        train = [row for i, row in enumerate(mine) if i % 5]
        held = [row for i, row in enumerate(mine) if not i % 5]
        weights[call] = binary_fit(train)
        report[call] = {
            "judgements": len(mine), "met": sum(row["met"] for row in mine),
            "held-out log-likelihood per judgement": {
                "calibrated": round(log_likelihood(held, lambda r: table_chance(call, r["share"], r["other_called"], weights)), 4),
                "share as it is": round(log_likelihood(held, lambda r: r["share"]), 4)}}
        print(call, json.dumps(report[call]), "weights", [round(w, 3) for w in weights[call]])
    out = Path(args.out)
    levels = json.loads(out.read_text())["levels"] if out.exists() else {}
    levels[args.level] = {"features": list(FEATURES), "weights": weights, "fit": report,
                          "command": args.command or " ".join([".venv/bin/python -m tools.fit_call_calibration", *sys.argv[1:]])}
    out.write_text(json.dumps({"levels": levels}, indent=1) + "\n")


if __name__ == "__main__":
    main()
