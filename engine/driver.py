"""Driving a deal with players: ask whoever must act, resolve the naming, apply.

Players are anything with ``choose(seat, observation) -> Action`` (the bots); seats without a player
(the human at the table) make the driver stop and return.

House rules: the driver keeps every bot legal under any rule set. The bots decide the Armut
exchange themselves (``engine.bots.partners``); under house rules an action a bot gets wrong (an
illegal one, or a failure of a bot that assumes the TSR) is replaced by :func:`house_default`.
Under the TSR a bot's error still surfaces, as before.
"""

from __future__ import annotations

from .actions import Accept, Action, Call, Declare, Pass, Play, Reservation, Return
from .cards import EYES, KARLCHEN
from .claim import claim_order, play_out_claim
from .contracts import ORDERS, TRUMP
from .deal import DECLARE, DONE, POVERTY, RESERVATIONS, Deal
from .errors import DoppelkopfError
from .observation import observe
from .rules import TSR

_NORMAL = ORDERS["normal"]
ACCEPT_TRUMPS = 7   # a seat takes an Armut with at least this many trumps of its own


def seats_to_act(deal: Deal) -> list[int]:
    """Who must act now: the seat to move, or every reservation holder while naming."""
    if deal.phase == DONE:
        return []
    if deal.phase == DECLARE:
        return [deal.forced] if deal.forced is not None else deal.reservation_holders()
    return [deal.turn]


def advance(deal: Deal, players: dict, intents: dict[int, str] | None = None, limit: int = 500,
            claim_anyone: bool = False) -> list[Action]:
    """Let the players in ``players`` (seat -> player) act until a seat without one must act.

    ``intents`` holds the namings already chosen by seats without a player (the human's);
    ``claim_anyone``: the table lets anyone claim the rest, not only a soloist (``engine.claim``).
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
                    intents[seat] = _intent(deal, seat, players[seat])
            if any(seat not in intents for seat in seats):
                break
            action = deal.resolve_reservations({s: intents[s] for s in seats})
        else:
            seat = seats[0]
            if seat not in players:
                break
            action = _choice(deal, seat, players[seat])
            if isinstance(action, Play) and (line := _claim(deal, seat, claim_anyone)) is not None:
                # A computer who surely takes the rest shows its cards (TSR 5.4) after any
                # announcement it wanted to make; the rest is played out for the record.
                applied += play_out_claim(deal, seat, line)
                break
        deal.apply(action)
        applied.append(action)
    return applied


def _claim(deal: Deal, seat: int, anyone: bool) -> list[int] | None:
    """The line of a claim a computer makes: proven, and in a game with special points not one that gives up
    the Karlchen (the claim's line leads the Kreuz-Bube before lower trumps; played on, it could come last)."""
    line = claim_order(deal, seat, anyone)
    if line is None or deal.soloist == seat:
        return line
    return line if KARLCHEN not in line or line[-1] == KARLCHEN else None


def _ask(deal: Deal, seat: int, player) -> Action | None:
    """The player's action; under house rules None where it fails."""
    if deal.rules == TSR:
        return player.choose(seat, observe(deal, seat))
    try:
        return player.choose(seat, observe(deal, seat))
    except Exception:   # noqa: BLE001 - a bot that assumes the TSR may fail anywhere under house rules
        return None


def _intent(deal: Deal, seat: int, player) -> Declare:
    choice = _ask(deal, seat, player)
    if isinstance(choice, Declare) and _may_mean(deal, seat, choice.kind):
        return choice
    return house_default(deal, seat)


def _may_mean(deal: Deal, seat: int, kind: str) -> bool:
    """Whether ``seat`` may mean to name ``kind``: its hand allows it (another holder's reservation
    may still win), and in a Vorführung only a solo does (TSR 4.2.3: not Schmeißen, not an Armut)."""
    if deal.forced is not None and kind not in deal.solo_kinds():
        return False
    return deal.kind_problem(seat, kind) is None


def _choice(deal: Deal, seat: int, player) -> Action:
    action = _ask(deal, seat, player)
    if deal.rules != TSR and not is_legal(deal, action, seat):
        return house_default(deal, seat)
    return action


def is_legal(deal: Deal, action, seat: int) -> bool:
    """Whether ``action`` by ``seat`` may be applied now (tried on a copy)."""
    if not isinstance(action, Action) or action.seat != seat or isinstance(action, Declare):
        return False
    try:
        deal.copy().apply(action)
    except DoppelkopfError:
        return False
    return True


def _cheap_first(cards: list[int]) -> list[int]:
    """Fail cards before trumps, few eyes before many, low before high."""
    return sorted(cards, key=lambda c: (_NORMAL.suit[c] == TRUMP, EYES[c], _NORMAL.strength[c]))


def house_default(deal: Deal, seat: int) -> Action:
    """A plain legal action for ``seat``: what a cautious player does where a bot knows no better.

    Query: Vorbehalt only where the rules demand it; naming: Hochzeit, Schmeißen, Armut, else (and
    always in a Vorführung) a solo; Armut: pass all trumps and the cheapest fail cards, take it with
    7 or more trumps, give back the cheapest cards; play: the cheapest legal card.
    """
    if deal.phase == RESERVATIONS:
        return Reservation(seat, deal.reservation_problem(seat, False) is not None)
    if deal.phase == DECLARE:
        for kind in ("wedding", "throw", "poverty"):
            if _may_mean(deal, seat, kind):
                legal = [d for d in deal.legal_declarations(seat) if d.kind == kind]
                partner = _partner(deal) if kind == "wedding" else None    # only a Hochzeit names one
                return legal[0] if legal else Declare(seat, kind, False, partner)
        return Declare(seat, deal.solo_kinds()[0], deal.is_compulsory(seat, deal.solo_kinds()[0]))
    if deal.phase == POVERTY:
        ex, hand, k = deal.exchange, deal.hands[seat], deal.poverty_cards()
        if not ex.passed:
            trumps = [c for c in hand if _NORMAL.suit[c] == TRUMP]
            fails = _cheap_first([c for c in hand if _NORMAL.suit[c] != TRUMP])
            return Pass(seat, tuple(trumps + fails[:k - len(trumps)]))
        if ex.taker is None:
            return Accept(seat, sum(_NORMAL.suit[c] == TRUMP for c in hand) >= ACCEPT_TRUMPS)
        return Return(seat, tuple(_cheap_first(hand)[:k]))
    legal = [a for a in deal.legal_actions(seat) if isinstance(a, Play)]
    return legal[-1] if legal else Call(seat, deal.legal_calls(seat)[0])


def _partner(deal: Deal) -> str | None:
    return "first_trick" if deal.rules.hochzeit_partner == "choice" else None
