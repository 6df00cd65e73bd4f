"""The benchmark measures real, complete deals (its figures are in docs/performance.md)."""

from __future__ import annotations

import random

from engine import DONE
from engine.bench import main, rollout_deal, stepwise_deal


def test_both_paths_make_complete_scored_deals():
    for make_deal in (rollout_deal, stepwise_deal):
        deal = make_deal(random.Random(5))
        assert deal.phase == DONE and len(deal.tricks) == 12
        assert sum(deal.result().scores) == 0


def test_prints_one_figure_per_path(capsys):
    main(["--seconds", "0.02"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["Deal.playout", "legal_cards()+play()", "bare"]
    assert all("deals/s on one core" in line for line in lines)
