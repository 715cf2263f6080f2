"""Subcommands of the ``pencilkit`` CLI, one module per group."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

EXITS = ("exit status: 0 done (a unique solution, a correct answer); 1 no solution or several, a wrong "
         "answer, or out of time; 2 bad input (one line on stderr names it)")
"""What a command's exit status means, as its help says."""
EXITS_PLAIN = "exit status: 0 done; 2 bad input (one line on stderr names it)"
"""The same for a command that only reads, writes or serves."""


@dataclass(frozen=True)
class Command:
    """A subcommand: name, one-line help, its options and what it runs."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    exits: str = EXITS

    def add_to(self, sub: Any) -> None:
        parser = sub.add_parser(self.name, help=self.help, description=self.help, epilog=self.exits)
        self.configure(parser)
        parser.set_defaults(run=self.run)


def status_word(status: Any) -> str:
    """A solve status as the CLI's text says it: ``several`` where the JSON value (``status.value``, kept for
    scripts and the web player) is ``multiple``, so every command uses the word ``inspect`` and the help use."""
    value = str(getattr(status, "value", status))
    return "several" if value == "multiple" else value


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``1 puzzle``, ``2 puzzles``: a count with its noun in the right number (``many`` for an irregular one)."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def positive(text: str) -> float:
    """An option's value that must be a positive, finite number (seconds, sizes)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, not {text!r}")
    return value


def add_time(parser: argparse.ArgumentParser, default: float, help: str) -> None:
    """``--time SECONDS``, the time budget every command names so; ``--time-budget``, its older name, still
    works (hidden from help).  Both fill ``args.time_budget``."""
    parser.add_argument("--time", dest="time_budget", type=positive, default=default, metavar="SECONDS", help=help)
    parser.add_argument("--time-budget", dest="time_budget", type=positive, default=argparse.SUPPRESS,
                        help=argparse.SUPPRESS)


def emit_json(data: Any) -> None:
    """Print one JSON document (one line)."""
    sys.stdout.write(json.dumps(data, separators=(",", ":")) + "\n")


def add_puzzle_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("puzzle", metavar="PUZZLE",
                        help="a puzzle in any format (ID, text grid, JSON, puzz.link or penpa-edit URL, pzprv3, "
                             "Janko text or a janko.at page); a file; or - for standard input")
    parser.add_argument("--genre", help="genre of a bare grid, Janko text or penpa-edit URL that names none")


MAX_JOBS_PER_CORE = 4
"""Most worker processes a --jobs may ask for, per core: each costs memory and a process, and past the cores
they only take turns."""
MAX_COUNT = 100_000
"""Most puzzles a --count may ask for (a collection's whole spec has the same bound, ``store.spec.MAX_SLOTS``)."""
MAX_NODES = 10**12
"""Largest node budget: days of search, well inside the core's 64-bit counter."""


def whole_number(low: int, high: int, why: str = "") -> Callable[[str], int]:
    """An option's type: a whole number from ``low`` to ``high``, so that no value crashes or hangs what it
    sizes (``why`` says where ``high`` comes from)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {low} to {high}{why}, not {text!r}")
        return value

    return parse


def number_in(low: float, high: float) -> Callable[[str], float]:
    """An option's type: a positive number from ``low`` to ``high`` (sizes, whose extremes break a drawing)."""

    def parse(text: str) -> float:
        value = positive(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected a number from {low:g} to {high:g}, not {text!r}")
        return value

    return parse


def max_jobs() -> int:
    """The most workers --jobs takes on this machine (:data:`MAX_JOBS_PER_CORE` a core)."""
    return MAX_JOBS_PER_CORE * (os.cpu_count() or 1)


def worker_count(text: str) -> int:
    """A --jobs value: 1 to :func:`max_jobs` worker processes."""
    return whole_number(1, max_jobs(), f" ({MAX_JOBS_PER_CORE} a core)")(text)


def add_jobs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", "-j", type=worker_count, default=1,
                        help=f"worker processes for a batch, at most {MAX_JOBS_PER_CORE} a core (default 1; results "
                             "still come in input order)")


def in_order(work: Callable[[T], R], items: Iterable[T], jobs: int) -> Iterator[R]:
    """``work`` on each item, on ``jobs`` worker processes, each result as soon as it and those before it are
    done (so a batch streams, in input order).  ``work`` must be a module-level function."""
    if jobs < 1:
        from ..errors import PencilkitError

        raise PencilkitError(f"--jobs must be positive, not {jobs}")
    if jobs == 1:
        yield from map(work, items)
        return
    from ..store.pool import local_pool

    with local_pool(jobs) as pool:
        yield from pool.map(work, items)


class _Quiet:
    """A progress bar that shows nothing (standard error is not a terminal)."""

    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def progress(total: int) -> Any:
    """A tqdm bar with its ETA on an interactive standard error; nothing elsewhere (a log, a pipe)."""
    if not sys.stderr.isatty():
        return _Quiet()
    from tqdm import tqdm

    return tqdm(total=total, unit="puzzle", file=sys.stderr)
