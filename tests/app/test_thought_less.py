"""Under load the hard level thinks less, and the player is told (issue 11, item 2): an answer in
which a computer's search went without its helper process carries ``thought_less``, and the page
shows a small note. The hint never thinks less: it searches a fixed budget in the serving process.
The busy helper is forced by replacing the pool's ``submit``."""

from __future__ import annotations

from concurrent.futures import Future

import pytest

from engine.bots.helpers import HELPERS, ThoughtLess

BUSY_DE = "Der Server ist ausgelastet – die Computer denken kürzer."
BUSY_EN = "The server is busy – the computer players think for a shorter time."


class Helpers:
    """Stands in for ``HELPERS.submit``: every helper busy (None), or one that answers at once."""

    def __init__(self, busy: bool):
        self.busy = busy
        self.asked = 0

    def submit(self, workers, fn, *args):
        self.asked += 1
        if self.busy:
            return None
        done = Future()
        done.set_result(({}, 0))          # no worlds: the calling process's search decides alone
        return done


@pytest.fixture(params=[True, False], ids=["busy", "free"])
def helpers(request, monkeypatch):
    stand_in = Helpers(busy=request.param)
    monkeypatch.setattr(HELPERS, "submit", stand_in.submit)
    return stand_in


def test_the_answer_says_when_a_computer_thought_less(api_game, helpers):
    game = api_game(level="hard")
    searched = 0
    for _ in range(5):                # the reservations, then tricks: the computers search for most cards
        asked = helpers.asked
        if not game.step():
            break
        searched += helpers.asked > asked
        assert game.view["thought_less"] is (helpers.busy and helpers.asked > asked)
    assert searched >= 3


def test_the_hint_never_thinks_less(api_game, client, helpers):
    """The hint searches its fixed budget in the serving process (so that it says the same for the same
    position): it asks no helper and never says it thought less, busy server or not."""
    game = api_game(level="rules")
    hinted = 0
    for _ in range(12):
        if game.view["waiting_for"] == "play":
            asked = helpers.asked
            response = client.get("/api/game/hint", headers={"X-Game-Token": game.token})
            assert response.status_code == 200, response.text
            assert helpers.asked == asked and response.json()["thought_less"] is False
            hinted += 1
        if not game.step():
            break
    assert hinted >= 2


@pytest.mark.parametrize("language, note", [("de", BUSY_DE), ("en", BUSY_EN)])
def test_the_page_shows_a_small_note(api_game, client, helpers, language, note):
    game = api_game(level="hard", language=language)
    game.play_until(lambda view: view["waiting_for"] == "play")
    headers = {"X-Game-Token": game.token, "HX-Request": "true"}
    hint = client.get("/hint", headers=headers)
    assert hint.status_code == 200 and 'data-hint="hard"' in hint.text
    assert note not in hint.text and "data-thought-less" not in hint.text     # the hint thinks its full budget
    card = next(c["code"] for c in game.view["hand"] if c["playable"])
    asked = helpers.asked
    table = client.post("/act", data={"seq": game.view["seq"], "game_id": game.view["game_id"], "play": card},
                        headers=headers)
    assert table.status_code == 200, table.text
    assert (note in table.text) is (helpers.busy and helpers.asked > asked)
    assert client.get("/", headers=headers).text.count(note) == 0     # a reload: nothing thought now


def test_counting_stays_with_its_thread():
    import threading

    with ThoughtLess() as here:
        other = threading.Thread(target=ThoughtLess.note)
        other.start()
        other.join()
    ThoughtLess.note()          # outside any count: nothing to tell
    assert here.count == 0
