"""``narrow``: what a relaxation settles holds in every solution.

* Against brute force: on every sampled small board, full or partial, with
  every island relaxed (the threshold lowered to one cell), each cell
  ``narrow`` settles takes that value in every solution, and ``None`` (the
  relaxation has no model) comes only for boards with no solution.  Small
  conflict limits make the solver run out often, so a cell left open by
  running out is never mistaken for a settled one.
* On corpus puzzles (unique, so every solution is the published one), from
  the ladder's stalled boards, with islands of 3 or more cells to take relaxed.
* With nothing to relax, it returns at once; Kurodoko relaxes nothing.  A
  relaxation with no model means the board has none.
* On janko-nurikabe-1055 it settles cells the ladder then carries to the end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pencilkit import Puzzle
from pencilkit.engines import sat as sat_module
from pencilkit.engines.sat import narrow
from pencilkit.frame import oracle
from pencilkit.frame.levels import Level
from pencilkit.genres import find_genre, start_board
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.genres.nurikabe import sat as sat_nurikabe
from pencilkit.grid import Mask, cells
from pencilkit.puzzle import Answer

from ..conftest import load_corpus
from .boards import random_board


def agrees(solutions: list[Mask], shade: Mask, unshade: Mask) -> bool:
    return all(s & shade == shade and not s & unshade for s in solutions)


@pytest.mark.parametrize("conflicts", [(1,), (1, 20), (1000,)])
def test_narrow_settles_only_what_every_solution_shares(monkeypatch: pytest.MonkeyPatch,
                                                        conflicts: tuple[int, ...]) -> None:
    monkeypatch.setattr(sat_nurikabe, "RELAX_SIZE", 1)
    rng = random.Random(sum(conflicts))
    settled_cells = nones = 0
    for _ in range(120):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (2, 5), (2, 6), (3, 5)])
        puzzle = random_board("nurikabe", rng, rows, cols)
        truth = oracle.solutions(find_genre(puzzle.genre), puzzle)
        shaded = unshaded = 0
        if truth and rng.random() < 0.6:  # a partial board: some cells of one solution, maybe one flipped
            pick = rng.choice(truth)
            for c in cells(puzzle.grid.full & ~puzzle.clue_mask):
                if rng.random() < 0.3:
                    if (pick >> c & 1) != (rng.random() < 0.1):
                        shaded |= 1 << c
                    else:
                        unshaded |= 1 << c
        consistent = [s for s in truth if s & shaded == shaded and not s & unshaded]
        result = narrow(find_genre(puzzle.genre), puzzle, shaded, unshaded, conflicts=conflicts)
        if result is None:
            assert not consistent, puzzle.id()
            nones += 1
            continue
        shade, unshade = result
        assert not (shade & unshade) and not ((shade | unshade) & (shaded | unshaded))
        assert agrees(consistent, shade, unshade), (puzzle.id(), shaded, unshaded)
        settled_cells += (shade | unshade).bit_count()
    assert settled_cells > 100 and nones > 3, "the sample should settle cells and meet boards with no solution"


def test_narrow_on_stalled_corpus_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sat_nurikabe, "RELAX_SIZE", 3)
    records = [r for r in load_corpus("nurikabe") if len(r["solution"]) * len(r["solution"][0]) <= 100]
    checked = settled_cells = 0
    for record in records:
        puzzle = Puzzle.from_id(record["puzzle"])
        board = start_board(puzzle)
        NURIKABE.ruleset.run(board, max_level=Level.HARD)  # stalled boards of expert and search puzzles
        if not board.undecided:
            continue
        published = Answer.from_rows(record["solution"]).shaded
        result = narrow(find_genre(puzzle.genre), puzzle, board.shaded, board.unshaded)
        assert result is not None, record["name"]
        assert agrees([published], *result), record["name"]
        checked += 1
        settled_cells += (result[0] | result[1]).bit_count()
        if checked == 25:
            break
    assert checked == 25 and settled_cells > 25


def test_narrow_returns_at_once_with_nothing_to_relax() -> None:
    assert narrow(find_genre(Puzzle.from_id("nurikabe:3x3:.,.,.,.,.,.,5,.,1").genre), Puzzle.from_id("nurikabe:3x3:.,.,.,.,.,.,5,.,1")) == (0, 0)  # 5 < RELAX_SIZE
    assert narrow(find_genre(Puzzle.from_id("kurodoko:3x3:.,.,.,.,5,.,.,.,.").genre), Puzzle.from_id("kurodoko:3x3:.,.,.,.,5,.,.,.,.")) == (0, 0)


def test_a_relaxation_with_no_model_means_no_solution(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sat_nurikabe, "RELAX_SIZE", 1)
    puzzle = Puzzle.from_id("nurikabe:1x3:2,.,2")  # both 2s need the middle cell
    assert narrow(find_genre(puzzle.genre), puzzle) is None
    result = sat_module.finish(find_genre(puzzle.genre), start_board(puzzle))
    assert result is not None and result.count == 0 and result.exhaustive


def test_narrow_lets_the_ladder_finish_janko_nurikabe_1055(monkeypatch: pytest.MonkeyPatch) -> None:
    """The finisher narrows, the ladder finishes, and no count is needed after it."""
    record = next(r for r in load_corpus("nurikabe") if r["name"] == "janko-nurikabe-1055")
    puzzle = Puzzle.from_id(record["puzzle"])
    published = Answer.from_rows(record["solution"]).shaded
    board = start_board(puzzle)
    NURIKABE.ruleset.run(board, max_level=Level.HARD)
    assert board.undecided, "the ladder up to hard stalls on 1055"
    narrowed: list[tuple[Mask, Mask] | None] = []

    def watched(*args: Any, **kwargs: Any) -> tuple[Mask, Mask] | None:
        narrowed.append(narrow(*args, **kwargs))
        return narrowed[-1]

    def no_count(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the ladder finished the narrowed board: nothing is left to count")

    monkeypatch.setattr(sat_module, "narrow", watched)
    monkeypatch.setattr(sat_module, "count_sat", no_count)
    result = sat_module.finish(find_genre(board.puzzle.genre), board)
    assert narrowed and narrowed[0] is not None
    shade, unshade = narrowed[0]
    assert agrees([published], shade, unshade) and (shade | unshade).bit_count() >= 20
    assert result is not None and result.exhaustive
    assert [answer.shaded for answer in result.solutions] == [published]
