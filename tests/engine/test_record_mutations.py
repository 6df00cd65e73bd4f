"""The record parser never raises anything but RecordError, whatever is done to a valid record."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CODES, RecordError, export, replay, score_record

from engine.randomplay import random_actions_deal


def valid_record(seed: int) -> dict:
    return export(random_actions_deal(random.Random(seed), call_rate=0.1))


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.text(max_size=4),
                 st.sampled_from(CODES), st.lists(st.integers(0, 5), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@st.composite
def mutated_records(draw):
    record = valid_record(draw(st.integers(0, 10**6)))
    actions = record["actions"]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["drop", "swap", "duplicate", "alter", "card", "hand", "junk"]))
        i = draw(st.integers(0, len(actions) - 1))
        j = draw(st.integers(0, len(actions) - 1))
        if kind == "drop" and actions:
            del actions[i]
        elif kind == "swap":
            actions[i], actions[j] = actions[j], actions[i]
        elif kind == "duplicate":
            actions.insert(j, copy.deepcopy(actions[i]))
        elif kind == "alter" and isinstance(actions[i], dict) and actions[i]:
            key = draw(st.sampled_from(sorted(actions[i])))
            actions[i][key] = draw(JUNK)
        elif kind == "card" and all(isinstance(h, list) and len(h) == 12 for h in record["hands"]):
            seat, slot = draw(st.integers(0, 3)), draw(st.integers(0, 11))
            record["hands"][seat][slot] = draw(st.one_of(st.sampled_from(CODES), JUNK))
        elif kind == "hand":
            seat = draw(st.integers(0, 3))
            hand = record["hands"][seat]
            record["hands"][seat] = draw(JUNK) if not isinstance(hand, list) else draw(st.one_of(JUNK, st.just(hand[:-1])))
        elif kind == "junk":
            actions.insert(i, draw(JUNK))
        if not actions:
            break
    if draw(st.booleans()):
        record[draw(st.sampled_from(["format", "rules", "dealer", "hands", "actions", "extra"]))] = draw(JUNK)
    return record


@settings(max_examples=1500, deadline=None)
@given(mutated_records())
def test_mutated_records_give_only_record_errors(record):
    for data in (record, json.dumps(record)):
        try:
            replay(data)
            score_record(data)
        except RecordError as error:
            assert str(error)
            assert error.index is None or 0 <= error.index < len(record["actions"])
            assert error.seat is None or error.seat in range(4)


@pytest.mark.parametrize("text", ["", "[]", "{", "null", '{"format": "doppelkopf-deal/1"}', "1e999999", "[" * 5000])
def test_garbage_text_gives_record_errors(text):
    with pytest.raises(RecordError):
        replay(text)
