"""The ``doppelkopf`` command line.

    doppelkopf score [FILE|-] [--rules R]            score a deal record or JSON Lines of records
    doppelkopf deal --seed N [--dealer D] [--rules R] print a fresh deal record (hands, no actions)

``--rules`` is a preset name (``kneipe``) or a rule-set object (``'{"preset": "tsr", "nines": false}'``).
For ``score`` it is the rule set of records that name none.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from .deal import Deal
from .errors import DoppelkopfError, RecordError
from .record import export, score_record
from .rules import Rules


def parse_rules(text: str | None) -> Rules | None:
    """``--rules``: a preset name or a JSON rule-set object; bad input is a RecordError."""
    if text is None:
        return None
    try:
        data = json.loads(text) if text.lstrip().startswith("{") else {"preset": text}
        return Rules.from_dict(data)
    except (ValueError, DoppelkopfError) as exc:
        raise RecordError(f"--rules: {exc}") from None


def fail(exc: RecordError) -> int:
    """Bad input: the error as a JSON object on stdout, exit code 2."""
    print(json.dumps(exc.to_dict()))
    return 2


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
    try:
        rules = parse_rules(args.rules)
    except RecordError as exc:
        return fail(exc)
    text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    status = 0
    for record in _records(text):
        try:
            if isinstance(record, RecordError):
                raise record
            if rules is not None and isinstance(record, dict) and "rules" not in record:
                record = {**record, "rules": rules.to_dict()}
            line = score_record(record)
        except RecordError as exc:
            line, status = exc.to_dict(), 2
        except DoppelkopfError as exc:     # anything else the engine refuses is still this record's error
            line, status = RecordError(str(exc)).to_dict(), 2
        print(json.dumps(line))
    return status


def deal_command(args) -> int:
    try:
        rules = parse_rules(args.rules)
    except RecordError as exc:
        return fail(exc)
    rng = random.Random(args.seed)
    print(json.dumps(export(Deal.shuffled(rng, args.dealer, rules or Rules()))))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="doppelkopf", description="Doppelkopf by the DDV tournament rules "
                                     "and the common house rules")
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="score deal records (one JSON object or JSON Lines)")
    score.add_argument("file", nargs="?", default="-", help="a file, or - for standard input (default)")
    score.add_argument("--rules", help="rule set of records without one: a preset name or a JSON object")
    score.set_defaults(run=score_command)
    deal = commands.add_parser("deal", help="print a fresh deal record with its hands and no actions")
    deal.add_argument("--seed", type=int, required=True)
    deal.add_argument("--dealer", type=int, default=0, choices=range(4))
    deal.add_argument("--rules", help="a preset (tsr, kneipe, ohne_neunen, sonderregeln, einsteiger) "
                                      "or a JSON rule-set object")
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
