#!/usr/bin/env bash
# Install pencilkit into .venv, show it solving and generating, then serve the web player.
#   bash scripts/run.sh            # player on 127.0.0.1:8000 (PORT=... to change)
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e .
echo "== solve a published-style puzzle and prove it unique"
pencilkit solve "nurikabe:5x5:.,.,.,.,5,.,.,.,.,.,2,.,.,.,.,.,.,.,1,.,3,.,.,.,."
echo "== generate a medium 7x7 Nurikabe and a Kurodoko, reproducibly from a seed"
pencilkit generate nurikabe 7x7 --level medium --seed 1
pencilkit generate kurodoko 7x7 --level medium --seed 1
echo "== the web player (Ctrl+C stops it)"
exec pencilkit play --port "${PORT:-8000}"
