"""The hard level's helper process leaves when the program that started it is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

START_POOL = """
from engine.bots import search
pool = search._shared_pool(1)
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
