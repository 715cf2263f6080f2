#!/usr/bin/env bash
# Install pencilkit into .venv and run its main job on the bundled example: solve a puzzle, rate and explain it.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e .
pencilkit solve "${1:-nurikabe:5x5:.,.,.,.,5,.,.,.,.,.,2,.,.,.,.,.,.,.,1,.,3,.,.,.,.}"
