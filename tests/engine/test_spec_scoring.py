"""Rules spec §13.6 (winner determination) and §15 (the 49 worked examples), through
``engine.scoring.game_result`` from the totals of each vector."""

from __future__ import annotations

import pytest

from engine.calls import PartyCalls
from engine.scoring import Line, game_result

from .spec_examples import EXAMPLES, party_calls, special_lines, value_lines

# A party's announcements: "-" none, "ansage" Re/Kontra only, else its highest Absage.
LEVELS = {"ansage": 0, "k90": 1, "k60": 2, "k30": 3, "schwarz": 4}

# id: Re's announcements, Kontra's, Re eyes (tricks), Kontra eyes (tricks), winner
WINNERS = {
    "W01": ("-", "-", 121, 6, 119, 6, "re"),
    "W02": ("-", "-", 120, 6, 120, 6, "kontra"),
    "W03": ("-", "ansage", 120, 6, 120, 6, "re"),
    "W04": ("-", "ansage", 119, 6, 121, 6, "kontra"),
    "W05": ("ansage", "ansage", 120, 6, 120, 6, "kontra"),
    "W06": ("k90", "-", 150, 8, 90, 4, "kontra"),
    "W07": ("k90", "-", 151, 8, 89, 4, "re"),
    "W08": ("-", "k90", 90, 4, 150, 8, "re"),
    "W09": ("-", "k90", 89, 4, 151, 8, "kontra"),
    "W10": ("k60", "-", 181, 9, 59, 3, "re"),
    "W11": ("k60", "-", 180, 9, 60, 3, "kontra"),
    "W12": ("ansage", "k60", 60, 3, 180, 9, "re"),
    "W13": ("k30", "-", 211, 11, 29, 1, "re"),
    "W14": ("-", "k30", 30, 2, 210, 10, "re"),
    "W15": ("-", "k30", 29, 2, 211, 10, "kontra"),
    "W16": ("schwarz", "-", 240, 11, 0, 1, "kontra"),
    "W17": ("schwarz", "-", 240, 12, 0, 0, "re"),
    "W18": ("-", "schwarz", 0, 1, 240, 11, "re"),
    "W19": ("k90", "k90", 150, 8, 90, 4, None),
    "W20": ("k90", "k90", 151, 8, 89, 4, "re"),
    "W21": ("k90", "k90", 89, 4, 151, 8, "kontra"),
}


def announced(text: str) -> PartyCalls:
    if text == "-":
        return PartyCalls()
    return PartyCalls(announced=True, timely=True, level=LEVELS[text])


@pytest.mark.parametrize("re_calls, ko_calls, re_eyes, re_tricks, ko_eyes, ko_tricks, winner",
                         WINNERS.values(), ids=WINNERS.keys())
def test_winner(re_calls, ko_calls, re_eyes, re_tricks, ko_eyes, ko_tricks, winner):
    assert (re_eyes + ko_eyes, re_tricks + ko_tricks) == (240, 12)  # the table itself
    result = game_result("normal", frozenset({1, 3}), re_eyes, re_tricks, announced(re_calls), announced(ko_calls))
    assert result.winner == winner


def test_examples_table_adds_up():
    """The transcription of §15 is consistent: items and special points give the four scores."""
    for example_id, ex in EXAMPLES.items():
        net = sum(p if party == "re" else -p for _, party, p in value_lines(ex))
        net += sum(1 if party == "re" else -1 for _, party, _, _ in special_lines(ex))
        factor = 1 if ex.contract in ("normal", "wedding") else 3
        assert ex.scores == tuple(factor * net if s in ex.re else -net for s in range(4)), example_id


@pytest.mark.parametrize("example_id", EXAMPLES)
def test_worked_example(example_id):
    ex = EXAMPLES[example_id]
    re_calls, kontra_calls = party_calls(ex)
    given = [Line(item, party, points, trick) for item, party, points, trick in special_lines(ex)
             if item != "against-the-queens"]  # game_result adds that one itself
    result = game_result(ex.contract, frozenset(ex.re), ex.re_eyes, ex.re_tricks, re_calls, kontra_calls, given)
    assert result.winner == ex.winner
    assert sorted((line.item, line.party, line.points) for line in result.value) == value_lines(ex)
    assert sorted(((line.item, line.party, line.points, line.trick) for line in result.special), key=str) \
        == special_lines(ex)
    assert result.scores == list(ex.scores)
    assert result.eyes == {"re": ex.re_eyes, "kontra": 240 - ex.re_eyes}
    assert result.tricks == {"re": ex.re_tricks, "kontra": 12 - ex.re_tricks}
