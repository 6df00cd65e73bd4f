"""What a finished deal says about each seat: the facts the arena's figures count (``deal_facts``): the
seat's party and points, its solo, its calls and whether each was met (``call_met``), the Füchse it lost
(``fox_losses``) and whether each was given away and could have been kept (judged with open cards,
in hindsight: ``fox_given_away``, ``fox_could_be_kept``), the eyes it gave to its partners' tricks;
and ``GameRow``, one arena game with those facts for every seat."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..calls import LEVEL
from ..cards import EYES, FOX
from ..contracts import is_solo_scored
from ..deal import Deal


@dataclass
class GameRow:
    """One game of an arena deal (one rotation), from the candidate's seat, with every seat's facts."""

    deal: int
    seat: int               # the candidate's seat
    contract: str
    party: str              # the candidate's party
    points: int             # the candidate's score-sheet entry
    soloist: int | None     # the seat that played a declared solo, if any
    scores: list[int] = field(default_factory=list)
    facts: list[dict] = field(default_factory=list)   # per seat: deal_facts()
    declared: str | None = None   # the reservation that was played: a solo kind, wedding, poverty, throw
    taken: bool = False     # an Armut that found a taker


def deal_facts(deal: Deal, result, seat: int) -> dict:
    """What one seat did in a finished deal that the bidding, announcement and card-play figures count."""
    party = "re" if seat in deal.re_seats else "kontra"
    other = "kontra" if party == "re" else "re"
    declared = deal.declaration
    facts: dict = {"party": party, "points": result.scores[seat]}
    if declared is not None and declared.kind not in ("wedding", "poverty", "throw") and declared.seat == seat:
        facts["solo"] = {"kind": declared.kind, "compulsory": declared.compulsory, "forced": deal.forced == seat,
                         "won": result.winner == party, "points": result.scores[seat]}
    facts["calls"] = [{"call": made.call, "met": call_met(made.call, result, party, other)}
                      for made in deal.calls_made if made.seat == seat]
    partners = _partners(deal, seat)
    losses = fox_losses(deal, result, seat)
    facts["fox_lost"], facts["fox_given"] = len(losses), sum(given for _, given, _ in losses)
    facts["fox_given_keepable"] = sum(keepable for _, _, keepable in losses)
    facts["eyes_to_partner"] = sum(EYES[trick.played_by(seat)] for trick in deal.tricks
                                   if trick.winner in partners and trick.winner != seat)
    return facts


def _partners(deal: Deal, seat: int) -> frozenset[int]:
    return deal.re_seats if seat in deal.re_seats else frozenset(range(4)) - deal.re_seats


def fox_losses(deal: Deal, result, seat: int) -> list[tuple[int, bool, bool]]:
    """Each trick (its index) in which ``seat`` played a Fuchs that the other side took, whether it was
    given away (``fox_given_away``) and whether it could have been kept (``fox_could_be_kept``); none in a
    solo, where the Fuchs scores nothing."""
    if is_solo_scored(result.contract):
        return []
    partners = _partners(deal, seat)
    hands = [deal.hand_at_play(s) for s in range(4)]
    losses = []
    for index, trick in enumerate(deal.tricks):
        if trick.played_by(seat) == FOX and trick.winner not in partners:
            given = fox_given_away(deal, trick, seat, hands, partners)
            losses.append((index, given, given and fox_could_be_kept(deal, trick, seat, hands, partners)))
        for s in range(4):
            hands[s].remove(trick.played_by(s))
    return losses


class _NotJudged(Exception):
    pass


class _OpenPlay:
    """The rest of a deal with open cards, from ``seat``'s side: what the opponents can force whatever
    the partners (``seat`` among them) play. ``hands``: the four hands before ``trick``."""

    # Beyond this many cards left after the trick (five tricks), or this many positions looked at, a later
    # catch is not judged and taken as not sure (over 150 losses of easy deals: 6 ms a judgement, 0.35 s at most).
    JUDGED_CARDS = 20
    JUDGED_POSITIONS = 200_000

    def __init__(self, deal: Deal, trick, seat: int, hands: list[list[int]], partners):
        self.deal, self.order, self.seat, self.partners = deal, deal.order, seat, partners
        self.trick, self.hands = trick, hands
        self.before = list(trick.cards[:(seat - trick.leader) % 4])
        self.positions = 0

    def legal(self, hand, led_card: int | None) -> list[int]:
        follow = [c for c in hand if led_card is not None and self.order.suit[c] == self.order.suit[led_card]]
        return sorted(set(follow or hand))

    def forced(self, outcomes, turn: int) -> bool:
        """The opponents choose (any outcome will do), the partners cannot avoid it (all outcomes)."""
        return any(outcomes) if turn not in self.partners else all(outcomes)

    def trick_lost(self, cards: list[int]) -> bool:
        """Whether the opponents can take the trick from here on (each later seat in turn)."""
        leader = self.trick.leader
        if len(cards) == 4:
            last = self.trick.number == self.deal.last_trick
            return (leader + self.order.trick_winner(cards, last)) % 4 not in self.partners
        turn = (leader + len(cards)) % 4
        return self.forced((self.trick_lost(cards + [c]) for c in self.legal(self.hands[turn], cards[0])), turn)

    def fox_caught(self, hands: list[list[int]], leader: int, number: int, cards: list[int]) -> bool:
        """Whether the opponents can catch a Fuchs of ``seat``'s in this trick or a later one."""
        self.positions += 1
        if self.positions > self.JUDGED_POSITIONS:
            raise _NotJudged
        if len(cards) == 4:
            winner = (leader + self.order.trick_winner(cards, number == self.deal.last_trick)) % 4
            if cards[(self.seat - leader) % 4] == FOX and winner not in self.partners:
                return True
            if FOX not in hands[self.seat]:
                return False
            return self.fox_caught(hands, winner, number + 1, [])
        turn = (leader + len(cards)) % 4
        outcomes = (self.fox_caught(self.without(hands, turn, c), leader, number, cards + [c])
                    for c in self.legal(hands[turn], cards[0] if cards else None))
        return self.forced(outcomes, turn)

    @staticmethod
    def without(hands: list[list[int]], seat: int, card: int) -> list[list[int]]:
        hand = list(hands[seat])
        hand.remove(card)
        return [hand if s == seat else h for s, h in enumerate(hands)]

    def caught_after(self, card: int) -> bool:
        """Whether the opponents can surely catch a Fuchs of the seat's once it has played ``card`` here."""
        hands = self.without(self.hands, self.seat, card)
        for place, earlier in enumerate(self.before):
            hands = self.without(hands, (self.trick.leader + place) % 4, earlier)
        try:
            return self.fox_caught(hands, self.trick.leader, self.trick.number, self.before + [card])
        except _NotJudged:
            return False

    def cheaper(self) -> list[int]:
        legal = self.legal(self.hands[self.seat], self.before[0] if self.before else None)
        return [c for c in legal if EYES[c] < EYES[FOX]]


def fox_given_away(deal: Deal, trick, seat: int, hands: list[list[int]], partners) -> bool:
    """Whether a Fuchs that ``seat``'s side lost in ``trick`` was given away: the trick was surely
    lost with it and with a legal card of fewer eyes alike (``hands``: the four hands before the trick;
    "surely": the opponents still to play could take it whatever the partners still to play did)."""
    play = _OpenPlay(deal, trick, seat, hands, partners)
    if not play.trick_lost(play.before + [FOX]):
        return False
    return any(play.trick_lost(play.before + [c]) for c in play.cheaper())


def fox_could_be_kept(deal: Deal, trick, seat: int, hands: list[list[int]], partners) -> bool:
    """Whether a Fuchs given away could have been kept: after some cheaper card that loses the trick
    too, the opponents could not surely catch a Fuchs of ``seat``'s later (open cards, in hindsight;
    with more than five tricks left after this one a catch is not judged, so the Fuchs counts as one
    that could have been kept). The search sees when the deal's last tricks cost the Fuchs anyway and
    then gives it early, saving the cheaper card's eyes: such a Fuchs was not given for nothing."""
    play = _OpenPlay(deal, trick, seat, hands, partners)
    left = sum(len(hand) for hand in hands) - 4
    for card in play.cheaper():
        if not play.trick_lost(play.before + [card]):
            continue
        if left > _OpenPlay.JUDGED_CARDS or not play.caught_after(card):
            return True
    return False


def call_met(call: str, result, party: str, other: str) -> bool:
    """Whether ``party``'s ``call`` is met by ``result`` (Re/Kontra: the party won; an Absage: the other side stayed under it)."""
    level = LEVEL[call]
    if level == 0:
        return result.winner == party
    if level == 4:
        return result.tricks[other] == 0
    return result.eyes[other] < 120 - 30 * level
