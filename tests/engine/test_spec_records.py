"""End to end: complete deal records realising §15 examples, scored by the real command line;
and bad input (malformed records, impossible hands, illegal actions) rejected with index and seat."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from engine import Action, Round
from engine.cards import card_from_code, code
from engine.contracts import SOLO_KINDS
from engine.errors import RecordError
from engine.record import replay

from .records_builder import PLANS, RECORDS, build
from .spec_examples import EXAMPLES, calls, special_lines, value_lines

# What the examples' texts say about single tricks: (trick, winner, eyes), None = not stated;
# and the Klärungsstich of a Hochzeit.
TRICK_FACTS = {
    "N16": [(5, 3, None), (7, None, 42), (9, None, 41), (12, 1, None)],
    "N18": [(1, 1, 0)],
    "N21": [(4, 2, None)],
    "N25": [(4, 1, 43), (12, 3, None)],
    "N29": [(2, 3, None), (6, 2, None), (9, 0, 40), (12, 1, None)],
    "S01": [(4, 2, 41)],
    "S09": [(6, 3, None)],
    "H02": [(1, 2, None), (2, 0, None), (7, 0, None)],
    "H03": [(1, 3, None), (2, 3, None), (3, 1, None)],
    "H04": [(1, 1, 41), (2, 1, None), (3, 1, None)],
}
CLARIFIED_IN = {"H02": 2, "H03": 3, "H04": 3}

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / ".venv" / "bin" / "doppelkopf"


def score_cli(path) -> subprocess.CompletedProcess:
    return subprocess.run([str(CLI), "score", str(path)], capture_output=True, text=True, cwd=ROOT, timeout=60)


def load(example_id: str) -> dict:
    return json.loads((RECORDS / f"{example_id}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("example_id", sorted(PLANS))
def test_record_realises_example(example_id):
    ex = EXAMPLES[example_id]
    record = load(example_id)
    assert record == build(example_id), "records/ is stale: rerun python -m tests.engine.records_builder"
    deal = replay(record)
    assert deal.tricks[0].leader == ex.lead
    assert sorted((c.seat, c.call, c.hand_size) for c in deal.calls_made) == sorted(calls(ex))
    for number, winner, eyes in TRICK_FACTS.get(example_id, []):
        trick = deal.tricks[number - 1]
        assert winner in (None, trick.winner) and eyes in (None, trick.eyes), trick
    if ex.hochzeiter is not None:
        assert (deal.hochzeiter, deal.clarified_in) == (ex.hochzeiter, CLARIFIED_IN[example_id])


@pytest.mark.parametrize("example_id", sorted(PLANS))
def test_record_in_a_tournament_round(example_id):
    """Only a Pflichtsolo keeps the deal with the dealer and counts as the soloist's Pflichtsolo."""
    ex = EXAMPLES[example_id]
    record = load(example_id)
    lustsolo = ex.contract in SOLO_KINDS and not ex.compulsory
    rnd = Round(mode="tournament", compulsory_done=list(ex.re) if lustsolo else [])
    deal = rnd.start_deal([[card_from_code(c) for c in hand] for hand in record["hands"]])
    for action in record["actions"]:
        deal.apply(Action.from_dict(action))
    row = rnd.finish_deal(deal)
    assert row.scores == list(ex.scores)
    assert row.compulsory == ex.compulsory
    assert rnd.dealer == (0 if ex.compulsory else 1)
    assert rnd.compulsory_done == list(ex.re if ex.compulsory or lustsolo else [])


@pytest.mark.parametrize("example_id", sorted(PLANS))
def test_record_scored_by_cli(example_id):
    ex = EXAMPLES[example_id]
    run = score_cli(RECORDS / f"{example_id}.json")
    assert run.returncode == 0, run.stdout + run.stderr
    got = json.loads(run.stdout)
    assert got["contract"] == ex.contract
    assert (got["re"], got["kontra"]) == (sorted(ex.re), [s for s in range(4) if s not in ex.re])
    assert got["eyes"] == {"re": ex.re_eyes, "kontra": 240 - ex.re_eyes}
    assert got["tricks"] == {"re": ex.re_tricks, "kontra": 12 - ex.re_tricks}
    assert got["winner"] == ex.winner
    assert sorted((line["item"], line["party"], line["points"]) for line in got["value"]) == value_lines(ex)
    assert sorted(((line["item"], line["party"], line["points"], line.get("trick")) for line in got["special"]),
                  key=str) == special_lines(ex)
    assert got["scores"] == list(ex.scores)


# ----- bad input ------------------------------------------------------------------------------

def with_action(record: dict, index: int, action: dict | None) -> dict:
    """A copy of ``record`` with action ``index`` replaced (or, for None, removed)."""
    actions = list(record["actions"])
    actions[index:index + 1] = [] if action is None else [action]
    return dict(record, actions=actions)


def inserted(record: dict, before: int, action: dict) -> dict:
    actions = list(record["actions"])
    actions.insert(before, action)
    return dict(record, actions=actions)


def nth_play(record: dict, seat: int, n: int) -> int:
    """Index of the n-th (1-based) play of ``seat``."""
    plays = [i for i, a in enumerate(record["actions"]) if "play" in a and a["seat"] == seat]
    return plays[n - 1]


def not_following(record: dict) -> tuple[dict, int, int]:
    """The record with the first play that could break the follow rule changed to do so."""
    for index, action in enumerate(record["actions"]):
        if "play" not in action:
            continue
        deal = replay(dict(record, actions=record["actions"][:index]))
        illegal = [c for c in deal.hands[deal.turn] if c not in deal.legal_cards()]
        if illegal:
            return with_action(record, index, {"seat": deal.turn, "play": code(illegal[0])}), index, deal.turn
    raise AssertionError("no play could break the follow rule")


def bad_records():
    """(id, record or JSON text, expected index, expected seat, a word the message must contain)."""
    n01 = load("N01")
    hands = n01["hands"]
    first = nth_play(n01, 1, 1)  # S1 leads trick 1
    third = next(c for c in hands[1] if c not in hands[0])
    absent = next(c for c in hands[0] if c not in hands[1])  # a card S1 does not hold
    lower = hands[0][0].lower()
    yield "not-json", '{"format": "doppelkopf-deal/1", "hands": [', None, None, "JSON"
    yield "not-an-object", "[1, 2, 3]", None, None, None
    yield "wrong-format", dict(n01, format="doppelkopf-deal/0"), None, None, "doppelkopf-deal/0"
    yield "unknown-key", dict(n01, extra=1), None, None, "extra"
    yield "unknown-card-in-hand", dict(n01, hands=[["X10"] + hands[0][1:]] + hands[1:]), None, 0, "X10"
    yield "lower-case-card", dict(n01, hands=[[lower] + hands[0][1:]] + hands[1:]), None, 0, lower
    yield "hand-of-11", dict(n01, hands=[hands[0][1:]] + hands[1:]), None, 0, "11"
    yield "third-copy", dict(n01, hands=[[third] + hands[0][1:]] + hands[1:]), None, None, third
    yield "unknown-card-played", with_action(n01, first, {"seat": 1, "play": "HZ"}), first, 1, "HZ"
    yield "unknown-action", with_action(n01, 2, {"seat": 3, "pass": True}), 2, 3, None
    yield "query-wrong-seat", with_action(n01, 0, {"seat": 2, "reservation": False}), 0, 2, None
    yield "play-wrong-seat", with_action(n01, first, dict(n01["actions"][first], seat=2)), first, 2, None
    yield "card-not-held", with_action(n01, first, {"seat": 1, "play": absent}), first, 1, absent
    yield "not-following", *not_following(n01), None
    n27 = load("N27")  # S0's 'keine 60' with 10 cards instead of 11: too late without a prior 'Kontra'
    without = with_action(n27, next(i for i, a in enumerate(n27["actions"]) if "call" in a), None)
    late = nth_play(without, 0, 3)
    yield "too-late-absage", inserted(without, late, {"seat": 0, "call": "no60"}), late, 0, None
    n26 = load("N26")  # S2's 'keine 90' right after its late reply 'Kontra' (spec: illegal, ignored)
    reply = n26["actions"].index({"seat": 2, "call": "kontra"})
    yield "absage-after-late-reply", inserted(n26, reply + 1, {"seat": 2, "call": "no90"}), reply + 1, 2, None
    yield "call-wrong-party", inserted(n01, first, {"seat": 1, "call": "kontra"}), first, 1, None


BAD = {name: rest for name, *rest in bad_records()}


@pytest.mark.parametrize("record, index, seat, word", BAD.values(), ids=BAD.keys())
def test_bad_record_rejected(record, index, seat, word):
    with pytest.raises(RecordError) as error:
        replay(record)
    assert (error.value.index, error.value.seat) == (index, seat), str(error.value)
    assert word is None or word in str(error.value)


def test_cli_reports_bad_records(tmp_path):
    bad = BAD["not-following"]
    single = tmp_path / "bad.json"
    single.write_text(json.dumps(bad[0]))
    run = score_cli(single)
    assert run.returncode == 2
    error = json.loads(run.stdout)  # exactly one line
    assert (sorted(error), error["index"], error["seat"]) == (["error", "index", "seat"], bad[1], bad[2])
    lines = tmp_path / "mixed.jsonl"  # JSON Lines: one result line per record, exit 2 if any is bad
    lines.write_text("\n".join(json.dumps(r) for r in (load("N01"), bad[0], load("S05"))) + "\nnot json\n")
    run = score_cli(lines)
    assert run.returncode == 2
    out = [json.loads(line) for line in run.stdout.splitlines()]
    assert [o.get("scores") for o in out] == [list(EXAMPLES["N01"].scores), None, list(EXAMPLES["S05"].scores), None]
    assert [(o.get("index"), o.get("seat")) for o in out[1::2]] == [(bad[1], bad[2]), (None, None)]
    assert all(o["error"] for o in out[1::2])
