"""Abkürzung (TSR 5.4): a soloist who surely takes every remaining trick may show his cards and claim them.
In casual play a table may let anyone claim who surely takes every remaining trick himself (``anyone``;
the page's option "Abkürzung für alle"): the same proof, for a player of any party.

A claim is proven from what the claimer knows — his own cards and the cards played — never from the other
hands, so that offering it tells the player nothing hidden. The proof is the TSR's default line (5.4.5): the
claimer leads trumps from the top, then each fail suit from the top, and wins every trick against any
distribution of the unseen cards and any legal defence:

* a card led wins if no unseen card of its class can beat it, or if enough of its class were led before to
  exhaust the unseen ones (whoever holds a card of the led class must follow, so each lead of a class takes at
  least one unseen card of it out of play while any are left);
* a fail card is led only once the trumps are exhausted that way (a void defender could ruff it);
* when the claimer is not on lead, the card he plays to the current trick must take it from the cards already
  in it and from any unseen card played after it.

The proof is sound and not complete: a claim that needs a finesse is not found. Accepted, the claim is played
out — the claimer's cards in the proven order, the defenders' by a policy — so that the record and the score
are those of the deal played to the end (:func:`play_out_claim`).

>>> from engine.cards import cards_from_codes
>>> hands = [cards_from_codes(h.split()) for h in (
...     "CQ CQ SQ SQ HQ HQ DQ DQ C10 C10 S10 S10", "CJ CJ SJ SJ HJ HJ DJ DJ CA CA SA SA",
...     "HA HA H10 H10 HK HK DA DA D10 D10 DK DK", "CK CK SK SK C9 C9 S9 S9 H9 H9 D9 D9")]
>>> def solo(kind):
...     deal = Deal(hands)
...     for seat in deal.query_order():
...         deal.reserve(seat, seat == 1)
...     deal.declare(1, kind)
...     return deal
>>> claim_order(solo("solo-queens"), 1) is None    # the other hand holds every Dame
True
>>> [code(card) for card in claim_order(solo("solo-jacks"), 1)]    # all eight Buben, the top of Kreuz and Pik
['CJ', 'CJ', 'SJ', 'SJ', 'HJ', 'HJ', 'DJ', 'DJ', 'CA', 'CA', 'SA', 'SA']
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from .actions import Play
from .cards import DECK, DECK_WITHOUT_NINES, code
from .contracts import ALL_SOLO_KINDS, TRUMP, CardOrder, swine_cards
from .deal import PLAY, Deal
from .observation import shown_swine

Defender = Callable[[Deal, int], int] | None


def may_claim(deal: Deal, seat: int, anyone: bool = False) -> bool:
    """Whether ``seat`` may shorten the game now: it is the soloist (or ``anyone`` may), it is its turn with two
    tricks or more to go, the parties are settled (no Hochzeit still looking for its partner), and everything
    its claim rests on is known to it (a stille Hochzeit once both Kreuz-Damen are out, the Schweine once
    settled)."""
    if deal.phase != PLAY or deal.turn != seat or deal.re_seats is None:
        return False
    if deal.soloist != seat and not anyone:
        return False
    if len(deal.hands[seat]) < 2:
        return False            # the last trick is simply played: nothing to shorten
    if deal.soloist == seat and deal.contract == "silent-wedding" and _played(deal)[CLUB_QUEEN_KIND] < 2:
        return False            # A15: a stille Hochzeit may shorten once it is public
    return _order_known_to(deal, seat)


def claim_order(deal: Deal, seat: int, anyone: bool = False) -> list[int] | None:
    """The claimer's remaining cards in an order that surely takes every remaining trick, or None when
    that cannot be proven from what ``seat`` knows (``anyone``: see :func:`may_claim`)."""
    if not may_claim(deal, seat, anyone):
        return None
    order, hand = deal.order, list(deal.hands[seat])
    unseen = _unseen(deal, seat)
    if not deal.trick:
        return _cash_out(order, hand, unseen)
    best = deal.trick[order.trick_winner(deal.trick, _is_last(deal))]
    for card in sorted(set(deal.legal_cards()), key=order.sort_key, reverse=True):   # cheapest winner first
        takes = _beats(order, best, card) and (len(deal.trick) == 3 or _unbeatable(order, card, unseen))
        if takes:
            rest = list(hand)
            rest.remove(card)
            line = _cash_out(order, rest, unseen)
            if line is not None:
                return [card] + line
    return None


def play_out_claim(deal: Deal, seat: int, line: list[int], defender: Defender = None) -> list[Play]:
    """Play the deal to its end: ``seat``'s cards in ``line`` (from :func:`claim_order`), the others' by
    ``defender(deal, seat) -> card`` (:func:`lowest_card` if None); returns the plays. Raises if the claimer
    loses a trick (the proof would be wrong)."""
    defender = defender or lowest_card
    cards, plays = iter(line), []
    while deal.phase == PLAY:
        turn = deal.turn
        play = Play(turn, next(cards) if turn == seat else defender(deal, turn))
        deal.apply(play)
        plays.append(play)
        if not deal.trick and deal.tricks[-1].winner != seat:
            raise AssertionError(f"claimed trick {len(deal.tricks)} lost by seat {seat}")
    return plays


def claimed_at(deal: Deal, anyone: bool = False) -> int | None:
    """Where in ``deal.actions`` a claim's played-out cards begin, or None: the first card of the claimer at
    its turn where its claim was proven and the rest of the record is exactly that claim played out. The
    claimer is the soloist, or with ``anyone`` whoever took the last tricks.

    The record format has no mark of its own for a claim; this reads it back (a player who played on card by
    card exactly as a claim plays out reads as having claimed, which changes nothing of the deal)."""
    if not deal.is_done() or not deal.tricks:
        return None
    claimer = deal.tricks[-1].winner if anyone else deal.soloist
    if claimer is None:
        return None
    from .record import export, replay     # the record module builds on this engine; imported when used
    record = export(deal)
    actions = deal.actions
    # A claim takes every trick from its first card on: only the claimer's cards in that run can start it.
    run = len(deal.tricks)
    while run > 0 and deal.tricks[run - 1].winner == claimer:
        run -= 1
    plays = 0
    for index, action in enumerate(actions):
        if not isinstance(action, Play):
            continue
        plays += 1
        if action.seat != claimer or plays <= 4 * run:
            continue
        before = replay(dict(record, actions=record["actions"][:index]))
        line = claim_order(before, claimer, anyone)
        if line is not None:
            played = [Play(a.seat, a.card) for a in actions[index:] if isinstance(a, Play)]
            if len(played) == len(actions) - index and play_out_claim(before, claimer, line) == played:
                return index
    return None


def lowest_card(deal: Deal, seat: int) -> int:
    """A defender that gives as little as it may: the lowest legal card (for the score of a solo that
    loses every trick, which card goes where does not matter)."""
    return max(deal.legal_cards(), key=deal.order.sort_key)


# ----- the proof -------------------------------------------------------------------------------------

CLUB_QUEEN_KIND = 3     # engine.cards.CLUB_QUEEN, kept local to read at a glance


def _cash_out(order: CardOrder, hand: list[int], unseen: Counter) -> list[int] | None:
    """Trumps from the top, then each fail suit from the top, if every lead surely wins; else None."""
    by_class: dict[int, list[int]] = {}
    for card in hand:
        by_class.setdefault(order.suit[card], []).append(card)
    outstanding = Counter()
    for card, count in unseen.items():
        outstanding[order.suit[card]] += count
    trumps = sorted(by_class.pop(TRUMP, []), key=order.sort_key)
    if by_class and len(trumps) < outstanding[TRUMP]:
        return None             # the trumps cannot be drawn: a void defender may ruff a fail card
    line = []
    for cards in [trumps] + [sorted(by_class[k], key=order.sort_key) for k in sorted(by_class)]:
        for led, card in enumerate(cards):
            rivals = [c for c in unseen if order.suit[c] == order.suit[card]]
            if led < outstanding[order.suit[card]] and not _unbeatable(order, card, rivals):
                return None
            line.append(card)
    return line


def _unbeatable(order: CardOrder, card: int, unseen) -> bool:
    """No unseen card played after ``card`` takes the trick from it (in any trick, the last one too)."""
    return not any(order.beats[card][other] or order.beats_last[card][other] for other in unseen)


def _beats(order: CardOrder, best: int, card: int) -> bool:
    return order.beats[best][card] and order.beats_last[best][card]


def _is_last(deal: Deal) -> bool:
    return len(deal.tricks) + 1 == deal.last_trick


def _played(deal: Deal) -> Counter:
    return Counter([card for trick in deal.tricks for card in trick.cards] + list(deal.trick))


def _unseen(deal: Deal, seat: int) -> Counter:
    """The cards ``seat`` has not seen: the deck less its hand and the cards played."""
    unseen = Counter(DECK if deal.rules.nines else DECK_WITHOUT_NINES)
    unseen.subtract(_played(deal))
    unseen.subtract(deal.hands[seat])
    return +unseen


def _order_known_to(deal: Deal, seat: int) -> bool:
    """Whether ``seat`` knows the card order (house rules §4): Schweine and Superschweine are settled for it
    once shown, or when it holds one of their cards itself (then nobody else can hold both)."""
    kind = deal.contract if deal.contract in ALL_SOLO_KINDS else "normal"
    swine, superswine = swine_cards(kind, deal.rules)
    if swine is None:
        return True
    if deal._superswine_pending >= 0:
        return False            # decided by its holder's next play of one
    shown, own = shown_swine(deal), deal.hand_at_play(seat)
    swine_known = "schweine" in shown or swine in own
    superswine_known = (superswine is None or "superschweine" in shown or superswine in own
                        or (swine_known and deal.swine_seat is None))
    return swine_known and superswine_known
