"""Hand evaluation: when to play a solo, a Hochzeit or a silent one, and when to announce.

A solo is judged by its expected losing tricks: in each fail suit the cards below an unbroken run
from the top lose (at most three per suit: the opponents run out of it), and every high trump the
opponents hold costs about half a trick, more when our trumps are short. A solo with at most
``SOLO_LOSERS`` losers usually brings 121 eyes home.
"""

from __future__ import annotations

from ..cards import ACE, CLUB_QUEEN, DULLE, QUEEN, rank_of
from ..contracts import ORDERS, SOLO_KINDS, TRUMP
from . import reasons
from .public import KONTRA, RE, View
from .reasons import Reason

SOLO_LOSERS = 3.65         # play a solo with at most this many expected losers
SILENT_WEDDING_LOSERS = 3.6  # with both Kreuz-Damen: play alone (silently) below this
STRONG_SOLO_LOSERS = 1.3   # a soloist announces Re below this


def _ranking(order, cls: int) -> list[int]:
    """The kinds of one suit class, highest first."""
    kinds = [c for c in range(24) if order.suit[c] == cls]
    return sorted(kinds, key=lambda c: -order.strength[c])


def _top_run(hand: list[int], ranking: list[int]) -> int:
    """How many cards from the very top of a suit (both copies of each kind) the hand holds."""
    run = 0
    for kind in ranking:
        held = hand.count(kind)
        run += held
        if held < 2:
            break
    return run


def solo_losers(hand: list[int], kind: str) -> float:
    """Expected tricks the soloist loses with ``hand`` in solo ``kind`` (a rough count)."""
    order = ORDERS[kind]
    losers = 0.0
    for cls in range(4):
        cards = [c for c in hand if order.suit[c] == cls]
        if cards:
            losers += min(3, len(cards) - _top_run(cards, _ranking(order, cls)))
    if order.trumps:
        trumps = [c for c in hand if order.suit[c] == TRUMP]
        ranking = _ranking(order, TRUMP)
        top = ranking[:4] if len(ranking) > 6 else ranking[:2]   # the trumps that take tricks
        missing_top = sum(2 - trumps.count(c) for c in top)
        wanted = 9 if len(ranking) > 6 else 5
        losers += 0.55 * missing_top + 0.6 * max(0, wanted - len(trumps))
    return losers


def best_solo(hand: list[int], kinds=SOLO_KINDS) -> tuple[str, float]:
    """The solo among ``kinds`` with the fewest expected losers (``kinds``: the rule set's solos)."""
    return min(((kind, solo_losers(hand, kind)) for kind in kinds), key=lambda kl: kl[1])


def reservation_choice(dealt: list[int], kinds=SOLO_KINDS) -> tuple[str | None, Reason]:
    """The reservation the rule player means (a solo kind among ``kinds``, ``wedding``, or None), and why."""
    kind, losers = best_solo(dealt, kinds) if kinds else (None, SOLO_LOSERS + 1)
    if losers <= SOLO_LOSERS:
        return kind, Reason.of("solo-hand", kind=kind, losers=losers)
    if dealt.count(CLUB_QUEEN) == 2:
        if kinds and solo_losers(dealt, "solo-diamonds") <= SILENT_WEDDING_LOSERS:
            return None, reasons.SILENT_WEDDING
        return "wedding", reasons.WEDDING
    return None, reasons.HEALTHY


def normal_strength(hand: list[int]) -> tuple[int, int, int]:
    """Trumps, high trumps (Dullen and queens) and fail aces in a normal game."""
    order = ORDERS["normal"]
    trumps = [c for c in hand if order.suit[c] == TRUMP]
    high = sum(1 for c in trumps if c == DULLE or rank_of(c) == QUEEN)
    aces = sum(1 for c in hand if order.suit[c] != TRUMP and rank_of(c) == ACE)
    return len(trumps), high, aces


def call_wanted(view: View, kontra_trumps: int = 0) -> tuple[str | None, Reason | None]:
    """An announcement the rule player wants to make now (checked for legality by the caller), and why
    (``kontra_trumps``: the search levels' bar for the first Kontra)."""
    public, party = view.public, view.party
    if party is None or public.hochzeiter is not None and public.wedding_partner is None and not public.wedding_alone:
        return None, None
    own = public.calls[party]
    size = len(view.hand)
    short = 12 - public.tricks_total      # 2 without nines: windows and hands two cards smaller
    if own.announced or size < 11 - public.shift - short:
        return None, None
    dealt = view.hand + public.played_by[view.seat]
    if public.is_solo:
        if view.is_soloist and solo_losers(dealt, public.kind) <= STRONG_SOLO_LOSERS:
            return RE, reasons.STRONG_SOLO_RE
        return None, None
    if view.is_soloist:  # a silent wedding: announcing would only tell the table
        return None, None
    _, high, aces = normal_strength(dealt)
    trumps = counted_trumps(view)
    if strong_for(party, trumps, high, aces) and (party != KONTRA or trumps >= kontra_trumps):
        return party, Reason.of("announce-strength", trumps=trumps, high=high, party=party)
    return None, None


def counted_trumps(view: View) -> int:
    """The trumps of ``view``'s hand as dealt, as the bars for Re and Kontra count them in a normal game."""
    short = 12 - view.public.tricks_total
    return normal_strength(view.hand + view.public.played_by[view.seat])[0] + short // 2   # 7 of 10 cards hold like 8 of 12


def strong_for(party: str, trumps: int, high: int, aces: int) -> bool:
    """Whether a hand of a normal game is strong enough for Re or Kontra.

    The rule player's bars win 81% (Re) and 59% (Kontra) of the games in rule-player self-play
    (30,000 deals).
    """
    rule = trumps >= 8 and high >= 3 or trumps >= 7 and high >= 4 or trumps >= 7 and high >= 3 and aces >= 2
    if party == KONTRA:
        return rule and (high >= 4 or aces >= 2)
    return rule
