"""The analysis of a deal through the server: decision points, one judged at a time, the panel."""

from __future__ import annotations

import re

import pytest

from engine.bots.analysis import decision_points, grade, judge
from engine.record import export
from engine.deal import Deal

from .analysis_positions import fox_blunder


@pytest.fixture(scope="module")
def blunder():
    record, cheaper = fox_blunder()
    point = next(i for i, p in enumerate(decision_points(record, 0)) if p.chosen == "DA")
    return record, cheaper, point


def test_the_fuchs_given_away_is_marked_with_a_better_card_and_why(blunder):
    record, _, number = blunder
    point = decision_points(record, 0)[number]
    card = next(j for j in judge(record, 0, point) if j.kind == "card")
    assert card.grade is not None and card.best != "DA" and card.loss >= 0.3
    assert card.reason == "fox-lost" and card.params["better"] == card.best


def test_grades_need_the_loss_to_stand_out_of_the_noise():
    assert grade(0.2, 0.01) is None and grade(0.5, 0.1) == "inaccuracy"
    assert grade(1.5, 0.2) == "mistake" and grade(3.5, 1.0) == "blunder"
    assert grade(1.5, 1.0) is None               # within twice its standard error: no difference shown


def test_the_server_judges_one_decision_at_a_time_and_words_the_panel(client, blunder):
    record, _, number = blunder
    points = client.post("/api/analysis/points", json={"record": record})
    assert points.status_code == 200 and len(points.json()["points"]) == len(decision_points(record, 0))
    judged = client.post("/api/analysis/judge", json={"record": record, "point": number})
    assert judged.status_code == 200, judged.text
    judgements = judged.json()["judgements"]
    assert any(j["grade"] and j["chosen"] == "DA" for j in judgements)
    panel = client.post("/analysis/view", json={"record": record, "judgements": judgements, "lang": "de"})
    assert panel.status_code == 200
    mark = re.search(r'<li data-mistake data-kind="card"[^>]*data-loss="([\d.]+)" data-better="(\w+)"', panel.text)
    assert mark and float(mark[1]) >= 0.3 and mark[2] != "DA"
    assert "Der Fuchs war verloren" in panel.text


@pytest.mark.parametrize("body, status", [
    ({"record": {"format": "nonsense"}}, 422),
    ({"record": "not an object"}, 422),
    ({"record": {}, "seat": 7}, 422),
])
def test_bad_requests_get_clear_errors(client, body, status):
    response = client.post("/api/analysis/points", json=body)
    assert response.status_code == status and response.json()["detail"]


def test_a_deal_still_running_is_not_analysed(client):
    import random
    deal = Deal.shuffled(random.Random(1))
    response = client.post("/api/analysis/points", json={"record": export(deal)})
    assert response.status_code == 409 and "finished" in response.json()["detail"]


def test_a_decision_that_does_not_exist_is_refused(client, blunder):
    record, _, _ = blunder
    response = client.post("/api/analysis/judge", json={"record": record, "point": 150})
    assert response.status_code == 422 and "decisions" in response.json()["detail"]
