"""The computers' Armut exchange and Hochzeit partner rule (engine/bots/partners.py)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine import driver
from engine.actions import Accept, Action, Declare, Pass, Play, Reservation, Return
from engine.bots import BASELINES, LEVELS, make_bot
from engine.bots.cli import answer
from engine.bots.rules import explain
from engine.bots.partners import (ACCEPT_SCORE, FOX, accept_score, is_trump, pass_cards, return_cards,
                                  wants_armut, wedding_partner)
from engine.cards import cards_from_codes, code, deal_hands
from engine.deal import PLAY, POVERTY, Deal
from engine.observation import observe
from engine.rules import Rules

KNEIPE = Rules.from_dict({"preset": "kneipe"})
TSR = Rules.from_dict({"preset": "tsr"})


def cards(text: str) -> list[int]:
    return cards_from_codes(text.split())


def codes(hand) -> list[str]:
    return sorted(code(c) for c in hand)


def deal_around(hand: list[int], seat: int, rules: Rules = KNEIPE, seed: int = 0) -> Deal:
    """A deal (dealer 0) where ``seat`` holds ``hand`` and the other seats the rest, shuffled."""
    rest = [c for h in deal_hands(random.Random(seed), 0, rules.nines) for c in h]
    for card in hand:
        rest.remove(card)
    size = rules.tricks
    hands = [rest[i * size:(i + 1) * size] for i in range(3)]
    hands.insert(seat, list(hand))
    return Deal(hands, 0, rules)


def armut_declared(deal: Deal, poor: int) -> Deal:
    """``deal`` with ``poor``'s Armut declared (the others gesund): the exchange about to begin."""
    for seat in deal.query_order():
        deal.apply(Reservation(seat, seat == poor))
    deal.apply(Declare(poor, "poverty"))
    assert deal.phase == POVERTY
    return deal


# ----- the strategy on hand-built hands -------------------------------------------------

def test_the_poor_seat_passes_its_trumps_and_keeps_its_aces():
    hand = cards("DJ D9 CA C10 CK S10 S9 SK HA HK H9 H9")
    passed = pass_cards(hand, 3)
    assert codes(passed) == ["D9", "DJ", "S10"]      # both trumps and the bare ten; CA, HA and C10 behind CA stay
    deal = armut_declared(deal_around(hand, 1), 1)
    assert deal.exchange_problem(Pass(1, passed)) is None


def test_the_poor_seat_empties_a_suit_rather_than_break_up_ace_and_ten():
    hand = cards("DJ D9 DK CA C10 C9 SA S10 SK HA HK H9")
    assert codes(pass_cards(hand, 3)) == ["D9", "DJ", "DK"]   # three trumps: nothing to choose
    hand = cards("HJ CA C10 C9 SA S10 SK SK HA HK H9 C9")
    passed = pass_cards(hand, 3)
    assert "CA" not in codes(passed) and "SA" not in codes(passed) and "HA" not in codes(passed)
    assert "HJ" in codes(passed)


def test_a_strong_hand_takes_an_armut_and_a_weak_one_declines():
    strong = cards("H10 H10 CQ SQ HQ DQ CJ SJ D10 CA SA S9")
    weak = cards("DQ HJ DJ DA D10 DK D9 CA C10 S10 SK H9")
    assert wants_armut(strong, schweine=True) and accept_score(strong, True) >= ACCEPT_SCORE[12]
    assert not wants_armut(weak, schweine=True)
    # Seven trumps alone (the old rule) do not make a hand strong: small Karo trumps and a Fuchs.
    assert sum(map(is_trump, weak)) == 7


def test_both_fuchs_count_as_schweine_only_when_the_rules_play_them():
    hand = cards("DA DA CQ SQ HJ SJ DK D9 CA SA HA C9")
    assert accept_score(hand, schweine=True) > accept_score(hand, schweine=False)


def test_the_taker_gives_back_fail_cards_that_empty_its_suits():
    own = cards("H10 CQ SQ HQ CJ SJ HJ D10 CA C9 S9 HK")
    passed = cards("DJ DK S10")
    back = return_cards(own + passed, 3, schweine=True)
    assert not any(is_trump(c) for c in back)
    kept = Counter(own + passed) - Counter(back)
    kept_suits = {c // 6 for c in kept.elements() if not is_trump(c)}
    assert len(kept_suits) <= 1          # two of the three fail suits are empty now: it ruffs there


def test_the_taker_gives_back_its_cheapest_trumps_and_keeps_the_fuchs():
    own = cards("H10 CQ SQ HQ CJ SJ HJ DJ DA D10 DK D9")
    passed = cards("DQ HQ C10")
    back = return_cards(own + passed, 3, schweine=False)
    assert codes(back) == ["C10", "D9", "DK"]       # the fail card, then the two cheapest trumps
    assert FOX not in back


def test_the_fuchs_goes_back_only_after_the_buben_and_lower_damen():
    own = cards("H10 H10 CQ CQ SQ SQ HQ DA CJ SJ HJ DJ")
    passed = cards("HQ DQ DQ")
    back = return_cards(own + passed, 3, schweine=False)
    assert FOX not in back and all(is_trump(c) for c in back)
    assert codes(back) == ["DJ", "HJ", "SJ"]


def test_the_returned_cards_are_legal_in_the_deal():
    rng = random.Random(2)
    for _ in range(40):
        deal = Deal(deal_hands(rng, 0), 0, KNEIPE)
        poor = next((s for s in range(4) if deal.kind_problem(s, "poverty") is None), None)
        if poor is None:
            continue
        armut_declared(deal, poor)
        bot = make_bot("rules", 1)
        while deal.phase == POVERTY:
            action = bot.choose(deal.turn, observe(deal, deal.turn))
            assert deal.exchange_problem(action) is None, action
            deal.apply(action)


# ----- the Hochzeit partner rule ----------------------------------------------------------

def test_a_hochzeiter_with_a_low_fail_card_to_lead_names_the_first_fail_trick():
    assert wedding_partner(cards("CQ CQ H10 SQ HQ CJ SJ DA D10 DK C9 S9")) == "first_fail_trick"
    assert wedding_partner(cards("CQ CQ DJ D9 CA C10 SA S10 HA HK S9 C9")) == "first_fail_trick"
    # Nothing to lead for a fail trick but aces (it would win them itself): the first trick.
    assert wedding_partner(cards("CQ CQ H10 H10 SQ SQ HQ CJ SJ DJ CA SA")) == "first_trick"


def test_the_hochzeiter_leads_a_low_card_of_the_kind_its_rule_counts():
    hand = cards("CQ CQ H10 SQ HQ CJ SJ DA D10 CA C9 S9")
    trump_rule = Rules.from_dict({"preset": "tsr", "hochzeit_partner": "first_trump_trick"})
    for rules, partner, led in ((KNEIPE, "first_fail_trick", "C9"), (trump_rule, None, "D10"), (TSR, None, None)):
        deal = deal_around(hand, 1, rules, seed=5)   # dealer 0: seat 1 is Vorhand and leads
        for seat in deal.query_order():
            deal.apply(Reservation(seat, seat == 1))
        deal.apply(Declare(1, "wedding", False, partner))
        action, why = explain(1, observe(deal, 1))
        if led is None:
            assert why.key != "find-partner"         # the TSR's first trick: the rule player as before
        else:
            assert action == Play(1, cards(led)[0]) and why.key == "find-partner"


@pytest.mark.parametrize("level, chosen", [("rules", "first_fail_trick"), ("medium", "first_trick")])
def test_a_hochzeit_names_its_partner_rule_only_when_the_rules_let_it_choose(level, chosen):
    """The rule player names the rule it steers for; the search the one its playouts know."""
    hand = cards("CQ CQ DJ D9 CA C10 SA S10 HA HK S9 C9")
    for rules, partner in ((KNEIPE, chosen), (TSR, None)):
        deal = deal_around(hand, 1, rules, seed=3)
        for seat in deal.query_order():
            deal.apply(Reservation(seat, seat == 1))
        declare = make_bot(level, 1).choose(1, observe(deal, 1))
        assert declare == Declare(1, "wedding", False, partner)
        assert deal.declare_problem(1, "wedding", False, declare.partner) is None


# ----- whole Armut deals: every level, no replacement by house_default ----------------------

def quick(level: str):
    """``level``'s bot; the search levels think only a moment (the exchange itself searches nothing)."""
    bot = make_bot(level, 7)
    if hasattr(bot, "level"):
        bot.level = bot.level.replace(seconds=0.002, max_worlds=6, min_worlds=2, workers=0, bid_worlds=4)
    return bot


def armut_deals(count: int, seed: int):
    rng = random.Random(seed)
    found = 0
    while found < count:
        deal = Deal(deal_hands(rng, 0), 0, KNEIPE)
        poor = next((s for s in range(4) if deal.kind_problem(s, "poverty") is None), None)
        if poor is not None:
            found += 1
            yield armut_declared(deal, poor)


@pytest.mark.parametrize("level", [*LEVELS, *BASELINES])
def test_every_level_plays_whole_armut_deals_itself(level, replaced):
    outcomes = Counter()
    for deal in armut_deals(3 if level in ("random", "easy", "rules") else 2, seed=11):
        players = {seat: quick(level) for seat in range(4)}
        steps = driver.advance(deal, players)
        assert deal.is_done()
        assert isinstance(steps[0], Pass)
        outcomes[deal.contract] += 1
    assert replaced[POVERTY] == 0
    if level != "random":
        assert replaced[PLAY] == 0   # the poor seat and the taker play the hands the exchange left them
    assert sum(outcomes.values()) >= 2


def test_the_rule_player_declares_takes_and_plays_armut_deals_without_help(replaced):
    rng = random.Random(5)
    contracts = Counter()
    for _ in range(150):
        deal = Deal(deal_hands(rng, 0), 0, KNEIPE)
        driver.advance(deal, {seat: make_bot("rules", seat) for seat in range(4)})
        contracts[deal.contract] += 1
    assert contracts["poverty"] >= 3
    assert sum(replaced.values()) == 0


# ----- the bot protocol -----------------------------------------------------------------

def test_the_protocol_answers_each_step_of_the_armut_exchange():
    deal = next(armut_deals(1, seed=4))
    bot = make_bot("rules", 1)
    kinds = []
    while deal.phase == POVERTY:
        seat = deal.turn
        reply = answer(bot, json.dumps({"seat": seat, "deal": observe(deal, seat).to_dict()}))
        action = Action.from_dict(reply["action"])
        assert deal.exchange_problem(action) is None
        kinds.append(type(action).__name__)
        deal.apply(action)
    assert kinds[0] == "Pass" and "Accept" in kinds
    if deal.phase == PLAY:
        assert kinds[-1] == "Return"
        seat = deal.turn
        reply = answer(bot, json.dumps({"seat": seat, "deal": observe(deal, seat).to_dict()}))
        assert isinstance(Action.from_dict(reply["action"]), (Play,))


def test_the_random_player_takes_random_legal_steps():
    bot = make_bot("random", 3)
    seen = Counter()
    for deal in armut_deals(6, seed=9):
        while deal.phase == POVERTY:
            action = bot.choose(deal.turn, observe(deal, deal.turn))
            assert deal.exchange_problem(action) is None
            seen[type(action), getattr(action, "accepted", None)] += 1
            deal.apply(action)
    assert seen[Accept, True] and seen[Accept, False] and seen[Pass, None]
