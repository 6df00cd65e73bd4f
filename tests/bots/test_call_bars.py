"""The bars for the first Re or Kontra: the rule player's, and the search levels' eager ones."""

from engine.bots.hand_eval import strong_for


def test_the_rule_players_bars_are_unchanged():
    assert strong_for("re", 8, 3, 0) and strong_for("re", 7, 4, 0) and strong_for("re", 7, 3, 2)
    assert not strong_for("re", 7, 3, 1) and not strong_for("re", 9, 2, 0)
    assert strong_for("kontra", 7, 4, 0) and not strong_for("kontra", 8, 3, 1)


def test_eager_says_re_with_hands_that_win_two_games_in_three():
    for trumps, high in ((7, 3), (8, 2), (6, 5), (9, 0)):
        assert strong_for("re", trumps, high, 0, eager=True) and not strong_for("re", trumps, high, 0)
    assert not strong_for("re", 6, 4, 3, eager=True) and not strong_for("re", 7, 2, 3, eager=True)


def test_eager_says_kontra_only_with_eight_trumps():
    assert not strong_for("kontra", 7, 4, 0, eager=True) and strong_for("kontra", 7, 4, 0)
    assert strong_for("kontra", 8, 4, 0, eager=True) and not strong_for("kontra", 8, 3, 1, eager=True)
