"""Generation against a difficulty target: repair a candidate until the ladder rates it exactly.

The driver is genre-free.  A genre supplies a :class:`GenreGenerator`: a way
to *start* a candidate (a solved board with clues, valid by construction) and
*repair* moves that change it in the light of an :class:`Assessment`.  The
driver assesses each candidate with the genre's own ladder, the way Tatham's
generators do (solve at the level and at the level below):

* the ladder up to ``min(target, medium)`` screens it.  If it finishes, every
  step was sound, so the puzzle is unique and its rating is the hardest level
  used (the ladder tries cheaper techniques first, so a run capped at the
  level below passes through the same boards and stops short exactly when
  that level was needed);
* if it stalls, a search from the stalled board under a node budget looks for
  a second solution (cheaper than running the probing techniques on a puzzle
  that has one).  It tries first, at every branch, what agrees with the
  intended solution, so the first rival it meets differs from that solution
  deep down, in few cells; the rival is handed to the genre to remove;
* a search that runs out of nodes proves nothing; on boards of up to
  ``SETTLE_CELLS`` cells the ladder up to the target then runs on a copy of
  the stalled board, and a sound ladder that finishes proves the candidate
  unique and rates it.  Otherwise the candidate is *unknown* (past that size
  a stalled probing ladder over hundreds of open cells costs seconds and
  mostly fails), and the genre repairs it where the screening stalled;
* otherwise the ladder continues up to the target.  A puzzle it finishes with
  a technique of the target level is *exact*; one it cannot finish is harder
  than asked, and the genre repairs it where the ladder got stuck.

A genre may ask for several repairs at each step from a stalled candidate
(:meth:`GenreGenerator.breadth`): the driver screens each with the ladder up
to ``min(target, medium)`` and goes on with the one that leaves the fewest
cells open, or with the first that decides ``ENOUGH_GAIN`` of the open cells.
Each repair starts from the closest candidate of the attempt so far, with one
allowance: a change that moves away from the target is followed for up to
``MAX_DETOUR`` more changes (a harder puzzle often passes through one with a
second solution), then dropped; one that keeps the distance is kept, so the
search can cross plateaus.  Repairs often come back to a candidate seen
before (about one in ten at 10x10 expert), so a run keeps each candidate's
assessment, by its puzzle and intended solution, and does not assess it
twice; the assessment depends on nothing else, so this changes no outcome.
An attempt starts over after ``patience``
changes without getting closer (the genre says how many).  The time budget
belongs to the whole run, not to one attempt, because restarts are cheap.  Every random choice goes
through one ``random.Random`` seeded by the seed and the level (:func:`run_random`: each level of a
seed paints its own board), and the only limit inside an assessment is
a node count, so a seed gives the same puzzle on every machine; the clock only
decides when to stop.

A delivered puzzle is checked once more before it leaves, in one solve from
the empty board: the ladder up to the level below stalls, and the ladder up to
its level then finishes it with the intended solution.  When the budget runs out, the run returns the proven-unique
candidate whose true rating is closest to the target, marked inexact, or
raises :class:`GenerationFailed`.  It never returns a puzzle not proven unique.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from ..errors import PencilkitError
from ..grid import MAX_SIDE
from .board import Board, Contradiction
from .budget import Budget, Cancel, OutOfTime, part
from .difficulty import Difficulty, difficulty
from .generator import (
    Assessment,
    Candidate,
    Generated,
    GenerationFailed,
    GenreGenerator,
    Outcome,
)
from .genre import Genre
from .ladder import Trace
from .levels import GENERATABLE, Level
from .ruleset import Ruleset
from .search import count
from .symmetry import PUBLISHED, Symmetry, as_published

DEFAULT_SECONDS = 60.0
"""Seconds one puzzle may take unless the caller says otherwise."""
SEARCH_NODES = 400
"""Search nodes an assessment spends looking for a second solution."""
SETTLE_CELLS = 1600
"""The most cells (40x40) of a board on which a candidate the search leaves unknown gets the ladder up to the
target; past it a stalled ladder over hundreds of open cells costs more than it settles."""
ENOUGH_GAIN = 0.1
"""Share of a stalled candidate's open cells a repair must decide to end the draw of repairs at once."""
MAX_DETOUR = 4
"""Changes in a row an attempt may take away from its closest candidate before going back to it."""


def check_request(generator: GenreGenerator, genre: str, rows: int, cols: int, level: Level,
                  seconds: float) -> None:
    """Raise ``PencilkitError`` for a shape, level or budget no run could honour."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PencilkitError(f"bad shape {rows}x{cols}: rows and columns are 1 to {MAX_SIDE}")
    if level not in GENERATABLE:
        choices = ", ".join(lv.label for lv in GENERATABLE)
        raise PencilkitError(f"cannot generate level {level.label}: choose one of {choices}")
    if not seconds > 0:
        raise PencilkitError(f"the time budget must be positive, not {seconds}")
    top = generator.max_level(rows, cols)
    if level > top:
        hardest = "bookkeeping (no puzzle needs a technique)" if top < Level.EASY else top.label
        raise PencilkitError(
            f"no {rows}x{cols} {genre} puzzle is {level.label}: the hardest this shape allows is {hardest}")


def run_random(seed: int, level: Level) -> random.Random:
    """The random source of a run for ``level`` from ``seed``: seeded by both (a string seed is hashed
    the same way on every machine), so the levels of one seed start from different boards."""
    return random.Random(f"{seed}:{level.label}")


def generate_one(
    generator: GenreGenerator,
    genre: Genre,
    rows: int,
    cols: int,
    level: Level,
    *,
    seed: int,
    seconds: float = DEFAULT_SECONDS,
    nodes: int = SEARCH_NODES,
    cancel: Cancel | None = None,
    scores: tuple[int, int] | None = None,
) -> Generated:
    """One puzzle rated exactly ``level``, or the closest proven-unique one when ``seconds`` run out.

    With ``scores`` (lowest, highest), a puzzle of the level whose difficulty
    score (:mod:`.difficulty`) falls outside them is set aside and the run
    starts a new attempt; when the time ends, the set-aside puzzle whose score
    came nearest is returned (rated exactly, its score outside).  Raises
    :class:`GenerationFailed` when the time ends before any proven-unique
    candidate turned up.  Setting ``cancel`` ends the run as the end of its
    time does (every ladder run inside watches the run's budget).
    """
    start = time.perf_counter()
    run = Budget(seconds=seconds, cancel=cancel)
    rng = run_random(seed, level)
    style = generator.style_for(rows, cols, level)
    fallback: tuple[tuple[int, int], Candidate, Level] | None = None
    aside: tuple[int, Candidate, int] | None = None
    seen: dict[tuple[str, int], Assessment] = {}
    screened: dict[tuple[str, int], int] = {}
    attempts = changes = 0
    try:
        while not run.expired():
            attempts += 1
            candidate = generator.start(rows, cols, level, rng, run)
            if candidate is None:
                continue
            screen: Screen | None = None
            closest: tuple[tuple[int, int], Candidate, Assessment] | None = None
            stale = detour = 0
            patience = generator.patience(rows, cols, level)
            while stale <= patience:
                key = (candidate.puzzle.id(), candidate.solution.shaded)
                assessment = seen.get(key) or assess(candidate, genre, level, nodes=nodes, budget=run,
                                                     screen=screen)
                seen[key] = assessment
                changes += 1
                if assessment.outcome is Outcome.EXACT:
                    left = run.left()
                    candidate = generator.dress(candidate, level, rng,
                                                run if left is None else part(run, seconds=left * DRESS_SHARE))
                    score = confirm(candidate, genre, level, budget=run).score
                    miss = _outside(score, scores)
                    if not miss:
                        return Generated(candidate.puzzle, candidate.solution, level, level, seed, attempts,
                                         changes, time.perf_counter() - start, style, generator.symmetry, score)
                    if aside is None or miss < aside[0]:
                        aside = (miss, candidate, score)
                    break
                if assessment.rating is not None:
                    gap = (abs(int(assessment.rating) - int(level)), -int(assessment.rating))
                    if fallback is None or gap < fallback[0]:
                        fallback = (gap, candidate, assessment.rating)
                distance = assessment.distance(level)
                current = (distance, candidate, assessment)
                if closest is None or distance < closest[0]:
                    closest, stale, detour = current, 0, 0
                else:
                    stale += 1
                    if distance == closest[0]:
                        closest, detour = current, 0
                    else:
                        detour += 1
                base = current if 0 < detour <= MAX_DETOUR else closest
                changed = _repair(generator, base[1], base[2], genre, level, rng, screened, run)
                if changed is None:
                    break
                candidate, screen = changed
    except OutOfTime:
        pass
    if aside is not None:
        _, candidate, score = aside
        return Generated(candidate.puzzle, candidate.solution, level, level, seed, attempts, changes,
                         time.perf_counter() - start, style, generator.symmetry, score)
    if fallback is None:
        raise out_of_time(rows, cols, seconds, attempts, changes)
    _, candidate, rating = fallback
    return Generated(candidate.puzzle, candidate.solution, rating, level, seed, attempts, changes,
                     time.perf_counter() - start, style, generator.symmetry)


@dataclass(frozen=True)
class Screen:
    """A candidate's board after the screening ladder (up to ``min(target, medium)``), with the
    hardest level that ladder used: where :func:`assess` starts instead of solving it again."""

    board: Board
    hardest: Level


def _repair(generator: GenreGenerator, base: Candidate, assessment: Assessment, genre: Genre,
            target: Level, rng: random.Random, screened: dict[tuple[str, int], int],
            budget: Budget | None = None) -> tuple[Candidate, Screen | None] | None:
    """The genre's repair of ``base``; from a stalled candidate, the best of ``breadth`` repairs.

    Best is the fewest cells left open by the screening ladder (up to
    ``min(target, medium)``), the first drawn among equals; ``screened``
    keeps each candidate's count for the run.  The choice comes with its
    screened board when it was screened here.  The draw ends early at a
    repair that leaves at most ``1 - ENOUGH_GAIN`` of the base's open cells
    open, a finished one included: a good step now is worth more than the
    best step a few screens later.
    """
    breadth = 1
    if assessment.stalled is not None:
        breadth = generator.breadth(base.puzzle.rows, base.puzzle.cols, target)
    if breadth <= 1:
        changed = generator.repair(base, assessment, target, rng, budget)
        return None if changed is None else (changed, None)
    best: tuple[int, Candidate, Screen | None] | None = None
    enough = assessment.open_cells * (1 - ENOUGH_GAIN)
    for _ in range(breadth):
        changed = generator.repair(base, assessment, target, rng, budget)
        if changed is None:
            continue
        key = (changed.puzzle.id(), changed.solution.shaded)
        left = screened.get(key)
        screen = None
        if left is None:
            board = genre.start(changed.puzzle)
            hardest = genre.ruleset.run(board, max_level=min(target, Level.MEDIUM), budget=budget).hardest
            left = screened[key] = board.undecided.bit_count()
            screen = Screen(board, hardest)
        if best is None or left < best[0]:
            best = (left, changed, screen)
            if left <= enough:
                break
    return None if best is None else best[1:]


def assess(candidate: Candidate, genre: Genre, target: Level, *, nodes: int = SEARCH_NODES,
           budget: Budget | None = None, screen: Screen | None = None, settle: bool = True) -> Assessment:
    """Rate ``candidate`` against ``target``: exact, easier, harder, multiple or unknown.

    The screening ladder (up to ``min(target, medium)``) runs first, or
    ``screen`` holds what it left.  Where it stalls, a search of at most
    ``nodes`` nodes, nearest the intended solution first, looks for a second
    solution.  Unless it finds one, the ladder up to ``target`` runs on: where
    the search ran out of nodes, a sound ladder that finishes still proves
    the candidate unique (on boards of up to ``SETTLE_CELLS`` cells); one it
    cannot finish is left UNKNOWN with the screening ladder's board, as it is
    at once with ``settle`` false (cheaper, for a change that may as well be
    turned down).

    Raises :class:`OutOfTime` when the ``budget`` runs out, and ``RuntimeError``
    if the ladder refutes or misses the intended solution (an unsound technique).
    """
    ruleset = genre.ruleset
    screening = min(target, Level.MEDIUM)
    if screen is None:
        board = genre.start(candidate.puzzle)
        trace = Trace(record=False)
        _run(ruleset, board, screening, trace, budget)
    else:
        board = screen.board
        trace = Trace(record=False, hardest=screen.hardest)
    if not board.undecided:
        return _finished(candidate, board, trace, target)
    found = count(board, ruleset, limit=2, budget=part(budget, nodes=nodes), level=Level.MEDIUM,
                  near=candidate.solution.shaded)
    if budget is not None:
        budget.check()
    rivals = [s for s in found.solutions if s.shaded != candidate.solution.shaded]
    if rivals:
        return Assessment(Outcome.MULTIPLE, stalled=board, rival=rivals[0])
    if found.exhaustive and not found.solutions:
        raise RuntimeError(f"the search refuted the intended solution of {candidate.puzzle.id()}")
    if not found.exhaustive:
        if settle and target > screening and board.grid.size <= SETTLE_CELLS:
            settled = board.copy()
            _run(ruleset, settled, target, trace, budget)
            if not settled.undecided:
                return _finished(candidate, settled, trace, target)
        return Assessment(Outcome.UNKNOWN, stalled=board)
    if target > screening:
        _run(ruleset, board, target, trace, budget)
        if not board.undecided:
            return _finished(candidate, board, trace, target)
    rating = Level.SEARCH if target is Level.EXPERT else None
    return Assessment(Outcome.HARDER, rating=rating, stalled=board)


def _outside(score: int, scores: tuple[int, int] | None) -> int:
    """How far ``score`` lies outside ``scores`` (0 inside, or with no range asked)."""
    if scores is None:
        return 0
    low, high = scores
    return max(low - score, score - high, 0)


def confirm(candidate: Candidate, genre: Genre, level: Level, *, budget: Budget | None = None) -> Difficulty:
    """Check from scratch that the level below stalls on the candidate and ``level`` then finishes it; the
    difficulty of that solving path.

    The ladder below runs from the empty board to its fixpoint and must leave
    cells open; the ladder up to ``level`` continues from there and must
    finish with the intended solution.  That is one solve, not two, and the
    same solve as one up to ``level`` from scratch: the ladder tries cheaper
    techniques first and starts again from the cheapest after every step, so
    a solve up to ``level`` takes exactly the steps of the lower ladder until
    that ladder's fixpoint, and only then a step of ``level``.
    """
    board = genre.start(candidate.puzzle)
    trace = Trace(record=True)
    genre.ruleset.run(board, max_level=Level(level - 1), trace=trace, budget=budget)
    if not board.undecided:
        raise RuntimeError(f"{candidate.puzzle.id()} is finished by the ladder below {level.label}")
    genre.ruleset.run(board, max_level=level, trace=trace, budget=budget)
    if board.undecided or board.shaded != candidate.solution.shaded:
        raise RuntimeError(f"{candidate.puzzle.id()} did not rate {level.label} on a second solve")
    return difficulty(trace.steps, level)


def _finished(candidate: Candidate, board: Board, trace: Trace, target: Level) -> Assessment:
    if board.shaded != candidate.solution.shaded:
        raise RuntimeError(f"the ladder solved {candidate.puzzle.id()} away from its intended solution")
    rating = trace.hardest
    outcome = Outcome.EXACT if rating == target else Outcome.EASIER
    return Assessment(outcome, rating=rating)


def _run(ruleset: Ruleset, board: Board, level: Level, trace: Trace, budget: Budget | None) -> None:
    """The ladder up to ``level`` to its fixpoint; :class:`OutOfTime` once ``budget`` runs out."""
    try:
        ruleset.run(board, max_level=level, trace=trace, budget=budget)
    except Contradiction as broken:
        raise RuntimeError(f"the ladder refuted the intended solution: {broken.reason}") from None


def symmetric(generator: GenreGenerator, genre: str, kind: Symmetry, rows: int, cols: int) -> GenreGenerator:
    """``generator`` keeping ``kind`` on a ``rows`` x ``cols`` board; a one-line error when the genre's
    generator cannot, or the board has no such symmetry."""
    if kind not in generator.symmetries:
        offered = ", ".join(k.value for k in generator.symmetries)
        raise PencilkitError(f"{genre} puzzles cannot be made with {kind.value} symmetry: choose {offered}")
    if not kind.fits(rows, cols):
        raise PencilkitError(f"a {rows}x{cols} board has no {kind.value} symmetry (quarter turns need a square)")
    refused = generator.symmetry_refused(kind, rows, cols)
    if refused is not None:
        raise PencilkitError(refused)
    return generator.with_symmetry(kind)


def drawn(generator: GenreGenerator, rows: int, cols: int, seed: int) -> GenreGenerator:
    """``generator`` keeping the symmetry a puzzle of ``seed`` draws as often as published puzzles of the size
    keep it (a quarter turn the generator cannot keep on this shape gives way to a half turn, and none
    where it cannot keep what it drew)."""

    def keeps(kind: Symmetry) -> bool:
        return kind in generator.symmetries and generator.symmetry_refused(kind, rows, cols) is None

    kind = as_published(generator.published_symmetry, rows, cols, seed)
    if kind is Symmetry.ROT4 and not keeps(kind):
        kind = Symmetry.ROT2
    return generator.with_symmetry(kind if keeps(kind) else Symmetry.NONE)


def generate(
    genre: Genre,
    rows: int,
    cols: int,
    level: Level | str,
    *,
    seed: int | None = None,
    count: int = 1,
    seconds: float = DEFAULT_SECONDS,
    style: str | None = None,
    symmetry: Symmetry | str = PUBLISHED,
    cancel: Cancel | None = None,
    scores: tuple[int, int] | None = None,
) -> list[Generated]:
    """``count`` puzzles of ``genre`` at ``level``; puzzle ``k`` uses seed ``seed + k``.

    ``seconds`` apply to each puzzle; setting ``cancel`` calls the work off.  Without a seed, one is drawn
    from the operating system and reported with each puzzle.  ``style`` is one
    of the genre generator's styles (by default its first); ``symmetry``, one
    of its symmetries of clue positions (:mod:`.symmetry`), or ``"published"`` (the default: each puzzle
    keeps one as often as published puzzles of its size do); ``scores``, the range of difficulty scores
    asked for beside the level (:func:`check_scores`).
    """
    g = genre
    target = level if isinstance(level, Level) else Level.parse(level)
    if count < 1:
        raise PencilkitError(f"the count must be positive, not {count}")
    generator = g.generator()
    if style is not None:
        if style not in generator.styles:
            raise PencilkitError(f"unknown style {style!r} for {g.name}: choose one of {', '.join(generator.styles)}")
        generator = generator.styled(style)
    asked = Symmetry.asked(symmetry)
    if asked is not None:
        generator = symmetric(generator, g.name, asked, rows, cols)  # one it cannot keep: refused at once
    check_request(generator, g.name, rows, cols, target, seconds)
    if scores is not None:
        check_scores(target, scores)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    elif seed < 0:
        raise PencilkitError(f"the seed must not be negative, not {seed}")
    return [_one(generator, g, rows, cols, target, asked is None, seed=seed + k, seconds=seconds, cancel=cancel,
                 scores=scores) for k in range(count)]


def _one(generator: GenreGenerator, genre: Genre, rows: int, cols: int, level: Level, published: bool, *,
         seed: int, seconds: float, cancel: Cancel | None, scores: tuple[int, int] | None) -> Generated:
    """One puzzle of :func:`generate`, with the symmetry ``generator`` keeps or, when ``published``, one drawn
    as published puzzles keep it.  A drawn symmetry is a preference: when the puzzle does
    not come out exactly at its level within :data:`DRAWN_SHARE` of the time, the rest of the time makes
    it without one, and the better of the two is kept (so near the end of its time a seed's symmetry
    depends on the machine's speed, as any run that reaches its time limit does)."""
    keeping = drawn(generator, rows, cols, seed) if published else generator
    if not published or keeping.symmetry is Symmetry.NONE:
        return generate_one(keeping, genre, rows, cols, level, seed=seed, seconds=seconds, cancel=cancel,
                            scores=scores)
    start = time.perf_counter()
    share = seconds * DRAWN_SHARE
    first: Generated | None = None
    spent = (0, 0)  # attempts and changes of the symmetric try
    try:
        first = generate_one(keeping, genre, rows, cols, level, seed=seed, seconds=share, cancel=cancel,
                             scores=scores)
        spent = (first.attempts, first.changes)
    except GenerationFailed as failed:
        spent = (failed.attempts, failed.changes)
    if (first is not None and first.exact) or (cancel is not None and cancel.is_set()):
        if first is None:
            raise GenerationFailed(f"no unique {rows}x{cols} puzzle found before the work was called off",
                                   attempts=spent[0], changes=spent[1])
        return first
    plain: Generated | None = None
    try:
        plain = generate_one(generator, genre, rows, cols, level, seed=seed, seconds=seconds - share,
                             cancel=cancel, scores=scores)
        more = (plain.attempts, plain.changes)
    except GenerationFailed as failed:
        if first is None:
            raise out_of_time(rows, cols, seconds, spent[0] + failed.attempts, spent[1] + failed.changes) from None
        more = (failed.attempts, failed.changes)
    if plain is None:
        made = first
    elif first is None or plain.exact:
        made = plain
    else:
        made = min(first, plain, key=lambda one: abs(int(one.rating) - int(level)))
    assert made is not None
    # the puzzle's effort is both tries': the symmetric one's candidates and time count too
    return replace(made, attempts=spent[0] + more[0], changes=spent[1] + more[1],
                   seconds=time.perf_counter() - start)


def out_of_time(rows: int, cols: int, seconds: float, attempts: int, changes: int) -> GenerationFailed:
    """The error of a run whose ``seconds`` ended before any proven-unique candidate, with its effort."""
    return GenerationFailed(
        f"no unique {rows}x{cols} puzzle found in {seconds:g} s "
        f"({attempts} attempt{'s' * (attempts != 1)}, {changes} candidate{'s' * (changes != 1)}); "
        "try a longer time (--time)", attempts=attempts, changes=changes)


DRAWN_SHARE = 0.25
"""The share of a puzzle's time a symmetry drawn by default may take before the puzzle is made without one."""
DRESS_SHARE = 0.5
"""The share of the time left that a puzzle's dressing (:meth:`GenreGenerator.dress`) may take, so that
the check from scratch after it has time to run."""


def check_scores(level: Level, scores: tuple[int, int]) -> None:
    """A one-line error unless ``scores`` is a range that meets ``level``'s hundred (hard: 300-399)."""
    low, high = scores
    first, last = 100 * int(level), 100 * int(level) + 99
    if low > high or high < first or low > last:
        raise PencilkitError(f"no {level.label} puzzle scores {low}-{high}: a {level.label} puzzle scores "
                             f"{first}-{last}")


__all__ = [
    "DEFAULT_SECONDS",
    "Screen",
    "assess",
    "check_request",
    "check_scores",
    "confirm",
    "drawn",
    "generate",
    "generate_one",
    "run_random",
    "symmetric",
]
