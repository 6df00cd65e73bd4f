"""A table of one's own: the names are validated, the hand sorts as asked, and the eye counter never
shows what the player may not know (a silent wedding, a Hochzeit before its Klärungsstich)."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from app import service
from app.api_models import PlayerAction, SettingsChange
from app.game_settings import GameSettings, PersonalSettings
from app.pages import seat_names, seat_translator
from app.i18n import translator
from engine.observation import observe
from app.views import SUIT_CLASS, eye_count, hand_sorter, parties_shown, story, table_view
from engine.actions import Play
from engine.cards import CLUB_QUEEN, code
from engine.deal import KONTRA, RE, Deal
from engine.record import export, replay


# ----- names ---------------------------------------------------------------------------------

def form(**fields) -> GameSettings:
    return GameSettings.model_validate(fields, strict=False)       # as the pages read their forms


def test_names_are_trimmed_and_default_when_absent():
    settings = form(name_0="  Eva  ", name_2="Oma   Erna")
    assert settings.names() == ["Eva", None, "Oma Erna", None]
    t = translator("de")
    assert seat_names(t, settings.names()) == ["Eva", "Anna", "Oma Erna", "Clara"]


def test_a_default_name_in_any_language_is_kept_as_the_default():
    assert form(name_0="You", name_1="Anna", name_2="Du").names() == [None, None, "Du", None]


@pytest.mark.parametrize("name", ["", "   ", "x" * 17, "a\x00b", "a\u200bb"])
def test_a_bad_name_is_refused(name):
    with pytest.raises(ValidationError):
        form(name_1=name)
    with pytest.raises(ValidationError):
        SettingsChange.model_validate({"seq": 1, "name_1": name}, strict=False)


def test_a_suit_order_names_each_suit_once():
    assert form(suit_order="DHSC").suit_order == "DHSC"
    for bad in ("CSH", "CCHD", "CSHDX", "cshd"):
        with pytest.raises(ValidationError):
            form(suit_order=bad)


def test_an_old_token_without_the_new_settings_still_loads():
    game, _ = service.new_game(GameSettings(level="random", animation_ms=0))
    state = game.to_state()
    for key in ("name_0", "name_1", "name_2", "name_3", "trumps", "suit_order", "eye_counter"):
        del state["settings"][key]
    loaded = service.Game.from_state(state)
    assert loaded.settings.names() == [None] * 4 and not loaded.settings.eye_counter


def test_sentences_say_du_for_the_player_and_the_chosen_name_for_a_computer():
    t = translator("de")
    ts = seat_translator(t, seat_names(t, ["Eva", "Oma", None, None]))
    assert ts("trick.taken_by", 0) == t("trick.taken_by.you")
    assert "Oma" in ts("trick.taken_by", 1) and "Bruno" in ts("trick.taken_by", 2)


# ----- hand sorting --------------------------------------------------------------------------

def test_trumps_right_and_the_fail_suits_in_the_chosen_order():
    deal = Deal.shuffled(random.Random(3))
    cards = deal.hands[0]
    left = hand_sorter(deal.order, PersonalSettings())(cards)
    assert left == deal.order.sorted(cards)                        # the default is as before
    right = hand_sorter(deal.order, PersonalSettings(trumps="right", suit_order="CHSD"))(cards)
    groups = [SUIT_CLASS[deal.order.suit[card]] for card in right]
    expected = [g for g in ("C", "H", "S", "D", "trump") if g in groups]
    assert [g for i, g in enumerate(groups) if i == 0 or groups[i - 1] != g] == expected
    trumps = [card for card in right if deal.order.suit[card] == 4]
    assert trumps == sorted(trumps, key=lambda card: -deal.order.strength[card])


# ----- the eye counter ------------------------------------------------------------------------

def deal_where(seat: int, reserve: bool, seed_from: int = 0) -> Deal:
    """A deal (after the reservations) where ``seat`` holds both Kreuz-Damen."""
    for seed in range(seed_from, seed_from + 3000):
        deal = Deal.shuffled(random.Random(seed))
        if deal.dealt[seat].count(CLUB_QUEEN) == 2:
            for s in deal.query_order():
                deal.reserve(s, reserve and s == seat)
            return deal
    raise AssertionError("no such deal")


def play_one(deal: Deal, rng: random.Random) -> None:
    seat = deal.turn
    deal.apply(rng.choice([a for a in deal.legal_actions(seat) if isinstance(a, Play)]))


def true_eyes(deal: Deal, collected: int | None = None) -> dict[str, int]:
    eyes = {RE: 0, KONTRA: 0}
    for trick in deal.tricks[:collected]:
        eyes[deal.party_of(trick.winner) or KONTRA] += trick.eyes
    return eyes


def test_a_silent_wedding_stays_silent_in_the_eye_counter():
    rng = random.Random(1)
    for seat in (1, 2, 3):
        deal = deal_where(seat, reserve=False, seed_from=seat * 1000)
        assert deal.contract == "silent-wedding"
        while not deal.is_done():
            count = eye_count(deal, parties_shown(deal, observe(deal, 0)))
            shown = [(t.seat_of(i), c) for t in deal.tricks for i, c in enumerate(t.cards)]
            shown += [((deal.leader + i) % 4, c) for i, c in enumerate(deal.trick)]
            if not any(s == seat and c == CLUB_QUEEN for s, c in shown) and deal.phase == "play":
                # Nobody can know the Re player yet: no trick is Re's, and only the player's own are Kontra.
                assert count.re == 0
                assert count.kontra == sum(t.eyes for t in deal.tricks if t.winner == 0)
            assert count.re + count.kontra + count.unknown == sum(t.eyes for t in deal.tricks)
            assert count.re <= true_eyes(deal)[RE] and count.kontra <= true_eyes(deal)[KONTRA]
            play_one(deal, rng)


def test_a_hochzeit_counts_its_guests_only_after_the_klaerungsstich():
    rng = random.Random(2)
    checked_before = 0
    for seat in (1, 3):
        deal = deal_where(seat, reserve=True, seed_from=seat * 500)
        deal.declare(seat, "wedding")
        while not deal.is_done():
            count = eye_count(deal, parties_shown(deal, observe(deal, 0)))
            if deal.clarified_in is None:
                checked_before += 1
                assert count.kontra == 0                          # not even the player's own party is known
                assert count.re == sum(t.eyes for t in deal.tricks if t.winner == seat)
            else:
                assert count == count.model_copy(update=true_eyes(deal)) and count.unknown == 0
            play_one(deal, rng)
    assert checked_before > 2


def test_each_frame_counts_what_was_public_after_its_action():
    """The frames' counters equal the counter of the table replayed up to each action (no look-ahead)."""
    for seed in range(4):
        game, _ = service.new_game(GameSettings(level="random", animation_ms=0, eye_counter=True))
        rng = random.Random(seed)
        while not game.deal.is_done():
            view = table_view(game)
            if view.options.reservation:
                service.act(game, PlayerAction(seq=game.seq, reservation=False))
            elif view.options.declarations:
                service.act(game, PlayerAction(seq=game.seq, declare=view.options.declarations[0].kind))
            else:
                card = rng.choice([c.code for c in view.hand if c.playable])
                service.act(game, PlayerAction(seq=game.seq, play=card))
        assert_frames_count_as_then(game.deal)


def assert_frames_count_as_then(deal: Deal) -> None:
    record = export(deal)
    _, frames = story(deal, len(record["actions"]), count_eyes=True)
    for frame in frames:         # one a action, but a claim's played-out cards (shown at once)
        if frame.eyes is None:
            continue
        then = replay({**record, "actions": record["actions"][:frame.step + 1]})
        assert frame.eyes == eye_count(then, parties_shown(then, observe(then, 0)), frame.last_trick or 0), frame.step


def test_frames_of_a_hochzeit_and_a_silent_wedding_count_as_then():
    rng = random.Random(3)
    for seat, reserve in ((1, True), (2, True), (3, False), (1, False)):
        deal = deal_where(seat, reserve, seed_from=seat * 700)
        if reserve:
            deal.declare(seat, "wedding")
        while not deal.is_done():
            play_one(deal, rng)
        assert_frames_count_as_then(deal)


def test_the_counter_is_off_by_default_and_on_when_asked():
    game, _ = service.new_game(GameSettings(level="random", animation_ms=0))
    assert table_view(game).eyes is None
    game.settings = game.settings.model_copy(update={"eye_counter": True})
    if game.deal.phase in ("play", "done"):
        assert table_view(game).eyes is not None


# ----- through the pages: the review follows the sorting and the names ---------------------------

def test_the_review_sorts_the_hands_and_names_the_seats_as_the_table_does(client):
    import re

    from tests.app.conftest import ApiGame

    game = ApiGame(client, level="random", trumps="right", suit_order="DHSC", name_2="Opa")
    game.play_until(lambda view: view["phase"] == "done")
    page = client.get("/review?trick=0", headers={"X-Game-Token": game.token}).text
    assert "<strong>Opa</strong>" in page
    record = replay(client.get("/api/game/deal", headers={"X-Game-Token": game.token}).json())
    sort = hand_sorter(record.order, PersonalSettings(trumps="right", suit_order="DHSC"))
    differs = False
    for seat in range(4):
        hand = page.split(f'data-review-hand="{seat}"')[1].split("</ol>")[0]
        shown = re.findall(r'data-card="(\w+)"', hand)
        assert shown == [code(card) for card in sort(record.dealt[seat])]
        differs |= shown != [code(card) for card in record.order.sorted(record.dealt[seat])]
    assert differs                                   # not simply the default order
