"""Heyawake's techniques, cheapest first.

=====================  ===========  ==============================================
technique              level        idea
=====================  ===========  ==============================================
black_neighbours       easy         the neighbours of a black cell are white
room_count             easy         a room that has its number of black cells is
                                    white elsewhere; one that needs all its open
                                    cells blackens them
two_borders            easy         a span (a run across two borders) with one open
                                    cell left and no black cell blackens it
white_exit             easy         a group of white cells with one open cell around
                                    it goes out through that cell
room_patterns          medium       every way to place a room's black cells, checked
                                    against its neighbours: what all agree on holds,
                                    in the room and around it
connectivity           medium       a cell whose blackening would cut the white cells
                                    apart is white; a cell cut off from them is black
short_contradiction    hard         probing: a value refuted within a few steps
contradiction          expert       probing: a value refuted within more steps
=====================  ===========  ==============================================

Every technique returns only what holds in every solution of the board it is
given.  The probing techniques come from the frame (:class:`ProbeSpec`).  A
room's count, a span and a room's placements rest on the cells of the room,
the span or the room's zone, so once a technique has found nothing it looks
again only at those holding a cell decided since (:meth:`Board.since_quiet`):
inside a probe's trial, the few around what the trial assumed.
"""

from __future__ import annotations

from functools import partial
from math import comb

from ...frame.board import Board, Contradiction
from ...frame.ladder import Step, Technique
from ...frame.levels import Level
from ...grid import Grid, Mask, cells, lowest
from ...puzzle import Puzzle
from ..black_white import BLACK_NEIGHBOURS, CONNECTIVITY, WHITE_EXIT
from .layout import Layout, Room, layout

PATTERN_NODES = 2000
"""Search nodes :func:`room_patterns` may spend on one room before leaving it alone."""
PATTERN_CHOICES = 5000
"""Ways to choose a room's missing black cells among its open cells (the binomial) above which
:func:`room_patterns` leaves the room alone without listing any."""
MEMO_LIMIT = 50_000
"""Room placements remembered per puzzle before the memory starts over."""


def _verb(mask: Mask) -> str:
    return "is" if mask & (mask - 1) == 0 else "are"


def _room(grid: Grid, room: Room) -> str:
    assert room.clue is not None
    return f"the room of the {room.number} at {grid.name(room.clue)}"


# -- easy --------------------------------------------------------------------


def room_count(board: Board) -> list[Step] | None:
    """A numbered room with all its black cells is white elsewhere; one short of open cells blackens them."""
    grid = board.grid
    undecided, shaded = board.undecided, board.shaded
    found = layout(board.puzzle)
    near = found.numbered_units.meeting(board.since_quiet(room_count))
    steps = []
    for room in found.numbered if near is None else [found.numbered[k] for k in near]:
        room_cells = room.cells
        open_ = room_cells & undecided
        black = (room_cells & shaded).bit_count()
        number = room.number or 0
        if black > number:
            raise Contradiction(f"{_room(grid, room)} would have {black} black cells", room_cells)
        if not open_:
            if black < number:
                raise Contradiction(f"{_room(grid, room)} would have at most {black} black cells", room_cells)
            continue
        reach = black + open_.bit_count()
        if reach < number:
            raise Contradiction(f"{_room(grid, room)} would have at most {reach} black cells", room_cells)
        if black == number:
            steps.append(Step(0, open_, partial(_full_reason, grid, room, open_)))
        elif reach == number:
            steps.append(Step(open_, 0, partial(_short_reason, grid, room, open_)))
    if not steps:
        board.mark_quiet(room_count)
    return steps


def _full_reason(grid: Grid, room: Room, whites: Mask) -> str:
    if room.number == 0:
        return f"{_room(grid, room)} has no black cell, so {grid.names(whites)} {_verb(whites)} white"
    return (f"{_room(grid, room)} has its {room.number} black cell{'s' * (room.number != 1)}, so "
            f"{grid.names(whites)} {_verb(whites)} white")


def _short_reason(grid: Grid, room: Room, blacks: Mask) -> str:
    return (f"{_room(grid, room)} needs every open cell it has for its {room.number} black "
            f"cell{'s' * (room.number != 1)}, so {grid.names(blacks)} {_verb(blacks)} black")


def two_borders(board: Board) -> list[Step] | None:
    """A span (from before one border to past the next) needs a black cell: its last open cell is black.

    A span with no black cell and no open cell is a contradiction (a white run
    across two borders).
    """
    grid = board.grid
    black, undecided = board.shaded, board.undecided
    found_layout = layout(board.puzzle)
    every = found_layout.spans
    near = found_layout.span_units.meeting(board.since_quiet(two_borders))
    steps = []
    found = 0
    for span in every if near is None else [every[k] for k in near]:
        if span & black:
            continue
        open_ = span & undecided
        if open_ & (open_ - 1) == 0:
            if not open_:
                raise Contradiction("a white run would cross two room borders", span)
            if not open_ & found:
                found |= open_
                steps.append(Step(open_, 0, partial(_span_reason, grid, span, open_)))
    if not steps:
        board.mark_quiet(two_borders)
    return steps


def _span_reason(grid: Grid, span: Mask, cell: Mask) -> str:
    first, last = (span & -span).bit_length() - 1, span.bit_length() - 1
    return (f"{grid.name(first)} to {grid.name(last)} cross two room borders, so they hold a black cell; "
            f"{grid.names(cell)} is the only one left")


# -- medium ------------------------------------------------------------------


def room_patterns(board: Board) -> list[Step] | None:
    """Every placement of a numbered room's missing black cells that breaks no rule nearby; the cells
    all placements agree on are decided.

    A placement must keep black cells apart, leave no white cell walled in by
    black cells alone (unless the board could hold no other white cell), and
    leave every span that lies within the room and decided cells a black cell.
    """
    grid = board.grid
    found = layout(board.puzzle)
    undecided, shaded = board.undecided, board.shaded
    news = board.since_quiet(room_patterns)
    if news is not None and not _in_two_rooms(board.puzzle, board.unshaded & ~news):
        news = None  # a room's first white cell outside it, new since, changes what its placements may wall in
    near = found.zone_units.meeting(news)
    steps = []
    for room in found.numbered if near is None else [found.numbered[k] for k in near]:
        open_ = room.cells & undecided
        if not open_:
            continue
        need = (room.number or 0) - (room.cells & shaded).bit_count()
        choices = open_.bit_count()
        if need <= 0 or need == choices:
            continue  # room_count's
        if comb(choices, need) > PATTERN_CHOICES:
            continue
        agreed = _remembered(board, found, room, open_, need)
        if agreed is None:
            continue
        always_black, always_white = agreed
        if always_black or always_white:
            steps.append(Step(always_black, always_white,
                              partial(_pattern_reason, grid, room, need, always_black, always_white)))
    if not steps:
        board.mark_quiet(room_patterns)
    return steps


def _in_two_rooms(puzzle: Puzzle, white: Mask) -> bool:
    """Whether the cells ``white`` lie in two rooms or more (so every room has one of them outside it)."""
    if not white:
        return False
    assert puzzle.rooms is not None
    return bool(white & ~puzzle.room_masks[puzzle.rooms[lowest(white)]])


def _remembered(board: Board, found: Layout, room: Room, open_: Mask, need: int) -> tuple[Mask, Mask] | None:
    """:func:`_agreement`, remembered by the state of the room's zone: probing and search ask again
    about rooms far from the cells they change.

    A zone seen for the first time is looked up again by exactly what the
    search reads: the room and the cells next to it, the spans it must fill,
    and whether a white cell lies outside the room.  Zones that differ only
    along a span's far end (a cell decided, the span still filled or still
    left to the room) share one search.
    """
    index = room.index
    zone = found.zones[index]
    shaded, unshaded = board.shaded, board.unshaded
    alone = not unshaded & ~room.cells
    key = (index, shaded & zone, unshaded & zone, alone)
    memo = found.memo
    agreed: tuple[Mask, Mask] | None
    if key in memo:
        agreed = memo[key]
    else:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        outside = board.undecided & ~room.cells
        spans = tuple(s for s in found.room_spans[index] if s & open_ and not s & shaded and not s & outside)
        near = found.nears[index]
        read = (index, shaded & near, unshaded & near, alone, spans)
        if read in memo:
            agreed = memo[read]
        else:
            try:
                agreed = _agreement(board, room, open_, need, spans)
            except Contradiction:
                memo[key] = memo[read] = (-1, -1)
                raise
            memo[read] = agreed
        memo[key] = agreed
    if agreed == (-1, -1):
        raise Contradiction(f"{_room(board.grid, room)} has no way to place its {room.number} black cells",
                            room.cells)
    return agreed


class _NothingAgreed(Exception):
    """The placements listed so far agree on no cell (so the room has at least one)."""


def _agreement(board: Board, room: Room, open_: Mask, need: int,
               spans: tuple[Mask, ...]) -> tuple[Mask, Mask] | None:
    """The open cells of ``room`` black in every good placement, and the cells white in every one (open
    cells of the room, and open cells around it that touch a black cell of every placement); ``None``
    when the placements take more than :data:`PATTERN_NODES` to list.

    ``spans`` are the room's spans with no black cell and no open cell outside
    the room, which a placement must fill.  The placements are listed cell by
    cell in increasing order, each cell black or not, with every node counted
    against :data:`PATTERN_NODES`: a node is a cell to decide, or a leaf (all
    black cells placed, or too few cells left for them), which its parent
    settles without a call.  The listing stops once the placements found
    agree on no cell: nothing is to be decided then, and the room has a
    placement, so it is no contradiction either.
    """
    grid = board.grid
    dilate, touching, neighbours = grid.dilate, grid.touching, grid.neighbours
    order = list(cells(open_))
    size = len(order)
    bits = [1 << cell for cell in order]
    bans = [neighbours[cell] for cell in order]
    room_cells = room.cells
    shaded, unshaded, undecided = board.shaded, board.unshaded, board.undecided
    every_black, every_white, count, nodes = open_, open_, 0, 0
    near = dilate(room_cells)
    around = near & ~room_cells & undecided
    every_near = around

    def placed(black: Mask) -> None:
        """Take ``black`` into the agreement when it breaks no rule nearby."""
        nonlocal every_black, every_white, every_near, count
        now = shaded | black
        for span in spans:
            if not span & now:
                return
        white = room_cells & ~now
        touched = dilate(black)
        for cell in cells(white & touched & ~touching(near & ~now)):
            if white & ~(1 << cell) or unshaded & ~(1 << cell):
                return  # a white cell walled in by black cells, with other white cells elsewhere
        count += 1
        every_black &= black
        every_white &= ~black
        every_near &= touched
        if not every_black | every_white | every_near:
            raise _NothingAgreed  # the placements agree on no cell: none to come can change that

    def place(k: int, left: int, black: Mask, banned: Mask) -> bool:
        """Decide cell ``k`` and on, ``left`` (at least one) black cells to go and room for them."""
        nonlocal nodes
        nodes += 1
        if nodes > PATTERN_NODES:
            return False
        bit = bits[k]
        if not banned & bit:
            if left == 1:
                nodes += 1
                if nodes > PATTERN_NODES:
                    return False
                placed(black | bit)
            elif size - k <= left - 1:
                nodes += 1
                if nodes > PATTERN_NODES:
                    return False
            elif not place(k + 1, left - 1, black | bit, banned | bans[k]):
                return False
        if size - k <= left:
            nodes += 1
            return nodes <= PATTERN_NODES
        return place(k + 1, left, black, banned)

    try:
        if not place(0, need, 0, dilate(shaded)):
            return None
    except _NothingAgreed:
        return 0, 0
    if count == 0:
        raise Contradiction(f"{_room(grid, room)} has no way to place its {room.number} black cells", room.cells)
    return every_black, every_white | every_near


def _pattern_reason(grid: Grid, room: Room, need: int, blacks: Mask, whites: Mask) -> str:
    found = []
    if blacks:
        found.append(f"{grid.names(blacks)} {_verb(blacks)} black")
    if whites:
        found.append(f"{grid.names(whites)} {_verb(whites)} white")
    return (f"{_room(grid, room)} needs {need} more black cell{'s' * (need != 1)}; in every way to place "
            f"{'them' if need != 1 else 'it'} (none touching, no white cell walled in, no white run across "
            f"two borders) {' and '.join(found)}")


TECHNIQUES = (
    BLACK_NEIGHBOURS,
    Technique("room_count", Level.EASY, room_count,
              "A room with all its black cells is white elsewhere; one that needs every open cell it has "
              "for its number blackens them all."),
    Technique("two_borders", Level.EASY, two_borders,
              "A white run may not cross two room borders: when a stretch across two borders has one open "
              "cell left and no black cell, that cell is black."),
    WHITE_EXIT,
    Technique("room_patterns", Level.MEDIUM, room_patterns,
              "List every way to place a room's missing black cells that keeps them apart, walls in no white "
              "cell and leaves no white run across two borders: a cell black (or white) in all of them is, "
              "and a cell around the room next to a black cell in all of them is white."),
    CONNECTIVITY,
)
