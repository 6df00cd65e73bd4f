"""The hard level's helper processes: they leave with their program, survive a late job, stay bounded."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.bots.helpers import HELPERS, HelperPool

ROOT = Path(__file__).resolve().parents[2]

START_POOL = """
from engine.bots.helpers import HELPERS, HelperPool
pool = HELPERS.executor(1)
print(pool.submit(__import__("os").getpid).result(timeout=60), flush=True)
__import__("time").sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A finished child of ours stays a zombie until reaped; it no longer runs.
    state = Path(f"/proc/{pid}/stat").read_text().split()[2] if Path(f"/proc/{pid}/stat").exists() else "X"
    return state not in ("Z", "X")


def test_a_helper_leaves_when_its_program_is_killed():
    program = subprocess.Popen([sys.executable, "-c", START_POOL], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        helper = int(program.stdout.readline())
        assert alive(helper)
        program.send_signal(signal.SIGKILL)   # no chance to stop its helpers itself
        program.wait(timeout=10)
        deadline = time.monotonic() + 15
        while alive(helper) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(helper), "the helper process outlived the program that started it"
    finally:
        if program.poll() is None:
            program.kill()


# ----- the pool under concurrency ------------------------------------------------------------

def test_a_late_job_leaves_the_pool_to_everyone_else(tmp_path):
    """A job that waits too long is given up by its caller only: the pool and its helper stay."""
    from concurrent.futures import TimeoutError as FutureTimeout

    go = tmp_path / "go"
    os.mkfifo(go)                                  # the late job reads it: it ends when the test says so
    helpers = HelperPool()
    try:
        helper = helpers.submit(1, os.getpid).result(timeout=60)
        slow = helpers.submit(1, go.read_text)
        with pytest.raises(FutureTimeout):
            slow.result(timeout=0.05)              # its caller gives up on it ...
        slow.cancel()
        assert helpers.submit(1, os.getpid) is None      # ... the helper is busy: others search alone
        assert helpers.degraded == 1
        go.write_text("go")
        assert slow.result(timeout=60) == "go"     # ... and it still finishes in the same pool
        assert helpers.submit(1, os.getpid).result(timeout=30) == helper
        assert helpers.replaced == 0 and len(helpers.pool._processes) == 1
    finally:
        helpers.close(wait=True)      # gone before the next test counts processes


def test_a_dead_helper_is_replaced_once():
    helpers = HelperPool()
    try:
        helper = helpers.submit(1, os.getpid).result(timeout=60)
        os.kill(helper, signal.SIGKILL)
        deadline = time.monotonic() + 30
        answered = None
        while answered is None and time.monotonic() < deadline:
            job = helpers.submit(1, os.getpid)     # None while the broken pool is noticed and dropped
            answered = job.result(timeout=60) if job and not job.exception(timeout=60) else None
            time.sleep(0.05)
        assert answered not in (None, helper)
        assert helpers.replaced == 1 and len(helpers.pool._processes) == 1
    finally:
        helpers.close(wait=True)      # gone before the next test counts processes


def test_many_hard_players_at_once_get_searched_cards_from_a_bounded_pool():
    """16 players choosing at once: every answer is legal and comes from the search (no exception
    that would make the server play a random card), and never more helpers than cores."""
    import multiprocessing
    import random
    import threading

    from engine import Deal, deal_hands
    from engine.bots import make_bot, search
    from engine.observation import observe

    rng = random.Random(5)
    deal = Deal(deal_hands(rng, 0), 0, compulsory_open=frozenset())
    for seat in deal.query_order():
        deal.reserve(seat, False)
    for _ in range(9):
        deal.play(rng.choice(deal.legal_cards()))
    seat, record = deal.turn, observe(deal, deal.turn)
    failures, answers, most_helpers = [], [], [0]
    done = threading.Event()

    def player(seed: int) -> None:
        try:
            for round_ in range(3):
                answers.append(make_bot("hard", seed * 10 + round_).choose(seat, record))
        except Exception as exc:   # noqa: BLE001 - what the server would turn into a random card
            failures.append(repr(exc))

    def count_helpers() -> None:
        while not done.is_set():
            most_helpers[0] = max(most_helpers[0], len(multiprocessing.active_children()))
            time.sleep(0.02)

    watcher = threading.Thread(target=count_helpers)
    watcher.start()
    players = [threading.Thread(target=player, args=(seed,)) for seed in range(16)]
    for thread in players:
        thread.start()
    for thread in players:
        thread.join(timeout=120)
    done.set()
    watcher.join()
    assert not failures
    assert len(answers) == 48
    assert all(deal.play_problem(seat, action.card) is None for action in answers)
    assert 1 <= most_helpers[0] <= (os.cpu_count() or 1)
    assert HELPERS.replaced == 0
