"""deep_contradiction: a probe whose trials may probe in turn, kept near what each trial decided.

Soundness has two witnesses that share nothing with probing: the published
solution of a corpus puzzle (unique, so every deduction on a board cut from
it must agree with it) and the SAT engine (the value a deep step refutes,
put back on the board, leaves no solution).  The small-board oracle of
``test_oracle.py`` runs it too, as it runs every technique of the ladder.
The focus is checked on its own, on the steps a trial of the deep probe's
kind records (``ruleset.trial``): inside a trial, a probe tries only cells
near what the trial decided.
"""

from __future__ import annotations

import re

import pytest

from pencilkit import Puzzle, explain
from pencilkit.engines.sat import count_sat
from pencilkit.explanation import chains
from pencilkit.frame.ladder import Step
from pencilkit.frame.levels import Level
from pencilkit.frame.solve import Status
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.grid import Cell, Grid, cells

from ..conftest import load_corpus

RULESET = NURIKABE.ruleset

FOCUS_RADIUS = 2
"""Inside a trial, a probe tries only cells within this many steps of what the trial decided (the core's
``probing::FOCUS_RADIUS``)."""

NEEDS_DEEP = ["janko-nurikabe-0316", "janko-nurikabe-0498"]
"""Published puzzles that the ladder without trials inside trials leaves to search (measured)."""


def _records(names: list[str]) -> list[dict[str, object]]:
    wanted = {record["name"]: record for record in load_corpus("nurikabe")}
    return [wanted[name] for name in names]


def _sea(puzzle: Puzzle, rows: list[str]) -> int:
    return sum(1 << puzzle.grid.cell(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


@pytest.mark.parametrize("name", NEEDS_DEEP)
def test_deep_steps_agree_with_the_published_solution_and_sat(name: str) -> None:
    pytest.importorskip("pysat")
    record = _records([name])[0]
    puzzle = Puzzle.from_id(str(record["puzzle"]))
    sea = _sea(puzzle, list(record["solution"]))  # type: ignore[arg-type]
    solution = explain(puzzle)
    assert solution.status is Status.UNIQUE and solution.method == "ladder"
    assert solution.rating is Level.EXPERT
    board = NURIKABE.start(puzzle)
    deep = 0
    for step in solution.steps:
        if step.technique == "deep_contradiction":
            deep += 1
            assert not step.shade & ~sea and not step.unshade & sea, step.why
            for cell in cells(step.shade | step.unshade):
                bit = 1 << cell
                wrong = (0, bit) if step.shade & bit else (bit, 0)  # the value the step rules out
                result = count_sat(NURIKABE, puzzle, 1, shaded=board.shaded | wrong[0],
                                   unshaded=board.unshaded | wrong[1])
                assert result.exhaustive and result.count == 0, (name, step.why)
        board.assign(step.shade, step.unshade)
    assert deep > 0


def test_a_deep_step_is_explained_by_its_chain_down_to_a_broken_rule() -> None:
    record = _records(NEEDS_DEEP[:1])[0]
    solution = explain(Puzzle.from_id(str(record["puzzle"])))
    explained = [(step, chain) for step, chain in zip(solution.steps, chains(solution))
                 if step.technique == "deep_contradiction" and step.why.startswith("if ")]
    assert explained
    for step, chain in explained:
        assert chain is not None, step.why
        assert chain[-1].startswith("which breaks a rule")
        assert any("short_contradiction" in link for link in chain)  # a trial inside the trial


def _probed(grid: Grid, step: Step) -> Cell:
    """The cell a probing step tried: ``if r2c3 were ...`` or ``whether r2c3 is ...``."""
    match = re.match(r"(?:if|whether) (r\d+c\d+) ", step.why)
    assert match, step.why
    return next(c for c in range(grid.size) if grid.name(c) == match[1])


def test_probes_inside_a_trial_stay_near_what_it_decided() -> None:
    """A trial of the deep probe's kind (its ladder up to hard, so ``short_contradiction`` runs inside)
    assumes a cell far from what ``short_contradiction`` finds on the board: inside the trial every
    probe tries a cell within ``FOCUS_RADIUS`` of what the trial decided so far, so the far finding is
    not made there, while on the same board outside a trial it still is."""
    record = _records(NEEDS_DEEP[:1])[0]
    puzzle = Puzzle.from_id(str(record["puzzle"]))
    sea = _sea(puzzle, list(record["solution"]))  # type: ignore[arg-type]
    grid = puzzle.grid
    board = NURIKABE.start(puzzle)
    RULESET.run(board, max_level=Level.MEDIUM)
    found = RULESET.find("short_contradiction", board)
    assert found
    target = found[0].cells
    spot = grid.ball(target | 1 << _probed(grid, found[0]), FOCUS_RADIUS + 3)
    far = list(cells(board.undecided & ~spot))
    assert len(far) >= 4
    probes = 0
    for k, cell in enumerate(far):
        bit = 1 << cell
        steps, broken = RULESET.trial(board, bit & sea, bit & ~sea, Level.HARD, 40)
        assert broken is None  # the far cell as in the (unique) solution
        decided = bit  # what the trial decided since its assumption
        for step in steps:
            if step.technique == "short_contradiction":
                probes += 1
                assert 1 << _probed(grid, step) & grid.ball(decided, FOCUS_RADIUS), (grid.name(cell), step.why)
            decided |= step.cells
        if k == 0:
            assert not any(step.cells & target for step in steps if step.technique == "short_contradiction")
            plain = board.copy()  # the same board outside a trial still finds the far finding
            plain.assign(bit & sea, bit & ~sea)
            assert any(step.cells & target for step in RULESET.find("short_contradiction", plain))
    assert probes >= 3
