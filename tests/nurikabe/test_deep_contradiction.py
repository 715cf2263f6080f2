"""deep_contradiction: a probe whose trials may probe in turn, kept near what each trial decided.

Soundness has two witnesses that share nothing with probing: the published
solution of a corpus puzzle (unique, so every deduction on a board cut from
it must agree with it) and the SAT engine (the value a deep step refutes,
put back on the board, leaves no solution).  The small-board oracle of
``test_oracle.py`` runs it too, as it runs every technique of the ladder.
The focus is checked on its own: inside a trial, a probe tries only cells
near what the trial decided.
"""

from __future__ import annotations

import pytest

from pencilkit import Puzzle, explain
from pencilkit.engines.sat import count_sat
from pencilkit.explanation import chains
from pencilkit.frame.levels import Level
from pencilkit.frame.probing import FOCUS_RADIUS
from pencilkit.frame.solve import Status
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.grid import cells

from ..conftest import load_corpus

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
                result = count_sat(NURIKABE, puzzle, 1, 30, shaded=board.shaded | wrong[0],
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


def test_probes_inside_a_trial_stay_near_what_it_decided() -> None:
    # a board where short_contradiction refutes some cell; inside a trial that decided only a far
    # cell, that probe must not be tried
    record = _records(NEEDS_DEEP[:1])[0]
    puzzle = Puzzle.from_id(str(record["puzzle"]))
    sea = _sea(puzzle, list(record["solution"]))  # type: ignore[arg-type]
    board = NURIKABE.start(puzzle)
    NURIKABE.ruleset.run(board, max_level=Level.MEDIUM)
    short = NURIKABE.ruleset.technique("short_contradiction")
    found = short.find(board.copy())
    assert found
    target = found[0].shade | found[0].unshade
    grid = puzzle.grid
    near = grid.ball(target, FOCUS_RADIUS + 3)
    far = [c for c in cells(grid.full & ~near & ~(board.shaded | board.unshaded))]
    assert far
    cell = far[0]
    bit = 1 << cell

    focused = board.copy()
    NURIKABE.ruleset.probing.focus(focused)
    focused.assign(bit & sea, bit & ~sea)  # the far cell as in the solution
    steps = short.find(focused) or []
    reach = grid.ball(bit, FOCUS_RADIUS)
    for step in steps:  # a refutation decides the cell it probed, which must be near the news
        if step.why.startswith("if "):
            assert (step.shade | step.unshade) & reach, step.why
    assert not any((step.shade | step.unshade) & target for step in steps)  # the far refutation is not made

    plain = board.copy()  # the same board outside a trial still finds the far refutation
    plain.assign(bit & sea, bit & ~sea)
    assert any((step.shade | step.unshade) & target for step in short.find(plain) or [])

