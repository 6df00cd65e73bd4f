"""The server's own cost per player action, without the computer players' thinking.

    .venv/bin/python -m tools.bench_app [--deals 40] [--path api|page] [--eye-counter] [--level stub|random|rules|...]
                                        [--root CHECKOUT] [--profile]

Plays whole deals in process through the full ASGI app (Host check, token unsealing, replaying the
deal record, the action, the driver, the view, sealing, the answer) and reports the median time of
the player's actions at the start of a deal (the first two) and at its end (the last two, where the
record to replay is longest). ``--path api`` (the default) sends the actions to the JSON API;
``--path page`` sends them as the page does (``POST /act`` with ``HX-Request``, form fields, the
token in ``X-Game-Token``) and gets the table fragment back, at the page's default animation speed,
so the frames the browser animates are built too (the next action is read from ``GET /api/game``,
not measured). ``--repeat N`` sends each action N times with the same token (the server keeps no state, so the
answer is the same) and counts the fastest, which is steadier on a shared machine; ``--cpu`` counts
the process's CPU time instead of the wall time, steadier still. ``--root``
measures another checkout of the project (e.g. an older commit in a second
worktree) with this tool. With ``--level stub`` (the default) the computer players
take a random legal action straight from the deal, so what is left is the server's own work; with
a real level the time its bots spend in ``choose`` is measured and taken off. ``--profile`` prints
where the time goes.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import importlib
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

from tools import ROOT, measured_checkout
from tools.api_client import next_action

# ``app`` is imported where it is used: main() first chooses the checkout it comes from (``--root``).


class Clock:
    """Wall time (default) or the process's CPU time (``--cpu``: what the server itself spends, which
    other work on a shared machine disturbs much less than the time on the wall)."""

    now = staticmethod(time.perf_counter)


CLOCK = Clock()
EDGE = 2          # how many of the player's actions count as the start and as the end of a deal


class BotClock:
    """Seconds the computer players spent choosing (to take off the request times)."""

    def __init__(self):
        from app import service
        self.service = service
        self.seconds = 0.0
        self.choose = service.SafePlayer.choose

    def install(self, level: str) -> None:
        clock, service = self, self.service

        def timed_choose(player, seat, record):
            start = CLOCK.now()
            try:
                if level == "stub":       # no thinking at all: any legal action of the real deal
                    return service._random_legal_action(player.deal, seat, random.Random(player.seed))
                return clock.choose(player, seat, record)
            finally:
                clock.seconds += CLOCK.now() - start
        service.SafePlayer.choose = timed_choose


async def api_action(client: httpx.AsyncClient, token: str, view: dict, action: dict) -> tuple[httpx.Response, str]:
    response = await client.post("/api/game/actions", json=action, headers={"X-Game-Token": token})
    return response, response.json()["token"]


async def page_action(client: httpx.AsyncClient, token: str, view: dict, action: dict) -> tuple[httpx.Response, str]:
    """The action as htmx sends it: form fields (booleans as "true"/"false"), the token in a header."""
    form = {name: str(value).lower() if isinstance(value, bool) else str(value) for name, value in action.items()}
    response = await client.post("/act", data=form | {"game_id": view["game_id"]},
                                 headers={"HX-Request": "true", "X-Game-Token": token})
    return response, response.headers["x-game-token"]


async def play_deal(client: httpx.AsyncClient, token: str, clock: BotClock, send,
                    repeat: int = 1) -> tuple[list[float], str]:
    """The player's actions of one deal: server milliseconds each (bots' time taken off)."""
    view = (await client.get("/api/game", headers={"X-Game-Token": token})).json()["view"]
    times = []
    while (action := next_action(view)) is not None:
        fastest = float("inf")
        for _ in range(repeat):     # the server keeps no state: the same request, the same answer
            clock.seconds = 0.0
            start = CLOCK.now()
            response, next_token = await send(client, token, view, action)
            elapsed = CLOCK.now() - start
            assert response.status_code == 200, response.text
            fastest = min(fastest, elapsed - clock.seconds)
        times.append(fastest * 1000)
        token = next_token
        if send is api_action:
            view = response.json()["view"]
        else:                     # not measured: the page's answer is HTML
            view = (await client.get("/api/game", headers={"X-Game-Token": token})).json()["view"]
    response = await client.post("/api/game/next-deal", json={"seq": view["seq"]}, headers={"X-Game-Token": token})
    assert response.status_code == 200, response.text
    return times, response.json()["token"]


async def measure(deals: int, level: str, path: str = "api", eye_counter: bool = False, repeat: int = 1) -> dict:
    from app.main import create_app
    from app.settings import Settings
    clock = BotClock()
    clock.install(level)
    app = create_app(Settings(data_dir=Path(tempfile.mkdtemp()), key=None))
    # In process, no sockets: the time is the app's own (the loopback adds about the same for any server).
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://127.0.0.1:8000")
    settings = {"level": "random" if level == "stub" else level}
    if path == "api":
        settings["animation_ms"] = 0
    if eye_counter:
        settings["eye_counter"] = True
    send = api_action if path == "api" else page_action
    token = (await client.post("/api/games", json=settings)).json()["token"]
    start, end, every = [], [], []
    await play_deal(client, token, clock, send)       # warm-up: imports, caches
    for _ in range(deals):
        times, token = await play_deal(client, token, clock, send, repeat)
        start += times[:EDGE]
        end += times[-EDGE:]
        every += times
    return {"start": statistics.median(start), "end": statistics.median(end),
            "all": statistics.median(every), "p90": statistics.quantiles(every, n=10)[-1], "actions": len(every)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--level", default="stub", help="stub (no thinking, default) or a bot level")
    parser.add_argument("--path", choices=("api", "page"), default="api",
                        help="api: the JSON API (default); page: POST /act as the htmx page sends it")
    parser.add_argument("--eye-counter", action="store_true", help="with the eye counter switched on")
    parser.add_argument("--repeat", type=int, default=1,
                        help="send each action this many times (same token, same answer) and count the fastest: "
                             "steadier on a shared machine")
    parser.add_argument("--cpu", action="store_true",
                        help="count the process's CPU time instead of the wall time (steadier on a shared machine)")
    parser.add_argument("--root", default=str(ROOT), help="the checkout to measure (default: this one)")
    parser.add_argument("--profile", action="store_true", help="print the 25 most expensive functions")
    args = parser.parse_args(argv)
    root = measured_checkout(args.root)
    importlib.import_module("app.main")     # from that checkout, before anything is timed or profiled
    if args.cpu:
        CLOCK.now = time.process_time
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    result = asyncio.run(measure(args.deals, args.level, args.path, args.eye_counter, args.repeat))
    if profiler:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    print(f"{root.name} {args.path}{' eye-counter' if args.eye_counter else ''}"
          f"{f' fastest of {args.repeat}' if args.repeat > 1 else ''}{' cpu' if args.cpu else ''}: "
          f"level {args.level}, {result['actions']} player actions in {args.deals} deals: server time per action "
          f"(median) start of deal {result['start']:.2f} ms, end of deal {result['end']:.2f} ms, "
          f"all {result['all']:.2f} ms (p90 {result['p90']:.2f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
