#!/usr/bin/env bash
# Sets everything up (Python packages, a Chromium for the browser tests) and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ -z "${CHROMIUM_PATH:-}" ]; then
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    [ -x "$candidate" ] && export CHROMIUM_PATH="$candidate" && break
  done
fi
if [ -z "${CHROMIUM_PATH:-}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    (apt-get install -y chromium >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y chromium >/dev/null 2>&1)) \
      && export CHROMIUM_PATH=/usr/bin/chromium
  fi
fi
if [ -z "${CHROMIUM_PATH:-}" ]; then
  .venv/bin/python -m playwright install chromium   # falls back to Playwright's own browser
fi
exec .venv/bin/python -m pytest -n 2 --dist loadgroup "$@"
