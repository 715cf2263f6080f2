"""The core against the brute-force oracle on random small boards, and its boundary against bad input.

* For random small puzzles of every genre and random partial boards, every
  rung of the ladder (techniques and probes), run alone in the core, decides
  only what every solution of the board agrees on and finds a contradiction
  only on a board without one; a solve's status agrees with the oracle's
  count.
* Whatever Python hands the core (shapes, clues, rooms, levels, masks,
  technique names) is either taken or refused with a ``ValueError`` /
  ``TypeError`` / ``OverflowError`` before anything is built: never a panic.
* A panic inside the core reaches Python as a ``RuntimeError``.

Each property runs 80 examples (``HYPOTHESIS_PROFILE=nightly``: 3,000; see tests/conftest.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import pencilkit
from pencilkit import _core
from pencilkit.errors import PuzzleError
from pencilkit.formats.url import rooms_from_borders
from pencilkit.frame import oracle
from pencilkit.frame.board import Contradiction
from pencilkit.genres import find_genre
from pencilkit.puzzle import Puzzle

GENRES = ("nurikabe", "kurodoko", "heyawake")


@st.composite
def small_puzzles(draw: st.DrawFn) -> Puzzle:
    """A random puzzle of at most 12 cells: clues anywhere (``?`` now and then), rooms for Heyawake."""
    genre = draw(st.sampled_from(GENRES))
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, 12 // rows))
    size = rows * cols
    cells = draw(st.lists(st.integers(0, size - 1), max_size=4, unique=True))
    if genre == "heyawake":
        marks = draw(st.lists(st.integers(0, 3), min_size=size, max_size=size))
        vertical = [marks[r * cols + c] != marks[r * cols + c + 1] for r in range(rows) for c in range(cols - 1)]
        horizontal = [marks[r * cols + c] != marks[(r + 1) * cols + c] for r in range(rows - 1) for c in range(cols)]
        labels = rooms = rooms_from_borders(rows, cols, vertical, horizontal)  # each connected group a room
        first: dict[int, int] = {}
        for cell, room in enumerate(rooms):
            first.setdefault(room, cell)
        clues = {first[rooms[c]]: draw(st.one_of(st.none(), st.integers(0, 2))) for c in cells}
        return Puzzle.make(genre, rows, cols, clues, labels)
    top = size if genre == "nurikabe" else rows + cols - 1
    return Puzzle.make(genre, rows, cols, {c: draw(st.one_of(st.none(), st.integers(1, top))) for c in cells})


@given(small_puzzles(), st.data())
def test_every_rung_alone_agrees_with_every_solution(puzzle: Puzzle, data: st.DataObject) -> None:
    genre = find_genre(puzzle.genre)
    truth = oracle.solutions(genre, puzzle)
    start = genre.start(puzzle)
    shaded, unshaded = start.shaded, start.unshaded
    for cell in range(puzzle.rows * puzzle.cols):  # some open cells decided, as a solution has them or at random
        if (shaded | unshaded) >> cell & 1 or not data.draw(st.booleans()):
            continue
        pick = truth[0] >> cell & 1 if truth and data.draw(st.booleans()) else data.draw(st.booleans())
        if pick:
            shaded |= 1 << cell
        else:
            unshaded |= 1 << cell
    board = genre.ruleset.board(puzzle, shaded, unshaded)
    agreeing = oracle.consistent(truth, shaded, unshaded)
    for rung in genre.ruleset.ladder:
        try:
            steps = genre.ruleset.find(rung.name, board)
        except Contradiction:
            assert not agreeing, f"{rung.name} found no solution on {board!r}, which has {len(agreeing)}"
            continue
        for step in steps:
            assert not oracle.disagreement(agreeing, step.shade, step.unshade), f"{rung.name}: {step.why}"
            assert step.why


@given(small_puzzles())
def test_a_solve_agrees_with_the_count(puzzle: Puzzle) -> None:
    genre = find_genre(puzzle.genre)
    try:
        genre.validate(puzzle)
    except PuzzleError:
        assume(False)  # a number its room cannot hold: refused before solving
    truth = oracle.solutions(genre, puzzle)
    solved = pencilkit.solve(puzzle)
    expected = {0: pencilkit.Status.NONE, 1: pencilkit.Status.UNIQUE}.get(len(truth), pencilkit.Status.MULTIPLE)
    assert solved.status is expected
    if expected is pencilkit.Status.UNIQUE:
        assert solved.answer is not None and solved.answer.shaded == truth[0]


NUMBERS = st.one_of(st.integers(-3, 12), st.integers(-2**70, 2**70), st.none())


@given(
    genre=st.sampled_from((*GENRES, "hitori", "")),
    rows=st.one_of(st.integers(-2, 8), st.integers(99, 102)),
    cols=st.one_of(st.integers(-2, 8), st.integers(99, 102)),
    clues=st.lists(st.tuples(st.integers(-2, 80), NUMBERS), max_size=6),
    rooms=st.one_of(st.none(), st.lists(st.integers(-1, 5), max_size=70)),
    names=st.lists(st.sampled_from(["black_neighbours", "island_complete", "rays", "room_count", "nope"]),
                   max_size=3),
    levels=st.lists(st.integers(-1, 6), min_size=3, max_size=3),
    mask=st.integers(-5, 2**80),
)
def test_the_engine_takes_or_refuses_anything_without_a_panic(genre: str, rows: int, cols: int,
                                                               clues: list[Any], rooms: list[int] | None,
                                                               names: list[str], levels: list[int],
                                                               mask: int) -> None:
    techniques = [(name, level, None) for name, level in zip(names, sorted(levels))]
    probes = [("short_contradiction", levels[0], 3, levels[1], False)]
    try:
        engine = _core.Engine(rows, cols, techniques, probes, genre=genre, clues=clues, rooms=rooms)
    except (ValueError, TypeError, OverflowError):
        return
    for shaded, unshaded in ((mask, 0), (0, mask), (mask, mask)):
        try:
            state = engine.state(shaded, unshaded)
        except (ValueError, OverflowError, _core.CoreContradiction):
            continue
        for level in levels:
            try:
                engine.run(state.copy(), level, budget=_core.Budget(seconds=5))
                engine.count(state, 2, 2, 2, 0, budget=_core.Budget(1000, 5))
                engine.candidates(state)
            except (ValueError, _core.CoreContradiction, _core.OutOfTime):
                pass
        engine.check(mask if mask >= 0 and mask < 1 << (rows * cols) else 0)


def test_a_panic_in_the_core_is_a_runtime_error() -> None:
    with pytest.raises(RuntimeError, match="internal error in pencilkit's core: a panic provoked by a test"):
        _core._panic()
    assert pencilkit.solve(pencilkit.parse("nurikabe:1x3:.,2,.")).status is pencilkit.Status.MULTIPLE
