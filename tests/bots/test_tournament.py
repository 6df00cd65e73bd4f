"""A whole tournament round played by computer players, Vorführungen included."""

from __future__ import annotations

import random

import pytest

from engine import TOURNAMENT, Round, export, observe, replay
from engine.bots import make_bot
from engine.driver import advance


@pytest.mark.parametrize("level", ["random", "rules"])
def test_bots_play_a_whole_tournament_round(level):
    round_ = Round(mode=TOURNAMENT)
    players = {seat: make_bot(level, seed=seat) for seat in range(4)}
    rng = random.Random(7)
    forced_deals = 0
    while not round_.is_over():
        deal = round_.new_deal(rng)
        if deal.forced is not None:
            forced_deals += 1
            # Before anything happened, the record already says who is vorgeführt.
            assert observe(deal, deal.forced).forced == deal.forced
            assert replay(export(deal)).forced == deal.forced
        advance(deal, players)
        assert deal.is_done()
        round_.finish_deal(deal)
    assert len(round_.rows) == 24
    assert sorted(round_.compulsory_done) == [0, 1, 2, 3]
    assert sum(row.compulsory for row in round_.rows) == 4
    assert sum(round_.totals) == 0
    if level == "rules":   # the rule player seldom plays a solo by choice: someone is vorgeführt
        assert forced_deals >= 1


@pytest.mark.parametrize("level", ["random", "easy", "rules", "medium"])
def test_a_vorgefuehrt_seat_with_both_club_queens_names_a_solo(level):
    from engine import Deal, card_from_code
    rng = random.Random(3)
    queen = card_from_code("CQ")
    rest = [c for c in sorted(range(24)) * 2 if c != queen]
    rng.shuffle(rest)
    hands = [rest[0:12], rest[12:24], rest[24:36], rest[36:46] + [queen, queen]]
    deal = Deal(hands, dealer=1, compulsory_open=frozenset({0, 3}), forced=3)
    advance(deal, {seat: make_bot(level, seed=seat) for seat in range(4)})
    assert deal.is_done()
    assert deal.declaration.seat == 3 and deal.declaration.compulsory
    assert deal.contract != "wedding"


def hand_for_seat_3(codes: str) -> list[list[int]]:
    """Four hands: seat 3 holds ``codes``, the rest of the deck is shared out at random."""
    from engine import card_from_code
    from engine.cards import DECK
    own = [card_from_code(text) for text in codes.split()]
    rest = list(DECK)
    for card in own:
        rest.remove(card)
    random.Random(5).shuffle(rest)
    return [rest[0:12], rest[12:24], rest[24:36], own]


POOR_WITH_FIVE_NINES = "C9 C9 S9 S9 H9 CA CA SA SA HA HK DJ"     # Schmeißen and Armut both allowed


@pytest.mark.parametrize("level", ["random", "easy", "rules", "medium"])
def test_a_vorgefuehrt_seat_under_house_rules_names_a_solo_not_schmeissen_or_armut(level):
    """Issue 21, item 6: the forced seat's bot named Schmeißen or Armut, the driver took it and
    ``resolve_reservations`` raised; its fallback named an illegal declaration too."""
    from engine import Deal, Rules
    deal = Deal(hand_for_seat_3(POOR_WITH_FIVE_NINES), dealer=1, rules=Rules.preset_named("kneipe"),
                compulsory_open=frozenset({0, 3}), forced=3)
    assert deal.kind_problem(3, "throw") is None and deal.kind_problem(3, "poverty") is None
    advance(deal, {seat: make_bot(level, seed=seat) for seat in range(4)})
    assert deal.is_done()
    assert deal.declaration.seat == 3 and deal.declaration.compulsory
    assert deal.contract in deal.solo_kinds()


@pytest.mark.parametrize("level", ["easy", "rules", "medium"])
def test_the_bot_of_a_vorgefuehrt_seat_under_house_rules_means_a_solo(level):
    from engine import Deal, Rules
    deal = Deal(hand_for_seat_3(POOR_WITH_FIVE_NINES), dealer=1, rules=Rules.preset_named("kneipe"),
                compulsory_open=frozenset({0, 3}), forced=3)
    assert make_bot(level, seed=3).choose(3, observe(deal, 3)).kind in deal.solo_kinds()


def test_the_house_default_of_a_vorgefuehrt_seat_is_a_solo():
    from engine import Deal, Rules
    from engine.driver import house_default
    deal = Deal(hand_for_seat_3(POOR_WITH_FIVE_NINES), dealer=1, rules=Rules.preset_named("kneipe"),
                compulsory_open=frozenset({0, 3}), forced=3)
    action = house_default(deal, 3)
    assert deal.declare_problem(3, action.kind, action.compulsory, action.partner) is None


def test_a_split_player_bids_with_one_level_and_plays_with_another():
    from engine.bots.tournament import SplitPlayer

    class Recording:
        def __init__(self, bot):
            self.bot, self.asked = bot, []

        def choose(self, seat, record):
            action = self.bot.choose(seat, record)
            self.asked.append(type(action).__name__)
            return action

    bidders = {seat: Recording(make_bot("rules", seat)) for seat in range(4)}
    players = {seat: Recording(make_bot("random", seat)) for seat in range(4)}
    deal = Round(mode=TOURNAMENT).new_deal(random.Random(3))
    advance(deal, {seat: SplitPlayer(bidders[seat], players[seat]) for seat in range(4)})
    assert deal.is_done()
    assert all(set(b.asked) <= {"Reservation", "Declare"} and b.asked for b in bidders.values())
    assert {"Play"} <= set(a for p in players.values() for a in p.asked) <= {"Play", "Call"}
    assert len(deal.tricks) == 12
