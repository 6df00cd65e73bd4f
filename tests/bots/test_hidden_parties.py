"""Rollouts with hidden parties: in a normal game the rollout players know only their own party,
the parties of seats that announced or played a Kreuz-Dame, and everything once a party is shown."""

from __future__ import annotations

import random
from types import SimpleNamespace

from engine.actions import Call, Play
from engine.bots.search import _shown_seats
from engine.bots.sim import Sim, _known_partners, _policy
from engine.cards import card_from_code


def cards(*codes: str) -> list[int]:
    return [card_from_code(c) for c in codes]


def third_card_played(contract: str = "normal", re=frozenset({1, 3})) -> Sim:
    """Seat 0 (Kontra) led Herz-König, seat 1 (Re) trumped with Karo-Bube, seat 2 (Kontra) threw
    Herz-Neun; seat 3 (Re), last, holds Herz-Ass and Herz-Neun."""
    hands = [cards("HK"), cards("DJ"), cards("H9"), cards("HA", "H9")]
    sim = Sim.start(hands, 0, contract, re)
    for card in cards("HK", "DJ", "H9"):
        sim.step(card)
    return sim


def last_card(sim: Sim) -> str:
    options = sim.options()
    card = _policy(sim, options, sim.suit, sim.strength, sim.beats, random.Random(0).random)
    return {card_from_code("HA"): "HA", card_from_code("H9"): "H9"}[card]


def test_with_open_parties_the_last_seat_schmiert_to_its_partner():
    assert last_card(third_card_played()) == "HA"


def test_with_hidden_parties_an_unshown_partner_gets_no_ace():
    sim = third_card_played()
    sim.hide_parties(0)
    assert not _known_partners(sim, 1, 3)
    assert last_card(sim) == "H9"


def test_a_partner_who_announced_gets_the_ace():
    sim = third_card_played()
    sim.hide_parties(1 << 1)
    assert _known_partners(sim, 1, 3)
    assert last_card(sim) == "HA"


def test_both_opponents_shown_leave_only_the_partner():
    sim = third_card_played()
    sim.hide_parties(1 << 0 | 1 << 2)
    assert _known_partners(sim, 1, 3)


def test_an_opponent_is_never_a_partner():
    sim = third_card_played()
    sim.hide_parties(15)
    assert not _known_partners(sim, 2, 3)
    assert _known_partners(sim, 3, 3)


def test_a_kreuz_dame_played_in_the_rollout_shows_its_seat():
    hands = [cards("HK"), cards("CQ"), cards("H9"), cards("HA")]
    sim = Sim.start(hands, 0, "normal", frozenset({1, 3}))
    sim.hide_parties(0)
    sim.step(card_from_code("HK"))
    sim.step(card_from_code("CQ"))
    assert sim.shown == 1 << 1
    assert sim.clone().shown == 1 << 1


def test_solos_and_clarified_weddings_keep_open_parties():
    for contract in ("solo-clubs", "wedding"):
        sim = third_card_played(contract, frozenset({3}) if contract == "solo-clubs" else frozenset({1, 3}))
        sim.hide_parties(0)
        assert sim.shown is None


def test_shown_seats_from_a_record():
    record = SimpleNamespace(actions=[])
    actions = [Call(2, "kontra"), Play(1, card_from_code("CQ")), Play(0, card_from_code("DJ"))]
    record.actions = actions
    assert _shown_seats(record) == 1 << 2 | 1 << 1
