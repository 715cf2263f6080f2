"""A clue lifted to four run lengths: the view of a Kurodoko clue as bounded integers.

A clue ``k`` sees itself plus four unbroken white runs, so
``up + right + down + left == k - 1``.  On a partial board each run has a set
of lengths it can still take: a run of length ``j`` needs its first ``j`` cells
white and the cell at ``j`` black (or the edge), so ``j`` is possible only
where that cell is undecided, or at the first black cell, or at the edge.
:func:`bound` tightens the four intervals against the sum (a run is at least
the total minus what the others can give at most, and at most the total minus
what they must give at least), moving each bound to a length the run can take,
until nothing changes.

What a run's interval ``[lo, hi]`` proves: the first ``lo`` cells are white.
It does *not* prove the cell at ``hi`` black: the run may stop short, leaving
that cell outside the clue's view (an easy trap for a solver).  Only when
``lo == hi`` is the run exact, and then the cell at ``hi`` is black.

A clue's reading depends only on the cells it can see, so :func:`read_clue`
memoises it by those cells: probing and search revisit the same views often.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ...frame.board import Board, Derived
from ...grid import Cell, Grid, Mask
from ...puzzle import Puzzle
from .rules import DIRECTIONS, ray

MEMO_LIMIT = 256
"""Readings kept per clue before its memo is cleared."""
VIEW_LIMIT = 1024
"""Clue views (with their memos) kept across puzzles."""


@dataclass(frozen=True)
class Ray:
    """The cells from a clue to the edge in one direction, with masks for reading it in O(1).

    ``prefix[j]`` is the first ``j`` cells.  The cell nearest the clue in a mask
    is its lowest bit for a ray going right or down, its highest for left or up.
    """

    origin: Cell
    step: int
    cells: tuple[Cell, ...]
    mask: Mask
    prefix: tuple[Mask, ...]
    outward: bool
    """True when the cell indices grow away from the clue (right and down)."""
    length: int

    @classmethod
    def make(cls, grid: Grid, origin: Cell, direction: int) -> Ray:
        cells_ = tuple(ray(grid, origin, direction))
        step = (-grid.cols, 1, grid.cols, -1)[direction]
        prefix = [0]
        for c in cells_:
            prefix.append(prefix[-1] | 1 << c)
        return cls(origin, step, cells_, prefix[-1], tuple(prefix), step > 0, len(cells_))

    def nearest(self, mask: Mask) -> int:
        """Index along the ray of the cell of ``mask`` nearest the clue (``mask`` non-empty)."""
        cell = (mask & -mask).bit_length() - 1 if self.outward else mask.bit_length() - 1
        return (cell - self.origin) // self.step - 1

    def farthest(self, mask: Mask) -> int:
        """Index along the ray of the cell of ``mask`` farthest from the clue (``mask`` non-empty)."""
        cell = mask.bit_length() - 1 if self.outward else (mask & -mask).bit_length() - 1
        return (cell - self.origin) // self.step - 1


@dataclass(frozen=True)
class ClueView:
    """A numbered clue and its four rays."""

    cell: Cell
    number: int
    rays: tuple[Ray, ...]
    sight: Mask
    """Every cell on the four rays."""
    memo: dict[tuple[Mask, Mask], Reading] = field(default_factory=dict, compare=False, repr=False)


@lru_cache(maxsize=8)
def clue_views(puzzle: Puzzle) -> tuple[ClueView, ...]:
    """The numbered clues of ``puzzle`` with their rays (``?`` clues see nothing to count)."""
    return tuple(clue_view(puzzle.rows, puzzle.cols, cell, number)
                 for cell, number in puzzle.clues if number is not None)


@lru_cache(maxsize=VIEW_LIMIT)
def clue_view(rows: int, cols: int, cell: Cell, number: int) -> ClueView:
    """The clue ``number`` at ``cell`` of a ``rows`` x ``cols`` board, with its rays and reading memo.

    rationale: a view depends only on the shape, the cell and the number, not on
    the other clues, so puzzles that share a clue share its view and memo; the
    generator's sweep solves dozens of puzzles that differ in one clue each.
    """
    grid = Grid.of(rows, cols)
    rays = tuple(Ray.make(grid, cell, d) for d in range(4))
    return ClueView(cell, number, rays, sum(r.mask for r in rays))


@dataclass(frozen=True)
class Readings:
    """Every clue's reading on one board state (in :func:`clue_views` order)."""

    black: Mask
    white: Mask
    readings: tuple[Reading, ...]


def readings(board: Board) -> tuple[Reading, ...]:
    """Every clue's reading on ``board``, cached on the board.

    From the readings of an earlier state of the board only the clues whose
    :attr:`Reading.scope` holds a changed cell are read again.
    """
    return board.derived(READINGS, _readings).readings


READINGS: Derived[Readings] = Derived("kurodoko readings")
"""What each clue sees on a board (:func:`readings`)."""


def _readings(board: Board) -> Readings:
    views = clue_views(board.puzzle)
    black, white = board.shaded, board.unshaded
    old: Readings | None = board.earlier(READINGS)
    if old is None:
        return Readings(black, white, tuple(read_clue(v, black, white) for v in views))
    changed = (black ^ old.black) | (white ^ old.white)
    if not changed:
        return old
    found = tuple(read_clue(view, black, white) if changed & reading.scope else reading
                  for view, reading in zip(views, old.readings))
    return Readings(black, white, found)


def read_clue(view: ClueView, black: Mask, white: Mask) -> Reading:
    """The reading of one clue, memoised by the black and white cells it can see."""
    sight = view.sight
    key = (black & sight, white & sight)
    memo = view.memo
    found = memo.get(key)
    if found is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        found = memo[key] = Reading(view, key[0], key[1])
    return found


class Reading:
    """What one clue says about the cells it can see.

    Per direction: ``white`` (length of the known-white prefix) and ``open``
    (index of the first black cell, or the ray's length).  Counting needs only
    these; the bounded intervals of the rays technique are worked out on first
    use (:meth:`bounded`).
    """

    __slots__ = ("_bounded", "count_black", "count_white", "least", "most", "open", "open_cells", "scope",
                 "undecided", "white")

    def __init__(self, view: ClueView, black: Mask, white: Mask) -> None:
        known: list[int] = []
        stop: list[int] = []
        open_cells: list[Mask] = []
        not_white = ~white
        scope = 0
        # rationale: the hot loop of search and probing; Ray.nearest inlined
        for r in view.rays:
            mask = r.mask
            blacks = black & mask
            others = mask & not_white
            if r.outward:
                origin = r.origin + r.step
                s = ((blacks & -blacks).bit_length() - 1 - origin) // r.step if blacks else r.length
                k = ((others & -others).bit_length() - 1 - origin) // r.step if others else r.length
            else:
                origin = r.origin + r.step
                s = (blacks.bit_length() - 1 - origin) // r.step if blacks else r.length
                k = (others.bit_length() - 1 - origin) // r.step if others else r.length
            known.append(k)
            stop.append(s)
            open_cells.append(r.prefix[s] & not_white)
            scope |= r.prefix[s]
        self.scope: Mask = scope
        """The cells whose change can change this reading: each run up to its first black cell (that
        cell is decided already, and a decided cell never changes).  A change beyond it leaves the
        reading as it is."""
        self.white = tuple(known)
        self.open = tuple(stop)
        self.open_cells = tuple(open_cells)
        """Per direction, the undecided cells before the first black cell."""
        self.undecided: Mask = open_cells[0] | open_cells[1] | open_cells[2] | open_cells[3]
        """The undecided cells the clue could see (before the first black cell of each run)."""
        self.least = least = 1 + known[0] + known[1] + known[2] + known[3]
        """Cells the clue sees for sure (itself and the known-white prefixes)."""
        self.most = most = 1 + stop[0] + stop[1] + stop[2] + stop[3]
        """Cells it could see at most (up to the first black cell or the edge)."""
        count_white = count_black = 0
        if least < most:
            if most == view.number:
                count_white = open_cells[0] | open_cells[1] | open_cells[2] | open_cells[3]
            elif least == view.number:
                for r, k, s in zip(view.rays, known, stop):
                    if k < s:
                        count_black |= 1 << r.cells[k]
        self.count_white: Mask = count_white
        """Cells white because the clue can see at most its number (clue counting)."""
        self.count_black: Mask = count_black
        """Cells black because the clue already sees its number (clue counting)."""
        self._bounded: Bounded | None = None

    def bounded(self, view: ClueView) -> Bounded:
        """The four runs of ``view`` (this reading's clue) bounded against their sum, and what that
        decides (the rays technique)."""
        if self._bounded is None:
            self._bounded = Bounded(view, self)
        return self._bounded


class Bounded:
    """The intervals ``lo``..``hi`` of a clue's four runs after bounding, and the cells they decide."""

    __slots__ = ("black", "broken", "hi", "lo", "white")

    def __init__(self, view: ClueView, reading: Reading) -> None:
        rays = view.rays
        lo = list(reading.white)
        hi = list(reading.open)
        self.broken = bound(view.number - 1, rays, reading.open_cells, lo, hi)
        """Why the four runs cannot sum to the number, if they cannot."""
        white = black = 0
        if self.broken is None:
            for r, a, z, s in zip(rays, lo, hi, reading.open):
                white |= r.prefix[a]
                if a == z < s:
                    black |= 1 << r.cells[z]
            white &= reading.undecided
        self.lo = tuple(lo)
        self.hi = tuple(hi)
        self.white: Mask = white
        """Undecided cells white because a bounded run is at least that long."""
        self.black: Mask = black
        """Undecided cells black because a bounded run is exactly that long."""


def bound(total: int, rays: tuple[Ray, ...], open_cells: tuple[Mask, ...], lo: list[int], hi: list[int]) -> str | None:
    """Tighten the intervals ``lo``/``hi`` (in place) against ``sum == total``.

    A run can take length ``j`` where its cell ``j`` is undecided (in
    ``open_cells``), or at its first black cell or the edge (the initial
    ``hi``); each bound moves to such a length.  Returns why no lengths fit,
    or ``None``.
    """
    stop = list(hi)
    changed = True
    while changed:
        changed = False
        sum_lo = sum(lo)
        sum_hi = sum(hi)
        if sum_lo > total:
            return f"would see at least {sum_lo + 1} cells"
        if sum_hi < total:
            return f"would see at most {sum_hi + 1} cells"
        for d in range(4):
            need = total - (sum_hi - hi[d])
            cap = total - (sum_lo - lo[d])
            a, z = lo[d], hi[d]
            r = rays[d]
            if need > a:
                if need > stop[d]:
                    a = -1
                else:
                    later = open_cells[d] & ~r.prefix[need]
                    a = r.nearest(later) if later else stop[d]
            if cap < z:
                earlier = open_cells[d] & r.prefix[cap + 1] if cap >= 0 else 0
                z = r.farthest(earlier) if earlier else -1
            if a < 0 or z < 0 or a > z:
                return f"cannot see {total + 1} cells: its {DIRECTIONS[d]} run has no length that fits"
            if a != lo[d] or z != hi[d]:
                sum_lo += a - lo[d]
                sum_hi += z - hi[d]
                lo[d], hi[d] = a, z
                changed = True
    return None


def describe_runs(bounded: Bounded) -> str:
    """``up 0-2, right 3, ...``: the intervals of the four runs."""
    parts = []
    for name, a, z in zip(DIRECTIONS, bounded.lo, bounded.hi):
        parts.append(f"{name} {a}" if a == z else f"{name} {a}-{z}")
    return ", ".join(parts)
