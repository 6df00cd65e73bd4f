"""axe-core (bundled by axe-playwright-python, nothing fetched) finds no serious or critical problem on
the start page, the table mid-deal, the result with the score sheet, and the open menu; and focus lands
somewhere sensible after actions that are not cards."""

from __future__ import annotations

import pytest

from . import table

pytestmark = pytest.mark.browser


def serious_violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {[(n['target'], n['failureSummary']) for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def wait_for_focus(page) -> None:
    """Until focus is on an element of the page, not on <body> (polled here: the CSP forbids eval)."""
    for _ in range(100):
        if page.evaluate("() => !!document.activeElement && document.activeElement !== document.body"):
            return
        page.wait_for_timeout(50)
    raise AssertionError("focus stayed on <body>")


@pytest.fixture
def axe_page(browser):
    # axe-core compiles some of its checks at run time, which the page's CSP rightly forbids.
    context = browser.new_context(locale="de-DE", viewport={"width": 1366, "height": 768}, bypass_csp=True)
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


def test_no_serious_accessibility_problems(axe_page, server):
    page = axe_page
    page.goto(server.url)
    page.wait_for_selector('[data-action="new-game"]')
    assert serious_violations(page) == [], "start page"
    table.start_game(page, server.url, level="random")
    while page.get_attribute(".table-wrap", "data-waiting-for") != "play":
        assert table.take_turn(page)
    table.take_turn(page)
    assert serious_violations(page) == [], "table mid-deal"
    page.click('[data-action="menu"]')
    assert serious_violations(page) == [], "menu"
    page.click('[data-action="menu"]')
    table.play_deal(page)
    page.wait_for_selector("#deal-result")
    assert page.locator("#score-sheet").count() == 1
    assert serious_violations(page) == [], "result and score sheet"


def test_focus_lands_on_the_next_thing_to_do(page, server):
    table.start_game(page, server.url, level="random")
    if page.get_attribute(".table-wrap", "data-waiting-for") == "reservation":
        table.click_and_wait(page, '[data-reservation="healthy"]')
        wait_for_focus(page)
    while page.get_attribute(".table-wrap", "data-waiting-for") != "play":
        assert table.take_turn(page)
    page.keyboard.press("h")                              # the hint's shortcut
    page.locator('[data-hint="hard"]').wait_for(timeout=15000)
    page.wait_for_function("() => document.activeElement.id === 'hint'")     # once htmx has settled
    table.play_deal(page)
    wait_for_focus(page)
    assert page.evaluate("document.activeElement.dataset.action") == "next-deal"
    before = table.seq(page)
    page.keyboard.press("n")                              # the next deal's shortcut
    page.wait_for_selector(f'.table-wrap[data-seq="{before + 1}"]')
    wait_for_focus(page)
