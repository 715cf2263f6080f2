"""Explanations: a solve, step by step, in plain words.

Each step names its technique, the cells it decides and one reason naming
cells as ``r3c4``.  Consecutive steps of one technique stay separate, so every
deduction can be read on its own.  A probing step that refutes an assumption
also shows its *chain*: the steps the assumption led to, one by one, and the
rule they broke (found again by replaying the solve up to that step).
"""

from __future__ import annotations

from typing import Any

from .frame.board import Board, Contradiction
from .frame.genre import Genre
from .frame.ladder import Step
from .frame.levels import Level
from .frame.solve import Solution, Status
from .genres import find_genre
from .grid import cells


def step_json(step: Step, solution: Solution, chain: list[str] | None = None) -> dict[str, Any]:
    grid = solution.puzzle.grid
    shaded_word, unshaded_word = find_genre(solution.puzzle.genre).words
    out = {
        "technique": step.technique,
        "level": step.level.label,
        shaded_word: [grid.name(c) for c in cells(step.shade)],
        unshaded_word: [grid.name(c) for c in cells(step.unshade)],
        "reason": step.why,
    }
    if chain:
        out["chain"] = chain
    return out


def chains(solution: Solution) -> list[list[str] | None]:
    """For each recorded step, the chain behind it when it is a probe's refutation, else ``None``.

    The solve is replayed from the start; at a refutation (one cell decided,
    its other value assumed), the assumption is propagated again with the
    probe's own ladder and step bound, recording each step, until the rule it
    breaks.
    """
    genre = find_genre(solution.puzzle.genre)
    probes = {spec.name: spec for spec in genre.ruleset.probes}
    board = genre.start(solution.puzzle)
    out: list[list[str] | None] = []
    for step in solution.steps:
        spec = probes.get(step.technique)
        chain = None
        if spec is not None and (step.shade | step.unshade).bit_count() == 1 and step.why.startswith("if "):
            chain = _chain(genre, board, step, spec.inner_level, spec.max_steps)
        out.append(chain)
        try:
            board.assign(step.shade, step.unshade)
        except Contradiction:
            break
    return out + [None] * (len(solution.steps) - len(out))


def _chain(genre: Genre, board: Board, step: Step, level: Level, bound: int) -> list[str] | None:
    """The probe's trial of the value the step refutes, as the solve ran it, step by step."""
    taken, broken = genre.ruleset.trial(board, step.unshade, step.shade, level, bound)
    if broken is None:
        return None
    return [f"[{s.level.label} · {s.technique}] {s.why}" for s in taken] + [f"which breaks a rule: {broken}"]


def explanation_json(solution: Solution) -> dict[str, Any]:
    out = solution.to_json()
    out["steps"] = [step_json(s, solution, chain) for s, chain in zip(solution.steps, chains(solution))]
    if solution.stalled is not None:
        out["stalled"] = solution.stalled.to_rows()
    return out


def explanation_text(solution: Solution) -> str:
    rating = solution.rating.label if solution.rating is not None else "-"
    lines = [f"{solution.status.value} · rating {rating}"]
    width = len(str(len(solution.steps)))
    for n, (step, chain) in enumerate(zip(solution.steps, chains(solution)), 1):
        lines.append(f"{n:>{width}}. [{step.level.label} · {step.technique}] {step.why}")
        for link in chain or []:
            lines.append(" " * (width + 6) + link)
    if solution.stalled is not None:
        lines.append("The techniques stop here:")
        lines.extend("    " + row for row in solution.stalled.to_rows())
        lines.append(f"Search finishes it: {solution.status.value} ({solution.nodes} nodes).")
        if solution.status is Status.UNIQUE and solution.answer is not None:
            lines.append("Solved:")
            lines.extend("    " + row for row in solution.answer.to_rows())
    elif solution.answer is not None:
        lines.append("Solved:")
        lines.extend("    " + row for row in solution.answer.to_rows())
    else:
        lines.append(f"No solution: {solution.contradiction}")
    return "\n".join(lines)
