"""The table view tells the deal in order: frames in step with the cards, the log, public parties."""

from __future__ import annotations

import random

from app import service
from app.models import GameSettings, PlayerAction
from app.views import known_parties, story, table_view
from engine.cards import CLUB_QUEEN
from engine.deal import KONTRA, RE, Deal


def play_game(seed: int):
    """A casual game at the random level, the player always doing the first legal thing; every view."""
    random.seed(seed)
    game, events = service.new_game(GameSettings(level="random", animation_ms=400, language="en"))
    views = [table_view(game, events)]
    while not game.deal.is_done():
        view = views[-1]
        if view.options.reservation:
            action = PlayerAction(seq=game.seq, reservation=False)
        elif view.options.declarations:
            action = PlayerAction(seq=game.seq, declare=view.options.declarations[0].kind)
        else:
            action = PlayerAction(seq=game.seq, play=next(c.code for c in view.hand if c.playable))
        events = service.act(game, action)
        views.append(table_view(game, events))
    return game, views


def test_each_frame_shows_the_table_as_it_was_after_its_action():
    game, views = play_game(1)
    frames = [frame for view in views for frame in view.frames]
    plays = [frame for frame in frames if frame.kind == "play"]
    assert len(plays) == 48
    deal = game.deal
    for number, frame in enumerate(plays, start=1):
        trick = deal.tricks[(number - 1) // 4]
        assert frame.trick == trick.number and frame.leader == trick.leader
        assert [p.seat for p in frame.cards] == [trick.seat_of(i) for i in range(len(frame.cards))]
        complete = number % 4 == 0
        assert (frame.winner == trick.winner) if complete else frame.winner is None
        assert frame.turn == (None if complete else (frame.seat + 1) % 4)
        # The counters only count collected tricks: a complete trick still on the table is not yet counted.
        assert sum(frame.tricks) == (number - 1) // 4
        assert frame.last_trick == ((number - 1) // 4 or None)
        assert sum(frame.cards_left) == 48 - number


def test_the_last_frame_leads_to_the_table_the_page_shows():
    _, views = play_game(2)
    for view in views:
        if not view.frames or view.frames[-1].kind != "play" or view.frames[-1].winner is not None:
            continue
        last = view.frames[-1]
        assert last.turn == view.turn and last.trick == view.trick_number
        assert last.tricks == [seat.tricks for seat in view.seats]
        assert last.cards_left == [seat.cards_in_hand for seat in view.seats]
        assert [seat.seat for seat in view.seats if seat.is_turn] == [view.turn]


def test_the_log_has_every_trick_and_call_once_in_order():
    game, views = play_game(3)
    log = views[-1].log
    tricks = [entry for entry in log if entry.kind == "trick"]
    assert [(e.trick, e.seat, e.eyes) for e in tricks] == [(t.number, t.winner, t.eyes) for t in game.deal.tricks]
    assert len([e for e in log if e.kind == "call"]) == len(game.deal.calls_made)
    assert len([e for e in log if e.kind == "reservation"]) == 4
    assert [e.step for e in log] == sorted(e.step for e in log)
    # Each entry is shown once its frame is: the frames' steps are the record's last actions.
    steps = [frame.step for view in views for frame in view.frames]
    assert steps == list(range(steps[0], steps[0] + len(steps)))


def deal_with_queens(holders: tuple[int, int]) -> Deal:
    for seed in range(2000):
        deal = Deal.shuffled(random.Random(seed))
        if sorted(s for s, hand in enumerate(deal.dealt) for c in hand if c == CLUB_QUEEN) == sorted(holders):
            for seat in deal.query_order():
                deal.reserve(seat, False)
            return deal
    raise AssertionError("no such deal")


def test_two_known_re_players_make_the_others_kontra():
    deal = deal_with_queens((0, 2))
    assert known_parties(deal)[1:] == [None, None, None]
    deal.call(2, "re")
    assert known_parties(deal) == [RE, KONTRA, RE, KONTRA]


def test_two_known_kontra_players_make_the_others_re():
    deal = deal_with_queens((1, 3))
    assert known_parties(deal) == [KONTRA, None, None, None]
    deal.call(2, "kontra")
    assert known_parties(deal) == [KONTRA, RE, KONTRA, RE]


def test_a_vorbehalt_that_lost_to_another_game_is_explained():
    from app.views import overruled

    deal = Deal.shuffled(random.Random(5), dealer=2)     # query order: 3, 0, 1, 2
    for seat in deal.query_order():
        deal.reserve(seat, seat in (3, 0))
    assert not overruled(deal)
    declare = deal.resolve_reservations({3: "solo-diamonds", 0: "solo-clubs"})
    assert declare.seat == 3                              # the seat nearer the dealer's left wins
    deal.apply(declare)
    assert overruled(deal)


# ----- templates: what the view says, shown once and in the right words ------------------------------

def render(template: str, **context) -> str:
    from jinja2 import Environment, FileSystemLoader

    from app.i18n import translator
    from app.pages import seat_translator
    from tests.app.test_i18n import TEMPLATES

    t = translator("de")
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True)
    return env.get_template(template).render(t=t, ts=seat_translator(t), lang="de",
                                             seat_names=[t(f"seat.{s}") for s in range(4)], **context)


def test_a_seat_known_as_re_that_announced_re_shows_one_badge():
    game, views = play_game(4)
    view = views[-1]
    seat = view.seats[2].model_copy(update={"party": RE, "calls": ["re", "no90"]})
    html = render("partials/seat.html", view=view, seat=seat)
    assert html.count('data-called="re"') == 1 and html.count('data-badge="party"') == 1
    assert 'data-called="no90"' in html
    seat = seat.model_copy(update={"calls": []})
    assert "data-called" not in render("partials/seat.html", view=view, seat=seat)


def test_the_end_of_a_tournament_shows_the_ranking():
    _, views = play_game(5)
    view = views[-1].model_copy(update={"round_over": True, "ranking": [(30, 2), (10, 0), (-15, 1), (-25, 3)]})
    html = render("partials/result.html", view=view)
    assert 'id="round-ranking"' in html
    assert [int(s) for s in __import__("re").findall(r'<li data-seat="(\d)" data-total', html)] == [2, 0, 1, 3]
    assert "Du" in html and "Endstand" in html


def test_the_ranking_is_by_total_then_seat():
    from app.views import ranking

    assert ranking([5, -20, 30, 5]) == [(30, 2), (5, 0), (5, 3), (-20, 1)]


def test_a_player_who_is_vorgefuehrt_is_told_so():
    from app.service import Game
    from engine.round import Round, ScoreRow

    round_ = Round(mode="tournament", compulsory_done=[1, 2, 3],
                   rows=[ScoreRow(n, 0, "normal", None, False, False, [0] * 4, [0] * 4) for n in range(1, 24)])
    game = Game("g", 1, GameSettings(mode="tournament", level="random"), round_, round_.new_deal(random.Random(1)))
    view = table_view(game)
    assert view.forced == 0 and view.waiting_for == "declare"
    assert 'data-explain="forced"' in render("partials/controls.html", view=view)
    other = view.model_copy(update={"forced": None})
    assert "data-explain" not in render("partials/controls.html", view=other)


def assert_frames_show_the_parties_as_then(deal: Deal) -> None:
    """Each frame's parties are those of the table replayed up to its action (no look-ahead)."""
    from engine.record import export, replay

    record = export(deal)
    _, frames = story(deal, len(record["actions"]))
    assert len(frames) == len(record["actions"])
    for index, frame in enumerate(frames):
        then = replay({**record, "actions": record["actions"][:index + 1]})
        assert frame.parties == known_parties(then), (index, frame.kind)


def test_each_frame_shows_the_parties_public_after_its_action():
    revealed_mid_deal = 0
    for seed in range(4, 24):          # (the deals are shuffled afresh: random players bid many solos)
        game, _ = play_game(seed)
        assert_frames_show_the_parties_as_then(game.deal)
        _, frames = story(game.deal, len(game.deal.actions))
        plays = [f for f in frames if f.kind == "play"]
        revealed_mid_deal += plays[0].parties != plays[-2].parties     # a Kreuz-Dame or a call told something
        if revealed_mid_deal and seed >= 7:
            break
    assert revealed_mid_deal


def test_frames_of_a_hochzeit_show_the_partner_only_after_the_klaerungsstich():
    from tests.app.test_personal import deal_where, play_one

    rng = random.Random(5)
    deal = deal_where(1, True, seed_from=700)
    deal.declare(1, "wedding")
    while not deal.is_done():
        play_one(deal, rng)
    assert_frames_show_the_parties_as_then(deal)
