"""One deal as a state machine: reservations -> (naming) -> play -> done.

``Deal`` holds the full truth (all four hands). Players and bots never see it directly; they
get :func:`engine.observation.observe` of it. Every change goes through ``apply`` (or one of
``reserve``, ``declare``, ``pass_cards``, ``accept``, ``return_cards``, ``call`` and ``play``);
each checks legality and raises :class:`IllegalActionError` without changing anything when the
action is illegal.

House rules (``engine.rules``) enter once per deal: the number of tricks, the card order of the
game (Schweine, Dulle tie) from :func:`engine.contracts.build_order`, the announcement window
offset; the card play itself asks no rule option.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import NamedTuple

from collections import Counter

from .actions import Accept, Action, Call, Declare, Pass, Play, Reservation, Return
from .calls import LEVEL, PartyCalls, apply_call, call_problem
from .cards import CLUB_QUEEN, EYES, FOX, KING, NINE, check_hands, code, deal_hands, rank_of
from .contracts import (ALL_SOLO_KINDS, DECLARATIONS, ORDERS, TRUMP, CardOrder, build_order,
                        swine_cards, solo_kinds)
from .errors import CardError, DoppelkopfError, IllegalActionError
from .rules import TSR, Rules

RESERVATIONS, DECLARE, POVERTY, PLAY, DONE = "reservations", "declare", "poverty", "play", "done"
RE, KONTRA = "re", "kontra"
SUIT_WORDS = ("Kreuz", "Pik", "Herz", "Karo", "Trumpf")
_FOLLOWERS = tuple(tuple((leader + i) % 4 for i in (1, 2, 3)) for leader in range(4))
# Reservation categories, highest first wins (house rules §5.1); a solo is 3, or 4 as a Pflichtsolo.
CATEGORY = {"throw": 2, "poverty": 1, "wedding": 0}
_NORMAL_SUIT = ORDERS["normal"].suit   # Armut counts trumps and the Hochzeit rules classify tricks by it


def category(kind: str, compulsory: bool) -> int:
    return CATEGORY.get(kind, 4 if compulsory else 3)


def _check_seat(value, what: str) -> None:
    if type(value) is not int or not 0 <= value <= 3:
        raise DoppelkopfError(f"{what} must be a seat 0..3, got {value!r}")


class Trick(NamedTuple):
    """A completed trick (a tuple, cheap to make on the rollout path)."""

    number: int            # 1..12
    leader: int
    cards: tuple[int, ...]  # in play order, the leader's first
    winner: int
    eyes: int

    def seat_of(self, index: int) -> int:
        return (self.leader + index) % 4

    def played_by(self, seat: int) -> int:
        return self.cards[(seat - self.leader) % 4]


_new_trick = partial(tuple.__new__, Trick)   # a Trick from a 5-tuple, without a Python-level __new__


def after_exchange(hand, seat: int, poor: int, taker: int, passed, returned) -> list[int]:
    """``seat``'s cards once an Armut exchange is done: the poor seat gave ``passed`` and got
    ``returned`` back, the taker the other way round; the other seats keep ``hand``."""
    gives, gets = (passed, returned) if seat == poor else (returned, passed) if seat == taker else ((), ())
    cards = list(hand) + list(gets)
    for card in gives:
        cards.remove(card)
    return cards


@dataclass(slots=True)
class Exchange:
    """The Armut exchange (house rules §6): who is poor, what was passed, who took, what came back."""

    poor: int
    passed: tuple = ()
    taker: int | None = None
    returned: tuple = ()
    answers: list = field(default_factory=list)   # the Accept actions so far

    @property
    def trumps_returned(self) -> int:
        return sum(_NORMAL_SUIT[c] == TRUMP for c in self.returned)


@dataclass(slots=True)
class CallMade:
    seat: int
    call: str
    party: str
    hand_size: int
    played: int   # cards played before the call: its place among the plays


class Deal:
    # Slots: simulations read these attributes millions of times, and slots are the quickest to read.
    __slots__ = ("dealt", "hands", "dealer", "rules", "compulsory_open", "forced", "reservations", "declaration",
                 "contract", "order", "_suit", "_by_suit", "re_seats", "hochzeiter", "clarified_in", "shift",
                 "party_calls", "calls_made", "tricks", "trick", "leader", "phase", "turn", "last_trick", "bock",
                 "partner_rule", "exchange", "thrown", "swine_seat", "superswine_seat", "_superswine_pending",
                 "_window_offset", "_actions_memo")

    def __init__(self, hands, dealer: int = 0, rules: Rules = TSR, *,
                 compulsory_open: frozenset[int] | None = None, forced: int | None = None, bock: int = 1):
        """``hands``: four lists of 12 card kinds (10 without nines). ``compulsory_open``: the seats
        whose Pflichtsolo is still open in a tournament round (empty in casual play, None when
        unknown, e.g. a lone record). ``forced``: the seat that must play its Pflichtsolo now
        (Vorführung, TSR 4.2.3). ``bock``: this deal's Bock multiplier (house rules §11)."""
        try:
            hands = [list(h) for h in hands]
        except TypeError:
            raise CardError("hands must be four lists of cards") from None
        check_hands(hands, rules.nines)
        _check_seat(dealer, "dealer")
        self._set_up(hands, dealer, rules, compulsory_open, forced, bock)

    @classmethod
    def shuffled(cls, rng, dealer: int = 0, rules: Rules = TSR, *,
                 compulsory_open: frozenset[int] | None = None, forced: int | None = None, bock: int = 1) -> "Deal":
        """A fresh deal shuffled and dealt with ``rng`` (:func:`engine.cards.deal_hands`).

        The engine's own shuffle yields the deck by construction, so its hands are not checked again.
        """
        _check_seat(dealer, "dealer")
        deal = object.__new__(cls)
        deal._set_up(deal_hands(rng, dealer, rules.nines), dealer, rules, compulsory_open, forced, bock)
        return deal

    def _set_up(self, hands: list[list[int]], dealer: int, rules: Rules,
                compulsory_open: frozenset[int] | None, forced: int | None, bock: int = 1) -> None:
        if forced is not None:
            _check_seat(forced, "forced")
            if not rules.solos:
                raise IllegalActionError("without solos there is no Pflichtsolo to be vorgeführt")
        self.dealt = tuple(map(tuple, hands))
        self.hands = hands
        self.dealer = dealer
        self.rules = rules
        self.compulsory_open = compulsory_open
        self.forced = forced
        self.reservations: list[bool | None] = [None, None, None, None]
        self.declaration: Declare | None = None
        self.contract: str | None = None     # the result's contract name, once known
        self.order: CardOrder = ORDERS["normal"]
        self._suit = self.order.suit
        self._by_suit: list[list[list[int]]] = []  # per seat, per suit class: the cards in hand
        self.re_seats: frozenset[int] | None = None
        self.hochzeiter: int | None = None
        self.clarified_in: int | None = None  # Klärungsstich number of an announced wedding
        self.shift = 0                        # Hochzeit window shift (TSR 6.4.2)
        self.last_trick = rules.tricks        # 12, or 10 without nines
        self._window_offset = 12 - rules.tricks  # windows are that much smaller (house rules §9.1)
        self.bock = bock
        self.partner_rule = rules.hochzeit_partner if rules.hochzeit_partner != "choice" else None
        self.exchange: Exchange | None = None
        self.thrown: dict | None = None       # {"seat", "reason"} of a deal thrown in
        self.swine_seat: int | None = None
        self.superswine_seat: int | None = None
        self._superswine_pending = -1         # the superswine card while its holder has not played one
        self.party_calls = {RE: PartyCalls(), KONTRA: PartyCalls()}
        self.calls_made: list[CallMade] = []
        self._actions_memo: tuple[int, tuple[Action, ...]] | None = None   # (action_count, actions)
        self.tricks: list[Trick] = []
        self.trick: list[int] = []
        self.leader = (dealer + 1) % 4
        if forced is None:
            self.phase, self.turn = RESERVATIONS, self.leader
        else:
            self.phase, self.turn = DECLARE, forced

    # ----- seats and parties -------------------------------------------------------------

    @property
    def vorhand(self) -> int:
        return (self.dealer + 1) % 4

    def query_order(self) -> list[int]:
        return [(self.dealer + 1 + i) % 4 for i in range(4)]

    def holds_both_club_queens(self, seat: int) -> bool:
        return self.dealt[seat].count(CLUB_QUEEN) == 2

    def party_of(self, seat: int) -> str | None:
        """Re or Kontra, or None while an announced wedding is not yet clarified (for its guests)."""
        if self.re_seats is None:
            return RE if seat == self.hochzeiter else None
        return RE if seat in self.re_seats else KONTRA

    @property
    def soloist(self) -> int | None:
        if self.contract in ALL_SOLO_KINDS or self.contract in ("silent-wedding", "wedding-alone"):
            return next(iter(self.re_seats))
        return None

    @property
    def cards_played(self) -> int:
        return len(self.tricks) * 4 + len(self.trick)

    @property
    def action_count(self) -> int:
        """How many actions so far: ``len(self.actions)`` without building them."""
        count = (4 - self.reservations.count(None) + (self.declaration is not None)
                 + len(self.tricks) * 4 + len(self.trick) + len(self.calls_made))
        ex = self.exchange
        if ex is not None:
            count += bool(ex.passed) + len(ex.answers) + bool(ex.returned)
        return count

    @property
    def actions(self) -> list[Action]:
        """Every action so far, in order (the deal record's ``actions``).

        No separate log is kept (the card play is the hot path): the list is rebuilt from the
        query's answers, the naming, the tricks and the calls. A server's answer asks for it many
        times at the same point (the token, each computer's record, the log), so the last one built
        is kept: actions are only ever added, so the same count means the same actions.
        """
        count = self.action_count
        memo = self._actions_memo
        if memo is None or memo[0] != count:
            memo = self._actions_memo = (count, tuple(self._build_actions()))
        return list(memo[1])

    def _build_actions(self) -> list[Action]:
        """The answers of the query, the naming, then the plays as the tricks hold them with each
        call at its place among them."""
        actions: list[Action] = [Reservation(s, self.reservations[s]) for s in self.query_order()
                                 if self.reservations[s] is not None]
        if self.declaration is not None:
            actions.append(self.declaration)
        if self.exchange is not None:
            actions += self.exchange_actions()
        plays = [Play((trick.leader + i) % 4, card) for trick in self.tricks for i, card in enumerate(trick.cards)]
        plays += [Play((self.leader + i) % 4, card) for i, card in enumerate(self.trick)]
        done = 0
        for made in self.calls_made:
            actions += plays[done:made.played]
            actions.append(Call(made.seat, made.call))
            done = made.played
        return actions + plays[done:]

    def is_done(self) -> bool:
        return self.phase == DONE

    def exchange_actions(self) -> list[Action]:
        """The Armut exchange so far: pass, the answers, return."""
        ex = self.exchange
        actions: list[Action] = [Pass(ex.poor, ex.passed)] if ex.passed else []
        actions += ex.answers
        if ex.returned:
            actions.append(Return(ex.taker, ex.returned))
        return actions

    def current_player(self) -> int | None:
        return self.turn

    # ----- reservations and naming (TSR 4) -----------------------------------------------

    def reserve(self, seat: int, has_reservation: bool) -> None:
        if self.phase != RESERVATIONS:
            raise IllegalActionError("the reservation query is over", seat)
        if seat != self.turn:
            self._check_turn(seat)
        if type(has_reservation) is not bool:
            raise IllegalActionError("a reservation is true (Vorbehalt) or false (gesund)", seat)
        if has_reservation or not self.rules.solos:   # "gesund" with solos is always allowed
            problem = self.reservation_problem(seat, has_reservation)
            if problem:
                raise IllegalActionError(problem, seat)
        self.reservations[seat] = has_reservation
        if seat != self.dealer:
            self.turn = (seat + 1) % 4
        elif True in self.reservations:
            self.phase, self.turn = DECLARE, self.reservation_holders()[0]
        else:
            re_seats = [s for s, hand in enumerate(self.dealt) if CLUB_QUEEN in hand]
            self._start_play("silent-wedding" if len(re_seats) == 1 else "normal", frozenset(re_seats), self.vorhand)

    def reservation_problem(self, seat: int, has_reservation: bool) -> str | None:
        """Why this answer to the query is illegal for ``seat``'s hand (house rules §5.2, §5.3)."""
        if has_reservation and not self.possible_categories(seat):
            return "Vorbehalt needs a reservation you could declare (house rules §5.2)"
        if not has_reservation and not self.rules.solos and self.holds_both_club_queens(seat):
            return "without solos both Kreuz-Damen must be announced: say Vorbehalt (house rules §5.3)"
        return None

    def reservation_holders(self) -> list[int]:
        return [s for s in self.query_order() if self.reservations[s]]

    # What a hand may declare (house rules §5-7).

    def is_poor(self, seat: int) -> bool:
        """At most 3 trumps in the normal-game order (house rules §6.1)."""
        hand = self.hands[seat]
        trumps = sum(_NORMAL_SUIT[c] == TRUMP for c in hand)
        if not self.rules.armut_fox_counts:
            foxes = hand.count(FOX)
            if not (foxes == 2 and self.rules.schweine):
                trumps -= foxes
        return trumps <= 3

    def throw_reason(self, seat: int) -> str | None:
        """``nines`` or ``kings`` if the hand may be thrown in (Schmeißen, house rules §7), else None."""
        ranks = Counter(rank_of(c) for c in self.dealt[seat])
        if self.rules.schmeissen_nines and self.rules.nines and ranks[NINE] >= 5:
            return "nines"
        if self.rules.schmeissen_kings and ranks[KING] >= 5:
            return "kings"
        return None

    def solo_kinds(self) -> tuple[str, ...]:
        """The solos these rules play."""
        return solo_kinds(self.rules)

    def kind_problem(self, seat: int, kind: str) -> str | None:
        """Why ``seat``'s hand may not declare ``kind`` under these rules, or None."""
        if kind not in DECLARATIONS:
            return f"unknown declaration {kind!r}"
        if kind == "wedding":
            return None if self.holds_both_club_queens(seat) else "a Hochzeit needs both Kreuz-Damen (TSR 4.4.1)"
        if kind == "throw":
            return None if self.throw_reason(seat) else "Schmeißen needs five nines or five kings as the rules allow"
        if kind == "poverty":
            if not self.rules.armut:
                return "these rules play no Armut"
            return None if self.is_poor(seat) else "an Armut needs at most 3 trumps (house rules §6.1)"
        return None if kind in self.solo_kinds() else f"these rules do not play {kind}"

    def possible_categories(self, seat: int) -> list[int]:
        """The reservation categories ``seat`` could declare (house rules §5.1)."""
        cats = []
        if self.rules.solos:
            cats.append(4 if self.compulsory_open is not None and seat in self.compulsory_open else 3)
        cats += [CATEGORY[k] for k in ("throw", "poverty", "wedding") if self.kind_problem(seat, k) is None]
        return cats

    def categories_possible_for(self, other: int, seen_by: int) -> list[int]:
        """The reservation categories ``other`` might declare as far as ``seen_by`` can tell: from the
        rules, the open Pflichtsoli (public) and ``seen_by``'s own cards, never ``other``'s hand.

        A superset of ``possible_categories(other)``: it may only ask a player for a naming that
        then loses (as at a real table), never hide one that could win.
        """
        own = self.dealt[seen_by]
        ranks = Counter(rank_of(c) for c in own)
        cats = []
        if self.rules.solos:
            cats.append(4 if self.compulsory_open is not None and other in self.compulsory_open else 3)
        # Another hand can hold five of the eight nines (or kings) only while this one holds at most three.
        if ((self.rules.schmeissen_nines and self.rules.nines and ranks[NINE] <= 3)
                or (self.rules.schmeissen_kings and ranks[KING] <= 3)):
            cats.append(CATEGORY["throw"])
        if self.rules.armut:
            cats.append(CATEGORY["poverty"])
        if CLUB_QUEEN not in own:
            cats.append(CATEGORY["wedding"])
        return cats

    def declare_problem(self, seat: int, kind: str, compulsory: bool, partner: str | None = None,
                        own_knowledge: bool = False) -> str | None:
        """Why ``seat`` may not name ``kind`` now, or None (TSR 4.1, 4.2.3, 4.4; house rules §5).

        Another holder's reservation that certainly outranks this one makes it void. A record is
        checked against the other holders' real hands; with ``own_knowledge`` only what ``seat`` can
        know counts (``categories_possible_for``), as the live table must ask a player: whether the
        player is asked to name must not give away another hand.
        """
        if self.phase != DECLARE:
            return "no reservation is to be named now"
        problem = self.kind_problem(seat, kind)
        if problem:
            return problem
        if compulsory and kind not in ALL_SOLO_KINDS:
            return "only a solo can be compulsory"
        if kind == "wedding" and (partner is None) == (self.rules.hochzeit_partner == "choice"):
            return ("name the Hochzeit's partner rule (first_trick, first_fail_trick or first_trump_trick)"
                    if partner is None else "these rules fix the Hochzeit's partner rule: name none")
        if kind != "wedding" and partner is not None:
            return "only a Hochzeit names a partner rule"
        if self.forced is not None:
            if seat != self.forced:
                return f"seat {self.forced} must play its Pflichtsolo now (Vorführung)"
            if kind not in ALL_SOLO_KINDS or not compulsory:
                return "a Vorführung is a Pflichtsolo: name a solo, compulsory"
            return None
        if not self.reservations[seat]:
            return "only a seat that said Vorbehalt names a reservation"
        if kind in ALL_SOLO_KINDS and self.compulsory_open is not None and compulsory != (seat in self.compulsory_open):
            return ("your Pflichtsolo is still open: a solo now is your Pflichtsolo (TSR 4.3.1)" if compulsory is False
                    else "you have no open Pflichtsolo: this is a Lustsolo")
        holders = self.reservation_holders()
        mine = (category(kind, compulsory), -holders.index(seat))
        for other in (h for h in holders if h != seat):
            possible = self.categories_possible_for(other, seat) if own_knowledge else self.possible_categories(other)
            if not any(mine > (c, -holders.index(other)) for c in possible):
                if kind == "wedding" and not any(c > 0 for c in possible):
                    return "with several reservations a Hochzeit never wins (TSR 4.1.6)"
                return f"seat {other}'s reservation outranks yours (TSR 4.1.5, house rules §5.2)"
        return None

    def legal_declarations(self, seat: int, own_knowledge: bool = False) -> list[Declare]:
        partners = (None,) if self.rules.hochzeit_partner != "choice" else ("first_trick", "first_fail_trick",
                                                                             "first_trump_trick")
        options = [Declare(seat, kind, c) for kind in ALL_SOLO_KINDS for c in (False, True)]
        options += [Declare(seat, kind) for kind in ("throw", "poverty")]
        options += [Declare(seat, "wedding", False, p) for p in partners]
        return [d for d in options
                if self.declare_problem(seat, d.kind, d.compulsory, d.partner, own_knowledge) is None]

    def is_compulsory(self, seat: int, kind: str) -> bool:
        """Whether a solo named by ``seat`` now is its Pflichtsolo (tournament round, TSR 4.3.1)."""
        if kind not in ALL_SOLO_KINDS:
            return False
        if self.forced is not None:
            return True
        return self.compulsory_open is not None and seat in self.compulsory_open

    def resolve_reservations(self, intents: dict[int, str]) -> Declare:
        """The naming that wins the query, given what each reservation holder means (TSR 4.1.4-4.1.7).

        ``intents`` maps every seat that said Vorbehalt to the kind it would name (or to the whole
        ``Declare``, which a Hochzeit needs when its partner rule is the Hochzeiter's choice).
        Pflichtsolo > Lustsolo > Schmeißen > Armut > Hochzeit; among equals the seat nearer the
        dealer's left wins.
        """
        holders = [self.forced] if self.forced is not None else self.reservation_holders()
        if set(intents) != set(holders):
            raise IllegalActionError(f"need the intents of exactly the seats {holders}")
        named = [self._intent(s, intents[s]) for s in holders]
        best = max(named, key=lambda d: (category(d.kind, d.compulsory), -holders.index(d.seat)))
        problem = self.declare_problem(best.seat, best.kind, best.compulsory, best.partner)
        if problem:
            raise IllegalActionError(problem, best.seat)
        return best

    def _intent(self, seat: int, intent) -> Declare:
        kind = intent.kind if isinstance(intent, Declare) else intent
        partner = intent.partner if isinstance(intent, Declare) else None
        if kind == "wedding" and partner is None and self.rules.hochzeit_partner == "choice":
            partner = "first_trick"   # a player who names no rule keeps the TSR one
        return Declare(seat, kind, self.is_compulsory(seat, kind), partner)

    def declare(self, seat: int, kind: str, compulsory: bool = False, partner: str | None = None) -> None:
        problem = self.declare_problem(seat, kind, compulsory, partner)
        if problem:
            raise IllegalActionError(problem, seat)
        self.declaration = Declare(seat, kind, compulsory, partner)
        if kind == "wedding":
            self.hochzeiter = seat
            self.partner_rule = partner or self.rules.hochzeit_partner
            self._start_play("wedding", None, self.vorhand)
        elif kind == "throw":
            self._throw_in(seat, self.throw_reason(seat))
        elif kind == "poverty":
            self.exchange = Exchange(seat)
            self.phase, self.turn = POVERTY, seat
        else:
            soloist_leads = compulsory or self.rules.solo_lead == "soloist"
            self._start_play(kind, frozenset([seat]), seat if soloist_leads else self.vorhand)

    def _throw_in(self, seat: int, reason: str) -> None:
        """The deal ends unplayed (Schmeißen, or an Armut nobody takes); the same dealer deals again."""
        self.thrown = {"seat": seat, "reason": reason}
        self.contract = "thrown"
        self.re_seats = frozenset()
        self.phase, self.turn = DONE, None

    # ----- the Armut exchange (house rules §6) ----------------------------------------------

    def hand_at_play(self, seat: int) -> list[int]:
        """``seat``'s cards when play began (as dealt, or after the Armut exchange)."""
        ex = self.exchange
        if ex is None or not ex.returned:
            return list(self.dealt[seat])
        return after_exchange(self.dealt[seat], seat, ex.poor, ex.taker, ex.passed, ex.returned)

    def poverty_cards(self) -> int:
        """How many cards the poor seat passes: all its trumps, at least 3 (§6.2)."""
        ex = self.exchange
        return max(3, sum(_NORMAL_SUIT[c] == TRUMP for c in self.dealt[ex.poor]))

    def exchange_problem(self, action: Action) -> str | None:
        """Why an Armut action is illegal now, or None."""
        ex = self.exchange
        if self.phase != POVERTY:
            return "no Armut exchange is going on"
        if action.seat != self.turn:
            return f"it is seat {self.turn}'s turn in the Armut exchange"
        step = Pass if not ex.passed else (Accept if ex.taker is None else Return)
        if not isinstance(action, step):
            return f"the Armut exchange waits for a {step.KEY} by seat {self.turn}"
        if isinstance(action, Accept):
            return None
        cards, hand, k = action.cards, self.hands[action.seat], self.poverty_cards()
        if None in cards:
            return "the cards must be named"
        if len(cards) != k:
            return f"the Armut exchange moves exactly {k} cards"
        if Counter(cards) - Counter(hand):
            return "you can only give cards you hold"
        if isinstance(action, Pass) and (sum(_NORMAL_SUIT[c] == TRUMP for c in cards)
                                         != sum(_NORMAL_SUIT[c] == TRUMP for c in hand)):
            return "the poor seat passes all its trumps, filled up with fail cards (house rules §6.2)"
        return None

    def _exchange(self, action: Action) -> None:
        problem = self.exchange_problem(action)
        if problem:
            raise IllegalActionError(problem, action.seat)
        ex = self.exchange
        hands = self.hands
        if isinstance(action, Pass):
            for card in action.cards:
                hands[ex.poor].remove(card)
            ex.passed = tuple(action.cards)
            self.turn = (ex.poor + 1) % 4
        elif isinstance(action, Accept):
            ex.answers.append(Accept(action.seat, action.accepted))
            if action.accepted:
                ex.taker = action.seat
                hands[action.seat] += ex.passed
            elif (action.seat + 1) % 4 == ex.poor:
                hands[ex.poor] += ex.passed   # the cards go back before the hand is shown
                self._throw_in(ex.poor, "poverty")
            else:
                self.turn = (action.seat + 1) % 4
        else:
            for card in action.cards:
                hands[ex.taker].remove(card)
            hands[ex.poor] += action.cards
            ex.returned = tuple(action.cards)
            self._start_play("poverty", frozenset((ex.poor, ex.taker)), self.vorhand)

    def _start_play(self, contract: str, re_seats, leader: int) -> None:
        self.contract = contract
        self.order = self._order_at_start(contract)
        self.re_seats = re_seats
        self.phase, self.leader, self.turn = PLAY, leader, leader
        suit = self._suit = self.order.suit
        self._by_suit = by_suit = []
        for hand in self.hands:
            buckets = [[], [], [], [], []]
            for card in hand:
                buckets[suit[card]].append(card)
            by_suit.append(buckets)

    def _order_at_start(self, contract: str) -> CardOrder:
        """The game's card order when play begins: Schweine and Superschweine go by the hands now,
        after any Armut exchange (house rules §4)."""
        kind = contract if contract in ALL_SOLO_KINDS else "normal"
        if not self.rules.schweine:
            return build_order(kind, self.rules)
        swine, superswine = swine_cards(kind, self.rules)
        if swine is None:
            return build_order(kind, self.rules)
        holders = [s for s in range(4) if self.hands[s].count(swine) == 2]
        self.swine_seat = holders[0] if holders else None
        if self.swine_seat is None:
            return build_order(kind, self.rules)
        holders = [s for s in range(4) if superswine is not None and self.hands[s].count(superswine) == 2]
        if holders and holders[0] != self.swine_seat:
            if self.rules.schweine_shown == "at_start":
                self.superswine_seat = holders[0]
                return build_order(kind, self.rules, True, True)
            self._superswine_pending = superswine   # decided by its holder's first play of one (§4.3)
        return build_order(kind, self.rules, True)

    def _superswine_played(self, seat: int) -> None:
        """Under ``schweine_shown = when_played`` the holder's first superswine card makes
        Superschweine if a swine card was played before it, else forfeits them (house rules §4.3)."""
        self._superswine_pending = -1
        kind = self.contract if self.contract in ALL_SOLO_KINDS else "normal"
        swine = swine_cards(kind, self.rules)[0]
        if any(swine in t.cards for t in self.tricks) or swine in self.trick:
            self.superswine_seat = seat
            self.order = build_order(kind, self.rules, True, True)

    # ----- announcements (TSR 6) ---------------------------------------------------------

    def call_problem(self, seat: int, call: str) -> str | None:
        """Why ``seat`` may not announce ``call`` now, or None."""
        if call not in LEVEL:
            return f"unknown call {call!r}"
        if self.phase != PLAY:
            return "announcements are made after the game type is fixed and before the deal ends"
        if self.re_seats is None:
            return "in a Hochzeit nobody announces before the Klärungsstich is complete (TSR 4.4.4)"
        party = self.party_of(seat)
        if call in (RE, KONTRA) and call != party:
            return f"you play {party.capitalize()}: you cannot announce {call.capitalize()}"
        other = KONTRA if party == RE else RE
        return call_problem(self.party_calls[party], self.party_calls[other], LEVEL[call], len(self.hands[seat]),
                            self.shift + self._window_offset, self.rules.announcements == "re_kontra_only")

    def legal_calls(self, seat: int) -> list[str]:
        """The announcements ``seat`` may make at this moment (Absagen imply skipped levels)."""
        if self.phase != PLAY or self.re_seats is None:
            return []
        party = self.party_of(seat)
        return [c for c in (party, "no90", "no60", "no30", "schwarz") if self.call_problem(seat, c) is None]

    def call(self, seat: int, call: str, party: str | None = None) -> None:
        """Announce ``call`` for ``seat``; ``party``, if given, must be the seat's party."""
        problem = self.call_problem(seat, call)
        if not problem and party is not None and party != self.party_of(seat):
            problem = f"seat {seat} plays {self.party_of(seat).capitalize()}, not {party.capitalize()}"
        if problem:
            raise IllegalActionError(problem, seat)
        party = self.party_of(seat)
        hand_size = len(self.hands[seat])
        apply_call(self.party_calls[party], LEVEL[call], hand_size, self.shift + self._window_offset)
        self.calls_made.append(CallMade(seat, call, party, hand_size, self.cards_played))

    # ----- card play (TSR 5) -------------------------------------------------------------

    def legal_cards(self) -> list[int]:
        """The cards in hand the seat to move may play (one entry per physical card)."""
        if self.phase != PLAY:
            return []
        if self.trick:
            follow = self._by_suit[self.turn][self.order.suit[self.trick[0]]]
            if follow:
                return follow[:]
        return self.hands[self.turn][:]

    def play_problem(self, seat: int, card: int) -> str | None:
        if self.phase != PLAY:
            return "no card is to be played now"
        if seat != self.turn:
            return f"it is seat {self.turn}'s turn"
        if card not in self.hands[seat]:
            return f"you do not hold {code(card)}"
        if self.trick:
            led = self.order.suit[self.trick[0]]
            if self.order.suit[card] != led and self._by_suit[seat][led]:
                return f"you must follow {SUIT_WORDS[led]}"
        return None

    def play(self, card: int, seat: int | None = None) -> None:
        """Play ``card`` for the seat to move (``seat``, if given, must be that seat)."""
        # The hot path of every simulation: keep attribute look-ups few.
        turn = self.turn
        trick = self.trick
        suit = self._suit
        try:
            by_suit = self._by_suit[turn]
            cls = suit[card]
            follow = by_suit[suit[trick[0]]] if trick else None
            by_suit[cls].remove(card)
        except (IndexError, TypeError, ValueError):
            raise IllegalActionError(self.play_problem(turn if seat is None else seat, card)
                                     or f"not a card: {card!r}", seat) from None
        if (follow and cls != suit[trick[0]]) or (seat is not None and seat != turn):
            by_suit[cls].append(card)
            raise IllegalActionError(self.play_problem(seat if seat is not None else turn, card), seat)
        self.hands[turn].remove(card)
        if card == self._superswine_pending:
            self._superswine_played(turn)
        trick.append(card)
        if len(trick) < 4:
            self.turn = (turn + 1) % 4
            return
        last = len(self.tricks) + 1 == self.last_trick
        self._close_trick(trick, (self.leader + self.order.trick_winner(trick, last)) % 4)

    def playout(self, rng) -> None:
        """Play uniformly random legal cards until the deal ends (Monte Carlo rollouts).

        The same moves as repeated ``play(legal[int(rng.random() * len(legal))])`` with ``legal =
        legal_cards()``; this is the engine's hottest path, so whole tricks are played in one
        loop over locals (a trick already begun is finished through ``play()``).
        """
        if self.phase != PLAY:
            raise IllegalActionError("no card is to be played now")
        rand = rng.random
        while self.trick or (self._superswine_pending >= 0 and self.phase != DONE):
            legal = self.legal_cards()   # card by card while the order may still change
            self.play(legal[int(rand() * len(legal))])
        suit, by_suit, hands, tricks = self._suit, self._by_suit, self.hands, self.tricks
        beats_before_last, beats_last, last = self.order.beats, self.order.beats_last, self.last_trick - 1
        while self.phase != DONE:
            beats = beats_before_last if len(tricks) != last else beats_last
            leader, trick = self.leader, self.trick
            hand = hands[leader]
            card = hand[int(rand() * len(hand))]
            taken_by = beats[card]  # which cards beat the best card so far
            led = suit[card]
            hand.remove(card)
            by_suit[leader][led].remove(card)
            trick.append(card)
            winner = leader
            for turn in _FOLLOWERS[leader]:
                hand, buckets = hands[turn], by_suit[turn]
                options = buckets[led] or hand
                card = options[int(rand() * len(options))]
                hand.remove(card)
                buckets[suit[card]].remove(card)
                if taken_by[card]:
                    taken_by, winner = beats[card], turn
                trick.append(card)
            self._close_trick(trick, winner)

    def _close_trick(self, trick: list[int], winner: int) -> None:
        """Record the complete ``trick`` (led by ``self.leader``) won by ``winner``; start the next."""
        c0, c1, c2, c3 = trick
        number = len(self.tricks) + 1
        self.tricks.append(_new_trick((number, self.leader, (c0, c1, c2, c3), winner,
                                       EYES[c0] + EYES[c1] + EYES[c2] + EYES[c3])))
        self.trick = []
        self.leader = self.turn = winner
        if self.re_seats is None:
            self._clarify_wedding(number, winner, c0)
        if number == self.last_trick:
            self.phase, self.turn = DONE, None

    def _clarify_wedding(self, number: int, winner: int, led: int) -> None:
        """The first of tricks 1-3 that qualifies under the partner rule and is won by another seat
        finds the partner; else a Karo-Solo (TSR 4.4.3, house rules §8)."""
        rule = self.partner_rule
        qualifies = rule == "first_trick" or (rule == "first_trump_trick") == (_NORMAL_SUIT[led] == TRUMP)
        if winner != self.hochzeiter and qualifies:
            self.re_seats = frozenset((self.hochzeiter, winner))
        elif number == 3:
            self.contract = "wedding-alone"
            self.re_seats = frozenset((self.hochzeiter,))
        else:
            return
        self.clarified_in = number
        self.shift = number - 1

    # ----- generic interface --------------------------------------------------------------

    def _check_turn(self, seat: int) -> None:
        if seat != self.turn:
            raise IllegalActionError(f"it is seat {self.turn}'s turn, not seat {seat}'s", seat)

    def apply(self, action: Action) -> None:
        """Apply any action; raises IllegalActionError (and changes nothing) if it is illegal."""
        if isinstance(action, Play):
            self.play(action.card, action.seat)
        elif isinstance(action, Call):
            self.call(action.seat, action.call, action.party)
        elif isinstance(action, Reservation):
            self.reserve(action.seat, action.has_reservation)
        elif isinstance(action, Declare):
            self.declare(action.seat, action.kind, action.compulsory, action.partner)
        elif isinstance(action, (Pass, Accept, Return)):
            self._exchange(action)
        else:
            raise IllegalActionError(f"not an action: {action!r}")

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action ``seat`` (default: the seat to move) may take now, announcements included."""
        if seat is None:
            seat = self.turn
            if seat is None:
                return []
        actions: list[Action] = []
        if self.phase == RESERVATIONS and seat == self.turn:
            actions = [Reservation(seat, r) for r in (False, True) if self.reservation_problem(seat, r) is None]
        elif self.phase == DECLARE:
            actions = list(self.legal_declarations(seat))
        elif self.phase == POVERTY and seat == self.turn:
            actions = self._legal_exchange(seat)
        elif self.phase == PLAY and seat == self.turn:
            actions = [Play(seat, c) for c in self.order.sorted(self.legal_cards())]
        return actions + [Call(seat, c) for c in self.legal_calls(seat)]

    def _legal_exchange(self, seat: int) -> list[Action]:
        """The Armut actions of ``seat`` now. Passing: all trumps and, for the fill, each choice of
        fail cards; returning: every choice of cards (sets of equal cards counted once)."""
        from itertools import combinations
        ex = self.exchange
        if ex.passed and ex.taker is None:
            return [Accept(seat, False), Accept(seat, True)]
        hand, k = sorted(self.hands[seat]), self.poverty_cards()
        if not ex.passed:
            trumps = [c for c in hand if _NORMAL_SUIT[c] == TRUMP]
            fails = [c for c in hand if _NORMAL_SUIT[c] != TRUMP]
            return [Pass(seat, tuple(trumps) + fill) for fill in sorted(set(combinations(fails, k - len(trumps))))]
        return [Return(seat, choice) for choice in sorted(set(combinations(hand, k)))]

    def copy(self) -> "Deal":
        """An independent copy (bots simulate on copies)."""
        new = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = [list(h) for h in self.hands]
        new.reservations = list(self.reservations)
        new.party_calls = {p: c.copy() for p, c in self.party_calls.items()}
        new.calls_made = list(self.calls_made)
        new.tricks = list(self.tricks)
        new.trick = list(self.trick)
        if self.exchange is not None:
            ex = self.exchange
            new.exchange = Exchange(ex.poor, ex.passed, ex.taker, ex.returned, list(ex.answers))
        new._by_suit = [[list(cards) for cards in seat] for seat in self._by_suit]
        return new

    def result(self):
        """The scored result of a complete deal (TSR 7); see :mod:`engine.scoring`."""
        return score(self)


from .scoring import score  # noqa: E402  (scoring builds on Deal, so it is imported last)
