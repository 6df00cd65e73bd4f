"""Winning conditions (TSR 7.1) and Plus-Minus scoring (TSR 7.2), every item itemised.

House rules (§10, §11): the special points' switches, Karlchen gefangen, Fuchs am Ende,
Re/Kontra doubling, the Bock multiplier and the Bock triggers; a deal thrown in scores zero.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .calls import PartyCalls
from .cards import FOX, HEARTS, KARLCHEN
from .contracts import is_solo_scored
from .deal import DONE, KONTRA, RE, Deal
from .errors import DoppelkopfError

UNDER = ((90, "under90"), (60, "under60"), (30, "under30"))
ABSAGE_ITEMS = ("absage-no90", "absage-no60", "absage-no30", "absage-schwarz")
LIMIT = (None, 90, 60, 30)                                   # the opponents must stay below this
SEATS = frozenset(range(4))
REACHED = ((120, "reached120"), (90, "reached90"), (60, "reached60"), (30, "reached30"))


@dataclass(slots=True, frozen=True)
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


# Lines are immutable and few distinct ones exist (item, party, points, trick, by), so scoring
# shares them instead of building each anew: scoring runs once per simulated deal.
line = cache(Line)


@dataclass(slots=True)
class Result:
    contract: str
    re: list[int]
    kontra: list[int]
    eyes: dict[str, int]
    tricks: dict[str, int]
    winner: str | None
    value: list[Line]
    special: list[Line]
    scores: list[int]
    extra: dict = field(default_factory=dict)   # house-rule keys: thrown, poverty, schweine, bock, ...

    def to_dict(self) -> dict:
        data = {
            "contract": self.contract, "re": self.re, "kontra": self.kontra,
            "eyes": dict(self.eyes), "tricks": dict(self.tricks), "winner": self.winner,
            "value": [entry.to_dict() for entry in self.value],
            "special": [entry.to_dict() for entry in self.special],
            "scores": list(self.scores),
        }
        data.update(self.extra)
        return data


OTHER = {RE: KONTRA, KONTRA: RE}


def _wins(own_eyes: int, own_tricks: int, own_level: int, opp_level: int, target: int, all_tricks: int) -> bool:
    """TSR 7.1 for one party: its own Absage first, then the opponents' Absage, then its target."""
    if own_level:
        return 240 - own_eyes < LIMIT[own_level] if own_level <= 3 else own_tricks == all_tricks
    if opp_level:
        return own_eyes >= LIMIT[opp_level] if opp_level <= 3 else own_tricks >= 1
    return own_eyes >= target


def _winner(re_eyes: int, re_tricks: int, re_calls: PartyCalls, kontra_calls: PartyCalls,
            all_tricks: int = 12) -> str | None:
    """Re, Kontra or None (TSR 7.1.3). Re needs 121, or 120 when only Kontra announced (TSR 7.1.1)."""
    only_kontra = kontra_calls.announced and not re_calls.announced
    if _wins(re_eyes, re_tricks, re_calls.level, kontra_calls.level, 120 if only_kontra else 121, all_tricks):
        return RE
    if _wins(240 - re_eyes, all_tricks - re_tricks, kontra_calls.level, re_calls.level,
             121 if only_kontra else 120, all_tricks):
        return KONTRA
    return None


def _under(party: str, opp_eyes: int, opp_tricks: int) -> list[Line]:
    """7.2.2 (a) without the base point: the opponents played under 90/60/30 or schwarz."""
    lines = [line(item, party, 1) for limit, item in UNDER if opp_eyes < limit]
    if opp_tricks == 0:
        lines.append(line("schwarz", party, 1))
    return lines


def _reached(party: str, own_eyes: int, opp_level: int) -> list[Line]:
    """7.2.2 (e)/(f): 120/90/60/30 reached against the opponents' Absagen, stacked (spec A1)."""
    return [line(item, party, 1) for reach, item in REACHED[:opp_level] if own_eyes >= reach]


def score(deal: Deal) -> Result:
    """The result of a complete deal."""
    if deal.phase != DONE:
        raise DoppelkopfError(f"the deal is not complete: {deal.cards_played} of {4 * deal.last_trick} "
                              "cards have been played")
    rules = deal.rules
    if deal.thrown is not None:
        return _thrown(deal)
    re_seats = deal.re_seats
    with_specials = not is_solo_scored(deal.contract)
    doko = with_specials and rules.sp_doppelkopf
    fox = FOX if with_specials and rules.sp_fuchs and deal.swine_seat is None else -1  # a Schwein is no Fuchs
    re_eyes = re_tricks = 0
    special: list[Line] = []
    # Tricks are tuples: unpacking them is much quicker than reading their fields by name.
    for number, leader, cards, winner, eyes in deal.tricks:
        taker_is_re = winner in re_seats
        if taker_is_re:
            re_eyes += eyes
            re_tricks += 1
        if doko and eyes >= 40:
            special.append(line("doppelkopf", RE if taker_is_re else KONTRA, 1, number))
        if fox in cards:  # Fuchs gefangen: a fox taken from the other party
            for i, card in enumerate(cards):
                if card == fox and ((leader + i) % 4 in re_seats) != taker_is_re:
                    special.append(line("fox", RE if taker_is_re else KONTRA, 1, number))
    if with_specials:
        special += _last_trick_points(deal, rules)
    calls = deal.party_calls
    result = game_result(deal.contract, re_seats, re_eyes, re_tricks, calls[RE], calls[KONTRA], special,
                         rules=rules, all_tricks=deal.last_trick, bock=deal.bock)
    if deal.exchange is not None:
        ex = deal.exchange
        result.extra["poverty"] = {"seat": ex.poor, "partner": ex.taker, "trumps_returned": ex.trumps_returned}
    if rules.schweine:
        result.extra["schweine"] = deal.swine_seat
        if rules.superschweine:
            result.extra["superschweine"] = deal.superswine_seat
    if rules.bock:
        result.extra["bock"] = deal.bock
        result.extra["bock_triggers"] = bock_triggers(deal, result, calls[RE], calls[KONTRA])
    return result


def _last_trick_points(deal: Deal, rules) -> list[Line]:
    number, leader, cards, winner, _ = deal.tricks[-1]
    return last_trick_lines(rules, deal.re_seats, number, leader, cards, winner, deal.swine_seat is not None)


def last_trick_lines(rules, re_seats, number: int, leader: int, cards, winner: int, swine: bool) -> list[Line]:
    """Karlchen, Karlchen gefangen and Fuchs am Ende: the last trick's special points (§10.2);
    ``swine``: the Karo-Asse are Schweine in this game (no Fuchs)."""
    party = RE if winner in re_seats else KONTRA
    top = cards[(winner - leader) % 4]
    lines = []
    if rules.sp_karlchen and top == KARLCHEN:
        lines.append(line("karlchen", party, 1, number))
    if rules.sp_karlchen and rules.sp_karlchen_gefangen and any(
            card == KARLCHEN and (RE if (leader + i) % 4 in re_seats else KONTRA) != party
            for i, card in enumerate(cards)):
        lines.append(line("karlchen-caught", party, 1, number))
    if rules.sp_fuchs_am_ende and top == FOX and not swine:
        lines.append(line("fox-last-trick", party, 1, number))
    return lines


def bock_triggers(deal: Deal, result: Result, re_calls: PartyCalls, kontra_calls: PartyCalls) -> list[str]:
    """The Bock triggers this deal meets, in the spec's order (house rules §11.1)."""
    rules = deal.rules
    triggers = []
    if rules.bock_120 and result.eyes[RE] == 120:
        triggers.append("120")
    if rules.bock_lost_re and re_calls.announced and result.winner != RE:
        triggers.append("lost-re")
    if rules.bock_lost_kontra and kontra_calls.announced and result.winner != KONTRA:
        triggers.append("lost-kontra")
    if rules.bock_herzstich and not is_solo_scored(deal.contract):
        suit = deal.order.suit
        if any(all(suit[c] == HEARTS for c in t.cards) for t in deal.tricks):
            triggers.append("herzstich")
    return triggers


def _thrown(deal: Deal) -> Result:
    result = Result("thrown", [], [], {RE: 0, KONTRA: 0}, {RE: 0, KONTRA: 0}, None, [], [], [0, 0, 0, 0])
    result.extra["thrown"] = dict(deal.thrown)
    if deal.rules.schweine:   # the keys the rules make relevant are always there (nobody played: null)
        result.extra["schweine"] = None
        if deal.rules.superschweine:
            result.extra["superschweine"] = None
    if deal.rules.bock:
        result.extra["bock"] = deal.bock
        result.extra["bock_triggers"] = []
    return result


def game_result(contract: str, re_seats, re_eyes: int, re_tricks: int,
                re_calls: PartyCalls, kontra_calls: PartyCalls, special: list[Line] = (), *,
                rules=None, all_tricks: int = 12, bock: int = 1) -> Result:
    """TSR 7 from the totals of a deal: who won, the value lines, the four score-sheet entries.

    ``special`` lists Doppelkopf, Fuchs and Karlchen lines (normal games only); "gegen die
    Kreuz-Damen" is added here because it depends on the winner. ``rules`` (house rules §10):
    Re/Kontra doubling and the switch of "gegen die Kreuz-Damen"; ``bock`` multiplies every entry.
    """
    eyes = {RE: re_eyes, KONTRA: 240 - re_eyes}
    tricks = {RE: re_tricks, KONTRA: all_tricks - re_tricks}
    levels = {RE: re_calls.level, KONTRA: kontra_calls.level}
    winner = _winner(re_eyes, re_tricks, re_calls, kontra_calls, all_tricks)
    if winner:
        loser = OTHER[winner]
        value = [line("won", winner, 1)]
        if eyes[loser] < 90:
            value += _under(winner, eyes[loser], tricks[loser])
        absagen = []
        if levels[RE] or levels[KONTRA]:
            absagen = [line(ABSAGE_ITEMS[lvl], winner, 1, by=p) for p in (RE, KONTRA) for lvl in range(levels[p])]
            absagen += _reached(winner, eyes[winner], levels[loser])
        announced = []
        if re_calls.announced:
            announced.append("announced-re")
        if kontra_calls.announced:
            announced.append("announced-kontra")
        if rules is not None and rules.re_kontra_value == "double":
            # Each announcing party doubles the value; its item carries the increase (house rules §10.3).
            base = sum(entry.points for entry in value + absagen)
            for item in announced:
                value.append(line(item, winner, base))
                base *= 2
        else:
            value += [line(item, winner, 2) for item in announced]
        value += absagen
    else:  # nobody won (TSR 7.1.3): each party keeps what it earned, netted below
        value = [entry for party in (RE, KONTRA) for entry in
                 _under(party, eyes[OTHER[party]], tricks[OTHER[party]])
                 + _reached(party, eyes[party], levels[OTHER[party]])]

    solo_scored = is_solo_scored(contract)
    special = [] if solo_scored else list(special)
    if winner == KONTRA and not solo_scored and (rules is None or rules.sp_gegen_die_alten):
        special.insert(0, line("against-the-queens", KONTRA, 1))
    re_net = 0
    for entry in value + special:
        re_net += entry.points if entry.party == RE else -entry.points
    scores = [-re_net * bock] * 4
    for seat in re_seats:
        scores[seat] = (3 * re_net if solo_scored else re_net) * bock
    return Result(contract, sorted(re_seats), sorted(SEATS - re_seats), eyes, tricks, winner, value, special, scores)
