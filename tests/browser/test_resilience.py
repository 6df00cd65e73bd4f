"""A game is never lost: reloads at any moment, a server restart, two tabs, a damaged token, a strict CSP."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("table", Path(__file__).with_name("table.py"))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)

MOMENTS = {"reservation", "naming", "before-call", "after-call", "mid-trick", "after-trick", "half-way",
           "last-card", "result", "between-deals", "after-restart"}
AT_THE_END = {"last-card", "result", "between-deals", "after-restart"}


def assert_reload_keeps_everything(page) -> None:
    before, token = table.state(page), table.stored_token(page)
    table.reload(page)
    assert table.state(page) == before
    assert table.stored_token(page) == token


class Player:
    """Plays so that every moment comes up: Vorbehalt (to be asked to name), calls when it can."""

    def __init__(self, page, server):
        self.page, self.server = page, server
        self.just_called = False
        self.completed_trick = False

    def moment(self, checked: set[str]) -> str | None:
        """The moment the table shows now, if it is one still to check."""
        state = table.state(self.page)
        waiting, hand = state["waiting_for"], state["hand"]
        candidates = {
            "reservation": waiting == "reservation" and not state["sheet"],
            "between-deals": waiting == "reservation" and bool(state["sheet"]),
            "naming": waiting == "declare",
            "after-call": self.just_called,
            "before-call": waiting == "play" and self.page.locator("[data-call]").count() > 0,
            "after-trick": waiting == "play" and self.completed_trick,
            "mid-trick": waiting == "play" and bool(state["trick"]),
            "half-way": waiting == "play" and len(hand) == 6,
            "last-card": waiting == "play" and len(hand) == 1,
            "result": waiting == "next-deal",
        }
        return next((name for name, now in candidates.items() if now and name not in checked), None)

    def act(self, checked: set[str]) -> None:
        page, waiting = self.page, self.page.get_attribute(".table-wrap", "data-waiting-for")
        self.just_called = self.completed_trick = False
        if waiting == "reservation":
            table.click_and_wait(page, '[data-reservation="reservation"]')
        elif waiting == "next-deal":
            table.click_and_wait(page, '[data-action="next-deal"]')
        elif waiting == "play" and "after-call" not in checked and page.locator("[data-call]").count():
            table.click_and_wait(page, "[data-call]")
            self.just_called = True
        elif waiting == "play" and MOMENTS - checked <= AT_THE_END and len(table.hand(page)) > 1:
            table.play_on_the_page_game(page, self.server)     # nothing to check before the last card
        else:
            self.completed_trick = waiting == "play" and len(table.trick(page)) == 3
            table.take_turn(page)


def test_reload_at_every_moment_and_after_a_restart(page, make_server, tmp_path):
    server = make_server(tmp_path / "data")
    table.start_game(page, server.url, level="rules")   # the rule player rarely outranks our Vorbehalt
    player, checked = Player(page, server), set()
    for _ in range(200):
        moment = player.moment(checked)
        if moment:
            assert_reload_keeps_everything(page)
            checked.add(moment)
        if "between-deals" in checked and "after-restart" not in checked:
            before = table.state(page)
            server.stop()
            server = make_server(tmp_path / "data", port=server.port)   # same key directory, same address
            table.reload(page)
            assert table.state(page) == before
            checked.add("after-restart")
        if checked == MOMENTS:
            break
        player.act(checked)
    assert checked == MOMENTS


def test_two_tabs_corrupt_nothing(browser, server):
    context = browser.new_context(locale="en-US")       # one browser profile: one stored token
    context.set_default_timeout(15_000)
    try:
        first, second = context.new_page(), context.new_page()
        table.start_game(first, server.url)
        second.goto(server.url)
        second.wait_for_selector(".table-wrap[data-seq]")
        table.wait_until_settled(second)
        for mover, stale in ((first, second), (second, first), (first, second)):
            assert table.state(stale) == table.state(mover)
            mover.bring_to_front()          # a background tab's timers (htmx's settling) are slowed down
            table.take_turn(mover)
            token = table.stored_token(mover)
            stale.bring_to_front()
            refuse(stale, table.obvious_choice(stale), "moved on")
            assert table.stored_token(stale) == token           # the refused action changed nothing
            assert table.state(stale) == table.state(mover)     # and the stale tab shows the current table
        table.play_on_the_page_game(second, server)             # the game goes on to its end
        table.play_deal(second)
        first.bring_to_front()
        table.reload(first)
        assert table.state(first) == table.state(second) and table.state(first)["result"]
        # A new game in one tab: the other tab's action was for the old one.
        second.bring_to_front()
        second.click('[data-action="menu"]')
        second.click('[data-action="show-new-game"]')
        second.select_option('select[name="animation_ms"]', "0")
        second.click('[data-action="new-game"]')
        second.click('[data-action="new-game"]')       # the second press: the running game is given up
        second.wait_for_selector('.table-wrap[data-seq]')
        table.wait_until_settled(second)                # the computers' reservations, one answer each
        first.bring_to_front()
        refuse(first, '[data-action="next-deal"]', "another game")
        assert table.state(first) == table.state(second)
    finally:
        context.close()


def refuse(page, selector: str, words: str) -> None:
    """Click ``selector`` in a tab that is behind: the server refuses it and says why."""
    with page.expect_response(lambda response: response.status == 409):
        page.locator(selector).first.click()
    notice = page.locator('.table-wrap .notice[role="alert"]')
    notice.wait_for()
    assert words in notice.inner_text()


def test_a_damaged_token_keep_it_or_start_anew(page, server):
    table.start_game(page, server.url)
    token = table.stored_token(page)
    damaged = token[:60] + ("A" if token[60] != "A" else "B") + token[61:]
    page.evaluate("token => localStorage.setItem('doppelkopf.token', token)", damaged)
    page.reload()
    error = page.locator("#token-error")
    error.wait_for()
    assert "cannot be read" in error.inner_text()
    # Keep it: asked again, the server still cannot use it, and the stored token is untouched.
    with page.expect_response(lambda response: response.url == server.url and response.status == 400):
        page.click('[data-action="keep-token"]')
    error.wait_for()
    assert table.stored_token(page) == damaged
    page.reload()
    error.wait_for()
    assert table.stored_token(page) == damaged
    # A new game: only now is the stored token replaced.
    page.select_option('select[name="animation_ms"]', "0")
    page.click('[data-action="new-game"]')
    page.wait_for_selector('.table-wrap[data-seq]')
    table.wait_until_settled(page)
    assert table.stored_token(page) not in (damaged, token)
    assert_reload_keeps_everything(page)


def test_the_table_and_the_docs_work_under_the_csp(page, server):
    console = []
    page.on("console", lambda message: console.append(message.text))
    table.start_game(page, server.url)
    for _ in range(3):
        assert table.take_turn(page)              # htmx swaps, token.js keeps the token
    page.click('[data-action="menu"]')
    page.goto(server.url + "docs")
    page.wait_for_selector(".opblock")
    operations = sum(len(path) for path in page.request.get(page.url.replace("/docs", "/openapi.json")).json()["paths"].values())
    assert page.locator(".opblock").count() == operations      # Swagger UI rendered every operation
    page.locator(".opblock-summary").first.click()
    page.wait_for_selector(".opblock-body")
    violations = [text for text in console if "Content Security Policy" in text or "Content-Security-Policy" in text]
    assert not violations
