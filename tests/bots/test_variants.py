"""Search levels with settings changed, for measurements: ``doppelkopf arena --candidate medium+...``."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.bots.levels import HARD, MEDIUM
from engine.cli import main


def test_a_variant_changes_only_the_settings_named():
    bot = make_bot("medium+announce=false,inference_noise=0.15", seed=1)
    assert bot.name == "medium+announce=false,inference_noise=0.15"
    assert (bot.level.behaviour.announce, bot.level.behaviour.inference_noise) == (False, 0.15)
    assert bot.level.budget == MEDIUM.budget and bot.level.behaviour.batch == MEDIUM.behaviour.batch
    assert make_bot("hard+fox_guard_trumps=0").level.budget == HARD.budget


@pytest.mark.parametrize("level, says", [
    ("rules+noise=0.1", "only medium and hard"),
    ("medium+colour=red", "not setting=value"),
    ("medium+noise", "not setting=value"),
    ("medium+announce=yes", "true or false"),
    ("medium+max_worlds=many", "invalid literal"),
])
def test_a_wrong_variant_is_refused_clearly(level, says):
    with pytest.raises(ValueError, match=says):
        make_bot(level)


def test_the_arena_command_refuses_a_wrong_variant_before_playing(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["arena", "--candidate", "medium+colour=red", "--reference", "rules", "--deals", "1"])
    assert exit_.value.code == 2
    assert "not setting=value" in capsys.readouterr().err
