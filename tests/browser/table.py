"""Driving the table like a person: only clicks on what the page offers (not a test module)."""

from __future__ import annotations


def start_game(page, url: str, mode: str = "casual") -> None:
    page.goto(url)
    page.locator(f'input[name="mode"][value="{mode}"]').check()
    page.select_option('select[name="animation_ms"]', "0")
    page.click('[data-action="new-game"]')
    page.wait_for_selector("#trick")


def seq(page) -> int:
    return int(page.get_attribute(".table-wrap", "data-seq"))


def click_and_wait(page, selector: str) -> None:
    """Click and wait for the answer: the table comes back with a higher sequence number."""
    before = seq(page)
    page.locator(selector).first.click()
    page.wait_for_selector(f'.table-wrap[data-seq="{before + 1}"]')


def take_turn(page) -> bool:
    """Do the obvious thing the player is asked for; False once the deal is over."""
    waiting = page.get_attribute(".table-wrap", "data-waiting-for")
    if waiting == "reservation":
        click_and_wait(page, '[data-reservation="healthy"]')
    elif waiting == "declare":
        click_and_wait(page, "[data-declare]")
    elif waiting == "play":
        click_and_wait(page, ".hand button[data-card]:not([disabled])")
    else:
        return False
    return True


def play_deal(page, limit: int = 40) -> None:
    for _ in range(limit):
        if not take_turn(page):
            return
    raise AssertionError("the deal did not end")


def hand(page) -> list[str]:
    return page.eval_on_selector_all(".hand button[data-card]", "cards => cards.map(c => c.dataset.card)")


def trick(page) -> list[tuple[str, str]]:
    return page.eval_on_selector_all(
        "#trick .slot", "slots => slots.map(s => [s.dataset.seat, s.querySelector('[data-card]').dataset.card])")


def calls(page) -> list[tuple[str, str]]:
    return page.eval_on_selector_all(
        ".seat [data-called]", "calls => calls.map(c => [c.closest('.seat').dataset.seat, c.dataset.called])")


def scores(page, selector: str) -> list[int]:
    return [int(x) for x in page.get_attribute(selector, "data-scores").split(",")]
