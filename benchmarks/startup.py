"""Wall time of small commands, each a fresh process: what a user waits for at the prompt.

    python benchmarks/startup.py [--runs 20]

Each command runs ``--runs`` times in a new process, through the ``pencilkit``
script installed beside this interpreter, as a user types it (``python -m
pencilkit`` where there is none); the table gives median and p95 wall-clock
milliseconds, and the first row is the bare interpreter (``python -c pass``)
for scale.  A
first warm-up run writes the bytecode caches (even where
``PYTHONDONTWRITEBYTECODE`` is set).  The import cost behind a number:
``python -X importtime -m pencilkit solve ...``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

PUZZLE = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
SCRIPT = Path(sys.executable).with_name("pencilkit")
PENCILKIT = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "pencilkit"]
COMMANDS: list[tuple[str, list[str]]] = [
    ("python -c pass", [sys.executable, "-c", "pass"]),
    ("pencilkit solve 3x3", [*PENCILKIT, "solve", PUZZLE]),
    ("pencilkit convert --to url 3x3", [*PENCILKIT, "convert", "--to", "url", PUZZLE]),
    ("pencilkit check 3x3", [*PENCILKIT, "check", PUZZLE, "--", "---/-##/-#-"]),
    ("pencilkit --help", [*PENCILKIT, "--help"]),
]


ENVIRONMENT = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
"""The children may write and read bytecode caches, as an installed package does."""


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=ENVIRONMENT)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    print("| command | median ms | p95 ms |")
    print("|---|---|---|")
    for name, command in COMMANDS:
        timed(command)  # warm the file cache and the bytecode
        times = sorted(timed(command) for _ in range(args.runs))
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(f"| {name} | {statistics.median(times):.0f} | {p95:.0f} |")


if __name__ == "__main__":
    main()
