"""Explanations: a solve, step by step, in plain words.

Each step names its technique, the cells it decides and one reason naming
cells as ``r3c4``.  Consecutive steps of one technique stay separate, so every
deduction can be read on its own.
"""

from __future__ import annotations

from typing import Any

from .frame.ladder import Step
from .frame.solve import Solution
from .genres import find_genre
from .grid import cells


def step_json(step: Step, solution: Solution) -> dict[str, Any]:
    grid = solution.puzzle.grid
    shaded_word, unshaded_word = find_genre(solution.puzzle.genre).words
    return {
        "technique": step.technique,
        "level": step.level.label,
        shaded_word: [grid.name(c) for c in cells(step.shade)],
        unshaded_word: [grid.name(c) for c in cells(step.unshade)],
        "reason": step.why,
    }


def explanation_json(solution: Solution) -> dict[str, Any]:
    out = solution.to_json()
    out["steps"] = [step_json(s, solution) for s in solution.steps]
    if solution.stalled is not None:
        out["stalled"] = solution.stalled.to_rows()
    return out


def explanation_text(solution: Solution) -> str:
    lines = []
    width = len(str(len(solution.steps)))
    for n, step in enumerate(solution.steps, 1):
        lines.append(f"{n:>{width}}. [{step.level.label} · {step.technique}] {step.why}")
    if solution.stalled is not None:
        lines.append("The techniques stop here:")
        lines.extend("    " + row for row in solution.stalled.to_rows())
        lines.append(f"Search finishes it: {solution.status.value} ({solution.nodes} nodes).")
    elif solution.answer is not None:
        lines.append("Solved:")
        lines.extend("    " + row for row in solution.answer.to_rows())
    else:
        lines.append(f"No solution: {solution.contradiction}")
    return "\n".join(lines)
