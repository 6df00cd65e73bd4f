"""Winning conditions (TSR 7.1) and Plus-Minus scoring (TSR 7.2), every item itemised."""

from __future__ import annotations

from dataclasses import dataclass, field

from .calls import PartyCalls
from .cards import FOX, KARLCHEN
from .contracts import is_solo_scored
from .deal import KONTRA, RE, Deal
from .errors import DoppelkopfError

UNDER = ((90, "under90"), (60, "under60"), (30, "under30"))
ABSAGE_ITEMS = ("absage-no90", "absage-no60", "absage-no30", "absage-schwarz")
LIMIT = {1: 90, 2: 60, 3: 30}                                   # the opponents must stay below this
REACHED = ((120, "reached120"), (90, "reached90"), (60, "reached60"), (30, "reached30"))


@dataclass(slots=True)
class Line:
    item: str
    party: str        # the party the points go to
    points: int
    trick: int | None = None
    by: str | None = None   # for Absagen: the party that made it

    def to_dict(self) -> dict:
        data = {"item": self.item, "party": self.party, "points": self.points}
        if self.trick is not None:
            data["trick"] = self.trick
        if self.by is not None:
            data["by"] = self.by
        return data


@dataclass
class Result:
    contract: str
    re: list[int]
    kontra: list[int]
    eyes: dict[str, int]
    tricks: dict[str, int]
    winner: str | None
    value: list[Line] = field(default_factory=list)
    special: list[Line] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "contract": self.contract, "re": self.re, "kontra": self.kontra,
            "eyes": dict(self.eyes), "tricks": dict(self.tricks), "winner": self.winner,
            "value": [line.to_dict() for line in self.value],
            "special": [line.to_dict() for line in self.special],
            "scores": list(self.scores),
        }


def other(party: str) -> str:
    return KONTRA if party == RE else RE


def _wins(party: str, eyes: dict, tricks: dict, levels: dict, targets: dict) -> bool:
    """TSR 7.1: own Absage first, then the opponents' Absage, then the 120/121 target."""
    opp = other(party)
    if levels[party]:
        return eyes[opp] < LIMIT[levels[party]] if levels[party] <= 3 else tricks[opp] == 0
    if levels[opp]:
        return eyes[party] >= LIMIT[levels[opp]] if levels[opp] <= 3 else tricks[party] >= 1
    return eyes[party] >= targets[party]


def _under(party: str, opp_eyes: int, opp_tricks: int) -> list[Line]:
    """7.2.2 (a) without the base point: the opponents played under 90/60/30 or schwarz."""
    lines = [Line(item, party, 1) for limit, item in UNDER if opp_eyes < limit]
    if opp_tricks == 0:
        lines.append(Line("schwarz", party, 1))
    return lines


def _reached(party: str, own_eyes: int, opp_level: int) -> list[Line]:
    """7.2.2 (e)/(f): 120/90/60/30 reached against the opponents' Absagen, stacked (spec A1)."""
    return [Line(item, party, 1) for reach, item in REACHED[:opp_level] if own_eyes >= reach]


def _trick_specials(trick, re_seats, lines: list) -> None:
    """Doppelkopf and Fuchs gefangen of one trick (TSR 7.2.3), to the party that took it."""
    taker_is_re = trick.winner in re_seats
    taker = RE if taker_is_re else KONTRA
    if trick.eyes >= 40:
        lines.append(Line("doppelkopf", taker, 1, trick.number))
    if FOX in trick.cards:
        for i, card in enumerate(trick.cards):
            if card == FOX and ((trick.leader + i) % 4 in re_seats) != taker_is_re:
                lines.append(Line("fox", taker, 1, trick.number))


def score(deal: Deal) -> Result:
    """The result of a complete deal."""
    if not deal.is_done():
        raise DoppelkopfError(f"the deal is not complete: {deal.cards_played} of 48 cards have been played")
    re_seats = deal.re_seats
    with_specials = not is_solo_scored(deal.contract)
    re_eyes = re_tricks = 0
    special: list[Line] = []
    for trick in deal.tricks:
        if trick.winner in re_seats:
            re_eyes += trick.eyes
            re_tricks += 1
        if with_specials and (trick.eyes >= 40 or FOX in trick.cards):
            _trick_specials(trick, re_seats, special)
    if with_specials:
        last = deal.tricks[-1]
        if last.played_by(last.winner) == KARLCHEN:
            special.append(Line("karlchen", RE if last.winner in re_seats else KONTRA, 1, last.number))
    return game_result(deal.contract, re_seats, re_eyes, re_tricks,
                       deal.party_calls[RE], deal.party_calls[KONTRA], special)


def game_result(contract: str, re_seats, re_eyes: int, re_tricks: int,
                re_calls: PartyCalls, kontra_calls: PartyCalls, special: list[Line] = ()) -> Result:
    """TSR 7 from the totals of a deal: who won, the value lines, the four score-sheet entries.

    ``special`` lists Doppelkopf, Fuchs and Karlchen lines (normal games only); "gegen die
    Kreuz-Damen" is added here because it depends on the winner.
    """
    eyes = {RE: re_eyes, KONTRA: 240 - re_eyes}
    tricks = {RE: re_tricks, KONTRA: 12 - re_tricks}
    levels = {RE: re_calls.level, KONTRA: kontra_calls.level}
    only_kontra = kontra_calls.announced and not re_calls.announced
    targets = {RE: 120 if only_kontra else 121, KONTRA: 121 if only_kontra else 120}
    winner = (RE if _wins(RE, eyes, tricks, levels, targets)
              else KONTRA if _wins(KONTRA, eyes, tricks, levels, targets) else None)

    if winner:
        loser = other(winner)
        value = [Line("won", winner, 1)] + _under(winner, eyes[loser], tricks[loser])
        if re_calls.announced:
            value.append(Line("announced-re", winner, 2))
        if kontra_calls.announced:
            value.append(Line("announced-kontra", winner, 2))
        value += [Line(ABSAGE_ITEMS[lvl], winner, 1, by=p) for p in (RE, KONTRA) for lvl in range(levels[p])]
        value += _reached(winner, eyes[winner], levels[loser])
    else:  # nobody won (TSR 7.1.3): each party keeps what it earned, netted below
        value = [line for party in (RE, KONTRA) for line in
                 _under(party, eyes[other(party)], tricks[other(party)])
                 + _reached(party, eyes[party], levels[other(party)])]

    with_specials = not is_solo_scored(contract)
    special = list(special) if with_specials else []
    if with_specials and winner == KONTRA:
        special.insert(0, Line("against-the-queens", KONTRA, 1))
    re_net = sum(l.points if l.party == RE else -l.points for l in value + special)
    factor = 1 if with_specials else 3
    scores = [factor * re_net if s in re_seats else -re_net for s in range(4)]
    return Result(contract, sorted(re_seats), [s for s in range(4) if s not in re_seats],
                  eyes, tricks, winner, value, special, scores)
