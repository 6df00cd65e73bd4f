"""The idea behind a card or a call, as a club player names it (the hint says it before any figure).

Each position is rebuilt from the table: the ideas come from the seat's own observation only.
"""

from __future__ import annotations

import pytest

from engine import Call, Declare, Play, Reservation, card_from_code
from engine.actions import Accept, Pass
from engine.bots.ideas import ENGLISH, Idea, ideas_for
from engine.observation import observe

from .test_card_play import deal_with, play


def keys(deal, seat: int, card: str) -> list[str]:
    """The idea keys for ``seat`` playing ``card`` now (seat must be on turn)."""
    assert deal.current_player() == seat
    return [idea.key for idea in ideas_for(Play(seat, card_from_code(card)), observe(deal, seat), seat)]


def healthy(known: dict[int, str]):
    """Trick 1 of a normal game (dealer 0: seat 1 leads), with the seats in ``known`` holding those cards."""
    deal = deal_with(known, dealer=0)
    for seat in deal.query_order():
        deal.reserve(seat, False)
    return deal


def test_every_idea_reads_in_english():
    for key, sentence in ENGLISH.items():
        params = {name: "S" if name == "suit" else "re" if name == "party" else "no90" if name == "call"
                  else "solo-clubs" if name == "kind" else 3
                  for name in ("suit", "party", "call", "kind", "trumps", "high") if "{" + name in sentence}
        assert str(Idea.of(key, **params))
    with pytest.raises(ValueError):
        Idea("no-such-idea")


def test_leading_a_fresh_ace_then_the_top_card_then_a_small_one():
    deal = healthy({1: "SA SA S9 HA HK H9 C9 CK D9 DK DJ HJ", 2: "S9 SK", 3: "SK S10", 0: "S10"})
    assert keys(deal, 1, "SA") == ["fresh-ace"]
    assert keys(deal, 1, "S9") == ["low-fail-lead"]
    play(deal, "SA S9 SK S10")      # seat 1 keeps the lead; spades have run once
    assert keys(deal, 1, "SA") == ["top-card"]


def test_trumps_from_the_lead():
    deal = healthy({1: "H10 H10 D9 HQ SA S9 HA HK H9 C9 CK SK"})
    assert keys(deal, 1, "H10") == ["draw-trumps"]     # nothing beats the Dulle
    assert keys(deal, 1, "D9") == ["trump-lead"]       # a small trump, Kontra with four trumps
    assert keys(deal, 1, "HQ") == ["pull-trumps"]      # a queen is no small trump


def test_a_ten_under_an_unseen_ace_is_no_small_lead():
    deal = healthy({1: "S10 S9 HA HK H9 C9 CK SK D9 DK DJ HJ"})
    assert keys(deal, 1, "S10") == ["fail-lead"]
    assert keys(deal, 1, "S9") == ["low-fail-lead"]


def test_a_partner_ahead_but_not_yet_safe_gets_no_eyes():
    """Seat 1 leads the Alte, seat 2 holds the other: partners; two seats still to play may hold a Dulle."""
    deal = healthy({1: "CQ", 2: "CQ D9 D10 S9 S9 C9 C9 H9 H9 HK HK SK"})
    play(deal, "CQ")
    assert keys(deal, 2, "D9") == ["follow", "partner-ahead"]
    assert keys(deal, 2, "D10") == ["follow", "schmieren-hope"]     # a Dulle after it may still take the ten


def test_the_hochzeiter_leads_a_low_card_to_find_the_partner_not_an_ace():
    deal = deal_with({1: "CQ CQ SA S9 SK H9 HK C9 C9 CK D9 DK"}, dealer=0)
    for seat in deal.query_order():
        deal.reserve(seat, seat == 1)
    deal.declare(1, "wedding")
    assert keys(deal, 1, "S9") == ["find-partner"]
    assert keys(deal, 1, "SA") == ["fresh-ace"]


def test_following_suit_comes_first_and_a_lost_trick_gets_few_eyes():
    deal = healthy({1: "HA", 2: "H9 HK H10 D9", 3: "H9"})
    play(deal, "HA")
    assert keys(deal, 2, "H9") == ["follow", "give-little"]
    idea = ideas_for(Play(2, card_from_code("H9")), observe(deal, 2), 2)[0]
    assert idea.values == {"suit": "H"}


def test_a_full_card_on_a_trick_of_a_seat_whose_party_is_not_known_is_schmieren_on_a_hunch():
    """The first Kreuz-Ass holds the trick; nobody has shown a party, so it may be the partner's."""
    deal = healthy({1: "CA", 2: "CK", 3: "CA", 0: "C10 C9 CK D9 DK DJ HJ S9 S9 H9 HK HK"})
    play(deal, "CA CK CA")
    assert keys(deal, 0, "C10") == ["follow", "schmieren-hope"]
    assert keys(deal, 0, "C9") == ["follow", "give-little"]
    assert keys(deal, 0, "CK") == ["follow", "save-small"]


def test_schmieren_on_the_partners_sure_trick_and_the_fuchs_home():
    """Seat 1 shows the Alte, seat 0 holds the other: partners; seat 0 is last, so the trick is theirs."""
    deal = healthy({1: "CQ", 2: "D9", 3: "DK", 0: "CQ D10 DA DK S9 S9 C9 C9 H9 H9 HK HK"})
    play(deal, "CQ D9 DK")
    assert keys(deal, 0, "D10") == ["follow", "schmieren"]
    assert keys(deal, 0, "DA") == ["follow", "fox-home"]
    assert keys(deal, 0, "DK") == ["follow", "partner-trick"]


def test_catching_the_fuchs_ruffing_discarding_and_the_cheapest_winner():
    fox = healthy({1: "DA", 2: "D9", 3: "DK", 0: "DJ SA S10"})
    play(fox, "DA D9 DK")
    assert keys(fox, 0, "DJ") == ["follow", "catch-fox"]

    ruff = healthy({1: "SA", 2: "S9", 3: "SK", 0: "DJ D9 C9 CK CA C10 H9 HK HA H9 HK D10"})
    play(ruff, "SA S9 SK")
    assert keys(ruff, 0, "DJ") == ["ruff"]
    assert keys(ruff, 0, "C9") == ["discard"]

    cheap = healthy({1: "S9", 2: "SK", 3: "S9", 0: "SA S10 D9"})
    play(cheap, "S9 SK S9")
    assert keys(cheap, 0, "S10") == ["follow", "cheapest-winner"]


def test_keeping_the_fuchs_back_from_a_trick_the_dulle_holds():
    deal = healthy({1: "H10", 0: "DA D9 DK DJ HJ S9 S9 C9 C9 H9 HK HK"})
    play(deal, "H10")
    assert deal.current_player() == 2
    play(deal, "D10" if card_from_code("D10") in deal.hands[2] else _any_legal(deal))
    play(deal, _any_legal(deal))
    assert keys(deal, 0, "D9") == ["follow", "keep-fox"]


def _any_legal(deal) -> str:
    from engine.cards import code
    return code(deal.legal_cards()[0])


def test_the_only_card_left_to_follow():
    deal = healthy({1: "CA", 2: "C9", 3: "CK", 0: "C10 D9 DK DJ HJ S9 S9 SA H9 HK HK HA"})
    play(deal, "CA C9 CK")
    assert keys(deal, 0, "C10") == ["follow", "only-card"]


def test_the_hochzeiter_looks_for_a_partner():
    deal = deal_with({1: "CQ CQ S9 S9 SK H9 HK C9 C9 CK D9 DK"}, dealer=0)
    for seat in deal.query_order():
        deal.reserve(seat, seat == 1)
    deal.declare(1, "wedding")
    assert keys(deal, 1, "S9") == ["find-partner"]


def test_calls_and_contracts_in_words():
    deal = healthy({1: "CQ H10 H10 SQ HQ DQ DJ D9 SA S9 C9 H9"})
    call = ideas_for(Call(1, "re"), observe(deal, 1), 1)[0]
    assert call.key == "announce" and call.values == {"party": "re", "trumps": 8, "high": 6}
    assert ideas_for(Call(1, "no90"), observe(deal, 1), 1)[0].key == "absage"

    fresh = deal_with({1: "CQ CQ SA"}, dealer=0)
    record = observe(fresh, 1)
    assert ideas_for(Reservation(1, False), record, 1)[0].key == "silent-wedding"
    assert ideas_for(Reservation(2, False), observe(fresh, 2), 2)[0].key == "healthy"
    assert ideas_for(Declare(1, "solo-clubs"), record, 1) == (Idea("solo"),)
    assert ideas_for(Declare(1, "wedding"), record, 1)[0].key == "wedding"
    assert ideas_for(Pass(1, ()), record, 1)[0].key == "armut-pass"
    assert ideas_for(Accept(1, False), record, 1)[0].key == "armut-decline"


class Witness:
    """A random player that, at each of its decisions, asks the ideas for every legal action of the true deal
    (at most a few dozen: an Armut return has many)."""

    def __init__(self, deal, seed: int):
        from engine.bots import RandomBot
        self.deal, self.bot, self.seen = deal, RandomBot(seed), set()

    def choose(self, seat: int, record: dict):
        for action in self.deal.legal_actions(seat)[:30]:
            ideas = ideas_for(action, record, seat)
            assert ideas and all(str(idea) for idea in ideas), action
            self.seen.update(idea.key for idea in ideas)
        return self.bot.choose(seat, record)


@pytest.mark.parametrize("preset", ["tsr", "kneipe", "ohne_neunen", "sonderregeln", "einsteiger"])
def test_every_legal_action_of_random_deals_has_an_idea(preset):
    """Whatever the rule set, contract or moment, the hint has words (and never raises)."""
    import random

    from engine import Deal
    from engine.driver import advance
    from engine.rules import Rules

    seen = set()
    for seed in range(4):
        deal = Deal.shuffled(random.Random(seed), seed % 4, Rules.preset_named(preset))
        witness = Witness(deal, seed)
        advance(deal, {seat: witness for seat in range(4)})
        seen |= witness.seen
    assert {"follow", "give-little", "fresh-ace"} <= seen, seen
