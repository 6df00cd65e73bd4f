#!/usr/bin/env bash
# Creates .venv (if missing) and installs the project with its test tools. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
# The editable install maps engine/ and app/ (templates/ and static/ are mapped into app for the wheel):
# setuptools then says, every time, that folders named like them in the working directory come first.
PYTHONWARNINGS="ignore:Editable installation" .venv/bin/python -m pip install -q -e '.[test]'
# The endgame solver's kernel compiled into numba's cache now, not at the first game (tools/bench_memory.py).
.venv/bin/python -c "from engine.bots.solver import warm_up; warm_up()"
