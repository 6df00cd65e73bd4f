"""Deal review in Chromium: the finished deal trick by trick, a result line's trick, a record file from disk."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from app.service import HUMAN, Game
from engine.cards import CLUB_QUEEN

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("table", Path(__file__).with_name("table.py"))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)


def deal_record(page) -> dict:
    return page.evaluate("""() => fetch('/api/game/deal', {headers: {'X-Game-Token': localStorage.getItem('doppelkopf.token')}})
                                   .then(r => r.json())""")


RECORDS = Path(__file__).parents[1] / "engine" / "records"


def stored_record(name: str) -> dict:
    return json.loads((RECORDS / f"{name}.json").read_text())


def review_trick(page) -> list[tuple[int, str]]:
    cells = page.locator("#review .review-trick li")
    return [(int(cells.nth(i).get_attribute("data-seat")), cells.nth(i).get_attribute("data-card"))
            for i in range(cells.count())]


def plays_by_trick(record: dict) -> list[list[tuple[int, str]]]:
    plays = [(a["seat"], a["play"]) for a in record["actions"] if "play" in a]
    return [plays[i:i + 4] for i in range(0, len(plays), 4)]


def expected_bubbles(record: dict) -> list[tuple[int, int, str]]:
    """(trick, position in the trick, call) of every call made after the first card."""
    bubbles, plays = [], 0
    for action in record["actions"]:
        if "play" in action:
            plays += 1
        elif "call" in action and plays:
            bubbles.append((plays // 4 + 1, plays % 4, action["call"]))
    return bubbles


def opening_calls(record: dict) -> list[tuple[int, str]]:
    """(seat, call) of every call made before the first card."""
    calls = []
    for action in record["actions"]:
        if "play" in action:
            break
        if "call" in action:
            calls.append((action["seat"], action["call"]))
    return calls


def test_review_a_finished_deal_trick_by_trick(page, server):
    table.finish_deals(page, server, 1, calls=True)    # a call of ours, so the review has one to show
    record = deal_record(page)
    # ours is in the record, so below it is checked at step 0 or as a bubble in its trick
    assert 0 in [a["seat"] for a in record["actions"] if "call" in a]
    page.click('[data-action="review"]')
    page.wait_for_selector("#review")
    tricks = plays_by_trick(record)
    assert page.get_attribute("#review", "data-step") == "1"                 # opens at the first trick
    assert review_trick(page) == tricks[0]
    assert "1" in page.inner_text("#review-title")                           # the deal's number
    page.click(f'#review [data-review-step="{len(tricks)}"]')
    page.wait_for_selector(f'#review[data-step="{len(tricks)}"]')
    scores = [int(s) for s in page.get_attribute("#review .review-scores", "data-scores").split(",")]
    assert scores == table.scores(page, "#deal-result")
    page.click('#review [data-review-step="0"]')
    page.wait_for_selector('#review[data-step="0"]')
    for seat in range(4):        # the hands as dealt
        shown = page.locator(f'[data-review-hand="{seat}"] [data-card]').evaluate_all("cs => cs.map(c => c.dataset.card)")
        assert sorted(shown) == sorted(record["hands"][seat])
    opening = [a for a in record["actions"] if "reservation" in a or "declare" in a]
    assert page.locator("#review .review-events li[data-event]").count() >= len(opening)
    # The calls before the first card are told at step 0, by seat and in order.
    told = page.locator('#review .review-events li[data-event="call"]').all_inner_texts()
    assert len(told) == len(opening_calls(record))
    names = ["Du", "Anna", "Bruno", "Clara"] if page.get_attribute("html", "lang") == "de" else ["You", "Anna", "Bruno", "Clara"]
    for text, (seat, call) in zip(told, opening_calls(record)):
        assert text.startswith(names[seat] + ":"), (text, seat, call)
    bubbles = expected_bubbles(record)
    for number, trick in enumerate(tricks, start=1):
        page.click('#review [data-action="review-next"]')
        page.wait_for_selector(f'#review[data-step="{number}"]')
        assert review_trick(page) == trick
        for _, position, call in (b for b in bubbles if b[0] == number):
            assert page.locator(f"#review .review-trick li >> nth={position}").locator(f'[data-call="{call}"]').count()
    page.click('#review [data-action="review-prev"]')
    page.wait_for_selector(f'#review[data-step="{len(tricks) - 1}"]')
    page.click('[data-action="review-close"]')
    assert page.locator("#review").count() == 0


def test_a_result_line_opens_the_review_at_its_trick(page, server):
    for seed in range(6):                               # deals until a line names a trick (Fuchs, Doppelkopf, Karlchen)
        table.finish_deals(page, server, 1, seed)
        named = page.locator("#deal-result tr[data-item] [data-review-trick]")
        if named.count():
            trick = int(named.first.get_attribute("data-review-trick"))
            item = named.first.locator("xpath=ancestor::tr[1]").get_attribute("data-item")
            named.first.click()
            page.wait_for_selector(f'#review[data-step="{trick}"]')
            shown = review_trick(page)
            assert shown == plays_by_trick(deal_record(page))[trick - 1]     # that trick, card by card
            cards = [card for _, card in shown]
            if item == "fox":
                assert "DA" in cards
            elif item == "karlchen":
                assert trick == 12 and "CJ" in cards
            elif item == "doppelkopf":
                eyes = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
                assert sum(eyes[card[1:]] for card in cards) >= 40, cards
            return
    pytest.skip("six deals without a Fuchs, Doppelkopf or Karlchen (unlikely)")


def test_open_a_record_file_and_an_invalid_one(page, server, tmp_path):
    table.start_game(page, server.url)
    seq_before = table.seq(page)
    record = stored_record("N01")                   # dealer 0 (the running deal's record is not to be had)
    assert record["dealer"] == 0
    record["actions"] = []                          # the deal as dealt, nothing played yet
    good = tmp_path / "deal.json"
    good.write_text(json.dumps(record))
    page.click('[data-action="menu"]')
    page.set_input_files('[data-action="import-deal"]', str(good))
    page.wait_for_selector('#review[data-step="0"]')
    assert page.locator("[data-review-hand]").count() == 4
    bad = tmp_path / "bad.json"
    record["actions"] = [{"seat": 2, "reservation": False}]      # Vorhand is seat 1: seat 2 is not to speak
    bad.write_text(json.dumps(record))
    page.set_input_files('[data-action="import-deal"]', str(bad))
    page.wait_for_selector("#review [data-review-error]")
    error = page.inner_text("#review [data-review-error]")
    from engine.errors import RecordError
    from engine.record import replay
    with pytest.raises(RecordError) as refused:
        replay(record)
    assert refused.value.index == 0 and refused.value.seat == 2
    assert "1" in error and "Bruno" in error            # which action, which seat (the page counts from 1)
    assert refused.value.reason in error                # and the engine's own reason
    assert table.seq(page) == seq_before                 # the running game is untouched
    assert len(table.hand(page)) == 12


def test_an_earlier_deal_opens_from_its_score_sheet_row(page, server):
    table.finish_deals(page, server, 1)
    first = deal_record(page)
    table.wait_archived(page, 1)
    table.click_and_wait(page, '[data-action="next-deal"]')
    table.play_on_the_page_game(page, server)
    table.play_deal(page)
    page.click('#score-sheet [data-review-deal="1"]')
    page.wait_for_selector("#review[data-step]")
    page.click('#review [data-review-step="1"]')
    page.wait_for_selector('#review[data-step="1"]')
    assert review_trick(page) == plays_by_trick(first)[0]
    page.evaluate("() => DoppelkopfArchive.clear()")               # not stored: the page says so
    page.click('#score-sheet [data-review-deal="1"]')
    page.wait_for_selector("#review-area .notice")


def test_the_klaerungsstich_opens_the_review_at_its_trick(page, server):
    """A finished Hochzeit put on the table (sealed with the server's key, as the server would): the
    result's Klärungsstich line and the log's entry open the review there."""
    from app.sealing import Sealer, load_or_create_key
    from engine.record import replay

    table.start_game(page, server.url)
    record = stored_record("H02")
    trick = replay(record).clarified_in
    assert trick is not None
    sealer = Sealer(load_or_create_key(server.data_dir))
    state = sealer.unseal(table.stored_token(page))
    state["round"]["dealer"], state["deal"] = record["dealer"], record
    page.evaluate("token => localStorage.setItem('doppelkopf.token', token)", sealer.seal(state))
    table.reload(page)
    line = page.locator('#deal-result [data-item="clarified"] [data-review-trick]')
    assert line.get_attribute("data-review-trick") == str(trick)
    line.click()
    page.wait_for_selector(f'#review[data-step="{trick}"]')
    assert page.locator("#review .review-clarified").count() == 1
    assert review_trick(page) == plays_by_trick(record)[trick - 1]
    page.click('[data-action="review-close"]')
    page.locator('#game-log [data-kind="clarified"] [data-review-trick]').click()
    page.wait_for_selector(f'#review[data-step="{trick}"]')


def re_call_position() -> Game:
    """A casual game at `rules` at the player's first card, holding one Kreuz-Dame: Re may be said."""
    return table.first_card_position("re-call", lambda deal: deal.hands[HUMAN].count(CLUB_QUEEN) == 1
                                     and "re" in deal.legal_calls(HUMAN))


def test_take_back_a_re_call_in_casual_play_and_not_after_the_result(page, server):
    """The player says Re, takes it back (the call goes, the button is offered again); once the deal
    is over there is nothing to take back."""
    table.show_game(page, server, re_call_position())
    table.click_and_wait(page, '[data-call="re"]')
    assert ["0", "re"] in table.calls(page)
    table.click_and_wait(page, '[data-action="undo"]')
    assert ["0", "re"] not in table.calls(page)
    assert page.locator('[data-call="re"]').count() == 1
    table.play_on_the_page_game(page, server)
    table.play_deal(page)
    page.wait_for_selector("#deal-result")
    assert page.locator('[data-action="undo"]').count() == 0
    assert page.locator('#score-sheet [data-took-back]').count() == 1


def test_the_deal_record_is_saved_after_the_deal_and_refused_during_it(page, server, tmp_path):
    table.show_game(page, server, table.game_near_the_end())
    running = page.evaluate("""() => fetch('/api/game/deal', {headers: {'X-Game-Token': localStorage.getItem('doppelkopf.token')}})
                                     .then(r => r.status)""")
    assert running == 409                                   # the other hands stay hidden while the deal runs
    table.play_deal(page)
    with page.expect_download() as download:
        page.click("#deal-result a[data-export]")
    saved = tmp_path / "deal.json"
    download.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert record["format"] == "doppelkopf-deal/1" and len(record["hands"]) == 4
    assert record == deal_record(page)
