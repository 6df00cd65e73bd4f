"""The browser's store of analyses (static/analysis.js ``remember``) for a deal, made here for the tests."""

from __future__ import annotations

import json

from engine.bots.analysis import analyse


def stored_analysis(record: dict, at: int = 1_700_000_000_000, judgements=None) -> dict:
    judgements = analyse(record, 0) if judgements is None else judgements
    marks = [j for j in judgements if j.grade]
    lost = {kind: sum(j.loss for j in marks if j.kind == kind) for kind in ("reservation", "call", "card")}
    return {"at": at, "record": json.dumps(record, separators=(",", ":")), "lost": lost, "decisions": len(judgements),
            "marks": [{"index": j.index, "kind": j.kind, "trick": j.trick, "chosen": j.chosen, "best": j.best,
                       "loss": j.loss, "grade": j.grade, "reason": j.reason, "params": j.params} for j in marks]}
