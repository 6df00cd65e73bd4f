"""Driving a deal with players: ask whoever must act, resolve the naming, apply.

Players are anything with ``choose(seat, record) -> Action`` (the bots); seats without a player
(the human at the table) make the driver stop and return.
"""

from __future__ import annotations

from .actions import Action
from .deal import DECLARE, DONE, Deal
from .observation import observe


def seats_to_act(deal: Deal) -> list[int]:
    """Who must act now: the seat to move, or every reservation holder while naming."""
    if deal.phase == DONE:
        return []
    if deal.phase == DECLARE:
        return [deal.forced] if deal.forced is not None else deal.reservation_holders()
    return [deal.turn]


def advance(deal: Deal, players: dict, intents: dict[int, str] | None = None, limit: int = 500) -> list[Action]:
    """Let the players in ``players`` (seat -> player) act until a seat without one must act.

    ``intents`` holds the namings already chosen by seats without a player (the human's).
    Returns the actions applied, in order.
    """
    applied: list[Action] = []
    intents = dict(intents or {})
    for _ in range(limit):
        seats = seats_to_act(deal)
        if not seats:
            break
        if deal.phase == DECLARE:
            for seat in seats:
                if seat not in intents and seat in players:
                    choice = players[seat].choose(seat, observe(deal, seat))
                    intents[seat] = choice.kind
            if any(seat not in intents for seat in seats):
                break
            action = deal.resolve_reservations({s: intents[s] for s in seats})
        else:
            seat = seats[0]
            if seat not in players:
                break
            action = players[seat].choose(seat, observe(deal, seat))
        deal.apply(action)
        applied.append(action)
    return applied
