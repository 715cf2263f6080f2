"""Subcommands of the ``pencilkit`` CLI, one module per group."""

from __future__ import annotations

import argparse
import json
import math
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


def positive(text: str) -> float:
    """An option's value that must be a positive, finite number (seconds, sizes)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, not {text!r}")
    return value


def emit_json(data: Any) -> None:
    """Print one JSON document (one line)."""
    sys.stdout.write(json.dumps(data, separators=(",", ":")) + "\n")


def add_puzzle_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("puzzle", metavar="PUZZLE",
                        help="a puzzle in any format (ID, text grid, JSON, puzz.link or penpa-edit URL, pzprv3, "
                             "Janko text or a janko.at page); a file; or - for standard input")
    parser.add_argument("--genre", help="genre of a bare grid, Janko text or penpa-edit URL that names none")


def count(text: str) -> int:
    """An option's value that must be a whole number of at least 1 (workers, puzzles)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, not {text!r}")
    return value


def add_jobs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", "-j", type=count, default=1,
                        help="worker processes for a batch (default 1; results still come in input order)")


def in_order(work: Callable[[T], R], items: Iterable[T], jobs: int) -> Iterator[R]:
    """``work`` on each item, on ``jobs`` worker processes, each result as soon as it and those before it are
    done (so a batch streams, in input order).  ``work`` must be a module-level function."""
    if jobs < 1:
        from ..errors import PencilkitError

        raise PencilkitError(f"--jobs must be positive, not {jobs}")
    if jobs == 1:
        yield from map(work, items)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
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
