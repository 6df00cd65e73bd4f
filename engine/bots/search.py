"""The searching player: determinized Monte Carlo search over worlds consistent with the observation.

For a card decision it deals the unseen cards many times (:class:`engine.observation.WorldSampler`: voids, cards
played, calls, Kreuz-Damen and the contract respected), tries every legal card in every world
and plays the rest out with a quick policy (:mod:`engine.bots.sim`); once few cards are left it
solves the world exactly instead. The card with the best mean reward (score-sheet points of the
bot's seat, eyes as a tie-break) is played.

Inference: worlds are drawn in batches and resampled in proportion to how likely the other seats'
plays so far are under the rule player holding that world's cards (each seat plays the rule
player's card with probability 1 - ``INFERENCE_NOISE``). ``medium`` searches about 40 ms in one
process; ``hard`` searches 0.3 s on both cores: a worker process kept alive across decisions
searches its own worlds while the calling process searches others, and the statistics are summed
(root parallelism).

Bidding is by the expected score of each contract (:mod:`engine.bots.bidding`). Announcements: the
first Re/Kontra comes from the rule player's count of the hand; every card's rollouts are also
scored as if each legal call had been made, and a call is made when it adds points and is met in
nearly all worlds (``CALL_SURE``; open-card rollouts flatter the announcer). ``hard`` decides Re,
Kontra, keine 90 and keine 60 by their expected gain at the table instead (``Behaviour.call_value``,
``absage_value``, :mod:`engine.bots.call_value`). In a solo only the soloist's Re is judged, by the
share of worlds in which it is met (``Behaviour.soloist_re``). While the hand holds other trumps
enough, the Fuchs is kept off tricks an opponent may still take (``rules.fox_at_risk``),
and a trick surely the partner's gets the rule player's schmieren. ``explain`` says why, in the
search's terms (the hint shows it).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..actions import Action, Call, Declare, Play, Reservation
from ..calls import LEVEL, apply_call
from ..errors import DoppelkopfError
from .public import Public, View
from ..cards import CLUB_QUEEN, EYES, FOX, code
from . import reasons
from .reasons import Reason
from .belief import BiddingBelief
from .bidding import RoundState, bid
from .hand_eval import best_solo, counted_trumps
from ..contracts import solo_kinds
from .partners import exchange_action
from .rules import (WEAK_HAND_REASONS, choose_card, decide, fox_at_risk, legal_calls, phase_of,
                    sure_opponent_trick, sure_partner_trick, weak_hand_reservation)
from .sim import Sim, rollout, solve
from .solver import solve_value
from .call_value import expected_gain, has_map, table_chance
from .helpers import HELPERS, ThoughtLess
from .levels import INFERENCE_NOISE, MEDIUM, Behaviour, Level
from ..observation import Observation
from ..worlds import WorldSampler

RULE_CARD_BONUS = 0.05    # ties go to the rule player's card
NEGLIGIBLE = 12.0         # a world whose log-likelihood is this far below the batch's best weighs < 1e-5: dropped
# An announcement is made when it adds points on average and is met in this share of the worlds
# searched. Rollouts with open cards flatter the announcer, Kontra most (its players know each
# other there, not at the table): with a bar of 72% the search's Kontra was met in 35% of the
# arena games and its keine 90 in 25% (docs/strength.md), so the bar sits very high. The first
# Re/Kontra also comes from the rule player's hand count (met in about 80% / 60%).
CALL_SURE = {"re": 0.9, "kontra": 0.93, "no90": 0.96, "no60": 0.97, "no30": 0.98, "schwarz": 0.99}
CALL_MIN_WORLDS = 24      # ... judged on at least this many worlds


class SearchBot:
    name = "search"

    def __init__(self, level: Level = MEDIUM, seed: int | None = None, name: str = "search"):
        self.level = level
        self.rng = random.Random(seed)
        self.name = name
        self.round_state: RoundState | None = None   # set by whoever plays a tournament round
        self.last_verdict: Verdict | None = None     # what the last searched decision found
        # The deal as it really is, set by the arena for a player measured with ``sees`` (how much seeing the cards
        # or the parties is worth); nothing else sets it, so a player at the table only ever searches sampled worlds.
        self.true_deal = None

    def fixed_budget(self) -> "SearchBot":
        """This player searching ``arena_worlds`` worlds in one process, whatever the clock says
        (the arena, the hint: a decision then depends on the position and the random seed alone).
        It draws from this player's random numbers."""
        bot = SearchBot(self.level.fixed(), None, self.name)
        bot.rng = self.rng
        bot.round_state = self.round_state
        bot.true_deal = self.true_deal
        return bot

    def choose(self, seat: int, observation: Observation | dict) -> Action:
        return self.explain(seat, observation)[0]

    def explain(self, seat: int, observation: Observation | dict) -> tuple[Action, Reason]:
        """The action and a reason that is true for it: what the bidding or the search expects."""
        self.last_verdict = None
        observation = Observation.of(observation, seat)
        behaviour = self.level.behaviour
        careful = not behaviour.baseline
        view = View.of(observation, careful)
        phase = phase_of(view.public)
        if phase == "poverty":   # the Armut exchange: the club player's plain decisions (bots/partners.py)
            return exchange_action(seat, observation, view.public)
        if careful and phase != "play":
            return self.bid(seat, observation, view, phase)
        by_count = behaviour.announce and not (behaviour.call_value and not view.public.is_solo)
        action, why = decide(seat, observation, view, careful, announce=by_count, kontra_trumps=behaviour.kontra_trumps)
        if not isinstance(action, Play):
            return action, why  # Re or Kontra by the rule player's count of the hand
        # The last call still possible is a late reply to schwarz, one card after its window
        # (TSR 6.3.4, 6.4.2 with the Hochzeit shift; two cards fewer without nines): with fewer cards
        # there is nothing to look for.
        timely = len(view.hand) >= 6 - view.public.shift - (12 - view.public.tricks_total)
        calls = legal_calls(observation) if careful and behaviour.announce and timely else []
        calls = [call for call in calls if _worth_searching(view, call, behaviour)]
        legal = set(view.legal_cards())
        if len(legal) == 1 and not calls:
            return action, reasons.ONLY_CARD
        if careful and sure_partner_trick(view) and not calls:
            return action, Reason.of("sure-trick", eyes=EYES[action.card])
        guard = careful and FOX in legal and _fox_can_wait(view, legal, behaviour)
        at_risk = careful and FOX in legal and fox_at_risk(view, FOX)
        avoid = {FOX} if at_risk and guard or self._fox_gift(view, legal) else set()
        verdict = self.search(seat, observation, view, action.card, avoid, calls, other_side_called(view))
        self.last_verdict = verdict   # for tools that look into the search (tools/review_bots.py)
        if verdict.call is not None:
            return Call(seat, verdict.call), verdict.call_why
        if careful and sure_partner_trick(view):
            return action, Reason.of("sure-trick", eyes=EYES[action.card])
        return Play(seat, verdict.card), verdict.card_reason(avoid)

    def _fox_gift(self, view: View, legal) -> bool:
        """Whether playing the Fuchs now would give it away: the trick is surely the opponents' and
        a card of fewer eyes is legal (open-card rollouts, which see the Fuchs lost later anyway,
        sometimes give it; tests/bots/test_card_play.py holds such a position)."""
        return (self.level.behaviour.fox_gift_guard and FOX in legal and view.careful and sure_opponent_trick(view, FOX)
                and any(EYES[card] < EYES[FOX] for card in legal))

    def bid(self, seat: int, observation: Observation, view: View, phase: str) -> tuple[Action, Reason]:
        """Reservation and naming by the estimated worth of each contract (``bidding.bid``)."""
        public = view.public
        dealt = view.hand + public.played_by[seat]
        forced = phase == "declare" and public.forced == seat
        kind, why, _ = level_bid(self.level, dealt, seat, public.dealer, public.rules, self.round_state, forced)
        if kind is None and (weak := weak_hand_reservation(observation)):
            kind, why = weak, WEAK_HAND_REASONS[weak]
        if phase == "reservations":
            return Reservation(seat, kind is not None), why
        if kind is None or kind == "wedding" and (forced or public.forced is not None):
            kind, losers = best_solo(dealt, solo_kinds(public.rules))   # asked to name without wanting to
            why = Reason.of("solo-hand", kind=kind, losers=losers)
        if kind == "wedding" and public.rules.hochzeit_partner == "choice":
            # The search names the first foreign trick: medium scored +3.11 a Hochzeit with it and
            # +0.82 with first_fail_trick (73 Hochzeiten in 400 kneipe deals, 8 of them alone
            # against none), measured while its sim still knew only that rule; the sim plays each
            # rule now, and choosing the rule by estimate is left for later.
            return Declare(seat, "wedding", False, "first_trick"), why
        return Declare(seat, kind, False), why

    # ----- the search ---------------------------------------------------------------------

    def search(self, seat: int, observation: Observation, view: View, rule_card: int, avoid=frozenset(),
               calls=(), other_called: bool = False) -> "Verdict":
        """The card with the best mean reward (cards in ``avoid`` only if nothing else was searched),
        and one of ``calls`` if announcing it pays off on that card (``other_called``: the other side
        has announced, for ``call_value.table_chance``)."""
        budget, behaviour = self.level.budget, self.level.behaviour
        calls = tuple(calls)
        jobs = []
        if budget.workers:   # a helper that is busy with another player's search is not waited for
            jobs = [job for _ in range(budget.workers)
                    if (job := HELPERS.submit(budget.workers, search_stats, observation, seat, self.level,
                                              self.rng.randrange(1 << 30), calls))]
            if len(jobs) < budget.workers:
                ThoughtLess.note()
        true_deal = self.true_deal if behaviour.sees else None
        try:
            totals, _ = search_stats(observation, seat, self.level, self.rng.randrange(1 << 30), calls, true_deal)
        except DoppelkopfError:  # no consistent world found: the rule player's card is still legal
            totals = {}
        for job in jobs:
            try:
                stats, _ = job.result(timeout=budget.seconds * 4 + 2)
            except Exception:  # a lost or late helper costs strength, never the answer (nor the pool)
                job.cancel()
                ThoughtLess.note()
                continue
            _merge(totals, stats)
        return verdict_of(totals, view, rule_card, avoid, behaviour, other_called)


def level_bid(level: Level, dealt: list[int], seat: int, dealer: int, rules, round_state: RoundState | None = None,
              forced: bool = False):
    """``bidding.bid`` with the level's worlds and bars. The same hand gets the same estimate: the Vorbehalt and
    the naming after it agree, and so do the Tipp and the Analyse."""
    rng = random.Random(f"bid-{sorted(dealt)}-{seat}-{dealer}")
    return bid(dealt, seat, dealer, level.budget.bid_worlds, rng, round_state, forced, rules,
               level.behaviour.lust_win, level.behaviour.lust_margin)


def verdict_of(totals: dict, view: View, rule_card: int, avoid, behaviour: Behaviour, other_called: bool) -> "Verdict":
    """The card with the best mean reward in ``totals`` (cards in ``avoid`` only if nothing else was searched;
    ties to the rule player's card), and a call worth making first on it."""
    candidates = [card for card in totals if card not in avoid] or list(totals)
    if not candidates:
        return Verdict(rule_card, None, {}, None)

    def mean(card):
        value, weight = totals[card][:2]
        return value / weight + (RULE_CARD_BONUS if card == rule_card else 0.0)
    card = max(candidates, key=mean)
    solo = view.public.is_solo
    call = _soloist_call(totals[card], behaviour) if solo else _call_to_make(totals[card], behaviour, other_called)
    why = _call_reason(call, totals[card], behaviour, other_called, by_table=not solo) if call else None
    return Verdict(card, call, totals, why)


@dataclass
class Verdict:
    """What the search found: the card, a call worth making first (or None), and the statistics
    per card: ``[reward sum, weight, {call: [reward sum with the call, worlds it was met, reward sum
    without it on the same rollouts]}]``."""
    card: int
    call: str | None
    stats: dict
    call_why: Reason | None     # why the call is worth making

    def mean(self, card: int) -> float:
        value, weight = self.stats[card][:2]
        return value / weight

    def win_share(self, card: int) -> float:
        entry = self.stats[card]
        return entry[3] / entry[1] if len(entry) > 3 and entry[1] else 0.0

    def card_reason(self, avoid=frozenset()) -> Reason:
        """Why this card: its expected points and win chance, and the best other card's points."""
        others = [c for c in self.stats if c != self.card and c not in avoid]
        if self.card not in self.stats:
            return reasons.ONLY_CARD
        if not others:
            return Reason.of("expected-card-only", points=self.mean(self.card), win=round(100 * self.win_share(self.card)))
        other = max(others, key=self.mean)
        return Reason.of("expected-card", points=self.mean(self.card), win=round(100 * self.win_share(self.card)),
                         other=code(other), other_points=self.mean(other))


def _fox_can_wait(view: View, legal, behaviour: Behaviour) -> bool:
    """Whether keeping the Fuchs back now leaves it time for a safe trick later: another card is
    legal and the hand still holds ``behaviour.fox_guard_trumps`` other trumps. With fewer, a Fuchs
    held back is usually the last trump and lost when trump is led (hard lost 16.4 Füchse per 100
    games with the guard on every trick, the old level 11.5 without it): the search decides alone."""
    others = sum(view.is_trump(card) for card in view.hand if card != FOX)
    return len(legal) > 1 and others >= behaviour.fox_guard_trumps


def _worth_searching(view: View, call: str, behaviour: Behaviour) -> bool:
    """Whether the search may judge ``call``: its open-card rollouts misjudge a solo (three open
    opponents against one: the hard level said Kontra against every solo and met 40%), so a
    solo's calls stay with the rule player; an Absage only after a start of tricks all won by
    the own side (in the arena the search's early keine 90 was met one time in four), unless it is
    judged at the table (its map was fitted on judgements made at any time)."""
    public = view.public
    if public.is_solo:
        return bool(behaviour.soloist_re) and view.is_soloist and call == "re"
    if call == "kontra" and counted_trumps(view) < behaviour.value_kontra_trumps:
        return False
    if LEVEL[call] == 0 or behaviour.call_value == "raw" or _by_table(call, behaviour):
        return True
    return bool(public.tricks) and all(view.relation(winner) == 1 for _, _, winner, _ in public.tricks)


def other_side_called(view: View) -> bool:
    party = view.party
    return party is not None and view.public.calls["kontra" if party == "re" else "re"].announced


def _merge(totals: dict, stats: dict) -> None:
    for card, entry in stats.items():
        old = totals.setdefault(card, [0.0, 0.0, {}, 0.0])
        old[0] += entry[0]
        old[1] += entry[1]
        old[3] += entry[3]
        for call, figures in entry[2].items():
            mine = old[2].setdefault(call, [0.0] * 4)
            for i, figure in enumerate(figures):
                mine[i] += figure


def _call_to_make(entry, behaviour: Behaviour, other_called: bool = False) -> str | None:
    """The call with the largest gain on this card's worlds that is met often enough, or None. With
    ``call_value``: the gain above ``call_margin`` (see ``_call_gain``)."""
    weight, by_call = entry[1], entry[2]
    if weight < CALL_MIN_WORLDS:
        return None
    best, best_gain = None, 0.0
    for call, figures in by_call.items():
        gain, bar = _call_gain(call, figures, weight, behaviour, other_called)
        if gain > max(best_gain, _margin(call, behaviour)) and figures[1] / weight >= bar:
            best, best_gain = call, gain
    return best


def _soloist_call(entry, behaviour: Behaviour) -> str | None:
    """A soloist's Re when it adds points on this card's worlds and is met in ``soloist_re`` of them. The
    worlds' three opponents play with open cards, together, so they underrate a solo: judged by these
    worlds, the opponents' Kontra was said against every solo and met 40% of the time at the table
    (``_worth_searching``). The maps of the table's chances were fitted on normal games, so they do not
    judge it."""
    weight, figures = entry[1], entry[2].get("re")
    if figures is None or weight < CALL_MIN_WORLDS:
        return None
    adds_points = figures[0] > figures[2]
    return "re" if adds_points and figures[1] >= behaviour.soloist_re * weight else None


def _margin(call: str, behaviour: Behaviour) -> float:
    """The points a game a call must add: an Absage judged at the table has a margin of its own (it adds one point
    when met, Re and Kontra about two)."""
    if not behaviour.call_value:
        return 0.0
    return behaviour.absage_margin if LEVEL[call] and _by_table(call, behaviour) else behaviour.call_margin


def _by_table(call: str, behaviour: Behaviour) -> bool:
    """Whether ``call`` is judged by its expected gain at the table (bots/call_value.py)."""
    return (behaviour.call_value == "calibrated" and (LEVEL[call] == 0 or behaviour.absage_value)
            and has_map(call, behaviour.calibration))


def _call_gain(call: str, figures, weight: float, behaviour: Behaviour, other_called: bool) -> tuple[float, float]:
    """What ``call`` adds in points a game on these worlds, and the share of worlds in which it must be
    met: the search's bar (``CALL_SURE``); none with ``call_value`` "raw"; none for a call judged at the table
    (``_by_table``), whose gain is then its expected gain there (the other Absagen keep the bar)."""
    if _by_table(call, behaviour):
        return expected_gain(call, figures, weight, other_called, behaviour.calibration), 0.0
    return (figures[0] - figures[2]) / weight, 0.0 if behaviour.call_value == "raw" else CALL_SURE[call]


def _call_reason(call: str, entry, behaviour: Behaviour, other_called: bool, by_table: bool = True) -> Reason:
    weight, figures = entry[1], entry[2][call]
    with_call, met, without = figures[:3]
    if by_table and _by_table(call, behaviour):
        chance = table_chance(call, met / weight, other_called, level=behaviour.calibration)
        return Reason.of("expected-call-table", call=call, met=round(100 * met / weight), chance=round(100 * chance),
                         gain=expected_gain(call, figures, weight, other_called, behaviour.calibration))
    return Reason.of("expected-call", call=call, points=with_call / weight, without=without / weight,
                     met=round(100 * met / weight))



def search_stats(observation: Observation, seat: int, level: Level, seed: int, calls=(), true_deal=None) -> tuple[dict, int]:
    """Rewards per legal card over the worlds searched in ``budget.seconds`` (``true_deal``: the real deal, for
    ``behaviour.sees``, to measure what seeing every card or the parties is worth).

    Returns ``({card: [reward sum, worlds, {call: [reward sum had ``call`` been made, worlds where
    it was met, reward sum without it on the same rollouts]}, worlds won]}, worlds searched)``; runs in
    any process.
    """
    budget, behaviour = level.budget, level.behaviour
    observation = Observation.of(observation, seat)
    deadline = time.perf_counter() + budget.seconds
    rng = random.Random(seed)
    sampler = WorldSampler(observation, seat)
    if true_deal is not None and behaviour.sees == "parties":
        sampler.know_parties(true_deal.re_seats)
    model = worlds_model(sampler, observation, seat, behaviour)
    # Once called, the caller's party is known to all: the other seats' only as the record shows them.
    blind = _shown_seats(observation) | 1 << seat if behaviour.call_value and calls else None
    # The calls' own rollouts draw from a stream of their own, so that judging a call leaves the card
    # play's random numbers as they were: a level that judges one call more plays its cards exactly as
    # before until it says something different (the arena then compares only those deals).
    call_rng = random.Random(f"calls-{seed}")
    stats: dict[int, list[float]] = {}
    worlds = 0
    limit = budget.max_worlds
    seen = true_deal is not None and behaviour.sees == "cards"
    while worlds < limit and (worlds < min(budget.min_worlds, limit) or time.perf_counter() < deadline):
        for world in [true_deal] if seen else _next_worlds(sampler, model, behaviour, rng):
            sim = Sim.from_deal(world)
            if budget.exact_worlds and sum(map(len, sim.hands)) <= behaviour.solve_cards:
                # solved worlds cost more and vary less; the real deal solved once is all there is to know
                limit = min(limit, 1 if seen else budget.exact_worlds)
            _evaluate(sim, seat, behaviour, rng, stats, _calls_made(world, seat, calls), blind, call_rng)
            worlds += 1
    return stats, worlds


def _shown_seats(observation: Observation) -> int:
    """A bit per seat whose party everybody knows from the record: it announced or played a Kreuz-Dame."""
    shown = 0
    for action in observation.actions:
        if isinstance(action, Call) or isinstance(action, Play) and action.card == CLUB_QUEEN:
            shown |= 1 << action.seat
    return shown


def _calls_made(world, seat: int, calls) -> dict:
    """For each call legal in ``world``: Re's and Kontra's announcements as they would stand after it."""
    party = world.party_of(seat)
    if party is None:
        return {}
    result = {}
    for call in calls:
        if world.call_problem(seat, call) is not None:
            continue
        after = {p: c.copy() for p, c in world.party_calls.items()}
        apply_call(after[party], LEVEL[call], len(world.hands[seat]), world.shift + 12 - world.last_trick)
        result[call] = (after["re"], after["kontra"])
    return result


def worlds_model(sampler: WorldSampler, observation: Observation, seat: int, behaviour: Behaviour):
    """The inference model that weighs ``sampler``'s worlds (None without inference); with a bidding belief the
    sampler deals the soloist its solo's cards more readily, and the weights correct it."""
    if not behaviour.inference:
        return None
    model = InferenceModel(observation, seat, not behaviour.baseline, behaviour.inference_noise,
                           behaviour.believe_bidding)
    if model.belief:
        sampler.favour(*model.belief.favoured())
    return model


def _next_worlds(sampler: WorldSampler, model, behaviour: Behaviour, rng) -> list:
    """One world, or (with inference) a batch resampled by how well it explains the plays."""
    if model is None or not model.informative:
        return [sampler.sample(rng)]
    candidates = [sampler.sample(rng) for _ in range(behaviour.batch)]
    logs, top = [], -math.inf
    for world in candidates:   # a world far below the best so far is not worked out to the end
        logs.append(model.log_likelihood(world, top - NEGLIGIBLE))
        top = max(top, logs[-1])
    weights = [math.exp(x - top) if x > top - NEGLIGIBLE else 0.0 for x in logs]
    keep = max(1, behaviour.batch // 3)
    return rng.choices(candidates, weights=weights, k=keep)


def _evaluate(sim: Sim, seat: int, behaviour: Behaviour, rng, stats: dict, calls: dict, blind: int | None = None,
              call_rng=None) -> None:
    """Each legal card's reward in this world, and each call's had it been made (``stats``). ``blind``: the
    calls are judged on a rollout of their own (drawing from ``call_rng``) whose players know the parties
    only as the table does (a bit per seat shown), since open parties flatter the caller; else on the
    card's rollout."""
    cards_left = sum(len(h) for h in sim.hands)
    exact = cards_left <= behaviour.solve_cards
    for card in set(sim.options()):
        child = sim.clone()
        child.step(card)
        entry = stats.setdefault(card, [0.0, 0.0, {}, 0.0])
        if exact:
            value = solve_value(child, seat) if behaviour.kernel else solve(child, seat)
        else:
            hidden = child.clone() if calls and blind is not None else None    # the rollout plays on in place
            final = rollout(child, rng, behaviour.noise, behaviour.ace_leads)
            value = final.reward(seat)
            judged = final
            if hidden is not None:
                hidden.hide_parties(blind)
                judged = rollout(hidden, call_rng or rng, behaviour.noise, behaviour.ace_leads)
            without = judged.reward(seat) if calls else 0.0
            for call, after in calls.items():
                with_call = judged.reward(seat, after)
                mine = entry[2].setdefault(call, [0.0] * 4)
                mine[0] += with_call
                mine[1] += with_call > 0
                mine[2] += without
                mine[3] += with_call - without if with_call > 0 else 0.0
        entry[0] += value
        entry[1] += 1.0
        entry[3] += value > 0


class InferenceModel:
    """How likely another seat's plays are if it holds a world's cards: the rule player deviating
    with chance ``noise`` to a random other card; with ``believe_bidding``, also how likely its
    reservation is with those cards (:mod:`engine.bots.belief`)."""

    def __init__(self, observation: Observation, seat: int, careful: bool = True, noise: float = INFERENCE_NOISE,
                 believe_bidding: bool = False):
        self.careful = careful
        # The snapshots follow the TSR's card order whatever the house rules (a Schwein is seen as a Fuchs): the
        # inference as it has been measured.
        public = Public(observation.dealer)
        self.snapshots: list[tuple[Public, int, int]] = []
        for action in observation.actions:
            if isinstance(action, Play) and action.seat != seat:
                self.snapshots.append((public.copy(), action.seat, action.card))
            public.apply(action)
        self.log_match = math.log(1 - noise)
        self.noise = noise
        self.belief = BiddingBelief(observation, seat) if believe_bidding else None

    @property
    def informative(self) -> bool:
        """Whether the worlds' weights can differ at all (plays of others to explain, or a belief)."""
        return bool(self.snapshots or self.belief)

    def log_likelihood(self, world, floor: float = -math.inf) -> float:
        """The log-likelihood of the reservations (with a belief) and the plays so far in ``world``; once it falls
        below ``floor``, that partial sum (the rest can only lower it)."""
        total = self.belief.log_weight(world) if self.belief else 0.0
        for public, seat, card in self.snapshots:
            if total < floor:
                break
            hand = world.hand_at_play(seat)   # as dealt, unless an Armut exchange changed it
            for played in public.played_by[seat]:
                hand.remove(played)
            total += self._log_prob(View(public, seat, hand, self.careful), card)
        return total

    def _log_prob(self, view: View, card: int) -> float:
        """log P(the seat plays ``card`` from ``view``); 0 when it had no choice."""
        options = set(view.legal_cards())
        if len(options) < 2:
            return 0.0
        chosen, _ = choose_card(view)
        return self.log_match if chosen == card else math.log(self.noise / (len(options) - 1))
