"""The arena: measure one bot level against another on the same cards.

Every deal is played four times, the candidate rotated through the seats and the reference level
in the other three, so the luck of the cards cancels. Casual mode: every solo is a Lustsolo and
Vorhand leads (house rules: as ``solo_lead`` says). Any rule set can be played (``rules``); each
deal stands alone, so Bock rounds do not arise. The report gives the candidate's mean score-sheet points per game with a 95%
confidence interval and the standard deviation over the per-deal means (each deal's mean over its
four rotations), split by contract and party, the solo rates and the time per decision.

Deterministic by default (``budget="fixed"``): each decision's random numbers come from (arena seed,
deal, seat, decision number) and the search levels search a fixed number of worlds
(``Settings.arena_worlds``) instead of a wall-clock time, so a decision depends on the position
alone. A level against itself then scores exactly 0 on every deal, and only what differs is
played: the reference-only game of a deal is played once, its decisions remembered, and in each
rotation the reference seats replay them until the candidate's first different decision (exact:
a remembered decision is the one the reference would make again). ``budget="time"`` plays as at
the table (time budgets, the helper process of ``hard``) to measure decision times.

``sprt=(h0, h1)`` stops as soon as a sequential probability ratio test on the per-deal means
decides between a true mean of ``h0`` and of ``h1`` points a game (α = β = 0.05), ``deals`` being
the cap; it waits for deals on which the two played differently (``Sprt.MIN_DIFFERING``). A match
stopped by hand (Ctrl-C; SIGTERM from the command line) reports the deals finished.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from ..calls import LEVEL
from ..cards import EYES, FOX, deal_hands
from ..contracts import is_solo_scored
from ..deal import Deal
from ..driver import advance
from ..rules import TSR, Rules
from . import make_bot

CONTRACT_GROUPS = {"normal": "normal", "wedding": "hochzeit", "wedding-alone": "hochzeit",
                   "silent-wedding": "silent-wedding"}


def contract_group(contract: str) -> str:
    return CONTRACT_GROUPS.get(contract, "solo")


class ArenaPlayer:
    """A bot in the arena: times each decision and, with ``deterministic``, seeds it from (arena seed,
    deal, seat, decision number). With ``remember`` it keeps this deal's decisions by position and
    replays one it has made before instead of thinking again (exact only when deterministic)."""

    def __init__(self, bot, seed: int = 0, deterministic: bool = True, remember: bool = False):
        self.bot, self.seed, self.deterministic = bot, seed, deterministic
        self.times: list[float] = []
        self.deal = 0
        self.memory: dict | None = {} if remember else None
        self.replayed = 0

    def start_deal(self, index: int) -> None:
        self.deal = index
        if self.memory is not None:
            self.memory.clear()

    def show(self, deal: Deal) -> None:
        """A player measured with ``sees`` searches ``deal`` as it really is, or with its real parties."""
        level = getattr(self.bot, "level", None)
        if level is not None and level.behaviour.sees:
            self.bot.true_deal = deal

    def seed_decision(self, seat: int, observation) -> None:
        """Seed the bot for this decision from (arena seed, deal, seat, decision number); every bot keeps
        its randomness in ``.rng``."""
        self.bot.rng = random.Random(f"arena-{self.seed}-{self.deal}-{seat}-{len(observation.actions)}")

    def choose(self, seat, observation):
        key = None
        if self.memory is not None:
            key = (seat, json.dumps(observation.record, sort_keys=True, separators=(",", ":")))
            if key in self.memory:
                self.replayed += 1
                return self.memory[key]
        if self.deterministic:
            self.seed_decision(seat, observation)
        start = time.perf_counter()
        action = self.bot.choose(seat, observation)
        self.times.append(time.perf_counter() - start)
        if key is not None:
            self.memory[key] = action
        return action


def arena_bot(level: str, seed: int, budget: str):
    """The bot of ``level``; with the fixed budget, searching a fixed number of worlds in one process."""
    bot = make_bot(level, seed)
    if budget == "fixed" and hasattr(bot, "fixed_budget"):   # the search levels; the others have no clock
        bot = bot.fixed_budget()
    return bot


@dataclass
class GameRow:
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


def deal_hands_for(seed: int, index: int, nines: bool = True) -> tuple[list[list[int]], int]:
    dealer = index % 4
    return deal_hands(random.Random(f"arena-{seed}-{index}"), dealer, nines), dealer


def play_deal(index: int, seed: int, candidate: ArenaPlayer, reference: ArenaPlayer, rules: Rules = TSR) -> list[GameRow]:
    """The four rotations of one deal. A reference that remembers its decisions plays the
    reference-only game first; the rotations then replay it up to the candidate's first own choice."""
    hands, dealer = deal_hands_for(seed, index, rules.nines)
    candidate.start_deal(index)
    reference.start_deal(index)
    if reference.memory is not None:
        deal = Deal(hands, dealer, rules, compulsory_open=frozenset())
        reference.show(deal)
        advance(deal, {s: reference for s in range(4)})
    rows = []
    for seat in range(4):
        deal = Deal(hands, dealer, rules, compulsory_open=frozenset())
        candidate.show(deal)
        reference.show(deal)
        players = {s: candidate if s == seat else reference for s in range(4)}
        advance(deal, players)
        result = deal.result()
        declared = deal.declaration
        soloist = declared.seat if declared is not None and declared.kind not in ("wedding", "poverty", "throw") else None
        party = "re" if seat in deal.re_seats else "kontra"
        rows.append(GameRow(index, seat, result.contract, party, result.scores[seat], soloist, list(result.scores),
                            [deal_facts(deal, result, s) for s in range(4)], declared and declared.kind,
                            deal.exchange is not None and deal.exchange.taker is not None))
    return rows


# ----- running, in one process or several ------------------------------------------------

_WORKER: dict = {}
BUDGETS = ("fixed", "time")
# The sequential test's fewest deals. The variance estimated from a few deals is often too small, and the test then
# stops on a lucky start: with a minimum of 16 it accepted +0.3 after 18 deals for a change that fresh deals put near
# 0 (docs/strength.md, twice). 40 deals are about 10 minutes of `hard` on two cores.
SPRT_MIN_DEALS = 40


def _init_worker(candidate: str, reference: str, seed: int, rules: dict | None = None, budget: str = "fixed") -> None:
    import os
    from .solver import warm_up
    warm_up()   # the solver's compilation is not counted as the first decision's time
    _WORKER["rules"] = Rules.from_dict(rules)
    fixed = budget == "fixed"
    # With time budgets the bots' own randomness runs on (as at the table): seeded per process.
    bot_seed = seed if fixed else seed * 7919 + os.getpid()
    _WORKER["candidate"] = ArenaPlayer(arena_bot(candidate, bot_seed, budget), seed, fixed)
    _WORKER["reference"] = ArenaPlayer(arena_bot(reference, bot_seed + 1, budget), seed, fixed, remember=fixed)


def _init_pool_worker(*args) -> None:
    """A pool process leaves Ctrl-C to the main process, which stops the match and writes the report."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _init_worker(*args)


def _worker_deal(index: int, seed: int):
    candidate, reference = _WORKER["candidate"], _WORKER["reference"]
    candidate.times, reference.times, reference.replayed = [], [], 0
    rows = play_deal(index, seed, candidate, reference, _WORKER["rules"])
    return rows, candidate.times, reference.times, reference.replayed


def _results(candidate, reference, seed, rules, budget, jobs, deals):
    """Each deal's result in the order of the deals (played ``jobs`` at a time), lazily: a
    sequential test may stop early, and then no more than ``2 * jobs`` deals were started for nothing."""
    if jobs <= 1:
        _init_worker(candidate, reference, seed, rules.to_dict(), budget)
        for index in range(deals):
            yield _worker_deal(index, seed)
        return
    with ProcessPoolExecutor(jobs, initializer=_init_pool_worker,
                             initargs=(candidate, reference, seed, rules.to_dict(), budget)) as pool:
        ahead = 2 * jobs
        futures = [pool.submit(_worker_deal, index, seed) for index in range(min(ahead, deals))]
        for index in range(deals):
            if index + ahead < deals:
                futures.append(pool.submit(_worker_deal, index + ahead, seed))
            try:
                yield futures[index].result()
            except BaseException:   # closed early or stopped by hand: the deals not started are dropped
                for future in futures:
                    future.cancel()
                raise


def run(candidate: str, reference: str, deals: int, seed: int, jobs: int = 1, progress=sys.stderr,
        rules: Rules = TSR, budget: str = "fixed", sprt: tuple[float, float] | None = None,
        sprt_min: int = SPRT_MIN_DEALS) -> dict:
    """Play the arena under ``rules`` and return the report (a JSON-ready dict); with ``sprt``,
    stop once the sequential test decides, after at least ``sprt_min`` deals (``deals`` is the cap)."""
    if budget not in BUDGETS:
        raise ValueError(f"budget is one of {', '.join(BUDGETS)}, not {budget!r}")
    rows: list[GameRow] = []
    cand_times: list[float] = []
    ref_times: list[float] = []
    replayed = 0
    test = Sprt(*sprt, min_deals=sprt_min) if sprt else None
    start = time.perf_counter()
    results = _results(candidate, reference, seed, rules, budget, jobs, deals)
    stopped = False
    try:
        for done, (new_rows, ct, rt, again) in enumerate(results, 1):
            rows.extend(new_rows)
            cand_times.extend(ct)
            ref_times.extend(rt)
            replayed += again
            if test is not None:
                test.add(statistics.fmean(r.points for r in new_rows))
            if progress is not None:
                _progress(progress, done, deals, rows, time.perf_counter() - start, test)
            if test is not None and test.decision is not None:
                break
    except KeyboardInterrupt:   # stopped by hand (Ctrl-C, SIGTERM): the deals finished so far make the report
        stopped = True
    finally:
        results.close()
    if progress is not None:
        progress.write("\n")
    report = summarise(rows, cand_times, ref_times)
    played = len(rows) // 4
    report["setup"] = {"candidate": candidate, "reference": reference, "deals": played, "cap": deals, "seed": seed,
                       "jobs": jobs, "games": len(rows), "seconds": round(time.perf_counter() - start, 1),
                       "rules": rules.to_dict(), "budget": budget,
                       "reference_decisions_replayed": replayed, "stopped": stopped,
                       "mode": "casual (every solo a Lustsolo, Vorhand leads)" if rules == TSR
                       else "casual (every solo a Lustsolo), single deals (no Bock rounds)"}
    if test is not None:
        report["sprt"] = test.summary(stopped)
    return report


def _progress(stream, done: int, total: int, rows: list[GameRow], elapsed: float, test=None) -> None:
    mean = statistics.fmean(r.points for r in rows) if rows else 0.0
    eta = elapsed / done * (total - done)
    llr = f", LLR {test.llr:+.2f} ({test.lower:+.2f} .. {test.upper:+.2f})" if test is not None else ""
    stream.write(f"\rarena: {done}/{total} deals, candidate {mean:+.2f} points/game{llr}, "
                 f"{elapsed:.0f} s, at most {eta:.0f} s left   ")
    stream.flush()


class Sprt:
    """A sequential probability ratio test of "the mean per-deal difference is ``h0``" against "it
    is ``h1``", for per-deal means of unknown variance (the generalised SPRT used to test chess
    engines, with a normal model): LLR = (h1 - h0) / s² · Σ (x - (h0 + h1) / 2), s² the sample
    variance so far. It decides H1 once LLR ≥ log((1 - β) / α), H0 once LLR ≤ log(β / (1 - α)),
    and never before ``min_deals`` of which ``MIN_DIFFERING`` differ (a per-deal mean other than 0).

    >>> test = Sprt(0.0, 0.3)
    >>> for x in [0.0] * 50:
    ...     test.add(x)
    >>> test.decision, test.llr < test.lower      # no deal differed: nothing is known of the noise yet
    (None, True)
    >>> for x in [0.1, -0.1] * 5:
    ...     test.add(x)
    >>> test.decision, test.deals
    ('H0', 60)
    """

    MIN_VARIANCE = 1e-4
    # A change that plays differently only in rare deals (a soloist's call) leaves most deals at exactly 0, and 40
    # of them put the variance at its floor and the test at H0 (a lost run of `hard`'s soloist Re: H0 after 40 deals,
    # none of them with a solo). A few deals that differ give the test a variance to work with.
    MIN_DIFFERING = 10

    def __init__(self, h0: float, h1: float, alpha: float = 0.05, beta: float = 0.05, min_deals: int = SPRT_MIN_DEALS):
        if h0 == h1:
            raise ValueError("the two hypotheses of the sequential test must differ")
        self.h0, self.h1, self.alpha, self.beta, self.min_deals = h0, h1, alpha, beta, min_deals
        self.lower, self.upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
        self.values: list[float] = []
        self.llr = 0.0
        self.decision: str | None = None

    @property
    def deals(self) -> int:
        return len(self.values)

    @property
    def differing(self) -> int:
        return sum(1 for value in self.values if value != 0.0)

    def add(self, value: float) -> None:
        if self.decision is not None:
            return
        self.values.append(value)
        if len(self.values) < 2:
            return
        variance = max(statistics.variance(self.values), self.MIN_VARIANCE)
        middle = (self.h0 + self.h1) / 2
        self.llr = (self.h1 - self.h0) / variance * sum(x - middle for x in self.values)
        if len(self.values) >= self.min_deals and self.differing >= self.MIN_DIFFERING:
            self.decision = "H1" if self.llr >= self.upper else "H0" if self.llr <= self.lower else None

    def summary(self, stopped: bool = False) -> dict:
        return {"h0": self.h0, "h1": self.h1, "alpha": self.alpha, "beta": self.beta, "deals": self.deals,
                "min_deals": self.min_deals, "differing": self.differing,
                "llr": round(self.llr, 3), "bounds": [round(self.lower, 3), round(self.upper, 3)],
                "decision": self.decision or ("none (stopped by hand)" if stopped else "none (cap reached)")}


# ----- the report -------------------------------------------------------------------------

def mean_interval(values: list[float]) -> dict:
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    sd = statistics.stdev(values) if n > 1 else float("nan")
    half = 1.96 * sd / math.sqrt(n) if n > 1 else float("nan")
    return {"mean": round(mean, 3), "low": round(mean - half, 3), "high": round(mean + half, 3), "n": n,
            "sd": round(sd, 3)}


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_summary(times: list[float]) -> dict:
    return {"decisions": len(times), "p50_ms": round(1000 * _percentile(times, 0.5), 2),
            "p95_ms": round(1000 * _percentile(times, 0.95), 2), "max_ms": round(1000 * max(times, default=0.0), 2)}


def summarise(rows: list[GameRow], cand_times: list[float], ref_times: list[float]) -> dict:
    by_deal: dict[int, list[int]] = {}
    for row in rows:
        by_deal.setdefault(row.deal, []).append(row.points)
    per_deal = [statistics.fmean(points) for points in by_deal.values()]
    splits: dict[str, dict] = {}
    for row in rows:
        for key in (contract_group(row.contract), f"{contract_group(row.contract)}/{row.party}", f"party/{row.party}"):
            splits.setdefault(key, []).append(row.points)
    games = len(rows)
    cand_solos = sum(1 for r in rows if r.soloist == r.seat)
    ref_solos = sum(1 for r in rows if r.soloist is not None and r.soloist != r.seat)
    return {
        "points_per_game": mean_interval(per_deal),
        "deal_means": [round(m, 4) for m in per_deal],   # runs of other seeds pool with these (tools/pool_arena.py)
        "splits": {key: {"mean": round(statistics.fmean(v), 3), "games": len(v)} for key, v in sorted(splits.items())},
        "solo_rate": {"candidate": round(cand_solos / games, 4) if games else 0.0,
                      "reference": round(ref_solos / (3 * games), 4) if games else 0.0,
                      "deals_with_a_solo": round(sum(1 for r in rows if r.soloist is not None) / games, 4) if games else 0.0},
        "time_per_decision": {"candidate": time_summary(cand_times), "reference": time_summary(ref_times)},
        "reservations": reservation_figures(rows),
        "play": {"candidate": play_figures([r.facts[r.seat] for r in rows]),
                 "reference": play_figures([f for r in rows for s, f in enumerate(r.facts) if s != r.seat])},
    }


def reservation_figures(rows: list[GameRow]) -> dict:
    """Per 100 games: Hochzeiten, Armut declared / taken (played) / given back to the dealer, Schmeißen."""
    games = len(rows) or 1

    def per_100(count: int) -> float:
        return round(100 * count / games, 2)
    return {"wedding": per_100(sum(r.declared == "wedding" for r in rows)),
            "armut": per_100(sum(r.declared == "poverty" for r in rows)),
            "armut_taken": per_100(sum(r.taken for r in rows)),
            "armut_thrown": per_100(sum(r.declared == "poverty" and not r.taken for r in rows)),
            "schmeissen": per_100(sum(r.declared == "throw" for r in rows))}


def play_figures(facts: list[dict]) -> dict:
    """Bidding, announcement and card-play figures over one side's seat-games."""
    games = len(facts) or 1
    solos = [f["solo"] for f in facts if "solo" in f]
    lust = [s for s in solos if not s["compulsory"]]
    pflicht = [s for s in solos if s["compulsory"]]
    by_kind: dict[str, int] = {}
    for solo in solos:
        by_kind[solo["kind"]] = by_kind.get(solo["kind"], 0) + 1
    calls: dict[str, dict] = {}
    for f in facts:
        for made in f["calls"]:
            entry = calls.setdefault(made["call"], {"made": 0, "met": 0})
            entry["made"] += 1
            entry["met"] += made["met"]
    return {
        "seat_games": len(facts),
        "solo_per_100_games": round(100 * len(solos) / games, 2),
        "solos_by_kind": dict(sorted(by_kind.items())),
        "lustsolo": {"played": len(lust), "won": sum(s["won"] for s in lust),
                     "mean_points": round(statistics.fmean(s["points"] for s in lust), 2) if lust else None},
        "pflichtsolo": {"played": len(pflicht), "vorgefuehrt": sum(s["forced"] for s in pflicht),
                        "mean_points": round(statistics.fmean(s["points"] for s in pflicht), 2) if pflicht else None},
        "calls_per_100_games": {call: {"made": round(100 * e["made"] / games, 2),
                                       "share_met": round(e["met"] / e["made"], 3)} for call, e in sorted(calls.items())},
        "foxes_lost_per_100_games": round(100 * sum(f["fox_lost"] for f in facts) / games, 2),
        "foxes_given_per_100_games": round(100 * sum(f.get("fox_given", 0) for f in facts) / games, 2),
        "foxes_given_keepable_per_100_games": round(100 * sum(f.get("fox_given_keepable", 0) for f in facts) / games, 2),
        "eyes_to_partner_per_game": round(sum(f["eyes_to_partner"] for f in facts) / games, 2),
    }


BUDGET_WORDS = {
    "fixed": "Deterministic: every decision seeded by its position, the search levels at their fixed arena "
             "budget of worlds; {replayed} reference decisions replayed from the reference-only games.",
    "time": "Time budgets as at the table (decisions not repeatable).",
}


def markdown(report: dict) -> str:
    setup, points = report["setup"], report["points_per_game"]
    lines = [
        f"# Arena: {setup['candidate']} vs {setup['reference']}",
        "",
        f"{setup['deals']} deals (seed {setup['seed']}), each played four times with `{setup['candidate']}` "
        f"rotated through the seats and `{setup['reference']}` in the other three: {setup['games']} games, "
        f"{setup['mode']}, {setup['seconds']} s. Rules: `{json.dumps(setup['rules'])}`. "
        + BUDGET_WORDS[setup.get("budget", "time")].format(replayed=setup.get("reference_decisions_replayed", 0)),
        "",
        f"**{setup['candidate']}: {points['mean']:+.3f} points per game** "
        f"(95% confidence interval {points['low']:+.3f} .. {points['high']:+.3f}, over {points['n']} per-deal means; "
        f"per-deal standard deviation {points.get('sd', float('nan')):.3f})",
        "",
    ]
    if setup.get("stopped"):
        lines += [f"Stopped by hand after {setup['deals']} of {setup['cap']} deals.", ""]
    if "sprt" in report:
        test = report["sprt"]
        lines += [f"Sequential test of {test['h0']:+g} (H0) against {test['h1']:+g} (H1) points a game, "
                  f"α = {test['alpha']}, β = {test['beta']}: **{test['decision']}** after {test['deals']} deals "
                  f"(at least {test.get('min_deals', 16)}, cap {setup['cap']}; {test.get('differing', '?')} of them differed), LLR {test['llr']:+.3f} (bounds {test['bounds'][0]:+.3f} .. "
                  f"{test['bounds'][1]:+.3f}).", ""]
    lines += [
        "| games of the candidate | mean points | games |",
        "|---|---:|---:|",
    ]
    for key, split in report["splits"].items():
        lines.append(f"| {key} | {split['mean']:+.3f} | {split['games']} |")
    solo = report["solo_rate"]
    lines += ["", f"Solo rate: candidate {100 * solo['candidate']:.1f}% of its games, reference "
                  f"{100 * solo['reference']:.1f}% per seat and game; a solo in {100 * solo['deals_with_a_solo']:.1f}% of all games.",
              "", "| time per decision | decisions | p50 ms | p95 ms | max ms |", "|---|---:|---:|---:|---:|"]
    for who, t in report["time_per_decision"].items():
        name = setup[who]
        lines.append(f"| {who} ({name}) | {t['decisions']} | {t['p50_ms']} | {t['p95_ms']} | {t['max_ms']} |")
    held = report["reservations"]
    lines += ["", f"Reservations per 100 games: Hochzeit {held['wedding']}, Armut {held['armut']} (taken "
                  f"{held['armut_taken']}, nobody took {held['armut_thrown']}), Schmeißen {held['schmeissen']}."]
    lines += ["", "| per side (seat-games) | solos /100 | by kind | Lustsolo won | Lustsolo points | calls /100 (share met) "
                  "| Füchse lost /100 (given away; could have been kept) | eyes to partners' tricks /game |", "|---|---:|---|---:|---:|---|---:|---:|"]
    for who, f in report["play"].items():
        lust = f["lustsolo"]
        won = f"{lust['won']}/{lust['played']}" if lust["played"] else "-"
        kinds = ", ".join(f"{k.removeprefix('solo-')} {n}" for k, n in f["solos_by_kind"].items()) or "-"
        calls = ", ".join(f"{c} {e['made']} ({100 * e['share_met']:.0f}%)" for c, e in f["calls_per_100_games"].items()) or "-"
        lines.append(f"| {who} ({setup[who]}, {f['seat_games']}) | {f['solo_per_100_games']} | {kinds} | {won} | "
                     f"{lust['mean_points'] if lust['mean_points'] is not None else '-'} | {calls} | "
                     f"{f['foxes_lost_per_100_games']} ({f.get('foxes_given_per_100_games', '-')}; "
                     f"{f.get('foxes_given_keepable_per_100_games', '-')}) | "
                     f"{f['eyes_to_partner_per_game']} |")
    return "\n".join(lines) + "\n"


def write(report: dict, prefix: str) -> None:
    with open(prefix + ".json", "w", encoding="utf-8") as out:
        json.dump(report, out, indent=2)
    with open(prefix + ".md", "w", encoding="utf-8") as out:
        out.write(markdown(report))
