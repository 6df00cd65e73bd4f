"""``doppelkopf arena`` and ``doppelkopf bot`` (registered by engine/cli.py when this module exists).

    doppelkopf arena --candidate hard --reference rules --deals 400 --seed 1 [--jobs 2] [--out PREFIX] [--rules kneipe]
                     [--sprt 0 0.3] [--budget time]
    doppelkopf bot --level hard       one JSON request per line on stdin, one answer per line on stdout
"""

from __future__ import annotations

import argparse
import json
import signal
import sys

from ..errors import DoppelkopfError
from ..rules import TSR
from . import BASELINES, LEVELS, make_bot


def add_commands(subparsers) -> None:
    arena = subparsers.add_parser("arena", help="measure a bot level against another (see docs/strength.md)")
    arena.add_argument("--candidate", required=True, type=level_name, help=LEVEL_HELP)
    arena.add_argument("--reference", required=True, type=level_name, help=LEVEL_HELP)
    arena.add_argument("--deals", type=int, default=100, help="deals, each played four times (default 100)")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--jobs", type=int, default=1, help="processes playing deals side by side")
    arena.add_argument("--out", help="write PREFIX.json and PREFIX.md")
    arena.add_argument("--rules", help="the rule set: a preset (tsr, kneipe, ohne_neunen, sonderregeln, einsteiger) "
                                       "or a JSON object like {\"preset\": \"kneipe\", \"bock\": false}")
    arena.add_argument("--sprt", nargs=2, type=float, metavar=("H0", "H1"),
                       help="stop as soon as a sequential test (alpha = beta = 0.05) decides between a mean of H0 "
                            "and of H1 points a game; --deals is then the cap")
    arena.add_argument("--sprt-min", type=int, default=None, metavar="N",
                       help="the sequential test decides after at least N deals (default 40)")
    arena.add_argument("--budget", choices=arena_budgets(), default="fixed",
                       help="fixed: deterministic decisions, the search levels at a fixed count of worlds "
                            "(default); time: the table's time budgets, to measure decision times")
    arena.set_defaults(run=arena_command)
    bot = subparsers.add_parser("bot", help="a bot on stdin/stdout (see docs/bot-protocol.md)")
    bot.add_argument("--level", required=True, type=level_name, help=LEVEL_HELP)
    bot.add_argument("--seed", type=int, default=None)
    bot.set_defaults(run=bot_command)


LEVEL_HELP = (f"one of {', '.join([*LEVELS, *BASELINES])}, or medium/hard with settings changed, "
              "like medium+announce=false,inference_noise=0.15")


def arena_budgets() -> tuple[str, ...]:
    from .arena import BUDGETS
    return BUDGETS


def level_name(text: str) -> str:
    """``text`` if it names a bot (checked by making one), else argparse's clear error."""
    try:
        make_bot(text)
    except (ValueError, TypeError) as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _stop_by_hand(signum, frame):
    raise KeyboardInterrupt


def arena_command(args) -> int:
    from . import arena
    from ..cli import fail, parse_rules
    from .report import markdown, write
    from .statistics import SPRT_MIN_DEALS
    try:
        rules = parse_rules(args.rules) or TSR
    except DoppelkopfError as exc:
        return fail(exc)
    if args.sprt and args.sprt[0] == args.sprt[1]:
        print(json.dumps({"error": "--sprt needs two different hypotheses, like --sprt 0 0.3"}))
        return 2
    if args.sprt_min is not None and args.sprt_min < 2:
        print(json.dumps({"error": "--sprt-min needs at least 2 deals (the test estimates a variance)"}))
        return 2
    signal.signal(signal.SIGTERM, _stop_by_hand)   # kill PID: like Ctrl-C, the report of the deals so far
    report = arena.run(args.candidate, args.reference, args.deals, args.seed, args.jobs, rules=rules,
                       budget=args.budget, sprt=tuple(args.sprt) if args.sprt else None,
                       sprt_min=args.sprt_min or SPRT_MIN_DEALS)
    if args.out:
        write(report, args.out)
    sys.stdout.write(markdown(report))
    return 0


def answer(bot, line: str) -> dict:
    """One protocol request (a JSON line) to one answer object."""
    try:
        request = json.loads(line)
    except ValueError as exc:
        return {"error": f"not valid JSON: {exc}"}
    if not isinstance(request, dict) or "deal" not in request or "seat" not in request:
        return {"error": 'a request is {"seat": s, "deal": <partial deal record>}'}
    seat = request["seat"]
    if type(seat) is not int or not 0 <= seat <= 3:
        return {"error": f"seat must be 0..3, got {seat!r}"}
    try:
        action = bot.choose(seat, request["deal"])
    except (DoppelkopfError, KeyError, TypeError, IndexError) as exc:
        return {"error": f"cannot answer: {exc}"}
    return {"action": action.to_dict()}


def bot_command(args) -> int:
    bot = make_bot(args.level, args.seed)
    for line in sys.stdin:
        if not line.strip():
            continue
        sys.stdout.write(json.dumps(answer(bot, line)) + "\n")
        sys.stdout.flush()
    return 0
