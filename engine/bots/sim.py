"""A lean copy of one world's card play for the searching bots: rollouts and an exact endgame.

``Sim`` holds what scoring needs (eyes and tricks per seat, Doppelkopf tricks, foxes, the last
trick's winning card) instead of full Trick objects, so copies and plays stay cheap. Rollouts
use a quick perfect-information policy (take tricks worth taking with the cheapest winner,
schmier to a partner, throw little to an opponent) with some randomness; ``solve`` plays the
last tricks out exactly (alpha-beta, each seat for its party). Scores come from the engine's
own scoring (:func:`engine.scoring.game_result`), memoised per outcome.

House rules: a world knows all hands, so the sim plays with the order the game will have (Schweine
and Superschweine on top when a seat holds them, the Dulle rule, the last trick's exception), the
deal's number of tricks, the Hochzeit's partner rule, and scores with the rule set's special points,
Re/Kontra doubling and Bock multiplier (:class:`HouseScoring`). Under the TSR nothing of it runs.
"""

from __future__ import annotations

from ..cards import ACE, CLUB_QUEEN, EYES, FOX, KARLCHEN
from ..contracts import ALL_SOLO_KINDS, ORDERS, TRUMP, build_order, is_solo_scored, swine_cards
from ..deal import KONTRA, RE
from ..rules import TSR
from ..scoring import Line, game_result, last_trick_lines

EYE_WEIGHT = 0.004   # reward per eye of one's party: a tie-break below one score-sheet point
ACE_LEADS = 0.7      # the quick policy leads one of the hand's fail Aces with this chance (Behaviour.ace_leads)
_RANK = [c % 6 for c in range(24)]
_SCORE_MEMO: dict = {}


class Sim:
    __slots__ = ("hands", "trick", "leader", "turn", "done", "seat_eyes", "seat_tricks", "dk", "foxes",
                 "karlchen", "re", "hochzeiter", "contract", "suit", "strength", "beats", "calls",
                 "tricks_total", "beats_last", "partner_rule", "house", "last", "shown")

    @classmethod
    def from_deal(cls, deal) -> "Sim":
        sim = object.__new__(cls)
        sim.hands = [list(h) for h in deal.hands]
        sim.trick = list(deal.trick)
        sim.leader, sim.turn = deal.leader, deal.turn
        sim.done = 0  # counted up by _count_trick
        sim.seat_eyes, sim.seat_tricks = [0] * 4, [0] * 4
        sim.dk, sim.foxes, sim.karlchen, sim.last = [], [], None, None
        sim._play_by(deal.rules, deal.contract, deal.partner_rule, deal.bock, deal.swine_seat is not None,
                     deal.superswine_seat is not None or deal._superswine_pending >= 0)
        for trick in deal.tricks:
            sim._count_trick(trick.leader, trick.cards, trick.winner, trick.eyes)
        sim.re, sim.hochzeiter = deal.re_seats, deal.hochzeiter
        sim.shown = None
        calls = deal.party_calls
        sim.calls = (calls[RE].copy(), calls[KONTRA].copy())
        return sim

    @classmethod
    def start(cls, hands: list[list[int]], leader: int, contract: str, re, hochzeiter: int | None = None,
              rules=TSR, partner_rule: str = "first_trick") -> "Sim":
        """A deal about to be played from its first card (the bidding's estimates use it)."""
        from ..calls import PartyCalls
        sim = object.__new__(cls)
        sim.hands = [list(h) for h in hands]
        sim.trick, sim.leader, sim.turn, sim.done = [], leader, leader, 0
        sim.seat_eyes, sim.seat_tricks = [0] * 4, [0] * 4
        sim.dk, sim.foxes, sim.karlchen, sim.last = [], [], None, None
        sim.re, sim.hochzeiter, sim.shown = re, hochzeiter, None
        sim._play_by(rules, contract, partner_rule, 1, *_swine_in(hands, contract, rules))
        sim.calls = (PartyCalls(), PartyCalls())
        return sim

    def _play_by(self, rules, contract: str, partner_rule, bock: int, swine: bool, superswine: bool) -> None:
        """The card order, trick count and scoring of ``contract`` under ``rules`` (TSR: the shared orders)."""
        self.contract, self.partner_rule = contract, partner_rule or "first_trick"
        if rules == TSR:
            order, self.tricks_total, self.house = ORDERS.get(contract, ORDERS["normal"]), 12, None
        else:
            kind = contract if contract in ALL_SOLO_KINDS else "normal"
            order = build_order(kind, rules, swine, superswine)
            self.tricks_total, self.house = rules.tricks, HouseScoring.of(rules, bock, not swine)
        self.suit, self.strength, self.beats, self.beats_last = order.suit, order.strength, order.beats, order.beats_last

    def clone(self) -> "Sim":
        new = object.__new__(Sim)
        new.hands = [self.hands[0][:], self.hands[1][:], self.hands[2][:], self.hands[3][:]]
        new.trick = self.trick[:]
        new.leader, new.turn, new.done = self.leader, self.turn, self.done
        new.seat_eyes, new.seat_tricks = self.seat_eyes[:], self.seat_tricks[:]
        new.dk, new.foxes, new.karlchen = self.dk[:], self.foxes[:], self.karlchen
        new.re, new.hochzeiter, new.contract = self.re, self.hochzeiter, self.contract
        new.suit, new.strength, new.beats, new.calls = self.suit, self.strength, self.beats, self.calls
        new.tricks_total, new.beats_last, new.partner_rule = self.tricks_total, self.beats_last, self.partner_rule
        new.house, new.last, new.shown = self.house, self.last, self.shown
        return new

    def hide_parties(self, shown: int) -> None:
        """Let the rollout policy know of a normal game's parties only what its players know: their
        own, a seat's that has been shown (``shown``: a bit per seat that announced or played a
        Kreuz-Dame; later Kreuz-Damen add theirs), and the rest once a whole party is shown. With
        open parties every rollout plays as if partners knew each other from the first card."""
        if self.contract == "normal" and self.re is not None and len(self.re) == 2:
            self.shown = shown

    def _count_trick(self, leader, cards, winner, eyes) -> None:
        self.seat_eyes[winner] += eyes
        self.seat_tricks[winner] += 1
        if eyes >= 40:
            self.dk.append(winner)
        for i, card in enumerate(cards):
            if card == FOX:
                self.foxes.append(((leader + i) % 4, winner))
        self.done += 1
        if self.done == self.tricks_total:
            self.last = (leader, tuple(cards), winner)
            if cards[(winner - leader) % 4] == KARLCHEN:
                self.karlchen = winner

    def options(self) -> list[int]:
        hand = self.hands[self.turn]
        if self.trick:
            led = self.suit[self.trick[0]]
            follow = [c for c in hand if self.suit[c] == led]
            if follow:
                return follow
        return hand

    def step(self, card: int) -> None:
        """Play ``card`` for the seat to move (assumed legal)."""
        turn = self.turn
        self.hands[turn].remove(card)
        if card == CLUB_QUEEN and self.shown is not None:
            self.shown |= 1 << turn
        trick = self.trick
        trick.append(card)
        if len(trick) < 4:
            self.turn = (turn + 1) % 4
            return
        beats = self.beats if self.done + 1 < self.tricks_total else self.beats_last
        best = 0
        for i in (1, 2, 3):
            if beats[trick[best]][trick[i]]:
                best = i
        leader = self.leader
        winner = (leader + best) % 4
        self._count_trick(leader, trick, winner, EYES[trick[0]] + EYES[trick[1]] + EYES[trick[2]] + EYES[trick[3]])
        self.trick = []
        self.leader = self.turn = winner
        if self.re is None:  # an announced wedding, not yet clarified (TSR 4.4.3, house rules §8)
            rule = self.partner_rule
            if winner != self.hochzeiter and (rule == "first_trick" or
                                              (rule == "first_trump_trick") == (self.suit[trick[0]] == TRUMP)):
                self.re = frozenset((self.hochzeiter, winner))
            elif self.done == 3:
                self.re = frozenset((self.hochzeiter,))
                self.contract = "wedding-alone"

    # ----- outcome ---------------------------------------------------------------------

    def reward(self, seat: int, calls=None) -> float:
        """Score-sheet points of ``seat`` in the finished deal, plus a small eye tie-break.

        ``calls`` (Re's and Kontra's :class:`PartyCalls`) scores the same play under other
        announcements: the search asks what a call would have brought."""
        re = self.re
        re_eyes = sum(self.seat_eyes[s] for s in re)
        re_tricks = sum(self.seat_tricks[s] for s in re)
        solo = is_solo_scored(self.contract)
        if self.house is not None:
            special = 0 if solo else self.house.special_points(self)
            re_net = self.house.re_net(solo, self.contract, re_eyes, re_tricks, special, calls or self.calls)
        else:
            special = 0
            if not solo:
                for winner in self.dk:
                    special += 1 if winner in re else -1
                for player, winner in self.foxes:
                    if (player in re) != (winner in re):
                        special += 1 if winner in re else -1
                if self.karlchen is not None:
                    special += 1 if self.karlchen in re else -1
            re_net = _re_net(solo, self.contract, re_eyes, re_tricks, special, calls or self.calls)
        if seat in re:
            return (3 * re_net if solo else re_net) + EYE_WEIGHT * re_eyes
        return -re_net + EYE_WEIGHT * (240 - re_eyes)


def _re_net(solo: bool, contract: str, re_eyes: int, re_tricks: int, special: int, calls) -> int:
    re_calls, kontra_calls = calls
    key = (solo, re_eyes, re_tricks, special, re_calls.announced, re_calls.level,
           kontra_calls.announced, kontra_calls.level)
    value = _SCORE_MEMO.get(key)
    if value is None:
        lines = [Line("x", RE if special > 0 else KONTRA, 1) for _ in range(abs(special))]
        contract = contract if solo else "normal"
        result = game_result(contract, frozenset((0,)), re_eyes, re_tricks, re_calls, kontra_calls, lines)
        value = result.scores[0] // 3 if solo else result.scores[0]
        _SCORE_MEMO[key] = value
    return value


def _swine_in(hands, contract: str, rules) -> tuple[bool, bool]:
    """Whether a seat holds the Schweine, and another the Superschweine (played as such), in open hands."""
    kind = contract if contract in ALL_SOLO_KINDS else "normal"
    swine, superswine = swine_cards(kind, rules)
    if swine is None:
        return False, False
    pigs = next((s for s, hand in enumerate(hands) if hand.count(swine) == 2), None)
    supers = next((s for s, hand in enumerate(hands) if superswine is not None and hand.count(superswine) == 2), None)
    return pigs is not None, pigs is not None and supers is not None and supers != pigs


class HouseScoring:
    """The score of a finished sim under house rules (§10): the rule set's special points, its
    Re/Kontra value and the deal's Bock multiplier; memoised per outcome like the TSR path."""

    @classmethod
    def of(cls, rules, bock: int, fox_counts: bool) -> "HouseScoring":
        key = ("sim-scoring", bock, fox_counts)      # one per rule set (its cache of derived facts)
        found = rules.derived.get(key)
        if found is None:
            found = rules.derived[key] = cls(rules, bock, fox_counts)
        return found

    def __init__(self, rules, bock: int, fox_counts: bool):
        self.rules, self.bock = rules, bock
        self.doppelkopf, self.fox, self.swine = rules.sp_doppelkopf, rules.sp_fuchs and fox_counts, not fox_counts
        self.memo: dict = {}

    def special_points(self, sim: Sim) -> int:
        """Re's net special points (Gegen die Alten aside: the scoring adds it)."""
        re, special = sim.re, 0
        if self.doppelkopf:
            special += sum(1 if winner in re else -1 for winner in sim.dk)
        if self.fox:
            special += sum(1 if winner in re else -1 for player, winner in sim.foxes if (player in re) != (winner in re))
        if sim.last is not None:
            leader, cards, winner = sim.last
            lines = last_trick_lines(self.rules, re, sim.done, leader, cards, winner, self.swine)
            special += sum(1 if entry.party == RE else -1 for entry in lines)
        return special

    def re_net(self, solo: bool, contract: str, re_eyes: int, re_tricks: int, special: int, calls) -> int:
        re_calls, kontra_calls = calls
        key = (solo, re_eyes, re_tricks, special, re_calls.announced, re_calls.level,
               kontra_calls.announced, kontra_calls.level)
        value = self.memo.get(key)
        if value is None:
            lines = [Line("x", RE if special > 0 else KONTRA, 1) for _ in range(abs(special))]
            result = game_result(contract if solo else "normal", frozenset((0,)), re_eyes, re_tricks, re_calls,
                                 kontra_calls, lines, rules=self.rules, all_tricks=self.rules.tricks, bock=self.bock)
            value = result.scores[0] // 3 if solo else result.scores[0]
            self.memo[key] = value
        return value


# ----- the rollout policy ----------------------------------------------------------------

def rollout(sim: Sim, rng, noise: float = 0.1, ace_leads: float = ACE_LEADS) -> Sim:
    """Play ``sim`` to the end with the quick policy (in place) and return it; a lead is one of the hand's
    fail Aces with chance ``ace_leads``."""
    rand = rng.random
    suit, strength, beats = sim.suit, sim.strength, sim.beats
    total = sim.tricks_total
    while sim.done < total:
        options = sim.options()
        if len(options) == 1 or rand() < noise:
            card = options[int(rand() * len(options))]
        else:
            card = _policy(sim, options, suit, strength, beats, rand, ace_leads)
        sim.step(card)
    return sim


def _partners(sim: Sim, a: int, b: int) -> bool:
    re = sim.re
    if re is None:
        return a == b
    return (a in re) == (b in re)


def _known_partners(sim: Sim, other: int, seat: int) -> bool:
    """Whether ``seat`` knows ``other`` to be its partner (with hidden parties: ``other`` has been
    shown, or both opponents have, which leaves only ``other``)."""
    if not _partners(sim, other, seat):
        return False
    shown = sim.shown
    if shown is None or other == seat or shown >> other & 1:
        return True
    opponents = 15 & ~(1 << seat | 1 << other)
    return shown & opponents == opponents


def _policy(sim: Sim, options, suit, strength, beats, rand, ace_leads: float = ACE_LEADS) -> int:
    trick = sim.trick
    if not trick:
        aces = [c for c in options if _RANK[c] == ACE and suit[c] != TRUMP]
        if aces and rand() < ace_leads:
            return aces[int(rand() * len(aces))]
        return options[int(rand() * len(options))]
    best = 0
    for i in range(1, len(trick)):
        if beats[trick[best]][trick[i]]:
            best = i
    best_card = trick[best]
    best_seat = (sim.leader + best) % 4
    last = len(trick) == 3
    if _known_partners(sim, best_seat, sim.turn) and (last or strength[best_card] >= 109 or
                                                  (suit[best_card] != TRUMP and _RANK[best_card] == ACE)):
        # Schmieren: the most eyes, but no strong trump.
        return max(options, key=lambda c: EYES[c] - (20 if strength[c] >= 105 else 0))
    winners = [c for c in options if beats[best_card][c]]
    if winners:
        eyes = sum(EYES[c] for c in trick)
        if last or eyes < 10:
            return min(winners, key=lambda c: strength[c] - 0.2 * EYES[c])
        return max(winners, key=lambda c: strength[c])
    return min(options, key=lambda c: EYES[c] * 4 + strength[c] % 100)


# ----- the exact endgame --------------------------------------------------------------

def solve(sim: Sim, seat: int, alpha: float = -1e9, beta: float = 1e9) -> float:
    """The reward of ``seat`` when everyone plays perfectly from here (small endgames only)."""
    if sim.done == sim.tricks_total:
        return sim.reward(seat)
    turn = sim.turn
    maximise = _partners(sim, turn, seat) if sim.re is not None else turn == seat
    options = sorted(set(sim.options()), key=lambda c: -sim.strength[c])
    value = -1e9 if maximise else 1e9
    for card in options:
        child = sim.clone()
        child.step(card)
        result = solve(child, seat, alpha, beta)
        if maximise:
            value = max(value, result)
            alpha = max(alpha, value)
        else:
            value = min(value, result)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value
