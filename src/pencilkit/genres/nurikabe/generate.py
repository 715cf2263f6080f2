"""Nurikabe's side of generation: layouts valid by construction, and repairs.

A candidate is a :class:`~pencilkit.genres.nurikabe.painting.Layout` (islands,
one clue cell each; the clue is the island's size), so its puzzle always has
its intended solution.  The frame's driver (:mod:`pencilkit.frame.generate`)
assesses it and this module repairs it, never rejecting it outright, in one
of two styles (:data:`STYLES`).

The *published* style keeps every candidate inside the band of published
puzzles (:mod:`.style`).  It starts from a cascade (:mod:`.cascade`): a
layout built by the easy ladder's own facts, so its puzzle is unique and easy
from the first candidate (but for expert targets on 5x5 and symmetric
expert targets up to 20x20, which start from a layout drawn freely).  An easy target is
done there; a harder one is reached by repairs at one cell (:func:`reshape`) that make a too-easy puzzle
harder, change the shape of the board where a second solution differs (a
clue moves, land turns to sea and trims or splits an island, sea turns to
land), or give the ladder a foothold where it stalled.  The driver weighs
several such repairs at each step (:meth:`NurikabeGenerator.breadth`).
A symmetric layout is repaired at a cell and its images together, and once
rated as asked its numbers are freed (:func:`.symmetric.free_numbers`): the
clue positions stay symmetric, the numbers differ as in published puzzles.
A free one of 20x20 and up above easy (easy too past 20x20), once rated as
asked, has islands joined (:func:`.joining.join_islands`): a big island,
fewer and higher clues.

The *dense* style:

* a second solution is removed by moving an island's clue onto a cell that is
  land in the intended solution and sea in the other (the other then breaks
  R5 at that cell), or by turning to land a cell that is sea in the intended
  solution and land in the other.  For medium and harder targets every
  repair of a puzzle with a second solution does this; for easy ones half do,
  and the rest give the ladder a foothold as below.  The second solution
  comes from the frame's bounded search, which meets first the ones nearest
  the intended solution;
* where the ladder got stuck, an undecided cell gets a clue if it is land (its
  island's clue moves there), or turns to land if it is sea touching at most
  one island (a new island of 1, or one island grown by a cell);
* a puzzle easier than asked gets a clue moved within its island, two islands
  joined through one sea cell, or an island grown by one cell.

Every move keeps the layout valid: land only ever replaces sea where the sea
stays connected, land turns to sea only next to sea and where no pool forms,
and turning sea to land cannot make a pool.  Easy dense layouts start with
smaller islands on larger boards (:func:`easy_cap`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from ...frame.budget import Budget, OutOfTime
from ...frame.generator import Assessment, Candidate, ClueChange, GenreGenerator, Outcome
from ...frame.levels import Level
from ...frame.symmetry import Symmetry
from ...grid import MAX_SIDE, Cell, Mask, cells
from ...puzzle import Answer, Puzzle
from . import feasibility
from .cascade import cascade_layout
from .joining import EASY_JOIN_CELLS, join_islands
from .painting import (
    Layout,
    growth_layout,
    repair_layout,
)
from .style import PUBLISHED, Band
from .symmetric import free_numbers, orbit_move, symmetric_layout

EASY_SIZES = (1, 2, 3)
"""Island sizes the growth builder draws for easy puzzles."""
SIZES = (1, 2, 3, 4, 5, 6)
"""Island sizes it draws for every other level."""
EASY_CAPS = ((100, 4), (225, 3))
"""Largest island the repair builder makes for easy puzzles, by board cells (up to 100, up to 225);
:func:`easy_cap`."""
CAP = 6
"""Largest island it makes for the other levels."""


def easy_cap(rows: int, cols: int) -> int:
    """The island cap for an easy layout: smaller on larger boards.

    The ladder up to easy must finish the whole board, and every island of
    3 or 4 is a place where it may need a medium technique; the larger the
    board, the more such places, and the longer the repairs take to clear
    all of them.
    """
    for cells_up_to, cap in EASY_CAPS:
        if rows * cols <= cells_up_to:
            return cap
    return 2


@dataclass(frozen=True)
class NurikabeCandidate:
    """A layout under repair; its puzzle and solution follow from it."""

    layout: Layout

    @cached_property
    def puzzle(self) -> Puzzle:
        return self.layout.puzzle()

    @cached_property
    def solution(self) -> Answer:
        return self.layout.solution()


RIVAL_SHARE = 0.5
"""Share of repairs of an easy puzzle with a second solution that aim at that solution; the rest
give the ladder a foothold where it stalled (with many cells open there are many rivals, and
removing one at a time makes no headway)."""
HARDER_RIVAL_SHARE = 1.0
"""The same share for medium, hard and expert targets: a foothold adds information where the ladder
stalled, so it tends to make the puzzle easier than asked; removing just the rival adds the least."""
PATIENCE = 3
"""A candidate starts over after ``PATIENCE * (rows + columns)`` changes without getting closer.  A
change that only keeps the distance counts too, and a fresh layout usually does better than a long
plateau, so the factor is small (3, where 12 is a common choice)."""
NEW_CLUE_SHARE = 0.5
"""Share of footholds that prefer a new island of 1 to moving a clue."""
PUBLISHED_RIVAL_SHARE = 0.5
"""Share of the published style's repairs of a puzzle with a second solution that aim at that
solution; the rest are a move anywhere on the board, as for a puzzle easier than asked (twice as
fast as footholds where the ladder stalled)."""
PUBLISHED_BREADTH = 8
"""Repairs the published style draws at each step from a stalled candidate (the driver keeps the
one the screening ladder takes furthest)."""
EXPERT_BREADTH = 4
"""Repairs drawn per step for an expert target on a board of at most :data:`EXPERT_BREADTH_CELLS`
without symmetry: the screen runs only up to medium, and there an expert candidate's assessment
(search and probing) costs more than weighing more repairs gains.  Symmetric repairs are bigger moves,
and larger boards have more open cells to choose among; both keep :data:`PUBLISHED_BREADTH`."""
EXPERT_BREADTH_CELLS = 144
"""Largest board (12x12) on which expert targets weigh :data:`EXPERT_BREADTH` repairs."""
STYLES = ("auto", "published", "dense")
"""Generation styles.  ``published`` keeps every puzzle inside the statistics of published
Nurikabe (:data:`~pencilkit.genres.nurikabe.style.PUBLISHED`: big islands, few 1s); ``dense``
makes small islands in a lot of sea, many of them 1s; ``auto``, the default, is
published where that style is measured to deliver within seconds (:meth:`NurikabeGenerator.published`)
and dense elsewhere."""
AUTO_PUBLISHED_CELLS = 1600
"""Largest board (40x40) the ``auto`` style makes in the published style, at every level (40x40: 0.3-7 s at
every level, seeds 1-3; 50x50 takes 13-42 s at easy and 35-112 s at expert, most of it cascades that
end stuck)."""
DRAWN_EXPERT_CELLS = 25
"""Largest board (5x5) on which the published style starts an expert target from a layout drawn
freely (grown as lines, :func:`~.symmetric.symmetric_layout` with no symmetry) rather than from a
cascade: on so few cells an easy puzzle is far from an expert one (5x5, seeds 0-9: a median of
0.6 s drawn freely, 4.2 s from cascades)."""
DRAWN_SYMMETRIC_CELLS = 400
"""Most cells (20x20) of a board on which a symmetric expert target starts from a symmetric layout drawn
freely rather than from a symmetric cascade.  Past it a drawn layout found no unique puzzle in 30 s (rot2
25x25 to 40x40, seed 1), where a cascade reaches expert in 1.6-5.8 s at 25x25, 3.0-11.5 s at 30x30 and
49-60 s at 40x40 (seeds 1-3).  Up to 20x20 both reach it within seconds (a cascade sooner at 20x20: 0.6-1.9 s
against 1.2-12.7 s); the drawn start stays there so that those seeds keep their puzzles."""
BUILDERS = ("auto", "repair", "growth")
"""Layout builders of the dense style: ``auto`` takes :func:`best_builder`."""
GROWTH_EXPERT_CELLS = 64
"""Expert boards of at most this many cells use the growth builder; the rest use repair."""


def best_builder(target: Level, rows: int, cols: int) -> str:
    """The layout builder that wins at this level and size (measured with benchmarks/generate_nurikabe.py).

    rationale: repair layouts are small islands in a lot of sea (about 35%
    land), which reach easy to hard in a few changes.  For expert, the growth
    builder's larger islands (about 45% land) get there in fewer changes up to
    8x8, but from 10x10 its boards leave so many cells open to the ladder that
    repairs make little headway, and repair layouts win again.
    """
    if target is Level.EXPERT and rows * cols <= GROWTH_EXPERT_CELLS:
        return "growth"
    return "repair"


class NurikabeGenerator(GenreGenerator):
    """Generation for Nurikabe in a style (:data:`STYLES`); the dense style takes a layout builder
    (``repair``, ``growth`` or ``auto``, by level)."""

    styles = STYLES
    symmetries = tuple(Symmetry)
    published_symmetry = (
        (24, ()),
        (100, ((Symmetry.ROT4, 0.04), (Symmetry.ROT2, 0.22))),
        (225, ((Symmetry.ROT4, 0.02), (Symmetry.ROT2, 0.08))),
        (400, ((Symmetry.ROT4, 0.02), (Symmetry.ROT2, 0.14))),
        (900, ((Symmetry.ROT2, 0.08),)),
        (AUTO_PUBLISHED_CELLS, ((Symmetry.ROT2, 0.25),)),
        (MAX_SIDE * MAX_SIDE, ()),
    )
    """Published Nurikabe keep a symmetry of clue positions in 26% of the puzzles up to 10x10, 10% up to
    15x15, 16% up to 20x20, 8% up to 30x30 and 1 of 4 up to 40x40 (by size class,
    ``tests/frame/test_published_symmetry.py`` recounts them from the corpus; one mirror in 420 up to 10x10
    is left out); none of the smallest (one puzzle) or of the two larger ones.  Above
    :data:`AUTO_PUBLISHED_CELLS` none is drawn anyway: a symmetric layout is made in the published style,
    which takes a minute there, where ``auto`` makes the dense style.  A quarter turn drawn on a board
    of an even side, where no symmetric layout has one (:meth:`symmetry_refused`), is made a half turn."""

    def __init__(self, builder: str = "auto", style: str = "auto", band: Band = PUBLISHED,
                 symmetry: Symmetry = Symmetry.NONE) -> None:
        if builder not in BUILDERS:
            raise ValueError(f"unknown layout builder {builder!r}: choose one of {', '.join(BUILDERS)}")
        if style not in STYLES:
            raise ValueError(f"unknown style {style!r}: choose one of {', '.join(STYLES)}")
        self.builder = builder
        self.style = style
        self.band = band
        self.symmetry = symmetry

    def styled(self, style: str) -> NurikabeGenerator:
        return NurikabeGenerator(self.builder, style, self.band, self.symmetry)

    def symmetry_refused(self, symmetry: Symmetry, rows: int, cols: int) -> str | None:
        """Symmetric layouts have symmetric solutions, which a mirror cannot give with an even number of
        columns (the two middle columns would be alike: all sea is a pool, land joins one island to its
        own image, which has no cell for its clue), nor quarter turns on an even side (the middle 2x2
        block likewise).  The dense style keeps none: symmetric layouts are made in the published way."""
        if symmetry is not Symmetry.NONE and self.style == "dense":
            return f"dense Nurikabe keep no {symmetry.value} symmetry: choose the published or auto style"
        if symmetry is Symmetry.MIRROR and cols % 2 == 0:
            return (f"no {rows}x{cols} Nurikabe has mirror symmetry here: its two middle columns would "
                    f"mirror each other and pool; take an odd number of columns, or rot2")
        if symmetry is Symmetry.ROT4 and rows % 2 == 0:
            return (f"no {rows}x{cols} Nurikabe has rot4 symmetry here: its middle 2x2 block would be one "
                    f"pool or one island with no cell for its clue; take an odd side, or rot2")
        return None

    def with_symmetry(self, symmetry: Symmetry) -> NurikabeGenerator:
        """The same generator making symmetric layouts (:mod:`.symmetric`), in the published way at
        every size: symmetric layouts, and each repair made at a cell and its images."""
        return NurikabeGenerator(self.builder, self.style, self.band, symmetry)

    def patience(self, rows: int, cols: int, target: Level) -> int:
        """Changes without getting closer before an attempt starts over: ``PATIENCE * (rows + cols)``."""
        return PATIENCE * (rows + cols)

    def published(self, rows: int, cols: int, target: Level = Level.EXPERT) -> bool:
        """Whether puzzles of this shape and level are made in the published style.

        Only shapes published puzzles have (at least 5x5) are; ``auto`` takes
        boards of at most :data:`AUTO_PUBLISHED_CELLS` cells.
        """
        if not self.band.applies(rows, cols):
            return False
        if self.symmetry is not Symmetry.NONE:
            return True
        if self.style == "auto":
            return rows * cols <= AUTO_PUBLISHED_CELLS
        return self.style == "published"

    def style_for(self, rows: int, cols: int, target: Level) -> str:
        return "published" if self.published(rows, cols, target) else "dense"

    def breadth(self, rows: int, cols: int, target: Level) -> int:
        """The published style and symmetric layouts weigh :data:`PUBLISHED_BREADTH` repairs at each
        step (:data:`EXPERT_BREADTH` for free layouts at expert on small boards); the dense style takes
        the first."""
        if self.symmetry is not Symmetry.NONE:
            return PUBLISHED_BREADTH
        if not self.published(rows, cols, target):
            return 1
        return EXPERT_BREADTH if target >= Level.EXPERT and rows * cols <= EXPERT_BREADTH_CELLS else PUBLISHED_BREADTH

    def builder_for(self, target: Level, rows: int, cols: int) -> str:
        return best_builder(target, rows, cols) if self.builder == "auto" else self.builder

    def max_level(self, rows: int, cols: int) -> Level:
        return feasibility.max_level(rows, cols)

    def start(self, rows: int, cols: int, target: Level, rng: random.Random,
              budget: Budget | None = None) -> Candidate | None:
        if self.symmetry is not Symmetry.NONE:
            perms = self.symmetry.maps(rows, cols)
            if (target >= Level.EXPERT and rows * cols <= DRAWN_SYMMETRIC_CELLS) or not self.band.applies(rows, cols):
                layout = symmetric_layout(rows, cols, rng, perms)
            else:
                layout = cascade_layout(rows, cols, rng, perms=perms, budget=budget)
            if layout is None or self.band.applies(rows, cols) and not self.band.holds(layout):
                return None
            return NurikabeCandidate(layout)
        if self.published(rows, cols, target):
            if target >= Level.EXPERT and rows * cols <= DRAWN_EXPERT_CELLS:
                layout = symmetric_layout(rows, cols, rng, Symmetry.NONE.maps(rows, cols))
            else:
                layout = cascade_layout(rows, cols, rng, budget=budget)
            if layout is None or not self.band.holds(layout):
                return None
            return NurikabeCandidate(layout)
        if self.builder_for(target, rows, cols) == "growth":
            sizes = EASY_SIZES if target <= Level.EASY else SIZES
            layout = growth_layout(rows, cols, rng, sizes=sizes)
        else:
            layout = repair_layout(rows, cols, rng, cap=easy_cap(rows, cols) if target <= Level.EASY else CAP)
        return None if layout is None else NurikabeCandidate(layout)

    def dress(self, candidate: Candidate, target: Level, rng: random.Random,
              budget: Budget | None = None) -> Candidate:
        """A symmetric layout with its numbers freed (:func:`~.symmetric.free_numbers`), and a free one of the
        published style with islands joined (:func:`~.joining.join_islands`: a big island, fewer and higher
        clues, on boards of 400 cells (20x20) or more; easy ones past 20x20 only, where the cascades' clues
        run dense and small); each change kept inside the published band where the driver's
        assessment still rates it exactly ``target`` (a cheap search turns down most changes that let a
        second solution in, and a change it cannot settle is turned down too).  Dense layouts stay as they are."""
        assert isinstance(candidate, NurikabeCandidate)
        layout = candidate.layout
        symmetric = self.symmetry is not Symmetry.NONE
        if not symmetric and not self.published(layout.rows, layout.cols, target):
            return candidate
        from ...frame.generate import assess
        from . import NURIKABE

        def judge(changed: Layout) -> Assessment | None:
            """The assessment of a change inside the band (``None`` outside); one rated exactly is kept."""
            nonlocal layout
            if not self.band.admits(layout, changed):
                return None
            verdict = assess(NurikabeCandidate(changed), NURIKABE, target, budget=budget, settle=False)
            if verdict.outcome is Outcome.EXACT:
                layout = changed  # kept here too, should time run out before the change's caller returns
            return verdict

        def keeps(changed: Layout) -> bool:
            verdict = judge(changed)
            return verdict is not None and verdict.outcome is Outcome.EXACT

        try:
            if symmetric:
                layout = free_numbers(layout, self.symmetry.maps(layout.rows, layout.cols), rng, keeps)
            elif target > Level.EASY or layout.rows * layout.cols >= EASY_JOIN_CELLS:
                layout = join_islands(layout, rng, judge)
        except OutOfTime:
            pass
        return candidate if layout is candidate.layout else NurikabeCandidate(layout)

    def rival_clues(self, puzzle: Puzzle, solution: Answer, rival: Answer, open_cells: Mask = 0) -> list[ClueChange]:
        """The dense style's way with a second solution (:func:`rival_clues`)."""
        return rival_clues(puzzle, solution, rival, open_cells)

    def repair(self, candidate: Candidate, assessment: Assessment, target: Level,
               rng: random.Random, budget: Budget | None = None) -> Candidate | None:
        assert isinstance(candidate, NurikabeCandidate)
        layout = candidate.layout
        changed: Layout | None
        if self.symmetry is not Symmetry.NONE:
            perms = self.symmetry.maps(layout.rows, layout.cols)
            changed = reshape(layout, assessment, rng, self.band,
                              apply=lambda lay, kind, cell, r: orbit_move(lay, kind, cell, r, perms, _apply))
            return None if changed is None else NurikabeCandidate(changed)
        if self.published(layout.rows, layout.cols, target):
            changed = reshape(layout, assessment, rng, self.band)
            return None if changed is None else NurikabeCandidate(changed)
        share = HARDER_RIVAL_SHARE if target >= Level.MEDIUM else RIVAL_SHARE
        if assessment.outcome is Outcome.MULTIPLE and rng.random() < share:
            assert assessment.rival is not None
            changed = remove_rival(layout, assessment.rival, rng)
        elif assessment.outcome in (Outcome.MULTIPLE, Outcome.HARDER, Outcome.UNKNOWN):
            assert assessment.stalled is not None
            changed = unstick(layout, assessment.stalled.undecided, rng)
        else:
            changed = harden(layout, rng)
        return None if changed is None else NurikabeCandidate(changed)


Move = tuple[str, Cell]
"""A change of a layout at one cell: ``clue`` (its island's clue moves there), ``land`` (sea turns
to land, growing, joining or starting islands) or ``sea`` (land turns to sea, trimming or
splitting its island)."""


def reshape(layout: Layout, assessment: Assessment, rng: random.Random, band: Band,
            rival_share: float = PUBLISHED_RIVAL_SHARE,
            apply: Callable[[Layout, str, Cell, random.Random], Layout | None] | None = None) -> Layout | None:
    """The published style's repair: a random move of the kind the assessment calls for, kept in ``band``.

    * A second solution (with probability ``rival_share``; otherwise any
      move, as for a puzzle easier than asked): a move at a cell where the two solutions differ,
      each of which the rival breaks.  On a cell that is land here and sea
      in the rival, the island's clue moves there (the rival shades a clue),
      or the cell turns to sea (the island's number falls, or it splits, and
      the rival's island of that clue keeps the old size).  A cell that is
      sea here and land in the rival turns to land (an island's number
      rises, or a new island's clue lands in a rival island that has one).
      A big island has too many shapes for the place of its clue to matter,
      so the moves that change the shape are what make it unique.
    * The ladder stalls on a unique puzzle: a foothold where it stalled, a
      clue on an undecided land cell or land on an undecided sea cell.
    * Easier than asked: a clue moves, an island grows, two join, or one is
      trimmed or split, anywhere on the board.

    ``None`` when no move keeps the layout valid and inside the band.  ``apply``
    makes a move (by default :func:`_apply`; a symmetric layout makes it at
    the cell's images too).
    """
    make = _apply if apply is None else apply
    moves: list[Move]
    if assessment.outcome is Outcome.MULTIPLE and rng.random() < rival_share:
        assert assessment.rival is not None
        moves = _rival_moves(layout, assessment.rival)
    elif assessment.outcome in (Outcome.HARDER, Outcome.UNKNOWN):
        assert assessment.stalled is not None
        moves = _foothold_moves(layout, assessment.stalled.undecided)
    else:
        moves = _harder_moves(layout)
    rng.shuffle(moves)
    for kind, cell in moves:
        changed = make(layout, kind, cell, rng)
        if changed is not None and band.admits(layout, changed):
            return changed
    return None


def _rival_moves(layout: Layout, rival: Answer) -> list[Move]:
    differ = layout.land & rival.shaded & ~layout.clue_mask
    moves = [("clue", c) for c in cells(differ)] + [("sea", c) for c in cells(differ)]
    return moves + [("land", c) for c in cells(layout.sea & rival.unshaded)]


def _foothold_moves(layout: Layout, undecided: int) -> list[Move]:
    moves = [("clue", c) for c in cells(layout.land & undecided & ~layout.clue_mask)]
    return moves + [("land", c) for c in cells(layout.sea & undecided)]


def _harder_moves(layout: Layout) -> list[Move]:
    free = layout.land & ~layout.clue_mask
    moves = [("clue", c) for c in cells(free)] + [("sea", c) for c in cells(free)]
    return moves + [("land", c) for c in cells(layout.sea)]


def _apply(layout: Layout, kind: str, cell: Cell, rng: random.Random) -> Layout | None:
    if kind == "clue":
        return layout.with_clue(layout.island_of(cell), cell)
    if kind == "land":
        return layout.with_land(cell)
    return layout.without_land(cell, rng)


def remove_rival(layout: Layout, rival: Answer, rng: random.Random) -> Layout | None:
    """Change the puzzle so that ``rival`` breaks a rule, picking one of two kinds of cell at random.

    On a cell that is land here and sea in the rival, the island's clue moves
    there (the rival then shades a clue).  A cell that is sea here and land in
    the rival, touching at most one island, turns to land: as a new island of
    1 its clue lands inside a rival island that already has one, and grown
    onto an island it raises that island's number past the rival's island.
    """
    spots = rival_spots(layout, rival)
    rng.shuffle(spots)
    for cell, is_land in spots:
        if is_land:
            return layout.with_clue(layout.island_of(cell), cell)
        changed = layout.with_land(cell)
        if changed is not None:
            return changed
    return None


def rival_spots(layout: Layout, rival: Answer) -> list[tuple[Cell, bool]]:
    """The cells :func:`remove_rival` may change, in cell order, land ones first (``True``): land here and
    sea in the rival (not a clue), then sea here and land in the rival, touching at most one island."""
    spots = [(c, True) for c in cells(layout.land & rival.shaded & ~layout.clue_mask)]
    return spots + [(c, False) for c in cells(layout.sea & rival.unshaded) if len(layout.touching(c)) <= 1]


def rival_clues(puzzle: Puzzle, solution: Answer, rival: Answer, open_cells: Mask = 0) -> list[ClueChange]:
    """:func:`remove_rival`'s changes on a puzzle made by hand, as clue changes: those on ``open_cells``
    first, then the rest (each group in :func:`rival_spots`' order).

    On a land cell its island's clue moves there (``solution`` stays a
    solution); on a sea cell touching no island a new clue 1 goes there, and
    on one touching an island that island's number grows by one (the cell
    turns to land; a ``?`` cannot grow, and a cell whose land would cut the
    sea is left out).
    """
    layout = Layout.of(puzzle, solution)
    changes: list[tuple[bool, ClueChange]] = []
    for cell, is_land in rival_spots(layout, rival):
        if is_land:
            old = layout.clue_cells[layout.island_of(cell)]
            change = ClueChange(cell, puzzle.clue_map[old], moved_from=old)
        elif layout.with_land(cell) is None:
            continue
        else:
            touching = layout.touching(cell)
            if not touching:
                change = ClueChange(cell, 1)
            else:
                grown = layout.clue_cells[touching[0]]
                number = puzzle.clue_map[grown]
                if number is None:
                    continue
                change = ClueChange(grown, number + 1)
        changes.append((not open_cells >> cell & 1, change))
    return [change for _, change in sorted(changes, key=lambda pair: pair[0])]


def unstick(layout: Layout, undecided: int, rng: random.Random) -> Layout | None:
    """Give the ladder a foothold at a cell it left undecided: a clue there, or land there.

    Part of the time (:data:`NEW_CLUE_SHARE`) a sea cell touching no island is
    preferred: a new island of 1 adds a clue, where moving a clue takes one away
    from somewhere else.
    """
    spots = list(cells(undecided))
    rng.shuffle(spots)
    if rng.random() < NEW_CLUE_SHARE:
        spots.sort(key=lambda c: layout.island_of(c) >= 0 or len(layout.touching(c)) > 0)
    for cell in spots:
        index = layout.island_of(cell)
        if index >= 0:
            return layout.with_clue(index, cell)
        if len(layout.touching(cell)) <= 1:
            changed = layout.with_land(cell)
            if changed is not None:
                return changed
    return None


def harden(layout: Layout, rng: random.Random) -> Layout | None:
    """Make a too-easy puzzle harder: move a clue in its island, join two islands, or grow one.

    When none of these can be done (a thin board whose layout is all sea has
    no island to work on), a sea cell touching no island becomes one.
    """
    moves = [_move_clue, _join_islands, _grow_island]
    rng.shuffle(moves)
    for move in moves + [_new_island]:
        changed = move(layout, rng)
        if changed is not None:
            return changed
    return None


def _move_clue(layout: Layout, rng: random.Random) -> Layout | None:
    movable = [k for k, island in enumerate(layout.islands) if island.bit_count() > 1]
    if not movable:
        return None
    index = rng.choice(movable)
    spots = [c for c in cells(layout.islands[index]) if c != layout.clue_cells[index]]
    return layout.with_clue(index, rng.choice(spots))


def _join_islands(layout: Layout, rng: random.Random) -> Layout | None:
    spots = layout.sea_touching(2)
    rng.shuffle(spots)
    for cell in spots:
        keep = layout.clue_cells[rng.choice(layout.touching(cell))]
        changed = layout.with_land(cell, keep)
        if changed is not None:
            return changed
    return None


def _land_touching(islands: int) -> Callable[[Layout, random.Random], Layout | None]:
    """A move that turns a sea cell touching exactly ``islands`` islands into land (1 grows one, 0 starts one)."""
    def move(layout: Layout, rng: random.Random) -> Layout | None:
        spots = layout.sea_touching(islands)
        rng.shuffle(spots)
        for cell in spots:
            changed = layout.with_land(cell)
            if changed is not None:
                return changed
        return None
    return move


_grow_island = _land_touching(1)
_new_island = _land_touching(0)


GENERATOR = NurikabeGenerator()
"""The generator the frame uses for Nurikabe (found by :meth:`Genre.generator`)."""
