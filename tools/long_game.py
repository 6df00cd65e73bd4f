"""A casual game of many deals: the token's size and the request time by deal number.

    .venv/bin/python -m tools.long_game [--deals 5000] [--at 1,100,1000,5000] [--repeat 5]

The deals are not played through the server card by card (that would take hours): each one is
dealt by the round, everyone says gesund and the engine plays it out with random cards, and it is
entered on the score sheet, as the server does when the next deal starts. At each deal number in
``--at`` the game is sealed into a token as the server would hand it out, and the tool times
requests with that token through the whole app in process (no socket): ``GET /api/game`` and
``POST /api/game/next-deal`` (the computer players at the ``rules`` level, which hardly think).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
import warnings
from dataclasses import asdict
from pathlib import Path

with warnings.catch_warnings():      # Starlette's notice about httpx versions is not ours
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from app.main import create_app
from app.game_settings import GameSettings
from app.service import Game
from app.settings import Settings
from engine.deal import RESERVATIONS, Deal
from engine.round import Round

URL = "http://127.0.0.1:8000"


def play_quickly(deal: Deal, rng: random.Random) -> Deal:
    """Everyone gesund, then random legal cards to the end."""
    while deal.phase == RESERVATIONS:
        deal.reserve(deal.turn, False)
    deal.playout(rng)
    return deal


class LongGame:
    """A casual game advanced deal by deal without the server; ``history`` keeps every row."""

    def __init__(self, seed: int = 1):
        self.rng = random.Random(seed)
        self.round = Round()
        self.history: list[dict] = []        # what the browser keeps: every score-sheet row
        self.deal = play_quickly(self.round.new_deal(self.rng), self.rng)

    def next_deal(self) -> None:
        self.history.append(asdict(self.round.finish_deal(self.deal)))
        self.deal = play_quickly(self.round.new_deal(self.rng), self.rng)

    def game(self) -> Game:
        """The game as a token would carry it: this deal is over, the player is to deal the next."""
        return Game("long-game", len(self.history) + 1, GameSettings(level="rules", animation_ms=0),
                    self.round, self.deal)


def time_requests(client: TestClient, token: str, seq: int, repeat: int) -> dict:
    """Median milliseconds of GET /api/game and POST /api/game/next-deal with ``token``."""
    headers = {"X-Game-Token": token}
    get_ms, next_ms = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        response = client.get("/api/game", headers=headers)
        get_ms.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.text
        start = time.perf_counter()
        response = client.post("/api/game/next-deal", json={"seq": seq}, headers=headers)
        next_ms.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.text
    return {"get_ms": round(statistics.median(get_ms), 2), "next_deal_ms": round(statistics.median(next_ms), 2),
            "answer_token_chars": len(response.json()["token"])}


def measure(deals: int, at: list[int], repeat: int = 5, seed: int = 1) -> list[dict]:
    """One row per deal number in ``at``: the token's length and the request times there."""
    app = create_app(Settings(data_dir=Path(tempfile.mkdtemp(prefix="doppelkopf-long-")), key=None))
    client = TestClient(app, base_url=URL)
    sealer = app.state.sealer
    long_game, rows = LongGame(seed), []
    for number in range(1, deals + 1):
        if number in at:
            game = long_game.game()
            token = sealer.seal(game.to_state())
            rows.append({"deal": number, "token_chars": len(token), **time_requests(client, token, game.seq, repeat)})
        if number < deals:
            long_game.next_deal()
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--at", default="1,10,100,1000,2800,5000", help="deal numbers to measure at")
    parser.add_argument("--repeat", type=int, default=5, help="requests timed at each deal number")
    args = parser.parse_args(argv)
    at = sorted({int(n) for n in args.at.split(",") if 0 < int(n) <= args.deals})
    start = time.perf_counter()
    rows = measure(args.deals, at, args.repeat)
    print("| deal | token (chars) | GET /api/game | POST /api/game/next-deal |")
    print("|---|---|---|---|")
    for row in rows:
        print(f"| {row['deal']} | {row['token_chars']} | {row['get_ms']} ms | {row['next_deal_ms']} ms |")
    print(f"({args.deals} deals in {time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
