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
        if checking and message.startswith("unrecognized arguments: -"):  # (not when the answer was after --)
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


def _option(parser: argparse.ArgumentParser, token: str) -> argparse.Action | None:
    """The option of ``parser`` that ``token`` names (exactly, or as an unambiguous prefix of a long one)."""
    if token in parser._option_string_actions:
        return parser._option_string_actions[token]
    if token.startswith("--") and "=" not in token:
        found = {action for name, action in parser._option_string_actions.items() if name.startswith(token)}
        if len(found) == 1:
            return found.pop()
    return None


def _is_option(parser: argparse.ArgumentParser, token: str) -> bool:
    """Whether argparse reads ``token`` as one of ``parser``'s options (with its value attached or not)."""
    if _option(parser, token) is not None:
        return True
    if token.startswith("--") and "=" in token:
        return _option(parser, token.split("=", 1)[0]) is not None
    return len(token) > 2 and token[0] == "-" and token[1] != "-" and _option(parser, token[:2]) is not None


def _takes_value(action: argparse.Action) -> bool:
    return action.nargs is None or action.nargs == 1


def _normalise(parser: argparse.ArgumentParser, tokens: list[str]) -> list[str]:
    """``tokens`` as argparse reads them right: an option's value that starts with ``-`` (``--answer ---/.#.``)
    is joined to it (``--answer=---/.#.``) unless it is an option itself; and with ``--``, the options before it
    go first, so that the positionals before and after ``--`` are read together (argparse would otherwise fill
    an optional positional with nothing at the first option, and refuse what follows ``--``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            if tokens and tokens[0] in action.choices:
                return tokens[:1] + _normalise(action.choices[tokens[0]], tokens[1:])
            return tokens
    end = tokens.index("--") if "--" in tokens else len(tokens)
    options: list[str] = []
    positionals: list[str] = []
    typed: list[str] = []
    k = 0
    while k < end:
        token = tokens[k]
        option = _option(parser, token)
        if option is not None and _takes_value(option) and k + 1 < end:
            value = tokens[k + 1]
            if value.startswith("-") and value != "-" and not _is_option(parser, value):
                long = next((name for name in option.option_strings if name.startswith("--")), token)
                joined = [f"{long}={value}"]
            else:
                joined = [token, value]
            options += joined
            typed += joined
            k += 2
            continue
        (options if token.startswith("-") and token != "-" else positionals).append(token)
        typed.append(token)
        k += 1
    if end == len(tokens):
        return typed
    return options + positionals + tokens[end:]


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv[0] if argv else None)
    try:
        args = parser.parse_args(_normalise(parser, argv))
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
