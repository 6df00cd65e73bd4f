"""tools/review_bots.py: a level's own deals replayed, each Fuchs lost and each call listed."""

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
