"""A table of one's own in Chromium: names, hand sorting and the eye counter take effect."""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("table", Path(__file__).with_name("table.py"))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)


def groups(page) -> list[str]:
    return page.eval_on_selector_all(".hand .hand-slot", "slots => slots.map(s => s.dataset.group)")


def runs(items: list[str]) -> list[str]:
    return [item for i, item in enumerate(items) if i == 0 or items[i - 1] != item]


def test_names_sorting_and_eye_counter_from_the_new_game_form(page, server):
    page.goto(server.url)
    page.select_option('select[name="animation_ms"]', "0")
    page.fill('input[name="name_0"]', "  Eva ")
    page.fill('input[name="name_2"]', "Oma Erna")
    page.select_option('select[name="trumps"]', "right")
    page.select_option('select[name="suit_order"]', "CHSD")
    page.check('input[name="eye_counter"][type="checkbox"]')
    page.click('[data-action="new-game"]')
    page.wait_for_selector("#trick")
    table.wait_until_settled(page)
    assert page.inner_text('.seat[data-seat="0"] .name') == "Eva"
    assert page.inner_text('.seat[data-seat="2"] .name') == "Oma Erna"
    assert page.inner_text('.seat[data-seat="1"] .name') == "Anna"
    headers = page.eval_on_selector_all("#score-sheet thead th", "cells => cells.map(c => c.textContent.trim())")
    assert "Eva" in headers and "Oma Erna" in headers
    for _ in range(12):                       # into the card play (a solo has no fail suits to check)
        if page.get_attribute(".table-wrap", "data-waiting-for") == "play" and page.locator("#eye-counter").count():
            break
        table.take_turn(page)
    order = runs(groups(page))
    if "trump" in order:
        assert order[-1] == "trump"
    fails = [group for group in order if group != "trump"]
    assert fails == [suit for suit in "CHSD" if suit in fails]
    # The eye counter follows the tricks: after the deal, its figures add up to the 240 eyes.
    table.play_deal(page)
    eyes = [int(value) for value in page.get_attribute("#eye-counter", "data-eyes").split(",")]
    assert sum(eyes) == 240
    log = page.inner_text("#game-log")
    assert "Oma Erna" in log or "Oma Erna" in page.inner_text("#deal-result")


def test_the_menu_renames_a_computer_and_refuses_an_empty_name(page, server):
    table.start_game(page, server.url)
    assert page.locator("#eye-counter").count() == 0               # off by default
    page.click('[data-action="menu"]')
    page.fill('.settings input[name="name_3"]', "Opa")
    page.click('[data-action="save-settings"]')
    page.locator('.seat[data-seat="3"] .name', has_text="Opa").wait_for()
    page.click('[data-action="menu"]')
    page.eval_on_selector('.settings input[name="name_1"]', "input => { input.required = false; input.value = '  '; }")
    page.click('[data-action="save-settings"]')
    page.wait_for_selector(".notice[role=alert]")
    assert page.inner_text('.seat[data-seat="1"] .name') == "Anna"


def settled(page, timeout: float = 15.0) -> None:
    """The answer is in and its frames have played (polled: the page's CSP forbids wait_for_function's eval)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate("() => window.eyesFrames.length > 0 && !document.querySelector('.table-wrap.replaying')"):
        assert time.monotonic() < deadline, "the frames did not finish"
        page.wait_for_timeout(50)


def test_the_eye_counter_follows_the_cards_as_they_arrive(page, server):
    page.goto(server.url)
    page.select_option('select[name="animation_ms"]', "150")
    page.select_option('select[name="level"]', "random")
    page.check('input[name="eye_counter"][type="checkbox"]')
    page.click('[data-action="new-game"]')
    page.wait_for_selector("#trick")
    page.evaluate("""() => {
      window.eyesSeen = []; window.eyesFrames = [];
      new MutationObserver(records => records.forEach(r => {
        if (r.target.id === 'eye-counter') window.eyesSeen.push(r.target.dataset.eyes + '|' + r.target.textContent);
      })).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-eyes']});
      // Each answer (the player's, then one per computer decision) as it is swapped in, before replay.js
      // replays it: its frames' figures, then its final ones.
      window.addEventListener('htmx:afterSwap', () => {
        const frames = [...document.querySelectorAll('#trick-replay .frame[data-eyes]')].map(f => f.dataset.eyes);
        const counter = document.getElementById('eye-counter');
        const replay = document.getElementById('trick-replay');
        window.eyesFrames.push(counter && replay ? frames.concat([counter.dataset.eyes]) : []);
      }, true);
    }""")
    checked = 0
    for _ in range(40):
        if page.locator(".table-wrap.replaying").count():
            page.wait_for_selector(".table-wrap:not(.replaying)")
        if not table.take_turn(page):
            break
        settled(page)
        seen = page.evaluate("window.eyesSeen.splice(0)")
        expected = page.evaluate("window.eyesFrames.splice(0)")
        expected = [eyes for answer in expected for eyes in answer]
        if len(expected) > 1:
            # Each frame's figures in turn, then the answer's final ones; the text says what the data says.
            assert [value.split("|")[0] for value in seen] == expected
            for value in seen:
                numbers = value.split("|")[0].split(",")
                assert all(number in value.split("|")[1] for number in numbers)
            checked += 1
            if checked == 4:
                break
    assert checked == 4
