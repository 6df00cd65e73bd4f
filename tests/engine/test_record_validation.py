"""Reading records: which error is reported, and that nothing is taken silently (issue 11, item 8)."""

from __future__ import annotations

import random

import pytest

from engine import RecordError, export, replay
from engine.round import Round


def fresh_record(dealer: int = 0) -> dict:
    deal = Round(dealer=dealer).new_deal(random.Random(7))
    return export(deal)


def reservations(dealer: int, first_says: bool = False) -> list[dict]:
    """The query in seat order from the dealer's left; the first seat asked says ``first_says``."""
    seats = [(dealer + i) % 4 for i in range(1, 5)]
    return [{"seat": s, "reservation": first_says and s == seats[0]} for s in seats]


def error_of(record: dict) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(record)
    return caught.value


def test_first_illegal_action_wins_over_a_later_malformed_one():
    record = fresh_record()
    query = reservations(0)
    record["actions"] = [query[1]] + query + [{"seat": 1, "play": "XX"}]     # seat 2 out of turn first
    error = error_of(record)
    assert (error.index, error.seat) == (0, 2)
    assert "XX" not in str(error)


def test_a_malformed_action_before_any_illegal_one_is_reported():
    record = fresh_record()
    record["actions"] = reservations(0) + [{"seat": 1, "play": "XX"}, {"seat": 3, "bogus": 1}]
    error = error_of(record)
    assert (error.index, error.seat) == (4, 1)


@pytest.mark.parametrize("damage", ["short", "unknown card", "not a list"])
def test_errors_in_a_hand_carry_its_seat(damage):
    record = fresh_record()
    hand = record["hands"][2]
    record["hands"][2] = {"short": hand[:-1], "unknown card": hand[:-1] + ["ZZ"], "not a list": "CQ"}[damage]
    error = error_of(record)
    assert error.seat == 2 and error.index is None
    assert error.to_dict()["seat"] == 2


def test_a_solo_declare_without_compulsory_is_an_error():
    record = fresh_record()
    record["actions"] = reservations(0, first_says=True) + [{"seat": 1, "declare": "solo-queens"}]
    error = error_of(record)
    assert (error.index, error.seat) == (4, 1)
    assert "compulsory" in str(error)
    record["actions"][-1]["compulsory"] = False                 # the same with the flag: a Lustsolo
    assert replay(record).declaration.kind == "solo-queens"


def give_both_club_queens(record: dict, seat: int) -> None:
    hands = record["hands"]
    for other in range(4):
        while other != seat and "CQ" in hands[other]:
            swap = next(i for i, card in enumerate(hands[seat]) if card != "CQ")
            i = hands[other].index("CQ")
            hands[other][i], hands[seat][swap] = hands[seat][swap], hands[other][i]


def test_a_wedding_declare_needs_no_compulsory_flag():
    record = fresh_record()
    give_both_club_queens(record, 1)
    record["actions"] = reservations(0, first_says=True) + [{"seat": 1, "declare": "wedding"}]
    assert replay(record).declaration.kind == "wedding"


def test_rules_null_is_an_error_but_missing_rules_mean_tsr():
    record = fresh_record()
    record["rules"] = None
    assert "rules" in str(error_of(record))
    del record["rules"]
    assert replay(record).rules == replay(fresh_record()).rules
