"""The computer players play house-rule deals by themselves: no decision replaced by the driver's
fallback, Schweine known to their holder, 10 tricks without nines."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import driver
from engine.actions import Reservation
from engine.bots import make_bot
from engine.bots.public import View
from engine.bots.rules import choose_card
from engine.cards import DECK, cards_from_codes, code
from engine.deal import Deal
from engine.observation import observe
from engine.round import Round
from engine.rules import PRESET_NAMES, Rules

HOUSE_PRESETS = [p for p in PRESET_NAMES if p != "tsr"]


@pytest.mark.parametrize("preset", HOUSE_PRESETS)
@pytest.mark.parametrize("level,deals", [("rules", 6), ("medium", 2)])
def test_whole_deals_without_a_replaced_decision(preset, level, deals, replaced):
    rules = Rules.preset_named(preset)
    game, rng = Round(rules=rules), random.Random(f"{preset}-{level}")
    bots = {seat: make_bot(level, seat) for seat in range(4)}
    for _ in range(deals):
        deal = game.new_deal(rng)
        driver.advance(deal, bots)
        assert deal.is_done()
        assert deal.thrown or len(deal.tricks) == rules.tricks
        game.finish_deal(deal)
    assert not replaced


def schweine_position(rules: Rules) -> Deal:
    """Seat 3 holds both Karo-Asse; seat 0 leads a Dulle, seats 1 and 2 follow low: seat 3 to play."""
    mine = cards_from_codes(["DA", "DA", "CA", "CK", "C9", "SA", "S10", "SK", "HK", "H9", "DJ", "D9"])
    leader = cards_from_codes(["H10", "CQ", "SQ", "HQ", "CJ", "SJ", "D10", "DK", "CA", "C10", "SA", "HA"])
    second = cards_from_codes(["H10", "CQ", "DQ", "HJ", "D10", "DK", "C10", "CK", "S10", "S9", "HA", "H9"])
    third = list((Counter(DECK) - Counter(mine) - Counter(leader) - Counter(second)).elements())
    deal = Deal([leader, second, third, mine], 3, rules)
    for _ in range(4):
        deal.reserve(deal.turn, False)
    deal.play(cards_from_codes(["H10"])[0])
    for _ in range(2):
        deal.play(deal.legal_cards()[-1])
    return deal


def test_the_holder_knows_its_schweine_before_the_table_does():
    deal = schweine_position(Rules.preset_named("kneipe"))     # Schweine shown when played
    assert not observe(deal, 3).shown
    view = View.of(observe(deal, 3))
    assert code(view.order.trumps[0]) == "DA" and not view.fox_counts
    card, why = choose_card(view)
    assert code(card) == "DA" and why.key != "fox-home"      # the Schwein takes the Dulle trick


def test_without_schweine_the_karo_ass_is_a_fuchs():
    view = View.of(observe(schweine_position(Rules.preset_named("tsr")), 3))
    assert code(view.order.trumps[0]) == "H10" and view.fox_counts
    assert code(choose_card(view)[0]) != "DA"


def solo_hand_deal(rules: Rules) -> Deal:
    """Seat 0 (Vorhand) holds a hand any solo player would play: six Damen, four Buben, two Kreuz-Asse."""
    mine = cards_from_codes(["SQ", "SQ", "HQ", "HQ", "DQ", "DQ", "CJ", "CJ", "SJ", "SJ", "CA", "CA"])
    rest = list((Counter(DECK) - Counter(mine)).elements())
    random.Random(3).shuffle(rest)
    return Deal([mine, rest[:12], rest[12:24], rest[24:]], 3, rules)


@pytest.mark.parametrize("level", ["rules", "medium"])
def test_no_solo_where_the_rules_have_none(level):
    assert make_bot(level, 1).choose(0, observe(solo_hand_deal(Rules.preset_named("tsr")), 0)).has_reservation
    assert not make_bot(level, 1).choose(0, observe(solo_hand_deal(Rules.preset_named("einsteiger")), 0)).has_reservation


@pytest.mark.parametrize("level", ["rules", "medium"])
def test_a_koenigssolo_where_the_rules_play_one(level):
    """All eight Könige and four Asse: a Königssolo once ``solo_koenig`` is on."""
    rules = Rules.preset_named("kneipe", solo_koenig=True)
    mine = cards_from_codes(["CK", "CK", "SK", "SK", "HK", "HK", "DK", "DK", "CA", "CA", "SA", "HA"])
    rest = list((Counter(DECK) - Counter(mine)).elements())
    random.Random(3).shuffle(rest)
    deal = Deal([mine, rest[:12], rest[12:24], rest[24:]], 3, rules)
    bot = make_bot(level, 1)
    deal.apply(bot.choose(0, observe(deal, 0)))
    for seat in (1, 2, 3):
        deal.apply(Reservation(seat, deal.reservation_problem(seat, False) is not None))
    assert deal.phase == "declare" and bot.choose(0, observe(deal, 0)).kind == "solo-kings"
