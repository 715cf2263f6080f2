"""``show``, ``check``, ``solve``, ``rate`` and ``explain``."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from .. import check as check_answer
from ..api import explain, hint, solve
from ..errors import FormatError, PencilkitError
from ..explanation import explanation_json, explanation_text
from ..formats import FORMATS, read_answer, read_puzzle, write_puzzle
from ..formats.puzzle_id import looks_like_id
from ..frame.levels import Level
from ..frame.search import DEFAULT_NODES
from ..frame.solve import Solution, Status
from ..genres import all_genres, find_genre
from ..io import is_json_lines, parse_record, read_source
from ..puzzle import Puzzle
from . import (
    EXITS_PLAIN,
    MAX_NODES,
    Command,
    add_jobs,
    add_puzzle_argument,
    emit_json,
    in_order,
    positive,
    progress,
    status_word,
    whole_number,
)
from .engines import add_engine_options, engine_solver

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT = 0, 1, 2


def load_puzzle(args: argparse.Namespace) -> Puzzle:
    return read_puzzle(read_source(args.puzzle), genre=getattr(args, "genre", None))


def add_budget(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--nodes", type=whole_number(1, MAX_NODES), default=DEFAULT_NODES,
                        help="node budget of depth-first search, which counts a stalled board only "
                             "without python-sat (default %(default)s)")
    parser.add_argument("--time", type=positive, default=60.0, metavar="SECONDS",
                        help="time budget per puzzle (default %(default)s)")
    parser.add_argument("--level", default="expert",
                        help="hardest technique level the ladder may use before search (default expert)")


def budget(args: argparse.Namespace) -> dict[str, Any]:
    if not math.isfinite(args.time) or args.time <= 0:
        raise PencilkitError(f"--time must be a positive number of seconds, not {args.time}")
    return {"nodes": args.nodes, "seconds": args.time, "max_level": Level.parse(args.level)}


# -- show --------------------------------------------------------------------


def configure_show(parser: argparse.ArgumentParser) -> None:
    add_puzzle_argument(parser)
    parser.add_argument("--format", "-f", default="text", choices=sorted(FORMATS), help="output format")
    parser.add_argument("--json", action="store_true", help="print a JSON summary")


def run_show(args: argparse.Namespace) -> int:
    puzzle = load_puzzle(args)
    if args.json:
        emit_json({"genre": puzzle.genre, "rows": puzzle.rows, "cols": puzzle.cols, "id": puzzle.id(),
                   "clues": len(puzzle.clues), "text": write_puzzle(puzzle, "text")})
    else:
        print(write_puzzle(puzzle, args.format))
    return EXIT_OK


# -- check -------------------------------------------------------------------


def configure_check(parser: argparse.ArgumentParser) -> None:
    add_puzzle_argument(parser)
    parser.add_argument("answer", metavar="ANSWER", nargs="?",
                        help="rows of # (shaded), - (unshaded), . (unmarked), a Janko text with a solution or "
                             "a penpa-edit URL: text, file, or -; an answer "
                             "whose first row starts with - goes after -- (pencilkit check PUZZLE -- ANSWER); "
                             "none for a JSON-lines batch whose records carry an 'answer'")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")


def run_check(args: argparse.Namespace) -> int:
    text = read_source(args.puzzle)
    if args.answer is None:
        if is_json_lines(args.puzzle, text):
            return run_check_batch(list(batch_records(text)))
        raise FormatError("check needs an ANSWER after the puzzle (one whose first row starts with - goes "
                          "after --: pencilkit check PUZZLE -- ANSWER)")
    puzzle = read_puzzle(text, genre=args.genre)
    if args.answer == "-" and args.puzzle == "-":
        raise FormatError("the puzzle and the answer cannot both come from standard input")
    answer = read_answer(read_source(args.answer), shape=(puzzle.rows, puzzle.cols))
    violations = check_answer(puzzle, answer)
    grid = puzzle.grid
    if args.json:
        emit_json({"correct": not violations, "violations": [v.to_json(grid) for v in violations]})
    elif not violations:
        print("correct")
    else:
        for v in violations:
            print(f"{v.rule} {v.title}: {v.message}")
    return EXIT_FAIL if violations else EXIT_OK


def run_check_batch(records: list[Record]) -> int:
    """Check each record's ``answer`` (or ``solution``); one JSON verdict a line."""
    worst = EXIT_OK
    for number, record, problem in records:
        out: dict[str, Any] = {"line": number} if record is None or "name" not in record else {"name": record["name"]}
        try:
            if record is None:
                raise FormatError(problem or f"line {number}: unreadable")
            given = record.get("answer", record.get("solution"))
            if given is None:
                raise FormatError(f"line {number}: the record has no 'answer'")
            puzzle = read_puzzle(str(record["puzzle"]), genre=record.get("genre"))
            answer = read_answer(json.dumps(given) if isinstance(given, list) else str(given),
                                 shape=(puzzle.rows, puzzle.cols))
            violations = check_answer(puzzle, answer)
        except PencilkitError as e:
            out.update(status="error", error=str(e))
            say_bad_line(number, str(e))
            worst = max(worst, EXIT_BAD_INPUT)
        else:
            out.update(correct=not violations, violations=[v.to_json(puzzle.grid) for v in violations])
            if violations:
                worst = max(worst, EXIT_FAIL)
        sys.stdout.write(json.dumps(out, separators=(",", ":")) + "\n")
    return worst


# -- solve -------------------------------------------------------------------


def configure_solve(parser: argparse.ArgumentParser) -> None:
    add_puzzle_argument(parser)
    add_budget(parser)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    add_jobs(parser)


def configure_solve_engines(parser: argparse.ArgumentParser) -> None:
    configure_solve(parser)
    add_engine_options(parser)


Record = tuple[int, "dict[str, Any] | None", "str | None"]
"""A batch line: its number, the record read from it (``None`` if it could not be), and the problem."""


def batch_records(text: str) -> Iterator[Record]:
    """Each record of a JSON-lines text, or the problem with its line (a batch goes on past bad lines)."""
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield number, parse_record(line, number), None
        except FormatError as e:
            yield number, None, str(e)


def batch_of(arg: str, text: str) -> list[Record] | None:
    """The records of a batch input (JSON lines, or one puzzle ID or URL a line); ``None`` for one puzzle."""
    if is_json_lines(arg, text):
        return list(batch_records(text))
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) < 2:
        return None
    from ..formats.url import looks_like_url

    if all(looks_like_id(line) or looks_like_url(line) for _, line in lines):
        return [(n, {"puzzle": line}, None) for n, line in lines]
    return None


def run_solve(args: argparse.Namespace) -> int:
    text = read_source(args.puzzle)
    options = budget(args)
    solver = engine_solver(args)
    records = batch_of(args.puzzle, text)
    if records is not None:
        return run_batch(records, options, solver, jobs=args.jobs)
    puzzle = read_puzzle(text, genre=args.genre)
    solution = solver(puzzle, **options)
    if args.json:
        emit_json(solution.to_json())
    else:
        print(solution_text(solution))
    return EXIT_OK if solution.status in (Status.UNIQUE, Status.FOUND) else EXIT_FAIL


def solution_text(solution: Solution) -> str:
    rating = solution.rating.label if solution.rating is not None else "-"
    head = f"{status_word(solution.status)} · rating {rating} · {solution.seconds * 1000:.1f} ms"
    if solution.status is Status.MULTIPLE:
        grids = ["\n".join(a.to_rows()) for a in solution.solutions]
        return head + "\n" + "\n\n".join(grids)
    if solution.answer is not None:
        return head + "\n" + "\n".join(solution.answer.to_rows())
    if solution.contradiction:
        return head + f"\n{solution.contradiction}"
    return head


def run_batch(records: list[Record], options: dict[str, Any], solver: Any = solve,
              view: Callable[[Solution], dict[str, Any]] = Solution.to_json, jobs: int = 1) -> int:
    """Solve each record and print one JSON line each, in input order, as soon as it and those before it are
    done (on ``jobs`` worker processes), with a progress bar on a terminal."""
    bar = progress(len(records))
    worst = EXIT_OK
    results = in_order(partial(batch_line, solver, view, options), records, jobs)
    for (number, _, _), (line, code) in zip(records, results):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
        if code == EXIT_BAD_INPUT:
            say_bad_line(number, json.loads(line)["error"])
        worst = max(worst, code)
        bar.update(1)
    bar.close()
    return worst


def say_bad_line(number: int, error: str) -> None:
    """The one line on stderr for a batch line that is bad input (its record on stdout says it too), so that
    exit status 2 is never silent."""
    where = f"line {number}: "
    print(f"pencilkit: error: {error if error.startswith(where) else where + error}", file=sys.stderr)


def batch_line(solver: Any, view: Callable[[Solution], dict[str, Any]], options: dict[str, Any],
               item: Record) -> tuple[str, int]:
    """One record's JSON line and its exit status (a worker's job)."""
    number, record, problem = item
    if record is None:
        return json.dumps({"line": number, "status": "error", "error": problem}, separators=(",", ":")), EXIT_BAD_INPUT
    out: dict[str, Any] = {"line": number} if "name" not in record else {"name": record["name"]}
    code = EXIT_OK
    start = time.perf_counter()
    try:
        puzzle = read_puzzle(str(record["puzzle"]), genre=record.get("genre"))
        solution = solver(puzzle, **options)
    except PencilkitError as e:
        out.update(status="error", error=str(e), seconds=round(time.perf_counter() - start, 4))
        code = EXIT_BAD_INPUT
    else:
        out.update(view(solution))
        out.pop("puzzle", None)
        if solution.status not in (Status.UNIQUE, Status.FOUND):
            code = EXIT_FAIL
        if "solution" in record and solution.answer is not None:
            out["matches"] = solution.answer.to_rows() == record["solution"]
    return json.dumps(out, separators=(",", ":")), code


# -- rate --------------------------------------------------------------------


def rating_json(solution: Solution) -> dict[str, Any]:
    """The rating, and how often each technique was used (the solve must be recorded)."""
    data = solution.to_json()
    out = {k: data[k] for k in ("puzzle", "status", "rating", "profile", "seconds")}
    used: dict[str, int] = {}
    for step in solution.steps:
        used[step.technique] = used.get(step.technique, 0) + 1
    out["techniques"] = used
    found = solution.difficulty
    out["difficulty"] = found.to_json() if found is not None else None
    return out


def rating_text(solution: Solution) -> str:
    """``hard, score 342`` (the level and the score of the path), or why there is no rating."""
    if solution.rating is None:
        return f"unrated ({status_word(solution.status)})"
    found = solution.difficulty
    return solution.rating.label if found is None else f"{solution.rating.label}, score {found.score}"


def explain_each(args: argparse.Namespace, view: Callable[[Solution], dict[str, Any]],
                 text_of: Callable[[Solution], str]) -> int:
    """``rate`` and ``explain``: a recorded solve of the puzzle, printed as ``view`` (``--json``) or
    ``text_of``; a batch input prints ``view`` a line, on ``--jobs`` workers."""
    text = read_source(args.puzzle)
    records = batch_of(args.puzzle, text)
    if records is not None:
        return run_batch(records, budget(args), explain, view, jobs=args.jobs)
    solution = explain(read_puzzle(text, genre=args.genre), **budget(args))
    if args.json:
        emit_json(view(solution))
    else:
        print(text_of(solution))
    return EXIT_OK if solution.status is Status.UNIQUE else EXIT_FAIL


def run_rate(args: argparse.Namespace) -> int:
    return explain_each(args, rating_json, rating_text)


# -- techniques ----------------------------------------------------------------


def configure_techniques(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("genre", metavar="GENRE", nargs="?", default=None, help="one genre (default: every one)")
    parser.add_argument("--json", action="store_true", help="print them as JSON")


def examples(genre_name: str) -> dict[str, dict[str, str]]:
    """For each technique, its first step in the solves of the bundled collection: the reason and the puzzle."""
    from importlib.resources import files

    path = files("pencilkit") / "collections" / f"{genre_name}.jsonl"
    if not path.is_file():
        return {}
    found: dict[str, dict[str, str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        for step in explain(read_puzzle(record["puzzle"])).steps:
            if step.technique not in found:
                found[step.technique] = {"puzzle": record["puzzle"], "step": step.why}
    return found


def run_techniques(args: argparse.Namespace) -> int:
    chosen = [find_genre(args.genre)] if args.genre else all_genres()
    shown = {genre.name: examples(genre.name) for genre in chosen}
    if args.json:
        emit_json({genre.name: [{"name": t.name, "level": t.level.label, "summary": t.summary,
                                 "example": shown[genre.name].get(t.name)}
                                for t in genre.ruleset.ladder] for genre in chosen})
        return EXIT_OK
    for k, genre in enumerate(chosen):
        if k:
            print()
        print(f"{genre.title}:")
        width = max(len(t.name) for t in genre.ruleset.ladder)
        for technique in genre.ruleset.ladder:
            print(f"  {technique.level.label:<11} {technique.name:<{width}}  {technique.summary}")
            example = shown[genre.name].get(technique.name)
            if example is not None:
                print(f"  {'':<11} {'':<{width}}  e.g. {example['step']} ({example['puzzle']})")
    return EXIT_OK


# -- hint ----------------------------------------------------------------------


def configure_hint(parser: argparse.ArgumentParser) -> None:
    add_puzzle_argument(parser)
    parser.add_argument("answer", metavar="ANSWER", nargs="?",
                        help="your marks so far: rows of # (shaded), - (unshaded), . (unmarked), text, file or -; "
                             "none for the empty grid; marks whose first row starts with - go after --")
    parser.add_argument("--time", type=positive, default=60.0, metavar="SECONDS",
                        help="time budget of the solve behind the hint (default %(default)s)")
    parser.add_argument("--json", action="store_true", help="print the hint as JSON")


def run_hint(args: argparse.Namespace) -> int:
    puzzle = load_puzzle(args)
    answer = None
    if args.answer is not None:
        if args.answer == "-" and args.puzzle == "-":
            raise FormatError("the puzzle and the answer cannot both come from standard input")
        answer = read_answer(read_source(args.answer), shape=(puzzle.rows, puzzle.cols))
    given = hint(puzzle, answer, seconds=args.time)
    if args.json:
        emit_json(given.to_json(puzzle))
        return EXIT_OK if given.kind != "unavailable" else EXIT_FAIL
    head = given.kind
    if given.technique:
        head += f" · {given.level.label if given.level is not None else '-'} · {given.technique}"
    print(f"[{head}] {given.message}")
    grid = puzzle.grid
    if given.kind == "mistake":
        print(f"  wrong marks: {grid.names(given.shade | given.unshade, 99)}")
    elif given.shade | given.unshade:
        shaded, unshaded = find_genre(puzzle.genre).words
        if given.shade:
            print(f"  {shaded}: {grid.names(given.shade, 99)}")
        if given.unshade:
            print(f"  {unshaded}: {grid.names(given.unshade, 99)}")
    return EXIT_OK if given.kind != "unavailable" else EXIT_FAIL


# -- explain -----------------------------------------------------------------


def run_explain(args: argparse.Namespace) -> int:
    return explain_each(args, explanation_json, explanation_text)


COMMANDS = [
    Command("show", "Print a puzzle in any format.", configure_show, run_show, exits=EXITS_PLAIN),
    Command("check", "Check an answer and name every broken rule.", configure_check, run_check),
    Command("solve", "Solve a puzzle (or a JSON-lines file of them) and prove uniqueness.",
            configure_solve_engines, run_solve),
    Command("rate", "Rate a puzzle by the hardest technique its solve needs.", configure_solve, run_rate),
    Command("explain", "Explain a solve step by step.", configure_solve, run_explain),
    Command("techniques", "List every technique of a genre with its level and rule, cheapest first.",
            configure_techniques, run_techniques, exits="exit status: 0 done; 2 bad input"),
    Command("hint", "The next step from your marks so far: a wrong mark first, else the cheapest deduction.",
            configure_hint, run_hint,
            exits="exit status: 0 a hint; 1 no hint (the puzzle has no or several solutions); 2 bad input"),
]
