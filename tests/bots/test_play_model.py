"""The learned card-choice model of the inference (engine/bots/play_model.py) and its fitting
(tools/train_play_model.py)."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest

from engine import Deal
from engine.bots.play_model import FEATURES, PlayModel, decision_features, shipped_model
from engine.bots.public import View
from engine.bots.rules import choose_card
from engine.bots.search import InferenceModel, Settings, SearchBot
from engine.cards import deal_hands
from engine.driver import advance
from engine.bots.rules import RuleBot
from engine.observation import observe
from engine.record import export
from tools.train_play_model import decisions, design_of, fit, log_likelihood, old_assumption, self_play


def played_deals(count: int, seed: int = 5) -> list[dict]:
    """Records of rule-player deals, all four seats."""
    records = []
    for index in range(count):
        hands = deal_hands(random.Random(f"pm-{seed}-{index}"), index % 4)
        deal = Deal(hands, index % 4, compulsory_open=frozenset())
        advance(deal, {s: RuleBot(seed=index, noise=0.3) for s in range(4)})
        records.append(export(deal))
    return records


def views_with_a_choice(records: list[dict]):
    for record in records:
        yield from decisions(record)


def test_every_legal_card_has_every_feature_and_the_rule_card_is_marked_once():
    seen = 0
    for options, chosen in views_with_a_choice(played_deals(3)):
        assert chosen in options and len(options) >= 2
        assert all(len(features) == len(FEATURES) for features in options.values())
        assert sum(features[0] for features in options.values()) == 1.0   # the rule player's card
        seen += 1
    assert seen > 60


def test_the_probabilities_of_a_decision_sum_to_one():
    model = PlayModel([random.Random(i).uniform(-2, 2) for i in range(len(FEATURES))])
    record = played_deals(1)[0]
    for options, _ in list(views_with_a_choice([record]))[:10]:
        scores = [model.score(f) for f in options.values()]
        top = max(scores)
        total = sum(math.exp(s - top) for s in scores)
        assert sum(math.exp(s - top) / total for s in scores) == pytest.approx(1.0)


def test_a_model_weighting_only_the_rule_card_is_the_old_noise_assumption():
    """With weight log((1 - noise)(n - 1) / noise) on the rule card alone, P(rule card) = 1 - noise."""
    noise = 0.3
    for options, _ in list(views_with_a_choice(played_deals(2)))[:40]:
        n = len(options)
        weights = [0.0] * len(FEATURES)
        weights[0] = math.log((1 - noise) * (n - 1) / noise)
        model = PlayModel(weights)
        scores = {c: model.score(f) for c, f in options.items()}
        norm = math.log(sum(math.exp(s) for s in scores.values()))
        rule = next(c for c, f in options.items() if f[0] == 1.0)
        assert scores[rule] - norm == pytest.approx(math.log(1 - noise))
        other = next(c for c in options if c != rule)
        assert scores[other] - norm == pytest.approx(math.log(noise / (n - 1)))


def test_log_prob_matches_the_views_of_the_search(monkeypatch):
    """InferenceModel with the learned model sums the model's log-probabilities of the plays."""
    hands = deal_hands(random.Random("pm-search"), 0)
    deal = Deal(hands, 0, compulsory_open=frozenset())
    bots = {s: RuleBot(seed=s) for s in range(4)}
    advance(deal, bots, limit=4 + 4 + 6)   # reservations, then some cards
    record = observe(deal, 0)
    model = shipped_model()
    inference = InferenceModel(record, 0, learned=model)
    assert inference.snapshots
    expected = 0.0
    for public, seat, card in inference.snapshots:
        hand = list(hands[seat])
        for played in public.played_by[seat]:
            hand.remove(played)
        expected += model.log_prob(View(public, seat, hand), card) or 0.0
    assert inference.log_likelihood(deal) == pytest.approx(expected)


def test_fitting_recovers_the_weights_that_made_the_choices():
    """Choices drawn from a known model over real positions: the fit finds its weights again."""
    truth = np.array([2.0, -0.5, 1.0, 0.3, -0.4, 0.5, 0.4, 0.8, 0.2, 0.6, -0.7, -1.0, 0.0, 0.0, -0.3, 0.4, -0.2])
    rng = np.random.default_rng(3)
    rows, group, chosen, n = [], [], [], 0
    positions = list(views_with_a_choice(played_deals(40)))
    for _ in range(6):   # each position decided several times
        for options, _ in positions:
            x = np.array(list(options.values()))
            p = np.exp(x @ truth)
            pick = rng.choice(len(x), p=p / p.sum())
            rows.extend(x)
            group.extend([n] * len(x))
            chosen.extend(i == pick for i in range(len(x)))
            n += 1
    x, group, chosen = np.array(rows), np.array(group), np.array(chosen)
    weights = fit(x, group, chosen, n)
    assert log_likelihood(weights, x, group, chosen, n) >= log_likelihood(truth, x, group, chosen, n)
    for name, got, want in zip(FEATURES, weights, truth):
        if name in ("rule_card", "eyes", "wins", "trump"):   # well determined by these positions
            assert got == pytest.approx(want, abs=0.5), name


def test_the_shipped_model_explains_search_play_better_than_the_noise_rule():
    """Its own held-out figures, and a fresh check on games it never saw (another seed)."""
    data = json.loads(open("engine/bots/play_model.json").read())
    assert data["features"] == list(FEATURES) and "command" in data
    records = [self_play("medium", index, seed=991) for index in range(2)]
    x, group, chosen, n = design_of(records)
    weights = np.array(shipped_model().weights)
    assert log_likelihood(weights, x, group, chosen, n) > old_assumption(x, group, chosen, n)


def test_a_search_with_the_learned_inference_plays_legal_cards():
    settings = Settings(seconds=0.0, max_worlds=12, min_worlds=12, inference=True, batch=6, play_model=True)
    hands = deal_hands(random.Random("pm-legal"), 1)
    deal = Deal(hands, 1, compulsory_open=frozenset())
    players = {s: SearchBot(settings, seed=s) if s == 2 else RuleBot(seed=s) for s in range(4)}
    advance(deal, players)
    assert deal.result() is not None
