"""The strong player's reasons (the hint) are true for the action they come with."""

from __future__ import annotations


from engine import Deal, Play, card_from_code
from engine.bots.search import SearchBot
from engine.cards import code
from engine.observation import observe
from tests.bots.test_call_parties import strong_re_deal
from tests.bots.test_card_play import SMALL, bubensolo_last_kontra, fox_on_partners_queen

QUIET = SMALL.replace(announce=False)


def test_a_sure_trick_is_named_so_and_stays_with_the_partner():
    deal = bubensolo_last_kontra()
    action, reason = SearchBot(QUIET, 1).explain(0, observe(deal, 0))
    assert reason.key == "sure-trick" and reason.values["eyes"] == 10
    deal.apply(action)
    assert deal.tricks[-1].winner == 1   # the partner's Herz-Ass took it, not the card hinted


def test_a_searched_card_comes_with_its_expectation_and_the_card_it_beat():
    deal = fox_on_partners_queen()
    action, reason = SearchBot(QUIET, 2).explain(3, observe(deal, 3))
    assert isinstance(action, Play) and reason.key == "expected-card"
    values = reason.values
    legal = {code(c) for c in deal.legal_cards()}
    assert values["other"] in legal and values["other"] != code(action.card)
    assert values["points"] >= values["other_points"] - 0.05   # the chosen card was the best found
    assert 0 <= values["win"] <= 100


def test_a_call_comes_with_the_share_of_worlds_it_is_met_in():
    deal = strong_re_deal(2)
    bot = SearchBot(SMALL, 3)
    action, reason = bot.explain(0, observe(deal, 0))
    assert reason.key == "announce-strength"   # the first Re: the rule player's count of the hand
    deal.apply(action)
    action, reason = bot.explain(0, observe(deal, 0))
    assert reason.key == "expected-card"       # no Absage before the first trick is won
    deal.play(card_from_code("H10"))           # seat 0 leads a Dulle and takes the trick
    for _ in range(3):
        deal.play(deal.legal_cards()[0])
    assert deal.tricks[-1].winner == 0
    action, reason = bot.explain(0, observe(deal, 0))
    assert reason.key == "expected-call"       # ten trumps, both Dullen: the search says an Absage
    values = reason.values
    assert values["call"] == action.call and values["points"] > values["without"]
    assert values["met"] >= 96


def test_a_bid_names_what_the_hand_is_worth():
    rest = sorted(range(24)) * 2
    hand = [card_from_code(c) for c in "CQ SQ SQ DQ D10 D10 DK D9 CA CA SA HA".split()]
    for card in hand:
        rest.remove(card)
    fresh = Deal([rest[0:12], hand, rest[12:24], rest[24:36]], dealer=0, compulsory_open=frozenset())
    action, reason = SearchBot(SMALL, 4).explain(1, observe(fresh, 1))
    assert reason.key in ("solo-expected", "gesund-expected", "silent-wedding", "wedding", "healthy")
    if reason.key == "solo-expected":
        assert action.has_reservation and reason.values["win"] >= 80


def test_no_kontra_against_a_solo_from_open_card_rollouts():
    """The rollouts see three open opponents crush a soloist; the table does not: no search call."""
    deal = bubensolo_last_kontra()
    for seed in range(3):
        action, _ = SearchBot(SMALL, seed).explain(0, observe(deal, 0))
        assert isinstance(action, Play)
