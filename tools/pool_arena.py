"""Pool arena reports of the same match over different seeds into one figure.

Each report (``doppelkopf arena ... --out PREFIX`` writes ``PREFIX.json``) keeps the mean of every
deal; the pooled figure is the mean and 95% interval over all of those deals together, as one long
run would give it. Reports of different matches are refused.

    .venv/bin/python tools/pool_arena.py docs/arena/issue10-hard-vs-hard-2026-11-seed*.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.bots.arena import mean_interval  # noqa: E402


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
    return {"candidate": candidate, "reference": reference, "seeds": seeds, "points_per_game": mean_interval(means)}


def main(argv=None) -> int:
    paths = sys.argv[1:] if argv is None else argv
    if not paths:
        print(__doc__)
        return 2
    result = pool(paths)
    figure = result["points_per_game"]
    print(f"{result['candidate']} vs {result['reference']}, seeds {', '.join(map(str, result['seeds']))}: "
          f"{figure['n']} deals, {figure['mean']:+.3f} points per game ({figure['low']:+.3f} .. {figure['high']:+.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
