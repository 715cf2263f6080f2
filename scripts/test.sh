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
python -m pip install --quiet -e ".[test]"   # builds the Rust core (core/) into pencilkit._core with maturin
# pzpr.js 0.12, the engine of today's puzz.link, referees the URL and answer interop tests (run by node). It is
# published only inside the PyPI wheel ppbench (not installed: it pulls gymnasium and more): its vendored copy
# goes to tests/interop/pzprjs-0.12 (git-ignored)
if [ ! -f tests/interop/pzprjs-0.12/dist/js/pzpr.js ]; then
  wheels="$(mktemp -d)"
  python -m pip download --quiet --no-deps ppbench==0.1.0 -d "$wheels"
  python - "$wheels"/ppbench-0.1.0-py3-none-any.whl tests/interop/pzprjs-0.12 <<'PY'
import shutil, sys, zipfile
from pathlib import Path
wheel, target = sys.argv[1], Path(sys.argv[2])
vendored = "ppbench/vendor/pzprjs/"
partial = target.with_name(target.name + ".partial")  # renamed into place once whole
shutil.rmtree(partial, ignore_errors=True)
with zipfile.ZipFile(wheel) as archive:
    for member in archive.infolist():
        if member.filename.startswith(vendored) and not member.is_dir():
            out = partial / member.filename[len(vendored):]
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(archive.read(member))
if not (partial / "dist/js/pzpr.js").is_file():
    sys.exit(f"{wheel} holds no {vendored}dist/js/pzpr.js")
shutil.rmtree(target, ignore_errors=True)
partial.rename(target)
PY
  rm -rf "$wheels"
fi
# the Rust core: its own tests (the brute-force oracles of every genre among them) and lints
cargo test --quiet --manifest-path core/Cargo.toml
cargo clippy --quiet --manifest-path core/Cargo.toml --all-targets --features python -- -D warnings
python -m mypy   # strict type check of src/pencilkit (settings in pyproject.toml)
lint-imports     # the layers point one way and no package has an import cycle (contracts in pyproject.toml)
python -m pytest -n auto --durations=15 "$@"
