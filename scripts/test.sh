#!/usr/bin/env bash
# Install pencilkit and everything its tests need into .venv, then run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e ".[test]"
# pzpr.js, the puzz.link engine, for the URL and answer-checking interop tests
npm ci --prefix tests/interop --no-audit --no-fund --loglevel=error
python -m pytest -n auto --durations=15 "$@"
