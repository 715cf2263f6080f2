"""Probing's pass order and its claim of a fixpoint.

A probing pass tries the cells nearest to what changed since its last pass
first, and skips probes whose neighbourhood has not changed; it may only say
"nothing" when a pass without skipping found nothing.  A longer probe takes
the outcome of a trial that stopped short of its bound on the same board.
These tests pin the order and check both shortcuts against passes with no
memory, on real solves.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pencilkit import Puzzle
from pencilkit.frame import ruleset as probing_module
from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.ladder import Step, Technique, Trace, propagate
from pencilkit.frame.levels import Level
from pencilkit.frame.ruleset import PROBE_RADIUS, SETTLED_TRIALS, nearest_first, trial
from pencilkit.grid import Grid, cells

from .conftest import load_corpus


def test_nearest_first_puts_cells_by_distance_and_keeps_ties_in_order() -> None:
    grid = Grid.of(7, 7)
    centre = 3 * grid.cols + 3
    fresh = 1 << centre
    order = [cell for cell in reversed(range(grid.size)) if cell != centre]  # candidates are undecided
    ranked = nearest_first(grid, order, fresh)
    assert sorted(ranked) == sorted(order)

    def distance(cell: int) -> int:
        r, c = divmod(cell, grid.cols)
        d = abs(r - 3) + abs(c - 3)
        return d if d <= PROBE_RADIUS else PROBE_RADIUS + 1

    assert [distance(c) for c in ranked] == sorted(distance(c) for c in order)
    for d in range(PROBE_RADIUS + 2):  # within one distance, the given order stands
        same = [c for c in ranked if distance(c) == d]
        assert same == [c for c in order if distance(c) == d]


def test_nearest_first_without_news_keeps_the_order() -> None:
    grid = Grid.of(5, 6)
    order = [7, 3, 22, 0, 15]
    assert nearest_first(grid, order, 0) == order


def _published(genre: str, names: list[str]) -> list[Puzzle]:
    wanted = {record["name"]: record["puzzle"] for record in load_corpus(genre)}
    return [Puzzle.from_id(str(wanted[name])) for name in names]


def _watched(technique: Technique, tally: dict[str, int]) -> Technique:
    """``technique``, checking each "nothing" it reports against a copy of the board (no memory)."""
    def find(board: Board) -> list[Step] | None:
        steps = technique.find(board)
        if steps:
            tally["found"] += 1
        else:
            assert not technique.find(board.copy()), f"{technique.name} missed a step on {board!r}"
            tally["quiet"] += 1
        return steps
    return replace(technique, find=find)


@pytest.mark.parametrize("genre,names", [
    ("nurikabe", ["janko-nurikabe-0015", "janko-nurikabe-0539", "janko-nurikabe-0817"]),
    ("kurodoko", ["janko-kurodoko-029", "janko-kurodoko-039"]),
])
def test_probing_says_nothing_only_when_a_memoryless_pass_agrees(genre: str, names: list[str]) -> None:
    """Each time a probing technique reports nothing on the solve's board, the same technique on
    a copy of that board (no memory of earlier passes) reports nothing too.  In these solves a
    pass that skipped probes found nothing and the pass without skipping then found a step, so a
    shortcut that trusted the skipping would fail here."""
    tally = {"found": 0, "quiet": 0}
    for puzzle in _published(genre, names):
        ruleset = puzzle.genre_module.ruleset
        probing = {spec.name for spec in ruleset.probes}
        board = Board.start(puzzle)
        propagate(board, [_watched(t, tally) if t.name in probing else t for t in ruleset.ladder])
        assert not board.undecided
    assert tally["found"] >= 10 and tally["quiet"] >= 1


def test_a_trial_that_stops_short_ends_the_same_under_a_longer_bound() -> None:
    """The premise of reusing trials: stopping before the bound means nothing more applied."""
    compared = 0
    for puzzle in _published("nurikabe", ["janko-nurikabe-0006", "janko-nurikabe-0404"]):
        ruleset = puzzle.genre_module.ruleset
        board = Board.start(puzzle)
        ruleset.run(board, max_level=Level.MEDIUM)  # a stalled board, where probing starts
        for cell in list(cells(board.undecided))[:40]:
            for shade in (True, False):
                bit = 1 << cell
                short = trial(ruleset, board, bit if shade else 0, 0 if shade else bit, Level.MEDIUM, 6)
                if isinstance(short, Contradiction) or short[1] >= 6:
                    continue
                longer = trial(ruleset, board, bit if shade else 0, 0 if shade else bit, Level.MEDIUM, 20)
                assert not isinstance(longer, Contradiction)
                assert longer[0].key() == short[0].key() and longer[1] == short[1]
                compared += 1
    assert compared > 50


@pytest.mark.parametrize("name", ["janko-nurikabe-0006", "janko-nurikabe-0404"])
def test_reused_trials_change_no_step(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ladder takes the same steps whether or not a longer probe reuses the shorter one's
    trials, and on these solves (which use the 20-step probe) it does reuse some."""
    puzzle = _published("nurikabe", [name])[0]
    ruleset = puzzle.genre_module.ruleset
    probing = {spec.name for spec in ruleset.probes}
    ran = {"trials": 0}
    real_trial = probing_module.trial

    def counted(*args: object, **kwargs: object) -> object:
        ran["trials"] += 1
        return real_trial(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(probing_module, "trial", counted)

    def forgetful(technique: Technique) -> Technique:
        def find(board: Board) -> list[Step] | None:
            board.notes.pop(SETTLED_TRIALS, None)
            return technique.find(board)
        return replace(technique, find=find)

    runs = []
    for ladder in (ruleset.ladder, [forgetful(t) if t.name in probing else t for t in ruleset.ladder]):
        ran["trials"] = 0
        board, trace = Board.start(puzzle), Trace()
        propagate(board, ladder, trace=trace)
        runs.append(([(s.technique, s.shade, s.unshade) for s in trace.steps], ran["trials"]))
    (steps, trials), (steps_without, trials_without) = runs
    assert steps == steps_without and "contradiction" in {t for t, _, _ in steps}
    assert trials < trials_without
