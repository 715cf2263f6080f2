"""scripts/test.sh installs Chromium for the browser tests without ever failing for it: apt-get waits for the lock
of another install, and an install that still fails skips the browser tests with the reason said.

Its ``install_chromium`` step runs alone (the script, sourced, only defines its steps) on a PATH of fakes: ``id``
says root, ``sleep`` returns at once, and ``apt-get`` logs its arguments and fails as each test says."""

from __future__ import annotations

import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "test.sh"
SKIPPED = "the browser tests will be skipped"


def fake(folder: Path, name: str, body: str) -> None:
    tool = folder / name
    tool.write_text(f"#!/bin/bash\n{body}\n")
    tool.chmod(0o755)


Run = tuple[subprocess.CompletedProcess[str], list[str]]


def install_chromium(tmp_path: Path, apt_get: str, *, wait: int | None = None) -> Run:
    """Run the step with ``apt_get`` as the fake apt-get's body (its arguments are ``-o``, the lock timeout, then
    what it is asked: ``$3`` is ``update`` or ``install``) and ``APT_WAIT`` set to ``wait`` when given; the run,
    and the apt-get calls logged."""
    tools = tmp_path / "bin"
    tools.mkdir()
    log = tmp_path / "apt.log"
    fake(tools, "id", "echo 0")
    fake(tools, "sleep", ":")
    fake(tools, "apt-get", f'log={log}\necho "$*" >> "$log"\n{apt_get}')
    waiting = "" if wait is None else f"APT_WAIT={wait}; "
    done = subprocess.run(["/bin/bash", "-c", f'source "{SCRIPT}"; {waiting}install_chromium; echo "done $?"'],
                          env={"PATH": str(tools)}, capture_output=True, text=True, timeout=60)
    return done, log.read_text().splitlines() if log.exists() else []


def test_a_held_lock_skips_the_browser_tests_and_says_why(tmp_path: Path) -> None:
    done, calls = install_chromium(tmp_path, "exit 100", wait=0)  # apt-get's exit status for a lock it cannot take
    assert done.returncode == 0 and done.stdout == "done 0\n"
    assert "could not be installed" in done.stderr and SKIPPED in done.stderr
    assert calls == ["-o DPkg::Lock::Timeout=0 update -qq"]


def test_apt_get_waits_for_the_lock_and_the_lists_lock_is_tried_again(tmp_path: Path) -> None:
    """The update fails twice (another holds the lists' lock), then goes through; the install waits on dpkg's."""
    tries = tmp_path / "tries"
    tries.write_text("0")
    done, calls = install_chromium(tmp_path, f"""if [ "$3" = update ]; then
  echo $(( $(< {tries}) + 1 )) > {tries}
  [ "$(< {tries})" -gt 2 ] || exit 100
fi""")
    assert done.returncode == 0 and done.stdout == "done 0\n" and done.stderr == ""
    waiting = "-o DPkg::Lock::Timeout=120"
    assert calls == [f"{waiting} update -qq"] * 3 + [f"{waiting} install -y -qq chromium"]


def test_a_failed_install_is_not_tried_again(tmp_path: Path) -> None:
    done, calls = install_chromium(tmp_path, '[ "$3" = install ] && exit 100; exit 0')
    assert done.returncode == 0 and SKIPPED in done.stderr
    assert [call.split()[2] for call in calls] == ["update", "install"]
