"""The table fragment's cost per answer: the view plus the HTML template, without the computers.

    .venv/bin/python -m tools.bench_table_view [ROOT] [--eye-counter]

Plays six casual deals (random computer players, fixed seeds) and, after each of the player's
actions, renders the table fragment seven times exactly as the app answers an action: through the
app's own ``pages.render_table`` (its context, its template environment with ``static_url``, the
request's cookies), with the token left out (``changed=False``: sealing is not the fragment's cost).
Prints the median over the states of the best of the seven, which is steady on a shared machine.
``ROOT`` (default: this checkout) may be another checkout of the project, e.g. an older commit in a
second worktree, to compare the two on the same machine. For the whole action (unsealing, replay,
the action, sealing, the answer) see ``.venv/bin/python -m tools.bench_app --path page``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from starlette.requests import Request

from tools import ROOT, measured_checkout

# ``app`` is imported where it is used: main() first chooses the checkout it comes from
# (the ``ROOT`` argument).


def htmx_request(app) -> Request:
    """A request as htmx sends an action: German, no cookies (the default deck and back)."""
    headers = [(b"hx-request", b"true"), (b"accept-language", b"de")]
    return Request({"type": "http", "app": app, "method": "POST", "path": "/act", "query_string": b"",
                    "headers": headers})


def next_action(game, events):
    try:
        from app.api_models import PlayerAction
    except ImportError:   # a checkout from before the models were split
        from app.models import PlayerAction
    from app.views import table_view
    view = table_view(game, events)
    if view.options.reservation:
        return PlayerAction(seq=game.seq, reservation=False)
    if view.options.declarations:
        return PlayerAction(seq=game.seq, declare=view.options.declarations[0].kind)
    return PlayerAction(seq=game.seq, play=next(c.code for c in view.hand if c.playable))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=str(ROOT), help="the checkout to measure (default: this one)")
    parser.add_argument("--eye-counter", action="store_true", help="with the eye counter switched on")
    args = parser.parse_args(argv)
    root = measured_checkout(args.root)
    from app import pages, service
    from app.main import create_app
    try:
        from app.game_settings import GameSettings
    except ImportError:   # a checkout from before the models were split
        from app.models import GameSettings
    from app.settings import Settings
    app = create_app(Settings(data_dir=Path(tempfile.mkdtemp()), key=None))
    request = htmx_request(app)
    settings = {"level": "random", "animation_ms": 400, "language": "de"} | ({"eye_counter": True} if args.eye_counter else {})
    samples = []
    for seed in range(6):
        random.seed(seed)
        game, events = service.new_game(GameSettings(**settings))
        while not game.deal.is_done():
            events = service.act(game, next_action(game, events))
            times = []
            for _ in range(7):
                start = time.perf_counter()
                pages.render_table(request, app.state.sealer, game, events, changed=False)
                times.append(time.perf_counter() - start)
            samples.append(min(times) * 1000)
    print(f"{root.name}{' eye-counter' if args.eye_counter else ''}: table fragment per answer (best of 7), median "
          f"{statistics.median(samples):.2f} ms, max {max(samples):.2f} ms over {len(samples)} states")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
