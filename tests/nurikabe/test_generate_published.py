"""The published style: layouts shaped like printed Nurikabe, repairs that reshape islands, and the band."""

from __future__ import annotations

import random

import pytest

import pencilkit
from pencilkit.engines.sat import count_sat
from pencilkit.errors import PencilkitError
from pencilkit.frame import oracle
from pencilkit.frame.generator import Assessment, Outcome
from pencilkit.frame.levels import Level
from pencilkit.frame.search import count
from pencilkit.genres import find_genre, start_board
from pencilkit.genres.nurikabe.generate import NurikabeCandidate, NurikabeGenerator, reshape
from pencilkit.genres.nurikabe.cascade import cascade_layout
from pencilkit.genres.nurikabe.painting import Layout, growth_layout, is_valid
from pencilkit.genres.nurikabe.style import PUBLISHED, Band, Measures, published_density
from pencilkit.grid import cells
from pencilkit.puzzle import Answer

NURIKABE = find_genre("nurikabe")


def test_turning_land_to_sea_keeps_layouts_valid() -> None:
    """Trims and splits never break a rule, and every piece of a split island carries a clue."""
    splits = 0
    for seed in range(8):
        rng = random.Random(seed)
        layout = None
        while layout is None:
            layout = cascade_layout(8, 9, rng)
        for _ in range(60):
            cell = rng.choice(list(cells(layout.land)))
            changed = layout.without_land(cell, rng)
            if changed is None:
                continue
            assert is_valid(changed)
            assert NURIKABE.check(changed.puzzle(), changed.solution()) == []
            assert changed.land == layout.land & ~(1 << cell)
            splits += len(changed.islands) > len(layout.islands)
            layout = changed
            grow = rng.choice(list(cells(layout.sea)))
            layout = layout.with_land(grow) or layout
    assert splits > 0


def test_without_land_trims_splits_and_refuses() -> None:
    # nurikabe:3x3:.,.,.,.,.,.,5,.,1 solved: the 5 is the top row and the left column.
    layout = Layout(3, 3, (0b001_001_111, 1 << 8), (6, 8))
    assert is_valid(layout)
    rng = random.Random(0)
    assert layout.without_land(6, rng) is None  # the clue cell
    assert layout.without_land(4, rng) is None  # sea already
    assert layout.without_land(0, rng) is None  # touches no sea: the sea would split
    trimmed = layout.without_land(2, rng)
    assert trimmed is not None and trimmed.puzzle().id() == "nurikabe:3x3:.,.,.,.,.,.,4,.,1"
    split = layout.without_land(3, rng)
    assert split is not None and is_valid(split)
    assert sorted(island.bit_count() for island in split.islands) == [1, 1, 3]
    assert split.clue_cells[split.island_of(6)] == 6  # the clue's piece keeps it
    assert split.island_of(1) >= 0 and split.clue_cells[split.island_of(1)] in (0, 1, 2)
    corner = Layout(3, 3, (0b111_111_100 & ~0b000_001_000,), (8,))  # sea 0, 1, 3
    assert is_valid(corner)
    assert corner.without_land(4, rng) is None  # would make a pool with the sea corner


def test_band_measures_and_admits() -> None:
    band = Band()
    assert published_density(10, 10) == 0.125 and published_density(30, 30) == 0.098
    inside = Measures(cells=100, land=45, clues=12, ones=1, largest=9)
    assert band.excess(inside, 10, 10) == (0, 0, 0, 0)
    assert band.excess(Measures(100, 38, 12, 1, 9), 10, 10) == (2, 0, 0, 0)
    assert band.excess(Measures(100, 45, 16, 4, 5), 10, 10) == (0, 2, 1, 0)
    assert band.excess(Measures(49, 20, 6, 1, 6), 7, 7) == (0, 1, 0, 0)  # 15% of 6 clues is no 1 at all
    assert band.excess(Measures(100, 45, 12, 1, 12), 10, 10) == (0, 0, 0, 3)  # the largest island up to 9
    assert band.excess(Measures(400, 180, 44, 5, 16), 20, 20)[3] == 0
    assert band.excess(Measures(900, 400, 88, 9, 60), 30, 30)[3] == 0  # no limit past 20x20
    assert band.applies(5, 5) and not band.applies(4, 9)
    rng = random.Random(2)
    layout = None
    while layout is None or not band.holds(layout):
        layout = cascade_layout(10, 10, rng)
    loose = Band(largest=())  # no limit on the largest island, which growing would meet first
    more = layout
    while loose.holds(more):  # grow land past half the board
        more = next(grown for c in cells(more.sea) if (grown := more.with_land(c)) is not None)
    assert Measures.of(more).land > 50
    assert not loose.holds(more) and not band.holds(more)
    assert not loose.admits(layout, more)
    assert band.admits(layout, layout)


def _multiple(layout: Layout) -> Answer | None:
    puzzle = layout.puzzle()
    rivals = [s for s in oracle.solutions(find_genre(puzzle.genre), puzzle) if s != layout.solution().shaded]
    if not rivals:
        return None
    return Answer(layout.rows, layout.cols, rivals[0], layout.grid.full & ~rivals[0])


@pytest.mark.parametrize("seed", range(3))
def test_reshape_breaks_the_rival(seed: int) -> None:
    """Whatever move it takes against a second solution (brute force finds it), that solution breaks a rule."""
    rng = random.Random(seed)
    loose = Band(land=(0.0, 1.0), ones=1.0, density_margin=10.0)
    tried = 0
    for _ in range(2000):
        if tried == 12:
            break
        layout = growth_layout(rng.choice((3, 4)), 4, rng)
        if layout is None:
            continue
        rival = _multiple(layout)
        if rival is None:
            continue
        board = start_board(layout.puzzle())
        changed = reshape(layout, Assessment(Outcome.MULTIPLE, stalled=board, rival=rival), rng, loose, 1.0)
        if changed is None:
            continue
        tried += 1
        assert is_valid(changed)
        assert NURIKABE.check(changed.puzzle(), rival), f"{layout.puzzle().id()} -> {changed.puzzle().id()}"
    assert tried == 12


def test_the_first_rival_met_near_the_intended_solution_is_near_it() -> None:
    """The driver's search tries the intended solution's value first at every branch: the rival it
    meets is a true second solution of the stalled board, and differs from the intended solution in
    fewer cells than the rival a plain search meets first."""
    rng = random.Random(5)
    near_cells = plain_cells = rivals = 0
    for _ in range(12):
        layout = None
        while layout is None:
            layout = growth_layout(11, 11, rng)
        candidate = NurikabeCandidate(layout)
        intended = candidate.solution.shaded
        board = start_board(candidate.puzzle)
        NURIKABE.ruleset.run(board, max_level=Level.EASY)
        near = [s for s in count(board, NURIKABE.ruleset, limit=2, near=intended).solutions if s.shaded != intended]
        plain = [s for s in count(board, NURIKABE.ruleset, limit=2).solutions if s.shaded != intended]
        assert bool(near) == bool(plain)
        if not near:
            counted = count_sat(NURIKABE, candidate.puzzle, 2)
            assert counted.exhaustive and counted.count == 1
            continue
        rival = near[0]
        assert not NURIKABE.check(candidate.puzzle, rival)
        assert rival.shaded & board.unshaded == 0 and rival.unshaded & board.shaded == 0
        rivals += 1
        near_cells += (rival.shaded ^ intended).bit_count()
        plain_cells += (plain[0].shaded ^ intended).bit_count()
    assert rivals >= 6 and near_cells < plain_cells, (rivals, near_cells, plain_cells)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_published_puzzles_are_unique_exact_and_inside_the_band(level: str) -> None:
    made = pencilkit.generate("nurikabe", 8, 8, level, seed=4, seconds=120)[0]
    assert made.exact
    counted = count_sat(find_genre(made.puzzle.genre), made.puzzle, 2)
    assert counted.exhaustive and [s.shaded for s in counted.solutions] == [made.solution.shaded]
    assert pencilkit.solve(made.puzzle).rating.label == level
    assert PUBLISHED.holds(Layout.of(made.puzzle, made.solution))
    again = pencilkit.generate("nurikabe", 8, 8, level, seed=4, seconds=120)[0]
    assert again.puzzle == made.puzzle


def test_the_style_is_chosen_by_name() -> None:
    dense = pencilkit.generate("nurikabe", 7, 7, "medium", seed=2, style="dense")[0]
    default = pencilkit.generate("nurikabe", 7, 7, "medium", seed=2)[0]
    published = pencilkit.generate("nurikabe", 7, 7, "medium", seed=2, style="published")[0]
    assert default.puzzle == published.puzzle != dense.puzzle  # auto is published at 7x7
    large = NurikabeGenerator()
    assert large.published(40, 40) and not large.published(40, 41) and not large.published(4, 9)
    assert large.published(20, 20, Level.EASY) and large.published(25, 25, Level.EXPERT)
    assert NurikabeGenerator(style="published").published(50, 50)
    with pytest.raises(PencilkitError, match="unknown style 'sparse' for nurikabe: choose one of auto, published, dense"):
        pencilkit.generate("nurikabe", 7, 7, "medium", style="sparse")
    with pytest.raises(PencilkitError, match="unknown style"):
        pencilkit.generate("kurodoko", 7, 7, "medium", style="dense")


def test_each_puzzle_names_the_style_it_was_made_in() -> None:
    small = pencilkit.generate("nurikabe", 6, 6, "hard", seed=1)[0]
    assert small.style == "published" and small.to_json()["style"] == "published"
    large_easy = pencilkit.generate("nurikabe", 12, 12, "easy", seed=1)[0]
    assert large_easy.style == "published"
    assert NurikabeGenerator().style_for(40, 40, Level.EXPERT) == "published"
    larger = NurikabeGenerator().style_for(41, 40, Level.EASY)
    assert larger == "dense"  # auto leaves boards past 40x40 to the dense style
    assert pencilkit.generate("kurodoko", 5, 5, "easy", seed=1)[0].style == "default"
