"""The Kurodoko generator: legal paintings, monotone clues, a sweep that leaves no spare clue,
exact ratings, reproducible seeds, clear errors and honest budgets."""

from __future__ import annotations

import json
import random
import time

import pytest

import pencilkit
from pencilkit import Level, solve
from pencilkit.cli import main
from pencilkit.errors import PencilkitError
from pencilkit.frame.generate import generate_one
from pencilkit.frame.generator import Candidate, GenerationFailed
from pencilkit.frame.search import Budget, count
from pencilkit.frame.solve import Status
from pencilkit.genres import start_board
from pencilkit.genres.kurodoko import KURODOKO
from pencilkit.genres.kurodoko.feasibility import SMALL_SHAPES, hardest_level, max_level
from pencilkit.genres.kurodoko.generate import (
    KurodokoGenerator,
    GENERATOR,
    SWEEP_NODES,
    add_clues,
    breaks,
    can_drop,
    finishes,
    ratable,
    rival,
    search,
    settle,
    sweep,
)
from pencilkit.genres.kurodoko.painting import Painting, paint
from pencilkit.grid import Grid, cells


def assert_rated_exactly(made: pencilkit.Generated, level: Level) -> None:
    """Unique by a search-backed solve, the generated solution, and exactly ``level``: the
    ladder up to ``level`` finishes it and the ladder up to the level below does not."""
    full = solve(made.puzzle)
    assert full.status is Status.UNIQUE
    assert full.answer is not None and full.answer.shaded == made.solution.shaded
    at_level = solve(made.puzzle, max_level=level)
    assert at_level.status is Status.UNIQUE and at_level.rating == level and at_level.nodes == 0
    below = solve(made.puzzle, max_level=Level(level - 1), nodes=1)
    assert below.stalled is not None
    assert made.rating == level and made.exact


def assert_legal(painting: Painting) -> None:
    grid = Grid.of(painting.rows, painting.cols)
    black, white = painting.black, painting.white
    assert all(not grid.neighbours[c] & black for c in cells(black))
    assert white and grid.flood(white & -white, white) == white


# -- paintings and clues ------------------------------------------------------


@pytest.mark.parametrize("shape", [(1, 1), (1, 7), (2, 2), (5, 5), (6, 9), (15, 15)])
def test_paintings_are_legal_and_near_the_corpus_density(shape: tuple[int, int]) -> None:
    rows, cols = shape
    for seed in range(20):
        painting = paint(rows, cols, random.Random(seed))
        assert_legal(painting)
        if rows * cols >= 25:
            assert 0.10 <= painting.black.bit_count() / (rows * cols) <= 0.27


def test_clue_numbers_are_true_counts_and_the_checker_accepts_the_painting() -> None:
    for seed in range(30):
        painting = paint(6, 7, random.Random(seed))
        puzzle = painting.puzzle(painting.white)
        assert KURODOKO.check(puzzle, painting.solution()) == []
        for cell, number in puzzle.clues:
            assert number == painting.sees(cell) >= 1
            assert painting.view(cell) & ~painting.sight(cell) == 0


def test_a_clue_on_a_black_cell_is_refused() -> None:
    painting = Painting(1, 3, 0b010)
    with pytest.raises(ValueError):
        painting.puzzle(0b010)


def test_adding_clues_keeps_the_painting_and_ends_with_a_finishing_ladder() -> None:
    ruleset = KURODOKO.ruleset
    for seed in range(10):
        rng = random.Random(seed)
        painting = paint(7, 7, rng)
        clue_cells = add_clues(ruleset, painting, 0, Level.MEDIUM, rng)
        assert clue_cells is not None and clue_cells & painting.black == 0
        board = start_board(painting.puzzle(clue_cells))
        assert finishes(ruleset, board, Level.MEDIUM)
        assert board.shaded == painting.black


def test_settle_returns_a_true_rival_or_a_finished_board() -> None:
    """A rival is a different answer the checker accepts; without one the ladder went on to the target."""
    ruleset = KURODOKO.ruleset
    rivals = finished = 0
    for seed in range(12):
        rng = random.Random(seed)
        painting = paint(5, 5, rng)
        clue_cells = sum(1 << c for c in rng.sample(sorted(cells(painting.white)), 3 + seed % 4))
        puzzle = painting.puzzle(clue_cells)
        board = start_board(puzzle)
        other = settle(ruleset, board, painting, Level.HARD)
        if other is not None:
            rivals += 1
            assert other.shaded != painting.black and KURODOKO.check(puzzle, other) == []
            assert rival(ruleset, start_board(puzzle), painting) is not None
        elif not board.undecided:
            finished += 1
            assert board.shaded == painting.black
    assert rivals and finished


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM, Level.HARD])
def test_the_sweep_leaves_no_clue_the_ladder_can_do_without(level: Level) -> None:
    ruleset = KURODOKO.ruleset
    rng = random.Random(4)
    painting = paint(6, 6, rng)
    added = add_clues(ruleset, painting, 0, level, rng)
    assert added is not None
    swept = sweep(ruleset, painting, added, level, rng)
    assert swept & ~added == 0
    assert finishes(ruleset, start_board(painting.puzzle(swept)), level)
    for cell in cells(swept):
        fewer = swept & ~(1 << cell)
        assert not finishes(ruleset, start_board(painting.puzzle(fewer)), level), cell


def test_a_rival_breaks_exactly_the_clues_it_disagrees_with() -> None:
    """``breaks`` is every white cell whose clue the rival contradicts: without those clues the rival
    is a solution, and each of them on its own rules it out."""
    ruleset = KURODOKO.ruleset
    met = 0
    for seed in range(6):
        rng = random.Random(seed)
        painting = paint(6, 6, rng)
        rivals: list = []
        add_clues(ruleset, painting, 0, Level.HARD, rng, rivals=rivals)
        for other in rivals:
            met += 1
            broken = breaks(painting, other)
            assert broken and broken & painting.black == 0
            kept = painting.white & ~broken
            assert KURODOKO.check(painting.puzzle(kept), other) == []
            for cell in cells(broken):
                assert KURODOKO.check(painting.puzzle(kept | 1 << cell), other) != []
    assert met > 5


@pytest.mark.parametrize("level", [Level.MEDIUM, Level.HARD, Level.EXPERT])
def test_the_sweep_test_means_the_ladder_finishes_and_the_driver_can_rate_it(level: Level) -> None:
    """``can_drop`` says yes only when the ladder up to the level finishes the puzzle from scratch;
    above medium, a no means the ladder stalls or the sweep's short search cannot prove it unique."""
    ruleset = KURODOKO.ruleset
    yes = no = 0
    for seed in range(3):
        rng = random.Random(seed)
        painting = paint(7, 7, rng)
        added = add_clues(ruleset, painting, 0, level, rng)
        assert added is not None
        for cell in cells(added):
            fewer = added & ~(1 << cell)
            finished = finishes(ruleset, start_board(painting.puzzle(fewer)), level)
            if can_drop(ruleset, painting, fewer, level):
                yes += 1
                assert finished
            else:
                no += 1
                if finished:
                    assert level > Level.MEDIUM
                    board = start_board(painting.puzzle(fewer))
                    finishes(ruleset, board, Level.MEDIUM)
                    assert not count(board, ruleset, limit=2, budget=Budget(SWEEP_NODES)).exhaustive
    assert yes and no


def test_ratable_adds_clues_until_a_short_search_proves_the_puzzle_unique() -> None:
    """From a clue set the ladder finishes but no short search rates, ``ratable`` adds clues until
    the search from the medium-stalled board goes through the whole tree; below hard it adds none."""
    ruleset = KURODOKO.ruleset
    rng = random.Random(5)
    painting = paint(9, 9, rng)
    clue_cells = painting.white  # every white cell a clue: the ladder finishes
    assert ratable(ruleset, painting, clue_cells, Level.HARD, rng) == clue_cells
    assert ratable(ruleset, painting, 0, Level.MEDIUM, rng) == 0
    grown = 0
    for seed in range(4):
        rng = random.Random(seed)
        painting = paint(9, 9, rng)
        few = sum(1 << c for c in rng.sample(sorted(cells(painting.white)), 4))
        made = ratable(ruleset, painting, few, Level.HARD, rng)
        assert made & few == few and made & painting.black == 0
        board = start_board(painting.puzzle(made))
        if not finishes(ruleset, board, Level.MEDIUM):
            assert search(ruleset, board, painting, SWEEP_NODES).unique
        grown += made != few
    assert grown


def test_the_sweep_with_rivals_still_leaves_no_clue_the_ladder_can_do_without() -> None:
    ruleset = KURODOKO.ruleset
    for seed in range(3):
        rng = random.Random(seed)
        painting = paint(6, 6, rng)
        rivals: list = []
        added = add_clues(ruleset, painting, 0, Level.HARD, rng, rivals=rivals)
        assert added is not None
        swept = sweep(ruleset, painting, added, Level.HARD, rng, rivals=rivals)
        assert finishes(ruleset, start_board(painting.puzzle(swept)), Level.HARD)
        for cell in cells(swept):
            assert not finishes(ruleset, start_board(painting.puzzle(swept & ~(1 << cell))), Level.HARD)


# -- generated puzzles ----------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
@pytest.mark.parametrize("shape", [(4, 6), (6, 6)])
def test_generated_puzzles_are_unique_and_rated_exactly(shape: tuple[int, int], level: str) -> None:
    rows, cols = shape
    for made in pencilkit.generate("kurodoko", rows, cols, level, seed=3, count=2, seconds=120):
        assert (made.puzzle.rows, made.puzzle.cols) == shape and made.puzzle.genre == "kurodoko"
        assert_rated_exactly(made, Level.parse(level))


class Bare(KurodokoGenerator):
    """The generator without its dressing: the clues the sweep leaves."""

    def dress(self, candidate: Candidate, target: Level, rng: random.Random, budget: Budget | None = None) -> Candidate:
        return candidate


def test_the_sweep_leaves_only_needed_clues_and_the_dressing_adds_more() -> None:
    bare = generate_one(Bare(), KURODOKO, 10, 10, Level.HARD, seed=8)
    ruleset = KURODOKO.ruleset
    painting = Painting(10, 10, bare.solution.shaded)
    clue_cells = bare.puzzle.clue_mask
    assert bare.puzzle == painting.puzzle(clue_cells)
    for cell in cells(clue_cells):
        assert not finishes(ruleset, start_board(painting.puzzle(clue_cells & ~(1 << cell))), Level.HARD)
    dressed = generate_one(KURODOKO.generator(), KURODOKO, 10, 10, Level.HARD, seed=8)
    assert dressed.solution == bare.solution
    assert clue_cells & ~dressed.puzzle.clue_mask == 0 and dressed.puzzle.clue_mask != clue_cells
    assert dressed.puzzle == painting.puzzle(dressed.puzzle.clue_mask)  # true clues only
    assert len(dressed.puzzle.clues) <= max(21, len(bare.puzzle.clues))  # published 10x10: at most 0.21 a cell
    assert_rated_exactly(dressed, Level.HARD)


def test_dressed_puzzles_reach_the_published_density() -> None:
    density = [len(made.puzzle.clues) / 100 for level in ("easy", "hard", "expert")
               for made in pencilkit.generate("kurodoko", 10, 10, level, seed=1, count=3)]
    assert 0.16 <= sorted(density)[len(density) // 2] <= 0.22  # published 10x10: 0.16-0.21 (middle half)


@pytest.mark.parametrize("shape,level", [((15, 15), "medium"), ((10, 12), "easy"), ((1, 9), "hard"),
                                         ((2, 5), "medium"), ((4, 4), "expert")])
def test_large_thin_and_non_square_boards(shape: tuple[int, int], level: str) -> None:
    rows, cols = shape
    made = pencilkit.generate("kurodoko", rows, cols, level, seed=1, seconds=120)[0]
    assert_rated_exactly(made, Level.parse(level))


def test_same_seed_same_puzzle() -> None:
    first = pencilkit.generate("kurodoko", 7, 7, "hard", seed=42)[0]
    second = pencilkit.generate("kurodoko", 7, 7, "hard", seed=42)[0]
    assert first.puzzle.id() == second.puzzle.id()
    assert first.solution == second.solution and first.seed == 42


def test_different_seeds_differ_and_count_uses_consecutive_seeds() -> None:
    made = pencilkit.generate("kurodoko", 6, 6, "medium", seed=100, count=3)
    assert [m.seed for m in made] == [100, 101, 102]
    assert len({m.puzzle.id() for m in made}) == 3
    again = pencilkit.generate("kurodoko", 6, 6, "medium", seed=101)[0]
    assert again.puzzle.id() == made[1].puzzle.id()


# -- requests it cannot honour, and budgets ---------------------------------------


@pytest.mark.parametrize("args,words", [
    (("kurodoko", 1, 1, "easy"), "no 1x1 kurodoko puzzle is easy: the hardest this shape allows is bookkeeping"),
    (("kurodoko", 2, 2, "medium"), "no 2x2 kurodoko puzzle is medium"),
    (("kurodoko", 3, 3, "expert"), "no 3x3 kurodoko puzzle is expert: the hardest this shape allows is hard"),
    (("kuromasu", 1, 40, "expert"), "no 1x40 kurodoko puzzle is expert"),
    (("kurodoko", 5, 5, "search"), "cannot generate level search"),
    (("kurodoko", 0, 5, "easy"), "bad shape"),
    (("kurodoko", 5, 5, "fiendish"), "unknown level"),
])
def test_impossible_requests_fail_at_once(args: tuple, words: str) -> None:
    start = time.perf_counter()
    with pytest.raises(PencilkitError, match=words):
        pencilkit.generate(*args, seconds=30)
    assert time.perf_counter() - start < 1.0


def test_the_cli_reports_an_impossible_request_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "kurodoko", "2x2", "--level", "hard"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "no 2x2 kurodoko puzzle is hard" in err


def test_the_cli_prints_puzzle_solution_rating_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "kurodoko", "5x7", "--level", "hard", "--seed", "9", "--count", "2", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["seed"] for r in records] == [9, 10]
    for record in records:
        assert record["genre"] == "kurodoko" and record["rating"] == "hard" and record["exact"] is True
        solved = solve(pencilkit.parse(record["puzzle"]))
        assert solved.status is Status.UNIQUE and solved.answer.to_rows() == record["solution"]


def test_the_budget_is_respected_and_nothing_unproven_comes_back() -> None:
    budget = 0.5
    start = time.perf_counter()
    try:
        made = pencilkit.generate("kurodoko", 15, 15, "expert", seed=3, seconds=budget)[0]
    except GenerationFailed as failed:
        assert "no unique 15x15 puzzle" in str(failed)
    else:
        truth = solve(made.puzzle)
        assert truth.status is Status.UNIQUE and truth.rating == made.rating
    assert time.perf_counter() - start < budget + 2.0


def test_a_spent_budget_stops_a_start() -> None:
    """A painting's add-and-sweep runs the ladder under the run's budget: spent (or called off), it stops."""
    from pencilkit.frame.budget import Budget, Cancel, OutOfTime

    with pytest.raises(OutOfTime):
        GENERATOR.start(15, 15, Level.HARD, random.Random(0), budget=Budget(seconds=0))
    called_off = Cancel()
    called_off.set()
    with pytest.raises(OutOfTime):
        GENERATOR.start(15, 15, Level.HARD, random.Random(0), budget=Budget(cancel=called_off))
    assert GENERATOR.start(15, 15, Level.HARD, random.Random(0), budget=Budget(seconds=60)) is not None


# -- the feasibility table --------------------------------------------------------


@pytest.mark.parametrize("shape", [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 2), (2, 3)])
def test_small_shapes_match_the_exhaustive_walk(shape: tuple[int, int]) -> None:
    assert hardest_level(*shape) == SMALL_SHAPES[shape] == max_level(*shape) == max_level(*reversed(shape))


def test_shapes_beyond_the_table() -> None:
    assert max_level(1, 30) == Level.HARD
    assert max_level(2, 9) == max_level(4, 4) == max_level(15, 15) == Level.EXPERT
