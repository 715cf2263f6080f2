"""Heyawake boards that are legal by construction: rooms drawn as rectangles, then black cells.

The rooms are drawn as published puzzles draw them
(:func:`~pencilkit.genres.heyawake.drawing.draw_rooms`); over the published
puzzles of the corpus 24-32% of the cells are black.

:func:`paint` then blackens cells, each touching no black cell and keeping
the white cells connected: first one cell in every span (a stretch across
two room borders must hold a black cell; the span with the fewest cells left
apart from every black cell goes first, and the cell chosen is one that
serves the most spans still without one), then more at random up to the black share
drawn for the board, then (unless the painting is for the easy ladder, which
finishes far fewer boards without empty rooms) one in each room still without
one where a cell may turn black (:func:`fill_rooms`: an empty room's number is
0, which published puzzles seldom show).  A span with no cell left that may turn black makes the
attempt fail (``None``); the driver draws again.

Random rooms and cells are seldom unique even with every room numbered: a
rival solution keeps every count and moves black cells within rooms.
:func:`make_unique` mends that before any number is chosen.  While a search
finds rivals to the fully numbered puzzle (:data:`RIVALS_AT_ONCE` at a
time, the nearest to the painting first), the painting changes where each one differs from it
(:func:`_break_rival`): a black cell more in a room where the two differ (its
count changes); else that room cut into rectangles, by one line or by two
crossing (:func:`_split_away`), so that the rival breaks a rule (cuts that
leave a piece without a black cell, a 0 to number, come last); else a black
cell more next to such a room; else a black cell there moved; else those
rooms and the cells around them painted again.  A rival nothing breaks, or
more than :data:`UNIQUE_ROUNDS` changes a room, makes the attempt fail.
:func:`grow_rooms` then merges rooms back while the puzzle stays unique,
and :func:`open_up` cuts rooms until the ladder up to a level finishes it.

The generator paints and cuts this way on small boards; on larger ones it
builds paintings as the ladder reads them instead
(:mod:`~pencilkit.genres.heyawake.construction`, which keeps the drawn rooms
but where a cut is needed), with the rooms of :func:`draw_rooms`.

A *painting* is the result: rooms and a solution.  Any room can carry its
number, the count of its black cells, written in its first cell; adding a
number never changes the solution, so generation is monotone
(:mod:`pencilkit.genres.monotone`).  Every random choice goes through the
``random.Random`` passed in and runs over lists in cell order, so a seed
gives the same painting on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from ...frame.board import Board
from ...frame.budget import Budget
from ...frame.levels import Level
from ...frame.ruleset import Ruleset
from ...frame.search import SearchResult, count
from ...grid import Cell, Grid, Mask, cells
from ...puzzle import Answer, Puzzle, number_rooms
from ...puzzle import room_masks as masks_of_rooms
from ..black_white import blacken_at_random, can_blacken
from .drawing import draw_rooms
from .analysis import spans

BLACK_SHARE = (0.18, 0.24)
"""Range of black shares :func:`paint` fills a painting up to at random, before it gives empty rooms a
black cell and makes it unique (both add black cells): the published puzzles run 24-32%, 30% on
average."""


@dataclass(frozen=True)
class Painting:
    """Rooms and a legal solution: black cells apart, white cells connected, every span blackened."""

    rows: int
    cols: int
    rooms: tuple[int, ...]
    black: Mask

    @property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    @cached_property
    def room_masks(self) -> tuple[Mask, ...]:
        return masks_of_rooms(self.rooms)

    @cached_property
    def slots(self) -> Mask:
        """The first cell of every room, where its number is written."""
        return sum(mask & -mask for mask in self.room_masks)

    def count(self, slot: Cell) -> int:
        """The number of the room whose first cell is ``slot``: its black cells."""
        return (self.own(slot) & self.black).bit_count()

    def own(self, slot: Cell) -> Mask:
        """The room of ``slot``."""
        return self.room_masks[self.rooms[slot]]

    def keep_first(self, slot: Cell) -> int:
        """Zeros come last and go first: published puzzles number few rooms 0 (one number in fourteen)."""
        return 0 if self.count(slot) == 0 else 1

    def reach(self, slot: Cell) -> Mask:
        """The room of ``slot`` and the cells around it (a black cell in it whitens them)."""
        return self.grid.dilate(self.own(slot))

    def puzzle(self, clue_cells: Mask) -> Puzzle:
        """The puzzle with the true count of each room whose first cell is in ``clue_cells``."""
        if clue_cells & ~self.slots:
            raise ValueError("a number is written in the first cell of its room")
        return Puzzle.make("heyawake", self.rows, self.cols, {c: self.count(c) for c in cells(clue_cells)},
                           self.rooms)

    @cached_property
    def numbered(self) -> Puzzle:
        """The puzzle with every room numbered."""
        return self.puzzle(self.slots)

    def board(self, clue_cells: Mask, shaded: Mask = 0, unshaded: Mask = 0) -> Board:
        from . import HEYAWAKE

        return HEYAWAKE.ruleset.board(self.puzzle(clue_cells), shaded, unshaded)

    def breaks(self, shaded: Mask) -> Mask:
        """The room numbers the solution ``shaded`` breaks: rooms where it has another count."""
        return _breaks(self, shaded)

    def solution(self) -> Answer:
        return Answer(self.rows, self.cols, self.black, self.grid.full & ~self.black)

    def with_black(self, black: Mask) -> Painting:
        """The same rooms with other black cells."""
        return Painting(self.rows, self.cols, self.rooms, black)


@lru_cache(maxsize=1024)
def _breaks(painting: Painting, shaded: Mask) -> Mask:
    """:meth:`Painting.breaks`, cached: the sweeps after each number move ask again about the same rivals."""
    black = painting.black
    return sum(room & -room for room in painting.room_masks
               if (room & shaded).bit_count() != (room & black).bit_count())


def paint(rows: int, cols: int, rng: random.Random, share: tuple[float, float] = BLACK_SHARE,
          unique: bool = True) -> Painting | None:
    """A random legal painting on freshly drawn rooms; with ``unique``, its empty rooms given a black cell
    where one may go (:func:`fill_rooms`) and made unique when every room is numbered; ``None`` when a
    span could not be blackened or a rival could not be split away."""
    grid = Grid.of(rows, cols)
    rooms = draw_rooms(rows, cols, rng)
    todo = spans(grid, rooms)
    for _ in range(SPAN_TRIES):
        black = blacken_spans(grid, todo, rng)
        if black is not None:
            break
    else:
        return None
    black = blacken_at_random(grid, black, share, rng)
    painting = Painting(rows, cols, rooms, black)
    if not unique:
        return painting
    made = make_unique(fill_rooms(painting, rng), rng)
    return None if made is None else grow_rooms(made, rng)


def fill_rooms(painting: Painting, rng: random.Random) -> Painting:
    """The painting with a black cell added, where one may go, in each room that has none: published
    puzzles number few rooms 0, and an empty room's number would be 0."""
    grid = painting.grid
    black = painting.black
    for room in painting.room_masks:
        if not room & black:
            options = [c for c in cells(room) if can_blacken(grid, black, c)]
            if options:
                black |= 1 << rng.choice(options)
    return painting.with_black(black)


def blacken_spans(grid: Grid, todo: list[Mask], rng: random.Random, black: Mask = 0,
                  avoid: Mask = 0) -> Mask | None:
    """``black`` with a black cell added in every span of ``todo`` that has none, apart, keeping the
    white cells connected and outside ``avoid``; ``None`` when some span cannot get one."""
    todo = [span for span in todo if not span & black]
    while todo:
        free = grid.full & ~grid.dilate(black) & ~avoid  # cells apart from every black cell
        fewest = min(todo, key=lambda span: (span & free).bit_count())
        options = [c for c in cells(fewest & free) if can_blacken(grid, black, c)]
        if not options:
            return None
        served = {c: sum(1 for span in todo if span >> c & 1) for c in options}
        best = max(served.values())
        black |= 1 << rng.choice([c for c in options if served[c] == best])
        todo = [span for span in todo if not span & black]
    return black


SPAN_TRIES = 8
"""Attempts :func:`paint` makes to blacken every span of one drawing of rooms before it gives up."""
UNIQUE_ROUNDS = 4
"""Changes :func:`make_unique` may make per room of the board, before it gives up."""
REVISITS = 3
"""How often :func:`make_unique` may come back to the same painting before it gives up: the changes go
round in a circle (most often two black cells moved back and forth), and only a lucky draw leaves it."""
RIVALS_AT_ONCE = 8
"""Rivals :func:`make_unique` asks the search for at once: changes in one part of the board seldom
touch a rival elsewhere, so one count serves several changes."""
COUNT_NODES = 2_000
"""Search nodes a count of a fully numbered painting's solutions may take; a count that runs out
leaves the painting not known unique."""


def solutions(painting: Painting, limit: int) -> SearchResult:
    """The solutions of the fully numbered puzzle up to ``limit``, by a search of at most
    :data:`COUNT_NODES` nodes (the ladder up to medium at each) that meets the painting first and
    then the solutions nearest it."""
    from . import HEYAWAKE

    board = HEYAWAKE.start(painting.numbered)
    return count(board, HEYAWAKE.ruleset, limit=limit, budget=Budget(nodes=COUNT_NODES), level=Level.MEDIUM,
                 near=painting.black)


def make_unique(painting: Painting, rng: random.Random) -> Painting | None:
    """The painting with rooms split until its fully numbered puzzle is unique (see the module docstring)."""
    from . import HEYAWAKE

    changes = 0
    visits = {painting: 1}
    while changes < UNIQUE_ROUNDS * len(painting.room_masks):
        found = solutions(painting, RIVALS_AT_ONCE + 1)
        rivals = [s.shaded for s in found.solutions if s.shaded != painting.black]
        if not rivals:
            return painting if found.exhaustive else None
        for rival in rivals:
            theirs = Answer(painting.rows, painting.cols, rival, painting.grid.full & ~rival)
            if changes and HEYAWAKE.check(painting.numbered, theirs):
                continue  # an earlier change broke this one too
            changed = _break_rival(painting, rival, rng)
            if changed is None:
                return None
            visits[changed] = visits.get(changed, 0) + 1
            if visits[changed] > REVISITS:
                return None  # the changes go round in a circle
            painting = changed
            changes += 1
    return None


MERGE_LIMIT = 12
"""The most cells :func:`grow_rooms` lets a merged room have (published rooms seldom hold more)."""
SMALL_ROOM = 3
"""Rooms of at most this many cells are the ones :func:`grow_rooms` merges (with any neighbour)."""


def unique(painting: Painting) -> bool:
    """Whether the fully numbered puzzle has one solution (:func:`solutions`)."""
    found = solutions(painting, 2)
    return found.exhaustive and found.count == 1


def grow_rooms(painting: Painting, rng: random.Random,
               keeps: Callable[[Painting], bool] = unique) -> Painting:
    """The painting with rooms merged back where it stays good: each pair of side-by-side rooms, one of
    them small (:data:`SMALL_ROOM`), whose union is a rectangle of at most :data:`MERGE_LIMIT` cells,
    tried once in random order, is merged when ``keeps`` says yes of the result (by default: its fully
    numbered puzzle is still unique).

    Merging keeps the painting legal (a border less only lengthens spans, and
    the merged room's count is the sum), so only uniqueness is in question.
    It gives back some of the room size the cuts of :func:`make_unique` and
    :func:`open_up` took.
    """
    grid = painting.grid
    pairs = set()
    for cell in range(grid.size):
        for other in grid.neighbour_lists[cell]:
            a, b = painting.rooms[cell], painting.rooms[other]
            small = min(painting.room_masks[a].bit_count(), painting.room_masks[b].bit_count()) <= SMALL_ROOM
            if a < b and small:
                pairs.add((a, b))
    order = sorted(pairs)
    rng.shuffle(order)
    masks = list(painting.room_masks)
    labels = list(painting.rooms)
    for a, b in order:
        first, second = labels[(masks[a] & -masks[a]).bit_length() - 1], labels[(masks[b] & -masks[b]).bit_length() - 1]
        if first == second:
            continue
        union = sum(1 << c for c, x in enumerate(labels) if x in (first, second))
        if union.bit_count() > MERGE_LIMIT or not grid.is_rect(union):
            continue
        merged = [first if x == second else x for x in labels]
        if keeps(Painting(painting.rows, painting.cols, number_rooms(grid, merged), painting.black)):
            labels = merged
    return Painting(painting.rows, painting.cols, number_rooms(grid, labels), painting.black)


def _break_rival(painting: Painting, rival: Mask, rng: random.Random) -> Painting | None:
    """The painting changed so that ``rival`` is no solution of its fully numbered puzzle, or ``None``.

    In order: a room where the two differ cut so that the rival breaks a rule
    and the painting none (which only adds rules); a black cell more in such a
    room (which changes its count); such a room cut with black cells added to
    the painting where the cut needs them; a black cell more next to such a
    room; a black cell of the painting where they
    differ moved (taken away, and the spans it leaves without a black cell
    blackened again elsewhere); and last, those rooms and the cells around
    them painted again.
    """
    grid = painting.grid
    differ = rival ^ painting.black
    touched = sorted({painting.rooms[c] for c in cells(differ)})
    rng.shuffle(touched)
    near = sum((painting.room_masks[room] for room in touched), 0)
    split = _split_away(painting, rival, touched, rng, keep_black=True)
    if split is not None:
        return split
    options = [c for c in cells(near) if can_blacken(grid, painting.black, c)]
    if options:
        return painting.with_black(painting.black | 1 << rng.choice(options))
    split = _split_away(painting, rival, touched, rng)
    if split is not None:
        return split
    options = [c for c in cells(grid.dilate(near)) if can_blacken(grid, painting.black, c)]
    if options:
        return painting.with_black(painting.black | 1 << rng.choice(options))
    layout = spans(grid, painting.rooms)
    moves = list(cells(differ & painting.black))
    rng.shuffle(moves)
    for cell in moves:
        black = blacken_spans(grid, layout, rng, painting.black & ~(1 << cell), avoid=1 << cell)
        if black is not None:
            return painting.with_black(black)
    region = grid.dilate(near)  # the last resort: paint the rooms where they differ, and around, again
    black = blacken_spans(grid, layout, rng, painting.black & ~region)
    if black is not None:
        return painting.with_black(blacken_at_random(grid, black, BLACK_SHARE, rng, within=region))
    return None


def _split_away(painting: Painting, rival: Mask, touched: list[int], rng: random.Random,
                keep_black: bool = False) -> Painting | None:
    """The painting with one of the rooms ``touched`` cut (:func:`room_cuts`) so that ``rival`` breaks a rule; when
    the cuts leave a span of the painting without a black cell, black cells are added to it
    (:func:`blacken_spans`), which changes the solution, and so the rival too, unless ``keep_black``."""
    grid = painting.grid
    for room in touched:
        for parts in _shuffled_cuts(grid, painting, room, rng):
            changed = _cut_spans(painting, room, parts)
            black = blacken_spans(grid, changed, rng, painting.black)
            if black is None or keep_black and black != painting.black:
                continue
            if black != painting.black or _cut_breaks(painting, parts, changed, rival):
                return Painting(painting.rows, painting.cols, _relabel(painting, parts), black)
    return None


def _cut_spans(painting: Painting, room: int, parts: list[Mask]) -> list[Mask]:
    """The spans of the rows and columns that cross ``room`` once it is cut into ``parts``, in the
    order of :func:`spans`: every other span is as it was, and so holds a black cell of the painting.

    Given these instead of all spans, :func:`blacken_spans` makes the same
    choices: it only looks at spans without a black cell, in their order.
    """
    grid = painting.grid
    labels = _cut_labels(painting, parts)
    top, bottom = grid.row_span(painting.room_masks[room])
    left, right = grid.col_span(painting.room_masks[room])
    return spans(grid, labels, range(top, bottom + 1), range(left, right + 1))


def _cut_breaks(painting: Painting, parts: list[Mask], changed: list[Mask], rival: Mask) -> bool:
    """Whether ``rival``, a solution of the painting's fully numbered puzzle, breaks a rule once a room
    is cut into ``parts`` (each numbered with the painting's count): a part with another count, or a
    span of the cut rows and columns (``changed``) without a black cell.  Nothing else changes."""
    black = painting.black
    return (any((part & rival).bit_count() != (part & black).bit_count() for part in parts)
            or any(not span & rival for span in changed))


EMPTY_PIECE = 0.05
"""The weight factor of a cut piece holding no black cell: its number would be 0, which published
puzzles show on one room in fourteen numbered, so such cuts come nearly last."""
PUBLISHED_SHAPES: dict[tuple[int, int], int] = {
    (2, 3): 180, (2, 2): 113, (3, 3): 71, (2, 4): 63, (1, 3): 60, (1, 2): 54, (1, 1): 42, (3, 4): 33,
    (1, 4): 22, (2, 5): 22, (1, 5): 21, (3, 5): 9, (2, 6): 8, (1, 6): 7, (4, 4): 6,
}
"""How often published rooms have each shape (short side, long side), per mille; others are rarer."""


def _shuffled_cuts(grid: Grid, painting: Painting, room: int, rng: random.Random,
                   singles: bool = False) -> list[list[Mask]]:
    """The cuts of a room in a random order that favours cuts into shapes published puzzles use often
    (each cut drawn with a weight, the product of its parts' :data:`PUBLISHED_SHAPES` shares, times
    :data:`EMPTY_PIECE` for each part without a black cell); a cut that leaves a single-cell room only
    with ``singles``."""
    room_mask = painting.room_masks[room]
    ranked = []
    for parts in room_cuts(grid, room_mask):
        pieces = [*parts, room_mask & ~sum(parts)]
        if not singles and any(m & (m - 1) == 0 for m in pieces):
            continue
        weight = 1.0
        for piece in pieces:
            if not piece & painting.black:
                weight *= EMPTY_PIECE
            top, bottom = grid.row_span(piece)
            left, right = grid.col_span(piece)
            height, width = bottom - top + 1, right - left + 1
            weight *= PUBLISHED_SHAPES.get((min(height, width), max(height, width)), 1) / 1000
        ranked.append((rng.random() ** (1 / weight), parts))  # a weighted draw without replacement
    ranked.sort(key=lambda item: -item[0])
    return [parts for _, parts in ranked]


def room_cuts(grid: Grid, room: Mask) -> list[list[Mask]]:
    """The ways to cut a rectangular room into rectangles by one line (two parts) or by a horizontal
    and a vertical line (four): each way as the parts that become new rooms (the rest keeps the room)."""
    top, bottom = grid.row_span(room)
    left, right = grid.col_span(room)
    out = [[grid.rect(r, bottom, left, right)] for r in range(top + 1, bottom + 1)]
    out += [[grid.rect(top, bottom, c, right)] for c in range(left + 1, right + 1)]
    for r in range(top + 1, bottom + 1):
        for c in range(left + 1, right + 1):
            out.append([grid.rect(top, r - 1, c, right), grid.rect(r, bottom, left, c - 1),
                        grid.rect(r, bottom, c, right)])
    return out


def open_up(painting: Painting, ruleset: Ruleset, level: Level, rng: random.Random,
            budget: Budget | None = None) -> Painting | None:
    """The painting with rooms cut until the ladder up to ``level`` finishes its fully numbered puzzle
    (then that puzzle is unique, every technique being sound); ``None`` when no room with an open cell
    can be cut.

    A cut that keeps the painting legal as it is (every new span already holds
    a black cell) keeps the solution and only adds rules, so the ladder goes on
    from where it stalled.  When there is none, a cut whose new spans need
    black cells gets them (:func:`blacken_spans`), and last a cut that leaves
    a single-cell room: the solution changes, and the ladder starts again.
    """
    from ..monotone import finishes

    board = painting.board(painting.slots)
    for _ in range(UNIQUE_ROUNDS * len(painting.room_masks)):
        if finishes(ruleset, board, level, budget):
            return painting
        rooms = sorted({painting.rooms[c] for c in cells(board.undecided)})
        rng.shuffle(rooms)
        split = _open_cut(painting, rooms, rng, keep_black=True)
        if split is not None:
            painting = split
            board = painting.board(painting.slots, board.shaded, board.unshaded)
            continue
        split = _open_cut(painting, rooms, rng, keep_black=False) or _open_cut(
            painting, rooms, rng, keep_black=False, singles=True)
        if split is None:
            return None
        painting = split
        board = painting.board(painting.slots)
    return None


def _open_cut(painting: Painting, rooms: list[int], rng: random.Random, keep_black: bool,
              singles: bool = False) -> Painting | None:
    """One of ``rooms`` cut, the painting kept as it is or (without ``keep_black``) given the black cells
    the new spans need, leaving a single-cell room only with ``singles``; ``None`` when no cut will do."""
    grid = painting.grid
    for room in rooms:
        for parts in _shuffled_cuts(grid, painting, room, rng, singles):
            changed = _cut_spans(painting, room, parts)
            if all(span & painting.black for span in changed):
                return Painting(painting.rows, painting.cols, _relabel(painting, parts), painting.black)
            if not keep_black:
                black = blacken_spans(grid, changed, rng, painting.black)
                if black is not None:
                    return Painting(painting.rows, painting.cols, _relabel(painting, parts), black)
    return None


def _cut_labels(painting: Painting, parts: list[Mask]) -> list[int]:
    """A label for each cell's room, each of ``parts`` given a new one (not yet numbered in order)."""
    labels = list(painting.rooms)
    for k, part in enumerate(parts, len(painting.room_masks)):
        for c in cells(part):
            labels[c] = k
    return labels


def _relabel(painting: Painting, parts: list[Mask]) -> tuple[int, ...]:
    """The rooms with each of ``parts`` made a room of its own."""
    return number_rooms(painting.grid, _cut_labels(painting, parts))
