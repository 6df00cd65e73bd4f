"""How quickly the table answers a played card at "Schwer" (issue 23.1): time from the click to the
player's card on the table and to the first computer card, in a real Chromium against a running server.

    .venv/bin/python -m tests.browser.measure_stream --url http://127.0.0.1:8000/ --decisions 50

Not a test module (the browser tests check the bounds; this prints the figures for
docs/performance.md). A MutationObserver in the page records every change of the cards on show with
``performance.now()``; its callbacks run before any paint, so what it records is at least as early
as what a player could see. The server's answer times come from the page's resource timing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_ARGS  # noqa: E402

# The cards on show (the frame being replayed, else the trick) after every DOM change, with the time.
RECORDER = """
(() => {
  window.__shown = [];
  const shown = () => {
    const trick = document.querySelector('#trick');
    if (!trick) return null;
    const replay = document.querySelector('#trick-replay');
    const slots = [];
    if (replay && !replay.hidden) replay.querySelectorAll('.frame:not([hidden]) .slot').forEach(s => slots.push(s));
    if (!trick.hidden) trick.querySelectorAll('.slot').forEach(s => slots.push(s));
    return slots.map(s => s.dataset.seat + ':' + s.querySelector('[data-card]').dataset.card).join(',');
  };
  let last = null;
  const record = () => {
    const now = shown();
    if (now !== last) { last = now; window.__shown.push({t: performance.now(), cards: now}); }
  };
  new MutationObserver(record).observe(document, {subtree: true, childList: true, attributes: true});
  document.addEventListener('click', event => {
    const card = event.target.closest && event.target.closest('.hand button.card');
    if (card) window.__shown.push({t: performance.now(), click: card.dataset.card});
  }, true);
})();
"""

IDLE = "() => { const g = document.getElementById('game'); return g && !g.hasAttribute('aria-busy') && !!document.querySelector('.table-wrap[data-seq]'); }"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def start(page, url: str, level: str, speed: str) -> None:
    page.goto(url)
    page.locator('[data-action="new-game"]').first.wait_for()
    page.select_option('select[name="animation_ms"]', speed)
    page.select_option('select[name="level"]', level)
    page.click('[data-action="new-game"]')
    page.wait_for_function(IDLE)


def decide(page) -> dict | None:
    """Take the player's next decision (a card where one is due); what the page showed, with times."""
    page.wait_for_function(IDLE, timeout=60_000)
    waiting = page.get_attribute(".table-wrap", "data-waiting-for")
    if waiting in ("next-deal", "round-over"):
        page.click('[data-action="next-deal"]') if waiting == "next-deal" else None
        return None
    if waiting != "play":
        selector = {"reservation": '[data-reservation="healthy"]', "declare": "[data-declare]",
                    "exchange": '[data-action="give"], [data-accept="false"]'}[waiting]
        page.locator(selector).first.click()
        return None
    on_table = page.eval_on_selector_all("#trick .slot", "slots => slots.length")
    page.evaluate("window.__shown = []; performance.clearResourceTimings()")
    card = page.locator(".hand button.card:not([disabled])").first
    card.click(position={"x": 4, "y": 12})
    page.wait_for_function(IDLE, timeout=60_000)
    shown = page.evaluate("window.__shown")
    answers = page.evaluate("""performance.getEntriesByType('resource')
        .filter(e => /\\/(act|step)$/.test(e.name)).map(e => ({url: e.name, start: e.startTime, end: e.responseEnd}))""")
    click = next(entry for entry in shown if "click" in entry)
    own = f"0:{click['click']}"
    own_shown = next(e["t"] for e in shown if "cards" in e and e["t"] >= click["t"] and own in (e["cards"] or ""))
    before = set()
    first_computer = None
    for entry in shown:
        if "cards" not in entry or entry["t"] < click["t"]:
            continue
        cards = set(filter(None, (entry["cards"] or "").split(",")))
        new = {c for c in cards - before if not c.startswith("0:")}
        if new and before:
            first_computer = entry["t"]
            break
        before = cards
    steps = [a for a in answers if a["url"].endswith("/step")]
    act = next(a for a in answers if a["url"].endswith("/act"))
    # The answer that brought the first computer card: the last one in before the card showed.
    bringing = [a for a in steps if first_computer is not None and a["end"] <= first_computer]
    return {"own": own_shown - click["t"], "first_computer": None if first_computer is None else first_computer - click["t"],
            "next_in_trick": on_table < 3, "act": act["end"] - click["t"],
            "first_step": (steps[0]["end"] - steps[0]["start"]) if steps else None,
            # a call first (a bubble of its own) or a trick completed by the player's card is held on show
            "card_first": len(bringing) == 1,
            "lag": (first_computer - bringing[-1]["end"]) if bringing else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000/")
    parser.add_argument("--decisions", type=int, default=50)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--speed", default="400", help="animation ms per card (the new-game form's values)")
    parser.add_argument("--touch", action="store_true", help="390x844 touch instead of 1366x768")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        size = {"width": 390, "height": 844} if args.touch else {"width": 1366, "height": 768}
        context = browser.new_context(viewport=size, has_touch=args.touch, is_mobile=args.touch, locale="de-DE")
        page = context.new_page()
        page.add_init_script(RECORDER)
        start(page, args.url, args.level, args.speed)
        while len(rows) < args.decisions:
            row = decide(page)
            if row:
                rows.append(row)
                print(json.dumps(row), file=sys.stderr)
        browser.close()
    own = [r["own"] for r in rows]
    acts = [r["act"] for r in rows]
    plain = [r for r in rows if r["next_in_trick"] and r["card_first"] and r["first_computer"] is not None]
    first = [r["first_computer"] for r in plain]
    steps = [r["first_step"] for r in plain]
    lag = [r["lag"] for r in plain]
    print(f"{len(rows)} decisions; {len(plain)} with a computer card next in the same trick and no call before it")
    for name, values in (("click -> own card shown", own), ("click -> answer to the card (/act)", acts),
                         ("click -> first computer card", first), ("its /step request (one decision)", steps),
                         ("its answer -> its card shown", lag)):
        if values:
            print(f"{name:40s} n={len(values):3d}  p50 {percentile(values, .5):7.1f} ms  "
                  f"p95 {percentile(values, .95):7.1f} ms  max {max(values):7.1f} ms  mean {statistics.mean(values):7.1f} ms")


if __name__ == "__main__":
    main()
