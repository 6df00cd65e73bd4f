"""tools/review_bots.py and tools/kontra_hands.py: a level's own deals replayed; Kontra hands counted."""

import io

from tools.review_bots import review


def test_every_fuchs_lost_and_every_call_gets_its_line():
    out = io.StringIO()
    counts = review("rules", seed=92, deals=12, show={"fox", "calls"}, out=out)
    lines = out.getvalue().splitlines()
    assert counts["games"] == 48 and counts["fox_lost"] > 0
    assert sum(": Fuchs " in line for line in lines) == counts["fox_lost"]
    calls = sum(count for key, count in counts.items() if key.endswith("_made"))
    assert calls > 0 and sum(" cards played, " in line for line in lines) == calls
    assert all("given away" in line for line in lines if ": Fuchs " in line)


def test_kontra_hands_are_counted_by_trumps_and_top_trumps():
    from tools.kontra_hands import kontra_hands
    games, won = kontra_hands(300, 5)
    assert sum(games.values()) > 20 and all(0 <= won[key] <= games[key] for key in games)
    assert all(trumps >= 8 for trumps, _ in games)   # the search levels' bar


def test_the_calibration_counts_each_judged_call_against_the_table():
    """With a margin no gain reaches, the search judges every call of a normal game and makes none."""
    from tools.review_bots import calibration_lines
    counts = review("medium+call_value=raw,call_margin=99", seed=95, deals=2, show={"calibration"}, out=io.StringIO())
    table = counts["calibration"]
    assert not any(key.endswith("_made") for key in counts)
    assert {call for call, _, _ in table} >= {"re", "kontra"}
    for (call, other_called, row), (judged, shares, met) in table.items():
        assert 0 <= met <= judged and shares <= judged * min(row, 1.0) + 1e-9
    assert sum(judged for judged, _, _ in table.values()) == len(counts["judgements"])
    assert len(calibration_lines(table)) == len(table) + 1
