"""Heyawake paintings built as the ladder reads them: rooms drawn first, then numbers chosen one at a time.

A random painting is seldom unique with its drawn rooms, and cutting rooms
until it is (:func:`~pencilkit.genres.heyawake.painting.make_unique`,
:func:`~pencilkit.genres.heyawake.painting.open_up`) halves them: half the
final rooms are pieces of cuts, and most numbers 0 sit on such pieces.  Here
the solution is not drawn.  The rooms are (:func:`draw_rooms`), and while the
ladder up to the level stalls, one *move* is made, the first kind that helps:

1. **a number** from 1 up to the room's most black cells, in a room with
   open cells, the rooms next to decided cells first: the one after which
   the ladder decides the most cells.  Above easy, on boards of up to
   :data:`HIGH_FIRST_CELLS` cells, only numbers from half the most (rounded
   up) at first, lower ones after the cuts: published rooms with a number
   are a third black, and lower numbers, which the ladder reads as readily,
   left boards a quarter black (ranking high numbers first, without the cuts
   before the low ones, left them 28%);
2. **a cut** of a room with open cells and no number into two rectangles by
   one line, where the ladder then decides some cell (a piece of one cell
   makes the single-cell rooms published puzzles show, most without a
   number);
3. **a number 0**, last, since published puzzles show few.

A move stands only when a search finds a solution with it within
:data:`SOLUTION_NODES` nodes (the ladder sees most dead ends, not all).  Every
deduction made before a move still holds after it (a move only adds a rule),
so the ladder goes on from where it stalled.  When it finishes, its board is
the painting: unique with the numbers chosen, every technique being sound.
The rooms keep the drawn sizes except where a cut was needed, and a room is
seldom empty.  When no move helps, a solution of the reading as it stands is
painted and cut until unique as on small boards
(:func:`~pencilkit.genres.heyawake.painting.make_unique`): its first rivals
differ from it only where the ladder left cells open.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ...frame.board import Board, Contradiction
from ...frame.budget import Budget, part
from ...frame.levels import Level
from ...frame.ruleset import Ruleset
from ...frame.search import count
from ...grid import Cell, Grid, Mask, cells, lowest
from ...puzzle import Puzzle, number_rooms
from .analysis import most_black
from .drawing import draw_rooms
from .painting import Painting, make_unique, room_cuts

ROOMS_TRIED = 6
"""Rooms a move is looked for in before the first that helps is taken (more rooms only when none helps)."""
BLACK_WEIGHT = 2
"""How much more a black cell a move decides counts than a white one when moves are ranked: the ladder
decides white cells more readily, and published puzzles are nearly a third black."""
HIGH_FIRST_CELLS = 900
"""The largest board on which a construction above easy offers high numbers first (see the module
docstring).  On a 31x45 board it tripled the time of a construction (3 s to 7-10 s, seeds 0-3) and more
of them stalled, which made 31x45 expert take up to 116 s of its 120."""
SOLUTION_NODES = 400
"""Search nodes a move's check for a solution may take.  Most take a few; a move whose white cells
cannot be joined can take many more to refute, and counts as refuted when the nodes run out."""


@dataclass(frozen=True)
class Reading:
    """The puzzle being built: its rooms, the numbers chosen so far (by the cell written in), and the
    board the ladder left."""

    rooms: tuple[int, ...]
    numbers: dict[Cell, int]
    """Each reading has a dict of its own, never changed."""
    board: Board

    @property
    def grid(self) -> Grid:
        return self.board.grid

    def room_masks(self) -> tuple[Mask, ...]:
        return self.board.puzzle.room_masks

    def with_move(self, rooms: tuple[int, ...], numbers: dict[Cell, int], ruleset: Ruleset,
                  level: Level, budget: Budget | None) -> Reading | None:
        """The reading after a move (other rooms or numbers), the ladder run on from this board;
        ``None`` when the ladder refutes it."""
        grid = self.grid
        puzzle = Puzzle.make("heyawake", grid.rows, grid.cols, numbers, rooms)
        board = ruleset.board(puzzle, self.board.shaded, self.board.unshaded)
        try:
            ruleset.run(board, max_level=level, budget=budget)
        except Contradiction:
            return None
        return Reading(rooms, numbers, board)


def construct(rows: int, cols: int, level: Level, rng: random.Random, budget: Budget | None = None, *,
              turn: Sequence[Cell] | None = None) -> Painting | None:
    """A painting whose puzzle, with the numbers chosen, the ladder up to ``level`` finishes, or, where
    no move helps, one unique when fully numbered (see the module docstring); ``None`` when that fails
    too.  Once ``budget`` runs out, a ladder run raises :class:`~pencilkit.frame.budget.OutOfTime`.

    With ``turn`` (the image of each cell under a half turn), the rooms keep
    the half turn: they are drawn so, a room is cut with its image, and where
    no move helps the attempt fails (cutting until unique would not keep it);
    the numbers are free."""
    from . import HEYAWAKE

    ruleset = HEYAWAKE.ruleset
    rooms = draw_rooms(rows, cols, rng, turn=turn)
    bare = Reading(rooms, {}, ruleset.board(Puzzle.make("heyawake", rows, cols, {}, rooms)))
    reading = bare.with_move(rooms, {}, ruleset, level, budget)
    if reading is None:
        return None
    cut = functools.partial(_cut_rooms, turn=turn)
    kinds: tuple[Kind, ...] = (_numbers, cut, _zeros)
    if level > Level.EASY and rows * cols <= HIGH_FIRST_CELLS:
        kinds = (functools.partial(_numbers, high=True), cut, functools.partial(_numbers, high=False), _zeros)
    while reading.board.undecided:
        for kind in kinds:
            moves = kind(reading, ruleset, level, rng, budget)
            taken = next((move for move in moves if _solution(move.board, budget) is not None), None)
            if taken is not None:
                reading = taken
                break
        else:
            return None if turn is not None else _painted_and_cut(reading, rng, budget)
    return Painting(rows, cols, reading.rooms, reading.board.shaded)


def _painted_and_cut(reading: Reading, rng: random.Random, budget: Budget | None) -> Painting | None:
    """Where no move helps: a solution of the reading as it stands (the search's first, within
    :data:`SOLUTION_NODES`), its rooms cut until the fully numbered puzzle is unique (:func:`make_unique`)."""
    shaded = _solution(reading.board, budget)
    if shaded is None:
        return None
    if budget is not None:
        budget.check()
    grid = reading.grid
    return make_unique(Painting(grid.rows, grid.cols, reading.rooms, shaded), rng)


def _solution(board: Board, budget: Budget | None) -> Mask | None:
    """The black cells of the first solution a search below the board meets (the ladder up to medium at
    each node) within :data:`SOLUTION_NODES` nodes; ``None`` when it meets none so soon.  Raises
    :class:`~pencilkit.frame.budget.OutOfTime` once ``budget`` runs out."""
    from . import HEYAWAKE

    found = count(board, HEYAWAKE.ruleset, limit=1, budget=part(budget, nodes=SOLUTION_NODES), level=Level.MEDIUM)
    if budget is not None:
        budget.check()
    return found.solutions[0].shaded if found.solutions else None


def _open_rooms(reading: Reading, rng: random.Random) -> list[int]:
    """The rooms with open cells and no number, shuffled, those next to a decided cell first."""
    board = reading.board
    near = reading.grid.dilate(board.shaded | board.unshaded)
    masks = reading.room_masks()
    todo = [room for room, mask in enumerate(masks)
            if mask & board.undecided and lowest(mask) not in reading.numbers]
    rng.shuffle(todo)
    todo.sort(key=lambda room: 0 if masks[room] & near else 1)
    return todo


Change = tuple[tuple[int, ...], dict[Cell, int]]
"""A move's rooms and numbers."""
Kind = Callable[[Reading, Ruleset, Level, random.Random, Budget | None], Iterator[Reading]]
"""A kind of move: the readings after each move of the kind that helps, best first."""


def _helpful(reading: Reading, ruleset: Ruleset, level: Level, rng: random.Random, budget: Budget | None,
             changes: Callable[[Mask], Iterable[Change]]) -> Iterator[Reading]:
    """The readings after the ``changes`` of open rooms (:func:`_open_rooms`; the first
    :data:`ROOMS_TRIED`, more only while none helps) after which the ladder decides more: the most cells
    decided first, ties in a random order."""
    board = reading.board
    masks = reading.room_masks()
    found: list[tuple[int, float, Reading]] = []
    for tried, room in enumerate(_open_rooms(reading, rng)):
        if tried >= ROOMS_TRIED and found:
            break
        for rooms, numbers in changes(masks[room]):
            moved = reading.with_move(rooms, numbers, ruleset, level, budget)
            if moved is not None and moved.board.undecided != board.undecided:
                decided = board.undecided.bit_count() - moved.board.undecided.bit_count()
                blackened = moved.board.shaded.bit_count() - board.shaded.bit_count()
                found.append((decided + BLACK_WEIGHT * blackened, rng.random(), moved))
    found.sort(key=lambda item: (-item[0], item[1]))
    return (moved for _, _, moved in found)


def _numbers(reading: Reading, ruleset: Ruleset, level: Level, rng: random.Random,
             budget: Budget | None, *, high: bool | None = None) -> Iterator[Reading]:
    """Readings with one more number, from 1 (never below the black cells its room holds) up to the most
    its room can still hold; only from half that most (rounded up) when ``high``, only below it when
    ``high`` is false."""
    board, grid = reading.board, reading.grid

    def numbered(mask: Mask) -> Iterator[Change]:
        black = (mask & board.shaded).bit_count()
        most = min(most_black(grid, mask), black + (mask & board.undecided).bit_count())
        half = (most + 1) // 2
        low, top = max(black, 1, half if high else 1), most if high is not False else half - 1
        for number in range(low, top + 1):
            yield reading.rooms, {**reading.numbers, lowest(mask): number}

    return _helpful(reading, ruleset, level, rng, budget, numbered)


def _zeros(reading: Reading, ruleset: Ruleset, level: Level, rng: random.Random,
           budget: Budget | None) -> Iterator[Reading]:
    """Readings with one more number 0, in a room without a black cell."""
    board = reading.board

    def zero(mask: Mask) -> Iterator[Change]:
        if not mask & board.shaded:
            yield reading.rooms, {**reading.numbers, lowest(mask): 0}

    return _helpful(reading, ruleset, level, rng, budget, zero)


def _cut_rooms(reading: Reading, ruleset: Ruleset, level: Level, rng: random.Random,
               budget: Budget | None, turn: Sequence[Cell] | None = None) -> Iterator[Reading]:
    """Readings with a room without a number cut in two rectangles by one line (with ``turn``, the image
    room cut likewise, or a room that is its own image cut into two pieces that are each other's images
    or their own)."""
    grid = reading.grid
    fresh = len(reading.room_masks())

    def mapped(mask: Mask) -> Mask:
        return mask if turn is None else sum(1 << turn[c] for c in cells(mask))

    def cut(mask: Mask) -> Iterator[Change]:
        for parts in room_cuts(grid, mask):
            if len(parts) > 1:
                continue  # a cut by two crossing lines
            piece = parts[0]
            pieces = {piece: fresh}
            if mapped(mask) != mask:
                if lowest(mapped(mask)) in reading.numbers:
                    continue  # the image room's number would have to be split
                pieces[mapped(piece)] = fresh + 1
            elif mapped(piece) not in (piece, mask & ~piece):
                continue
            labels = list(reading.rooms)
            for piece_cells, label in pieces.items():
                for cell in cells(piece_cells):
                    labels[cell] = label
            yield number_rooms(grid, labels), dict(reading.numbers)

    return _helpful(reading, ruleset, level, rng, budget, cut)


__all__ = ["ROOMS_TRIED", "Reading", "SOLUTION_NODES", "construct"]
