"""Calls by their expected value: the search's gain alone ("raw"), and Re, Kontra (and at `hard` keine 90 and
keine 60) with the search's forecast calibrated against the table (engine/bots/call_value.py, and the fit of
that calibration)."""

import dataclasses
import random

import pytest

from engine.bots.call_value import CALIBRATED, expected_gain, features, shipped, shipped_weights, table_chance
from engine.bots.levels import HARD, MEDIUM, Behaviour
from engine.observation import Observation
from engine.bots.search import CALL_MIN_WORLDS, _call_reason, _call_to_make, _worth_searching


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_shipped_calibration_rises_with_the_share_of_worlds_met(level):
    assert {"re", "kontra"} <= set(shipped_weights(level)) <= set(CALIBRATED)
    assert shipped()[level]["command"].count("review_bots.py") >= 1     # how it was made
    for call in shipped_weights(level):
        for other_called in (False, True):
            chances = [table_chance(call, share / 10, other_called, level=level) for share in range(11)]
            assert chances == sorted(chances) and 0 < chances[0] < chances[-1] < 1


def test_a_calibration_that_is_not_shipped_is_refused():
    with pytest.raises(ValueError, match="no call calibration"):
        Behaviour(call_value="calibrated", calibration="expert")
    with pytest.raises(ValueError, match="absage_value needs"):    # medium's map has no Absagen
        Behaviour(call_value="calibrated", calibration="medium", absage_value=True)
    with pytest.raises(ValueError, match="absage_value needs"):
        Behaviour(absage_value=True)


def test_the_expected_gain_weighs_the_met_and_missed_worlds_by_the_tables_chance(monkeypatch):
    import engine.bots.call_value as call_value
    monkeypatch.setattr(call_value, "shipped_weights", lambda level: {"re": [0.0, 1.0, 0.0]})   # the share at its word
    worlds = 40.0
    figures = [30 * 2 - 10 * 2, 30.0, 0.0, 60.0]     # met in 30 worlds with +2 each, missed in 10 with -2 each
    assert abs(table_chance("re", 0.75, False) - 0.75) < 1e-9
    assert abs(expected_gain("re", figures, worlds, False) - (0.75 * 2 - 0.25 * 2)) < 1e-9
    # met everywhere: a miss is taken to cost what a success brings (and the share is read as 98%)
    assert abs(expected_gain("re", [80.0, 40.0, 0.0, 80.0], worlds, False) - (0.98 * 2 - 0.02 * 2)) < 1e-9


def test_a_missed_absage_is_taken_to_turn_the_game(monkeypatch):
    """An Absage met in every world: a miss costs what the side would win with it and what it had won (+3 and +2
    here), not merely the one point a success brings."""
    import engine.bots.call_value as call_value
    monkeypatch.setattr(call_value, "shipped_weights", lambda level: {"no90": [0.0, 1.0, 0.0]})
    worlds = 40.0
    figures = [3.0 * worlds, worlds, 2.0 * worlds, worlds]
    assert abs(expected_gain("no90", figures, worlds, False) - (0.98 * 1 - 0.02 * 5)) < 1e-9


def test_calibrated_calls_decide_re_and_kontra_by_their_gain_at_the_table():
    worlds = float(CALL_MIN_WORLDS)
    calibrated = dataclasses.replace(MEDIUM.behaviour, call_value="calibrated")
    sure = [2.0 * worlds, worlds, 0.0, 2.0 * worlds]              # met in every world, +2 each
    hopeless = [-2.0 * worlds, 0.0, 0.0, 0.0]                       # met in none
    assert _call_to_make([0.0, worlds, {"kontra": sure}, 0.0], calibrated) == "kontra"
    assert _call_to_make([0.0, worlds, {"kontra": hopeless}, 0.0], calibrated) is None
    # an Absage keeps the search's bar: keine 90 in 90% of the worlds is not said
    absage = [1.0 * worlds, 0.9 * worlds, 0.0, 1.0 * worlds]
    assert _call_to_make([0.0, worlds, {"no90": absage}, 0.0], calibrated) is None


def test_absagen_by_their_gain_at_the_table_ask_for_their_own_margin():
    worlds = float(CALL_MIN_WORLDS)
    by_bars = dataclasses.replace(HARD.behaviour, absage_value=False)
    by_value = HARD.behaviour
    sure = [3.0 * worlds, worlds, 2.0 * worlds, worlds]                          # met everywhere, +1 each
    likely = [3.0 * worlds - 0.3 * worlds * 8, 0.7 * worlds, 2.0 * worlds, 0.7 * worlds]   # missed 3 in 10, -7 each
    assert _call_to_make([0.0, worlds, {"no90": sure}, 0.0], by_value) == "no90"
    assert _call_to_make([0.0, worlds, {"no90": likely}, 0.0], by_value) is None
    assert _call_to_make([0.0, worlds, {"no90": sure}, 0.0], by_bars) is None      # one point is under hard's margin
    assert _call_to_make([0.0, worlds, {"no90": sure}, 0.0], dataclasses.replace(by_value, absage_margin=1.0)) is None
    assert _call_to_make([0.0, worlds, {"no30": sure}, 0.0], by_value) is None     # no map: the bar and the margin
    assert _call_reason("no90", [0.0, worlds, {"no90": sure}, 0.0], by_value, False).key == "expected-call-table"


def test_absagen_judged_at_the_table_are_judged_before_the_first_trick():
    from engine.bots.public import View
    view = View.of(Observation.from_dict(STRONG_RE, 0), True)
    assert not view.public.tricks
    assert _worth_searching(view, "no90", HARD.behaviour)
    assert not _worth_searching(view, "no90", dataclasses.replace(HARD.behaviour, absage_value=False))
    assert not _worth_searching(view, "no30", HARD.behaviour)


def test_a_call_by_its_gain_at_the_table_gives_the_tables_chance_as_its_reason():
    worlds = float(CALL_MIN_WORLDS)
    entry = [0.0, worlds, {"kontra": [2.0 * worlds, 0.9 * worlds, 0.0, 2.2 * worlds], "no90": [worlds, worlds, 0.0, worlds]}, 0.0]
    calibrated = dataclasses.replace(MEDIUM.behaviour, call_value="calibrated")
    why = _call_reason("kontra", entry, calibrated, other_called=True).values
    assert why["met"] == 90 and why["chance"] == round(100 * table_chance("kontra", 0.9, True))
    assert why["chance"] < 90                                      # a Kontra after a Re is met less than its worlds say
    assert why["gain"] == expected_gain("kontra", entry[2]["kontra"], worlds, True)
    assert _call_reason("no90", entry, calibrated, other_called=True).key == "expected-call"   # by the bar
    assert _call_reason("kontra", entry, MEDIUM.behaviour, other_called=True).key == "expected-call"


def test_the_fit_recovers_a_known_calibration():
    from tools.fit_call_calibration import binary_fit
    rng = random.Random(3)
    truth = [-0.5, 0.8, -1.0]
    rows = []
    for _ in range(4000):
        share, other_called = rng.uniform(0.05, 0.95), rng.random() < 0.3
        score = sum(w * x for w, x in zip(truth, features(share, other_called)))
        rows.append({"share": share, "other_called": other_called, "met": rng.random() < 1 / (1 + 2.718281828 ** -score)})
    fitted = binary_fit(rows)
    assert all(abs(a - b) < 0.2 for a, b in zip(fitted, truth)), fitted


def test_calls_by_value_ignore_the_met_share_and_ask_for_the_margin():
    worlds = float(CALL_MIN_WORLDS)
    # Kontra met in 70% of the worlds, 1.2 points a game more with it than without
    entry = [0.0, worlds, {"kontra": [2.2 * worlds, 0.7 * worlds, 1.0 * worlds]}, 0.0]
    assert _call_to_make(entry, MEDIUM.behaviour) is None                       # CALL_SURE wants 93%
    assert _call_to_make(entry, dataclasses.replace(MEDIUM.behaviour, call_value="raw")) == "kontra"
    assert _call_to_make(entry, dataclasses.replace(MEDIUM.behaviour, call_value="raw", call_margin=1.5)) is None


# Seat 0 holds both Dullen, a Kreuz-Dame and 10 trumps: the hand count says Re before its first card.
STRONG_RE = {"format": "doppelkopf-deal/1", "rules": {"preset": "tsr"}, "dealer": 3,
             "hands": [["H10", "H10", "CQ", "SQ", "SQ", "HQ", "DQ", "CJ", "DA", "D10", "SA", "HA"], None, None, None],
             "actions": [{"seat": seat, "reservation": False} for seat in range(4)]}


def test_calls_by_value_leave_out_the_hand_count():
    from engine.actions import Call
    from tests.bots.positions import actions_over_seeds

    def calls(level: str) -> int:
        return sum(isinstance(action, Call) for action in actions_over_seeds(level, STRONG_RE, 0, 3))
    assert calls("medium") == 3
    assert calls("medium+call_value=raw,call_margin=99") == 0   # no gain is that large: only the count could call
    assert calls("medium+call_value=raw") == 3                  # the search finds the Re worth saying


def test_a_fit_writes_its_levels_map_and_keeps_the_others(tmp_path):
    import json
    from tools.fit_call_calibration import main
    rng = random.Random(5)
    dump = tmp_path / "judged.jsonl"
    rows = [{"call": call, "share": share, "other_called": rng.random() < 0.3, "met": rng.random() < share}
            for call in CALIBRATED for share in (rng.uniform(0.05, 0.95) for _ in range(300))]
    dump.write_text("".join(json.dumps(row) + "\n" for row in rows))
    out = tmp_path / "calibration.json"
    out.write_text(json.dumps({"levels": {"medium": shipped()["medium"]}}))
    main([str(dump), "--level", "expert", "--out", str(out), "--command", "made by a test"])
    levels = json.loads(out.read_text())["levels"]
    assert levels["medium"] == shipped()["medium"] and levels["expert"]["command"] == "made by a test"
    assert set(levels["expert"]["weights"]) == set(CALIBRATED)


def test_judging_a_call_leaves_the_card_plays_random_numbers_alone():
    """The calls' rollouts draw from their own stream: a level that judges a call more plays its cards as
    before (so the arena compares only deals where something different was said)."""
    from engine.bots.search import search_stats
    settings = MEDIUM.replace(call_value="calibrated", seconds=60.0, max_worlds=12, min_worlds=12)
    silent, _ = search_stats(STRONG_RE, 0, settings, 7)
    judging, _ = search_stats(STRONG_RE, 0, settings, 7, ("re", "no90"))
    assert set(silent) == set(judging)
    for card, entry in silent.items():
        assert entry[:2] + entry[3:] == judging[card][:2] + judging[card][3:]
        assert set(judging[card][2]) == {"re", "no90"} and not entry[2]
