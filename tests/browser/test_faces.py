"""The deck the player chooses (French, four-colour, German-suited), the card backs, and the sound switch."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("table", Path(__file__).with_name("table.py"))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)


def choose(page, pref: str, value: str) -> None:
    page.click('[data-action="menu"]')
    with page.expect_navigation():
        page.select_option(f'select[data-pref="{pref}"]', value)
    page.wait_for_selector(".hand button[data-card]")


def test_the_german_deck_draws_ober_unter_and_eichel_and_survives_a_reload(page, server):
    table.start_game(page, server.url)
    assert page.locator(".hand .face.deck-french").count() == page.locator(".hand .face").count() > 0   # the default
    assert page.locator('.hand .face use[href^="#suit-german-"]').count() == 0
    choose(page, "deck", "german")
    faces = page.locator(".hand .face")
    assert faces.count() == page.locator(".hand button[data-card]").count()
    assert page.locator('.hand .face use[href^="#suit-C"], .hand .face use[href^="#suit-S"]').count() == 0
    assert page.locator(".hand .face.deck-german").count() == faces.count()
    # The corner letters and the names for screen readers follow the deck.
    page.reload()
    page.wait_for_selector(".hand button[data-card]")
    labels = page.locator(".hand button[data-card]").evaluate_all(
        "cards => cards.map(card => [card.dataset.card, card.getAttribute('aria-label'), card.querySelector('.corner').textContent.trim()])")
    for code, label, corner in labels:
        suit = {"C": "acorns", "S": "leaves", "H": "hearts", "D": "bells"}[code[0]]
        assert suit in label, (code, label)
        rank = code[1:]
        if rank == "Q":
            assert label.startswith("Ober") and corner == "O"
        if rank == "J":
            assert label.startswith("Unter") and corner == "U"
    if any(code[0] == "C" for code, _, _ in labels):
        assert page.locator('.hand .face use[href="#suit-german-C"]').count() > 0
    # The rules page's card rows draw the same deck, and German names in German.
    page.goto(server.url + "rules?lang=de")
    assert page.locator('#rules .card-row [aria-label="Eichel-Ober"]').count() >= 1
    assert page.locator('.card-row .face use[href="#suit-german-D"]').count() >= 1
    # Back to the French deck.
    page.goto(server.url)
    page.wait_for_selector(".hand button[data-card]")
    choose(page, "deck", "french")
    assert page.locator(".hand .face.deck-french").count() == page.locator(".hand .face").count()


def test_the_four_colour_deck_and_the_card_back(page, server):
    table.start_game(page, server.url)
    choose(page, "deck", "four")
    colours = page.locator(".hand .face").evaluate_all(
        "faces => faces.map(face => [face.className, getComputedStyle(face).color])")
    by_suit = {cls.split("suit-")[1]: colour for cls, colour in colours}
    assert len(set(by_suit.values())) == len(by_suit), by_suit      # each suit its own colour
    assert page.locator(".seat .card-back.back-blue").count() == 3
    choose(page, "back", "green")
    assert page.locator(".seat .card-back.back-green").count() == 3
    page.reload()
    page.wait_for_selector(".hand button[data-card]")
    assert page.locator(".seat .card-back.back-green").count() == 3
    assert page.locator(".hand .face.deck-four").count() > 0


def test_the_sound_switch_persists_and_cues_the_players_turn(page, server):
    page.goto(server.url)
    page.locator('input[name="mode"][value="casual"]').check()
    page.click('[data-action="new-game"]')
    page.wait_for_selector("#trick")
    table.wait_until_settled(page)          # no computer's answer on its way that would redraw the menu shut
    assert page.evaluate("window.DoppelkopfSound.enabled()") is False    # off by default
    page.click('[data-action="menu"]')
    switch = page.locator('input[data-pref="sound"]')
    assert not switch.is_checked()
    switch.check()                                                       # a user gesture: audio may start
    page.reload()
    page.wait_for_selector("#trick")
    table.wait_until_settled(page)          # the computers' reservations (one answer each) are shown
    page.click('[data-action="menu"]')
    assert page.locator('input[data-pref="sound"]').is_checked()
    # Play on: after each of the player's actions the computers' frames are shown one at a time and
    # the turn cue comes once they are done, not ahead of them.
    page.click('[data-action="menu"]')
    for _ in range(8):
        choice = table.obvious_choice(page)
        if choice is None:
            break
        page.evaluate("""() => { window.turnsAtFrames = []; window.played = DoppelkopfSound.played.length;
            document.addEventListener('doppelkopf:frame', () => window.turnsAtFrames.push(
                DoppelkopfSound.played.slice(window.played).filter(cue => cue === 'turn').length)); }""")
        table.click_and_wait(page, choice)                               # until the computers' last frame
        frames = page.evaluate("window.turnsAtFrames")
        if frames:
            break
    assert frames and set(frames) == {0}, frames          # no turn cue while the computers' cards arrive
    new = page.evaluate("DoppelkopfSound.played.slice(window.played)")
    assert new[-1] == "turn", new
    assert set(new) <= {"turn", "call", "trick", "trick-ours", "trick-theirs", "fox"}


def test_the_trick_cue_follows_the_known_parties_and_a_caught_fuchs(page, server):
    """The cue for a complete trick: by the player's side, by the other, unknown, or a Fuchs caught."""
    table.start_game(page, server.url)
    page.evaluate("localStorage.setItem('doppelkopf.sound', 'on')")
    parties = {0: "re", 1: "kontra", 2: "re", 3: ""}

    def cue(winner: int, cards: str, contract: str = "normal") -> str:
        return page.evaluate("""([parties, winner, cards, contract]) => {
            document.querySelectorAll('.table-wrap .seat').forEach(seat => {
              const party = parties[seat.dataset.seat];
              if (party) seat.dataset.party = party; else delete seat.dataset.party; });
            document.querySelector('.table-wrap .game-type').dataset.contract = contract;
            const frame = document.createElement('div');
            Object.assign(frame.dataset, {kind: 'play', complete: 'true', winner: String(winner), trickCards: cards});
            document.dispatchEvent(new CustomEvent('doppelkopf:frame', {detail: frame}));
            return DoppelkopfSound.played[DoppelkopfSound.played.length - 1]; }""",
                             [parties, winner, cards, contract])

    page.wait_for_selector(".table-wrap .game-type", state="attached")
    assert cue(0, "0:CQ,1:S9,2:SA,3:S10") == "trick-ours"
    assert cue(2, "2:CQ,3:S9,0:SA,1:S10") == "trick-ours"          # the partner, known
    assert cue(1, "1:CQ,2:S9,3:SA,0:S10") == "trick-theirs"
    assert cue(3, "3:CQ,0:S9,1:SA,2:S10") == "trick"               # the taker's party not known
    assert cue(1, "1:CQ,2:DA,3:SA,0:S10") == "fox"                 # Re's Fuchs taken by Kontra
    assert cue(0, "0:CQ,1:DA,2:SA,3:S10") == "fox"                 # the player catches one
    assert cue(2, "2:CQ,3:S9,0:DA,1:S10") == "trick-ours"          # one's own Fuchs kept
    assert cue(1, "1:CQ,2:DA,3:SA,0:S10", contract="solo-queens") == "trick-theirs"   # no Fuchs in a solo
    called = page.evaluate("""() => { const frame = document.createElement('div'); frame.dataset.kind = 'call';
        document.dispatchEvent(new CustomEvent('doppelkopf:frame', {detail: frame}));
        return DoppelkopfSound.played[DoppelkopfSound.played.length - 1]; }""")
    assert called == "call"                                         # a call's frame: the call cue
