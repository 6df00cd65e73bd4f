"""The arena: measure one bot level against another on the same cards.

Every deal is played four times, the candidate rotated through the seats and the reference level
in the other three, so the luck of the cards cancels. Casual mode: every solo is a Lustsolo and
Vorhand leads (house rules: as ``solo_lead`` says). Any rule set can be played (``rules``); each
deal stands alone, so Bock rounds do not arise. The report gives the candidate's mean score-sheet points per game with a 95%
confidence interval and the standard deviation over the per-deal means (each deal's mean over its
four rotations), split by contract and party, the solo rates and the time per decision. What each
seat did in a finished deal is in ``deal_facts``, the figures over all deals in ``statistics``
(with the sequential test), the report's Markdown and files in ``report``.

Deterministic by default (``budget="fixed"``): each decision's random numbers come from (arena seed,
deal, seat, decision number) and the search levels search a fixed number of worlds
(``Budget.arena_worlds``) instead of a wall-clock time, so a decision depends on the position
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
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ..cards import deal_hands
from ..deal import Deal
from ..driver import advance
from ..rules import TSR, Rules
from . import make_bot
from .deal_facts import GameRow, deal_facts
from .statistics import SPRT_MIN_DEALS, Sprt, summarise


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
