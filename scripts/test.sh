#!/usr/bin/env bash
# Install pencilkit and everything its tests need into .venv, then run the whole test suite.
set -euo pipefail
APT_WAIT=120  # seconds apt-get waits for the lock of another install before it gives up

# apt-get, waiting up to APT_WAIT seconds for another install to let go of apt's locks: dpkg's through
# DPkg::Lock::Timeout; the package lists' lock, which `apt-get update` takes and that option need not cover, by
# trying the update again every 5 seconds
apt_get() {
  local deadline=$((SECONDS + APT_WAIT))
  until apt-get -o "DPkg::Lock::Timeout=$APT_WAIT" "$@"; do
    [ "$1" = update ] && [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 5
  done
}

# Debian's Chromium for the web player's browser tests (Playwright drives it; it downloads no browser). The
# browser tests skip themselves without it, so an install that fails is said, not fatal
install_chromium() {
  command -v chromium >/dev/null 2>&1 && return 0
  if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
    echo "chromium is missing: the browser tests will be skipped" >&2
  elif ! { apt_get update -qq && DEBIAN_FRONTEND=noninteractive apt_get install -y -qq chromium >/dev/null; }; then
    echo "chromium could not be installed (apt-get failed, or another install held its lock for over" \
      "${APT_WAIT}s): the browser tests will be skipped" >&2
  fi
}

[ "${BASH_SOURCE[0]}" = "$0" ] || return 0  # sourced (as tests/commands/test_test_script.py does): steps only
cd "$(dirname "$0")/.."
install_chromium
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
