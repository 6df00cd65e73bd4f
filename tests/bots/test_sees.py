"""What seeing more is worth (``Behaviour.sees``, docs/strength.md): a measurement in the arena only. A player with
the setting searches the real deal, or worlds with the real parties, only where the arena shows it the deal;
anywhere else it plays exactly as without the setting."""

from __future__ import annotations

import random

from engine.bots import arena
from engine.bots.rules import RuleBot
from engine.bots.levels import variant
from engine.deal import Deal
from engine.driver import advance
from engine.observation import observe
from engine.worlds import WorldSampler
from engine.rules import TSR


def normal_deal_after(cards: int, seed: int) -> Deal:
    """A normal game (no reservation) with ``cards`` cards played by rule players."""
    for index in range(seed, seed + 50):
        hands, dealer = arena.deal_hands_for(seed, index)
        deal = Deal(hands, dealer, TSR, compulsory_open=frozenset())
        advance(deal, {s: RuleBot() for s in range(4)}, limit=4)
        if deal.declaration is not None or deal.contract != "normal":
            continue
        played = 0
        while played < cards:
            seat = deal.turn
            deal.apply(RuleBot().choose(seat, observe(deal, seat)))
            played += 1
        return deal
    raise AssertionError("no normal game in 50 deals")


def test_worlds_with_the_real_parties_have_the_real_parties():
    deal = normal_deal_after(5, seed=3)
    sampler = WorldSampler(observe(deal, deal.turn), deal.turn)
    sampler.know_parties(deal.re_seats)
    rng = random.Random(1)
    assert all(sampler.sample(rng).re_seats == deal.re_seats for _ in range(40))
    plain = WorldSampler(observe(deal, deal.turn), deal.turn)
    assert any(plain.sample(rng).re_seats != deal.re_seats for _ in range(40))


def test_the_setting_changes_nothing_where_the_deal_is_not_shown():
    """At the table nobody sets ``true_deal``: the player searches sampled worlds as its level does."""
    deal = normal_deal_after(6, seed=4)
    seat = deal.turn
    record = observe(deal, seat)
    plain = variant("medium", "arena_worlds=16").fixed_budget()
    plain.rng = random.Random(9)
    for sees in ("cards", "parties"):
        seeing = variant("medium", f"arena_worlds=16,sees={sees}").fixed_budget()
        seeing.rng = random.Random(9)
        plain.rng = random.Random(9)
        assert seeing.true_deal is None
        assert seeing.choose(seat, record) == plain.choose(seat, record)


def test_the_arena_shows_the_deal_only_to_a_player_measured_with_the_setting():
    deal = normal_deal_after(0, seed=5)
    seeing = arena.ArenaPlayer(arena.arena_bot("medium+arena_worlds=8,sees=cards", 1, "fixed"))
    plain = arena.ArenaPlayer(arena.arena_bot("medium+arena_worlds=8", 1, "fixed"))
    seeing.show(deal)
    plain.show(deal)
    assert seeing.bot.true_deal is deal and plain.bot.true_deal is None
    report = arena.run("medium+arena_worlds=8,sees=cards", "medium+arena_worlds=8", deals=1, seed=6, progress=None)
    assert len(report["deal_means"]) == 1
