"""The house-rule decisions that find a partner: the Armut exchange (house rules §6) and the
Hochzeit partner rule (§8), as a club player makes them. Every level but ``random`` uses them.

Each decision reads only the seat's own cards (its observation) and is legal by construction:
the poor seat passes all its trumps, the taker gives back exactly as many cards as it got.

Armut in short: the poor seat P passes its k trumps-plus-filler face down, the seat asked may take
them (then P and the taker A are Re), and A gives k cards back. P then holds no trump but what A
returns, so the Re party's trumps are almost all in A's hand against two opponents who hold the
rest of the 26 (24 without nines) between them. A lost Armut costs points; declining costs
nothing (if nobody takes, the cards are dealt again).
"""

from __future__ import annotations

import random
from itertools import combinations

from ..actions import Accept, Action, Declare, Pass, Return
from ..cards import (ACE, CLUBS, DIAMONDS, EYES, FOX, HEARTS, JACK, KING, NINE, QUEEN, SPADES, TEN, make, rank_of, suit_of)
from ..contracts import ORDERS, TRUMP
from ..observation import Observation, Public
from . import reasons
from .reasons import Reason

_SUIT = ORDERS["normal"].suit    # the Armut and the Hochzeit rules classify cards as in a normal game
FAIL_SUITS = (CLUBS, SPADES, HEARTS)

# What a trump is worth to a hand that must carry the game (normal-game order). Dullen and the
# Kreuz-Damen take tricks on their own, the other Damen usually; Buben are middle trumps; the small
# Karo trumps mostly follow suit. The Fuchs is worth nothing here: it is a trump the opponents
# hunt for a score-sheet point (a pair of them with Schweine is another matter: see trump_weight).
TRUMP_WEIGHT = {make(HEARTS, TEN): 3.0, make(CLUBS, QUEEN): 3.0, make(SPADES, QUEEN): 2.5,
                make(HEARTS, QUEEN): 2.1, make(DIAMONDS, QUEEN): 2.0, make(CLUBS, JACK): 1.6,
                make(SPADES, JACK): 1.5, make(HEARTS, JACK): 1.1, make(DIAMONDS, JACK): 1.0,
                make(DIAMONDS, TEN): 0.6, make(DIAMONDS, KING): 0.5, make(DIAMONDS, NINE): 0.4, FOX: 0.0}
SCHWEIN_WEIGHT = 3.5   # a Fuchs of a pair that will be Schweine: above the Dullen

# Taking (Accept). A hand is scored by its trumps, 2 each plus the weight above, plus one for each
# fail ace (a trick of its own) and each fail suit it lacks (it ruffs there). The taker also gets
# the poor seat's trumps (0 to 3, unseen) but plays against two opponents with about 8 trumps each:
# it needs many trumps to draw theirs, and high ones to keep the lead. Measured with the rule
# players (tools/armut_figures.py --calibrate, 60000 deals, the first seat asked always taking;
# about 3700 Armut games per preset), the taker's mean points by score, in steps of 2, cross zero
# between 26-28 (-0.8) and 28-30 (+0.5) under kneipe, and between 24-26 (-0.7) and 26-28 (+0.6)
# without nines (10 cards). A seat takes where taking starts to pay: declining is free (nobody
# takes: the cards are dealt again), a lost Armut costs points. (Counting trumps by weight alone,
# with no 2 per trump, gained about 8% less over those games: the number of trumps matters most.)
ACCEPT_TRUMP_BASE = 2.0
ACCEPT_SCORE = {12: 28.0, 10: 26.0}   # by the cards in hand: with nines, without
ACCEPT_ACE_BONUS = 1.0
ACCEPT_VOID_BONUS = 1.0

# Returning (Return): the taker keeps the 12 (10) cards that play best as Re with a trumpless
# partner. A trump kept is worth far more than any fail card, so trumps go back only when the
# fail cards run out, and then the cheapest (its weight). A fail suit emptied lets the taker ruff:
# worth more than a king or a ten, and more than an ace, which is a trick in the partner's hand
# just as well. The Fuchs goes back only after every Bube and the lower Damen: in the hand of a
# partner with one or two trumps it falls to the first high trump led. Measured (rule players,
# kneipe, 1300 Armut games): giving fail aces back to the poor seat instead cost Re 0.17 points a
# game; without the bonus for an emptied suit Re lost 0.02.
#
# How much the exchange's cards matter at all, against the driver's old house_default (pass the
# cheapest fail cards, give back the cheapest cards): by these measurements very little, within
# 0.05 points a game for Re either way; almost all of the gain is in who takes.
RETURN_TRUMP_BASE = 10.0
RETURN_VOID_BONUS = 2.0
RETURN_FAIL_KEEP = {ACE: 1.0, TEN: 0.5, KING: 0.2, NINE: 0.0}
FOX_TO_PARTNER = 2.6

# Passing (Pass): the poor seat keeps what takes tricks without trumps: its fail aces; a ten is
# worth keeping behind its own ace, a bare ten is lost to the ace or a ruff (with the taker it is
# a card to schmieren); an emptied suit lets it throw off (schmieren onto the partner's tricks).
# (Which fail cards go changed Re's result by less than 0.01 point a game with the rule players.)
PASS_KEEP = {ACE: 10.0, KING: 1.0, NINE: 0.5}
PASS_TEN_WITH_ACE, PASS_BARE_TEN = 2.0, 0.0
PASS_VOID_BONUS = 1.5


def is_trump(card: int) -> bool:
    return _SUIT[card] == TRUMP


def trump_weight(card: int, hand, schweine: bool) -> float:
    """What ``card`` (a trump) is worth in ``hand``; both Füchse with Schweine on are Schweine."""
    if card == FOX and schweine and hand.count(FOX) == 2:
        return SCHWEIN_WEIGHT
    return TRUMP_WEIGHT[card]


def _voids(cards) -> int:
    held = {suit_of(c) for c in cards if not is_trump(c)}
    return sum(s not in held for s in FAIL_SUITS)


def _best_subset(cards: list[int], size: int, value) -> tuple[int, ...]:
    """The ``size`` cards of ``cards`` whose removal leaves the most ``value``(rest, removed)."""
    options = sorted(set(combinations(sorted(cards), size)))
    return max(options, key=lambda removed: value(_without(cards, removed), removed))


def _without(cards, removed) -> list[int]:
    rest = list(cards)
    for card in removed:
        rest.remove(card)
    return rest


# ----- the three steps of the exchange ---------------------------------------------------

def pass_cards(hand: list[int], k: int) -> tuple[int, ...]:
    """The poor seat's k cards: all its trumps, filled up with the fail cards it misses least."""
    trumps = [c for c in hand if is_trump(c)]
    fails = [c for c in hand if not is_trump(c)]

    def keep_value(card: int, rest) -> float:
        if rank_of(card) == TEN:
            return PASS_TEN_WITH_ACE if make(suit_of(card), ACE) in rest else PASS_BARE_TEN
        return PASS_KEEP[rank_of(card)]

    def value(rest, passed):
        return sum(keep_value(c, rest) for c in rest) + PASS_VOID_BONUS * _voids(rest) + 0.01 * sum(EYES[c] for c in passed)
    fill = _best_subset(fails, k - len(trumps), value) if k > len(trumps) else ()
    return tuple(trumps) + fill


def accept_score(hand: list[int], schweine: bool) -> float:
    """How well ``hand`` carries an Armut (see ``ACCEPT_SCORE``)."""
    trumps = sum(ACCEPT_TRUMP_BASE + trump_weight(c, hand, schweine) for c in hand if is_trump(c))
    aces = sum(1 for c in hand if not is_trump(c) and rank_of(c) == ACE)
    return trumps + ACCEPT_ACE_BONUS * aces + ACCEPT_VOID_BONUS * _voids(hand)


def wants_armut(hand: list[int], schweine: bool) -> bool:
    return accept_score(hand, schweine) >= ACCEPT_SCORE[len(hand)]


def return_cards(hand: list[int], k: int, schweine: bool) -> tuple[int, ...]:
    """The taker's k cards back out of ``hand`` (its own cards and the ones passed to it)."""
    def value(kept, returned):
        worth = sum(RETURN_TRUMP_BASE + trump_weight(c, kept, schweine) if is_trump(c)
                    else RETURN_FAIL_KEEP[rank_of(c)] for c in kept)
        fox_back = sum(1 for c in returned if c == FOX and not (schweine and hand.count(FOX) == 2))
        return worth + RETURN_VOID_BONUS * _voids(kept) - FOX_TO_PARTNER * fox_back - 0.01 * sum(EYES[c] for c in returned)
    return _best_subset(hand, k, value)


# ----- the Hochzeit partner rule ---------------------------------------------------------

def wedding_partner(hand: list[int]) -> str:
    """The partner rule a Hochzeiter with ``hand`` names under ``hochzeit_partner = choice``.

    The rule decides who the partner is only as far as the Hochzeiter can steer the Klärungsstich:
    the first trick led with a card of the rule's kind and won by another seat. A low fail card led
    (``first_fail_trick``) goes to the ace of that suit or to a ruff: somebody else wins it nearly
    always, and the partner is a seat with a fail ace or a short suit and trumps, which a hand
    holding both Kreuz-Damen wants. Under the TSR's ``first_trick`` the Hochzeiter's own fail aces
    and high trumps win tricks that then find nobody. ``first_trump_trick`` needs the Hochzeiter to
    lead trumps, which it can do only once it has the lead, while the others lead fail suits: no
    partner by trick 3 in most games, and the Hochzeit is played alone as a Karo-Solo.

    Measured with the rule players under kneipe (6967 Hochzeiten in 40000 deals, the rule player
    leading a low card of the rule's kind while it looks for a partner): the Hochzeiter's mean
    points were +2.60 with ``first_fail_trick`` for every hand (4 played alone), +1.84 with
    ``first_trick`` (714 alone) and -4.95 with ``first_trump_trick``. ``first_fail_trick`` was
    ahead for hands with 8 or more trumps (+4.33 against +3.08) and middling ones (+1.77 against
    +1.17); for the 597 hands with at most 5 trumps and two fail aces, the case a trump-strong
    partner is meant for, ``first_trick`` did a little better (+0.85 against +0.56, within the
    noise) and ``first_trump_trick`` far worse (-9.5). So a hand with a low fail card to lead names
    ``first_fail_trick``; one with none keeps ``first_trick``. (This is the rule player's choice;
    the search levels name ``first_trick``, the only Klärungsstich their playouts know.)
    """
    if any(not is_trump(c) and rank_of(c) != ACE for c in hand):
        return "first_fail_trick"
    return "first_trick"


# The Hochzeit's reason by the rule named (the TSR's first trick: the plain Hochzeit).
WEDDING_REASONS = {"first_trick": reasons.WEDDING, "first_fail_trick": Reason("wedding-fail-trick")}


def chosen_wedding(seat: int, hand: list[int]) -> tuple[Declare, Reason]:
    """A Hochzeit under ``hochzeit_partner = choice``: with the partner rule that suits ``hand``."""
    rule = wedding_partner(hand)
    return Declare(seat, "wedding", False, rule), WEDDING_REASONS[rule]


# ----- the bots' glue: the step from the observation, and the action with its reason ------

def exchange_step(public: Public) -> str | None:
    """``pass``, ``accept`` or ``return`` while an Armut exchange waits for one, else None."""
    if public.poor is None or public.trumps_returned is not None:
        return None
    if not public.poverty_cards:
        return "pass"
    return "accept" if public.taker is None else "return"


def in_exchange(observation: Observation) -> bool:
    """Whether ``observation`` stops inside an Armut exchange (a poverty named, nothing returned yet)."""
    actions = observation.actions
    return (any(isinstance(a, Declare) and a.kind == "poverty" for a in actions)
            and not any(isinstance(a, Return) for a in actions))


def exchange_action(seat: int, observation: Observation, public: Public) -> tuple[Action, Reason]:
    """The club player's step in the Armut exchange, and why."""
    step, hand = exchange_step(public), list(observation.dealt)
    schweine = public.rules.schweine
    if step == "pass":
        k = max(3, sum(1 for c in hand if is_trump(c)))
        cards = pass_cards(hand, k)
        kept_aces = sum(1 for c in hand if rank_of(c) == ACE and not is_trump(c) and c not in cards)
        return Pass(seat, cards), Reason.of("armut-pass", trumps=sum(map(is_trump, cards)), aces=kept_aces)
    if step == "accept":
        score = round(accept_score(hand, schweine))
        trumps = sum(1 for c in hand if is_trump(c))
        if wants_armut(hand, schweine):
            return Accept(seat, True), Reason.of("armut-take", trumps=trumps, score=score)
        return Accept(seat, False), Reason.of("armut-decline", trumps=trumps, score=score)
    cards = return_cards(hand + list(public.passed), public.poverty_cards, schweine)
    kept = _without(hand + list(public.passed), cards)
    return Return(seat, cards), Reason.of("armut-return", trumps=sum(map(is_trump, cards)), voids=_voids(kept))


def random_exchange_action(seat: int, observation: Observation, public: Public, rng: random.Random) -> Action:
    """A uniformly random legal step in the Armut exchange (the random player)."""
    step, hand = exchange_step(public), list(observation.dealt)
    if step == "accept":
        return Accept(seat, rng.random() < 0.5)
    if step == "return":
        return Return(seat, tuple(rng.sample(hand + list(public.passed), public.poverty_cards)))
    trumps = [c for c in hand if is_trump(c)]
    fails = [c for c in hand if not is_trump(c)]
    return Pass(seat, tuple(trumps + rng.sample(fails, max(3, len(trumps)) - len(trumps))))
