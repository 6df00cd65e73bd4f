"""Rule sets (validation, presets), the command line with --rules, the round under house rules
(Bock levels, thrown-in deals, the dealer after a Lustsolo), and mutated house-rule records."""

from __future__ import annotations

import copy
import json
import random
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Deal, RecordError, Round, replay, score_record
from engine.cards import card_from_code
from engine.errors import DoppelkopfError, RulesError
from engine.round import MAX_COMING_BOCK_DEALS, next_bock_levels
from engine.rules import OPTIONS, PRESETS, Rules

from .house_records_builder import RECORDS
from .test_spec_records import CLI, ROOT

HOUSE = sorted(p.stem for p in RECORDS.glob("HX-*.json"))


def load(name: str) -> dict:
    return json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))


# ----- rule sets -------------------------------------------------------------------------------

@pytest.mark.parametrize("data, message", [
    ({"preset": "kneipe", "schweinchen": True}, "unknown rule option 'schweinchen'"),
    ({"preset": "Kneipe"}, "unknown rule preset 'Kneipe'"),
    ({"preset": 3}, "unknown rule preset 3"),
    ({"nines": "false"}, "'nines' must be true or false"),
    ({"nines": 0}, "'nines' must be true or false"),
    ({"dulle_tie": "Second"}, "'dulle_tie' must be one of first, second, second_except_last"),
    ({"bock_stack_max": 9}, "'bock_stack_max' must be an integer 0..8"),
    ({"bock_stack_max": True}, "'bock_stack_max' must be an integer 0..8"),
    ([], "rules must be an object"),
])
def test_bad_rule_sets_are_clear_errors(data, message):
    with pytest.raises(RulesError, match=message):
        Rules.from_dict(data)


def test_presets_are_the_spec_table():
    assert Rules.from_dict(None) == Rules.from_dict({}) == Rules.from_dict({"preset": "tsr"}) == Rules()
    kneipe = Rules.from_dict({"preset": "kneipe"})
    assert Rules.from_dict({"preset": "tsr", **PRESETS["kneipe"]}) == kneipe
    assert (kneipe.dulle_tie, kneipe.schweine_shown, kneipe.hochzeit_partner, kneipe.re_kontra_value) == (
        "second_except_last", "when_played", "choice", "double")
    ohne = Rules.from_dict({"preset": "ohne_neunen"})
    assert (ohne.nines, ohne.tricks, ohne.schmeissen_kings, ohne.schmeissen_nines, ohne.bock_herzstich) == (
        False, 10, True, False, True)
    sonder = Rules.from_dict({"preset": "sonderregeln"})
    assert (sonder.dulle_tie, sonder.superschweine, sonder.schweine_shown, sonder.re_kontra_value) == (
        "second", True, "at_start", "add_two")
    einsteiger = Rules.from_dict({"preset": "einsteiger"})
    assert (einsteiger.solos, einsteiger.announcements) == (False, "re_kontra_only")
    assert all(set(overrides) <= set(OPTIONS) for overrides in PRESETS.values())


def test_a_tsr_record_keeps_its_rules_object():
    assert Rules().to_dict() == {"preset": "tsr"}
    assert Rules.from_dict({"preset": "kneipe", "bock": False}).to_dict() == {"preset": "kneipe", "bock": False}


# ----- the command line ------------------------------------------------------------------------

def run(*args, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(CLI), *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_deal_with_rules():
    record = json.loads(run("deal", "--rules", "ohne_neunen", "--seed", "7").stdout)
    assert record["rules"] == {"preset": "ohne_neunen"} and record["bock"] == 1
    assert [len(h) for h in record["hands"]] == [10] * 4 and not any("9" in c for h in record["hands"] for c in h)
    custom = json.loads(run("deal", "--rules", '{"preset": "tsr", "schweine": true}', "--seed", "7").stdout)
    assert custom["rules"] == {"preset": "tsr", "schweine": True} and "bock" not in custom
    assert replay(custom).rules.schweine


@pytest.mark.parametrize("value", ["kneipen", '{"preset": "tsr", "nines": "no"}', "{not json"])
def test_bad_rules_on_the_command_line(value):
    for args in (("deal", "--seed", "1"), ("score",)):
        done = run(*args, "--rules", value, stdin="{}")
        assert done.returncode == 2
        error = json.loads(done.stdout)
        assert error["error"].startswith("--rules:") and error["index"] is None and error["seat"] is None


def test_score_with_rules_for_records_without():
    record = load("HX-N4")   # tsr without nines
    bare = {k: v for k, v in record.items() if k != "rules"}
    assert run("score", stdin=json.dumps(bare)).returncode == 2      # 10-card hands under the TSR
    done = run("score", "--rules", '{"nines": false}', stdin=json.dumps(bare))
    assert done.returncode == 0 and json.loads(done.stdout) == score_record(record)


def test_score_reports_a_vorfuehrung_without_solos_and_scores_the_later_records():
    """Issue 21, item 7: a record under ``solos: false`` whose first action is a declare (as in a
    Vorführung), or with a top-level ``forced``, stopped the batch with a traceback."""
    dealt = json.loads(run("deal", "--rules", "einsteiger", "--seed", "1").stdout)
    looks_forced = {**dealt, "actions": [{"seat": 1, "declare": "wedding"}]}
    forced = {**dealt, "forced": 2}
    good = load("HX-B1")
    done = run("score", stdin="\n".join(json.dumps(record) for record in (looks_forced, forced, good)))
    assert done.returncode == 2 and done.stderr == ""
    first, second, third = (json.loads(line) for line in done.stdout.splitlines())
    assert (first["index"], first["seat"]) == (0, 1) and "no reservation is to be named" in first["error"]
    assert (second["index"], second["seat"]) == (None, None) and "without solos" in second["error"]
    assert third == score_record(good)


# ----- the round -------------------------------------------------------------------------------

def play_record_in_round(rnd: Round, record: dict):
    deal = rnd.start_deal([[card_from_code(c) for c in h] for h in record["hands"]])
    for action in replay(record).actions:
        deal.apply(action)
    return deal, rnd.finish_deal(deal)


def test_bock_round_from_a_trigger():
    rnd = Round(rules=Rules.from_dict({"preset": "kneipe"}))
    b3 = load("HX-B3")     # 120:120, dealer 0
    deal, row = play_record_in_round(rnd, b3)
    assert row.bock == 1 and rnd.bock_levels == [1, 1, 1, 1] and rnd.bock == 2
    assert rnd.start_deal(deal.dealt).bock == 2


def test_a_bock_round_beyond_the_coming_deals_kept_lapses():
    """Chained rounds (cap 1) queue 4 deals per trigger; beyond MAX_COMING_BOCK_DEALS they lapse."""
    full = [1] * MAX_COMING_BOCK_DEALS
    assert next_bock_levels(full, True, 1) == full                   # one used up, one more fits
    assert next_bock_levels(full[:62], True, 1) == full              # 61 left, 3 of the 4 fit
    assert next_bock_levels(full[:4], True, 0) == [2, 2, 2, 1]       # uncapped rounds overlap as before


def test_thrown_deal_enters_nothing_and_keeps_the_dealer():
    t1 = load("HX-T1")     # Schmeißen, dealer 1
    rnd = Round(rules=Rules.from_dict({"preset": "kneipe"}), dealer=1, bock_levels=[1])
    deal, row = play_record_in_round(rnd, t1)
    assert row is None and rnd.rows == [] and rnd.dealer == 1 and rnd.bock_levels == [1]
    assert deal.result().to_dict()["thrown"] == {"seat": 3, "reason": "nines"}


@pytest.mark.parametrize("name, keeps", [("HX-X1", True), ("HX-T3", True), ("HX-A1", False), ("HX-R3", True)])
def test_dealer_after_a_lustsolo_with_solo_lead(name, keeps):
    record = load(name)
    rnd = Round(rules=replay(record).rules, dealer=record["dealer"])
    play_record_in_round(rnd, record)
    assert rnd.dealer == (record["dealer"] if keeps else (record["dealer"] + 1) % 4)


def test_no_tournament_without_solos():
    with pytest.raises(DoppelkopfError, match="needs solos"):
        Round(mode="tournament", rules=Rules.from_dict({"preset": "einsteiger"}))


def test_round_round_trips_with_bock_levels():
    rnd = Round(rules=Rules.from_dict({"preset": "kneipe"}), bock_levels=[2, 1])
    assert Round.from_dict(json.loads(json.dumps(rnd.to_dict()))) == rnd
    old = {k: v for k, v in Round().to_dict().items() if k != "bock_levels"}
    assert Round.from_dict(old) == Round()


# ----- bad records ----------------------------------------------------------------------------

def test_bock_key_is_checked():
    assert not replay(load("HX-X1")).rules.bock
    with pytest.raises(RecordError, match="only allowed"):
        replay({**load("HX-X1"), "bock": 2})
    for bad in (3, 0, "2", None, 2.0):
        with pytest.raises(RecordError, match="power of two"):
            replay({**load("HX-B1"), "bock": bad})
    with pytest.raises(RecordError, match="at most 2"):
        replay({**load("HX-B1"), "rules": {"preset": "kneipe", "bock_stack_max": 1}, "bock": 4})


def declare_with(name: str, **keys) -> tuple[dict, int]:
    """Record ``name`` with extra keys on its declare, and the declare's index."""
    record = copy.deepcopy(load(name) if name.startswith("HX-") else json.loads((RECORDS.parent / f"{name}.json").read_text()))
    index = next(i for i, action in enumerate(record["actions"]) if "declare" in action)
    record["actions"][index].update(keys)
    return record, index


@pytest.mark.parametrize("name", ["H02", "HX-H4", "HX-H1", "HX-A1", "HX-T1"])
def test_a_partner_null_is_refused(name):
    """Issue 21, item 13: a declare carries ``partner`` only as a Hochzeit's chosen rule (under
    ``choice``); ``"partner": null`` was taken as no key where the rules fix the partner rule."""
    record, index = declare_with(name, partner=None)
    with pytest.raises(RecordError, match="partner") as error:
        replay(record)
    assert (error.value.index, error.value.seat) == (index, record["actions"][index]["seat"])


@pytest.mark.parametrize("trumps", [1, 0, None])
def test_a_trumps_key_on_an_armut_return_is_refused_in_a_record(trumps):
    """``trumps`` is an observation's public count of the trumps returned; a record lists the cards."""
    record = load("HX-A1")
    index = next(i for i, action in enumerate(record["actions"]) if "return" in action)
    record["actions"][index]["trumps"] = trumps
    with pytest.raises(RecordError, match="trumps") as error:
        replay(record)
    assert (error.value.index, error.value.seat) == (index, record["actions"][index]["seat"])


@pytest.mark.parametrize("name, rules", [("HX-T1", {"preset": "kneipe"}), ("HX-A2", {"preset": "kneipe"}),
                                         ("HX-T1", {"preset": "sonderregeln", "schmeissen_nines": True, "bock": True})])
def test_a_thrown_deal_has_the_keys_of_its_rules(name, rules):
    """A thrown deal's result carries the keys its rules make relevant, as a played deal's does:
    ``schweine`` (and ``superschweine``) null, the record's ``bock`` (nothing multiplied) and no
    ``bock_triggers``; besides them only ``thrown`` (docs/deal-record.md)."""
    thrown = score_record({**load(name), "rules": rules, "bock": 2})
    deal = Deal.shuffled(random.Random(1), 0, Rules.from_dict(rules), bock=2)
    while deal.phase == "reservations":
        deal.reserve(deal.turn, False)
    deal.playout(random.Random(1))
    played = deal.result().to_dict()
    assert set(thrown) - {"thrown"} == set(played) - {"poverty"}
    assert thrown["scores"] == [0, 0, 0, 0] and thrown["bock"] == 2 and thrown["bock_triggers"] == []
    assert thrown["schweine"] is None and thrown.get("superschweine", None) is None


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.text(max_size=4),
                 st.lists(st.sampled_from(["DA", "CQ", "H10", None, 7]), max_size=5))


@st.composite
def mutated_house_records(draw):
    record = copy.deepcopy(load(draw(st.sampled_from(HOUSE))))
    actions = record["actions"]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["drop", "swap", "alter", "rules", "bock"]))
        i, j = draw(st.integers(0, len(actions) - 1)), draw(st.integers(0, len(actions) - 1))
        if kind == "drop":
            del actions[i]
        elif kind == "swap":
            actions[i], actions[j] = actions[j], actions[i]
        elif kind == "alter":
            key = draw(st.sampled_from(sorted(actions[i])))
            actions[i][key] = draw(JUNK)
        elif kind == "rules":
            record["rules"] = {**record["rules"], draw(st.sampled_from(sorted(OPTIONS) + ["x"])): draw(JUNK)}
        else:
            record["bock"] = draw(JUNK)
        if not actions:
            break
    return record


@settings(max_examples=400, deadline=None)
@given(mutated_house_records())
def test_mutated_house_records_give_only_record_errors(record):
    try:
        score_record(record)
    except RecordError as error:
        assert str(error)
        assert error.index is None or 0 <= error.index < len(record["actions"])
        assert error.seat is None or error.seat in range(4)
