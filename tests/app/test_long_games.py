"""A casual game never ends: its token must stay small and its requests quick for any number of deals.

The deals are built directly (random cards played out by the engine, see ``tools/long_game.py``);
the requests go through the whole app with the token such a game hands out.
"""

from __future__ import annotations

import pytest

from app.sealing import MAX_TOKEN_LENGTH
from app.service import Game
from app.views import table_view
from engine.round import RECENT_ROWS
from tools.long_game import LongGame

DEALS = 5000


@pytest.fixture(scope="module")
def long_game() -> LongGame:
    game = LongGame(seed=7)
    for _ in range(DEALS - 1):
        if len(game.history) + 1 == EARLY:
            game.early_state = game.game().to_state()
        game.next_deal()
    return game


EARLY = 100


def test_5000_deals_keep_the_token_and_what_a_request_replays_small(long_game, client, app):
    """What a request reads and replays is the token's state: at deal 5000 it is no larger than at deal
    100 (it grew with every row before, and a request at deal 1000 took ten times as long). The request
    times themselves are the benchmark's: ``python -m tools.long_game`` (docs/performance.md)."""
    game = long_game.game()
    late, early = game.to_state(), long_game.early_state
    assert len(late["round"]["rows"]) == len(early["round"]["rows"]) == RECENT_ROWS
    token, early_token = app.state.sealer.seal(late), app.state.sealer.seal(early)
    assert len(token) < 2_000 and len(token) <= len(early_token) + 100   # the whole sheet was about 80,000
    response = client.post("/api/game/next-deal", json={"seq": game.seq}, headers={"X-Game-Token": token})
    assert response.status_code == 200, response.text
    assert len(response.json()["token"]) < 2_000


def test_the_score_sheet_keeps_the_recent_rows_numbers_and_totals(long_game):
    game = long_game.game()
    view = table_view(Game.from_state(game.to_state()))
    history = long_game.history + [None]         # the current deal is over: the view enters it as row 5000
    assert view.deal_number == DEALS
    assert len(view.score_sheet) == RECENT_ROWS
    assert [row.number for row in view.score_sheet] == list(range(DEALS - RECENT_ROWS + 1, DEALS + 1))
    assert [row.scores for row in view.score_sheet[:-1]] == [row["scores"] for row in history[-RECENT_ROWS:-1]]
    all_scores = [row["scores"] for row in long_game.history] + [view.result.scores]
    assert view.totals == [sum(scores[seat] for scores in all_scores) for seat in range(4)]
    assert view.score_sheet[-1].totals == view.totals


def test_an_older_token_with_every_row_still_loads(long_game, client, app):
    """Older versions sealed every row; the longest tokens they handed out were just over 64,000."""
    game = long_game.game()
    state = game.to_state()
    state["round"]["rows"] = long_game.history          # the old shape: the whole score sheet
    token = app.state.sealer.seal(state)
    assert 64_000 < len(token) <= MAX_TOKEN_LENGTH
    response = client.post("/api/game/next-deal", json={"seq": game.seq}, headers={"X-Game-Token": token})
    assert response.status_code == 200, response.text
    body = response.json()
    assert len(body["token"]) < 2_000
    assert body["view"]["deal_number"] == DEALS + 1
    assert body["view"]["score_sheet"][-1]["number"] == DEALS
    all_scores = [row["scores"] for row in long_game.history] + [long_game.deal.result().scores]
    assert body["view"]["totals"] == [sum(scores[seat] for scores in all_scores) for seat in range(4)]


@pytest.mark.parametrize("numbers", [[3, 5], [0, 1], ["1", "2"], [True, 2]])
def test_rows_that_do_not_count_the_deals_make_the_token_unusable(numbers, client, app):
    """The last row's number says how many deals were played; rows out of order cannot say it."""
    long_game = LongGame(seed=1)
    long_game.next_deal()
    long_game.next_deal()
    state = long_game.game().to_state()
    for row, number in zip(state["round"]["rows"], numbers):
        row["number"] = number
    response = client.get("/api/game", headers={"X-Game-Token": app.state.sealer.seal(state)})
    assert response.status_code == 400
    assert response.json()["error"] == "token-outdated"
