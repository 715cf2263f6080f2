"""What the Nurikabe techniques carry over from earlier boards equals what they compute afresh.

Probing and propagation hand each board what an earlier state derived (island
analysis, sea parts, island prospects, sea cuts); a carried-over value that
went stale would make a technique conclude from the wrong board.  Here boards
are walked through real solves, one step at a time and through probe-like
trials, and every derived value is compared with a fresh board's.
"""

from __future__ import annotations

import random

import pytest

from pencilkit import Puzzle
from pencilkit.frame.board import Board, Contradiction
from pencilkit.genres import find_genre, start_board
from pencilkit.genres.nurikabe import techniques
from pencilkit.genres.nurikabe.analysis import analysis
from pencilkit.genres.nurikabe.techniques import (
    TECHNIQUES,
    _room,
    _sea_cuts,
    island_shapes,
    prospects,
    sea_budget,
    sea_part_borders,
    sea_parts,
)

from ..conftest import load_corpus


def derived(board: Board) -> tuple[object, ...]:
    a = analysis(board)
    islands = sorted((i.index, i.cells) for i in a.islands)
    by_index = {i.index: i for i in a.islands}
    views = {k: (p.reach, p.shapes, p.region(board.grid, a, by_index[k]), p.agreed)
             for k, p in prospects(board).items()}
    cuts = _sea_cuts(board) if board.shaded & (board.shaded - 1) else 0
    parts = sorted(zip(sea_parts(board), sea_part_borders(board)))
    counts = (a.touched, a.touched_twice, a.touched_more, a.complete_walls)
    growing = [i.index for i in a.growing]
    return islands, sorted(a.strays), counts, parts, views, cuts, growing, verdicts(board)


def verdicts(board: Board) -> tuple[object, ...]:
    """What the room check and ``island_shapes`` find, which skip islands whose prospect they
    found nothing in before, and ``sea_budget``, which reuses the searches of parts whose
    surroundings did not change."""
    out: list[object] = []
    for find in (lambda b: _room(b, analysis(b)), island_shapes, sea_budget):
        try:
            out.append([(s.shade, s.unshade) for s in find(board) or []])
        except Contradiction as broken:
            out.append(("contradiction", broken.cells, broken.reason))
    searched = board._derived.get(techniques.SEA_GAPS)  # each part's search: carried or fresh, the same
    out.append(None if searched is None else {part: known[:2] for part, known in searched[2].items()})
    return tuple(out)


def walk(board: Board, rng: random.Random, steps: int, checked: list[int]) -> None:
    """Take ``steps`` technique steps (and random guesses when stuck), checking every board.

    ``checked[0]`` counts the boards compared (kept when a guess breaks the board)."""
    for _ in range(steps):
        fresh = Board(board.puzzle, board.shaded, board.unshaded)
        assert derived(board) == derived(fresh)
        checked[0] += 1
        for technique in TECHNIQUES:
            found = technique.find(board)
            if found:
                board.assign(found[0].shade, found[0].unshade)
                break
        else:
            open_ = list(range(board.grid.size))
            open_ = [c for c in open_ if board.undecided >> c & 1]
            if not open_:
                return
            cell = rng.choice(open_)
            if rng.random() < 0.5:
                board.assign(1 << cell, 0)
            else:
                board.assign(0, 1 << cell)


@pytest.mark.parametrize("index", range(0, 800, 40))
def test_carried_values_equal_fresh_ones(index: int) -> None:
    record = load_corpus("nurikabe")[index]
    puzzle = Puzzle.from_id(record["puzzle"])
    rng = random.Random(index)
    board = start_board(puzzle)
    checked = [0]
    try:
        walk(board, rng, 40, checked)
    except Contradiction:
        pass  # a random guess broke the board: what was checked up to there stands
    for _ in range(3):  # trials from one base, as probing makes them
        try:
            walk(board.copy(), rng, 10, checked)
        except Contradiction:
            pass
    assert checked[0] >= 10


def _probe_like_boards(board: Board, rng: random.Random, count: int) -> list[tuple[Board, bool]]:
    """Copies of ``board`` with one open cell decided (land twice as often as sea), as probing
    makes them, each with whether a structure from an earlier board has to lose cells."""
    open_ = [c for c in range(board.grid.size) if board.undecided >> c & 1]
    out = []
    for cell in rng.sample(open_, min(count, len(open_))):
        attempt = board.copy()
        if rng.random() < 0.67:
            attempt.assign(0, 1 << cell)
        else:
            attempt.assign(1 << cell, 0)
        earlier = attempt.earlier(techniques.SEA_CUT_STRUCTURE)
        space = attempt.shaded | attempt.undecided
        out.append((attempt, earlier is not None and earlier.space != space))
    return out


@pytest.mark.parametrize("name", ["janko-nurikabe-0690", "janko-nurikabe-0680"])
def test_sea_cuts_of_probed_boards_equal_fresh_ones(name: str) -> None:
    """On a big corpus board part-way solved, probes that make a cell land (the space loses a
    cell, so the cut structure is updated rather than rebuilt) and a few ladder steps after
    them give the same sea cuts and the same prospects as a fresh board."""
    records = [r for r in load_corpus("nurikabe") if r["name"] == name]
    if not records:
        pytest.skip(f"{name} is not in the corpus")
    puzzle = Puzzle.from_id(records[0]["puzzle"])
    ruleset = find_genre(puzzle.genre).ruleset
    rng = random.Random(5)
    board = start_board(puzzle)
    updated = compared = 0
    for stage in range(3):
        ruleset.run(board, max_level=TECHNIQUES[-1].level, max_steps=60)
        _sea_cuts(board)  # the base structure, as the ladder leaves it before probing
        for attempt, loses in _probe_like_boards(board, rng, 25):
            for _ in range(4):
                fresh = Board(puzzle, attempt.shaded, attempt.unshaded)
                earlier = attempt.earlier(techniques.SEA_CUT_STRUCTURE)
                try:
                    assert derived(attempt) == derived(fresh)
                except Contradiction:
                    break
                now = attempt.derived(techniques.SEA_CUT_STRUCTURE, lambda _: None)
                updated += loses and now is not None and earlier is not None \
                    and len(now.fixes) > len(earlier.fixes)  # updated, not rebuilt
                loses = False
                compared += 1
                found = None
                try:
                    for technique in TECHNIQUES:
                        found = technique.find(attempt)
                        if found:
                            break
                except Contradiction:
                    break
                if not found:
                    break
                attempt.assign(found[0].shade, found[0].unshade)
                earlier = attempt.earlier(techniques.SEA_CUT_STRUCTURE)
                loses = earlier is not None and earlier.space != attempt.shaded | attempt.undecided
    assert compared > 100 and updated > 30


def test_island_touch_counts_follow_random_land() -> None:
    """Cells touching three and four islands are rare on solve walks, so random land (which
    merges and grows islands next to such cells) checks the per-cell touch counts the
    analysis updates, against a fresh analysis."""
    records = [r for r in load_corpus("nurikabe") if r["puzzle"].split(":")[1] in ("10x10", "12x12", "15x15")]
    rng = random.Random(17)
    crowded = compared = broken = 0
    for record in records[:30] * 3:
        puzzle = Puzzle.from_id(record["puzzle"])
        board = start_board(puzzle)
        for _ in range(60):
            open_ = [c for c in range(board.grid.size) if board.undecided >> c & 1]
            if not open_:
                break
            a = analysis(board)
            near = [c for c in open_ if a.touched >> c & 1 and not a.touched_twice >> c & 1]
            cell = rng.choice(near if near and rng.random() < 0.7 else open_)  # mostly grow an island
            try:
                board.assign(0, 1 << cell) if rng.random() < 0.6 else board.assign(1 << cell, 0)
                now = analysis(board)
            except Contradiction:  # the update must see what a fresh analysis sees (land joining a full island)
                with pytest.raises(Contradiction):
                    analysis(Board(puzzle, board.shaded, board.unshaded))
                broken += 1
                break
            fresh = analysis(Board(puzzle, board.shaded, board.unshaded))
            assert (now.touched, now.touched_twice, now.touched_more, now.complete_walls, now.growing) == \
                (fresh.touched, fresh.touched_twice, fresh.touched_more, fresh.complete_walls, fresh.growing)
            compared += 1
            crowded += bool(now.touched_more[0])
    assert compared > 600 and crowded > 100 and broken > 20


def test_a_cell_between_four_islands_keeps_its_count_as_they_grow() -> None:
    """The centre of a 5x5 board touches four islands; growing them one by one takes each
    out of the count and puts it back in, and every step matches a fresh analysis."""
    grid_cell = 5
    clues = {grid_cell * 1 + 2: 3, grid_cell * 2 + 1: 3, grid_cell * 2 + 3: 3, grid_cell * 3 + 2: 3}
    puzzle = Puzzle.make("nurikabe", 5, 5, clues)
    board = start_board(puzzle)
    centre = 1 << 12
    counts = [analysis(board).touched_more[1] & centre]
    for grow in (7 - 5, 11 - 1, 13 + 1, 17 + 5):  # one cell outwards from each clue
        board.assign(0, 1 << grow)
        now = analysis(board)
        fresh = analysis(Board(puzzle, board.shaded, board.unshaded))
        assert (now.touched, now.touched_twice, now.touched_more) == \
            (fresh.touched, fresh.touched_twice, fresh.touched_more)
        counts.append(now.touched_more[1] & centre)
    assert all(counts)
