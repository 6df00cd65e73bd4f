"""The table fragment's cost per answer: the view plus the HTML template, without the computers.

    python tools/bench_table_view.py [ROOT] [--eye-counter]

Plays six casual deals (random computer players, fixed seeds) and, after each of the player's
actions, renders the table fragment seven times exactly as the app answers an action: through the
app's own ``pages.render_table`` (its context, its template environment with ``static_url``, the
request's cookies), with the token left out (``changed=False``: sealing is not the fragment's cost).
Prints the median over the states of the best of the seven, which is steady on a shared machine.
``ROOT`` (default: this checkout) may be another checkout of the project, e.g. an older commit in a
second worktree, to compare the two on the same machine. For the whole action (unsealing, replay,
the action, sealing, the answer) see ``tools/bench_app.py --path page``.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ARGS = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
ROOT = Path(ARGS[0]).resolve() if ARGS else Path(__file__).resolve().parent.parent
EYE_COUNTER = "--eye-counter" in sys.argv
sys.path.insert(0, str(ROOT))

from starlette.requests import Request  # noqa: E402

from app import pages, service  # noqa: E402
from app.main import create_app  # noqa: E402
from app.api_models import PlayerAction  # noqa: E402
from app.game_settings import GameSettings  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.views import table_view  # noqa: E402


def htmx_request(app) -> Request:
    """A request as htmx sends an action: German, no cookies (the default deck and back)."""
    headers = [(b"hx-request", b"true"), (b"accept-language", b"de")]
    return Request({"type": "http", "app": app, "method": "POST", "path": "/act", "query_string": b"",
                    "headers": headers})


def next_action(game, events) -> PlayerAction:
    view = table_view(game, events)
    if view.options.reservation:
        return PlayerAction(seq=game.seq, reservation=False)
    if view.options.declarations:
        return PlayerAction(seq=game.seq, declare=view.options.declarations[0].kind)
    return PlayerAction(seq=game.seq, play=next(c.code for c in view.hand if c.playable))


def main() -> None:
    app = create_app(Settings(data_dir=Path(tempfile.mkdtemp()), key=None))
    request = htmx_request(app)
    settings = {"level": "random", "animation_ms": 400, "language": "de"} | ({"eye_counter": True} if EYE_COUNTER else {})
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
    print(f"{ROOT.name}{' eye-counter' if EYE_COUNTER else ''}: table fragment per answer (best of 7), median "
          f"{statistics.median(samples):.2f} ms, max {max(samples):.2f} ms over {len(samples)} states")


if __name__ == "__main__":
    main()
