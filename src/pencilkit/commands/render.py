"""``render``: draw a puzzle, an answer, a solution or an answer's violations; or a print sheet.

One puzzle::

    pencilkit render PUZZLE [--answer A | --solution] [--check] [-o out.svg|out.png|out.pdf]

A sheet of several (JSON-lines files of records with a ``puzzle`` field or
with the puzzle's own ``clues`` and ``rooms`` rows, as a corpus of Heyawake
has; or several puzzle arguments), titles and ratings, solutions on the last
pages::

    pencilkit render --sheet puzzles.jsonl [more ...] -o sheet.pdf [--paper a4|letter]

Without ``-o`` the SVG goes to standard output.  Exit codes: 0 drawn, 1 the
answer breaks a rule (``--check``; the drawing is still written) or the puzzle
has no unique solution (``--solution``), 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .. import check as check_answer
from .. import jsontext
from ..api import solve
from ..errors import FormatError, PencilkitError
from ..formats import read_answer, read_puzzle
from ..formats.export import svg_to_pdf, svg_to_png, svgs_to_pdf
from ..formats.sheet import PAPERS, SheetEntry, layout_sheet
from ..formats.svg import CELL, render_svg
from ..frame.solve import Status
from ..io import is_json_lines, parse_record, read_source, write_file
from ..puzzle import Answer, Puzzle
from . import EXITS_PLAIN, Command, emit_json, number_in, positive, status_word

EXIT_OK, EXIT_FAIL = 0, 1
OUTPUT_KINDS = (".svg", ".png", ".pdf")
MIN_CELL, MAX_CELL = 1.0, 1000.0
"""The --cell sizes drawn, in points (1000 is 35 cm: past about 1e5 the fonts Cairo draws clues in fail)."""
MARGIN = 0.25
"""The white margin round one drawn puzzle, in cells."""
MAX_PNG_SIDE = 8192
"""Most pixels a PNG may have a side: 256 MiB of pixels while Cairo draws it (Cairo itself refuses 32768)."""
MAX_SCALE = 100.0
"""Most PNG pixels a point (7200 dpi)."""


def configure_render(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("puzzles", metavar="PUZZLE", nargs="+",
                        help="a puzzle in any format (ID, text grid, JSON, URL, pzprv3, Janko); a file; - for "
                             "standard input "
                             "(with --sheet: several, or JSON-lines files)")
    parser.add_argument("--genre", help="genre of a bare grid, Janko text or penpa-edit URL that names none")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--answer", "-a", metavar="ANSWER", help="draw this answer (# shaded, - unshaded, . unmarked)")
    shown.add_argument("--solution", action="store_true", help="solve the puzzle and draw its solution")
    parser.add_argument("--check", action="store_true", help="highlight the rules the answer breaks")
    parser.add_argument("--dots", choices=("auto", "on", "off"), default="auto",
                        help="draw unshaded marks as dots (auto: only in a partial answer)")
    parser.add_argument("--cell", type=number_in(MIN_CELL, MAX_CELL), default=CELL,
                        help=f"cell size in points, {MIN_CELL:g} to {MAX_CELL:g} (default %(default)s)")
    parser.add_argument("--output", "-o", metavar="FILE", help="write .svg, .png or .pdf (default: SVG to stdout)")
    parser.add_argument("--scale", type=number_in(0, MAX_SCALE), default=2.0,
                        help=f"PNG pixels per point, up to {MAX_SCALE:g} and {MAX_PNG_SIDE} pixels a side "
                             "(default %(default)s)")
    parser.add_argument("--json", action="store_true",
                        help="print what was drawn as JSON: the files written (or the SVG itself without -o), "
                             "and with --check the broken rules")
    sheet = parser.add_argument_group("print sheet")
    sheet.add_argument("--sheet", action="store_true", help="lay several puzzles out on pages, solutions last")
    sheet.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="page size (default a4)")
    sheet.add_argument("--title", default="pencilkit puzzles", help="sheet title printed on every page")
    sheet.add_argument("--per-page", type=int, metavar="N", help="puzzles per page (default: by board size)")
    sheet.add_argument("--no-solutions", action="store_true", help="leave out the solution pages")
    sheet.add_argument("--time", type=positive, default=30.0, metavar="SECONDS",
                       help="time budget to solve a puzzle that comes without solution or rating "
                            "(default %(default)s)")


def run_render(args: argparse.Namespace) -> int:
    kind = _output_kind(args.output)
    if args.sheet:
        return _run_sheet(args, kind)
    if len(args.puzzles) != 1:
        raise PencilkitError(f"render draws one puzzle, {len(args.puzzles)} were given: use --sheet for several")
    puzzle = read_puzzle(read_source(args.puzzles[0]), genre=args.genre)
    pad = args.cell * MARGIN
    if kind == ".png":
        check_png_size(puzzle.cols * args.cell + 2 * pad, puzzle.rows * args.cell + 2 * pad, args.scale)
    answer, status = _answer(puzzle, args)
    violations = None
    if args.check:
        if answer is None:
            raise PencilkitError("--check needs an answer to check: give --answer or --solution")
        violations = check_answer(puzzle, answer)
        for v in violations:
            print(f"{v.rule} {v.title}: {v.message}", file=sys.stderr)
    dots = {"auto": None, "on": True, "off": False}[args.dots]
    svg = render_svg(puzzle, answer, violations=violations, cell=args.cell, dots=dots, margin=pad)
    unique = status is None or status is Status.UNIQUE
    if args.json:
        drawn = _drawn(args.output, kind, [svg], args.scale)
        drawn.update(genre=puzzle.genre, rows=puzzle.rows, cols=puzzle.cols)
        if status is not None:
            drawn["status"] = status.value
        if violations is not None:
            drawn["violations"] = [v.to_json(puzzle.grid) for v in violations]
        emit_json(drawn)
    else:
        _write(args.output, kind, [svg], args.scale)
    if not unique:
        assert status is not None
        print(f"pencilkit: the puzzle has no unique solution ({status_word(status)}): drawn without one", file=sys.stderr)
        return EXIT_FAIL
    return EXIT_FAIL if violations else EXIT_OK


def _drawn(output: str | None, kind: str, pages: list[str], scale: float) -> dict[str, Any]:
    """Write the pages to files and say which as JSON; without a file, the SVG goes into the JSON itself."""
    if output is None or output == "-":
        if len(pages) > 1:
            raise PencilkitError(f"the sheet has {len(pages)} pages: give -o sheet.pdf or -o sheet.svg")
        return {"format": "svg", "pages": 1, "files": [], "svg": pages[0]}
    files = _write(output, kind, pages, scale, quiet=True)
    return {"format": kind[1:], "pages": len(pages), "files": [str(path) for path in files]}


def _answer(puzzle: Puzzle, args: argparse.Namespace) -> tuple[Answer | None, Status | None]:
    if args.answer is not None:
        answer = read_answer(read_source(args.answer), shape=(puzzle.rows, puzzle.cols))
        if (answer.rows, answer.cols) != (puzzle.rows, puzzle.cols):
            raise FormatError(
                f"the answer is {answer.rows}x{answer.cols} but the puzzle is {puzzle.rows}x{puzzle.cols}")
        return answer, None
    if args.solution:
        solution = solve(puzzle, seconds=args.time)
        return (solution.answer if solution.status is Status.UNIQUE else None), solution.status
    return None, None


def check_png_size(width: float, height: float, scale: float) -> None:
    """Refuse a PNG of a ``width`` x ``height`` point drawing at ``scale`` pixels a point that would be over
    :data:`MAX_PNG_SIDE` pixels a side, or under one (a ``PencilkitError`` before anything is drawn)."""
    sides = (width * scale, height * scale)
    if max(sides) > MAX_PNG_SIDE or min(sides) < 1:
        raise PencilkitError(f"a PNG of {sides[0]:.0f}x{sides[1]:.0f} pixels is out of bounds (1 to {MAX_PNG_SIDE} "
                             "a side): change --scale")


def _output_kind(output: str | None) -> str:
    if output is None or output == "-":
        return ".svg"
    suffix = Path(output).suffix.lower()
    if suffix not in OUTPUT_KINDS:
        raise PencilkitError(f"cannot write {output!r}: the output name must end in {', '.join(OUTPUT_KINDS)}")
    return suffix


def _write(output: str | None, kind: str, pages: list[str], scale: float, *, quiet: bool = False) -> list[Path]:
    """Write the pages: SVG (one file per page when several), PNG (one per page) or one PDF; the files
    written (none for standard output).  Several files are named on stderr unless ``quiet``."""
    if kind == ".pdf":
        assert output is not None
        write_file(output, svgs_to_pdf(pages) if len(pages) > 1 else svg_to_pdf(pages[0]))
        return [Path(output)]
    if output is None or output == "-":
        if len(pages) > 1:
            raise PencilkitError(f"the sheet has {len(pages)} pages: give -o sheet.pdf or -o sheet.svg")
        sys.stdout.write(pages[0])
        return []
    paths = page_paths(output, len(pages))
    for path, page in zip(paths, pages):
        if kind == ".png":
            write_file(path, svg_to_png(page, scale=scale))
        else:
            write_file(path, page)
        if len(pages) > 1 and not quiet:
            print(path, file=sys.stderr)
    return paths


def page_paths(output: str, count: int) -> list[Path]:
    """``out.svg`` for one page; ``out-1.svg``, ``out-2.svg``... for several."""
    path = Path(output)
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{k}{path.suffix}") for k in range(1, count + 1)]


# -- sheets ----------------------------------------------------------------------


def _run_sheet(args: argparse.Namespace, kind: str) -> int:
    if args.answer is not None or args.check:
        raise PencilkitError("--sheet draws puzzles and their solutions; --answer and --check are for one puzzle")
    if args.time <= 0:
        raise PencilkitError(f"--time must be positive, not {args.time}")
    if kind == ".png":
        check_png_size(*PAPERS[args.paper], args.scale)
    entries: list[SheetEntry] = []
    for arg in args.puzzles:
        entries.extend(sheet_entries(arg, args.genre, start=len(entries), seconds=args.time,
                                     want_solution=not args.no_solutions))
    pages = layout_sheet(entries, paper=args.paper, title=args.title, per_page=args.per_page,
                         with_solutions=not args.no_solutions)
    if args.json:
        emit_json({**_drawn(args.output, kind, pages, args.scale), "puzzles": len(entries)})
    else:
        _write(args.output, kind, pages, args.scale)
    return EXIT_OK


def sheet_entries(arg: str, genre: str | None, *, start: int, seconds: float,
                  want_solution: bool = True) -> list[SheetEntry]:
    """The puzzles of one argument: a JSON-lines file (or text) of records, or a single puzzle."""
    text = read_source(arg)
    if is_json_lines(arg, text):
        out: list[SheetEntry] = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = sheet_record(line, number)
            except FormatError as e:
                raise FormatError(f"{arg}, {e}") from None
            try:
                out.append(_entry(record, genre, start + len(out) + 1, seconds, want_solution))
            except PencilkitError as e:
                raise type(e)(f"{arg}, line {number}: {e}") from None
        return out
    puzzle = read_puzzle(text, genre=genre)
    return [_entry({"puzzle": puzzle}, genre, start + 1, seconds, want_solution)]


def sheet_record(line: str, number: int) -> dict[str, Any]:
    """One line of a JSON-lines file of puzzles: a record with a ``puzzle`` field, or a record that is a
    puzzle itself (its ``genre``, ``clues`` or ``grid`` rows and any ``rooms`` rows, as a corpus line of
    Heyawake is); else a ``FormatError`` naming the line."""
    try:
        return parse_record(line, number)
    except FormatError:
        try:
            record = jsontext.loads(line)
        except (json.JSONDecodeError, FormatError):
            record = None
        if isinstance(record, dict) and ("clues" in record or "grid" in record):
            return record
        raise


def _entry(record: dict[str, Any], genre: str | None, number: int, seconds: float,
           want_solution: bool) -> SheetEntry:
    value = record.get("puzzle")
    if isinstance(value, Puzzle):
        puzzle = value
    elif isinstance(value, str):
        puzzle = read_puzzle(value, genre=record.get("genre") or genre)
    else:
        puzzle = read_puzzle(json.dumps(record), genre=genre)
    title = str(record.get("title") or record.get("name") or f"Puzzle {number}")
    rating = record.get("rating")
    solution = None
    if isinstance(record.get("solution"), list):
        solution = Answer.from_rows(record["solution"])
    if rating is None or (want_solution and solution is None):
        solved = solve(puzzle, seconds=seconds)
        if solved.status is Status.UNIQUE:
            solution = solution or solved.answer
        if rating is None and solved.rating is not None:
            rating = solved.rating.label
    return SheetEntry(puzzle, title, str(rating) if rating is not None else None, solution)


COMMANDS = [
    Command("render", "Draw a puzzle, answer, solution or violations as SVG/PNG/PDF, or a print sheet.",
            configure_render, run_render, exits=EXITS_PLAIN),
]
