"""The ``pencilkit`` command line.

Each subcommand lives in a module of :mod:`pencilkit.commands` that exports
``COMMANDS``; this module only assembles them and turns errors into one line
and an exit code: 0 success, 1 a puzzle with no or several solutions or a
wrong answer, 2 bad input.  A command named on the line imports its own
module only (:data:`COMMAND_MODULES`), so a small solve does not wait for the
web server or the print sheets to load; help and unknown names load them all.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from .errors import PencilkitError

COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "solving": ("show", "check", "solve", "rate", "explain", "techniques", "hint"),
    "inspecting": ("inspect",),
    "counting": ("count",),
    "convert": ("convert",),
    "render": ("render",),
    "generate": ("generate",),
    "play": ("play",),
    "collection": ("collection",),
}
"""Modules of ``pencilkit.commands`` (in help order) and the names of the ``COMMANDS`` each exports."""

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT = 0, 1, 2


def _terminal_width() -> int:
    """The width help is wrapped to: ``$COLUMNS``, else the terminal's, else 80 (as ``shutil`` says,
    without importing it, which costs every start a few milliseconds)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 80
        except (AttributeError, ValueError, OSError):
            columns = 80
    return max(columns, 1)


class _Formatter(argparse.HelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=_terminal_width() - 2)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> None:  # type: ignore[override]
        checking = self.prog.endswith(" check") or getattr(self, "command", None) == "check"
        if checking and "unrecognized arguments" in message:
            message += " (an answer whose first row starts with - goes after --: pencilkit check PUZZLE -- ANSWER)"
        print(f"pencilkit: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone when it is one."""
    from . import __version__
    from .genres import titles

    parser = _Parser(prog="pencilkit", description=f"Solve, rate, explain and generate {titles()}.")
    parser.command = command  # type: ignore[attr-defined]
    parser.add_argument("--version", action="version", version=f"pencilkit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    modules = [name for name, names in COMMAND_MODULES.items() if command in names] or list(COMMAND_MODULES)
    for name in modules:
        module = importlib.import_module(f".commands.{name}", __package__)
        for each in module.COMMANDS:
            each.add_to(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv[0] if argv else None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version, or a bad option (already told on stderr)
        return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
    try:
        return int(args.run(args))
    except PencilkitError as e:
        print(f"pencilkit: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("pencilkit: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
