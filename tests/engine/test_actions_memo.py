"""``Deal.actions`` keeps the last list it built (keyed by ``Deal.action_count``): over random deals
under random rule sets (Armut, Hochzeit, Schmeißen, calls), after every action the kept list is the
one a fresh build gives, and a copy that plays on does not change the original's. ``Rules.from_dict``
gives the same rule set for the same dict, and tells ``True`` from ``1``."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given

from engine import Deal
from engine.errors import DoppelkopfError
from engine.rules import Rules

from .test_house_properties import DEALS, FAST, random_deal


@FAST
@given(**DEALS)
def test_kept_actions_are_the_built_ones_after_every_action(rules, seed, reservation_rate, call_rate):
    played = random_deal(rules, seed, reservation_rate, call_rate)
    every = played.actions
    deal = Deal(played.dealt, played.dealer, rules, bock=played.bock)
    assert deal.actions == [] and deal.action_count == 0
    for count, action in enumerate(every, 1):
        deal.apply(action)
        assert deal.action_count == count
        assert deal.actions == deal._build_actions() == every[:count]
        assert deal.actions is not deal.actions      # each caller gets its own list
        if count == len(every) // 2 and not deal.is_done():
            copy = deal.copy()
            copy.apply(every[count])
            assert copy.actions == every[:count + 1] and deal.actions == every[:count]
    assert played.action_count == len(every)


def test_the_same_rules_dict_gives_the_same_rule_set():
    kneipe = Rules.from_dict({"preset": "kneipe", "bock_stack_max": 2})
    assert Rules.from_dict({"preset": "kneipe", "bock_stack_max": 2}) is kneipe
    assert kneipe.to_dict() == {"preset": "kneipe", "bock_stack_max": 2}
    with pytest.raises(DoppelkopfError):
        Rules.from_dict({"preset": "kneipe", "bock_stack_max": True})    # True == 1, but not an integer option
    with pytest.raises(DoppelkopfError):
        Rules.from_dict({"preset": "tsr", "nines": [True]})             # unhashable: refused, not a TypeError


def test_a_full_memo_still_keeps_the_newest_rule_set():
    """After many rule sets (hypothesis tests in the same worker) the memo starts afresh instead of
    refusing new entries: CI failed when the tests before it had filled it."""
    options = ("nines", "schweine", "bock", "bock_120", "solos", "sp_fuchs", "sp_karlchen", "sp_doppelkopf", "sp_fuchs_am_ende")
    for values in itertools.product((True, False), repeat=len(options)):    # 512 rule sets
        Rules.from_dict({"preset": "kneipe", **dict(zip(options, values))})
    latest = Rules.from_dict({"preset": "kneipe", "bock_stack_max": 3})
    assert Rules.from_dict({"preset": "kneipe", "bock_stack_max": 3}) is latest
