"""The rules page in Chromium: reached from the menu, both languages, every in-page link lands, back to the game."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("table", Path(__file__).with_name("table.py"))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)


def check_links_land(page) -> int:
    """Every #link on the page names an element that exists and is shown."""
    targets = page.eval_on_selector_all('#rules a[href^="#"]', "links => links.map(a => a.hash.slice(1))")
    for target in set(targets):
        assert page.locator(f'[id="{target}"]').is_visible(), target
    return len(targets)


def test_rules_from_the_menu_in_both_languages_and_back(page, server):
    table.start_game(page, server.url)
    page.click('[data-action="menu"]')
    page.click('[data-action="rules"]')
    page.wait_for_selector("#rules")
    assert page.locator("#rules section").count() == 14
    assert check_links_land(page) > 20
    page.click('#rules a[href="#announcements"]')
    assert page.evaluate("location.hash") == "#announcements"
    page.click('#rules a[hreflang="de"]')
    page.wait_for_selector('html[lang="de"] #rules')
    assert page.locator("#rules section").count() == 14
    assert "Klärungsstich" in page.inner_text("#glossary")
    check_links_land(page)
    page.click('[data-action="back-to-game"]')
    page.wait_for_selector("#trick")               # the game resumes from the stored token
    assert len(table.hand(page)) in (11, 12)


def test_the_tables_links_open_the_rules_page_at_their_section(page, server):
    """Badges and result lines link to a section of the rules page (no broken link); the API's page
    is linked from the player's menu, not from a footer on every page (issue 23)."""
    table.start_game(page, server.url)
    hrefs = set(page.eval_on_selector_all("#game a.rules-link", "links => links.map(a => a.href)"))
    table.play_deal(page)
    hrefs |= set(page.eval_on_selector_all("#game a.rules-link", "links => links.map(a => a.href)"))
    sections = {href.split("#")[1] for href in hrefs}
    assert {"tricks", "scoring"} <= sections, sections        # the dealer's badge, the result's lines
    assert page.locator('.menu-body a[href="/docs"]').count() == 1
    assert page.locator('footer a[href="/docs"]').count() == 0
    for href in sorted(hrefs):
        page.goto(href)
        section = href.split("#")[1]
        assert page.locator(f'#rules section[id="{section}"]').is_visible(), href


@pytest.mark.parametrize("preset", ["kneipe", "ohne_neunen", "einsteiger"])
def test_a_house_table_opens_a_rules_page_of_its_own_rules(page, server, preset):
    """Issue 21.12: the page a house-rule table links to computes its examples under those rules, and
    every link on it lands (sections shown only where the table plays them)."""
    table.start_game(page, server.url, rules=preset)
    page.click('[data-action="menu"]')
    page.click('[data-action="rules"]')
    page.wait_for_selector("#rules .table-rules")
    assert check_links_land(page) > 20
    scores = dict(page.eval_on_selector_all("[data-example]", "els => els.map(e => [e.dataset.example, e.dataset.scores])"))
    if preset == "einsteiger":
        assert "example.solo" not in scores and "example.nobody" not in scores
        assert page.locator('tr[data-call="no90"]').count() == 0
    else:
        assert scores["example.re_lost"] == "-3,-3,3,3"          # Re/Kontra double (house rules §10.3)
        assert scores["example.solo"] == "6,-2,-2,-2"
    if preset == "ohne_neunen":
        assert page.locator('#order [data-card$="9"]').count() == 0
