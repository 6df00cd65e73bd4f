"""The table uses the screen it has: at every listed size the current trick and the whole hand are in
view together without scrolling; table, hand, controls and side panels do not overlap, nor do the four
seats and the centre (game type, trick) inside the table; no seat or label is too narrow for its text,
no game name in the score sheet takes two lines; and nothing sticks out of the window. Measured in
deal 1, a solo, and in deal 2 (score sheet filled with the solo's row, longer log), each at the first
card and mid-deal (trick 7)."""

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

# Boxes as [left, top, right, bottom]; "overflowing" lists the seats and labels whose text is wider
# (or taller) than their box, or that stick out of their seat.
BOXES = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const named = {table: '.table', controls: '.controls', hand: '.hand-area'};
  const parts = {};
  for (const [name, selector] of Object.entries(named)) parts[name] = box(document.querySelector(selector));
  document.querySelectorAll('.side > .panel').forEach((panel, i) => parts['side' + i] = box(panel));
  const inner = {};
  document.querySelectorAll('.table .seat').forEach(seat => inner['seat' + seat.dataset.seat] = box(seat));
  for (const selector of ['.game-type', '.trick-number', '#trick']) {
    const element = document.querySelector('.table ' + selector);
    if (element) inner[selector] = box(element);
  }
  const name = e => (e.className || e.tagName) + ' "' + e.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40) + '"';
  const overflowing = [];
  const labels = document.querySelectorAll(
    '.table .seat, .table .seat-name, .table .badge, .table .counts, .table .game-type, .table .trick-number, .controls .status');
  for (const e of labels) {
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) overflowing.push(name(e));
  }
  for (const seat of document.querySelectorAll('.table .seat')) {
    const outer = seat.getBoundingClientRect();
    for (const e of seat.querySelectorAll('.badge, .name, .counts > *')) {
      const r = e.getBoundingClientRect();
      if (!e.getClientRects().length) continue;      // not shown (a turn or leader badge of another seat)
      if (r.left < outer.left - 0.5 || r.right > outer.right + 0.5) overflowing.push(name(e) + ' outside its seat');
    }
  }
  // A game's name in the score sheet keeps to one line (a longer one ends in "…").
  for (const cell of document.querySelectorAll('#score-sheet td.game')) {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (tops.size > 1) overflowing.push(name(cell) + ' on ' + tops.size + ' lines');
  }
  return {parts, inner, overflowing, trick: box(document.querySelector('#trick')),
          cards: [...document.querySelectorAll('.hand button[data-card]')].map(box),
          width: innerWidth, height: innerHeight, scrollWidth: document.documentElement.scrollWidth};
}"""


def overlap(a, b) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return max(0, width) * max(0, height)


def in_view(box, width, height) -> bool:
    return box[0] >= -0.5 and box[1] >= -0.5 and box[2] <= width + 0.5 and box[3] <= height + 0.5


def assert_apart(boxes: dict, where: str) -> None:
    names = list(boxes)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            assert overlap(boxes[first], boxes[second]) < 1, (where, first, second, boxes[first], boxes[second])


def check_layout(page, where: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    layout = page.evaluate(BOXES)
    width, height = layout["width"], layout["height"]
    assert len(layout["cards"]) >= 6, where
    assert layout["scrollWidth"] <= width, f"{where}: the page is wider than the window"
    assert in_view(layout["trick"], width, height), (where, "trick", layout["trick"])
    hand = layout["parts"]["hand"]
    for card in layout["cards"]:
        assert in_view(card, width, height), (where, "card", card, hand)
        assert hand[0] - 0.5 <= card[0] and card[2] <= hand[2] + 0.5, (where, "card outside the hand", card, hand)
    for name, box in layout["parts"].items():
        assert box[2] <= width + 0.5, (where, name, "sticks out")
    assert_apart(layout["parts"], where)
    # The trick number and the trick are one column of the centre: only the game type may not touch a
    # seat, nor the trick, nor any seat another.
    assert_apart({k: v for k, v in layout["inner"].items() if k != ".trick-number"}, where)
    assert_apart({k: v for k, v in layout["inner"].items() if k != "#trick"}, where)
    assert layout["overflowing"] == [], (where, layout["overflowing"])


# The sizes that share a device (scale and touch) are measured in one deal, the window resized between
# them: the page lays itself out by CSS alone, so a resized window is laid out as a new one would be.
DEVICES = {}
for _name, (_w, _h, _scale, _touch) in SIZES.items():
    DEVICES.setdefault(f"scale{_scale}{'-touch' if _touch else ''}", []).append(_name)


def check_every_size(page, names: list[str], where: str) -> None:
    for name in names:
        width, height, _, _ = SIZES[name]
        page.set_viewport_size({"width": width, "height": height})
        check_layout(page, f"{name}, {where}")


@pytest.mark.parametrize("device", DEVICES)
def test_trick_and_hand_in_view_nothing_overlaps(browser, server, device):
    names = DEVICES[device]
    width, height, scale, touch = SIZES[names[0]]
    context = browser.new_context(locale="de-DE", viewport={"width": width, "height": height},
                                  device_scale_factor=scale, has_touch=touch, is_mobile=touch)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        table.start_game(page, server.url, level="random")
        table.declare_solo(page)
        table.play_until_trick(page, 1)
        assert page.locator(".table .game-type .trump").count() == 1, "a solo shows its trumps"
        check_every_size(page, names, "deal 1, solo, first card")
        table.play_until_trick(page, 7)
        check_every_size(page, names, "deal 1, solo, trick 7")
        table.play_deal(page)
        table.click_and_wait(page, '[data-action="next-deal"]')
        table.play_until_trick(page, 1)
        check_every_size(page, names, "deal 2, first card")
        table.play_until_trick(page, 7)
        assert page.locator("#game-log > li").count() >= 10
        assert page.locator("#score-sheet tbody tr[data-number]").count() == 1
        check_every_size(page, names, "deal 2, trick 7")
    finally:
        context.close()


@pytest.mark.parametrize("size", ["390x844", "844x390", "1366x768"])
def test_the_menus_open_inside_the_window(browser, server, size):
    """Both menus of the bar (the rule set, the player's menu) open fully in view across the window's width."""
    width, height, scale, touch = SIZES[size]
    context = browser.new_context(locale="de-DE", viewport={"width": width, "height": height},
                                  device_scale_factor=scale, has_touch=touch, is_mobile=touch)
    try:
        page = context.new_page()
        table.start_game(page, server.url)
        for summary in ('[data-action="rule-set"]', '[data-action="menu"]'):
            page.click(summary)
            body = page.locator(f'details:has({summary}) > .menu-body')
            box = body.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (size, summary, box)
            assert box["y"] >= page.locator(summary).bounding_box()["y"], (size, summary, box)   # under its button
            page.click(summary)
    finally:
        context.close()
