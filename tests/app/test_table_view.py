"""The table view tells the deal in order: frames in step with the cards, the log, public parties."""

from __future__ import annotations

import random

from engine.claim import claimed_at

from app import service
from app.api_models import PlayerAction
from app.game_settings import GameSettings
from engine.observation import observe
from app.views import parties_shown, story, table_view
from engine.cards import CLUB_QUEEN
from engine.deal import KONTRA, RE, Deal


def play_game(seed: int, level: str = "random"):
    """A casual game at ``level``, the player always doing the first legal thing; every view."""
    random.seed(seed)
    game, events = service.new_game(GameSettings(level=level, animation_ms=400, language="en"))
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
    while claimed_at(game.deal) is not None:        # a claim shows its played-out cards at once: another deal
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
    # Each entry is shown once its frame is: the frames' steps are the record's last actions (but a claim's
    # played-out cards, which the table shows at once: its last frame tells them).
    steps = [frame.step for view in views for frame in view.frames]
    last = len(game.deal.actions) - 1
    claim = claimed_at(game.deal)
    assert steps == [step for step in range(steps[0], last + 1) if claim is None or not claim <= step < last]


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
    assert parties_shown(deal, observe(deal, 0))[1:] == [None, None, None]
    deal.call(2, "re")
    assert parties_shown(deal, observe(deal, 0)) == [RE, KONTRA, RE, KONTRA]


def test_two_known_kontra_players_make_the_others_re_if_the_player_holds_a_kreuz_dame():
    deal = deal_with_queens((0, 2))
    deal.call(1, "kontra")
    assert parties_shown(deal, observe(deal, 0)) == [RE, KONTRA, None, None]
    deal.call(3, "no90")                 # the second Kontra player shows the party by the next call
    assert parties_shown(deal, observe(deal, 0)) == [RE, KONTRA, RE, KONTRA]


def test_two_known_kontra_players_leave_the_others_open_while_a_stille_hochzeit_may_be():
    # The player without a Kreuz-Dame cannot tell this from seat 1 holding both (issue 21).
    deal = deal_with_queens((1, 3))
    deal.call(2, "kontra")
    assert parties_shown(deal, observe(deal, 0)) == [KONTRA, None, KONTRA, None]


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
    """A partial rendered by the app's own template environment (its globals: memo, rules_href, ...)."""
    from app.i18n import translator
    from app.main import create_app
    from app.pages import seat_translator

    t = translator("de")
    env = create_app().state.templates.env
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
    assert [int(s) for s in __import__("re").findall(r'data-seat="(\d)" data-total', html)] == [2, 0, 1, 3]
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


# ----- a solo explained: trumps on the table and in the hand, the result's lines adding up -------------

def play_solo(kind: str = "solo-spades"):
    """A game whose first deal is a solo: the player says Vorbehalt and names ``kind`` (or a computer's
    solo, named first, wins); the views at the first card and at the end."""
    game, events = service.new_game(GameSettings(level="random", animation_ms=0, language="de"))
    view = table_view(game, events)
    while view.phase != "play":
        if view.options.reservation:
            action = PlayerAction(seq=game.seq, reservation=True)
        else:
            action = PlayerAction(seq=game.seq, declare=kind)
        view = table_view(game, service.act(game, action))
    first = view
    while not game.deal.is_done():
        card = next(c.code for c in view.hand if c.playable)
        view = table_view(game, service.act(game, PlayerAction(seq=game.seq, play=card)))
    return game, first, view


def solo_with_gaps():
    """A solo in which the player holds trumps and at least one fail suit (nearly every one)."""
    for _ in range(20):
        game, first, last = play_solo()
        groups = [card.group for card in first.hand]
        if first.trump and "trump" in groups and len(set(groups)) > 1:
            return game, first, last
    raise AssertionError("no solo with trumps and fail suits in the player's hand")


def test_a_solo_shows_its_trumps_on_the_table_and_apart_in_the_hand():
    import re

    _, view, _ = solo_with_gaps()
    center = render("partials/center.html", view=view)
    trump = re.search(r'<span class="trump" data-trump="([\w-]+)">([^<]+)</span>', center)
    assert trump and trump.group(1) == view.game.contract == view.trump
    assert trump.group(2).startswith("Trumpf")
    hand = render("partials/hand.html", view=view)
    slots = re.findall(r'<li class="hand-slot( gap)?" data-group="(\w+)"', hand)
    assert [group for _, group in slots] == [card.group for card in view.hand]
    # A gap exactly where one group ends and the next begins (trumps | each fail suit).
    for (_, before), (gap, group) in zip(slots, slots[1:]):
        assert bool(gap) == (group != before), slots
    assert any(gap for gap, _ in slots)


def test_a_solos_result_lines_add_up_to_each_players_entry():
    import re

    game, _, view = solo_with_gaps()
    r = view.result
    assert r.tripled and len(r.re) == 1
    html = render("partials/result.html", view=view)
    lines = re.findall(r'<tr data-item="[\w-]+">.*?<td>(Re|Kontra)</td><td class="num">(-?\d+)</td></tr>', html, re.S)
    assert len(lines) == len(r.value) + len(r.special) and lines
    net = sum(int(points) if party == "Re" else -int(points) for party, points in lines)
    value_line = re.search(r'<p class="game-value" data-value="(-?\d+)">(.*?)</p>', html, re.S)
    assert int(value_line.group(1)) == net
    shown = re.sub(r"\s+", " ", value_line.group(2))
    assert (f"Spielwert: {abs(net)}" in shown) if net else "Spielwert: 0" in shown
    if net:
        assert f"3 × {abs(net)} = {3 * abs(net)}" in shown
    entries = dict((int(seat), (int(score.replace("+", "")), times)) for seat, score, times in re.findall(
        r'<li data-seat="(\d)"><span>[^<]+</span> <strong>([+-]?\d+)</strong>\s*(?:<span class="minor">\(3 × (\d+)\)</span>)?', html))
    assert sorted(entries) == [0, 1, 2, 3]
    soloist = r.re[0]
    for seat, (score, times) in entries.items():
        factor = 3 if seat == soloist else -1
        assert score == factor * net * r.bock, (seat, score, net, lines)
        assert (times == str(abs(net))) if (seat == soloist and net) else times == ""
    assert [entries[seat][0] for seat in range(4)] == r.scores


def test_an_overruled_vorbehalt_is_explained_on_the_table():
    game, view, _ = play_solo()
    if view.game.declarer == 0:        # the player's own solo: pretend a computer's came first
        view = view.model_copy(update={"overruled": view.game.model_copy(update={"declarer": 2})})
    assert view.overruled is not None and view.trick_number == 1
    html = render("partials/controls.html", view=view)
    name = ["Du", "Anna", "Bruno", "Clara"][view.overruled.declarer]
    contract = {"solo-spades": "Pik-Solo"}.get(view.overruled.contract)
    assert 'data-explain="overruled"' in html
    text = __import__("re").search(r'data-explain="overruled">([^<]+)</p>', html).group(1)
    assert text.startswith(f"{name} spielt ") and text.endswith("– dein Vorbehalt entfällt.")
    if contract:
        assert contract in text
    later = view.model_copy(update={"trick_number": 2})
    assert "data-explain" not in render("partials/controls.html", view=later)


def assert_frames_show_the_parties_as_then(deal: Deal) -> None:
    """Each frame's parties are those of the table replayed up to its action (no look-ahead)."""
    from engine.record import export, replay

    record = export(deal)
    _, frames = story(deal, len(record["actions"]))
    assert len(frames) == len(record["actions"])
    for index, frame in enumerate(frames):
        then = replay({**record, "actions": record["actions"][:index + 1]})
        assert frame.parties == parties_shown(then, observe(then, 0)), (index, frame.kind)


def test_each_frame_shows_the_parties_public_after_its_action():
    revealed_mid_deal = 0
    for seed in range(4, 24):          # rule players: random ones bid solos, where all is public at once
        game, _ = play_game(seed, level="rules")
        if claimed_at(game.deal) is not None:      # a claim shows its played-out cards at once: one frame
            continue
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


def test_a_seat_with_one_card_left_says_karte_not_karten():
    game, views = play_game(4)
    view = views[-1]
    for count, text in ((1, "1 Karte<"), (2, "2 Karten<")):
        seat = view.seats[2].model_copy(update={"cards_in_hand": count})
        assert text in render("partials/seat.html", view=view, seat=seat)
