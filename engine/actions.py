"""Actions of a deal, in the deal record's JSON shape.

>>> Action.from_dict({"seat": 1, "play": "H10"})
Play(seat=1, card=13)
>>> Play(1, 13).to_dict()
{'seat': 1, 'play': 'H10'}
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import card_from_code, code
from .contracts import DECLARATIONS, SOLO_KINDS
from .errors import DoppelkopfError

CALLS = ("re", "kontra", "no90", "no60", "no30", "schwarz")


class Action:
    """Base of the four action types; ``Action.from_dict`` parses any of them."""

    __slots__ = ()
    seat: int

    @staticmethod
    def from_dict(data: object) -> "Action":
        if not isinstance(data, dict):
            raise DoppelkopfError("an action must be a JSON object")
        seat = data.get("seat")
        if type(seat) is not int or not 0 <= seat <= 3:
            raise DoppelkopfError(f"an action needs a seat 0..3, got {seat!r}")
        keys = set(data) - {"seat"}
        for parser in (Reservation, Declare, Call, Play):
            if parser.KEY in keys:
                expected = {parser.KEY} | set(parser.OPTIONAL)
                if not keys <= expected:
                    extra = sorted(keys - expected)[0]
                    raise DoppelkopfError(f"unexpected key {extra!r} in a {parser.KEY} action")
                return parser.parse(seat, data)
        raise DoppelkopfError(f"unknown action {data!r}: expected reservation, declare, call or play")


@dataclass(slots=True, unsafe_hash=True)
class Reservation(Action):
    """``has_reservation`` False is "gesund", True is "Vorbehalt"."""

    seat: int
    has_reservation: bool
    KEY = "reservation"
    OPTIONAL = ()

    @classmethod
    def parse(cls, seat, data):
        value = data["reservation"]
        if not isinstance(value, bool):
            raise DoppelkopfError("reservation must be true or false")
        return cls(seat, value)

    def to_dict(self) -> dict:
        return {"seat": self.seat, "reservation": self.has_reservation}


@dataclass(slots=True, unsafe_hash=True)
class Declare(Action):
    seat: int
    kind: str
    compulsory: bool = False
    KEY = "declare"
    OPTIONAL = ("compulsory",)

    @classmethod
    def parse(cls, seat, data):
        kind = data["declare"]
        if kind not in DECLARATIONS:
            raise DoppelkopfError(f"unknown declaration {kind!r} (expected one of {', '.join(DECLARATIONS)})")
        compulsory = data.get("compulsory", False)
        if not isinstance(compulsory, bool):
            raise DoppelkopfError("compulsory must be true or false")
        if compulsory and kind not in SOLO_KINDS:
            raise DoppelkopfError("only a solo can be compulsory")
        return cls(seat, kind, compulsory)

    def to_dict(self) -> dict:
        return {"seat": self.seat, "declare": self.kind, "compulsory": self.compulsory}


@dataclass(slots=True, unsafe_hash=True)
class Call(Action):
    """An announcement. ``party`` (optional) says which party the caller speaks for, as a player
    must when it is not clear (TSR 6.4.6); observations always carry it."""

    seat: int
    call: str
    party: str | None = None
    KEY = "call"
    OPTIONAL = ("party",)

    @classmethod
    def parse(cls, seat, data):
        call = data["call"]
        if call not in CALLS:
            raise DoppelkopfError(f"unknown call {call!r} (expected one of {', '.join(CALLS)})")
        party = data.get("party")
        if party not in (None, "re", "kontra"):
            raise DoppelkopfError(f"party must be re or kontra, got {party!r}")
        return cls(seat, call, party)

    def to_dict(self) -> dict:
        data = {"seat": self.seat, "call": self.call}
        if self.party is not None:
            data["party"] = self.party
        return data


@dataclass(slots=True, unsafe_hash=True)
class Play(Action):
    seat: int
    card: int
    KEY = "play"
    OPTIONAL = ()

    @classmethod
    def parse(cls, seat, data):
        return cls(seat, card_from_code(data["play"]))

    def to_dict(self) -> dict:
        return {"seat": self.seat, "play": code(self.card)}

    def __repr__(self) -> str:
        return f"Play(seat={self.seat}, card={self.card})"
