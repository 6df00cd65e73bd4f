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
    for _ in range(300):             # up to 15 s, the page's own patience; at once when it is there
        if page.evaluate("() => !!document.activeElement && document.activeElement !== document.body"):
            return
        page.wait_for_timeout(50)
    raise AssertionError("focus stayed on <body>")


def wait_for_focus_on(page, selector: str) -> None:
    """Until the element matching selector has focus: htmx settles (and the page moves focus) a moment
    after the swap, and until then focus is still where it was, e.g. on the button that was clicked."""
    for _ in range(300):             # up to 15 s, the page's own patience; at once when it is there
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"focus is not on {selector} but on {focused(page)}")


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
    wait_for_focus_on(page, "#hint")
    table.play_deal(page)
    wait_for_focus_on(page, "[data-action=next-deal]")
    before = table.seq(page)
    page.keyboard.press("n")                              # the next deal's shortcut
    table.wait_for_answer(page, before)
    wait_for_focus(page)


# ----- the one live region: each card, each trick's winner, each call, in the order shown ---------------

# Records every text the live region takes and every frame an answer brings (before replay.js replays
# and removes them). The announcer sits outside the table, so it outlives every answer.
LISTEN = """() => {
  window.said = []; window.frames = [];
  const region = document.getElementById('announcer');
  const listener = new MutationObserver(() => said.push(region.textContent));
  listener.observe(region, {childList: true, characterData: true, subtree: true});
  // Read an answer's frames as it is swapped in, before replay.js (which starts the replay in the same
  // htmx:afterSwap, listening on the document) says the first one.
  const scan = () => {
    for (const frame of document.querySelectorAll('#trick-replay .frame:not([data-seen])')) {
      frame.dataset.seen = 'true';
      const card = frame.querySelector('.slot.arriving [data-card]');
      frames.push({kind: frame.dataset.kind, seat: frame.dataset.seat, value: frame.dataset.value,
                   say: frame.dataset.say, card: card ? card.getAttribute('aria-label') : null,
                   winner: frame.dataset.winner || null});
      // Once: the region already holds the words of the first frame, as after an equal announcement.
      // Setting them is not an announcement: its record is taken away before the listener sees it (a
      // comparison with these words would also drop a later, real announcement of the same words).
      if (!window.preset) {
        region.textContent = window.preset = frame.dataset.say;
        listener.takeRecords();
      }
    }
  };
  window.addEventListener('htmx:afterSwap', scan, true);
  new MutationObserver(scan).observe(document.getElementById('game'), {childList: true, subtree: true});
}"""

NAMES = ["Du", "Anna", "Bruno", "Clara"]


def test_the_announcer_says_each_card_trick_and_call_as_it_is_shown(browser, server):
    context = browser.new_context(locale="de-DE", viewport={"width": 1366, "height": 768})
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.goto(server.url)
        page.evaluate(LISTEN)
        page.select_option('select[name="animation_ms"]', "150")
        page.select_option('select[name="level"]', "random")
        page.click('[data-action="new-game"]')
        for _ in range(3):                                  # deals until a computer has made a call
            page.wait_for_selector("#trick")
            while True:
                table.wait_until_settled(page)
                if not table.take_turn(page):
                    break
            table.wait_until_settled(page)
            if any(frame["kind"] == "call" for frame in page.evaluate("frames")):
                break
            table.click_and_wait(page, '[data-action="next-deal"]')
        frames, said = page.evaluate("frames"), page.evaluate("said")
        # One announcement per frame, in order; a text equal to the one before differs by a trailing
        # no-break space, so a screen reader reads it again.
        assert [text.rstrip("\u00a0") for text in said] == [frame["say"] for frame in frames]
        assert all(a != b for a, b in zip(said, said[1:]))
        assert said[0] == frames[0]["say"] + "\u00a0"       # the same words as before, read again
        plays = [frame for frame in frames if frame["kind"] == "play"]
        assert len(plays) >= 27                              # the computers' cards of a whole deal
        for frame in plays:
            assert frame["card"] and frame["say"].startswith(frame["card"]), frame    # "Anna: Kreuz-Dame"
            if frame["winner"] is not None:
                assert f"{NAMES[int(frame['winner'])]} hat den Stich" in frame["say"] or \
                    (frame["winner"] == "0" and "Du hast den Stich" in frame["say"]), frame
        assert sum(frame["winner"] is not None for frame in plays) >= 9
        calls = [frame for frame in frames if frame["kind"] == "call"]
        assert calls, "no computer made a call in three deals"
        for frame in calls:
            assert frame["say"].startswith(NAMES[int(frame["seat"])] + ": ") and frame["say"].endswith("!"), frame
    finally:
        context.close()


# ----- focus after actions that are not cards, and the shortcuts -----------------------------------------

PARTY_CALL = ".controls [data-call=re], .controls [data-call=kontra]"


def start_playing(page, server) -> None:
    """A game at the player's first card in which Re or Kontra is still the player's to say (a
    computer partner may have said it already: then a new game). Rule players, because random ones
    call at almost every chance and so often take Re and Kontra before the player's first card."""
    for _ in range(8):
        if page.url.startswith(server.url):
            page.evaluate("localStorage.clear()")
        table.start_game(page, server.url, level="rules")
        while page.get_attribute(".table-wrap", "data-waiting-for") != "play":
            assert table.take_turn(page)
        if page.locator(PARTY_CALL).count():
            return
    raise AssertionError("no game in which the player could say Re or Kontra")


def focused(page) -> str:
    return page.evaluate("document.activeElement === document.body ? 'body' : document.activeElement.outerHTML.slice(0, 80)")


def test_focus_after_tipp_by_click_and_after_re_by_click(page, server):
    start_playing(page, server)
    page.click("[data-action=hint]")
    page.locator("[data-hint]").wait_for()
    wait_for_focus_on(page, "#hint")
    party = page.locator(PARTY_CALL).first.get_attribute("data-call")
    table.click_and_wait(page, f"[data-call={party}]")
    wait_for_focus(page)
    assert ["0", party] in table.calls(page), focused(page)


def test_the_number_keys_say_the_calls_offered_and_an_absage_needs_the_key_twice(page, server):
    start_playing(page, server)
    offered = page.eval_on_selector_all(".controls [data-call]", "calls => calls.map(c => c.dataset.call)")
    assert offered and offered[0] in ("re", "kontra")
    before = table.seq(page)
    page.keyboard.press("1")
    table.wait_for_answer(page, before)
    wait_for_focus(page)
    assert ["0", offered[0]] in table.calls(page)
    page.wait_for_selector(".table-wrap:not(.replaying)")
    if page.locator(".controls [data-call]").count() == 0:
        return                                               # no Absage offered now (rare): nothing more to press
    absage = page.get_attribute(".controls [data-call] >> nth=0", "data-call")
    before = table.seq(page)
    page.keyboard.press("1")
    assert page.locator(f"[data-call={absage}][data-armed]").count() == 1
    # The first press only asks: it is stopped before htmx sees it, so no request is under way.
    assert page.evaluate("document.querySelector('.htmx-request') === null") and table.seq(page) == before
    page.keyboard.press("1")
    table.wait_for_answer(page, before)
    wait_for_focus(page)
    assert ["0", absage] in table.calls(page)
