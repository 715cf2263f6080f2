"""Islands joined towards the published look of big boards: what a join changes, and what it is held to."""

from __future__ import annotations

import random

import pytest

import pencilkit
from pencilkit.engines.sat import count_sat
from pencilkit.frame.generator import Assessment, Outcome
from pencilkit.genres import find_genre
from pencilkit.genres.nurikabe import generate as generate_module
from pencilkit.genres.nurikabe import joining
from pencilkit.genres.nurikabe.cascade import cascade_layout
from pencilkit.genres.nurikabe.painting import Layout, is_valid
from pencilkit.genres.nurikabe.style import published_density
from pencilkit.grid import cells
from pencilkit.puzzle import Answer

NURIKABE = find_genre("nurikabe")


def cascade(rows: int, cols: int, seed: int) -> Layout:
    rng = random.Random(seed)
    while True:
        layout = cascade_layout(rows, cols, rng)
        if layout is not None:
            return layout


def sizes(layout: Layout) -> list[int]:
    return sorted(island.bit_count() for island in layout.islands)


def test_joins_make_a_big_island_and_fewer_clues_when_every_join_is_taken() -> None:
    """Each kept join takes one clue away and one sea cell into the land; the joins go on until the
    largest island reaches the drawn size and the clues are no denser than the published median."""
    exact = Assessment(Outcome.EXACT)
    kept = 0
    for seed in range(3):
        layout = cascade(20, 20, seed)
        seen: list[Layout] = []
        joined = joining.join_islands(layout, random.Random(seed), lambda changed: seen.append(changed) or exact)
        assert joined == (seen[-1] if seen else layout) and is_valid(joined)
        kept += len(seen)
        for before, after in zip([layout, *seen], seen):
            assert len(after.islands) == len(before.islands) - 1
            assert after.land.bit_count() == before.land.bit_count() + 1
            assert set(after.clue_cells) < set(before.clue_cells)
        low, high = joining.LARGEST_MIDDLE[0][1]
        assert low <= max(sizes(joined)) and max(sizes(joined)) <= max(high, max(sizes(layout)))
        assert len(joined.islands) <= published_density(20, 20) * 400
    assert kept >= 5


def test_nothing_is_joined_that_the_judge_refuses_nor_on_small_boards() -> None:
    layout = cascade(20, 20, 0)  # 51 clues and a largest island of 10: joins are wanted
    calls: list[Layout] = []
    refused = joining.join_islands(layout, random.Random(0), lambda changed: calls.append(changed) and None)
    assert refused == layout and 0 < len(calls) <= joining.JOIN_TRIES
    small = cascade(15, 15, 1)
    assert joining.join_islands(small, random.Random(1), lambda changed: Assessment(Outcome.EXACT)) == small


def test_a_join_with_a_second_solution_moves_its_clue_onto_a_cell_the_rival_shades() -> None:
    """The joined island and its number stay; only its clue moves, onto a cell the rival shades."""
    layout = cascade(20, 20, 0)
    verdicts: list[Layout] = []
    shaded = 0

    def judge(changed: Layout) -> Assessment:
        nonlocal shaded
        verdicts.append(changed)
        if len(verdicts) == 1:  # a rival shading the joined island's cells in its first row, but the clue
            clues = sum(1 << cell for cell in changed.clue_cells)
            (island,) = set(changed.islands) - set(layout.islands)  # the joined one
            row = min(cell // 20 for cell in cells(island & ~clues))
            shaded = sum(1 << cell for cell in cells(island & ~clues) if cell // 20 == row)
            return Assessment(Outcome.MULTIPLE, rival=Answer(20, 20, shaded))
        return Assessment(Outcome.EXACT)

    joining.join_islands(layout, random.Random(0), judge, tries=2)
    first, second = verdicts
    assert first.islands == second.islands
    moved = set(second.clue_cells) - set(first.clue_cells)
    assert len(moved) == 1 and shaded >> moved.pop() & 1


def test_joins_on_a_generated_board_keep_it_unique_and_rated_as_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """End to end at 20x20: the joins take clues away, and the puzzle stays unique and at its level."""
    (made,) = pencilkit.generate("nurikabe", 20, 20, "hard", seed=4)
    assert made.rating.label == "hard"
    assert count_sat(NURIKABE, made.puzzle, 2).count == 1
    monkeypatch.setattr(joining, "JOIN_CELLS", 10**6)
    (unjoined,) = pencilkit.generate("nurikabe", 20, 20, "hard", seed=4)
    assert len(made.puzzle.clue_map) < len(unjoined.puzzle.clue_map)
    assert made.solution.unshaded.bit_count() > unjoined.solution.unshaded.bit_count()


def test_easy_puzzles_are_joined_only_past_20x20(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 20x20 easy cascades already look published and a join mostly makes them harder; past it their clues
    run dense and small, so they are joined as the other levels are."""
    joined: list[tuple[int, int]] = []

    def spy(layout: Layout, rng: random.Random, judge: object) -> Layout:
        joined.append((layout.rows, layout.cols))
        return layout

    monkeypatch.setattr(generate_module, "join_islands", spy)
    for rows, cols in ((20, 20), (20, 21)):
        (made,) = pencilkit.generate("nurikabe", rows, cols, "easy", seed=1, symmetry="none")
        assert made.rating.label == "easy"
    assert joined == [(20, 21)]
