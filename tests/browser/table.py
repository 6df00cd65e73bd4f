"""Driving the table like a person: only clicks on what the page offers (not a test module)."""

from __future__ import annotations


def start_game(page, url: str, mode: str = "casual", level: str | None = None, rules: str | None = None) -> None:
    page.goto(url)
    if rules:
        page.locator(f'input[name="rules"][value="{rules}"]').check()
    page.locator(f'input[name="mode"][value="{mode}"]').check()
    page.select_option('select[name="animation_ms"]', "0")
    if level:
        page.select_option('select[name="level"]', level)
    page.click('[data-action="new-game"]')
    page.wait_for_selector("#trick")
    wait_until_settled(page)


# The page is done: no answer on its way, no computer decision being fetched or shown (replay.js keeps
# #game aria-busy until then), and a table is there.
IDLE = """() => { const game = document.getElementById('game');
  return !!game && !game.hasAttribute('aria-busy') && !!document.querySelector('.table-wrap[data-seq]'); }"""


def wait_until_settled(page, timeout: float = 30_000) -> None:
    """Wait until replay.js has dealt with the answers: the computers' decisions, which the page fetches
    one at a time (POST /step), are all there and shown, up to the player's turn or the deal's end."""
    page.wait_for_function(IDLE, timeout=timeout)
    if page.get_attribute(".table-wrap", "data-animation-ms") == "0":
        page.wait_for_selector("#trick-replay", state="detached")


def wait_for_answer(page, before: int) -> None:
    """The answer to an action at step ``before`` is there, with the computers' decisions after it."""
    page.wait_for_function(f"() => +document.querySelector('.table-wrap').dataset.seq > {before}")
    wait_until_settled(page)


def seq(page) -> int:
    return int(page.get_attribute(".table-wrap", "data-seq"))


def click_and_wait(page, selector: str) -> None:
    """Click and wait for the answer: the table comes back with a higher sequence number."""
    before = seq(page)
    button = page.locator(selector).first
    asks_to_confirm = button.get_attribute("data-confirm-text") is not None
    # A card in a narrow hand shows only its left strip (the next card lies on it): click there.
    button.click(position={"x": 4, "y": 12} if button.get_attribute("data-card") else None)
    if asks_to_confirm:
        button.click()                  # an Absage asks for a second press (misclick protection)
    wait_for_answer(page, before)


OBVIOUS = {"reservation": '[data-reservation="healthy"], [data-reservation="reservation"]', "declare": "[data-declare]",
           "exchange": '[data-action="give"], [data-accept="false"]', "play": ".hand button[data-card]:not([disabled])"}


def obvious_choice(page) -> str | None:
    """The selector of the obvious thing the player is asked for; None once the deal is over."""
    return OBVIOUS.get(page.get_attribute(".table-wrap", "data-waiting-for"))


def take_turn(page) -> bool:
    """Do the obvious thing the player is asked for; False once the deal is over."""
    wait_until_settled(page)                    # not between answers, where nothing is asked yet
    choice = obvious_choice(page)
    if choice is None:
        return False
    if page.locator(".hand[data-forced]").count():
        wait_for_answer(page, seq(page))        # the last forced cards play themselves (static/autoplay.js)
        return True
    click_and_wait(page, choice)
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


def sheet(page) -> list[str]:
    return page.eval_on_selector_all("#score-sheet tbody tr[data-scores]", "rows => rows.map(r => r.dataset.scores)")


def state(page) -> dict:
    """Everything a player would notice being different after a reload."""
    result = page.locator("#deal-result")
    last_trick = page.eval_on_selector_all("#last-trick [data-card]", "cards => cards.map(c => c.dataset.card)")
    return {"game": page.get_attribute(".table-wrap", "data-game-id"), "seq": seq(page),
            "waiting_for": page.get_attribute(".table-wrap", "data-waiting-for"), "hand": hand(page),
            "trick": trick(page), "calls": calls(page), "sheet": sheet(page), "last_trick": last_trick,
            "result": result.get_attribute("data-scores") if result.count() else None}


def stored_token(page) -> str | None:
    return page.evaluate("localStorage.getItem('doppelkopf.token')")


def reload(page) -> None:
    page.reload()
    page.wait_for_selector(".table-wrap[data-seq]")
    wait_until_settled(page)


def declare_solo(page, kind: str = "solo-spades") -> None:
    """Say Vorbehalt and name a solo. At the random level a computer's Vorbehalt is always a solo too,
    so a solo is played either way: the player's, or the computer's that has priority."""
    click_and_wait(page, '[data-reservation="reservation"]')
    if page.get_attribute(".table-wrap", "data-waiting-for") == "declare":
        click_and_wait(page, f'[data-declare="{kind}"]')


def play_until_trick(page, number: int) -> None:
    """Take the obvious turns until trick ``number`` is on the table and the player is to play."""
    while int(page.get_attribute("#trick", "data-trick") or 0) < number or \
            page.get_attribute(".table-wrap", "data-waiting-for") != "play":
        if not take_turn(page):
            raise AssertionError(f"the deal ended before trick {number}")


def archived_deals(page) -> list[dict]:
    """The deals the page keeps in its archive (IndexedDB, read through a promise)."""
    return page.evaluate("() => DoppelkopfArchive.deals()")


def wait_archived(page, count: int, timeout: float = 15.0) -> list[dict]:
    """Wait until the archive holds exactly ``count`` deals. (Polled from here: wait_for_function takes a
    returned promise for a truthy value and would not wait at all.)"""
    deals = archived_deals(page)
    for _ in range(int(timeout * 10)):
        if len(deals) == count:
            return deals
        page.wait_for_timeout(100)
        deals = archived_deals(page)
    raise AssertionError(f"expected {count} archived deals, found {len(deals)}")


def first_card_position(name: str, fits, seed: int = 0):
    """A casual game at `rules` at the player's first card: deals from ``seed`` on (everyone healthy, the
    computers' cards before the player's at random) until ``fits(deal)``."""
    import random
    from app.game_settings import GameSettings
    from app.service import HUMAN, Game
    from engine.deal import RESERVATIONS
    from engine.round import Round
    while True:
        rng = random.Random(seed)
        round_ = Round()
        deal = round_.new_deal(rng)
        while deal.phase == RESERVATIONS:
            deal.reserve(deal.turn, False)
        while deal.turn != HUMAN:
            deal.play(rng.choice(deal.legal_cards()))
        if fits(deal):
            return Game(name, 1, GameSettings(level="rules", animation_ms=0), round_, deal)
        seed += 1


def show_game(page, server, game) -> None:
    """Put a game made here on the table: sealed with the server's key as the server seals its answers,
    stored where the page keeps its token, the page reloaded."""
    from app.sealing import Sealer, load_or_create_key
    token = Sealer(load_or_create_key(server.data_dir)).seal(game.to_state())
    page.goto(server.url)
    page.evaluate("token => localStorage.setItem('doppelkopf.token', token)", token)
    reload(page)
    page.wait_for_selector("#trick")


def game_near_the_end(deals: int = 1, seed: int = 0, cards_left: int = 1, calls: bool = False, **settings):
    """A new game (its deals from ``seed``, the computers at ``settings``' level, ``rules`` unless told)
    taken on by :func:`play_on`. A test that needs finished deals plays only the last cards by clicks."""
    from app.game_settings import GameSettings
    from app.service import Game, keyed_deal, let_computers_act
    from engine.round import Round
    settings = GameSettings(**({"level": "rules", "animation_ms": 0} | settings))
    round_ = Round(mode=settings.mode, rules=settings.rule_set())
    key = f"{seed:032x}"
    game = Game(f"{seed:016x}", 1, settings, round_, keyed_deal(round_, key, 0), deal_key=key)
    let_computers_act(game)
    return play_on(game, deals, cards_left, calls)


def play_on(game, deals: int = 1, cards_left: int = 1, calls: bool = False):
    """``game`` taken on through the service: its running deal and the next ``deals - 2`` to their end,
    the last until the player, holding ``cards_left`` cards, is to play. The player decides as the page's
    obvious choice would (healthy, an Armut declined, the first playable card; with ``calls`` Re or
    Kontra said whenever it may be), the computers as they do on the page."""
    from app.api_models import PlayerAction
    from app.service import HUMAN, act, next_deal
    from engine.cards import code
    from engine.deal import DONE, PLAY, POVERTY, RESERVATIONS
    for number in range(1, deals + 1):
        if number > 1:
            next_deal(game, game.seq)
        deal = game.deal
        while not (deal.phase == DONE if number < deals else
                   deal.phase == PLAY and deal.turn == HUMAN and len(deal.hands[HUMAN]) == cards_left):
            said = [call for call in ("re", "kontra") if calls and call in deal.legal_calls(HUMAN)]
            choice = {"reservation": False} if deal.phase == RESERVATIONS else \
                {"accept": False} if deal.phase == POVERTY else \
                {"call": said[0]} if said else {"play": code(deal.legal_cards()[0])}
            act(game, PlayerAction(seq=game.seq, **choice))
    return game


def play_on_the_page_game(page, server, cards_left: int = 1) -> None:
    """The page's own game (its stored token, unsealed with the server's key) taken on by :func:`play_on`
    to the player's last ``cards_left`` cards and put back on the page: the dull middle of a deal
    played here, its start and end by clicks."""
    from app.sealing import Sealer, load_or_create_key
    from app.service import Game
    game = Game.from_state(Sealer(load_or_create_key(server.data_dir)).unseal(stored_token(page)))
    show_game(page, server, play_on(game, cards_left=cards_left))


def finish_deals(page, server, count: int, seed: int = 0, **options) -> None:
    """Deals 1 to ``count`` of one game finished on the page, each from its last card (as
    :func:`game_near_the_end` leaves it): the page shows each result, archives it, keeps its row."""
    for number in range(1, count + 1):
        show_game(page, server, game_near_the_end(number, seed, **options))
        play_deal(page)
