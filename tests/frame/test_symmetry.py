"""Symmetric clue positions: the orbits, and generation that keeps them (Kurodoko's clue positions,
Nurikabe's whole layouts)."""

from __future__ import annotations

import random

import pytest

import pencilkit
from pencilkit.cli import main
from pencilkit.errors import PencilkitError
from pencilkit.frame.levels import Level
from pencilkit.frame.symmetry import Symmetry
from pencilkit.genres.nurikabe import symmetric
from pencilkit.genres.nurikabe.painting import Layout, is_valid
from pencilkit.grid import Grid


def test_orbits_on_odd_and_even_boards() -> None:
    grid = Grid.of(3, 3)
    centre = grid.cell(1, 1)
    assert Symmetry.ROT2.orbit(3, 3, centre) == 1 << centre
    assert Symmetry.ROT4.orbit(3, 3, centre) == 1 << centre
    corners = {grid.cell(0, 0), grid.cell(0, 2), grid.cell(2, 0), grid.cell(2, 2)}
    assert Symmetry.ROT4.orbit(3, 3, grid.cell(0, 0)) == sum(1 << c for c in corners)
    assert Symmetry.ROT2.orbit(3, 3, grid.cell(0, 0)) == 1 << grid.cell(0, 0) | 1 << grid.cell(2, 2)
    assert Symmetry.MIRROR.orbit(3, 3, grid.cell(0, 0)) == 1 << grid.cell(0, 0) | 1 << grid.cell(0, 2)
    assert Symmetry.MIRROR.orbit(3, 3, grid.cell(2, 1)) == 1 << grid.cell(2, 1)
    assert Symmetry.NONE.orbit(3, 3, 4) == 1 << 4
    even = Grid.of(4, 4)
    assert all(Symmetry.ROT4.orbit(4, 4, c).bit_count() == 4 for c in range(even.size))


def test_every_orbit_is_closed_and_the_orbits_partition_the_board() -> None:
    for kind in Symmetry:
        for rows, cols in [(5, 5), (6, 6), (4, 7), (7, 4)]:
            if not kind.fits(rows, cols):
                continue
            seen = 0
            for cell in range(rows * cols):
                orbit = kind.orbit(rows, cols, cell)
                assert orbit >> cell & 1
                assert kind.holds(rows, cols, orbit)
                assert all(kind.orbit(rows, cols, c) == orbit for c in range(rows * cols) if orbit >> c & 1)
                seen |= orbit
            assert seen == (1 << rows * cols) - 1


def test_holds_and_orbit() -> None:
    assert not Symmetry.ROT2.holds(3, 3, 1)
    assert Symmetry.ROT2.orbit(3, 3, 0) == 1 | 1 << 8
    assert Symmetry.ROT2.holds(3, 3, 1 | 1 << 8)
    assert not Symmetry.ROT4.fits(4, 5)
    with pytest.raises(PencilkitError, match="quarter turns need a square"):
        Symmetry.ROT4.orbit(4, 5, 0)
    with pytest.raises(PencilkitError, match="unknown symmetry"):
        Symmetry.parse("spiral")


def test_a_request_names_a_symmetry_or_asks_for_one_as_published() -> None:
    assert Symmetry.asked(" Published ") is None
    assert Symmetry.asked("ROT2") is Symmetry.ROT2 and Symmetry.asked(Symmetry.NONE) is Symmetry.NONE
    with pytest.raises(PencilkitError, match="choose one of published, none, rot2"):
        Symmetry.asked("spiral")


@pytest.mark.parametrize("kind,rows,cols,level", [
    ("rot2", 7, 7, "hard"), ("rot2", 6, 8, "medium"), ("rot4", 7, 7, "expert"), ("rot4", 8, 8, "easy"),
    ("mirror", 7, 9, "hard"), ("mirror", 8, 8, "medium"),
])
def test_kurodoko_clue_positions_keep_the_symmetry(kind: str, rows: int, cols: int, level: str) -> None:
    made = pencilkit.generate("kurodoko", rows, cols, level, seed=5, symmetry=kind)[0]
    assert made.exact and made.symmetry is Symmetry(kind)
    assert Symmetry(kind).holds(rows, cols, made.puzzle.clue_mask)
    solved = pencilkit.solve(made.puzzle)
    assert solved.status.value == "unique" and solved.rating is Level.parse(level)
    assert solved.answer is not None and solved.answer.to_rows() == made.solution.to_rows()
    assert made.to_json()["symmetry"] == kind
    again = pencilkit.generate("kurodoko", rows, cols, level, seed=5, symmetry=kind)[0]
    assert again.puzzle.id() == made.puzzle.id()


@pytest.mark.parametrize("kind,rows,cols,level", [
    ("rot2", 7, 7, "hard"), ("rot2", 8, 10, "medium"), ("rot4", 9, 9, "medium"), ("mirror", 9, 9, "hard"),
    ("mirror", 6, 7, "easy"), ("rot2", 25, 25, "expert"),  # past 20x20 expert starts from a cascade
])
def test_nurikabe_layouts_keep_the_symmetry(kind: str, rows: int, cols: int, level: str) -> None:
    made = pencilkit.generate("nurikabe", rows, cols, level, seed=3, symmetry=kind)[0]
    symmetry = Symmetry(kind)
    assert made.exact and made.symmetry is symmetry
    assert symmetry.holds(rows, cols, made.puzzle.clue_mask)
    solved = pencilkit.solve(made.puzzle)
    assert solved.status.value == "unique" and solved.rating is Level.parse(level)
    assert pencilkit.generate("nurikabe", rows, cols, level, seed=3, symmetry=kind)[0].puzzle.id() == made.puzzle.id()


def test_nurikabe_refuses_mirrors_that_would_pool() -> None:
    with pytest.raises(PencilkitError, match="two middle columns would mirror each other and pool"):
        pencilkit.generate("nurikabe", 7, 8, "easy", seed=1, symmetry="mirror")
    with pytest.raises(PencilkitError, match="middle 2x2 block"):
        pencilkit.generate("nurikabe", 8, 8, "easy", seed=1, symmetry="rot4")


def test_a_symmetry_a_genre_cannot_keep_is_refused() -> None:
    with pytest.raises(PencilkitError, match="heyawake puzzles cannot be made with mirror symmetry"):
        pencilkit.generate("heyawake", 6, 6, "easy", seed=1, symmetry="mirror")
    with pytest.raises(PencilkitError, match="dense Nurikabe keep no rot2 symmetry"):
        pencilkit.generate("nurikabe", 7, 7, "easy", seed=1, symmetry="rot2", style="dense")
    with pytest.raises(PencilkitError, match="quarter turns need a square"):
        pencilkit.generate("kurodoko", 6, 8, "easy", seed=1, symmetry="rot4")


def test_symmetric_nurikabe_numbers_are_freed() -> None:
    """Symmetric 10x10 Nurikabe come out with the clue positions kept and most numbers unlike their
    images', where the layout was built with every image's number alike."""
    alike = total = 0
    for seed in range(1, 4):
        made = pencilkit.generate("nurikabe", 10, 10, "medium", seed=seed, symmetry="rot2")[0]
        layout = Layout.of(made.puzzle, made.solution)
        turn = Symmetry.ROT2.maps(10, 10)
        assert Symmetry.ROT2.holds(10, 10, made.puzzle.clue_mask)
        alike += len(symmetric.alike(layout, turn))
        total += len(symmetric.pairs(layout, turn))
    assert total > 10 and alike <= total / 2


def test_freeing_numbers_moves_no_clue_and_keeps_only_what_is_kept() -> None:
    turn = Symmetry.ROT2.maps(11, 11)
    layout = None
    for draw in range(20):
        layout = symmetric.symmetric_layout(11, 11, random.Random(draw), turn)
        if layout is not None:
            break
    assert layout is not None and len(symmetric.alike(layout, turn)) == len(symmetric.pairs(layout, turn)) > 4
    assert symmetric.free_numbers(layout, turn, random.Random(1), lambda changed: False) == layout
    offered: list[Layout] = []
    symmetric.free_numbers(layout, turn, random.Random(1), lambda changed: offered.append(changed) or False, tries=3)
    assert len(offered) == 3  # a count bounds it, not the clock
    seen: list[Layout] = []
    freed = symmetric.free_numbers(layout, turn, random.Random(1), lambda changed: seen.append(changed) or True)
    assert freed == seen[-1] and freed.clue_cells == layout.clue_cells and is_valid(freed)
    assert len(symmetric.alike(freed, turn)) <= symmetric.PAIRS_ALIKE * len(symmetric.pairs(freed, turn))
    for before, after in zip([layout, *seen], seen):  # each change kept fewer pairs alike
        assert len(symmetric.alike(after, turn)) < len(symmetric.alike(before, turn))


def test_the_command_line_keeps_and_names_the_symmetry(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "kurodoko", "7x7", "--level", "medium", "--seed", "2", "--symmetry", "rot2"]) == 0
    out = capsys.readouterr().out
    assert "rot2 symmetry" in out.splitlines()[0]
    assert main(["generate", "kurodoko", "6x8", "--symmetry", "rot4"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "quarter turns need a square" in err[0]
