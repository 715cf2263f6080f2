"""Each Kurodoko technique on hand-made boards (what it decides, what it refuses, how it says so), the
probe and search order by its definition, and the same steps on a board reached step by step as on a
fresh board with the same cells."""

from __future__ import annotations

import random

import pytest

from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.levels import Level
from pencilkit.genres.kurodoko import KURODOKO
from pencilkit.genres.kurodoko.painting import paint
from pencilkit.grid import Cell, Mask, cells
from pencilkit.puzzle import Answer, Puzzle

from .helpers import make_puzzle, to_mask
from .kurodoko_oracles import random_puzzle

RULESET = KURODOKO.ruleset


def board_of(puzzle_id: str, rows: list[str]) -> Board:
    puzzle = Puzzle.from_id(puzzle_id)
    answer = Answer.from_rows(rows)
    return RULESET.board(puzzle, answer.shaded, answer.unshaded | puzzle.clue_mask)


def find(name: str, board: Board) -> tuple[int, int, list[str]]:
    steps = RULESET.find(name, board)
    return (sum(s.shade for s in steps), sum(s.unshade for s in steps), [s.why for s in steps])


def test_black_neighbours_whiten_and_refuse_touching_blacks() -> None:
    board = board_of("kurodoko:3x3:.,.,.,.,.,.,.,.,.", ["...", ".#.", "..."])
    shade, unshade, why = find("black_neighbours", board)
    assert shade == 0 and unshade == 0b010_101_010
    assert why == ["r1c2, r2c1, r2c3, r3c2 are white: they touch the black cell r2c2"]
    with pytest.raises(Contradiction, match="r2c2, r2c3 would touch") as broken:
        find("black_neighbours", board_of("kurodoko:3x3:.,.,.,.,.,.,.,.,.", ["...", ".##", "..."]))
    assert broken.value.cells == 0b000_110_000


def test_clue_count_both_ways_and_its_contradictions() -> None:
    # a 3 in a corner of a 2x2 sees at most 3 cells: everything it might see is white
    shade, unshade, why = find("clue_count", board_of("kurodoko:2x2:3,.,.,.", ["..", ".."]))
    assert (shade, unshade) == (0, 0b0110) and "can see at most 3" in why[0]
    # a 2 that already sees its right neighbour closes the view below and beyond
    shade, unshade, why = find("clue_count", board_of("kurodoko:2x3:2,.,.,.,.,.", ["--.", "..."]))
    assert (shade, unshade) == (0b001_100, 0) and "already sees 2 cells" in why[0]
    with pytest.raises(Contradiction, match="would see at least 3") as broken:
        find("clue_count", board_of("kurodoko:2x3:2,.,.,.,.,.", ["---", "..."]))
    assert broken.value.cells == 1  # the clue
    with pytest.raises(Contradiction, match="would see at most 1"):
        find("clue_count", board_of("kurodoko:2x3:2,.,.,.,.,.", ["-#.", "#.."]))


def test_rays_bound_the_runs_against_each_other() -> None:
    # a 4 on the left edge of a 1x5 row sees exactly three cells to the right: r1c5 is black
    shade, unshade, why = find("rays", board_of("kurodoko:1x5:4,.,.,.,.", ["....."]))
    assert (shade, unshade) == (1 << 4, 0b01110)
    assert "its runs can only be up 0, right 3, down 0, left 0" in why[0]
    # a run cannot end on a white cell: with r1c4 white the 3 at r1c2 cannot look one cell right,
    # the left run gives at most one, so the right run is at least (and at most) two
    shade, unshade, why = find("rays", board_of("kurodoko:1x6:.,3,.,.,.,.", ["...-.."]))
    assert shade == 1 << 0 | 1 << 4 and unshade == 1 << 2
    assert why == ["the 3 at r1c2 must see 2 more cells, and its runs can only be up 0, right 2, down 0, left 0 "
                   "(a run ends at a black cell or the edge, never on a white cell), so r1c3 is white and r1c1, "
                   "r1c5 are black"]
    # a run with no length that fits: the 2 at r1c2 needs one more cell, and its right run is 0 or 2 long
    with pytest.raises(Contradiction, match="the 2 at r1c2 cannot see 2 cells: its right run has no length"):
        find("rays", board_of("kurodoko:1x6:.,2,.,.,.,.", ["#..-#."]))


def test_question_clues_are_white_but_not_counted() -> None:
    puzzle = Puzzle.from_id("kurodoko:2x2:?,.,.,3")
    board = KURODOKO.start(puzzle)
    assert board.key() == (0, 0b1001)
    # only the 3 says anything: it sees at most three cells, so the two it might see are white
    assert [(s.shade, s.unshade, s.why) for s in RULESET.find("clue_count", board)] == [
        (0, 0b0110, "the 3 at r2c2 can see at most 3 cells, so every cell it might see is white: r1c2, r2c1")]
    assert KURODOKO.check(puzzle, Answer.from_rows(["--", "--"])) == []


def test_connectivity_whitens_cut_cells_and_blackens_stranded_ones() -> None:
    # whites r1c1 and r3c1 are joined only through r2c1 (r2c2 is black)
    board = board_of("kurodoko:3x3:.,.,.,.,.,.,.,.,.", ["-#.", ".#.", "-#."])
    steps = RULESET.find("connectivity", board)
    assert [(s.shade, s.unshade) for s in steps] == [(0, 1 << 3), (0b100_100_100, 0)]
    assert steps[0].why == "r2c1 is white: blackening it would cut r3c1 off from r1c1"
    # r1c3..r3c3 are walled off from the whites on the left by the black column: black
    assert steps[1].why == "r1c3, r2c3, r3c3 are walled off from the white cells by black cells, so they are black"


def test_connectivity_refuses_walled_off_whites() -> None:
    board = board_of("kurodoko:3x3:.,.,.,.,.,.,.,.,.", ["-#-", "#.#", "-#-"])
    with pytest.raises(Contradiction, match="wall r1c1 off from r1c3") as broken:
        find("connectivity", board)
    assert broken.value.cells == 0b101


# -- the probe and search order ------------------------------------------------------------------------


def _order_by_definition(board: Board) -> list[Cell]:
    """The order read off its definition, walking each clue's four directions on the board: the next cell
    past each clue's known-white runs, ranked by how near its number is to the least or the most it can
    still see (``min(number - least, most - number)``, then by cell; clues that see exactly what they can
    say nothing), then the undecided cells next to decided ones, then the rest, each in cell order."""
    grid = board.grid
    black, white = board.shaded, board.unshaded
    ranked: list[tuple[int, Cell]] = []
    for clue, number in board.puzzle.clues:
        if number is None:
            continue
        r0, c0 = divmod(clue, grid.cols)
        nexts = []
        least = most = 1
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            r, c = r0 + dr, c0 + dc
            sure = True
            while 0 <= r < grid.rows and 0 <= c < grid.cols and not black >> grid.cell(r, c) & 1:
                cell = grid.cell(r, c)
                if sure and not white >> cell & 1:
                    sure = False
                    nexts.append(cell)
                least += sure
                most += 1
                r, c = r + dr, c + dc
        if least < most:
            ranked += [(min(number - least, most - number), cell) for cell in nexts]
    order: list[Cell] = []
    for _, cell in sorted(ranked):
        if cell not in order:
            order.append(cell)
    undecided = [c for c in range(grid.size) if board.undecided >> c & 1 and c not in order]
    near = [c for c in undecided if grid.neighbours[c] & (black | white)]
    return order + near + [c for c in undecided if c not in near]


def test_the_order_covers_every_undecided_cell_once_starting_where_views_end() -> None:
    board = board_of("kurodoko:4x4:.,3,.,.,.,.,.,5,.,.,.,.,2,.,.,.", ["....", "....", "....", "...."])
    order = RULESET.order(board)
    assert sorted(order) == [c for c in range(16) if board.undecided >> c & 1]
    view_ends = {1 + 4, 1 - 1, 1 + 1, 7 - 4, 7 + 4, 7 - 1, 12 + 1, 12 - 4}
    assert order[0] in view_ends  # search and probing start where a clue's view ends
    assert order == _order_by_definition(board)


def test_the_order_follows_its_definition_on_partial_boards() -> None:
    rng = random.Random(4)
    compared = 0
    for _ in range(60):
        rows, cols = rng.choice([(4, 4), (5, 6), (7, 7), (8, 5)])
        clues, black = random_puzzle(rows, cols, rng, clue_share=rng.uniform(0.1, 0.3))
        puzzle = make_puzzle(rows, cols, clues)
        truth = to_mask(cols, black)
        for share in (0.0, 0.2, 0.5):
            shown = sum(1 << c for c in range(rows * cols) if rng.random() < share)
            board = RULESET.board(puzzle, truth & shown, (puzzle.grid.full & ~truth & shown) | puzzle.clue_mask)
            if not board.undecided:
                continue
            order = RULESET.order(board)
            assert order == _order_by_definition(board), puzzle.id()
            compared += 1
    assert compared > 150


# -- a board reached step by step -----------------------------------------------------------------------


def _outcome(name: str, board: Board) -> object:
    """What a technique says of a board: its steps (cells and reasons), or the contradiction it finds."""
    try:
        return [(s.shade, s.unshade, s.why) for s in RULESET.find(name, board)]
    except Contradiction as broken:
        return ("contradiction", broken.reason, broken.cells)


def test_a_board_reached_step_by_step_says_what_a_fresh_board_says() -> None:
    """What each technique up to medium finds on a board decided a cell at a time (each a copy of the one
    before, whose clue readings it starts from) is what it finds on a fresh board with the same cells:
    the same steps in the same order, or the same contradiction."""
    rng = random.Random(8)
    names = [t.name for t in RULESET.ladder if t.level <= Level.MEDIUM]
    compared = found = 0
    six = Puzzle.from_id("kurodoko:6x6:.,.,4,.,.,.,7,.,.,.,.,.,.,.,.,3,.,8,.,2,.,.,.,.,.,.,.,.,.,.,9,.,.,.,.,5")
    puzzles: list[tuple[Puzzle, Mask | None]] = [(six, None)]  # its cells decided at random
    for _ in range(4):
        painting = paint(12, 12, rng)
        puzzles.append((painting.puzzle(sum(1 << c for c in rng.sample(sorted(cells(painting.white)), 30))),
                        painting.black))
    for puzzle, truth in puzzles:
        board = KURODOKO.start(puzzle)
        order = [c for c in range(puzzle.grid.size) if board.undecided >> c & 1]
        rng.shuffle(order)
        for cell in order[:60]:
            for name in names:  # the readings of this state, worked out before the next copy
                _outcome(name, board)
            board = board.copy()
            bit = 1 << cell
            black = truth & bit if truth is not None else rng.random() < 0.3
            board.assign(shade=bit if black else 0, unshade=0 if black else bit)
            fresh = RULESET.board(puzzle, board.shaded, board.unshaded)
            for name in names:
                later = _outcome(name, board)
                assert later == _outcome(name, fresh), (puzzle.id(), name)
                compared += 1
                found += bool(later)
    assert compared > 1000 and found > compared // 3


@pytest.mark.parametrize("module", ["pencilkit.genres.kurodoko", "pencilkit.genres.kurodoko.rules"])
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
