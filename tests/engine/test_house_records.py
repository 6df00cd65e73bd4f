"""The 47 worked examples of the house rules spec (§15) as complete deal records, scored by the real
command line and compared with every fact the spec states (records built by
``house_records_builder`` from the spec's text, not by the engine)."""

from __future__ import annotations

import json
import subprocess

import pytest

from engine.record import export, replay

from .house_records_builder import RECORDS, SPEC, build
from .test_spec_records import CLI, ROOT

EXPECTED = json.loads((RECORDS / "expected.json").read_text(encoding="utf-8"))
NAMES = sorted(EXPECTED)


def load(name: str) -> dict:
    return json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def scored() -> dict[str, dict]:
    """All records scored by one run of ``doppelkopf score`` over JSON Lines."""
    lines = "\n".join(json.dumps(load(name)) for name in NAMES)
    run = subprocess.run([str(CLI), "score", "-"], input=lines, capture_output=True, text=True, cwd=ROOT,
                         timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    return dict(zip(NAMES, map(json.loads, run.stdout.splitlines())))


def test_all_examples_are_here():
    assert len(NAMES) == 47


@pytest.mark.skipif(not SPEC.exists(), reason="the spec is not on this machine")
def test_records_match_the_spec_text():
    built = build()
    assert sorted(built) == NAMES
    for name, (record, facts) in built.items():
        assert (record, facts) == (load(name), EXPECTED[name]), f"{name}: rerun python -m tests.engine.house_records_builder"


@pytest.mark.parametrize("name", NAMES)
def test_example_scores_as_the_spec_says(name, scored):
    exp, got = EXPECTED[name], scored[name]
    record = load(name)
    rules = replay(record).rules
    assert got["scores"] == exp["scores"] and sum(got["scores"]) == 0
    if exp.get("contract") == "thrown":
        assert got["contract"] == "thrown" and got["thrown"]["seat"] == exp["thrown_by"]
        assert got["winner"] is None and got["value"] == [] and got["special"] == []
        assert ("schweine" in got) == rules.schweine and got.get("schweine") is None
        assert ("bock" in got) == rules.bock and got.get("bock_triggers", []) == []
        return
    assert (got["re"], got["kontra"]) == (exp["re"], exp["kontra"])
    assert (got["eyes"], got["tricks"], got["winner"]) == (exp["eyes"], exp["tricks"], exp["winner"])
    assert sorted([line["item"], line["party"]] for line in got["special"]) == exp["special"]
    assert ("schweine" in got) == rules.schweine and ("superschweine" in got) == (rules.schweine and rules.superschweine)
    assert got.get("schweine") == exp["schweine"] and got.get("superschweine") == exp["superschweine"]
    if "bock" in exp:
        assert (got["bock"], got["bock_triggers"]) == (exp["bock"], exp["bock_triggers"])
    else:
        assert "bock" not in got and not rules.bock


@pytest.mark.parametrize("name", NAMES)
def test_example_tricks_and_replay(name):
    deal = replay(load(name))
    exp = EXPECTED[name]
    assert [[t.winner, t.eyes] for t in deal.tricks] == exp.get("trick_winners", [])
    assert len(deal.tricks) in (0, deal.rules.tricks)
    again = replay(export(deal))
    assert export(again) == export(deal) and again.result().to_dict() == deal.result().to_dict()
