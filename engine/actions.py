"""Actions of a deal, in the deal record's JSON shape.

>>> Action.from_dict({"seat": 1, "play": "H10"})
Play(seat=1, card=13)
>>> Play(1, 13).to_dict()
{'seat': 1, 'play': 'H10'}
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import card_from_code, code
from .contracts import ALL_SOLO_KINDS, DECLARATIONS
from .errors import DoppelkopfError

CALLS = ("re", "kontra", "no90", "no60", "no30", "schwarz")
PARTNER_RULES = ("first_trick", "first_fail_trick", "first_trump_trick")


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
        for parser in (Reservation, Declare, Call, Play, Pass, Accept, Return):
            if parser.KEY in keys:
                expected = {parser.KEY} | set(parser.OPTIONAL)
                if not keys <= expected:
                    extra = sorted(keys - expected)[0]
                    raise DoppelkopfError(f"unexpected key {extra!r} in a {parser.KEY} action")
                return parser.parse(seat, data)
        raise DoppelkopfError(f"unknown action {data!r}: expected reservation, declare, call, play, pass, accept or return")


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
    partner: str | None = None   # a Hochzeit's partner rule when the Hochzeiter chooses it (house rules §8)
    KEY = "declare"
    OPTIONAL = ("compulsory", "partner")

    @classmethod
    def parse(cls, seat, data):
        kind = data["declare"]
        if kind not in DECLARATIONS:
            raise DoppelkopfError(f"unknown declaration {kind!r} (expected one of {', '.join(DECLARATIONS)})")
        compulsory = data.get("compulsory", False)
        if not isinstance(compulsory, bool):
            raise DoppelkopfError("compulsory must be true or false")
        if compulsory and kind not in ALL_SOLO_KINDS:
            raise DoppelkopfError("only a solo can be compulsory")
        partner = data.get("partner")
        # The key itself says "the Hochzeiter chose": null is no choice (where the rules fix the
        # partner rule the key is left out, house rules §13.1).
        if "partner" in data and (kind != "wedding" or partner not in PARTNER_RULES):
            raise DoppelkopfError(f"partner is a Hochzeit's chosen rule, one of {', '.join(PARTNER_RULES)}; got "
                                  f"{'null' if partner is None else repr(partner)} (leave the key out where the "
                                  "rules fix the partner rule)")
        return cls(seat, kind, compulsory, partner)

    def to_dict(self) -> dict:
        data = {"seat": self.seat, "declare": self.kind, "compulsory": self.compulsory}
        if self.partner is not None:
            data["partner"] = self.partner
        return data


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


def _card_list(value, key: str) -> tuple:
    """Card codes of an Armut exchange; ``null`` entries stand for cards a seat may not see."""
    if not isinstance(value, list) or not value:
        raise DoppelkopfError(f"{key} must be a non-empty list of card codes")
    return tuple(None if c is None else card_from_code(c) for c in value)


@dataclass(slots=True, unsafe_hash=True)
class Pass(Action):
    """Armut: the poor seat passes these cards face down (house rules §6.2)."""

    seat: int
    cards: tuple
    KEY = "pass"
    OPTIONAL = ()

    @classmethod
    def parse(cls, seat, data):
        return cls(seat, _card_list(data["pass"], "pass"))

    def to_dict(self) -> dict:
        return {"seat": self.seat, "pass": [None if c is None else code(c) for c in self.cards]}


@dataclass(slots=True, unsafe_hash=True)
class Accept(Action):
    """Armut: the seat asked takes (True) or declines (False) the passed cards (§6.3)."""

    seat: int
    accepted: bool
    KEY = "accept"
    OPTIONAL = ()

    @classmethod
    def parse(cls, seat, data):
        if not isinstance(data["accept"], bool):
            raise DoppelkopfError("accept must be true or false")
        return cls(seat, data["accept"])

    def to_dict(self) -> dict:
        return {"seat": self.seat, "accept": self.accepted}


@dataclass(slots=True, unsafe_hash=True)
class Return(Action):
    """Armut: the taker gives back as many cards as it received (§6.4). ``trumps`` (optional, in
    observations) is the public number of trumps among them."""

    seat: int
    cards: tuple
    trumps: int | None = None
    KEY = "return"
    OPTIONAL = ("trumps",)

    @classmethod
    def parse(cls, seat, data):
        trumps = data.get("trumps")
        if trumps is not None and (type(trumps) is not int or trumps < 0):
            raise DoppelkopfError(f"trumps must be a count, got {trumps!r}")
        return cls(seat, _card_list(data["return"], "return"), trumps)

    def to_dict(self) -> dict:
        data = {"seat": self.seat, "return": [None if c is None else code(c) for c in self.cards]}
        if self.trumps is not None:
            data["trumps"] = self.trumps
        return data
