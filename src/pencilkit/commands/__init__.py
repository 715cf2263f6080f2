"""Subcommands of the ``pencilkit`` CLI, one module per group."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Command:
    """A subcommand: name, one-line help, its options and what it runs."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]

    def add_to(self, sub: Any) -> None:
        parser = sub.add_parser(self.name, help=self.help, description=self.help)
        self.configure(parser)
        parser.set_defaults(run=self.run)


def emit_json(data: Any) -> None:
    """Print one JSON document (one line)."""
    sys.stdout.write(json.dumps(data, separators=(",", ":")) + "\n")


def add_puzzle_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("puzzle", metavar="PUZZLE",
                        help="a puzzle ID, text grid, JSON or URL; a file; or - for standard input")
    parser.add_argument("--genre", help="genre of a bare grid that names none")
