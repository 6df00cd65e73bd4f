"""Deal records, ``doppelkopf-deal/1``: parse, validate, replay into a Deal, export a Deal.

>>> import random
>>> from engine.round import Round
>>> deal = Round().new_deal(random.Random(1))
>>> replay(export(deal)).dealt == deal.dealt
True
"""

from __future__ import annotations

import json

from .actions import Action, Declare, Return
from .cards import CardError, cards_from_codes, check_hands, code
from .contracts import ALL_SOLO_KINDS
from .deal import Deal
from .errors import DoppelkopfError, IllegalActionError, RecordError
from .rules import Rules

FORMAT = "doppelkopf-deal/1"
KEYS = ("format", "rules", "dealer", "forced", "bock", "hands", "actions")
OBSERVATION_KEYS = KEYS + ("shown",)   # an observation also says which Schweine are shown (house rules §13.3)


def load(data: str | bytes | dict, observation: bool = False) -> dict:
    """A record object from JSON text (or an already parsed object), checked for shape.
    ``observation``: a seat's partial record, which may carry ``shown``."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise RecordError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("a deal record must be a JSON object")
    unknown = sorted(set(data) - set(OBSERVATION_KEYS if observation else KEYS))
    if unknown:
        raise RecordError(f"unknown key {unknown[0]!r} in a deal record")
    if data.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, got {data.get('format')!r}")
    return data


def _hands(data: dict, allow_hidden: bool, size: int | None = None) -> list[list[int] | None]:
    """The four hands (None where hidden and allowed); with ``size``, each must hold that many cards."""
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != 4:
        raise RecordError("hands must be a list of four hands")
    parsed = []
    for seat, hand in enumerate(hands):
        if hand is None and allow_hidden:
            parsed.append(None)
            continue
        if not isinstance(hand, list):
            raise RecordError(f"hand of seat {seat} must be a list of card codes", seat=seat)
        try:
            parsed.append(cards_from_codes(hand))
        except CardError as exc:
            raise RecordError(f"hand of seat {seat}: {exc}", seat=seat) from None
        if size is not None and len(hand) != size:
            raise RecordError(f"seat {seat} holds {len(hand)} cards, not {size}", seat=seat)
    return parsed


def _dealer(data: dict) -> int:
    dealer = data.get("dealer")
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise RecordError(f"dealer must be a seat 0..3, got {dealer!r}")
    return dealer


def _forced(data: dict, rules: Rules) -> int | None:
    forced = data.get("forced")
    if forced is not None and (type(forced) is not int or not 0 <= forced <= 3):
        raise RecordError(f"forced must be a seat 0..3 or null, got {forced!r}")
    if forced is not None and not rules.solos:
        raise RecordError("forced: without solos there is no Pflichtsolo to be vorgeführt (house rules §1.3)")
    return forced


def _bock(data: dict, rules: Rules) -> int:
    """The Bock multiplier (house rules §11, §13.1): 1, 2, 4, ... and only where the rules play Bock."""
    bock = data.get("bock", 1)
    if "bock" in data and not rules.bock:
        raise RecordError("bock is only allowed when the rules have \"bock\": true")
    if type(bock) is not int or bock < 1 or bock & (bock - 1):
        raise RecordError(f"bock must be a power of two 1, 2, 4, ..., got {bock!r}")
    if rules.bock_stack_max and bock > 2 ** rules.bock_stack_max:
        raise RecordError(f"bock is at most {2 ** rules.bock_stack_max} with bock_stack_max {rules.bock_stack_max}")
    return bock


def _raw_actions(data: dict) -> list:
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    return actions


def parse_action(raw: object, index: int) -> Action:
    """One action of a record; a solo's ``declare`` must say whether it is compulsory (spec, actions)."""
    try:
        action = Action.from_dict(raw)
    except DoppelkopfError as exc:
        seat = raw.get("seat") if isinstance(raw, dict) else None
        raise RecordError(str(exc), index, seat if seat in (0, 1, 2, 3) and type(seat) is int else None) from None
    if isinstance(action, Declare) and action.kind in ALL_SOLO_KINDS and "compulsory" not in raw:
        raise RecordError(f"a {action.kind} declare needs \"compulsory\": true or false", index, action.seat)
    return action


def parse_actions(data: dict) -> list[Action]:
    return [parse_action(raw, index) for index, raw in enumerate(_raw_actions(data))]


def _rules(data: dict) -> Rules:
    """The record's rules; a missing key means TSR, but ``null`` is a wrong type like any other."""
    if "rules" in data and data["rules"] is None:
        raise RecordError("rules must be an object such as {\"preset\": \"tsr\"}, not null")
    try:
        return Rules.from_dict(data.get("rules"))
    except DoppelkopfError as exc:
        raise RecordError(str(exc)) from None


def replay(data: str | bytes | dict, *, compulsory_open: frozenset[int] | None = None,
           forced: int | None = None) -> Deal:
    """Replay a record into a Deal; the first illegal action is reported with its index and seat.

    A Vorführung (TSR 4.2.3) is marked by the record's ``forced`` key, or by a first action that
    is a ``declare``; the ``forced`` argument names the seat when the round knows it.
    ``compulsory_open`` gives the round's open Pflichtsoli when known; a lone record trusts its
    ``compulsory`` flags.
    """
    data = load(data)
    rules = _rules(data)
    bock = _bock(data, rules)
    hands = _hands(data, allow_hidden=False, size=12 if rules.nines else 10)
    try:
        check_hands(hands, rules.nines)
    except CardError as exc:
        raise RecordError(str(exc)) from None
    raw_actions = _raw_actions(data)
    if forced is None:
        forced = _forced(data, rules)
    if forced is None and raw_actions and rules.solos:   # without solos a first declare is just illegal
        first = parse_action(raw_actions[0], 0)
        forced = first.seat if isinstance(first, Declare) else None
    deal = Deal(hands, _dealer(data), rules, compulsory_open=compulsory_open, forced=forced, bock=bock)
    # Each action is parsed just before it is applied, so the first illegal action is the one
    # reported even when a later one is malformed.
    for index, raw in enumerate(raw_actions):
        action = parse_action(raw, index)
        if isinstance(action, Return) and "trumps" in raw:
            raise RecordError("trumps is an observation's count of the trumps returned; a record's return lists "
                              "the cards only", index, action.seat)
        try:
            deal.apply(action)
        except IllegalActionError as exc:
            raise RecordError(exc.reason, index, action.seat) from None
    return deal


def export(deal: Deal) -> dict:
    """The record of ``deal`` as it stands: dealt hands and every action so far."""
    record = {"format": FORMAT, "rules": deal.rules.to_dict(), "dealer": deal.dealer}
    if deal.forced is not None:
        record["forced"] = deal.forced
    if deal.rules.bock:
        record["bock"] = deal.bock
    record["hands"] = [[code(c) for c in hand] for hand in deal.dealt]
    record["actions"] = [action.to_dict() for action in deal.actions]
    return record


def score_record(data: str | bytes | dict) -> dict:
    """The spec's result object of a complete record."""
    deal = replay(data)
    try:
        return deal.result().to_dict()
    except DoppelkopfError as exc:
        raise RecordError(str(exc)) from None
