"""Every language fits a phone: at 390x844 (touch) the table with its menu open, the rules page and the
statistics page show nothing wider than the screen, and the page says which language it is in.

A phone browser widens its layout viewport to fit content that sticks out, so the measure is the
screen's width (``documentElement.clientWidth``), not ``innerWidth``."""

from __future__ import annotations

import pytest

from app.i18n import LANGUAGES

from . import table

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "has_touch": True, "is_mobile": True}

# Visible elements whose box reaches past the screen's edges; content inside a scrolling box (a wide
# table on a phone scrolls) does not count.
STICKING_OUT = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = e => { for (let a = e.parentElement; a; a = a.parentElement) {
    const o = getComputedStyle(a).overflowX; if (o === 'auto' || o === 'scroll') return true; } return false; };
  const out = [...document.querySelectorAll('body *')].filter(e => {
    if (!e.getClientRects().length || !e.checkVisibility({visibilityProperty: true})) return false;
    const r = e.getBoundingClientRect();
    return (r.right > width + 1 || r.left < -1) && r.width > 0 && !scrolls(e);
  }).map(e => e.tagName + '.' + e.className + ' "' + e.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40) + '"');
  return {width, scrollWidth: document.documentElement.scrollWidth, out: out.slice(0, 5)};
}"""


def assert_fits(page, language: str, where: str) -> None:
    assert page.get_attribute("html", "lang") == language, where
    measured = page.evaluate(STICKING_OUT)
    assert measured["scrollWidth"] <= measured["width"] and not measured["out"], (language, where, measured)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_fits_a_phone(browser, server, language):
    context = browser.new_context(locale=language, extra_http_headers={"Accept-Language": language}, **PHONE)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        table.start_game(page, server.url, level="random")
        page.click('[data-action="menu"]')
        page.wait_for_selector("details.menu[open] .menu-body")
        assert_fits(page, language, "table with the menu open")
        for path in ("rules", "statistics"):
            page.goto(f"{server.url}{path}?lang={language}")
            assert_fits(page, language, path)
    finally:
        context.close()
