"""Replayed tokens in Chromium (issue 21.11): the page refuses an older copy of its game's token put back,
and a deal with a take-back is marked in the statistics (counted, and a filter leaves it out)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("table", Path(__file__).with_name("table.py"))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)

PUT_BACK = "token => localStorage.setItem('doppelkopf.token', token)"


def test_an_older_token_put_back_is_refused_and_the_newest_goes_on(page, server):
    table.start_game(page, server.url, level="rules")
    older = table.stored_token(page)
    assert table.take_turn(page)
    newest, state = table.stored_token(page), table.state(page)
    assert newest != older

    page.evaluate(PUT_BACK, older)          # an earlier copy, as a player might keep one to undo
    page.reload()
    notice = page.wait_for_selector('#token-error[data-error="older"]')
    assert "older" in notice.inner_text()
    assert table.stored_token(page) == older        # kept until a new game, as any token it cannot use

    page.evaluate(PUT_BACK, newest)
    table.reload(page)
    assert table.state(page) == state


def test_a_deal_with_a_take_back_is_marked_in_the_statistics(page, server):
    table.start_game(page, server.url, level="rules")
    while page.get_attribute(".table-wrap", "data-waiting-for") != "play":
        assert table.take_turn(page)
    table.take_turn(page)
    table.click_and_wait(page, '[data-action="undo"]')
    for number in (1, 2):
        table.play_on_the_page_game(page, server)
        table.play_deal(page)
        if number == 1:
            table.click_and_wait(page, '[data-action="next-deal"]')
    marks = [[entry["deal"], entry["took_back"]] for entry in table.wait_archived(page, 2)]
    assert sorted(marks) == [[1, True], [2, False]]

    page.goto(server.url.rstrip("/") + "/statistics?lang=en")
    page.wait_for_selector('#statistics[data-state="ready"]')
    assert "1 of them with a take-back" in page.inner_text('[data-stat="count"]')
    page.select_option('select[name="took_back"]', "without")
    page.wait_for_function("() => document.querySelector('[data-stat=count]').textContent.startsWith('1 of 2')")
    assert page.inner_text('.stats-players tr[data-seat="0"] [data-stat="deals"]') == "1"
    page.select_option('select[name="took_back"]', "only")
    page.wait_for_function("() => document.querySelector('[data-stat=count]').textContent.includes('1 of them')")
