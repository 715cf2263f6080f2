"""The Heyawake generator: legal rectangles and paintings, unique puzzles at every level, numbers only
where the ladder needs them, and the same puzzle from the same seed."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator

import pytest

import pencilkit
from pencilkit.engines.sat import count_sat
from pencilkit.errors import PencilkitError
from pencilkit.frame.budget import Budget, OutOfTime
from pencilkit.frame.generate import generate_one
from pencilkit.frame.generator import Assessment, Candidate, Outcome
from pencilkit.frame.levels import GENERATABLE, Level
from pencilkit.frame.symmetry import Symmetry
from pencilkit.genres.heyawake import HEYAWAKE
from pencilkit.genres.heyawake.construction import Reading, _painted_and_cut, construct
from pencilkit.genres.heyawake.drawing import draw_rooms, drawn_room_cells
from pencilkit.genres.heyawake.generate import HeyawakeGenerator
from pencilkit.genres.heyawake.feasibility import SMALL_SHAPES, hardest_level, max_level, room_layouts
from pencilkit.genres.heyawake.analysis import spans
from pencilkit.genres.heyawake.painting import (
    Painting,
    _cut_breaks,
    _cut_spans,
    _relabel,
    _shuffled_cuts,
    paint,
)
from pencilkit.genres.monotone import RETURNS, MonotoneCandidate, can_drop
from pencilkit.grid import MAX_SIDE, Grid, cells
from pencilkit.puzzle import Puzzle

ROOM_CELLS_AT_LEAST = 5.0
"""Cells a room, on average, below which the 10x10 medium and hard puzzles of seeds 0-3 count as a
regression (they make 5.3, painted and cut 4.9 or less; published puzzles 5.4 at 10x10)."""
BLACK_BAND = (0.23, 0.34)
"""The black share those puzzles must keep (they make 26%; published puzzles 29% at 10x10)."""
ZEROS_AT_MOST = 0.12
"""The share of their numbers that may be 0 (they make 5%, painted and cut 16-25%; published
puzzles 11% at 10x10)."""


def test_rooms_are_rectangles_that_tile_the_board() -> None:
    rng = random.Random(4)
    for rows, cols in [(6, 6), (7, 11), (15, 15)]:
        rooms = draw_rooms(rows, cols, rng)
        grid = Grid.of(rows, cols)
        for label in set(rooms):
            mask = sum(1 << c for c, x in enumerate(rooms) if x == label)
            top, bottom = grid.row_span(mask)
            left, right = grid.col_span(mask)
            assert mask == grid.rect(top, bottom, left, right)


def test_drawn_rooms_are_published_shapes_and_grow_with_the_board() -> None:
    """Every drawn room is a rectangle, at most 4 cells across and 7 long (a 1x6 a single cell joined);
    2x3 is one of the two most common shapes (on larger boards the merges go further and make as many
    2x4, which the construction's cuts take apart); and the rooms hold on average what ``drawn_room_cells`` asks for the
    board, or a little more: more cells on larger boards."""
    means = []
    for side in (10, 15, 20):
        grid = Grid.of(side, side)
        total = 0.0
        shapes: Counter[tuple[int, int]] = Counter()
        for seed in range(8):
            rooms = draw_rooms(side, side, random.Random(seed))
            for label in set(rooms):
                mask = sum(1 << c for c, x in enumerate(rooms) if x == label)
                assert grid.is_rect(mask)
                top, bottom = grid.row_span(mask)
                left, right = grid.col_span(mask)
                height, width = bottom - top + 1, right - left + 1
                assert min(height, width) <= 4 and max(height, width) <= 7
                shapes[min(height, width), max(height, width)] += 1
            total += grid.size / len(set(rooms))
        means.append(total / 8)
        goal = drawn_room_cells(grid.size)
        assert goal - 0.1 <= means[-1] <= goal + 0.5
        assert (2, 3) in [shape for shape, _ in shapes.most_common(2)]
    assert means == sorted(means) and means[-1] - means[0] > 0.8


def _keeps_half_turn(rows: int, cols: int, rooms: tuple[int, ...]) -> bool:
    turn = Symmetry.ROT2.maps(rows, cols)[1]
    images = {(room, rooms[turn[cell]]) for cell, room in enumerate(rooms)}
    return len(images) == len(set(rooms))


@pytest.mark.parametrize(("rows", "cols"), [(6, 6), (7, 7), (9, 12), (10, 10), (15, 15), (31, 45)])
def test_rooms_drawn_with_a_half_turn_keep_it(rows: int, cols: int) -> None:
    """Each room's image under the half turn is a room, every room a rectangle of at most 4 by 7; the
    rooms hold about as many cells as drawn without it; the same seed draws the same rooms."""
    grid = Grid.of(rows, cols)
    turn = Symmetry.ROT2.maps(rows, cols)[1]
    means = []
    for seed in range(6):
        rooms = draw_rooms(rows, cols, random.Random(seed), turn=turn)
        assert _keeps_half_turn(rows, cols, rooms)
        assert rooms == draw_rooms(rows, cols, random.Random(seed), turn=turn)
        for mask in Puzzle.make("heyawake", rows, cols, {}, rooms).room_masks:
            top, bottom = grid.row_span(mask)
            left, right = grid.col_span(mask)
            assert grid.is_rect(mask) and min(bottom - top, right - left) < 4 and max(bottom - top, right - left) < 7
        means.append(grid.size / len(set(rooms)))
    assert sum(means) / len(means) >= drawn_room_cells(grid.size) - 1.0
    assert not all(_keeps_half_turn(rows, cols, draw_rooms(rows, cols, random.Random(seed))) for seed in range(6))


@pytest.mark.parametrize("level", ["easy", "hard", "expert"])
def test_a_symmetric_heyawake_keeps_its_rooms_half_turn(level: str) -> None:
    for seed in (1, 2):
        made = pencilkit.generate("heyawake", 10, 10, level, seed=seed, symmetry="rot2")[0]
        assert made.exact and made.symmetry is Symmetry.ROT2
        assert made.puzzle.rooms is not None and _keeps_half_turn(10, 10, made.puzzle.rooms)
        assert pencilkit.solve(made.puzzle).rating is Level.parse(level)


def test_the_largest_board_is_drawn() -> None:
    """A board of the largest side the readers take is drawn, and every cell gets a room (merging keeps
    a map of the rooms that touch, so this takes a fraction of a second)."""
    rooms = draw_rooms(MAX_SIDE, MAX_SIDE, random.Random(1))
    assert len(rooms) == MAX_SIDE * MAX_SIDE
    assert MAX_SIDE * MAX_SIDE / len(set(rooms)) >= drawn_room_cells(MAX_SIDE * MAX_SIDE) - 0.1


def _drawn_and_built(rows: int, cols: int, seeds: range) -> Iterator[tuple[set[int], Painting]]:
    """For each seed, the rooms drawn with it (as masks) and the medium construction built with it, where
    one comes out."""
    for seed in seeds:
        drawn = draw_rooms(rows, cols, random.Random(seed))
        painting = construct(rows, cols, Level.MEDIUM, random.Random(seed))
        if painting is not None:
            yield {sum(1 << c for c, x in enumerate(drawn) if x == label) for label in set(drawn)}, painting


def test_a_construction_may_cut_a_single_cell_room() -> None:
    """A construction's cuts may leave a piece of one cell (painting and cutting never does): some of a
    dozen 8x9 constructions hold such a room."""
    pieces = 0
    for drawn_masks, painting in _drawn_and_built(8, 9, range(12)):
        pieces += sum(1 for mask in painting.room_masks if not mask & (mask - 1) and mask not in drawn_masks)
    assert pieces


def test_a_painting_is_legal_and_unique_with_every_room_numbered() -> None:
    rng = random.Random(7)
    made = 0
    while made < 6:
        painting = paint(8, 8, rng)
        if painting is None:
            continue
        made += 1
        puzzle = painting.puzzle(painting.slots)
        assert HEYAWAKE.check(puzzle, painting.solution()) == []
        assert count_sat(HEYAWAKE, puzzle, limit=2).count == 1


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM], ids=lambda level: level.label)
def test_a_construction_is_legal_and_unique_and_often_finished_by_its_ladder(level: Level) -> None:
    """A painting built as the ladder reads it breaks no rule and is unique with every room numbered
    (by the SAT engine); many come out finished by the ladder up to its level (the rest were painted
    and cut where no move helped), and nothing the ladder decides goes against the painting."""
    rng = random.Random(3)
    made = finished = 0
    for _ in range(30):
        if made == 8:
            break
        painting = construct(8, 9, level, rng)
        if painting is None:
            continue
        made += 1
        puzzle = painting.numbered
        assert HEYAWAKE.check(puzzle, painting.solution()) == []
        assert count_sat(HEYAWAKE, puzzle, limit=2).count == 1
        board = HEYAWAKE.start(puzzle)
        HEYAWAKE.ruleset.run(board, max_level=level)
        assert board.shaded & ~painting.black == 0 and board.unshaded & painting.black == 0
        finished += not board.undecided
    assert made == 8 and finished >= 2


def test_where_no_move_helps_the_reading_is_painted_and_cut() -> None:
    """The way out of a construction, from a reading of bare rooms: a legal painting, unique when fully
    numbered."""
    made = 0
    for seed in range(4):
        rooms = draw_rooms(7, 8, random.Random(seed))
        reading = Reading(rooms, {}, HEYAWAKE.start(Puzzle.make("heyawake", 7, 8, {}, rooms)))
        painting = _painted_and_cut(reading, random.Random(seed), None)
        if painting is None:
            continue
        made += 1
        assert HEYAWAKE.check(painting.numbered, painting.solution()) == []
        assert count_sat(HEYAWAKE, painting.numbered, limit=2).count == 1
    assert made >= 2


def test_a_construction_past_its_deadline_raises_out_of_time() -> None:
    """The driver's budget ends a construction once its seconds are spent (its SAT checks are bounded by
    solver calls, not by the clock, so the budget is looked at before each)."""
    with pytest.raises(OutOfTime):
        construct(10, 10, Level.MEDIUM, random.Random(1), Budget(seconds=0))


def test_a_construction_keeps_the_drawn_rooms_but_where_it_cuts() -> None:
    """Every room of a construction is a drawn room or a piece of one, and most are drawn rooms."""
    kept = total = 0
    for drawn_masks, painting in _drawn_and_built(10, 10, range(6)):
        for mask in painting.room_masks:
            assert any(mask & ~whole == 0 for whole in drawn_masks)
            kept += mask in drawn_masks
            total += 1
    assert total and kept / total > 0.7


def test_the_same_seed_builds_the_same_painting() -> None:
    assert construct(9, 9, Level.MEDIUM, random.Random(8)) == construct(9, 9, Level.MEDIUM, random.Random(8))


@pytest.mark.parametrize("level", GENERATABLE, ids=lambda level: level.label)
def test_generated_puzzles_are_unique_and_rated_as_asked(level: Level) -> None:
    """Painted and cut (7x7) or built as the ladder reads it (9x9, past ``CONSTRUCTED_CELLS``)."""
    for side, seed in [(7, 0), (7, 1), (7, 2), (9, 0), (9, 1)]:
        made = pencilkit.generate("heyawake", side, side, level, seed=seed)[0]
        puzzle = made.puzzle
        assert made.rating is level
        solved = pencilkit.solve(puzzle)
        assert solved.status is pencilkit.Status.UNIQUE and solved.rating is level
        assert solved.answer is not None and solved.answer.shaded == made.solution.shaded
        assert count_sat(HEYAWAKE, puzzle, limit=2).count == 1
        firsts = {m & -m for m in puzzle.room_masks}
        assert all(1 << cell in firsts for cell, _ in puzzle.clues)  # a number in its room's first cell


class Bare(HeyawakeGenerator):
    """The generator without its dressing: the numbers the sweep leaves."""

    def dress(self, candidate: Candidate, target: Level, rng: random.Random, budget: Budget | None = None) -> Candidate:
        return candidate


def test_the_sweep_leaves_only_needed_numbers_and_the_dressing_adds_more() -> None:
    from pencilkit.genres.heyawake.painting import Painting

    bare = generate_one(Bare(), HEYAWAKE, 10, 10, Level.MEDIUM, seed=12)
    puzzle = bare.puzzle
    assert puzzle.rooms is not None
    painting = Painting(10, 10, puzzle.rooms, bare.solution.shaded)
    numbered = puzzle.clue_mask
    for cell in cells(numbered):
        assert not can_drop(HEYAWAKE.generator().ruleset, painting, numbered & ~(1 << cell), Level.MEDIUM)
    dressed = generate_one(HEYAWAKE.generator(), HEYAWAKE, 10, 10, Level.MEDIUM, seed=12)
    assert dressed.solution == bare.solution and dressed.exact
    assert numbered & ~dressed.puzzle.clue_mask == 0 and dressed.puzzle.clue_mask != numbered
    rooms = len(puzzle.room_masks)
    assert len(dressed.puzzle.clues) <= max(round(0.67 * rooms), len(puzzle.clues))
    solved = pencilkit.solve(dressed.puzzle)
    assert solved.status is pencilkit.Status.UNIQUE and solved.rating is Level.MEDIUM


def test_the_same_seed_makes_the_same_puzzle() -> None:
    first = pencilkit.generate("heyawake", 8, 8, "hard", seed=5)[0]
    again = pencilkit.generate("heyawake", 8, 8, "hard", seed=5)[0]
    assert first.puzzle == again.puzzle and first.solution == again.solution


def test_generated_puzzles_look_like_published_ones() -> None:
    """Over a few seeds the puzzles keep near the published measures (at 10x10: rooms of 5.4 cells,
    29% black, 11% of numbers 0): a band wide enough for chance, narrow enough to catch a bad regression."""
    rooms = cells_total = black = zeros = numbers = 0
    for level in (Level.MEDIUM, Level.HARD):
        for seed in range(4):
            made = pencilkit.generate("heyawake", 10, 10, level, seed=seed)[0]
            puzzle = made.puzzle
            rooms += puzzle.room_count
            cells_total += puzzle.grid.size
            black += made.solution.shaded.bit_count()
            shown = [n for _, n in puzzle.clues]
            numbers += len(shown)
            zeros += shown.count(0)
    assert cells_total / rooms >= ROOM_CELLS_AT_LEAST
    assert BLACK_BAND[0] <= black / cells_total <= BLACK_BAND[1]
    assert zeros / numbers <= ZEROS_AT_MOST


def test_a_cut_is_judged_on_the_rows_and_columns_it_crosses() -> None:
    """What a cut changes is worked out on the lines through the cut room alone: the spans without a
    black cell are those of the whole new board, and the rival breaks the new fully numbered puzzle
    exactly when the rule checker says so."""
    rng = random.Random(11)
    checked = broken = 0
    while checked < 400:
        painting = paint(6, 6, rng, unique=False)
        if painting is None:
            continue
        found = count_sat(HEYAWAKE, painting.numbered, limit=6)
        rivals = [s for s in found.solutions if s.shaded != painting.black]
        grid = painting.grid
        for room in range(len(painting.room_masks)):
            for parts in _shuffled_cuts(grid, painting, room, rng, singles=True):
                labels = _relabel(painting, parts)
                whole = [s for s in spans(grid, labels) if not s & painting.black]
                assert [s for s in _cut_spans(painting, room, parts) if not s & painting.black] == whole
                if whole:
                    continue  # the painting itself breaks the new puzzle: no rival is judged on it
                cut = Painting(painting.rows, painting.cols, labels, painting.black)
                for rival in rivals:
                    expected = bool(HEYAWAKE.check(cut.numbered, rival))
                    assert _cut_breaks(painting, parts, _cut_spans(painting, room, parts), rival.shaded) == expected
                    checked += 1
                    broken += expected
    assert 0 < broken < checked


@pytest.mark.parametrize("shape", [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 8), (2, 2), (2, 3),
                                   (3, 3)])
def test_small_shapes_match_the_exhaustive_listing(shape: tuple[int, int]) -> None:
    assert hardest_level(*shape) == SMALL_SHAPES[shape] == max_level(*shape) == max_level(*reversed(shape))


@pytest.mark.parametrize("shape", [(1, 9), (1, 10), (2, 4)])
def test_the_smallest_boards_beyond_the_table_hold_expert_puzzles(shape: tuple[int, int]) -> None:
    assert hardest_level(*shape) == Level.EXPERT == max_level(*shape) == max_level(*reversed(shape))


@pytest.mark.parametrize("shape", [(2, 5), (3, 4), (4, 3)])
def test_small_boards_past_the_table_are_made_at_expert(shape: tuple[int, int]) -> None:
    """Shapes past the table are taken to hold expert puzzles; on these the generator finds one."""
    made = pencilkit.generate("heyawake", *shape, "expert", seed=1, seconds=30)[0]
    assert made.exact and made.rating is Level.EXPERT
    assert count_sat(HEYAWAKE, made.puzzle, 2).count == 1


def test_room_layouts_are_every_cutting_into_rectangles() -> None:
    """A 2x2 board cuts into rectangles 8 ways, 2x3 34 ways, 3x3 322 ways, a 1xN one 2^(N-1) ways (a
    border or none between each pair of cells), and no layout comes twice."""
    for shape, ways in [((2, 2), 8), ((2, 3), 34), ((3, 2), 34), ((3, 3), 322)]:
        assert len(set(room_layouts(*shape))) == len(list(room_layouts(*shape))) == ways
    assert all(len(list(room_layouts(1, n))) == 2 ** (n - 1) for n in range(1, 7))


def test_a_level_the_shape_cannot_hold_is_refused_at_once() -> None:
    """No 2x2 puzzle is medium: the generator says so instead of spending its time budget on a search
    that must end with the closest it found."""
    with pytest.raises(PencilkitError, match="hardest this shape allows is easy"):
        pencilkit.generate("heyawake", 2, 2, "medium", seed=1)


def test_repairs_that_keep_coming_back_give_the_painting_up() -> None:
    """A repair whose sweep comes back to the clues it started from is handed on and counted; the one
    after :data:`RETURNS` such in a row gives the painting up, and a repair that moves a clue counts
    afresh."""
    generator = copy.copy(HEYAWAKE.generator())
    rng = random.Random(5)
    start = generator.start(8, 8, Level.HARD, rng)
    assert isinstance(start, MonotoneCandidate) and start.clue_cells
    easier = Assessment(Outcome.EASIER, rating=Level.MEDIUM)
    results: list[int] = []

    def complete(painting, clue_cells, target, rng, **kwargs):  # type: ignore[no-untyped-def]
        return MonotoneCandidate(painting, results.pop())  # the sweep's result, as the test sets it

    generator.complete = complete  # type: ignore[method-assign]
    candidate: MonotoneCandidate | None = start
    for returns in range(1, RETURNS + 1):
        assert candidate is not None
        results.append(start.clue_cells)
        candidate = generator.repair(candidate, easier, Level.HARD, rng)  # type: ignore[assignment]
        assert candidate is not None and candidate.returns == returns and candidate.clue_cells == start.clue_cells
    results.append(start.clue_cells)
    assert generator.repair(candidate, easier, Level.HARD, rng) is None
    free = start.painting.slots & ~start.clue_cells
    moved = (start.clue_cells & (start.clue_cells - 1)) | (free & -free)  # a clue moved to a free slot
    assert moved.bit_count() == start.clue_cells.bit_count()
    results.append(moved)
    after = generator.repair(candidate, easier, Level.HARD, rng)
    assert isinstance(after, MonotoneCandidate) and after.clue_cells == moved and after.returns == 0


def test_the_driver_gives_a_painting_up_once_its_repairs_keep_coming_back() -> None:
    """Through the driver: a painting whose every repair gives back its clues gets :data:`RETURNS` + 1
    repairs, then the driver starts a new one (its patience alone would allow ``rows + cols``)."""
    generator = copy.copy(HEYAWAKE.generator())
    rng = random.Random(2)
    base = None
    while base is None:  # a start may corner itself
        base = generator.start(6, 6, Level.EASY, rng)
    assert isinstance(base, MonotoneCandidate)
    repairs: list[int] = []

    def start(*args, **kwargs):  # type: ignore[no-untyped-def]
        repairs.append(0)
        return base

    def complete(painting, clue_cells, target, rng, avoid=0, **kwargs):  # type: ignore[no-untyped-def]
        repairs[-1] += 1
        return MonotoneCandidate(painting, clue_cells | avoid)  # the dropped clue back, nothing else

    generator.start = start  # type: ignore[method-assign]
    generator.complete = complete  # type: ignore[method-assign]
    assert generator.patience(6, 6, Level.MEDIUM) > RETURNS + 1
    made = generate_one(generator, HEYAWAKE, 6, 6, Level.MEDIUM, seed=1, seconds=0.5)
    assert made.rating is Level.EASY and made.puzzle == base.puzzle  # the closest found: the base
    assert len(repairs) > 2 and set(repairs[:-1]) == {RETURNS + 1}
