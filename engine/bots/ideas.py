"""The idea behind a decision, as a club player names it: bedienen, schmieren, Fuchs sichern, Stich abgeben,
Trumpf ziehen, Partner finden ...

The hint leads with these words and shows the search's figures only second. An idea is read from the
decision and the public situation as the deciding seat sees it (``View``: its hand and what the table has
shown, never another hand), so it is true whoever chose the action: the strong player, the rule player or
the player at the table.

Like :class:`~.reasons.Reason`, an idea is a stable key with parameters; ``str()`` reads in English, the web
app words the key as ``hint.idea.<key>`` in the game's language.

>>> str(Idea.of("fresh-ace", suit="S"))
'fresh ace: nobody has led spades yet, so everyone still follows and the ace takes the trick'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Accept, Action, Call, Declare, Pass, Reservation, Return
from ..cards import ACE, CLUB_QUEEN, DULLE, EYES, FOX, KARLCHEN, QUEEN, SUITS, rank_of
from ..contracts import ALL_SOLO_KINDS, TRUMP
from ..observation import Observation
from .public import View
from .reasons import Reason
from .rules import _current_best, _power, _seats_after, _surely_holds, fox_at_risk, sure_partner_trick

# One sentence per key. Parameters: suit (a suit class: "C", "S", "H", "D" or "trump"), party ("re" or
# "kontra"), call (a call such as "no90"), trumps and high (counts). The hint names the card, call or contract
# before the idea, so an idea does not repeat it.
ENGLISH = {
    # the rule first: what must be played
    "follow": "follow suit: {suit} was led, so you must play {suit}",
    "only-card": "no choice: this is the only card you may play",
    # leading
    "find-partner": "find your partner (Hochzeit): whoever wins this trick plays with you, so lead low",
    "draw-trumps": "draw trumps: nothing left beats this trump, it takes the trick and pulls the opponents' trumps",
    "pull-trumps": "play trumps: the opponents must give up theirs, so your high ones rule later",
    "trump-lead": "lead a small trump: it costs little, and your partner can take over",
    "fresh-ace": "fresh ace: nobody has led {suit} yet, so everyone still follows and the ace takes the trick",
    "top-card": "the highest card left in {suit}: it takes the trick while the others can follow",
    "low-fail-lead": "lead small in {suit}: it costs little if the trick is lost, and your partner may take it",
    "fail-lead": "lead {suit}: the others must follow, and whoever has none left shows it now",
    # the trick is the partner's
    "schmieren": "schmieren: your partner surely takes this trick, so give it eyes",
    "partner-trick": "your partner surely takes this trick: keep your strong cards for later",
    "fox-home": "bring the Fuchs home: this trick surely goes to your side",
    "partner-ahead": "your partner is ahead: do not take over, and give few eyes while the trick is not safe",
    # taking the trick
    "catch-fox": "catch the Fuchs: an opponent's Fuchs in your trick is a point for your side",
    "karlchen": "Karlchen: winning the last trick with the club jack is a point",
    "ruff": "ruff: you have no {suit} left, so you trump the trick",
    "cheapest-winner": "take the trick cheaply: this is the lowest card that surely holds it",
    "take-trick": "take the lead in the trick: with this card you are ahead, the others have to beat it first",
    # not taking it
    "keep-fox": "keep the Fuchs safe: play it only into a trick your side surely wins",
    "discard": "discard: you cannot follow, so throw a small {suit} card and shorten that suit",
    "give-little": "give the trick away: you will not win it, so give as few eyes as you can",
    "schmieren-hope": "schmieren on a hunch: if your partner wins the trick, the eyes count for your side",
    "save-small": "give the trick away: you will not win it, and keep the smaller card for later",
    # calls
    "announce": "say {party}: {trumps} trumps, {high} of them queens or Dullen, usually win, and the call doubles the game",
    "absage": "announce {call}: your side is far enough ahead that the opponents will hardly reach the mark",
    # reservations and contracts
    "healthy": "no reservation: a normal game; whoever holds a club queen plays Re",
    "silent-wedding": "silent wedding: both club queens and a strong hand, you play alone without telling",
    "wedding": "find a partner: both club queens, the Hochzeit gets you one",
    "solo": "solo: the hand is strong enough to play alone against three",
    "throw": "deal again: with a hand like this the cards are dealt anew",
    "poverty": "too few trumps: a partner takes them and plays for both",
    "armut-pass": "Armut: pass your trumps, the partner plays them for you",
    "armut-accept": "take the Armut: with your trumps you can carry both hands",
    "armut-decline": "decline the Armut: too few trumps to carry two hands",
    "armut-return": "give back cards that empty a fail suit, so you can ruff it",
}


@dataclass(frozen=True, slots=True)
class Idea:
    key: str
    params: tuple[tuple[str, str | int], ...] = ()

    def __post_init__(self):
        if self.key not in ENGLISH:
            raise ValueError(f"unknown idea {self.key!r}")

    @classmethod
    def of(cls, key: str, **params: str | int) -> Idea:
        return cls(key, tuple(params.items()))

    @property
    def values(self) -> dict[str, str | int]:
        return dict(self.params)

    def __str__(self) -> str:
        params = self.values
        if "suit" in params:
            params["suit"] = SUIT_WORDS[params["suit"]]
        if "party" in params:
            params["party"] = params["party"].capitalize()
        return ENGLISH[self.key].format(**params)


SUIT_CODES = tuple(SUITS) + ("trump",)          # a suit class (0..4) as the catalogs name it
SUIT_WORDS = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds", "trump": "trumps"}
FULL_EYES = 10          # a full card (an ace or a ten): worth schmieren, never "small"


def ideas_for(action: Action, observation: Observation | dict, seat: int, reason: Reason | None = None) -> tuple[Idea, ...]:
    """The ideas behind ``action`` of ``seat`` in its observation, the rule first:
    one or two, for the hint to say before any figure. ``reason`` (the deciding bot's) tells which
    reservation a Vorbehalt stands for, which the action alone does not say."""
    if isinstance(action, (Pass, Accept, Return)):
        return (_exchange_idea(action),)
    observation = Observation.of(observation, seat)
    if isinstance(action, (Reservation, Declare)):
        return (_contract_idea(action, observation, reason),)
    view = View.of(observation)
    if isinstance(action, Call):
        return (call_idea(view, action.call),)
    return card_ideas(view, action.card)


def card_ideas(view: View, card: int) -> tuple[Idea, ...]:
    """The rule that binds the card (bedienen), then the idea of the choice among the legal cards."""
    public, order = view.public, view.order
    ideas = []
    if public.trick:
        led = order.suit[public.trick[0][1]]
        if any(order.suit[c] == led for c in view.hand):
            ideas.append(Idea.of("follow", suit=SUIT_CODES[led]))
    if len(set(view.legal_cards())) == 1:
        return tuple(ideas) + (Idea("only-card"),)
    ideas.append(_lead_idea(view, card) if not public.trick else _follow_idea(view, card))
    return tuple(ideas)


def _fox_counts(view: View) -> bool:
    public = view.public
    return not public.is_solo and view.order.name == "normal" and view.fox_counts


def _lead_idea(view: View, card: int) -> Idea:
    public, order = view.public, view.order
    cls = order.suit[card]
    looking = public.hochzeiter == view.seat and public.wedding_partner is None and not public.wedding_alone
    if looking and EYES[card] < FULL_EYES:      # a low card, for another seat to win
        return Idea("find-partner")
    if cls == TRUMP:
        if view.higher_unseen(card) == 0 and view.unseen_in_suit(TRUMP) > 0:
            return Idea("draw-trumps")
        high = _power(view, card) >= 9 or card == DULLE       # a queen or better: no small trump
        if high or view.is_soloist or (view.party == "re" and sum(view.is_trump(c) for c in view.hand) >= 6):
            return Idea("pull-trumps")
        return Idea("trump-lead")
    if rank_of(card) == ACE and public.led_count[cls] == 0:
        return Idea.of("fresh-ace", suit=SUIT_CODES[cls])
    if view.higher_unseen(card) == 0:
        return Idea.of("top-card", suit=SUIT_CODES[cls])
    if EYES[card] >= FULL_EYES:                              # a ten under an unseen ace is not "small"
        return Idea.of("fail-lead", suit=SUIT_CODES[cls])
    return Idea.of("low-fail-lead", suit=SUIT_CODES[cls])


def _follow_idea(view: View, card: int) -> Idea:
    public, order = view.public, view.order
    led = order.suit[public.trick[0][1]]
    best_seat, best_card = _current_best(view)
    after = _seats_after(view)
    fox_counts = _fox_counts(view)
    if sure_partner_trick(view) and not order.beats[best_card][card]:
        if card == FOX and fox_counts:
            return Idea("fox-home")
        return Idea("schmieren") if EYES[card] >= FULL_EYES else Idea("partner-trick")
    if order.beats[best_card][card]:       # the card takes the lead in the trick
        sure = _surely_holds(view, card, after)
        fox_in_trick = any(c == FOX and view.relation(s) != 1 for s, c in public.trick)
        if fox_in_trick and fox_counts:
            return Idea("catch-fox")
        if card == FOX and fox_counts and sure:
            return Idea("fox-home")
        last_trick = len(public.tricks) == public.tricks_total - 1
        if card == KARLCHEN and last_trick and public.rules.sp_karlchen and not public.is_solo:
            return Idea("karlchen")
        if led != TRUMP and order.suit[card] == TRUMP:
            return Idea.of("ruff", suit=SUIT_CODES[led])
        if sure:
            winners = [c for c in view.legal_cards() if order.beats[best_card][c] and _surely_holds(view, c, after)]
            if order.strength[card] <= min(order.strength[c] for c in winners):
                return Idea("cheapest-winner")
        return Idea("take-trick")
    if FOX in view.legal_cards() and card != FOX and fox_counts and fox_at_risk(view, FOX):
        return Idea("keep-fox")
    if view.relation(best_seat) == 1 and best_seat != view.seat:     # the partner ahead, the trick not yet safe
        return Idea("partner-ahead") if EYES[card] < FULL_EYES else Idea("schmieren-hope")
    # Not the fewest eyes the seat could give: on a hunch for a partner, or to keep a small card.
    cheaper = any(EYES[c] < EYES[card] for c in view.legal_cards() if not order.beats[best_card][c])
    if cheaper and EYES[card] >= FULL_EYES and view.relation(best_seat) == 0:
        return Idea("schmieren-hope")
    if order.suit[card] not in (led, TRUMP):
        return Idea.of("discard", suit=SUIT_CODES[order.suit[card]])
    return Idea("save-small" if cheaper else "give-little")


def call_idea(view: View, call: str) -> Idea:
    if call in ("re", "kontra"):
        trumps = [c for c in view.hand if view.is_trump(c)]
        high = sum(rank_of(c) == QUEEN or c == DULLE for c in trumps)
        return Idea.of("announce", party=view.party or call, trumps=len(trumps), high=high)
    return Idea.of("absage", call=call)


def _contract_idea(action: Reservation | Declare, observation: Observation, reason: Reason | None) -> Idea:
    kind = action.kind if isinstance(action, Declare) else None
    if isinstance(action, Reservation):
        if not action.has_reservation:
            queens = observation.dealt.count(CLUB_QUEEN)
            return Idea("silent-wedding" if queens == 2 else "healthy")
        why = reason.values if reason else {}
        kind = why.get("kind") or {"wedding": "wedding", "silent-wedding": "wedding", "throw": "throw",
                                   "poverty": "poverty"}.get(reason.key if reason else "")
    if kind in ALL_SOLO_KINDS:
        return Idea("solo")     # the hint names the solo already
    if kind in ("wedding", "throw", "poverty"):
        return Idea(kind)
    return Idea("healthy")


def _exchange_idea(action: Action) -> Idea:
    if isinstance(action, Pass):
        return Idea("armut-pass")
    if isinstance(action, Accept):
        return Idea("armut-accept" if action.accepted else "armut-decline")
    return Idea("armut-return")
