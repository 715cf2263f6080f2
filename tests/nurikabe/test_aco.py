"""The ant colony: its pruning, cost, island orders, reproducibility and solves."""

from __future__ import annotations

import random

import pytest

from pencilkit import Puzzle
from pencilkit.errors import PencilkitError
from pencilkit.genres.nurikabe.aco import (
    SELECTIONS,
    AcoParameters,
    Ant,
    Colony,
    is_cut,
    solve_colony,
)
from pencilkit.grid import Grid, cells, ring_table

from ..conftest import load_corpus


def splits(grid: Grid, sea: int, cell: int) -> bool:
    """Reference: does removing ``cell`` break its sea component into two or more parts?"""
    part = grid.flood(1 << cell, sea)
    return len(grid.components(part & ~(1 << cell))) > 1


def test_is_cut_matches_a_flood_on_random_seas() -> None:
    rng = random.Random(4)
    cuts = non_cuts = 0
    for _ in range(300):
        grid = Grid.of(rng.randint(2, 7), rng.randint(2, 7))
        rings = ring_table(grid)
        sea = sum(1 << c for c in range(grid.size) if rng.random() < rng.uniform(0.4, 0.9))
        for cell in cells(sea):
            expected = splits(grid, sea, cell)
            assert is_cut(grid, rings, cell, sea) == expected, (grid.rows, grid.cols, sea, cell)
            cuts += expected
            non_cuts += not expected
    assert cuts > 100 and non_cuts > 100


def test_candidates_never_touch_another_island_or_split_the_sea() -> None:
    """Mid-construction, every candidate is legal and every border cell left out is illegal."""
    rng = random.Random(2)
    records = [r for r in load_corpus("nurikabe") if "?" not in r["puzzle"]][:40:4]
    checked = 0
    for record in records:
        puzzle = Puzzle.from_id(record["puzzle"])
        colony = Colony(puzzle, AcoParameters(), rng)
        grid = puzzle.grid
        ant = Ant(colony, 0)
        for _ in range(rng.randint(5, 60)):
            if ant.finished:
                break
            ant.step()
        for k, island in enumerate(ant.island):
            chosen = set(ant.candidates(k))
            others = ant.land & ~island
            for cell in cells(grid.border(island) & ant.sea):
                legal = not grid.neighbours[cell] & others and not splits(grid, ant.sea, cell)
                assert (cell in chosen) == legal, (record["name"], k, grid.name(cell))
                checked += 1
    assert checked > 200


def test_cost_counts_pools_and_missing_island_cells() -> None:
    puzzle = Puzzle.from_id("nurikabe:3x3:.,.,.,.,.,.,5,.,1")
    ant = Ant(Colony(puzzle, AcoParameters(), random.Random(0)), 0)
    # all sea but the clues: two pools (top-left, top-right) and 4 of 6 island cells missing
    assert ant.cost() == 2 + 4


THREE_ISLANDS = "nurikabe:5x5:1,.,4,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,2"
"""Clues in raster order: 0 = the 1 at r1c1, 1 = the 4 at r1c3, 2 = the 2 at r5c5."""


def walk(colony: Colony, start: int) -> list[int]:
    order = colony.plan(start)
    current, done, out = start, {start}, []
    while (k := order(current, done)) is not None:
        out.append(k)
        done.add(k)
        current = k
    return out


@pytest.mark.parametrize("scheme, sequence", [
    ("raster", [1, 2]), ("size-descending", [1, 2]), ("size-ascending", [2, 1]),
    ("farthest", [2, 1]), ("nearest", [1, 2]),
])
def test_island_orders_from_the_first_island(scheme: str, sequence: list[int]) -> None:
    colony = Colony(Puzzle.from_id(THREE_ISLANDS), AcoParameters(selection=scheme), random.Random(0))
    assert walk(colony, 0) == sequence


def test_fixed_orders_are_cyclic_from_the_start_island() -> None:
    colony = Colony(Puzzle.from_id(THREE_ISLANDS), AcoParameters(selection="raster"), random.Random(0))
    assert walk(colony, 1) == [2, 0]
    nearest = Colony(Puzzle.from_id(THREE_ISLANDS), AcoParameters(selection="nearest"), random.Random(0))
    assert walk(nearest, 2) == [1, 0]


def test_random_order_visits_every_island_once_in_varying_order() -> None:
    colony = Colony(Puzzle.from_id(THREE_ISLANDS), AcoParameters(selection="random"), random.Random(0))
    seen = set()
    for _ in range(30):
        sequence = walk(colony, 1)
        assert sorted(sequence) == [0, 2]
        seen.add(tuple(sequence))
    assert seen == {(0, 2), (2, 0)}


def test_same_seed_same_run() -> None:
    record = next(r for r in load_corpus("nurikabe") if r["rows"] * r["cols"] >= 150)
    puzzle = Puzzle.from_id(record["puzzle"])
    runs = []
    for _ in range(2):
        colony = Colony(puzzle, AcoParameters(), random.Random(17))
        costs = [colony.iterate(None)[0] for _ in range(4)]
        runs.append((costs, colony.tau, colony.best_layout))
    assert runs[0] == runs[1]
    other = Colony(puzzle, AcoParameters(), random.Random(18))
    assert [other.iterate(None)[0] for _ in range(4)] != runs[0][0] or other.tau != runs[0][1]


def smallest_corpus(count: int) -> list[dict[str, object]]:
    records = [r for r in load_corpus("nurikabe") if "?" not in r["puzzle"]]
    return sorted(records, key=lambda r: (r["rows"] * r["cols"], r["name"]))[:count]


@pytest.mark.parametrize("scheme", list(SELECTIONS))
def test_every_scheme_solves_small_corpus_puzzles(scheme: str) -> None:
    for record in smallest_corpus(3):
        puzzle = Puzzle.from_id(str(record["puzzle"]))
        outcome = solve_colony(puzzle, AcoParameters(selection=scheme), seed=1, seconds=10)
        assert outcome.answer is not None, (scheme, record["name"], outcome.best_cost)
        assert outcome.answer.to_rows() == record["solution"]
        assert outcome.best_cost == 0


@pytest.mark.parametrize("change, message", [
    ({"ants": 0}, "--ants"), ({"q0": 1.5}, "--q0"), ({"rho": -0.1}, "--rho"),
    ({"xi": 2}, "--xi"), ({"bve": 3}, "--bve"), ({"selection": "spiral"}, "selection"),
])
def test_bad_parameters_are_named(change: dict[str, object], message: str) -> None:
    with pytest.raises(PencilkitError, match=message):
        AcoParameters(**change).validate()  # type: ignore[arg-type]


@pytest.mark.parametrize("puzzle_id, message", [
    ("nurikabe:3x3:?,.,.,.,.,.,.,.,1", r"\? clue"),
    ("kurodoko:3x3:.,.,.,.,3,.,.,.,.", "nurikabe"),
    ("nurikabe:2x2:.,.,.,.", "at least one clue"),
])
def test_puzzles_the_colony_cannot_take(puzzle_id: str, message: str) -> None:
    with pytest.raises(PencilkitError, match=message):
        solve_colony(Puzzle.from_id(puzzle_id), seconds=1)


def test_touching_clues_never_count_as_solved() -> None:
    outcome = solve_colony(Puzzle.from_id("nurikabe:2x3:1,1,.,.,.,."), seed=0, seconds=None, iterations=20)
    assert outcome.answer is None and outcome.best_cost > 0
