#!/usr/bin/env bash
# Sets everything up and starts the game on http://127.0.0.1:8000 (extra arguments go to `doppelkopf serve`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/doppelkopf serve "$@"
