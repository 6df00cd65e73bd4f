"""The measuring and benchmark tools, run from the checkout's root as ``.venv/bin/python -m tools.NAME``
(``--help`` says how each is used); not part of the wheel."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent   # the checkout the tools belong to (their servers start in it)


def measured_checkout(root: str | Path | None = None) -> Path:
    """The checkout whose ``app`` and ``engine`` a benchmark imports: this one, or ``root``, another
    checkout of the project (e.g. an older commit in a second worktree) measured with this tool, its
    packages then found before this checkout's. Called before either is imported."""
    root = ROOT if root is None else Path(root).resolve()
    if root != ROOT:
        if "app" in sys.modules or "engine" in sys.modules:
            raise RuntimeError(f"app or engine imported before the checkout to measure ({root}) was chosen")
        sys.path.insert(0, str(root))
    return root
