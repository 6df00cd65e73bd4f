"""The table fragment's cost per answer: the view plus the HTML template, without the computers.

    python tools/bench_table_view.py [ROOT]

Plays six casual deals (random computer players, fixed seeds) and, after each of the player's
actions, renders the table fragment (``app.views.table_view`` + ``templates/partials/table.html``)
seven times; prints the median over the states of the best of the seven, which is steady on a
shared machine. ``ROOT`` (default: this checkout) may be another checkout of the project, e.g. an
older commit unpacked with ``git archive``, to compare the two on the same machine.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jinja2 import Environment, FileSystemLoader  # noqa: E402

from app import pages, service  # noqa: E402
from app.i18n import translator  # noqa: E402
from app.models import SPEEDS, GameSettings, PlayerAction  # noqa: E402
from app.views import table_view  # noqa: E402


def main() -> None:
    template = Environment(loader=FileSystemLoader(ROOT / "templates"), autoescape=True).get_template(
        "partials/table.html")
    t = translator("de")
    context = {"t": t, "lang": "de", "seat_names": [t(f"seat.{s}") for s in range(4)], "levels": ["random"],
               "speeds": SPEEDS, "notice": None}
    if hasattr(pages, "seat_translator"):
        context["ts"] = pages.seat_translator(t)
    samples = []
    for seed in range(6):
        random.seed(seed)
        game, events = service.new_game(GameSettings(level="random", animation_ms=400, language="de"))
        while not game.deal.is_done():
            view = table_view(game, events)
            if view.options.reservation:
                action = PlayerAction(seq=game.seq, reservation=False)
            elif view.options.declarations:
                action = PlayerAction(seq=game.seq, declare=view.options.declarations[0].kind)
            else:
                action = PlayerAction(seq=game.seq, play=next(c.code for c in view.hand if c.playable))
            events = service.act(game, action)
            times = []
            for _ in range(7):
                start = time.perf_counter()
                template.render(context | {"view": table_view(game, events)})
                times.append(time.perf_counter() - start)
            samples.append(min(times) * 1000)
    print(f"{ROOT}: view + template per answer (best of 7), median {statistics.median(samples):.2f} ms, "
          f"max {max(samples):.2f} ms over {len(samples)} states")


if __name__ == "__main__":
    main()
