"""The ``doppelkopf`` command line.

    doppelkopf score [FILE|-]            score a deal record or JSON Lines of records
    doppelkopf deal --seed N [--dealer D] print a fresh deal record (hands, no actions)
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from .deal import Deal
from .errors import RecordError
from .record import export, score_record


def _records(text: str):
    """One record, or JSON Lines of records: yields parsed objects or RecordErrors."""
    try:
        whole = json.loads(text)
    except ValueError:
        whole = None
    if isinstance(whole, dict):
        yield whole
        return
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except ValueError as exc:
            yield RecordError(f"line {number} is not valid JSON: {exc}")


def score_command(args) -> int:
    text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    status = 0
    for record in _records(text):
        try:
            if isinstance(record, RecordError):
                raise record
            line = score_record(record)
        except RecordError as exc:
            line, status = exc.to_dict(), 2
        print(json.dumps(line))
    return status


def deal_command(args) -> int:
    rng = random.Random(args.seed)
    print(json.dumps(export(Deal.shuffled(rng, args.dealer))))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="doppelkopf", description="Doppelkopf by the DDV tournament rules")
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="score deal records (one JSON object or JSON Lines)")
    score.add_argument("file", nargs="?", default="-", help="a file, or - for standard input (default)")
    score.set_defaults(run=score_command)
    deal = commands.add_parser("deal", help="print a fresh deal record with its hands and no actions")
    deal.add_argument("--seed", type=int, required=True)
    deal.add_argument("--dealer", type=int, default=0, choices=range(4))
    deal.set_defaults(run=deal_command)
    for extend in _extensions():
        extend(commands)
    return parser


def _extensions():
    """Subcommands that live outside the engine (the server, the bots) register here if installed."""
    found = []
    for module_name in ("app.cli", "engine.bots.cli"):
        try:
            module = __import__(module_name, fromlist=["add_commands"])
        except ImportError:
            continue
        found.append(module.add_commands)
    return found


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
