"""Probing, the same in every genre: assume a cell one way, run the cheaper ladder a few steps, and
if a rule breaks the cell is the other way.

A :class:`Prober` is one probing technique (a :class:`ProbeSpec`) of one
ruleset; the probers of a ruleset share a :class:`Probing`, which keeps what
they remember of each board they ran on (:class:`ProbeMemory`).  A board's
memory lasts while the board does; a copy starts with none.

A value that runs into a contradiction is refuted, so the cell takes the
other.  When neither value is refuted, every cell both trials decided the
same way is decided so in every solution.  A pass probes the candidates next
to a decided cell (a cell far from everything is rarely refuted within a few
steps), nearest first to what was decided since the last pass
(:func:`nearest_first`), then the rest in the ruleset's order, and stops at
its first finding (:data:`PASS_STOP`), so that cheaper techniques work on it
first.

A sweeping probe (``spec.sweep``; the last rung) goes on to the end of the
pass and hands its findings out one at a time: each holds in every solution
of the board the pass started from, so on the later boards too.  Between
them the genre's techniques work on the last (what they decide of a finding
meanwhile is left out of it), and the probes below wait.

A probe whose inner ladder reaches hard runs probes inside its trials (a
trial inside a trial).  Those stay near what the trial decided: on a trial's
board (:meth:`Probing.focus`) a probe tries only cells within
:data:`FOCUS_RADIUS` steps of the cells decided since the assumption, as a
solver following a hypothesis looks where it leads, not over the whole board.

Two shortcuts change no finding.  A probe that failed is skipped until the
board changes near its cell (:data:`PROBE_RADIUS`); only a pass that skipped
nothing may report that probing finds nothing, so the fixpoint is the same
as without skipping (that full pass takes the outcomes of the trials the
skipping pass ran on the same board, and runs only the others).  And a
trial that stopped because nothing more applied, before its step bound,
ends the same way under any bound at least as large: on the same board, a
longer probe with the same inner ladder takes its outcome instead of
running it again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from ..grid import Cell, Grid, Mask, cells
from .board import Board, Contradiction
from .budget import check_time
from .ladder import Step, Technique
from .levels import Level

if TYPE_CHECKING:  # a type only: probing needs no ruleset class at run time, nor to import one
    from typing import Protocol

    from .ladder import Trace

    class Ladder(Protocol):
        """What probing asks of the ruleset it belongs to (:class:`.ruleset.Ruleset`)."""

        @property
        def words(self) -> tuple[str, str]: ...

        def run(self, board: Board, *, max_level: Level = ..., trace: Trace | None = ...,
                max_steps: int | None = ...) -> Trace: ...

        def candidates(self, board: Board) -> list[Cell]: ...

        def prefer_shaded(self, board: Board, cell: Cell) -> bool: ...

PASS_STOP = 1
"""A probing pass stops after this many findings, so that cheaper techniques work on them first
(unless it sweeps)."""
PROBE_RADIUS = 3
"""A failed probe is retried only once the board has changed within this many steps of its cell."""
FOCUS_RADIUS = 2
"""Inside a trial, a probe tries only cells within this many steps of what the trial decided."""


@dataclass(frozen=True)
class ProbeSpec:
    """A probing technique: its name, its level, its step bound and the ladder it runs."""

    name: str
    level: Level
    max_steps: int
    inner_level: Level
    summary: str = ""
    sweep: bool = False
    """Whether a pass tries every cell and hands its findings out one at a time."""


@dataclass
class Pending:
    """A sweeping probe's findings not handed out yet, each with the cell it probed."""

    level: Level
    name: str
    findings: list[tuple[Step, Cell]]


@dataclass(frozen=True)
class SettledTrial:
    """A trial that stopped short of its bound: the board it ran on, the steps taken, and where it ended."""

    board: tuple[Mask, Mask]
    taken: int
    shaded: Mask
    unshaded: Mask


@dataclass
class ProbeMemory:
    """What probing remembers of one board across its changes."""

    pending: Pending | None = None
    settled: dict[tuple[Cell, bool, Level], SettledTrial] = field(default_factory=dict)
    """Trials that stopped short of their bound, by cell, value and inner ladder."""
    failed: dict[str, dict[tuple[Cell, bool, int], tuple[Mask, Mask]]] = field(default_factory=dict)
    """By probe: the neighbourhood each failed trial (cell, value, bound) last ran in."""
    seen: dict[str, Mask] = field(default_factory=dict)
    """By probe: the cells decided when it last ran."""
    origin: Mask | None = None
    """On a trial's board: the cells decided before the trial's assumption (its probes stay near the rest)."""


class Probing:
    """The probing techniques of a ruleset and their memory of each board."""

    def __init__(self, ruleset: Ladder, specs: Sequence[ProbeSpec]) -> None:
        self._memory: WeakKeyDictionary[Board, ProbeMemory] = WeakKeyDictionary()
        self.techniques = [Prober(self, ruleset, spec).technique() for spec in specs]

    def memory(self, board: Board) -> ProbeMemory:
        """What probing remembers of ``board`` (nothing, for a board it has not run on)."""
        memory = self._memory.get(board)
        if memory is None:
            memory = self._memory[board] = ProbeMemory()
        return memory

    def focus(self, attempt: Board) -> None:
        """Mark a trial's board, before its assumption, so that the probes its ladder runs stay near what
        the trial decides (:data:`FOCUS_RADIUS`)."""
        self.memory(attempt).origin = attempt.shaded | attempt.unshaded

    def prepare(self, inner_level: Level) -> Callable[[Board], None] | None:
        """What a trial of a probe with this inner ladder does to its board first: a ladder that reaches
        hard probes in turn, so its board is focused (:meth:`focus`); a cheaper one needs nothing."""
        return self.focus if inner_level >= Level.HARD else None

    def held_back(self, board: Board, max_level: Level) -> None:
        """Drop a sweep's pending findings when the ladder about to run does not reach their level."""
        memory = self._memory.get(board)
        if memory is not None and memory.pending is not None and memory.pending.level > max_level:
            memory.pending = None


def trial(ruleset: Ladder, board: Board, shade: Mask, unshade: Mask, level: Level,
          steps: int, prepare: Callable[[Board], None] | None = None) -> tuple[Board, int] | Contradiction:
    """The board after deciding ``shade``/``unshade`` and propagating at most ``steps`` steps,
    with the number of steps taken (fewer than ``steps``: nothing more applied), or the
    contradiction that this runs into.  ``prepare`` sees the copy before anything is decided."""
    attempt = board.copy()
    if prepare is not None:
        prepare(attempt)
    try:
        attempt.assign(shade, unshade)
        taken = ruleset.run(attempt, max_level=level, max_steps=steps).count
    except Contradiction as broken:
        return broken
    return attempt, taken


class Prober:
    """One probing technique of a ruleset.

    Findings cluster where the board last changed, so nearest first keeps
    the passes short; the last rung sweeps because after each of its
    findings the rung below would fail a whole pass before the last rung is
    asked again.
    """

    def __init__(self, probing: Probing, ruleset: Ladder, spec: ProbeSpec) -> None:
        self.probing = probing
        self.ruleset = ruleset
        self.spec = spec

    def technique(self) -> Technique:
        return Technique(self.spec.name, self.spec.level, self.find, self.spec.summary)

    def find(self, board: Board) -> list[Step] | None:
        spec = self.spec
        words = self.ruleset.words
        memory = self.probing.memory(board)
        pending = memory.pending
        if pending is not None:
            left = [found for found in (_still_open(board, step, cell, words) for step, cell in pending.findings)
                    if found]
            if not left:
                memory.pending = None
            elif spec.level < pending.level:
                pending.findings = left
                return None  # the sweep's findings come first
            elif pending.name == spec.name:
                if len(left) > 1:
                    pending.findings = left[1:]
                else:
                    memory.pending = None  # the probes below may run after this one
                return [left[0][0]]
        failed = memory.failed.setdefault(spec.name, {})
        decided = board.shaded | board.unshaded
        fresh = decided & ~memory.seen.get(spec.name, 0)
        memory.seen[spec.name] = decided
        order = nearest_first(board.grid, self.ruleset.candidates(board), fresh)
        ran: dict[tuple[Cell, bool], tuple[Mask, Mask]] = {}
        steps, probed, skipped = self._pass(board, memory, order, failed, True, ran)
        if not steps and skipped:
            steps, probed, _ = self._pass(board, memory, order, failed, False, ran)
        if len(steps) > 1 and spec.sweep:
            memory.pending = Pending(spec.level, spec.name, list(zip(steps[1:], probed[1:])))
            return steps[:1]
        return steps

    def _pass(self, board: Board, memory: ProbeMemory, order: list[Cell],
              failed: dict[tuple[Cell, bool, int], tuple[Mask, Mask]],
              skip: bool, ran: dict[tuple[Cell, bool], tuple[Mask, Mask]]) -> tuple[list[Step], list[Cell], bool]:
        """The pass's findings, the cell each probed, and whether it skipped a probe.

        ``ran`` holds the outcome of each trial that this pass, or an earlier
        pass on the same board, ran and that broke no rule: the same trial on
        the same board ends the same way, so the full pass after a skipping
        one runs only the trials the first skipped.
        """
        spec, ruleset = self.spec, self.ruleset
        words = ruleset.words
        bound = spec.max_steps
        grid = board.grid
        near = grid.dilate(board.shaded | board.unshaded)
        if memory.origin is not None:  # a probe inside a trial: only near what the trial decided
            near &= grid.ball((board.shaded | board.unshaded) & ~memory.origin, FOCUS_RADIUS)
        prepare = self.probing.prepare(spec.inner_level)
        around = _neighbourhoods(grid)
        whole = board.key()
        settled = memory.settled
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
                if skip and failed.get((cell, shade, bound)) == key:
                    skipped = True
                    continue
                done = ran.get((cell, shade))
                if done is not None:
                    outcomes.append(done)
                    continue
                known = settled.get((cell, shade, spec.inner_level))
                if known is not None and known.board == whole and known.taken < bound:
                    outcomes.append((known.shaded, known.unshaded))
                    failed[(cell, shade, bound)] = key
                    continue
                outcome = trial(ruleset, board, bit if shade else 0, 0 if shade else bit, spec.inner_level, bound,
                                prepare)
                if isinstance(outcome, Contradiction):
                    steps.append(Step(0 if shade else bit, bit if shade else 0,
                                      _refuted(grid, cell, shade, outcome, words)))
                    probed.append(cell)
                    decided |= bit
                    break
                attempt, taken = outcome
                if taken < bound:  # nothing more applied: the same under any longer bound
                    settled[(cell, shade, spec.inner_level)] = SettledTrial(whole, taken, attempt.shaded,
                                                                            attempt.unshaded)
                failed[(cell, shade, bound)] = key
                ran[(cell, shade)] = attempt.shaded, attempt.unshaded
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
    return tuple(grid.ball(1 << cell, PROBE_RADIUS) for cell in range(grid.size))


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


__all__ = ["PASS_STOP", "PROBE_RADIUS", "Pending", "ProbeMemory", "ProbeSpec", "Prober", "Probing", "SettledTrial",
           "nearest_first", "trial"]
