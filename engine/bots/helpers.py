"""The helper processes of the ``hard`` level: one pool per program, shared by every bot and request.

``HELPERS.submit`` runs a search job in a free helper or returns None at once; ``ThoughtLess`` counts the
searches of a request that went without one, so that the page can say the computers thought less.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

log = logging.getLogger("doppelkopf.search")


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
                                            initializer=start_helper, initargs=(os.getpid(),))
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


class ThoughtLess:
    """Counts the searches in the calling thread that went without a helper (all busy, lost or
    late) while the block runs, so that whoever asked can say so (the page tells the player):

    >>> with ThoughtLess() as noted:
    ...     ThoughtLess.note()
    >>> noted.count
    1
    """

    _here = threading.local()     # one request is served by one thread: its searches count for it

    def __init__(self):
        self.count = 0

    def __enter__(self) -> "ThoughtLess":
        self._outer = getattr(self._here, "noted", None)
        self._here.noted = self
        return self

    def __exit__(self, *exc) -> None:
        self._here.noted = self._outer

    @classmethod
    def note(cls) -> None:
        noted = getattr(cls._here, "noted", None)
        if noted is not None:
            noted.count += 1


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


def start_helper(parent: int) -> None:
    """The helper processes' initializer: leave with the parent, and compile the endgame solver in
    the background, off the path of the first search."""
    from .solver import warm_up
    _exit_with_parent(parent)
    threading.Thread(target=warm_up, name="solver-warm-up", daemon=True).start()
