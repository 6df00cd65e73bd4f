"""The first-game walkthrough: offered on the start page, stepped through, skipped, remembered, and
opened again from the table's menu."""

from __future__ import annotations

import pytest

from tests.browser import table

pytestmark = pytest.mark.browser

STEPS = 7


def open_walkthrough(page, opener: str = '[data-action="walkthrough"]'):
    page.locator(opener).first.click()
    dialog = page.locator("dialog#walkthrough[open]")
    dialog.wait_for()
    return dialog


def shown_step(page) -> int:
    return int(page.locator("dialog#walkthrough").get_attribute("data-step"))


def test_the_start_page_offers_it_and_it_steps_by_button_and_key(page, server):
    page.goto(server.url)
    offer = page.locator("[data-walkthrough-offer]")
    offer.wait_for()
    assert offer.locator(".offer-text").is_visible()                 # never seen: the invitation says why
    dialog = open_walkthrough(page)
    assert shown_step(page) == 1 and dialog.locator('[data-walkthrough-step="1"]').is_visible()
    assert dialog.locator('[data-walkthrough="prev"]').is_disabled()
    assert dialog.locator('a[data-walkthrough="rules"]').get_attribute("href").startswith("/rules?")

    dialog.locator('[data-walkthrough="next"]').click()
    assert shown_step(page) == 2 and dialog.locator('[data-walkthrough-step="1"]').is_hidden()
    assert "Kontra" in dialog.locator('[data-walkthrough-step="2"]').inner_text()
    page.keyboard.press("ArrowRight")                                 # the keyboard steps too
    assert shown_step(page) == 3
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 2
    for _ in range(STEPS):                                            # Enter on the focused button
        if shown_step(page) == STEPS:
            break
        page.keyboard.press("Enter")
    assert shown_step(page) == STEPS
    done = dialog.locator('[data-walkthrough="done"]')
    assert done.is_visible() and dialog.locator('[data-walkthrough="next"]').is_hidden()
    page.keyboard.press("Enter")                                      # the last step's button closes it
    page.locator("dialog#walkthrough").wait_for(state="detached")
    assert page.evaluate("localStorage.getItem('doppelkopf.walkthrough')") == "seen"
    assert not offer.locator(".offer-text").is_visible()             # seen: only the button stays
    assert page.locator('[data-action="walkthrough"]').is_visible()


def test_it_can_be_skipped_at_once_and_a_new_game_starts_as_before(page, server):
    page.goto(server.url)
    open_walkthrough(page).locator('[data-walkthrough="skip"]').click()
    page.locator("dialog#walkthrough").wait_for(state="detached")
    assert page.evaluate("localStorage.getItem('doppelkopf.walkthrough')") == "seen"
    page.reload()
    page.locator("[data-walkthrough-offer].seen").wait_for()        # remembered after a reload
    table.start_game(page, server.url, level="rules")
    assert page.locator("#trick").count() == 1


def test_escape_skips_and_the_menu_opens_it_again(page, server):
    table.start_game(page, server.url, level="rules")
    page.click('[data-action="menu"]')
    dialog = open_walkthrough(page, '.menu [data-action="walkthrough"]')
    assert page.locator("details.menu[open]").count() == 0           # the menu closed behind it
    dialog.locator('[data-walkthrough="next"]').click()
    page.keyboard.press("Escape")
    page.locator("dialog#walkthrough").wait_for(state="detached")
    assert page.evaluate("localStorage.getItem('doppelkopf.walkthrough')") == "seen"
    assert page.locator("#trick").count() == 1                        # the table is as it was


def test_it_speaks_the_pages_language(browser, server):
    context = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        page.goto(server.url)
        page.locator('[data-action="walkthrough"]').tap()
        dialog = page.locator("dialog#walkthrough[open]")
        dialog.wait_for()
        assert "Doppelkopf in sieben Schritten" in dialog.inner_text()
        box = dialog.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
        for _ in range(STEPS - 1):
            dialog.locator('[data-walkthrough="next"]').tap()
            box = dialog.bounding_box()
            assert box["y"] + box["height"] <= 844, shown_step(page)   # every step fits the phone
        assert shown_step(page) == STEPS
    finally:
        context.close()


def test_the_open_walkthrough_and_a_hint_have_no_serious_accessibility_problems(browser, server):
    from tests.browser.test_accessibility import serious_violations

    context = browser.new_context(locale="de-DE", viewport={"width": 1366, "height": 768}, bypass_csp=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(server.url)
        open_walkthrough(page)
        assert serious_violations(page) == [], "walkthrough"
        page.keyboard.press("Escape")
        page.locator("dialog#walkthrough").wait_for(state="detached")
        table.start_game(page, server.url, level="rules")
        while page.get_attribute(".table-wrap", "data-waiting-for") != "play":
            assert table.take_turn(page)
        page.click('[data-action="hint"]')
        page.locator("[data-hint] [data-idea]").first.wait_for(timeout=30_000)
        if page.locator("[data-figures]").count():
            page.locator("[data-figures] summary").click()           # the figures, unfolded
        assert serious_violations(page) == [], "hint"
    finally:
        context.close()
