"""Long casual games with every Bock trigger on: the queue of coming Bock deals, and the token.

    .venv/bin/python -m tools.bock_games [--deals 1000] [--level rules] [--stack-max 1] [--seed 1]

For every preset with ``bock`` and all four triggers on (``bock_120``, ``bock_lost_re``,
``bock_lost_kontra``, ``bock_herzstich``), computer players of ``--level`` play ``--deals`` deals
through the engine's driver (no server, no browser), each entered on the score sheet as the server
does when the next deal starts. After every deal the game is sealed into a token as the server would
hand it out and opened again as the next request would (``Game.from_state``): a game whose Bock
queue outgrew what a token may hold stops there. ``--stack-max 1`` (chained Bock rounds) makes the
queue grow fastest.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass

from cryptography.fernet import Fernet

from app.game_settings import GameSettings
from app.sealing import Sealer, TokenError
from app.service import Game
from engine.bots import make_bot
from engine.deal import Deal
from engine.driver import advance
from engine.round import Round
from engine.rules import PRESET_NAMES, Rules

EVERY_BOCK_TRIGGER = {"bock": True, "bock_120": True, "bock_lost_re": True, "bock_lost_kontra": True,
                      "bock_herzstich": True}


def with_every_bock_trigger(rules: Rules, stack_max: int) -> Rules:
    return rules.with_options(**EVERY_BOCK_TRIGGER, bock_stack_max=stack_max)


def game_settings(rules: Rules, level: str = "rules") -> GameSettings:
    """The settings a new game with ``rules`` was started with."""
    options = {name: value for name, value in rules.to_dict().items() if name != "preset"}
    return GameSettings(level=level, animation_ms=0, rules=rules.preset, options=options)


def bots_play(level: str):
    """A ``play(deal, rng)`` that lets four computer players of ``level`` play the deal to its end."""
    def play(deal: Deal, rng: random.Random) -> None:
        advance(deal, {seat: make_bot(level, rng.randrange(2 ** 32)) for seat in range(4)})
    return play


def games(rules: Rules, deals: int, play, seed: int = 1, level: str = "rules"):
    """Yield the game after each of ``deals`` deals, as the server's token holds it then: the deal
    played to its end by ``play(deal, rng)``, not yet entered on the score sheet."""
    rng = random.Random(seed)
    settings = game_settings(rules, level)
    round_ = Round(rules=rules)
    for number in range(1, deals + 1):
        deal = round_.new_deal(rng)
        play(deal, rng)
        yield Game(f"bock-{seed}", number, settings, round_, deal)
        round_.finish_deal(deal)


@dataclass
class Figures:
    preset: str
    deals: int = 0               # deals whose token opened again
    longest_queue: int = 0       # the most coming Bock deals at any time
    token_chars: int = 0         # the last token's length
    seconds: float = 0.0


def measure(preset: str, deals: int, level: str, stack_max: int, seed: int) -> Figures:
    sealer = Sealer(Fernet.generate_key())
    figures, start = Figures(preset), time.perf_counter()
    rules = with_every_bock_trigger(Rules.preset_named(preset), stack_max)
    for game in games(rules, deals, bots_play(level), seed, level):
        token = sealer.seal(game.to_state())
        try:
            Game.from_state(sealer.unseal(token))
        except TokenError as error:                # the game is lost here
            print(f"{preset}: the token after {figures.deals + 1} deals refused: {error}", file=sys.stderr)
            break
        figures.deals += 1
        figures.longest_queue = max(figures.longest_queue, len(game.round.bock_levels))
        figures.token_chars = len(token)
    figures.seconds = time.perf_counter() - start
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--level", default="rules")
    parser.add_argument("--stack-max", type=int, default=1, help="bock_stack_max (0: no cap)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print("| preset | deals played | most coming Bock deals | token at the end (chars) | time |")
    print("|---|---:|---:|---:|---:|")
    for preset in PRESET_NAMES:
        row = measure(preset, args.deals, args.level, args.stack_max, args.seed)
        print(f"| {row.preset} | {row.deals} | {row.longest_queue} | {row.token_chars} | {row.seconds:.0f} s |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
