"""The review fragment: steps from the engine, refusals with the engine's reason, never a 500."""

from __future__ import annotations

import json
import random

import pytest

from app.review import review_steps
from engine.record import export, replay
from tests.engine.randomplay import random_actions_deal


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
