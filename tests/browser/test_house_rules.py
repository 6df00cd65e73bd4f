"""House rules at the table, by clicks: a whole deal under each preset, the Armut exchange done by
the player (passing, and taking one a computer offers), a thrown-in deal, a Bock round on the sheet."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from engine.rules import PRESET_NAMES
from tools import house_games

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("table", Path(__file__).with_name("table.py"))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)


def waiting_for(page) -> str:
    return page.get_attribute(".table-wrap", "data-waiting-for")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_last_tricks_by_clicks_under_each_preset(page, server, preset):
    table.show_game(page, server, table.game_near_the_end(cards_left=4, level="random", rules=preset))
    assert page.get_attribute("#rule-set", "data-preset") == preset
    assert page.get_attribute("#trick", "data-tricks") == ("10" if preset == "ohne_neunen" else "12")
    table.play_deal(page)
    page.wait_for_selector("#deal-result[data-scores]")


def test_the_player_passes_an_armut_by_choosing_cards(page, server):
    table.show_game(page, server, house_games.player_poor())
    table.click_and_wait(page, '[data-reservation="reservation"]')
    table.click_and_wait(page, '[data-declare="poverty"]')
    assert waiting_for(page) == "exchange"
    trump = page.locator('.hand button[data-give="DQ"]').first           # trumps go in any case
    assert trump.get_attribute("aria-disabled") == "true" and trump.get_attribute("aria-pressed") == "true"
    trump.dispatch_event("click")                                       # and cannot be put back
    assert trump.get_attribute("aria-pressed") == "true"
    count = page.locator("[data-exchange-count]")
    index = page.locator('.hand button[data-give][aria-pressed="false"]').first.get_attribute("data-index")
    free = page.locator(f'.hand button[data-index="{index}"]')
    chosen = int(count.get_attribute("data-exchange-count"))
    free.click()                                                        # one card more: too many to pass
    assert int(count.get_attribute("data-exchange-count")) == chosen + 1 and page.is_disabled('[data-action="give"]')
    free.press("Enter")                                                 # the keyboard puts it back
    assert free.get_attribute("aria-pressed") == "false" and page.is_enabled('[data-action="give"]')
    table.click_and_wait(page, '[data-action="give"]')
    log = page.eval_on_selector_all("#game-log li", "items => items.map(i => i.dataset.kind)")
    assert "pass" in log and "accept" in log and "return" in log
    table.play_deal(page)
    assert "Armut" in page.text_content("#result-title")


def test_the_player_takes_an_armut_a_computer_offers(page, server):
    table.show_game(page, server, house_games.armut_offered_to_player())
    assert waiting_for(page) == "exchange"
    page.click('[data-action="hint"]')               # the strong player's step, and why
    hint = page.locator('[data-hint="hard"][data-action-kind="accept"]')
    hint.wait_for(timeout=30000)
    assert "Armut" in hint.inner_text() and "trumps" in hint.inner_text()         # an English browser
    table.click_and_wait(page, '[data-accept="true"]')
    assert len(page.locator(".hand button[data-give]").all()) == 15       # chosen in the hand, as cards
    table.click_and_wait(page, '[data-action="give"]')
    assert waiting_for(page) in ("play", "next-deal")
    table.play_deal(page)
    assert page.get_attribute("#deal-result", "data-deal") == "1"


def test_a_thrown_in_deal(page, server):
    table.show_game(page, server, house_games.player_throws())
    table.click_and_wait(page, '[data-reservation="reservation"]')
    table.click_and_wait(page, '[data-declare="throw"]')
    assert page.get_attribute("#deal-result .thrown", "data-thrown") == "nines"
    table.click_and_wait(page, '[data-action="next-deal"]')
    assert page.locator("#score-sheet tbody tr[data-number]").count() == 0    # no game: no row


def test_a_bock_round_on_the_score_sheet(page, server):
    table.show_game(page, server, house_games.in_bock_games())
    assert page.get_attribute("#bock-to-come", "data-bock-to-come") == "2,2,2"
    table.play_deal(page)
    assert page.get_attribute("#deal-result .bock", "data-bock") == "2"
    row = page.locator("#score-sheet tbody tr[data-number]").first
    assert row.locator(".bock").get_attribute("data-bock") == "2"
