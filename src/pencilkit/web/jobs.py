"""The work behind each API call, as plain functions of a JSON body.

Each job takes the decoded request body (a ``dict``) and the :class:`Limits`,
checks every field, does the work and returns ``(status, payload)``.  They run
in worker processes, so they take and return only plain data, keep no state
between requests except a cache of solutions (a pure function of the puzzle),
and turn every :class:`~pencilkit.errors.PencilkitError` into a 400 answer
naming the problem.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..api import check as check_answer
from ..api import generate, inspect, solve
from ..errors import PencilkitError
from ..formats import read_answer, read_puzzle
from ..frame.budget import Budget, Cancel
from ..frame.generator import GenerationFailed
from ..frame.levels import GENERATABLE, Level
from ..frame.solve import Solution, Status
from ..frame.symmetry import PUBLISHED
from ..frame.genre import Genre
from ..genres import all_genres, find_genre
from ..grid import cells
from ..hints import hint_for
from ..puzzle import Answer, Puzzle
from .limits import Limits
from .mending import mending

Body = dict[str, Any]
Result = tuple[int, dict[str, Any]]

BAD_REQUEST, UNAVAILABLE = 400, 503


class BadRequest(PencilkitError):
    """A request field that is missing, of the wrong type or out of range."""


# -- reading fields ------------------------------------------------------------


def text_field(body: Body, name: str, *, required: bool = True, limit: int = 20_000) -> str | None:
    value = body.get(name)
    if value is None:
        if required:
            raise BadRequest(f"missing field {name!r}")
        return None
    if not isinstance(value, str):
        raise BadRequest(f"field {name!r} must be a string, not {type(value).__name__}")
    if len(value) > limit:
        raise BadRequest(f"field {name!r} is {len(value)} characters, over the limit of {limit}")
    return value


def int_field(body: Body, name: str, low: int, high: int, default: int | None = None) -> int:
    value = body.get(name, default)
    if value is None:
        raise BadRequest(f"missing field {name!r}")
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"field {name!r} must be a whole number, not {value!r}"[:200])
    if not low <= value <= high:
        raise BadRequest(f"field {name!r} is {value}: it must be {low} to {high}")
    return value


def seconds_field(body: Body, name: str, default: float, high: float) -> float:
    value = body.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadRequest(f"field {name!r} must be a number of seconds, not {value!r}"[:200])
    if not 0 < value <= high:
        raise BadRequest(f"field {name!r} is {value}: it must be more than 0 and at most {high:g}")
    return float(value)


def puzzle_field(body: Body, limits: Limits, name: str = "puzzle") -> Puzzle:
    text = text_field(body, name)
    assert text is not None
    genre = text_field(body, "genre", required=False, limit=40)
    puzzle = read_puzzle(text, genre=genre)
    if puzzle.rows > limits.max_side or puzzle.cols > limits.max_side:
        raise BadRequest(f"the board is {puzzle.rows}x{puzzle.cols}, over the player's limit of "
                         f"{limits.max_side}x{limits.max_side}")
    return puzzle


def answer_field(body: Body, puzzle: Puzzle) -> Answer:
    value = body.get("answer")
    if isinstance(value, list) and all(isinstance(row, str) for row in value):
        text = "\n".join(value)
    elif isinstance(value, str):
        text = value
    else:
        raise BadRequest("field 'answer' must be a list of rows of #, - and . (or one string of them)")
    if len(text) > 4 * puzzle.grid.size + 4 * puzzle.rows + 16:
        raise BadRequest(f"field 'answer' is too long for a {puzzle.rows}x{puzzle.cols} board")
    answer = read_answer(text)
    if (answer.rows, answer.cols) != (puzzle.rows, puzzle.cols):
        raise BadRequest(f"the answer is {answer.rows}x{answer.cols} but the puzzle is {puzzle.rows}x{puzzle.cols}")
    return answer


# -- what the page is told about puzzles ----------------------------------------


def puzzle_json(puzzle: Puzzle) -> dict[str, Any]:
    """Everything the page needs to draw a puzzle, play it and share it.

    ``rooms`` is the room of each cell in row-major order (``None`` for a board
    without rooms); ``fixed`` lists the cells the clues leave unshaded from the
    start (:meth:`Genre.start <pencilkit.frame.genre.Genre.start>`), which take
    no mark: a Nurikabe or Kurodoko clue cell, but no Heyawake number, whose
    cell may be black.
    """
    from ..formats.url import format_url

    genre = find_genre(puzzle.genre)
    try:
        url: str | None = format_url(puzzle)
    except PencilkitError:
        url = None
    return {
        "id": puzzle.id(),
        "genre": puzzle.genre,
        "title": genre.title,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "tokens": puzzle.tokens(),
        "rooms": None if puzzle.rooms is None else list(puzzle.rooms),
        "fixed": list(cells(genre.start(puzzle).unshaded)),
        "url": url,
        "words": list(genre.words),
    }


def can_generate(genre_name: str) -> bool:
    """Whether the genre has a generator."""
    try:
        find_genre(genre_name).generator()
    except PencilkitError:
        return False
    return True


def presets_json(genre: Genre, limits: Limits) -> list[dict[str, Any]]:
    """The New puzzle buttons of a genre (:attr:`~pencilkit.frame.genre.Genre.presets`), each
    ``{"level", "rows", "cols"}``, none larger than the API generates."""
    return [{"level": level, "rows": side, "cols": side}
            for level, side in genre.presets if side <= limits.max_generate_side]


def genres_json(limits: Limits) -> dict[str, Any]:
    """What ``GET /api/genres`` tells the page: each genre's texts; whether its board has rooms, whether its
    clues are drawn in circles, whether a numbered cell may be shaded (``shaded_clues``: a Heyawake or Hitori
    number's, not a Nurikabe or Kurodoko clue's) and whether every cell holds a number (``filled``: Hitori);
    whether it can be generated and its New puzzle buttons (``presets``); the levels; the limits."""
    return {
        "genres": [
            {"name": g.name, "title": g.title, "tagline": g.tagline, "summary": g.summary, "rules": g.rules,
             "words": list(g.words), "rooms": g.has_rooms, "circled": g.circled_clues,
             "shaded_clues": g.shaded_clues, "filled": g.filled,
             "generate": can_generate(g.name), "presets": presets_json(g, limits)}
            for g in all_genres()
        ],
        "levels": [level.label for level in GENERATABLE],
        "limits": {"max_side": limits.max_side, "max_generate_side": limits.max_generate_side,
                   "max_body": limits.max_body, "generate_seconds": limits.generate_seconds,
                   "max_generate_seconds": limits.max_generate_seconds,
                   "max_solve_seconds": limits.max_solve_seconds},
    }


def solution_json(solution: Solution) -> dict[str, Any]:
    """What the page is told of a solve (:meth:`Solution.to_json`): a solution only when it is the only one."""
    data = solution.to_json()
    out = {key: data[key] for key in ("status", "solution", "rating", "nodes", "seconds")}
    if solution.status is not Status.UNIQUE:
        out["solution"] = None
    return out


SOLVED: OrderedDict[tuple[str, float], Solution] = OrderedDict()
"""This worker's recent solves (a pure function of the puzzle's ID and budget), newest last."""
SOLVED_KEPT = 128


def solved(puzzle_id: str, seconds: float, cancel: Cancel | None = None) -> Solution:
    """The solve of a puzzle, kept per worker; a solve its client called off is not kept."""
    key = (puzzle_id, seconds)
    if key in SOLVED:
        SOLVED.move_to_end(key)
        return SOLVED[key]
    solution = solve(Puzzle.from_id(puzzle_id), seconds=seconds, cancel=cancel)
    if cancel is None or not cancel.is_set():
        SOLVED[key] = solution
        if len(SOLVED) > SOLVED_KEPT:
            SOLVED.popitem(last=False)
    return solution


# -- the jobs ------------------------------------------------------------------


def parse_job(body: Body, limits: Limits, cancel: Cancel | None = None) -> Result:
    puzzle = puzzle_field(body, limits, "text")
    return 200, {"puzzle": puzzle_json(puzzle)}


def wait_words(seconds: float) -> str:
    """A wait as the page's "Wait up to" menu names it: "10 s", "2 min"."""
    return f"{seconds / 60:g} min" if seconds >= 60 and seconds % 60 == 0 else f"{seconds:g} s"


def generate_job(body: Body, limits: Limits, cancel: Cancel | None = None) -> Result:
    genre_name = text_field(body, "genre", limit=40)
    assert genre_name is not None
    genre = find_genre(genre_name)
    rows = int_field(body, "rows", 1, limits.max_generate_side)
    cols = int_field(body, "cols", 1, limits.max_generate_side, default=rows)
    level_text = text_field(body, "level", limit=20) or "medium"
    level = Level.parse(level_text)
    seed = body.get("seed")
    if seed is not None:
        seed = int_field(body, "seed", 0, 2**31 - 1)
    budget = seconds_field(body, "time_budget", limits.generate_seconds, limits.max_generate_seconds)
    style = text_field(body, "style", required=False, limit=20)
    symmetry = text_field(body, "symmetry", required=False, limit=20) or PUBLISHED
    if not can_generate(genre.name):
        raise BadRequest(f"generation is not available for {genre.title} yet: paste a puzzle to play one")
    try:
        made = generate(genre.name, rows, cols, level, seed=seed, seconds=budget, style=style,
                        symmetry=symmetry, cancel=cancel)[0]
    except GenerationFailed:
        return UNAVAILABLE, {"error": f"the wait of {wait_words(budget)} ran out before a unique {rows}x{cols} "
                                      f"{genre.title} puzzle turned up: try a smaller board, an easier level or a "
                                      "longer wait (Wait up to)"}
    return 200, {"puzzle": puzzle_json(made.puzzle), "generated": made.to_json()}


def solve_job(body: Body, limits: Limits, cancel: Cancel | None = None) -> Result:
    puzzle = puzzle_field(body, limits)
    budget = seconds_field(body, "time_budget", limits.solve_seconds, limits.max_solve_seconds)
    return 200, {"puzzle": puzzle_json(puzzle), **solution_json(solved(puzzle.id(), budget, cancel))}


def certain_violations(puzzle: Puzzle, answer: Answer) -> set[tuple[str, int, str]]:
    """Violations that the unmarked cells cannot mend, as ``(rule, cells, message)``.

    The checker counts unmarked cells as unshaded.  A violation it also finds,
    word for word and on the same cells, when every unmarked cell (clues
    aside) is shaded instead does not depend on the unmarked cells at all: the
    components it names are walled in by marks, the counts it names are
    already fixed.  So it holds in every completion of the marks, and a board
    in progress can be told about it without noise from cells not yet played.
    (Cells the genre's starting board decides keep their value.)
    """
    start = find_genre(puzzle.genre).start(puzzle)
    unmarked = answer.unmarked
    shaded = Answer(puzzle.rows, puzzle.cols, answer.shaded | (unmarked & ~start.unshaded),
                    answer.unshaded | (unmarked & start.unshaded))
    return {(v.rule, v.cells, v.message) for v in check_answer(puzzle, shaded)}


def check_job(body: Body, limits: Limits, cancel: Cancel | None = None) -> Result:
    puzzle = puzzle_field(body, limits)
    answer = answer_field(body, puzzle)
    violations = check_answer(puzzle, answer)
    certain = certain_violations(puzzle, answer) if violations and answer.unmarked else set()
    grid = puzzle.grid
    return 200, {
        "correct": not violations,
        "violations": [{**v.to_json(grid), "indices": list(cells(v.cells)),
                        "certain": not answer.unmarked or (v.rule, v.cells, v.message) in certain}
                       for v in violations],
        "unmarked": answer.unmarked.bit_count(),
    }


def hint_job(body: Body, limits: Limits, cancel: Cancel | None = None) -> Result:
    puzzle = puzzle_field(body, limits)
    answer = answer_field(body, puzzle)
    return 200, hint_for(puzzle, answer, solved(puzzle.id(), limits.solve_seconds, cancel),
                         budget=Budget(seconds=limits.solve_seconds, cancel=cancel)).to_json(puzzle)


# -- the editor's jobs (static/editor.js) --------------------------------------


def inspect_job(body: Body, limits: Limits, cancel: Cancel | None = None) -> Result:
    """What a puzzle being made has (:func:`pencilkit.inspect`): one solution, none or several, and a
    suggested clue; for none, also what mends it (:func:`mending`); a newer edit calls it off (the page
    drops the request)."""
    puzzle = puzzle_field(body, limits)
    budget = seconds_field(body, "time_budget", limits.solve_seconds, limits.max_solve_seconds)
    start = time.perf_counter()
    found = inspect(puzzle, seconds=budget, cancel=cancel).to_json()
    if found["status"] == "none":
        found["mending"] = mending(puzzle, budget - (time.perf_counter() - start), cancel)
    return 200, {"puzzle": puzzle_json(puzzle), "inspection": found}


def sheet_job(body: Body, limits: Limits, cancel: Cancel | None = None) -> Result:
    """A print sheet of one puzzle (its solution on a second page when it has one): the SVG pages, what
    each page holds (``labels``: ``puzzle``, ``solution``), and the PDF in base64 when cairosvg can make it
    (else ``pdf`` is ``None`` and ``note`` says why: the page then saves every SVG page)."""
    import base64

    from ..formats.export import svgs_to_pdf
    from ..formats.sheet import SheetEntry, layout_sheet

    puzzle = puzzle_field(body, limits)
    title = text_field(body, "title", required=False, limit=80) or find_genre(puzzle.genre).title
    paper = text_field(body, "paper", required=False, limit=10) or "a4"
    solution = solved(puzzle.id(), limits.solve_seconds, cancel)
    unique = solution.status is Status.UNIQUE
    entry = SheetEntry(puzzle, title, solution.rating.label if unique and solution.rating else None,
                       solution.answer if unique else None)
    pages = layout_sheet([entry], paper=paper, title=title)
    try:
        pdf: str | None = base64.b64encode(svgs_to_pdf(pages)).decode("ascii")
        note = None
    except PencilkitError as missing:
        pdf, note = None, str(missing)
    labels = ["puzzle", "solution"][:len(pages)]
    return 200, {"pages": pages, "labels": labels, "pdf": pdf, "note": note}


# -- the job table ---------------------------------------------------------------


JOBS: dict[str, Callable[[Body, Limits, Cancel | None], Result]] = {
    "parse": parse_job,
    "generate": generate_job,
    "solve": solve_job,
    "check": check_job,
    "hint": hint_job,
    "inspect": inspect_job,  # the editor's
    "sheet": sheet_job,  # the editor's
}


STOP: Any = None
"""This worker's stop flag, a byte shared with the server, which raises it to call off the job running here."""
WATCH_SECONDS = 0.02
"""How often a worker's watcher looks at its stop flag."""
RUNNING: Cancel | None = None
"""The cancel flag the budget of this worker's running job holds."""


def use_stop_flag(flag: Any) -> None:
    """Keep the worker's stop flag and start the watcher that passes it on to the running job's cancel
    flag (a worker does, when it starts).  The server raises the flag in shared memory; the watcher sets
    the job's :class:`Cancel`, which the core looks at between steps and probes."""
    global STOP
    STOP = flag
    threading.Thread(target=_watch, args=(flag,), daemon=True, name="pencilkit-cancel-watcher").start()


def _watch(flag: Any) -> None:
    while True:
        time.sleep(WATCH_SECONDS)
        cancel = RUNNING
        if cancel is not None and flag.value:
            cancel.set()


def run_job(name: str, body: Body, limits: Limits) -> Result:
    """Run the job called ``name``; bad input becomes ``(400, {"error": ...})``.  In a worker its budget
    holds a cancel flag that the server's stop flag sets (set from the start if the job was called off
    before it began)."""
    global RUNNING
    cancel = RUNNING = None if STOP is None else Cancel()
    if cancel is not None and STOP.value:
        cancel.set()
    try:
        return JOBS[name](body, limits, cancel)
    except PencilkitError as bad:
        return BAD_REQUEST, {"error": str(bad)}
    finally:
        RUNNING = None


def warm_up() -> None:
    """Import and build what every job needs, so a worker's first request is not slow."""
    for genre in all_genres():
        genre.ruleset  # noqa: B018 - builds and caches the ruleset
