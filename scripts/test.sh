#!/usr/bin/env bash
# Install pencilkit and everything its tests need into .venv, then run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's Chromium for the web player's browser tests (Playwright drives it; it downloads no browser)
if ! command -v chromium >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "chromium is missing: the browser tests will be skipped" >&2
  fi
fi
python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e ".[test]"
# pzpr.js, the puzz.link engine, for the URL and answer-checking interop tests
npm ci --prefix tests/interop --no-audit --no-fund --loglevel=error
python -m mypy   # strict type check of src/pencilkit (settings in pyproject.toml)
lint-imports     # the layers point one way and no package has an import cycle (contracts in pyproject.toml)
python -m pytest -n auto --durations=15 "$@"
