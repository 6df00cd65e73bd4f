"""The review fragment: steps from the engine, refusals with the engine's reason, never a 500."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from app.review import review_steps
from engine.record import export, replay
from engine.randomplay import random_actions_deal


@pytest.mark.parametrize("seed", range(20))
def test_steps_show_every_card_once_and_the_hands_shrink(seed):
    deal = random_actions_deal(random.Random(seed), reservation_rate=0.4, call_rate=0.2)
    steps = review_steps(replay(export(deal)))
    assert len(steps) == 13
    assert [sorted(c["card"].code for c in hand) for hand in steps[0].hands] == \
        [sorted(card.code for card in _views(hand)) for hand in deal.dealt]
    for step in steps[1:]:
        trick = deal.tricks[step.number - 1]
        assert [c["seat"] for c in step.cards] == [trick.seat_of(i) for i in range(4)]
        assert [sum(1 for c in hand if c["now"]) for hand in step.hands] == [1, 1, 1, 1]
        assert all(len(hand) == 13 - step.number for hand in step.hands)
    assert sum(steps[-1].party_eyes.values()) == 240
    shown_calls = [call for step in steps for c in step.cards for call in c["calls"]]
    shown_calls += [e.value for e in steps[0].events if e.kind == "call"]
    assert sorted(shown_calls) == sorted(c.call for c in deal.calls_made)


def _views(hand):
    from app.views import card_view
    return [card_view(card) for card in hand]


def record_text(seed: int = 1) -> str:
    return json.dumps(export(random_actions_deal(random.Random(seed))))


@pytest.mark.parametrize("text, status", [
    ("", 422), ("{", 422), ("[]", 422), ("null", 422), ('{"format": "doppelkopf-deal/1"}', 422),
    ("[" * 2000 + "]" * 2000, 422), ('{"a": ' * 900 + "1" + "}" * 900, 422), ("x" * 13_000, 413),
])
def test_bad_records_are_refused_with_a_reason(client, text, status):
    response = client.post("/review", data={"record": text, "lang": "en"})
    assert response.status_code == status
    assert "data-review-error" in response.text


def test_an_illegal_action_names_its_number_and_seat(client):
    record = json.loads(record_text())
    first = record["actions"][0]
    record["actions"][0] = {"seat": (first["seat"] + 1) % 4, "reservation": False}
    response = client.post("/review", data={"record": json.dumps(record), "lang": "en"})
    assert response.status_code == 422
    assert "action 1 (" in response.text


def test_a_record_is_shown_at_the_step_asked_for(client):
    response = client.post("/review", data={"record": record_text(), "step": "5", "lang": "de"})
    assert response.status_code == 200
    assert 'data-step="5"' in response.text and 'data-review-hand="3"' in response.text
    assert 'data-step="12"' in client.post("/review", data={"record": record_text(), "step": "99"}).text


def test_the_current_deal_only_once_it_is_over(client):
    assert client.get("/review").status_code == 400                     # no game
    game = client.post("/api/games", json={"animation_ms": 0})
    token = game.headers["X-Game-Token"]
    assert client.get("/review", headers={"X-Game-Token": token}).status_code == 409


RECORDS = sorted(p for p in Path(__file__).parents[1].joinpath("engine", "records").rglob("*.json")
                 if p.name != "expected.json")      # expected.json: the house vectors' results


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.stem)
def test_every_stored_record_can_be_reviewed(client, path):
    record = json.loads(path.read_text())
    deal = replay(record)
    steps = review_steps(deal)
    assert len(steps) == 1 + len(deal.tricks)
    for step in steps[1:]:            # each trick's cards are in the hands shown before it
        for placed in step.cards:
            assert placed["card"].code in [c["card"].code for c in step.hands[placed["seat"]] if c["now"]]
    response = client.post("/review", data={"record": json.dumps(record), "lang": "de"})
    assert response.status_code == 200, response.text


def test_an_armut_exchange_is_shown_before_the_first_trick(client):
    record = json.loads(RECORDS_DIR.joinpath("house", "HX-A1.json").read_text())
    deal = replay(record)
    steps = review_steps(deal)
    ex = deal.exchange
    events = [(e.seat, e.kind, e.value) for e in steps[0].events]
    assert (ex.poor, "pass", "3") in events and (ex.taker, "accept", "yes") in events
    assert (ex.taker, "return", f"3:{ex.trumps_returned}") in events
    assert [len(hand) for hand in steps[0].hands] == [12] * 4          # as dealt
    assert sorted(c["card"].code for c in steps[1].hands[ex.poor]) == \
        sorted(card.code for card in _views(deal.hand_at_play(ex.poor)))
    text = client.post("/review", data={"record": json.dumps(record), "step": "0", "lang": "de"}).text
    assert "gibt 3 Karten ab (Armut)" in text and "nimmt die Armut" in text and "gibt 3 Karten zurück" in text


RECORDS_DIR = Path(__file__).parents[1] / "engine" / "records"


_CARD_CODES = ["CQ", "SQ", "HQ", "DQ", "CJ", "H10", "DA", "D9", "CA", "S10", "HK", "X1", "", 7, None]
_VALUES = [None, True, False, 0, 4, -1, "x", [], {}, ["CQ"], ["CQ", "DQ", "HQ"], "poverty", "re", "solo-queens"]


@st.composite
def mutated_records(draw):
    """A stored record with one to three small changes: an action dropped, moved or altered, a card or
    a key of the record replaced. Most become invalid; a few stay valid (e.g. a deal cut short)."""
    record = json.loads(draw(st.sampled_from(RECORDS)).read_text())
    for _ in range(draw(st.integers(1, 3))):
        actions = record.get("actions")
        actions = actions if isinstance(actions, list) else []
        kind = draw(st.sampled_from(["drop", "cut", "swap", "field", "card", "key"]))
        if kind in ("drop", "swap", "field", "cut") and actions:
            i = draw(st.integers(0, len(actions) - 1))
            if kind == "drop":
                del actions[i]
            elif kind == "cut":
                del actions[i:]
            elif kind == "swap":
                j = draw(st.integers(0, len(actions) - 1))
                actions[i], actions[j] = actions[j], actions[i]
            elif isinstance(actions[i], dict) and actions[i]:
                field_ = draw(st.sampled_from(sorted(actions[i])))
                actions[i][field_] = copy.deepcopy(draw(st.sampled_from(_VALUES + _CARD_CODES)))
        elif kind == "card" and isinstance(record.get("hands"), list) and len(record["hands"]) == 4 \
                and all(isinstance(hand, list) and len(hand) == 12 for hand in record["hands"]):
            seat, index = draw(st.integers(0, 3)), draw(st.integers(0, 11))
            record["hands"][seat][index] = draw(st.sampled_from(_CARD_CODES))
        elif kind == "key":
            key = draw(st.sampled_from(sorted(record)))
            record[key] = copy.deepcopy(draw(st.sampled_from(_VALUES)))   # later changes must not touch _VALUES
    return record


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=mutated_records())
def test_a_mutated_record_never_gets_a_500(client, record):
    response = client.post("/review", data={"record": json.dumps(record), "lang": "en"})
    assert response.status_code in (200, 422), response.text[:500]
    assert (response.status_code == 200) == ("data-review-error" not in response.text)
