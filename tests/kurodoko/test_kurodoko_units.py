"""Each technique on hand-made boards: what it decides, what it refuses, and how it says so."""

from __future__ import annotations

import random

import pytest

from pencilkit.frame.board import Board, Contradiction
from pencilkit.genres import start_board
from pencilkit.genres.connected_white import white_cuts
from pencilkit.genres.kurodoko import KURODOKO
from pencilkit.genres.kurodoko.branching import candidates
from pencilkit.genres.kurodoko.layout import paint
from pencilkit.genres.kurodoko.rays import (
    ClueView,
    Reading,
    clue_views,
    read_clue,
    readings,
)
from pencilkit.grid import cells
from pencilkit.puzzle import Answer, Puzzle

RULESET = KURODOKO.ruleset


def board_of(puzzle_id: str, rows: list[str]) -> Board:
    puzzle = Puzzle.from_id(puzzle_id)
    answer = Answer.from_rows(rows)
    return Board(puzzle, answer.shaded, answer.unshaded | puzzle.clue_mask)


def find(name: str, board: Board) -> tuple[int, int, list[str]]:
    steps = RULESET.technique(name).find(board) or []
    return (sum(s.shade for s in steps), sum(s.unshade for s in steps), [s.why for s in steps])


def test_black_neighbours_whiten_and_refuse_touching_blacks() -> None:
    board = board_of("kurodoko:3x3:.,.,.,.,.,.,.,.,.", ["...", ".#.", "..."])
    shade, unshade, why = find("black_neighbours", board)
    assert shade == 0 and unshade == 0b010_101_010
    assert why == ["r1c2, r2c1, r2c3, r3c2 are white: they touch the black cell r2c2"]
    with pytest.raises(Contradiction, match="r2c2, r2c3 would touch"):
        find("black_neighbours", board_of("kurodoko:3x3:.,.,.,.,.,.,.,.,.", ["...", ".##", "..."]))


def test_clue_count_both_ways_and_its_contradictions() -> None:
    # a 3 in a corner of a 2x2 sees at most 3 cells: everything it might see is white
    shade, unshade, why = find("clue_count", board_of("kurodoko:2x2:3,.,.,.", ["..", ".."]))
    assert (shade, unshade) == (0, 0b0110) and "can see at most 3" in why[0]
    # a 2 that already sees its right neighbour closes the view below and beyond
    shade, unshade, why = find("clue_count", board_of("kurodoko:2x3:2,.,.,.,.,.", ["--.", "..."]))
    assert (shade, unshade) == (0b001_100, 0) and "already sees 2 cells" in why[0]
    with pytest.raises(Contradiction, match="would see at least 3"):
        find("clue_count", board_of("kurodoko:2x3:2,.,.,.,.,.", ["---", "..."]))
    with pytest.raises(Contradiction, match="would see at most 1"):
        find("clue_count", board_of("kurodoko:2x3:2,.,.,.,.,.", ["-#.", "#.."]))


def test_rays_bound_the_runs_against_each_other() -> None:
    # a 4 on the left edge of a 1x5 row sees exactly three cells to the right: r1c5 is black
    shade, unshade, _ = find("rays", board_of("kurodoko:1x5:4,.,.,.,.", ["....."]))
    assert (shade, unshade) == (1 << 4, 0b01110)
    # a run cannot end on a white cell: with r1c4 white the 3 at r1c2 cannot look one cell right,
    # the left run gives at most one, so the right run is at least (and at most) two
    puzzle = Puzzle.from_id("kurodoko:1x6:.,3,.,.,.,.")
    board = Board(puzzle, 0, puzzle.clue_mask | 1 << 3)
    view = clue_views(puzzle)[0]
    bounded = read_clue(view, board.shaded, board.unshaded).bounded(view)
    assert (bounded.lo[1], bounded.hi[1]) == (2, 2) and (bounded.lo[3], bounded.hi[3]) == (0, 0)
    shade, unshade, _ = find("rays", board)
    assert shade == 1 << 0 | 1 << 4 and unshade == 1 << 2


def test_question_clues_are_white_but_not_counted() -> None:
    puzzle = Puzzle.from_id("kurodoko:2x2:?,.,.,3")
    assert [v.cell for v in clue_views(puzzle)] == [3]
    assert start_board(puzzle).unshaded == 0b1001


def test_connectivity_whitens_cut_cells_and_blackens_stranded_ones() -> None:
    # whites r1c1 and r3c1 are joined only through r2c1 (r2c2 is black)
    board = board_of("kurodoko:3x3:.,.,.,.,.,.,.,.,.", ["-#.", ".#.", "-#."])
    shade, unshade, why = find("connectivity", board)
    assert unshade & 1 << 3
    assert any("r2c1" in w for w in why)
    # r1c3..r3c3 are walled off from the whites on the left by the black column: black
    assert shade == 0b100_100_100
    found = white_cuts(board.grid, board.grid.full & ~board.shaded, board.unshaded)
    assert found.cuts[3] == 6 and not found.stranded


def test_connectivity_refuses_walled_off_whites() -> None:
    board = board_of("kurodoko:3x3:.,.,.,.,.,.,.,.,.", ["-#-", "#.#", "-#-"])
    with pytest.raises(Contradiction, match="wall r1c1 off from"):
        find("connectivity", board)


def test_readings_are_memoised_by_the_cells_a_clue_sees() -> None:
    puzzle = Puzzle.from_id("kurodoko:3x3:.,.,.,.,5,.,.,.,.")
    view = clue_views(puzzle)[0]
    first = read_clue(view, 0, 1 << 4)
    assert read_clue(view, 1 << 0, 1 << 4) is first  # r1c1 is outside the 5's view
    assert read_clue(view, 1 << 1, 1 << 4) is not first


def test_candidates_cover_every_undecided_cell_once() -> None:
    board = board_of("kurodoko:4x4:.,3,.,.,.,.,.,5,.,.,.,.,2,.,.,.", ["....", "....", "....", "...."])
    order = candidates(board)
    assert sorted(order) == [c for c in range(16) if board.undecided >> c & 1]
    view_ends = {1 + 4, 1 - 1, 1 + 1, 7 - 4, 7 + 4, 7 - 1, 12 + 1, 12 - 4}
    assert order[0] in view_ends  # search and probing start where a clue's view ends


def test_incremental_readings_match_fresh_ones() -> None:
    # readings() rereads only the clues that see a changed cell; compare with reading every clue
    rng = random.Random(3)
    puzzle = Puzzle.from_id("kurodoko:6x6:.,.,4,.,.,.,7,.,.,.,.,.,.,.,.,3,.,8,.,2,.,.,.,.,.,.,.,.,.,.,9,.,.,.,.,5")
    views = clue_views(puzzle)
    for _ in range(20):
        board = start_board(puzzle)
        order = [c for c in range(36) if board.undecided >> c & 1]
        rng.shuffle(order)
        for cell in order[:20]:
            copy = board.copy()  # a copy starts from its parent's readings too
            copy.assign(**({"shade": 1 << cell} if rng.random() < 0.3 else {"unshade": 1 << cell}))
            board = copy
            fresh = [read_clue(v, board.shaded, board.unshaded) for v in views]
            got = readings(board)
            assert [(r.white, r.open, r.count_white, r.count_black) for r in got] == \
                [(r.white, r.open, r.count_white, r.count_black) for r in fresh]


def summary(view: ClueView, reading: Reading) -> tuple[object, ...]:
    bounded = reading.bounded(view)
    return (reading.white, reading.open, reading.open_cells, reading.undecided, reading.least, reading.most,
            reading.count_white, reading.count_black, bounded.lo, bounded.hi, bounded.white, bounded.black,
            bounded.broken)


def test_readings_kept_across_changes_outside_their_scope_match_unmemoised_ones() -> None:
    """A reading is kept while the changes fall beyond each run's first black cell; everything it says
    (runs, counts, bounds) matches a reading made from scratch without the memo."""
    rng = random.Random(8)
    kept = 0
    for _ in range(6):
        painting = paint(12, 12, rng)
        puzzle = painting.puzzle(sum(1 << c for c in rng.sample(sorted(cells(painting.white)), 30)))
        views = clue_views(puzzle)
        board = start_board(puzzle)
        order = [c for c in range(144) if board.undecided >> c & 1]
        rng.shuffle(order)
        before = readings(board)
        for cell in order[:80]:
            copy = board.copy()
            bit = 1 << cell
            copy.assign(shade=bit & painting.black, unshade=bit & ~painting.black)
            board = copy
            got = readings(board)
            kept += sum(not bit & r.scope for r in before)  # kept as they were, unread
            before = got
            for view, reading in zip(views, got):
                sight = view.sight
                assert summary(view, reading) == summary(view, Reading(view, board.shaded & sight,
                                                                        board.unshaded & sight))
    assert kept > 1000  # the scope did spare reads


@pytest.mark.parametrize("module", ["pencilkit.genres.kurodoko", "pencilkit.genres.kurodoko.rules"])
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
