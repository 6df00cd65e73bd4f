"""The table tells the deal in order: sampled between the arrivals of the computers' cards (slow
animation), turn marker, leader, trick number, counters, last-trick panel and hand agree with the
cards on show; calls need a second press; a tap lifts a card on a touch screen."""

from __future__ import annotations

import pytest

from . import table

pytestmark = pytest.mark.browser

# Everything the table shows about the deal's progress, read in one go (cards on show: the frame
# being replayed, else the trick).
SAMPLE = """() => {
  const wrap = document.querySelector('.table-wrap');
  const frames = [...document.querySelectorAll('#trick-replay .frame:not([hidden])')];
  const frame = frames[frames.length - 1];
  const trick = document.querySelector('#trick');
  const shown = frame ? frames : (trick.hidden ? [] : [trick]);
  const seats = [...document.querySelectorAll('.seat')];
  const cardsShown = shown.flatMap(e => [...e.querySelectorAll('.slot')]);
  const game = document.getElementById('game');
  const lastPanel = [...document.querySelectorAll('#last-trick [data-last-trick]')].filter(e => !e.hidden);
  return {
    replaying: wrap.classList.contains('replaying'), frame: !!frame,
    cards: shown.length ? shown.flatMap(e => [...e.querySelectorAll('.slot')]).map(s => +s.dataset.seat) : null,
    // Between the click and the answer the player's card lies on the table alone (no frame): a fourth
    // card completes its trick there too.
    complete: frame ? !!frame.dataset.complete : cardsShown.length === 4, kind: frame ? frame.dataset.kind : 'play',
    idle: !game.hasAttribute('aria-busy'), seq: +wrap.dataset.seq,
    thinking: seats.filter(s => s.hasAttribute('data-thinking')).map(s => +s.dataset.seat),
    turn: seats.filter(s => s.hasAttribute('data-turn')).map(s => +s.dataset.seat),
    leader: seats.filter(s => s.hasAttribute('data-leader')).map(s => +s.dataset.seat),
    trick: +trick.dataset.trick, tricks: +trick.dataset.tricks,
    counted: seats.map(s => +s.querySelector('[data-tricks]').dataset.tricks).reduce((a, b) => a + b, 0),
    last: lastPanel.map(e => e.dataset.lastTrick),
    playable: document.querySelectorAll('.hand button[data-card]:not([disabled])').length,
    waiting: wrap.dataset.waitingFor,
    // What the seats' badges say and what the table has shown that could justify them.
    played: [...(shown.length ? shown : []), ...lastPanel].flatMap(e => [...e.querySelectorAll('.slot')])
      .map(s => s.dataset.seat + ':' + s.querySelector('[data-card]').dataset.card),
    parties: seats.map(s => [...s.querySelectorAll('[data-badge=party]')].filter(b => !b.closest('[hidden]'))
      .map(b => b.classList.contains('party-re') ? 're' : 'kontra')[0] || ''),
    called: seats.map(s => [...s.querySelectorAll('[data-called]')].some(b => !b.closest('[hidden]'))),
    contract: (document.querySelector('.game-type[data-contract]') || {dataset: {}}).dataset.contract || '',
    handQueens: document.querySelectorAll('.hand button[data-card="CQ"]').length,
  };
}"""


def check(sample: dict) -> None:
    assert sample["tricks"] == 12
    assert len(sample["turn"]) <= 1 and len(sample["last"]) == 1, sample
    trick, cards = sample["trick"], sample["cards"]
    if sample["replaying"]:
        assert sample["playable"] == 0, sample           # not the player's turn yet
        if cards and sample["kind"] == "play":
            if sample["complete"]:
                assert sample["turn"] == [], sample      # the trick lies there until it is collected
            else:
                assert sample["turn"] == [(cards[-1] + 1) % 4], sample
    # Counters and the last-trick panel count only the collected tricks.
    # (At the end of the deal the last trick too lies on the table until its frame is over.)
    collected = trick if sample["waiting"] == "next-deal" and not sample["replaying"] else max(0, trick - 1)
    assert sample["counted"] == collected, sample
    assert sample["last"] == ([str(collected)] if collected else [""]), sample
    if cards:
        assert sample["leader"] == [cards[0]], sample
    if not sample["replaying"] and sample["waiting"] == "play":
        assert sample["turn"] == [0] and sample["playable"] >= 1, sample
    if sample["waiting"] == "computers":       # a computer decides: it says so, the hand waits
        assert sample["thinking"] and 0 not in sample["thinking"] and sample["playable"] == 0, sample
        if not sample["replaying"] and sample["kind"] == "play" and trick:
            assert sample["turn"] == sample["thinking"], sample


def check_party_badges(samples: list[dict]) -> int:
    """No computer's party badge before what reveals it: its Kreuz-Dame on the table, its own call,
    or (Kontra) both Kreuz-Damen accounted for / two Re known, (Re) two Kontra known. Normal games
    only (the declared ones name their parties). Returns how many samples showed such a badge."""
    seen, shown_badges = set(), 0
    for sample in samples:
        seen.update(sample["played"])
        if sample["contract"] != "normal" or sample["waiting"] in ("next-deal", "round-over"):
            continue
        queens = sample["handQueens"] + sum(played.endswith(":CQ") for played in seen)
        parties = sample["parties"]
        for seat in (1, 2, 3):
            party = parties[seat]
            if not party:
                continue
            shown_badges += 1
            if party == "re":
                revealed = f"{seat}:CQ" in seen or sample["called"][seat] or parties.count("kontra") == 2
            else:
                revealed = sample["called"][seat] or queens == 2 or parties.count("re") == 2
            assert revealed, (seat, party, sorted(seen), sample)
    return shown_badges


def play_sampling(page, plays: int) -> list[dict]:
    samples = []
    for _ in range(plays + 6):
        table.wait_until_settled(page)
        waiting = page.get_attribute(".table-wrap", "data-waiting-for")
        if waiting not in table.OBVIOUS or plays == 0:
            break
        plays -= waiting == "play"
        before = table.seq(page)
        page.locator(table.OBVIOUS[waiting]).first.click()
        # From the click until the last computer decision is shown: the player's card at once, then
        # each computer's as it is decided (one answer each), with the thinking seat marked between.
        while True:
            sample = page.evaluate(SAMPLE)
            check(sample)
            samples.append(sample)
            if sample["idle"] and sample["seq"] > before:
                break
            page.wait_for_timeout(40)
    return samples


@pytest.mark.parametrize("reduced", [False, True])
def test_the_table_follows_the_cards_as_they_arrive(browser, server, reduced):
    context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768},
                                  reduced_motion="reduce" if reduced else "no-preference")
    try:
        page = context.new_page()
        page.goto(server.url)
        page.select_option('select[name="animation_ms"]', "150")
        page.select_option('select[name="level"]', "random")
        page.click('[data-action="new-game"]')
        page.wait_for_selector("#trick")
        samples = play_sampling(page, 3)
        frames = [s for s in samples if s["frame"]]
        assert len(frames) >= 3                            # the computers' cards came one at a time
        assert len({tuple(s["turn"]) for s in frames}) >= 2  # and the turn marker moved with them
        assert page.locator("#game-log > li[data-kind=trick]").count() >= 2
        assert page.locator("#announcer").inner_text().strip()
    finally:
        context.close()


def test_no_party_badge_before_the_card_that_reveals_it(browser, server):
    context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.goto(server.url)
        badges = 0
        for _ in range(4):                       # until a normal deal has shown a computer's party
            page.evaluate("localStorage.clear()")
            page.goto(server.url)
            page.select_option('select[name="animation_ms"]', "150")
            page.select_option('select[name="level"]', "rules")     # random players bid solos half the time
            page.click('[data-action="new-game"]')
            page.wait_for_selector("#trick")
            badges += check_party_badges(play_sampling(page, 12))
            if badges:
                break
        assert badges                            # the check above had something to check
    finally:
        context.close()


def test_an_absage_needs_a_second_press(page, server):
    absage = "[data-call][data-confirm-text]"
    for _ in range(5):                                   # a deal in which the player gets to an Absage
        if page.url.startswith(server.url):
            page.evaluate("localStorage.clear()")
        table.start_game(page, server.url, level="random")
        for _ in range(40):
            if page.locator(absage).count() or table.obvious_choice(page) is None:
                break
            if page.locator("[data-call=re], [data-call=kontra]").count():
                table.click_and_wait(page, "[data-call=re], [data-call=kontra]")      # said at once
            else:
                table.take_turn(page)
        if page.locator(absage).count():
            break
    call = page.locator(absage).first.get_attribute("data-call")
    before = table.seq(page)
    page.click(f"[data-call={call}]")
    assert page.locator(f"[data-call={call}][data-armed]").count() == 1
    page.wait_for_timeout(300)
    assert table.seq(page) == before                      # nothing was said yet
    page.click(f"[data-call={call}]")
    table.wait_for_answer(page, before)
    assert ["0", call] in table.calls(page)


def test_a_tap_lifts_a_card_and_a_second_tap_plays_it(browser, server):
    context = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    try:
        page = context.new_page()
        table.start_game(page, server.url, level="random")
        while page.get_attribute(".table-wrap", "data-waiting-for") != "play":
            assert table.take_turn(page)
        before = table.seq(page)
        card = page.locator(".hand button[data-card]:not([disabled])").last
        code = card.get_attribute("data-card")
        card.tap()
        assert page.locator(".hand .card.lifted").count() == 1 and table.seq(page) == before
        page.locator(".hand .card.lifted").tap()
        table.wait_for_answer(page, before)
        assert ["0", code] in table.trick(page) or page.locator(f'#last-trick [data-seat="0"] [data-card="{code}"]').count()
    finally:
        context.close()


def test_a_played_card_leaves_the_hand_at_once_and_comes_back_without_an_answer(page, server):
    table.start_game(page, server.url, level="random")
    while page.get_attribute(".table-wrap", "data-waiting-for") != "play":
        assert table.take_turn(page)
    held = []
    page.route("**/act", lambda route: held.append(route))        # the server "thinks" until we let go
    card = page.locator(".hand button[data-card]:not([disabled])").first
    code = card.get_attribute("data-card")
    card.click()
    page.wait_for_timeout(100)
    assert held and not page.locator(f'.hand button[data-card="{code}"]').first.is_visible()
    held[0].abort()                                                  # no answer: the card comes back
    page.locator(f'.hand button[data-card="{code}"]').first.wait_for(state="visible")
    page.unroute("**/act")


# The log's lines as shown: is its top line cut (half above the visible box), is it scrolled to the end?
LOG_LINES = """() => {
  const log = document.querySelector('#game-log');
  const box = log.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(log);
  // (a sub-pixel sliver is scrollTop rounding, not a cut line)
  const cut = [...range.getClientRects()].filter(r => r.height && r.top < box.top - 1.5 && r.bottom > box.top + 1.5);
  return {overflows: log.scrollHeight > log.clientHeight + 1, cut: cut.length,
          atEnd: log.scrollTop + log.clientHeight >= log.scrollHeight - 1};
}"""

# The calls of the computers in the newest answer (the log's call entries after ``step``) and the
# call bubbles on the table.
CALLS_SHOWN = """(step) => ({
  said: [...document.querySelectorAll('#game-log > li[data-kind=call]')].filter(e => +e.dataset.step > step)
          .map(e => e.dataset.seat).filter(seat => seat !== '0'),
  bubbles: [...document.querySelectorAll('#trick .bubble[data-bubble=call]')].map(b => b.className.match(/bubble-(\\d)/)[1]),
  last: Math.max(0, ...[...document.querySelectorAll('#game-log > li[data-step]')].map(e => +e.dataset.step)),
})"""


def test_speed_off_still_shows_each_call_as_a_bubble_and_the_log_shows_whole_lines(page, server):
    table.start_game(page, server.url, level="random")          # speed "off"
    calls_seen = lines_checked = 0
    step = 0
    for _ in range(3):                                          # deals until a computer has made a call
        while True:
            shown = page.evaluate(CALLS_SHOWN, step)
            # Every seat that called in this answer has its bubble, and no other seat.
            assert sorted(set(shown["said"])) == sorted(shown["bubbles"]), shown
            calls_seen += len(shown["said"])
            step = shown["last"]
            log = page.evaluate(LOG_LINES)
            if log["overflows"]:
                assert log["atEnd"] and log["cut"] == 0, log
                lines_checked += 1
            if not table.take_turn(page):
                break
        if calls_seen:
            break
        table.click_and_wait(page, '[data-action="next-deal"]')
        step = 0
    assert calls_seen, "no computer made a call in three deals"
    assert lines_checked >= 3
