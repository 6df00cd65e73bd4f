"""The bars for the first Re or Kontra: the rule player's, and the search levels' Kontra on 8 trumps."""

from engine.bots.hand_eval import counted_trumps, strong_for


def test_the_rule_players_bars_are_unchanged():
    assert strong_for("re", 8, 3, 0) and strong_for("re", 7, 4, 0) and strong_for("re", 7, 3, 2)
    assert not strong_for("re", 7, 3, 1) and not strong_for("re", 9, 2, 0)
    assert strong_for("kontra", 7, 4, 0) and not strong_for("kontra", 8, 3, 1)


def first_card_view(few: bool):
    """A Kontra seat of a normal game at its first card, holding fewer than 8 trumps (``few``) or at least 8."""
    from engine.bots import arena
    from engine.bots.public import View
    from engine.bots.rules import RuleBot
    from engine.deal import Deal
    from engine.driver import advance
    from engine.observation import observe
    from engine.rules import TSR
    for index in range(200):
        hands, dealer = arena.deal_hands_for(17, index)
        deal = Deal(hands, dealer, TSR, compulsory_open=frozenset())
        while deal.phase != "play" or deal.turn is None:
            advance(deal, {s: RuleBot() for s in range(4)}, limit=1)
        if deal.contract != "normal" or deal.turn in deal.re_seats:
            continue
        view = View.of(observe(deal, deal.turn))
        if (counted_trumps(view) < 8) == few:
            return view
    raise AssertionError("no such seat in 200 deals")


def test_a_kontra_by_value_needs_the_trumps_of_the_setting():
    """A Kontra by its value at the table, said on five trumps after the other side's keine 90 and lost (a club
    player's replay, docs/strength.md): `hard` (``value_kontra_trumps=8``) does not judge it below the bar."""
    import dataclasses
    from engine.bots.levels import HARD
    from engine.bots.search import _worth_searching
    unbarred = dataclasses.replace(HARD.behaviour, value_kontra_trumps=0)
    weak, strong = first_card_view(few=True), first_card_view(few=False)
    assert _worth_searching(weak, "kontra", unbarred) and not _worth_searching(weak, "kontra", HARD.behaviour)
    assert _worth_searching(strong, "kontra", HARD.behaviour)
