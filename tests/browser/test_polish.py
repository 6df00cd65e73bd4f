"""Issue 23, part 2, in the browser: what the page must look like and do, measured on the page itself."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import table
from tools import house_games

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def boxes_overlap(a, b) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and \
        a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def test_an_armed_absage_is_white_on_red(page, server):
    """.choice.call (red text) must not win over the armed look (red background)."""
    table.start_game(page, server.url)
    colours = page.evaluate("""() => {
        const button = document.createElement('button');
        button.className = 'choice call'; button.dataset.armed = 'true'; button.textContent = 'Keine 90 – wirklich?';
        document.querySelector('.controls').appendChild(button);
        const style = getComputedStyle(button);
        return [style.color, style.backgroundColor]; }""")
    assert colours[0] == "rgb(255, 255, 255)" and colours[1] != colours[0], colours


def test_opening_one_menu_closes_the_other(page, server):
    table.start_game(page, server.url)
    page.click('[data-action="rule-set"]')
    assert page.locator("details.menu[open]").count() == 1
    page.click('[data-action="menu"]')
    expect(page.locator("details.menu[open]")).to_have_count(1)   # the toggle event comes a task later
    assert page.locator('details.menu[open] [data-action="show-new-game"]').count() == 1
    page.keyboard.press("Escape")
    expect(page.locator("details.menu[open]")).to_have_count(0)


def test_a_lifted_card_keeps_clear_of_the_hint_line(browser, server):
    for options in ({"viewport": {"width": 1366, "height": 768}}, PHONE):
        context = browser.new_context(locale="de-DE", **options)
        page = context.new_page()
        table.start_game(page, server.url)
        table.play_until_trick(page, 2)
        hint = page.locator("#hand-hint")
        if not hint.count():                     # nothing to follow this time: show the line to measure it
            page.evaluate("() => { const p = document.createElement('p'); p.className = 'hint'; p.id = 'hand-hint';"
                          " p.textContent = 'Du musst Trumpf bedienen.'; const hand = document.querySelector('.hand');"
                          " hand.parentNode.insertBefore(p, hand); }")
        for card in page.locator(".hand button.card").all():
            page.evaluate("card => card.classList.add('lifted', 'hinted')", card.element_handle())
        line = hint.bounding_box()
        for card in page.locator(".hand button.card").all():
            box = card.bounding_box()
            assert box["y"] - 5 >= line["y"] + line["height"] - 0.5, (options, box, line)   # the outline too
        context.close()


def test_a_new_game_on_a_phone_starts_at_the_table(browser, server):
    context = browser.new_context(locale="de-DE", **PHONE)
    page = context.new_page()
    table.start_game(page, server.url)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")       # down at the side panels
    assert page.evaluate("() => scrollY") > 50
    page.click('[data-action="menu"]') if page.locator('[data-action="menu"]').is_visible() else None
    page.evaluate("() => document.querySelector('[data-action=show-new-game]').click()")
    page.wait_for_selector('[data-action="new-game"]')
    page.click('[data-action="new-game"]')
    if page.locator('[data-action="new-game"][data-armed]').count():
        page.click('[data-action="new-game"]')
    page.wait_for_selector("#trick")
    table.wait_until_settled(page)
    page.wait_for_function("() => document.querySelector('.table-wrap').getBoundingClientRect().top >= -1")
    page.wait_for_selector(".table", state="visible")
    assert page.locator(".table").bounding_box()["y"] < 844
    context.close()


@pytest.mark.parametrize("size", [{"width": 1366, "height": 768}, {"width": 1920, "height": 1080}, "phone"])
def test_call_bubbles_lie_beside_the_trick_not_on_its_cards(browser, server, size):
    options = PHONE if size == "phone" else {"viewport": size}
    context = browser.new_context(locale="de-DE", **options)
    page = context.new_page()
    table.start_game(page, server.url)
    table.play_until_trick(page, 2)
    while len(table.trick(page)) < 3:            # a fuller trick is the harder case
        if not table.take_turn(page) or page.get_attribute("#trick", "data-trick") != "2":
            break
    page.evaluate("""() => { const trick = document.querySelector('#trick');
        ['Du', 'Anna', 'Bruno', 'Clara'].forEach((name, seat) => { const bubble = document.createElement('p');
          bubble.className = 'bubble bubble-' + seat; bubble.dataset.placed = ''; bubble.textContent = name + ': Kontra!'; trick.appendChild(bubble); }); }""")
    cards = [card.bounding_box() for card in page.locator("#trick .card").all()]
    # Only the four placed here: a computer's real call may be on show beside them.
    bubbles = [bubble.bounding_box() for bubble in page.locator("#trick .bubble[data-placed]").all()]
    assert len(bubbles) == 4
    for bubble in bubbles:
        assert not any(boxes_overlap(bubble, card) for card in cards), (size, bubble, cards)
    for one in range(4):
        for other in range(one + 1, 4):
            assert not boxes_overlap(bubbles[one], bubbles[other]), (size, one, other)
    context.close()


def test_a_wide_screen_uses_its_height(browser, server):
    context = browser.new_context(locale="de-DE", viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    table.start_game(page, server.url)
    bottom = page.evaluate("() => document.querySelector('.hand').getBoundingClientRect().bottom")
    assert 0.85 * 1080 < bottom <= 1080, bottom             # the hand near the bottom, not a third of felt
    context.close()


def test_the_strength_is_explained_where_it_is_chosen(page, server):
    page.goto(server.url)
    page.wait_for_selector('select[name="level"]')
    page.select_option('select[name="level"]', "rules")
    first = page.inner_text("[data-level-help]")
    page.select_option('select[name="level"]', "easy")
    second = page.inner_text("[data-level-help]")
    assert first and second and first != second


def test_the_bock_round_is_said_at_the_table(page, server):
    game = house_games.game_with(house_games.hands_with([]), bock_levels=[1, 1, 1],
                                 bock_rounds=[{"after": 4, "why": ["120"], "deals": [1, 2, 3, 4]}])
    table.show_game(page, server, game)
    note = page.locator("#bock-note")
    assert note.is_visible() and "1 of 4" in note.inner_text() and "×2" in note.inner_text()
    assert "120 to 120" in note.inner_text()


def test_a_thrown_deal_shows_the_throwers_cards_and_no_parties(page, server):
    game = house_games.game_with(house_games.hands_with(["C9", "C9", "S9", "S9", "H9"], seat=2), dealer=3)
    table.show_game(page, server, game)
    table.click_and_wait(page, '[data-reservation="healthy"]')
    page.wait_for_selector("#deal-result .thrown")
    assert page.locator('[data-thrown-hand="2"] [data-card]').count() == 12
    assert page.locator('.seat [data-badge="party"]:visible').count() == 0
    assert "Bruno throws in" in page.inner_text("#game-log")
