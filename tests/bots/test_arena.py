"""A short arena run: the report has every figure the issue asks for."""

from __future__ import annotations

import io
import json

import pytest

from engine.bots import arena
from engine.cli import main


def test_short_arena_report(tmp_path):
    stderr = io.StringIO()
    report = arena.run("rules", "random", deals=3, seed=5, jobs=1, progress=stderr)
    assert "3/3 deals" in stderr.getvalue()
    points = report["points_per_game"]
    assert points["n"] == 3 and points["low"] <= points["mean"] <= points["high"]
    assert report["setup"]["games"] == 12
    assert {"candidate", "reference", "deals_with_a_solo"} <= set(report["solo_rate"])
    assert sum(v["games"] for k, v in report["splits"].items() if k.startswith("party/")) == 12
    timing = report["time_per_decision"]["candidate"]
    assert timing["decisions"] > 0 and timing["p50_ms"] <= timing["p95_ms"] <= timing["max_ms"]
    arena.write(report, str(tmp_path / "r"))
    assert json.loads((tmp_path / "r.json").read_text())["setup"]["deals"] == 3
    assert "points per game" in (tmp_path / "r.md").read_text()


def test_same_cards_in_every_rotation():
    hands, dealer = arena.deal_hands_for(9, 2)
    assert dealer == 2 and arena.deal_hands_for(9, 2) == (hands, dealer)


def test_arena_command_line(tmp_path, capsys):
    prefix = str(tmp_path / "cli")
    assert main(["arena", "--candidate", "easy", "--reference", "rules", "--deals", "2",
                 "--seed", "3", "--jobs", "2", "--out", prefix]) == 0
    assert "# Arena: easy vs rules" in capsys.readouterr().out
    assert json.loads(open(prefix + ".json").read())["setup"]["jobs"] == 2


def test_arena_under_house_rules(capsys):
    """Without nines every game has 10 tricks and 40 cards; Armut and Schmeißen are counted."""
    report = arena.run("rules", "easy", deals=4, seed=2, jobs=1, progress=None,
                       rules=arena.Rules.preset_named("ohne_neunen"))
    assert report["setup"]["rules"] == {"preset": "ohne_neunen"}
    assert set(report["reservations"]) == {"wedding", "armut", "armut_taken", "armut_thrown", "schmeissen"}
    assert len(arena.deal_hands_for(2, 0, nines=False)[0][0]) == 10
    assert main(["arena", "--candidate", "rules", "--reference", "easy", "--deals", "1", "--rules", "kneipe"]) == 0
    assert '"preset": "kneipe"' in capsys.readouterr().out
    assert main(["arena", "--candidate", "rules", "--reference", "easy", "--rules", "nonsense"]) == 2
    assert "unknown rule preset" in json.loads(capsys.readouterr().out)["error"]


def test_runs_of_two_seeds_pool_like_one_long_run(tmp_path):
    """tools/pool_arena.py: the pooled figure is the interval over every deal of both runs."""
    from tools.pool_arena import pool
    paths = []
    for seed in (1, 2):
        report = arena.run("rules", "random", deals=2, seed=seed, jobs=1, progress=None)
        assert len(report["deal_means"]) == 2
        arena.write(report, str(tmp_path / f"s{seed}"))
        paths.append(str(tmp_path / f"s{seed}.json"))
    means = [m for path in paths for m in json.loads(open(path).read())["deal_means"]]
    pooled = pool(paths)
    assert pooled["points_per_game"] == arena.mean_interval(means)
    assert pooled["sides"]["candidate"]["seat_games"] == 16 and pooled["sides"]["reference"]["seat_games"] == 48
    assert sum(split["games"] for key, split in pooled["splits"].items() if key.startswith("party/")) == 16
    other = arena.run("easy", "random", deals=1, seed=3, jobs=1, progress=None)
    arena.write(other, str(tmp_path / "other"))
    with pytest.raises(SystemExit, match="not one match"):
        pool([paths[0], str(tmp_path / "other.json")])
    with pytest.raises(SystemExit, match="a seed twice"):
        pool([paths[0], paths[0]])
