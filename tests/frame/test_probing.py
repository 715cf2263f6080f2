"""Probing's pass order and its claim of a fixpoint.

A probing pass tries the cells nearest to what changed since its last pass
first, and skips probes whose neighbourhood has not changed; it may only say
"nothing" when a pass without skipping found nothing.  A longer probe takes
the outcome of a trial that stopped short of its bound on the same board.
The last rung sweeps: it keeps every finding of a pass and hands them out
one at a time while the probe below waits.  These tests pin the order, check
both shortcuts against passes with no memory, and the sweep against the
ladder without it, on real solves.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from pencilkit import Answer, Puzzle
from pencilkit.frame import probing as probing_module
from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.ladder import Step, Technique, Trace, propagate
from pencilkit.frame.levels import Level
from pencilkit.frame.probing import PROBE_RADIUS, nearest_first, trial
from pencilkit.frame.ruleset import Ruleset
from pencilkit.genres import find_genre, start_board
from pencilkit.grid import Grid, cells

from ..conftest import load_corpus


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
    """``technique``, checking each "nothing" it reports against a copy of the board (no memory),
    unless it is waiting for a sweep's findings to be handed out."""
    def find(board: Board) -> list[Step] | None:
        steps = technique.find(board)
        pending = find_genre(board.puzzle.genre).ruleset.probing.memory(board).pending
        if steps:
            tally["found"] += 1
        elif pending is not None and technique.level < pending.level:
            tally["waited"] += 1
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
    tally = {"found": 0, "quiet": 0, "waited": 0}
    for puzzle in _published(genre, names):
        ruleset = find_genre(puzzle.genre).ruleset
        probing = {spec.name for spec in ruleset.probes}
        board = start_board(puzzle)
        propagate(board, [_watched(t, tally) if t.name in probing else t for t in ruleset.ladder])
        assert not board.undecided
    assert tally["found"] >= 10 and tally["quiet"] >= 1


def test_a_trial_that_stops_short_ends_the_same_under_a_longer_bound() -> None:
    """The premise of reusing trials: stopping before the bound means nothing more applied."""
    compared = 0
    for puzzle in _published("nurikabe", ["janko-nurikabe-0006", "janko-nurikabe-0404"]):
        ruleset = find_genre(puzzle.genre).ruleset
        board = start_board(puzzle)
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
    ruleset = find_genre(puzzle.genre).ruleset
    probing = {spec.name for spec in ruleset.probes}
    ran = {"trials": 0}
    real_trial = probing_module.trial

    def counted(*args: object, **kwargs: object) -> object:
        ran["trials"] += 1
        return real_trial(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(probing_module, "trial", counted)

    def forgetful(technique: Technique) -> Technique:
        def find(board: Board) -> list[Step] | None:
            ruleset.probing.memory(board).settled.clear()
            return technique.find(board)
        return replace(technique, find=find)

    runs = []
    for ladder in (ruleset.ladder, [forgetful(t) if t.name in probing else t for t in ruleset.ladder]):
        ran["trials"] = 0
        board, trace = start_board(puzzle), Trace()
        propagate(board, ladder, trace=trace)
        runs.append(([(s.technique, s.shade, s.unshade) for s in trace.steps], ran["trials"]))
    (steps, trials), (steps_without, trials_without) = runs
    assert steps == steps_without and "contradiction" in {t for t, _, _ in steps}
    assert trials < trials_without


SWEPT = {"nurikabe": ["janko-nurikabe-0417", "janko-nurikabe-0488", "janko-nurikabe-0672", "janko-nurikabe-0977"],
         "kurodoko": ["janko-kurodoko-262", "janko-kurodoko-270"]}
"""Solves in which the expert probe's sweep finds several cells in one pass."""


@pytest.mark.parametrize("genre", sorted(SWEPT))
def test_a_sweep_hands_out_its_findings_while_the_probe_below_waits(genre: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The last rung's findings are handed out one at a time, each right (the published
    solution), some trimmed of what cheaper techniques decided meanwhile; while some are
    pending the 6-step probe runs no trial; and the solve ends where the ladder without the
    sweep ends, at the same rating, with fewer trials."""
    solutions = {record["name"]: record["solution"] for record in load_corpus(genre)}
    real_trial = probing_module.trial
    watch: dict[str, Board | None] = {"board": None}
    ran = {"trials": 0, "while pending": 0}

    def counted(ruleset: Ruleset, board: Board, shade: int, unshade: int, level: Level,
                steps: int, prepare: object = None) -> object:
        ran["trials"] += 1
        main = watch["board"]
        if main is not None and ruleset.probing.memory(main).pending is not None and steps < 20:
            ran["while pending"] += 1
        return real_trial(ruleset, board, shade, unshade, level, steps, prepare)  # type: ignore[arg-type]

    monkeypatch.setattr(probing_module, "trial", counted)
    handed_out = trimmed = 0
    trials = {True: 0, False: 0}
    for name, puzzle in zip(SWEPT[genre], _published(genre, SWEPT[genre])):
        ruleset = find_genre(puzzle.genre).ruleset
        assert any(spec.sweep for spec in ruleset.probes)
        plain = replace(ruleset, probes=[replace(spec, sweep=False) for spec in ruleset.probes])
        solution = Answer.from_rows(solutions[name]).shaded
        ends = []
        for sweeping in (True, False):
            board, trace = start_board(puzzle), Trace()
            watch["board"] = board if sweeping else None
            ran["trials"] = 0
            (ruleset if sweeping else plain).run(board, trace=trace)
            trials[sweeping] += ran["trials"]
            assert board.shaded == solution and not board.undecided
            ends.append(trace.hardest)
            for step in trace.steps:
                assert not step.shade & ~solution and not step.unshade & solution, (name, step.why)
        assert ends[0] is ends[1] is Level.EXPERT
        watch["board"] = None
        out, cut = _handouts(ruleset, puzzle)
        handed_out += out
        trimmed += cut
    assert ran["while pending"] == 0
    assert handed_out >= 3 and trimmed >= 1
    assert trials[True] < trials[False]


def _handouts(ruleset: Ruleset, puzzle: Puzzle) -> tuple[int, int]:
    """Step by step: the findings handed out from a sweep's queue, and how many of them differ
    from the head of the queue (trimmed, or the head dropped) as the step before left it.
    Every step decides only cells that were open."""
    board = start_board(puzzle)
    out = cut = 0
    while True:
        pending = ruleset.probing.memory(board).pending
        queued = [(step.shade, step.unshade) for step, _ in pending.findings] if pending else []
        trace, open_ = Trace(), board.undecided
        ruleset.run(board, max_steps=1, trace=trace)
        if not trace.count:
            return out, cut
        step = trace.steps[0]
        assert not (step.shade | step.unshade) & ~open_, step.why
        if "it leads to" in step.why:  # a finding of both values names the cells it decides
            named = re.findall(r"r\d+c\d+", step.why.split("it leads to")[1])
            assert sorted(named) == sorted(board.grid.name(c) for c in cells(step.shade | step.unshade)), step.why
        if queued and step.technique == "contradiction":
            out += 1
            cut += (step.shade, step.unshade) != queued[0]


def test_a_ladder_below_the_sweep_drops_its_findings() -> None:
    """Up to hard, on a board whose sweep left findings pending, the 6-step probe does not wait
    for them (it would wait for ever): the ladder reaches hard's own fixpoint."""
    puzzle = _published("nurikabe", ["janko-nurikabe-0488"])[0]
    ruleset = find_genre(puzzle.genre).ruleset
    board = start_board(puzzle)
    while ruleset.probing.memory(board).pending is None:
        assert ruleset.run(board, max_steps=1).count
    ruleset.run(board, max_level=Level.HARD)
    assert ruleset.probing.memory(board).pending is None
    again = board.copy()
    assert not ruleset.run(again, max_level=Level.HARD).count
