"""What a genre gives the frame to solve with, and the genre-free probing techniques.

A :class:`Ruleset` is a genre's ordered technique table, its final rule check
for a complete board, and its order of preference among undecided cells (for
probing and branching).  Probing (singleton consistency) is the same in every
genre: assume a cell one way, run the cheaper ladder for a bounded number of
steps, and if a rule breaks the cell is the other way.  :func:`probe` builds
such a technique for a ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..grid import Cell, Grid, Mask, cells
from .board import Board, Contradiction
from .ladder import Step, Technique, Trace, check_time, propagate
from .levels import Level


@dataclass(frozen=True)
class ProbeSpec:
    """A probing technique: its name, its level, its step bound and the ladder it runs."""

    name: str
    level: Level
    max_steps: int
    inner_level: Level
    summary: str = ""
    sweep: bool = False
    """Whether a pass tries every cell and hands its findings out one at a time (see :func:`probe`)."""


@dataclass(kw_only=True)
class Ruleset:
    """A genre's solving contents: techniques cheapest first, final check, cell order."""

    techniques: Sequence[Technique]
    verify: Callable[[Board], None]
    """Raise ``Contradiction`` if a complete board breaks a rule."""
    candidates: Callable[[Board], list[Cell]]
    """Undecided cells worth probing or branching on, most promising first."""
    prefer_shaded: Callable[[Board, Cell], bool] = field(default=lambda board, cell: True)
    """Which value search tries first at a cell."""
    alternatives: Callable[[Board], list[tuple[Mask, Mask]] | None] = field(default=lambda board: None)
    """Mutually exclusive, exhaustive ways to decide a part of the board, ``(shade, unshade)``
    each, for search to branch on (``[]`` when there is none: a dead end); ``None`` to branch
    on a single cell."""
    probes: Sequence[ProbeSpec] = ()
    words: tuple[str, str] = ("shaded", "unshaded")
    """How the genre names a shaded and an unshaded cell in explanations (``sea``, ``land``)."""
    ladder: list[Technique] = field(init=False)
    """``techniques`` and the probing techniques merged by level, the full table."""

    def __post_init__(self) -> None:
        levels = [t.level for t in self.techniques]
        if levels != sorted(levels):
            raise ValueError("techniques must be ordered by level")
        # a genre's technique comes before a probe of its level (sorting is stable)
        probes = [probe(self, spec) for spec in self.probes]
        self.ladder = sorted([*self.techniques, *probes], key=lambda t: t.level)

    def run(
        self,
        board: Board,
        *,
        max_level: Level = Level.EXPERT,
        trace: Trace | None = None,
        max_steps: int | None = None,
    ) -> Trace:
        """Propagate to a fixpoint and check the board if it is complete."""
        pending = board.notes.get(PENDING)
        if pending is not None and pending[0] > max_level:
            del board.notes[PENDING]  # a sweep's findings are for a ladder that reaches its level
        trace = propagate(board, self.ladder, max_level=max_level, trace=trace, max_steps=max_steps)
        if not board.undecided:
            self.verify(board)
        return trace

    def branches(self, board: Board) -> list[tuple[Mask, Mask]]:
        """How search splits an undecided board: the genre's alternatives, or the best cell both ways."""
        found = self.alternatives(board)
        if found is not None:
            return found
        cell = self.candidates(board)[0]
        bit = 1 << cell
        if self.prefer_shaded(board, cell):
            return [(bit, 0), (0, bit)]
        return [(0, bit), (bit, 0)]

    def technique(self, name: str) -> Technique:
        for t in self.ladder:
            if t.name == name:
                return t
        raise KeyError(name)


def trial(ruleset: Ruleset, board: Board, shade: Mask, unshade: Mask, level: Level,
          steps: int) -> tuple[Board, int] | Contradiction:
    """The board after deciding ``shade``/``unshade`` and propagating at most ``steps`` steps,
    with the number of steps taken (fewer than ``steps``: nothing more applied), or the
    contradiction that this runs into."""
    attempt = board.copy()
    try:
        attempt.assign(shade, unshade)
        taken = ruleset.run(attempt, max_level=level, max_steps=steps).count
    except Contradiction as broken:
        return broken
    return attempt, taken


PASS_STOP = 1
"""A probing pass stops after this many findings, so that cheaper techniques work on them first
(unless it sweeps)."""
PROBE_RADIUS = 3
"""A failed probe is retried only once the board has changed within this many steps of its cell."""
PENDING = "pending probe findings"
"""Board note: ``(level, name, findings)``, the findings of a sweeping probe's pass not handed out
yet, each as ``(step, cell)`` with the cell probed."""
SETTLED_TRIALS = "settled trials"
"""Board note: trials that stopped short of their step bound, for any probe with the same inner ladder."""


def probe(ruleset: Ruleset, spec: ProbeSpec) -> Technique:
    """Probing: assume a value for a cell and propagate a bounded number of steps.

    A value that runs into a contradiction is refuted, so the cell takes the
    other.  When neither value is refuted, every cell both trials decided the
    same way is decided so in every solution.  A pass probes the candidates
    next to a decided cell (a cell far from everything is rarely refuted within
    a few steps), nearest first to what was decided since the last pass
    (:func:`nearest_first`), then the rest in the ruleset's order, and stops
    at its first finding (:data:`PASS_STOP`), so that cheaper techniques work
    on it first.

    A sweeping probe (``spec.sweep``; the last rung) goes on to the end of the
    pass and hands its findings out one at a time: each holds in every
    solution of the board the pass started from, so on the later boards too.
    Between them the genre's techniques work on the last (what they decide of
    a finding meanwhile is left out of it), and the probes below wait.

    rationale: a pass after a change mostly repeats probes that failed before,
    so a probe that failed is skipped until the board changes near its cell.
    Only a pass that skipped nothing may report that probing finds nothing, so
    the fixpoint is the same as without skipping.  A trial that stopped because
    nothing more applied, before its step bound, ends the same way under any
    bound at least as large: on the same board, a longer probe with the same
    inner ladder takes its outcome instead of running it again (the 20-step
    probe after the 6-step one finds nothing), which changes no finding.
    Findings cluster where the board last changed: nearest first,
    janko-nurikabe-0690 (50x50) takes 2,965 trials instead of 4,699.  The last
    rung sweeps because after each of its findings the rung below must fail a
    whole pass, every trial run again, before the last rung is asked again: on
    janko-nurikabe-1055 (40x57) five such passes made two thirds of the 6-step
    probe's 3,069 trials.  Which finding comes first can change the path, and
    so, rarely, the rating (profile 2: 7 of 1,219 corpus puzzles moved one
    level, 4 down and 3 up; profile 4, the sweep: none).
    """
    words = ruleset.words
    seen = f"{spec.name} saw"  # the cells decided when this probing last ran on the board

    def one_pass(board: Board, order: list[Cell], memo: dict[tuple[Cell, bool, int], tuple[Mask, Mask]],
                 skip: bool, bound: int) -> tuple[list[Step], list[Cell], bool]:
        """The pass's findings, the cell each probed, and whether it skipped a probe."""
        grid = board.grid
        near = grid.dilate(board.shaded | board.unshaded)
        around = _neighbourhoods(grid)
        whole = board.key()
        settled: dict[tuple[Cell, bool, Level], tuple[tuple[Mask, Mask], int, Mask, Mask]]
        settled = board.notes.setdefault(SETTLED_TRIALS, {})
        steps: list[Step] = []
        probed: list[Cell] = []
        decided = 0
        skipped = False
        for cell in order:
            bit = 1 << cell
            if not near & bit or decided & bit:
                continue
            check_time()
            local = around[cell]
            key = (board.shaded & local, board.unshaded & local)
            first = ruleset.prefer_shaded(board, cell)
            outcomes: list[tuple[Mask, Mask]] = []
            for shade in (first, not first):
                if skip and memo.get((cell, shade, bound)) == key:
                    skipped = True
                    continue
                known = settled.get((cell, shade, spec.inner_level))
                if known is not None and known[0] == whole and known[1] < bound:
                    outcomes.append(known[2:])
                    memo[(cell, shade, bound)] = key
                    continue
                outcome = trial(ruleset, board, bit if shade else 0, 0 if shade else bit,
                                spec.inner_level, bound)
                if isinstance(outcome, Contradiction):
                    steps.append(Step(0 if shade else bit, bit if shade else 0,
                                      _refuted(grid, cell, shade, outcome, words)))
                    probed.append(cell)
                    decided |= bit
                    break
                attempt, taken = outcome
                if taken < bound:  # nothing more applied: the same under any longer bound
                    settled[(cell, shade, spec.inner_level)] = (whole, taken, attempt.shaded, attempt.unshaded)
                memo[(cell, shade, bound)] = key
                outcomes.append((attempt.shaded, attempt.unshaded))
            if len(outcomes) == 2:
                (a_shaded, a_unshaded), (b_shaded, b_unshaded) = outcomes
                shade_both = a_shaded & b_shaded & ~board.shaded & ~decided
                unshade_both = a_unshaded & b_unshaded & ~board.unshaded & ~decided
                if shade_both | unshade_both:
                    steps.append(Step(shade_both, unshade_both,
                                      _either_way(grid, cell, shade_both, unshade_both, words)))
                    probed.append(cell)
                    decided |= shade_both | unshade_both
            if len(steps) >= PASS_STOP and not spec.sweep:
                break
        return steps, probed, skipped

    def find(board: Board) -> list[Step] | None:
        pending: tuple[Level, str, list[tuple[Step, Cell]]] | None = board.notes.get(PENDING)
        if pending is not None:
            level, name, queue = pending
            left = [found for found in (_still_open(board, step, cell, words) for step, cell in queue) if found]
            if not left:
                del board.notes[PENDING]
            elif spec.level < level:
                board.notes[PENDING] = (level, name, left)
                return None  # the sweep's findings come first
            elif name == spec.name:
                if len(left) > 1:
                    board.notes[PENDING] = (level, name, left[1:])
                else:
                    del board.notes[PENDING]  # the probes below may run after this one
                return [left[0][0]]
        memo = board.notes.setdefault(spec.name, {})
        decided = board.shaded | board.unshaded
        fresh = decided & ~board.notes.get(seen, 0)
        board.notes[seen] = decided
        order = nearest_first(board.grid, ruleset.candidates(board), fresh)
        steps, probed, skipped = one_pass(board, order, memo, True, spec.max_steps)
        if not steps and skipped:
            steps, probed, _ = one_pass(board, order, memo, False, spec.max_steps)
        if len(steps) > 1 and spec.sweep:
            board.notes[PENDING] = (spec.level, spec.name, list(zip(steps[1:], probed[1:])))
            return steps[:1]
        return steps

    return Technique(spec.name, spec.level, find, spec.summary)


def nearest_first(grid: Grid, order: list[Cell], fresh: Mask) -> list[Cell]:
    """``order`` (undecided cells) with those within :data:`PROBE_RADIUS` steps of the cells
    ``fresh``ly decided first, nearest first; ties, and the cells farther away, keep their order."""
    rank = {cell: distance for distance, ring in enumerate(grid.distances(fresh, grid.full, PROBE_RADIUS)[1:])
            for cell in cells(ring)}
    if not rank:
        return order
    by_distance: list[list[Cell]] = [[] for _ in range(PROBE_RADIUS + 1)]
    for cell in order:
        by_distance[rank.get(cell, PROBE_RADIUS)].append(cell)
    return [cell for group in by_distance for cell in group]


@lru_cache(maxsize=64)
def _neighbourhoods(grid: Grid) -> tuple[Mask, ...]:
    """For each cell, the cells within :data:`PROBE_RADIUS` steps of it (the part of the board
    a failed probe is retried after)."""
    out = []
    for cell in range(grid.size):
        mask = 1 << cell
        for _ in range(PROBE_RADIUS):
            mask = grid.dilate(mask)
        out.append(mask)
    return tuple(out)


def _still_open(board: Board, step: Step, cell: Cell, words: tuple[str, str]) -> tuple[Step, Cell] | None:
    """A pending finding without the cells decided since (``None`` when that is all of them); a
    trimmed one (only a finding of both values decides more than one cell) gets its reason anew."""
    shade, unshade = step.shade & ~board.shaded, step.unshade & ~board.unshaded
    if not shade | unshade:
        return None
    if (shade, unshade) != (step.shade, step.unshade):
        step = Step(shade, unshade, _either_way(board.grid, cell, shade, unshade, words))
    return step, cell


def _refuted(grid: Grid, cell: Cell, shade: bool, broken: Contradiction, words: tuple[str, str]) -> Callable[[], str]:
    def reason() -> str:
        name = grid.name(cell)
        assumed, actual = (words[0], words[1]) if shade else (words[1], words[0])
        return f"if {name} were {assumed}, {broken.reason}; so {name} is {actual}"
    return reason


def _either_way(grid: Grid, cell: Cell, shade: Mask, unshade: Mask, words: tuple[str, str]) -> Callable[[], str]:
    def reason() -> str:
        parts = []
        if shade:
            parts.append(f"{grid.names(shade)} {words[0]}")
        if unshade:
            parts.append(f"{grid.names(unshade)} {words[1]}")
        return f"whether {grid.name(cell)} is {words[0]} or {words[1]}, it leads to " + " and ".join(parts)
    return reason
