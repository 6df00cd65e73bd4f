"""A long casual game: the token carries the recent score-sheet rows, the browser keeps the rest."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from app.sealing import Sealer, load_or_create_key
from engine.round import RECENT_ROWS
from tools.long_game import LongGame

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("table", Path(__file__).with_name("table.py"))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)


def show(page, server, token: str) -> list[dict]:
    """Load the table for ``token`` as after a reload; the score sheet's rows as the page shows them."""
    page.evaluate("token => localStorage.setItem('doppelkopf.token', token)", token)
    table.reload(page)
    page.wait_for_selector("#score-sheet tbody tr[data-number]")
    return page.eval_on_selector_all("#score-sheet tbody tr[data-number]", """rows => rows.map(r => ({
        number: Number(r.dataset.number), scores: r.dataset.scores, totals: r.dataset.totals,
        text: Array.from(r.cells).map(c => c.textContent.trim())}))""")


def test_the_score_sheet_shows_every_row_of_a_long_game(page, server):
    sealer = Sealer(load_or_create_key(server.data_dir))
    long_game = LongGame(seed=3)
    page.goto(server.url)
    for _ in range(19):
        long_game.next_deal()
    early = show(page, server, sealer.seal(long_game.game().to_state()))
    assert [row["number"] for row in early] == list(range(1, 21))        # all there: the browser keeps them
    for _ in range(20):
        long_game.next_deal()
    late = show(page, server, sealer.seal(long_game.game().to_state()))   # the token: rows 17..40 only
    assert [row["number"] for row in late] == list(range(1, 41))
    assert late[:20] == early                    # the first 20 rows from the browser, exactly as shown then
    history = long_game.history + [None]
    for row, kept in zip(late[:-1], history):
        assert row["scores"] == ",".join(map(str, kept["scores"]))
        assert row["totals"] == ",".join(map(str, kept["totals"]))
    assert len(long_game.round.to_dict()["rows"]) == RECENT_ROWS
