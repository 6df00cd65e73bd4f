"""The rule player: hand-written Doppelkopf heuristics over one seat's view.

Card play: lead aces of suits nobody has led yet, keep the Dulle and Karlchen for when they win,
schmieren (give eyes to a partner's safe trick), take tricks worth taking with the cheapest card
that holds, catch foxes and protect one's own, and learn the parties from Kreuz-Damen and calls.
Reservations and calls come from a hand evaluation (see ``hand_eval``).

``explain(seat, record)`` returns the action and why (a :class:`~.reasons.Reason`: English as text, a key
for the page to word in the player's language).
"""

from __future__ import annotations

import random

from ..actions import Action, Call, Declare, Play, Reservation
from ..cards import ACE, CLUB_QUEEN, DULLE, EYES, FOX, KARLCHEN, rank_of
from ..contracts import TRUMP, solo_kinds
from ..errors import DoppelkopfError
from . import reasons
from .hand_eval import call_wanted, reservation_choice
from .partners import chosen_wedding, exchange_action, exchange_step
from ..observation import Observation, unresolved_calls
from .public import RE, Public, View
from .reasons import Reason

HIGH_EYES = 10          # an ace or a ten
WORTH_A_HIGH_TRUMP = 14  # eyes a trick must hold before we spend a queen or the Dulle on it
FOX_BONUS = 25          # a fox is a point on the score sheet: worth about a full trick


# ----- what the rule player plays -------------------------------------------------------

def choose_card(view: View) -> tuple[int, Reason]:
    """The card the rule player plays from ``view`` (its turn), and why."""
    legal = view.legal_cards()
    if len(set(legal)) == 1:
        return legal[0], reasons.ONLY_CARD
    if not view.public.trick:
        return _lead(view, legal)
    return _follow(view, legal)


def _power(view: View, card: int) -> int:
    """How much winning power a card has (0 for fail cards, rank among trumps otherwise)."""
    order = view.order
    if order.suit[card] != TRUMP:
        return 0
    return order.strength[card] - 100


def _fox_matters(view: View) -> bool:
    # The Fuchs counts in normal games, unless the Karo-Asse are Schweine or the table plays without it.
    return not view.public.is_solo and view.order.name == "normal" and view.fox_counts


def _lead(view: View, legal: list[int]) -> tuple[int, Reason]:
    public, order = view.public, view.order
    suit = order.suit
    fails = [c for c in legal if suit[c] != TRUMP]
    trumps = [c for c in legal if suit[c] == TRUMP]
    fresh_aces = [c for c in fails if rank_of(c) == ACE and public.led_count[suit[c]] == 0]
    soloist = view.is_soloist

    partner_lead = _wedding_lead(view, fails, trumps)
    if partner_lead is not None:
        return partner_lead, reasons.FIND_PARTNER
    if soloist and trumps and view.unseen_in_suit(TRUMP) > 0:
        top = max(trumps, key=lambda c: order.strength[c])
        if view.higher_unseen(top) == 0:
            return top, reasons.DRAW_TRUMPS
    if fresh_aces:
        ace = max(fresh_aces, key=lambda c: view.unseen_in_suit(suit[c]))
        return ace, reasons.FRESH_ACE
    for card in sorted(fails, key=lambda c: -order.strength[c]):
        if view.higher_unseen(card) == 0 and view.unseen_in_suit(suit[card]) >= 3 and not _opponent_void(view, suit[card]):
            return card, reasons.TOP_CARD
    if soloist and trumps:
        return min(trumps, key=lambda c: order.strength[c]), reasons.PULL_TRUMPS
    if view.party == RE and not public.is_solo and len(trumps) >= 6:
        middle = [c for c in trumps if c not in (DULLE, KARLCHEN, FOX) and _power(view, c) >= 6]
        if middle:
            return min(middle, key=lambda c: order.strength[c]), reasons.RE_PLAYS_TRUMPS
    if fails:
        # A low card of a suit the opponents can still follow; shortest suit first, to make a void.
        def fail_key(c):
            return (_opponent_void(view, suit[c]), EYES[c] >= HIGH_EYES, sum(suit[x] == suit[c] for x in legal), EYES[c])
        return min(fails, key=fail_key), reasons.LOW_SIDE_CARD
    return min(trumps, key=lambda c: (fox_at_risk(view, c), c in (FOX, KARLCHEN), EYES[c] >= HIGH_EYES,
                                      order.strength[c])), reasons.LOW_TRUMP


def _wedding_lead(view: View, fails: list[int], trumps: list[int]) -> int | None:
    """A Hochzeiter still looking for a partner under a house rule's trump or fail trick leads a
    low card of that kind, for another seat to win (the TSR's first trick needs no steering)."""
    public = view.public
    if public.hochzeiter != view.seat or public.wedding_partner is not None or public.wedding_alone:
        return None
    rule = public.declaration.partner or public.rules.hochzeit_partner
    if rule == "first_trump_trick":
        low = [c for c in trumps if c not in (FOX, CLUB_QUEEN, DULLE)]
        return min(low, key=lambda c: view.order.strength[c]) if low else None
    if rule == "first_fail_trick":
        low = [c for c in fails if rank_of(c) != ACE]
        return min(low, key=lambda c: (EYES[c], view.order.strength[c])) if low else None
    return None


def fox_at_risk(view: View, card: int) -> bool:
    """Whether playing ``card`` now may hand the Fuchs to the opponents (a score-sheet point).

    Led, the fox is at risk while any higher trump is unseen; played to a trick, unless the trick
    stays with our side: our fox itself, or a partner's card, holds against everyone still to play.
    """
    if card != FOX or not view.careful or not _fox_matters(view) or view.party is None:
        return False
    if not view.public.trick:
        return view.higher_unseen(FOX) > 0
    after = _seats_after(view)
    best_seat, best_card = _current_best(view)
    if view.order.beats[best_card][FOX]:
        return not _surely_holds(view, FOX, after)
    return not (view.relation(best_seat) == 1 and _surely_holds(view, best_card, after))


def _surely_holds(view: View, card: int, after: list[int]) -> bool:
    """Whether ``card``, winning now, certainly wins against the opponents still to play."""
    threats = [s for s in after if view.relation(s) != 1]
    if not threats:
        return True
    if view.order.suit[card] == TRUMP:
        return view.higher_unseen(card) == 0
    return False


def sure_opponent_trick(view: View, card: int) -> bool:
    """Whether the trick certainly goes to the opponents if this seat plays ``card``: a known
    opponent's card beats it and only known opponents are still to play."""
    if not view.public.trick:
        return False
    best_seat, best_card = _current_best(view)
    if view.relation(best_seat) != -1 or view.order.beats[best_card][card]:
        return False
    return all(view.relation(s) == -1 for s in _seats_after(view))


def sure_partner_trick(view: View) -> bool:
    """Whether the trick certainly goes to a partner whatever this seat plays (schmieren time)."""
    if not view.public.trick:
        return False
    best_seat, best_card = _current_best(view)
    if view.relation(best_seat) != 1 or best_seat == view.seat:
        return False
    return _surely_holds(view, best_card, _seats_after(view))


def _likely_winner(view: View, card: int) -> bool:
    """A fail card that should take a trick of its own later: the highest left in a suit the
    opponents still follow (an unplayed ace, or a ten once both aces are gone)."""
    cls = view.order.suit[card]
    return (cls != TRUMP and view.higher_unseen(card) == 0 and view.unseen_in_suit(cls) >= 3
            and not _opponent_void(view, cls))


def _keeps_its_suit(view: View, card: int) -> bool:
    """A likely winner with smaller cards of its suit behind it: thrown away, those are lost too."""
    cls = view.order.suit[card]
    return (view.public.led_count[cls] == 0 and _likely_winner(view, card) and sure_partner_trick(view)
            and any(c != card and view.order.suit[c] == cls for c in view.hand))


def _opponent_void(view: View, cls: int) -> bool:
    return any(cls in view.public.void[s] and view.relation(s) != 1 for s in range(4) if s != view.seat)


def _current_best(view: View) -> tuple[int, int]:
    trick = view.public.trick
    index = view.order.trick_winner([c for _, c in trick])
    return trick[index]


def _seats_after(view: View) -> list[int]:
    return [(view.seat + k) % 4 for k in range(1, 4 - len(view.public.trick))]


def _holds(view: View, card: int, after: list[int], ignore_partners: bool = True) -> bool:
    """Whether ``card``, if it were winning, would likely still win after the seats in ``after``."""
    order, public = view.order, view.public
    led = order.suit[public.trick[0][1]] if public.trick else order.suit[card]
    threats = [s for s in after if not (ignore_partners and view.relation(s) == 1)]
    if not threats:
        return True
    if order.suit[card] == TRUMP:
        if view.higher_unseen(card) == 0:
            return True
        if led != TRUMP and all(not _may_ruff(view, s, led) for s in threats):
            return True
        return all(TRUMP in public.void[s] for s in threats)
    # A fail card of the led suit.
    if view.higher_unseen(card) > 0 and any(led not in public.void[s] for s in threats):
        return False
    return all(not _may_ruff(view, s, led) for s in threats)


def _may_ruff(view: View, seat: int, led: int) -> bool:
    """Whether ``seat`` may have no card of the led fail suit (and so may trump)."""
    void = view.public.void[seat]
    if TRUMP in void:
        return False
    if led in void:
        return True
    # Few cards of the suit left unseen: someone is probably out of it already.
    return view.unseen_in_suit(led) < 3


def _trick_value(view: View, after: list[int]) -> int:
    trick = view.public.trick
    value = sum(EYES[c] for _, c in trick) + 4 * len(after)
    if _fox_matters(view):
        value += sum(FOX_BONUS for seat, c in trick if c == FOX and view.relation(seat) != 1)
    return value


def _follow(view: View, legal: list[int]) -> tuple[int, Reason]:
    order = view.order
    best_seat, best_card = _current_best(view)
    after = _seats_after(view)
    value = _trick_value(view, after)
    beats = order.beats
    winning = [c for c in legal if beats[best_card][c]]
    safe = [c for c in winning if _holds(view, c, after)]
    partner_wins = view.relation(best_seat) == 1 and _holds(view, best_card, after)
    last_trick = len(view.public.tricks) == view.public.tricks_total - 1

    if partner_wins:
        return _schmier(view, legal), reasons.SCHMIEREN
    if safe:
        card = min(safe, key=lambda c: _win_cost(view, c, last_trick))
        high = _power(view, card) >= 9 or card == DULLE  # a queen or better
        if not high or value >= WORTH_A_HIGH_TRUMP or last_trick:
            if FOX in [c for _, c in view.public.trick] and _fox_matters(view) and view.relation(best_seat) != 1:
                return card, reasons.CATCH_FOX
            if card == FOX and _fox_matters(view):
                return card, reasons.FOX_HOME
            return card, reasons.CHEAPEST_WINNER
    if view.relation(best_seat) == 1 and not after:
        return _schmier(view, legal), reasons.SCHMIEREN
    return _discard(view, legal, last_trick), reasons.GIVE_LITTLE


def _win_cost(view: View, card: int, last_trick: bool) -> float:
    """Lower is better: spend little trump power, collect eyes, bring the fox home."""
    cost = 3.0 * _power(view, card) - EYES[card]
    if card == KARLCHEN and not last_trick:
        cost += 40  # keep Karlchen for the last trick
    if card == KARLCHEN and last_trick and _fox_matters(view):
        cost -= 40
    if card == FOX and _fox_matters(view):
        cost -= 20
    return cost


def _schmier(view: View, legal: list[int]) -> int:
    """The most eyes for the partner's trick, keeping strong trumps and cards that will take a
    trick of their own (an ace of a fresh suit: a König gives fewer eyes but wastes nothing)."""
    def gift(card):
        value = EYES[card] - 2.5 * max(0, _power(view, card) - 4)
        if card == KARLCHEN:
            value -= 20
        if card == FOX and _fox_matters(view):
            value += 10  # safe with the partner
        if view.careful and _keeps_its_suit(view, card) and not all(_likely_winner(view, c) for c in legal):
            value -= 8
        return value
    return max(legal, key=gift)


def _discard(view: View, legal: list[int], last_trick: bool) -> int:
    suit = view.order.suit

    def loss(card):
        value = EYES[card] + 2.0 * _power(view, card)
        if card == FOX and _fox_matters(view):
            value += 30
        if card == KARLCHEN and not last_trick:
            value += 15
        if suit[card] != TRUMP:
            value += 0.5 * sum(suit[c] == suit[card] for c in view.hand)  # shorten short suits first
        return value
    return min(legal, key=loss)


# ----- the bot ------------------------------------------------------------------------

def phase_of(public: Public) -> str:
    """reservations, declare, poverty (the Armut exchange) or play, from the public facts alone."""
    if exchange_step(public) is not None:
        return "poverty"
    if public.declaration is not None or (None not in public.reservations and not any(public.reservations)):
        return "play"
    if public.forced is not None:
        return "declare"
    if None in public.reservations:
        return "reservations"
    return "declare"


def decide(seat: int, observation: Observation | dict, view: View | None = None, careful: bool = True,
           announce: bool = True, kontra_trumps: int = 0) -> tuple[Action, Reason]:
    """The rule player's action for ``seat`` and the reason for it (``careful``: see ``View``;
    ``announce``: False leaves the calls to the caller; ``kontra_trumps``: see
    ``hand_eval.call_wanted``)."""
    observation = Observation.of(observation, seat)
    view = view or View.of(observation, careful)
    public = view.public
    phase = phase_of(public)
    dealt = view.hand + public.played_by[seat]
    if phase == "poverty":
        return exchange_action(seat, observation, public)
    if phase in ("reservations", "declare"):
        kind, why = reservation_choice(dealt, solo_kinds(public.rules))
        if kind is None and (weak := weak_hand_reservation(observation)):
            kind, why = weak, WEAK_HAND_REASONS[weak]
        if phase == "reservations":
            return Reservation(seat, kind is not None), why
        if public.forced is not None and kind not in solo_kinds(public.rules):
            kind = None   # a Vorführung is a solo, whatever the hand (no Hochzeit, Schmeißen or Armut)
        if kind == "wedding" and public.rules.hochzeit_partner == "choice":
            return chosen_wedding(seat, dealt)
        return Declare(seat, kind or _fallback_solo(dealt, public.rules), False), why
    call, why = call_wanted(view, kontra_trumps) if announce else (None, None)
    if call is not None and call in legal_calls(observation):
        return Call(seat, call), why
    card, why = choose_card(view)
    return Play(seat, card), why


WEAK_HAND_REASONS = {"throw": reasons.THROW, "poverty": reasons.POVERTY}


def weak_hand_reservation(observation: Observation) -> str | None:
    """Under house rules, Schmeißen or an Armut where the hand allows it: such a hand does better
    thrown in, or with a partner's trumps, than played as it is. The engine decides what the hand
    allows, on one world dealt around it (only the seat's own cards count for that)."""
    from ..worlds import WorldSampler
    rules, seat = observation.rules, observation.seat
    if not (rules.armut or rules.schmeissen_nines or rules.schmeissen_kings):
        return None
    try:
        world = WorldSampler(observation, seat).sample(random.Random(0))
    except DoppelkopfError:
        return None
    return next((kind for kind in ("throw", "poverty") if world.kind_problem(seat, kind) is None), None)


def _fallback_solo(dealt: list[int], rules) -> str:
    """A seat asked to name without a reservation of its own (a Vorführung): the best solo."""
    from .hand_eval import best_solo
    return best_solo(dealt, solo_kinds(rules))[0]


def legal_calls(observation: Observation) -> list[str]:
    """The calls legal in every world tried: one world is enough unless some earlier call's
    party is unknown (then worlds differ on what has been announced)."""
    from ..worlds import WorldSampler
    rng, seat = random.Random(0), observation.seat
    try:
        sampler = WorldSampler(observation, seat)
        worlds = [sampler.sample(rng) for _ in range(12 if unresolved_calls(observation) else 1)]
    except DoppelkopfError:
        return []
    return [call for call in worlds[0].legal_calls(seat) if all(call in w.legal_calls(seat) for w in worlds)]


class RuleBot:
    """The heuristic player; ``noise`` > 0 makes it play a random legal card that often (easy)."""

    name = "rules"

    def __init__(self, seed: int | None = None, noise: float = 0.0, careful: bool = True, announce: bool = True):
        self.rng = random.Random(seed)
        self.noise = noise
        self.careful = careful
        self.announce = announce

    def choose(self, seat: int, observation: Observation | dict) -> Action:
        observation = Observation.of(observation, seat)
        action, _ = decide(seat, observation, careful=self.careful, announce=self.announce)
        if self.noise and isinstance(action, Play) and self.rng.random() < self.noise:
            return Play(seat, self.rng.choice(View.of(observation).legal_cards()))
        return action

    def explain(self, seat: int, observation: Observation | dict) -> tuple[Action, Reason]:
        return decide(seat, observation, careful=self.careful)


class EasyBot(RuleBot):
    name = "easy"

    def __init__(self, seed: int | None = None):
        super().__init__(seed, noise=0.3)


def explain(seat: int, observation: Observation | dict) -> tuple[Action, Reason]:
    """What the rule player would do for ``seat`` now, and a few words why."""
    return decide(seat, observation)
