"""The service layer without HTTP: games, actions, the computer players, the round."""

from __future__ import annotations

import random

import pytest
from cryptography.fernet import Fernet

from app import service
from app.api_models import PlayerAction, SettingsChange
from app.game_settings import GameSettings
from app.sealing import MAX_TOKEN_LENGTH, Sealer
from app.service import Game, ServiceError, StaleSequence
from engine.observation import observe
from app.views import parties_shown, public_game_type, table_view
from engine.actions import Declare, Play, Reservation
from engine.bots import LEVELS
from engine.cards import CLUB_QUEEN, code, deal_hands
from engine.contracts import SOLO_KINDS
from engine.deal import DECLARE, DONE, PLAY, RESERVATIONS
from engine.round import Round, ScoreRow


def settings(**changes) -> GameSettings:
    return GameSettings(animation_ms=0, **changes)


def auto_action(game: Game) -> PlayerAction | None:
    view = table_view(game)
    if view.waiting_for == "reservation":
        return PlayerAction(seq=game.seq, reservation=False)
    if view.waiting_for == "declare":
        return PlayerAction(seq=game.seq, declare=view.options.declarations[0].kind)
    if view.waiting_for == "play":
        return PlayerAction(seq=game.seq, play=next(c.code for c in view.hand if c.playable))
    return None


def play_out(game: Game) -> None:
    while (action := auto_action(game)) is not None:
        service.act(game, action)


def reload(game: Game) -> Game:
    return Game.from_state(game.to_state())


def test_a_new_game_waits_for_the_player():
    game, _ = service.new_game(settings())
    assert game.seq == 1 and game.deal_number == 1 and game.deal.dealer == 0
    view = table_view(game)
    assert view.waiting_for in ("reservation", "declare", "play")
    assert len(view.hand) == 12


def test_a_whole_deal_and_the_next_one():
    game, _ = service.new_game(settings())
    play_out(game)
    assert game.deal.phase == DONE
    view = table_view(game)
    assert view.waiting_for == "next-deal"
    assert sum(view.result.scores) == 0
    assert [row.scores for row in view.score_sheet] == [view.result.scores]
    service.next_deal(game, game.seq)
    assert game.deal_number == 2 and game.deal.dealer == 1       # casual play: the deal passes on
    assert [row.totals for row in table_view(game).score_sheet] == [view.result.scores]


def test_the_state_survives_sealing_exactly():
    game, _ = service.new_game(settings())
    for _ in range(6):
        service.act(game, auto_action(game))
    again = reload(game)
    assert table_view(again).model_dump() == table_view(game).model_dump()


def test_reloading_gives_the_computers_the_same_dice():
    # The rule player: the search levels think for a fixed time, so their answers may differ.
    game, _ = service.new_game(settings(level="rules"))
    first, second = reload(game), reload(game)
    action = auto_action(game)
    service.act(first, action)
    service.act(second, action)
    assert first.deal.actions == second.deal.actions


def test_a_stale_sequence_number_is_refused():
    game, _ = service.new_game(settings())
    with pytest.raises(StaleSequence) as refused:
        service.act(game, PlayerAction(seq=game.seq - 1, reservation=False))
    assert refused.value.status == 409


@pytest.mark.parametrize("action", [
    {"play": "H10"},                 # nobody plays before the reservations
    {"call": "re"},
    {"declare": "solo-queens"},
])
def test_actions_in_the_wrong_phase_are_refused(action):
    game = game_in_phase(RESERVATIONS)
    before = game.to_state()
    with pytest.raises(ServiceError):
        service.act(game, PlayerAction(seq=game.seq, **action))
    assert game.to_state() == before


def test_a_card_not_in_hand_or_not_following_is_refused():
    game = game_in_phase(PLAY)
    missing = next(code(c) for c in range(24) if c not in game.deal.hands[0])
    with pytest.raises(ServiceError, match="do not hold"):
        service.act(game, PlayerAction(seq=game.seq, play=missing))
    with pytest.raises(ServiceError, match="unknown card"):
        service.act(game, PlayerAction(seq=game.seq, play="X1"))


def test_the_next_deal_waits_for_the_end_of_this_one():
    game, _ = service.new_game(settings())
    with pytest.raises(ServiceError):
        service.next_deal(game, game.seq)


def test_settings_change_within_a_game():
    game, _ = service.new_game(settings())
    service.change_settings(game, SettingsChange(seq=game.seq, language="en", animation_ms=150))
    assert game.settings.language == "en" and game.settings.animation_ms == 150 and game.seq == 2
    with pytest.raises(ValueError):
        GameSettings(level="grandmaster")


def test_every_level_the_engine_offers_can_be_chosen():
    for level in LEVELS:
        assert GameSettings(level=level).level == level


def game_in_phase(phase: str, tries: int = 50) -> Game:
    for _ in range(tries):
        game, _ = service.new_game(settings())
        if game.deal.phase == RESERVATIONS and phase == PLAY:
            service.act(game, PlayerAction(seq=game.seq, reservation=False))
        if game.deal.phase == phase and game.deal.current_player() in (0, None):
            return game
    raise AssertionError(f"no game reached {phase}")


# ----- scripted computer players for the situations random play rarely reaches --------------

class Scripted:
    """Always Vorbehalt, names a Kreuz-Solo, plays its first legal card."""

    def __init__(self, seed=None):
        pass

    def choose(self, seat, record):
        from engine.worlds import sample_world
        world = sample_world(record, seat, random.Random(0))
        if world.phase == RESERVATIONS:
            return Reservation(seat, True)
        if world.phase == DECLARE:
            return Declare(seat, "solo-clubs", world.is_compulsory(seat, "solo-clubs"))
        return Play(seat, world.legal_cards()[0])


@pytest.fixture
def scripted(monkeypatch):
    monkeypatch.setitem(LEVELS, "scripted", Scripted)
    return "scripted"


def test_a_reservation_that_cannot_win_is_not_asked_for(scripted):
    """Seat 1 (earlier in the query) names a solo. The player holds a Kreuz-Dame, so the player knows
    seat 1 has no Hochzeit: its solo outranks whatever the player meant, so no naming is asked.
    (Without a Kreuz-Dame the player is asked: tests/app/test_fairness.py.)"""
    rng = random.Random(4)
    while True:
        hands = deal_hands(rng, 0)
        if CLUB_QUEEN in hands[0]:
            break
    round_ = Round()
    game = Game("g", 1, settings(level=scripted), round_, round_.start_deal(hands))
    service.let_computers_act(game)          # seats 1, 2, 3 say Vorbehalt, then it is the player's turn
    assert game.deal.phase == RESERVATIONS and game.deal.turn == 0
    service.act(game, PlayerAction(seq=game.seq, reservation=True))
    assert game.deal.phase == PLAY and game.deal.contract == "solo-clubs"
    assert game.deal.declaration.seat == 1


def test_a_vorfuehrung_of_the_player_starts_with_the_naming():
    round_ = Round(mode="tournament", compulsory_done=[1, 2, 3],
                   rows=[ScoreRow(n, 0, "normal", None, False, False, [0] * 4, [0] * 4) for n in range(1, 24)])
    assert round_.forced_seat() == 0
    game = Game("g", 1, settings(mode="tournament"), round_, round_.new_deal(random.Random(1)))
    game = reload(game)                      # the record has no action yet: the round says who is forced
    view = table_view(game)
    assert view.waiting_for == "declare"
    assert {d.kind for d in view.options.declarations} == set(SOLO_KINDS)
    assert all(d.compulsory for d in view.options.declarations)
    service.act(game, PlayerAction(seq=game.seq, declare="solo-queens"))
    game = reload(game)
    assert game.deal.contract == "solo-queens" and game.deal.declaration.compulsory
    play_out(game)
    game = reload(game)                      # a finished Pflichtsolo still replays
    view = table_view(game)
    assert view.round_over and view.waiting_for == "round-over"
    assert view.score_sheet[-1].forced
    with pytest.raises(ServiceError):
        service.next_deal(game, game.seq)


# ----- what the player may know ---------------------------------------------------------------

def test_parties_shown_are_true_and_only_what_is_public():
    # What the page may show depends on the cards and calls, not on how well the computers play:
    # the rule players (a millisecond a card) give the same kinds of deals as medium (55 s for 40).
    for seed in range(40):
        game, _ = service.new_game(settings(level="rules"))
        rng = random.Random(seed)
        while (action := auto_action(game)) is not None:
            if game.deal.phase == PLAY and rng.random() < 0.3:
                deal = game.deal
                parties = parties_shown(deal, observe(deal, 0))
                for seat, party in enumerate(parties):
                    assert party in (None, deal.party_of(seat))
                if deal.declaration is None:
                    for seat in (1, 2, 3):
                        if parties[seat] is not None:
                            assert publicly_shown(deal, seat), (seed, seat)
            service.act(game, action)


def publicly_shown(deal, seat) -> bool:
    played = [a for a in deal.actions if isinstance(a, Play)]
    queens_seen = deal.dealt[0].count(CLUB_QUEEN) + sum(
        1 for a in played if a.card == CLUB_QUEEN and a.seat != 0)
    # Shown directly: the player's own party, a Kreuz-Dame played, a call.
    shown = {0: deal.party_of(0)}
    shown |= {a.seat: "re" for a in played if a.card == CLUB_QUEEN}
    shown |= {c.seat: c.party for c in deal.calls_made}
    parties = list(shown.values())
    # Two known of one party leave the others to the other party (for Kontra only while the player
    # holds a Kreuz-Dame: otherwise a stille Hochzeit, where Re is alone, may be).
    pair = parties.count("re") == 2 or (parties.count("kontra") == 2 and CLUB_QUEEN in deal.dealt[0])
    return seat in shown or queens_seen == 2 or pair


def test_a_stille_hochzeit_of_a_computer_player_stays_secret():
    for seed in range(500):
        hands = deal_hands(random.Random(seed), 0)
        if hands[2].count(CLUB_QUEEN) == 2:
            break
    round_ = Round()
    deal = round_.start_deal(hands)
    for seat in deal.query_order():
        deal.reserve(seat, False)
    assert deal.contract == "silent-wedding"
    assert public_game_type(deal).contract == "normal"
    assert parties_shown(deal, observe(deal, 0))[2] is None
    assert parties_shown(deal, observe(deal, 0))[0] == "kontra"


class Broken:
    """A bot with bugs: it fails every other time and otherwise plays the H10 whether it has it or not."""

    def __init__(self, seed=None):
        self.calls = 0

    def choose(self, seat, record):
        self.calls += 1
        if self.calls % 2:
            raise RuntimeError("bot bug")
        return Play(seat, 13)


def test_a_failing_computer_player_does_not_stop_the_game(monkeypatch):
    monkeypatch.setitem(LEVELS, "broken", Broken)
    game, _ = service.new_game(settings(level="broken"))
    play_out(game)
    assert game.deal.phase == DONE


def test_a_whole_tournament_round():
    # At the rule player's speed: the round is the point here, not the search (24 deals at medium took 30 s).
    game, _ = service.new_game(settings(mode="tournament", level="rules"))
    while True:
        play_out(game)
        game = reload(game)
        view = table_view(game)
        # As soon as a deal ends, the sheet, the games left and the open Pflichtsoli count it in.
        played_solo = {row.soloist for row in view.score_sheet if row.compulsory}
        assert view.games_left == 24 - len(view.score_sheet)
        assert [seat.owes_compulsory_solo for seat in view.seats] == [s not in played_solo for s in range(4)]
        if view.round_over:
            break
        service.next_deal(game, game.seq)
    sheet = table_view(game).score_sheet
    assert len(sheet) == 24
    assert sorted(row.soloist for row in sheet if row.compulsory) == [0, 1, 2, 3]   # one Pflichtsolo each
    assert sum(sheet[-1].totals) == 0
    # The token of the longest game there is stays far below what a server takes in one header
    # (uvicorn refuses headers of some tens of kB; the sealer refuses tokens over MAX_TOKEN_LENGTH).
    token = Sealer(Fernet.generate_key()).seal(game.to_state())
    assert len(token) < 8_000 < MAX_TOKEN_LENGTH
