"""The searching player: determinized Monte Carlo search over worlds consistent with the observation.

For a card decision it deals the unseen cards many times (:class:`engine.observation.WorldSampler`: voids, cards
played, calls, Kreuz-Damen and the contract respected), tries every legal card in every world
and plays the rest out with a quick policy (:mod:`engine.bots.sim`); once few cards are left it
solves the world exactly instead. The card with the best mean reward (score-sheet points of the
bot's seat, eyes as a tie-break) is played.

Inference: worlds are drawn in batches and resampled in proportion to how likely the other seats'
plays so far are under the rule player holding that world's cards (each seat plays the rule
player's card with probability 1 - ``INFERENCE_NOISE``). ``medium`` searches about 40 ms in one
process; ``hard`` searches 0.16 s on both cores: a worker process kept alive across decisions
searches its own worlds while the calling process searches others, and the statistics are summed
(root parallelism). Reservations and calls stay with the rule player,
which judges them more soberly than perfect-information rollouts would.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from ..actions import Action, Play
from ..errors import DoppelkopfError
from .public import Public, View
from .rules import choose_card, decide
from .sim import Sim, rollout, solve
from ..observation import WorldSampler

log = logging.getLogger("doppelkopf.search")

INFERENCE_NOISE = 0.3     # how often we assume another seat deviates from the rule player
RULE_CARD_BONUS = 0.05    # ties go to the rule player's card


@dataclass(frozen=True)
class Settings:
    seconds: float = 0.042       # search time per process and decision
    max_worlds: int = 400        # ... or stop after this many worlds
    min_worlds: int = 4          # ... but never fewer (a slow machine still gets an answer)
    inference: bool = False
    workers: int = 0             # extra processes (0: search in the calling process only)
    solve_cards: int = 12        # solve exactly once at most this many cards are left in all hands
    noise: float = 0.1           # randomness of the rollout policy
    batch: int = 24              # candidate worlds drawn at a time when weighting by inference


MEDIUM = Settings(inference=True, batch=12)
HARD = Settings(seconds=0.16, max_worlds=2000, inference=True, workers=1)


class SearchBot:
    name = "search"

    def __init__(self, settings: Settings = MEDIUM, seed: int | None = None, name: str = "search"):
        self.settings = settings
        self.rng = random.Random(seed)
        self.name = name

    @classmethod
    def medium(cls, seed: int | None = None) -> "SearchBot":
        return cls(MEDIUM, seed, "medium")

    @classmethod
    def hard(cls, seed: int | None = None) -> "SearchBot":
        return cls(HARD, seed, "hard")

    def choose(self, seat: int, record: dict) -> Action:
        view = View.from_record(record, seat)
        action, _ = decide(seat, record, view)
        if not isinstance(action, Play):
            return action  # reservations, namings and calls: the rule player's
        if len(set(view.legal_cards())) == 1:
            return action
        return Play(seat, self.search(seat, record, view, action.card))

    # ----- the search ---------------------------------------------------------------------

    def search(self, seat: int, record: dict, view: View, rule_card: int) -> int:
        settings = self.settings
        jobs = []
        if settings.workers:   # a helper that is busy with another player's search is not waited for
            jobs = [job for _ in range(settings.workers)
                    if (job := HELPERS.submit(settings.workers, search_stats, record, seat, settings,
                                              self.rng.randrange(1 << 30)))]
        try:
            totals, _ = search_stats(record, seat, settings, self.rng.randrange(1 << 30))
        except DoppelkopfError:  # no consistent world found: the rule player's card is still legal
            totals = {}
        for job in jobs:
            try:
                stats, _ = job.result(timeout=settings.seconds * 4 + 2)
            except Exception:  # a lost or late helper costs strength, never the answer (nor the pool)
                job.cancel()
                continue
            for card, (value, weight) in stats.items():
                old = totals.get(card, (0.0, 0.0))
                totals[card] = (old[0] + value, old[1] + weight)
        if not totals:
            return rule_card

        def mean(card):
            value, weight = totals[card]
            return value / weight + (RULE_CARD_BONUS if card == rule_card else 0.0)
        return max(totals, key=mean)



# One pool of helper processes per program, shared by every hard bot and every request: the app
# makes a bot per request, and a pool per bot would start a process per move.
class HelperPool:
    """The helper processes: never more than the machine has cores, never closed because one job is late.

    A job goes to a helper only when one is free. Under load (many players at the hard level at
    once) a search does not queue behind other players' jobs: it runs in the calling process alone,
    so it thinks less (about half the worlds) but answers in the same time. Those decisions are
    counted in ``degraded`` and logged (at most once a minute). A job that outlives its wait is
    left to finish and its result dropped; only a pool whose process died is replaced.
    "spawn" because a server forks from a threaded process, where "fork" can deadlock.
    """

    LOG_EVERY = 60.0     # seconds between two log lines about searches that thought less

    def __init__(self):
        self.pool: ProcessPoolExecutor | None = None
        self.size = 0
        self.jobs: set[Future] = set()   # submitted to this pool and not yet finished
        self.degraded = 0                # jobs not submitted because every helper was busy
        self.replaced = 0                # broken pools replaced
        # Reentrant: shutting a pool down cancels its jobs, whose callbacks take the lock again.
        self._lock = threading.RLock()
        self._logged_at = -math.inf
        self._logged_count = 0

    def executor(self, workers: int = 1) -> ProcessPoolExecutor:
        """The pool, started on first use with ``min(workers, cores)`` processes."""
        with self._lock:
            return self._executor(workers)

    def _executor(self, workers: int) -> ProcessPoolExecutor:
        if self.pool is None:
            self.size = max(1, min(workers, os.cpu_count() or 1))
            self.pool = ProcessPoolExecutor(max_workers=self.size, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=_exit_with_parent, initargs=(os.getpid(),))
        return self.pool

    def submit(self, workers: int, fn, *args) -> Future | None:
        """``fn(*args)`` in a free helper, or None when all are busy (or the pool just broke)."""
        with self._lock:
            pool = self._executor(workers)
            if len(self.jobs) >= self.size:
                self.degraded += 1
                self._log_degraded()
                return None
            try:
                future = pool.submit(fn, *args)
            except (BrokenProcessPool, RuntimeError, OSError):   # a helper died or cannot start: afresh next time
                self._discard(pool)
                return None
            self.jobs.add(future)
        future.add_done_callback(self._finished)
        return future

    def _finished(self, future: Future) -> None:
        with self._lock:
            self.jobs.discard(future)
            if not future.cancelled() and isinstance(future.exception(), BrokenProcessPool):
                self._discard(self.pool)

    def _discard(self, pool: ProcessPoolExecutor | None) -> None:
        """Forget a broken pool (its processes are gone or being stopped); the next job starts a new one."""
        if pool is not None and pool is self.pool:
            log.warning("a helper process of the hard level died; starting a new one")
            pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
            self.jobs.clear()
            self.replaced += 1

    def _log_degraded(self) -> None:
        now = time.monotonic()
        if now - self._logged_at >= self.LOG_EVERY:
            log.warning("hard level under load: %d searches since the last note ran without a helper "
                        "process (all %d busy) and thought less", self.degraded - self._logged_count, self.size)
            self._logged_at, self._logged_count = now, self.degraded

    def close(self, wait: bool = False) -> None:
        with self._lock:
            if self.pool is not None:
                self.pool.shutdown(wait=wait, cancel_futures=True)
            self.pool = None
            self.jobs.clear()


HELPERS = HelperPool()


def _shared_pool(workers: int) -> ProcessPoolExecutor:
    return HELPERS.executor(workers)


def _exit_with_parent(parent: int) -> None:
    """Runs in each helper process: leave when the program that started it is gone.

    A program that ends normally stops its helpers, but one that is killed (a closed terminal, a
    killed server) cannot, and a helper waiting for work would then wait for ever.
    """
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)
    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def search_stats(record: dict, seat: int, settings: Settings, seed: int) -> tuple[dict, int]:
    """Sum of weighted rewards per legal card over the worlds searched in ``settings.seconds``.

    Returns ``({card: (weighted reward sum, weight sum)}, worlds searched)``; runs in any process.
    """
    deadline = time.perf_counter() + settings.seconds
    rng = random.Random(seed)
    sampler = WorldSampler(record, seat)
    model = InferenceModel(record, seat) if settings.inference else None
    stats: dict[int, list[float]] = {}
    worlds = 0
    while worlds < settings.max_worlds and (worlds < settings.min_worlds or time.perf_counter() < deadline):
        for world in _next_worlds(sampler, model, settings, rng):
            sim = Sim.from_deal(world)
            _evaluate(sim, seat, settings, rng, stats)
            worlds += 1
    return {card: (v, w) for card, (v, w) in stats.items()}, worlds


def _next_worlds(sampler: WorldSampler, model, settings: Settings, rng) -> list:
    """One world, or (with inference) a batch resampled by how well it explains the plays."""
    if model is None or not model.snapshots:
        return [sampler.sample(rng)]
    candidates = [sampler.sample(rng) for _ in range(settings.batch)]
    logs = [model.log_likelihood(world) for world in candidates]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    keep = max(1, settings.batch // 3)
    return rng.choices(candidates, weights=weights, k=keep)


def _evaluate(sim: Sim, seat: int, settings: Settings, rng, stats: dict) -> None:
    cards_left = sum(len(h) for h in sim.hands)
    exact = cards_left <= settings.solve_cards
    for card in set(sim.options()):
        child = sim.clone()
        child.step(card)
        if exact:
            value = solve(child, seat)
        else:
            value = rollout(child, rng, settings.noise).reward(seat)
        entry = stats.setdefault(card, [0.0, 0.0])
        entry[0] += value
        entry[1] += 1.0


class InferenceModel:
    """How likely another seat's plays are if it is the rule player holding a world's cards."""

    def __init__(self, record: dict, seat: int):
        from ..record import load, parse_actions
        record = load(record)
        public = Public(record["dealer"])
        self.snapshots: list[tuple[Public, int, int]] = []
        for action in parse_actions(record):
            if isinstance(action, Play) and action.seat != seat:
                self.snapshots.append((public.copy(), action.seat, action.card))
            public.apply(action)
        self.log_match = math.log(1 - INFERENCE_NOISE)

    def log_likelihood(self, world) -> float:
        total = 0.0
        for public, seat, card in self.snapshots:
            hand = list(world.dealt[seat])
            for played in public.played_by[seat]:
                hand.remove(played)
            view = View(public, seat, hand)
            options = set(view.legal_cards())
            if len(options) < 2:
                continue
            chosen, _ = choose_card(view)
            total += self.log_match if chosen == card else math.log(INFERENCE_NOISE / (len(options) - 1))
        return total

