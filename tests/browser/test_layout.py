"""The table uses the screen it has: at every listed size the current trick and the whole hand are in
view together without scrolling, table, hand, controls and side panels do not overlap, and nothing
sticks out of the window."""

from __future__ import annotations

import pytest

from . import table

pytestmark = pytest.mark.browser

# name: (viewport width, height, device scale, touch). "zoom200" is 1366x768 at 200 % zoom: the page
# then has 683x384 CSS pixels at device scale 2.
SIZES = {
    "1366x768": (1366, 768, 1, False), "1920x1080": (1920, 1080, 1, False), "1680x1050": (1680, 1050, 1, False),
    "2560x1440": (2560, 1440, 1, False), "390x844": (390, 844, 3, True), "844x390": (844, 390, 3, True),
    "1366x768@2": (1366, 768, 2, False), "zoom200": (683, 384, 2, False),
}

BOXES = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const named = {table: '.table', controls: '.controls', hand: '.hand-area'};
  const parts = {};
  for (const [name, selector] of Object.entries(named)) parts[name] = box(document.querySelector(selector));
  document.querySelectorAll('.side > .panel').forEach((panel, i) => parts['side' + i] = box(panel));
  return {parts, trick: box(document.querySelector('#trick')),
          cards: [...document.querySelectorAll('.hand button[data-card]')].map(box),
          width: innerWidth, height: innerHeight, scrollWidth: document.documentElement.scrollWidth,
          scrollY: scrollY};
}"""


def overlap(a, b) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return max(0, width) * max(0, height)


def in_view(box, width, height) -> bool:
    return box[0] >= -0.5 and box[1] >= -0.5 and box[2] <= width + 0.5 and box[3] <= height + 0.5


@pytest.mark.parametrize("size", SIZES)
def test_trick_and_hand_in_view_nothing_overlaps(browser, server, size):
    width, height, scale, touch = SIZES[size]
    context = browser.new_context(locale="de-DE", viewport={"width": width, "height": height},
                                  device_scale_factor=scale, has_touch=touch, is_mobile=touch)
    try:
        page = context.new_page()
        table.start_game(page, server.url, level="random")
        while table.obvious_choice(page) and page.get_attribute(".table-wrap", "data-waiting-for") != "play":
            table.take_turn(page)
        page.evaluate("window.scrollTo(0, 0)")
        layout = page.evaluate(BOXES)
        assert len(layout["cards"]) >= 10
        assert layout["scrollWidth"] <= width, f"{size}: the page is wider than the window"
        assert in_view(layout["trick"], width, height), (size, "trick", layout["trick"])
        hand = layout["parts"]["hand"]
        for card in layout["cards"]:
            assert in_view(card, width, height), (size, "card", card, hand)
            assert hand[0] - 0.5 <= card[0] and card[2] <= hand[2] + 0.5, (size, "card outside the hand", card, hand)
        parts = layout["parts"]
        names = list(parts)
        for i, first in enumerate(names):
            assert parts[first][2] <= width + 0.5, (size, first, "sticks out")
            for second in names[i + 1:]:
                assert overlap(parts[first], parts[second]) < 1, (size, first, second, parts[first], parts[second])
    finally:
        context.close()
