"""The analysis of a deal in the review, and claiming the rest, as a player meets them (real server, Chromium)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from tests.app.analysis_positions import fox_blunder
from tests.app.claim_positions import SURE, one_card_short, solo_game

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("table", Path(__file__).with_name("table.py"))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)


def open_review(page, record: dict) -> None:
    page.evaluate("r => htmx.ajax('POST', '/review', {target: '#review-area', swap: 'innerHTML', "
                  "values: {record: r, lang: document.documentElement.lang}})", json.dumps(record))
    page.wait_for_selector("#review [data-action=analyse]")


def test_the_analysis_marks_the_fuchs_given_away_while_the_player_plays_on(page, make_server, monkeypatch):
    monkeypatch.setenv("DOPPELKOPF_ANALYSIS_NICE", "0")     # the test machine is busy with other tests
    server = make_server()
    record, _ = fox_blunder()
    table.start_game(page, server.url)
    open_review(page, record)
    page.click("#review [data-action=analyse]")
    page.wait_for_selector("#analysis progress")
    # The table answers while the analysis runs: the player plays on.
    for _ in range(3):
        table.take_turn(page)
    page.wait_for_selector("#analysis [data-analysis=done]", timeout=240_000)
    mark = page.locator('#analysis [data-mistake][data-chosen="DA"]')
    assert mark.count() == 1
    assert mark.get_attribute("data-better") not in ("DA", "", None)
    assert float(mark.get_attribute("data-loss")) >= 0.3
    assert "Fuchs" in mark.inner_text()
    trick = mark.get_attribute("data-trick")
    mark.locator("[data-review-goto]").click()
    page.wait_for_selector(f'#review[data-step="{trick}"] .review-trick li[data-seat="0"] .mistake-sign')


def test_the_rest_is_claimed_only_when_it_is_sure(page, server):
    table.show_game(page, server, solo_game(one_card_short()))
    assert page.locator(".hand button[data-card]:not([disabled])").count() > 0
    assert page.locator("[data-action=claim]").count() == 0       # one card short of proof: not offered
    table.show_game(page, server, solo_game(SURE))
    table.click_and_wait(page, "[data-action=claim]")
    page.wait_for_selector("#deal-result")
    assert page.get_attribute(".table-wrap", "data-waiting-for") in (None, "", "next-deal")


def test_the_last_forced_cards_play_themselves(page, server):
    table.start_game(page, server.url)
    for _ in range(60):
        if page.locator(".hand[data-forced]").count():
            break
        if not table.take_turn(page):
            pytest.skip("no forced last card in this deal")
    before = table.seq(page)
    page.wait_for_function(f"() => +document.querySelector('.table-wrap').dataset.seq > {before}", timeout=5000)


def test_an_exercise_replays_a_real_mistake(page, server):
    from engine.bots.analysis import decision_points, judge
    from tests.app.exercise_store import stored_analysis

    record, _ = fox_blunder()
    point = next(p for p in decision_points(record, 0) if p.chosen == "DA")
    judged = [j for j in judge(record, 0, point) if j.kind == "card"]
    entry = stored_analysis(record, judgements=judged)
    entry["marks"][0]["loss"] = max(entry["marks"][0]["loss"], 1.0)     # an exercise whatever the sampling says
    page.goto(server.url + "statistics?lang=de")
    page.evaluate("e => localStorage.setItem('doppelkopf.analyses', JSON.stringify([e]))", entry)
    page.reload()
    page.wait_for_selector("#learning[data-state=ready]")
    assert "Fuchs verschenkt" in page.inner_text('[data-learn="frequent"]')
    page.click("[data-action=exercise]")
    exercise = page.locator("#exercise [data-exercise]")
    exercise.wait_for()
    best = exercise.get_attribute("data-best")
    assert exercise.get_attribute("data-chosen") == "DA" and best == judged[0].best
    assert page.locator('#exercise [data-choice="DA"]').count() >= 1        # the hand as it was
    page.click(f'#exercise [data-choice="{best}"]')
    assert exercise.get_attribute("data-answered") == "right"
    assert "Fuchs war verloren" in page.inner_text("#exercise [data-answer]")
