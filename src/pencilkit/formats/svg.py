"""Print-quality SVG drawings of puzzles, answers and the rules an answer breaks.

The look follows printed puzzle books: a thin grid inside a bold border, clear
numerals centred in their cells, shaded cells solid black, and for Kurodoko the
clue cells drawn as circles.  A board of rooms (Heyawake) has its room borders
drawn bold over the thin grid, as puzz.link draws them; a number on a shaded
cell is drawn white.  A partial answer shows its cells marked unshaded as
small dots (in the lower right corner of a numbered cell, so that the number
stays readable; none on a cell the clues leave unshaded from the start, as a
Nurikabe or Kurodoko clue is).  Violations are drawn over the answer: the
cells of each broken rule tinted red (shaded cells dark red, unshaded ones
pink) and outlined, and when a rule is about a region that falls apart (the
divided sea, white cells in several groups: a violation whose details list
two or more ``components``) every part but the largest, the pieces cut off,
is marked.  The cells of any other rule are all marked, apart or not (a
Hitori number repeated in a row: each of its white cells).  Hitori, a number
in every cell, is drawn as printed: white numerals on its black cells.

>>> from pencilkit.puzzle import Puzzle
>>> svg = render_svg(Puzzle.from_id("nurikabe:2x2:2,.,.,."))
>>> svg.startswith("<svg") and svg.count("<text") == 1
True
>>> 'class="rooms" d="M36 0V72"' in render_svg(Puzzle.from_id("heyawake:2x2:1,.,.,.:0,1,0,1"))
True

Drawing units are points at the default cell size of 36 (half an inch), so a
10x10 board is five inches wide when printed at the SVG's natural size.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from ..genres import find_genre
from ..grid import Cell, Grid, Mask, cells

if TYPE_CHECKING:
    from ..frame.genre import Violation
    from ..puzzle import Answer, Puzzle

CELL = 36.0
"""Default cell size in drawing units (points)."""
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

INK = "#000000"
GRID_INK = "#3a3a3a"
SHADE = "#1c1c1c"
DOT = "#303030"
WRONG_SHADE = "#9b1111"
WRONG_LAND = "#f6c9c9"
WRONG_LINE = "#d01010"


@dataclass(frozen=True)
class Board:
    """What a drawing needs to know: the shape, the clues, whether they are circled, and the rooms."""

    rows: int
    cols: int
    clues: Mapping[Cell, int | None]
    circled: bool = False
    rooms: tuple[int, ...] | None = None
    """The room of each cell in row-major order (:attr:`Puzzle.rooms <pencilkit.puzzle.Puzzle.rooms>`);
    ``None`` for a board without rooms."""
    fixed: Mask | None = None
    """The cells the clues leave unshaded from the start, which take no dot; ``None``: the clue cells
    (a Nurikabe or Kurodoko clue is never shaded; a Heyawake number may be, so there it is 0)."""

    @classmethod
    def of(cls, puzzle: Puzzle) -> Board:
        """The drawing's view of ``puzzle``: what its genre circles, and what its starting board leaves unshaded."""
        genre = find_genre(puzzle.genre)
        return cls(puzzle.rows, puzzle.cols, puzzle.clue_map, genre.circled_clues, puzzle.rooms,
                   genre.start(puzzle).unshaded)

    @property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    @property
    def fixed_mask(self) -> Mask:
        """The cells that take no dot (:attr:`fixed`, the clue cells by default)."""
        return board_clue_mask(self) if self.fixed is None else self.fixed


def render_svg(
    puzzle: Puzzle,
    answer: Answer | None = None,
    *,
    violations: Sequence[Violation] | None = None,
    cell: float = CELL,
    dots: bool | None = None,
    margin: float | None = None,
) -> str:
    """A standalone SVG document of ``puzzle``, optionally with an answer and its violations.

    ``dots`` draws cells marked unshaded as dots; by default only when the
    answer is partial (a finished answer or solution shows them blank).
    """
    return document(Board.of(puzzle), answer, violations=violations, cell=cell, dots=dots, margin=margin)


def render_answer_svg(answer: Answer, *, cell: float = CELL) -> str:
    """A standalone SVG of an answer on its own: grid, shading and dots, no clues."""
    return document(Board(answer.rows, answer.cols, {}), answer, cell=cell)


def document(
    board: Board,
    answer: Answer | None = None,
    *,
    violations: Sequence[Violation] | None = None,
    cell: float = CELL,
    dots: bool | None = None,
    margin: float | None = None,
) -> str:
    """Wrap one board drawing in an ``<svg>`` element with a white background and a margin."""
    pad = cell * 0.25 if margin is None else margin
    width = board.cols * cell + 2 * pad
    height = board.rows * cell + 2 * pad
    body = draw_board(board, answer, violations=violations, x=pad, y=pad, cell=cell, dots=dots)
    return svg_root(width, height, [f'<rect width="{fmt(width)}" height="{fmt(height)}" fill="#ffffff"/>', *body])


def svg_root(width: float, height: float, parts: Iterable[str]) -> str:
    """The ``<svg>`` element around ``parts`` (sizes in points, so print size is exact)."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{fmt(width)}pt" height="{fmt(height)}pt" '
            f'viewBox="0 0 {fmt(width)} {fmt(height)}">')
    return "\n".join([head, *parts, "</svg>"]) + "\n"


def draw_board(
    board: Board,
    answer: Answer | None = None,
    *,
    violations: Sequence[Violation] | None = None,
    x: float = 0.0,
    y: float = 0.0,
    cell: float = CELL,
    dots: bool | None = None,
) -> list[str]:
    """SVG elements drawing ``board`` with its top-left corner at ``(x, y)``.

    Layers, bottom to top: cell fills (shading, violation tints), dots, the
    thin grid, the room borders, clues, violation outlines, the bold border.
    """
    if answer is not None and (answer.rows, answer.cols) != (board.rows, board.cols):
        raise ValueError(f"the answer is {answer.rows}x{answer.cols} but the board is {board.rows}x{board.cols}")
    grid = board.grid
    shaded = answer.shaded if answer is not None else 0
    unshaded = answer.unshaded if answer is not None else 0
    if dots is None:
        dots = answer is not None and not answer.is_complete()
    tinted, outlines = _violation_marks(grid, violations or ())

    out = [f'<g class="board" transform="translate({fmt(x)} {fmt(y)})">']
    out.append('<g class="cells">')
    for c in cells(tinted & ~shaded):
        out.append(_square(grid, c, cell, WRONG_LAND))
    for c in cells(shaded):
        out.append(_square(grid, c, cell, WRONG_SHADE if tinted >> c & 1 else SHADE))
    out.append("</g>")
    if dots:
        out.append(f'<g class="dots" fill="{DOT}">')
        for c in cells(unshaded & ~board.fixed_mask):
            out.append(_dot(grid, c, cell, numbered=c in board.clues))
        out.append("</g>")
    out.extend(_grid_lines(board, cell))
    out.extend(_room_borders(board, cell))
    out.extend(_clues(board, shaded, cell))
    if outlines:
        width = max(cell * 0.09, 1.5)
        out.append(f'<g class="violations" fill="none" stroke="{WRONG_LINE}" stroke-width="{fmt(width)}" '
                   f'stroke-linejoin="round" stroke-linecap="round">')
        out.extend(_outline(grid, region, cell, inset=width / 2) for region in outlines)
        out.append("</g>")
    border = max(cell * 0.085, 1.5)
    out.append(f'<rect class="border" x="0" y="0" width="{fmt(board.cols * cell)}" height="{fmt(board.rows * cell)}" '
               f'fill="none" stroke="{INK}" stroke-width="{fmt(border)}" stroke-linejoin="miter"/>')
    out.append("</g>")
    return out


def board_clue_mask(board: Board) -> Mask:
    """The clue cells of a board, as a mask."""
    return sum(1 << c for c in board.clues)


def room_border_runs(board: Board) -> list[tuple[float, float, float, float]]:
    """The borders between rooms as straight runs ``(x1, y1, x2, y2)`` in cell units, the frame left out.

    A run is as long as it can be: the edges between cells of different rooms
    along one grid line, joined while they touch end to end.
    """
    rooms, rows, cols = board.rooms, board.rows, board.cols
    if rooms is None:
        return []
    runs: list[tuple[float, float, float, float]] = []
    for col in range(1, cols):  # vertical lines, between columns col - 1 and col
        start: int | None = None
        for r in range(rows + 1):
            wall = r < rows and rooms[r * cols + col - 1] != rooms[r * cols + col]
            if wall and start is None:
                start = r
            elif not wall and start is not None:
                runs.append((col, start, col, r))
                start = None
    for r in range(1, rows):  # horizontal lines, between rows r - 1 and r
        start = None
        for col in range(cols + 1):
            wall = col < cols and rooms[(r - 1) * cols + col] != rooms[r * cols + col]
            if wall and start is None:
                start = col
            elif not wall and start is not None:
                runs.append((start, r, col, r))
                start = None
    return runs


def numeral_size(text: str, cell: float) -> float:
    """Font size for a clue: large for one or two characters, smaller as the number grows."""
    return cell * {1: 0.62, 2: 0.54, 3: 0.4}.get(len(text), 1.45 / max(len(text), 1))


def fmt(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


# -- pieces ---------------------------------------------------------------------


def _centre(grid: Grid, c: Cell, cell: float) -> tuple[float, float]:
    r, col = divmod(c, grid.cols)
    return (col + 0.5) * cell, (r + 0.5) * cell


def _square(grid: Grid, c: Cell, cell: float, fill: str) -> str:
    r, col = divmod(c, grid.cols)
    return (f'<rect x="{fmt(col * cell)}" y="{fmt(r * cell)}" width="{fmt(cell)}" height="{fmt(cell)}" '
            f'fill="{fill}"/>')


def _dot(grid: Grid, c: Cell, cell: float, *, numbered: bool) -> str:
    """The dot of a cell marked unshaded: in its centre, or small in the lower right corner of a number."""
    r, col = divmod(c, grid.cols)
    if numbered:
        cx, cy, radius = (col + 0.8) * cell, (r + 0.8) * cell, cell * 0.065
    else:
        cx, cy, radius = (col + 0.5) * cell, (r + 0.5) * cell, cell * 0.09
    return f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(radius)}"/>'


def _room_borders(board: Board, cell: float) -> list[str]:
    """The bold lines between rooms (square caps, so the runs meet cleanly at corners and T-junctions)."""
    runs = room_border_runs(board)
    if not runs:
        return []
    width = max(cell * 0.075, 1.3)
    d = "".join(f"M{fmt(x1 * cell)} {fmt(y1 * cell)}" + (f"V{fmt(y2 * cell)}" if x1 == x2 else f"H{fmt(x2 * cell)}")
                for x1, y1, x2, y2 in runs)
    return [f'<path class="rooms" d="{d}" stroke="{INK}" stroke-width="{fmt(width)}" stroke-linecap="square" '
            f'fill="none"/>']


def _grid_lines(board: Board, cell: float) -> list[str]:
    width, height = board.cols * cell, board.rows * cell
    thin = max(cell * 0.028, 0.5)
    path = [f"M{fmt(col * cell)} 0V{fmt(height)}" for col in range(1, board.cols)]
    path += [f"M0 {fmt(r * cell)}H{fmt(width)}" for r in range(1, board.rows)]
    if not path:
        return []
    return [f'<path class="grid" d="{"".join(path)}" stroke="{GRID_INK}" stroke-width="{fmt(thin)}" fill="none"/>']


def _clues(board: Board, shaded: Mask, cell: float) -> list[str]:
    if not board.clues:
        return []
    grid = board.grid
    out = [f'<g class="clues" font-family="{FONT}" text-anchor="middle">']
    ring = max(cell * 0.03, 0.6)
    for c, number in sorted(board.clues.items()):
        cx, cy = _centre(grid, c, cell)
        dark = bool(shaded >> c & 1)
        text = "?" if number is None else str(number)
        ink = "#ffffff" if dark else INK
        if board.circled:
            back = "none" if dark else "#ffffff"
            out.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(cell * 0.4)}" fill="{back}" '
                       f'stroke="{ink}" stroke-width="{fmt(ring)}"/>')
        size = numeral_size(text, cell * (0.9 if board.circled else 1.0))
        baseline = cy + size * 0.36  # digits' cap height is about 0.72 em: centre them optically
        out.append(f'<text x="{fmt(cx)}" y="{fmt(baseline)}" font-size="{fmt(size)}" fill="{ink}">'
                   f"{escape(text, quote=False)}</text>")
    out.append("</g>")
    return out


def _violation_marks(grid: Grid, violations: Iterable[Violation]) -> tuple[Mask, list[Mask]]:
    """Cells to tint and regions to outline for a list of violations.

    A violation of a region that falls apart (a divided sea, white cells in
    groups: its details list two or more ``components``) whose cells fall into
    several parts gets every part but its largest tinted and outlined: the
    pieces cut off; any other gets all its cells tinted and outlined (each
    part of them its own loop), such as the cells of a repeated Hitori number.
    """
    tinted = 0
    outlines: list[Mask] = []
    for violation in violations:
        apart = len(violation.details.get("components") or ()) > 1
        parts = grid.components(violation.cells) if violation.cells and apart else []
        if len(parts) > 1:
            largest = max(parts, key=int.bit_count)
            for part in parts:
                if part != largest:
                    tinted |= part
                    outlines.append(part)
        elif violation.cells:
            tinted |= violation.cells
            outlines.append(violation.cells)
    return tinted, outlines


def _outline(grid: Grid, region: Mask, cell: float, inset: float) -> str:
    """A path along the edges between ``region`` and the rest, pulled inward by ``inset``.

    The boundary is walked into closed loops (one per outer edge or hole), so
    the stroke has clean mitred corners instead of loose segments.
    """
    pieces = _loops(region, grid.cols, grid.rows)
    d = []
    for loop in pieces:
        points = _inset(loop, inset / cell)
        d.append("M" + "L".join(f"{fmt(px * cell)} {fmt(py * cell)}" for px, py in points) + "Z")
    return f'<path d="{"".join(d)}"/>' if d else ""


def _loops(region: Mask, cols: int, rows: int) -> list[list[tuple[float, float]]]:
    """Closed boundary loops of ``region`` as lattice corner points, clockwise (inside on the right)."""
    outgoing: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for c in cells(region):
        r, col = divmod(c, cols)
        inside = {
            "up": r > 0 and bool(region >> (c - cols) & 1),
            "down": r < rows - 1 and bool(region >> (c + cols) & 1),
            "left": col > 0 and bool(region >> (c - 1) & 1),
            "right": col < cols - 1 and bool(region >> (c + 1) & 1),
        }
        if not inside["up"]:
            outgoing.setdefault((col, r), []).append((col + 1, r))
        if not inside["right"]:
            outgoing.setdefault((col + 1, r), []).append((col + 1, r + 1))
        if not inside["down"]:
            outgoing.setdefault((col + 1, r + 1), []).append((col, r + 1))
        if not inside["left"]:
            outgoing.setdefault((col, r + 1), []).append((col, r))
    loops: list[list[tuple[float, float]]] = []
    while outgoing:
        start = min(outgoing)
        loop: list[tuple[int, int]] = []
        point = start
        previous: tuple[int, int] | None = None
        while True:
            choices = outgoing.get(point)
            if not choices:
                break
            nxt = _turn_right_first(previous, point, choices) if len(choices) > 1 else choices[0]
            choices.remove(nxt)
            if not choices:
                del outgoing[point]
            loop.append(point)
            previous, point = point, nxt
            if point == start and start not in outgoing:
                break
        loops.append(_corners_only(loop))
    return loops


def _turn_right_first(previous: tuple[int, int] | None, point: tuple[int, int],
                      choices: list[tuple[int, int]]) -> tuple[int, int]:
    """At a corner-touch point, keep the loop around one cell's region by turning right first."""
    if previous is None:
        return choices[0]
    dx, dy = point[0] - previous[0], point[1] - previous[1]
    right = (point[0] - dy, point[1] + dx)  # with y pointing down, (dx, dy) turned clockwise is (-dy, dx)
    return right if right in choices else choices[0]


def _corners_only(loop: list[tuple[int, int]]) -> list[tuple[float, float]]:
    """Drop points in the middle of straight runs."""
    out: list[tuple[float, float]] = []
    n = len(loop)
    for i, point in enumerate(loop):
        before, after = loop[i - 1], loop[(i + 1) % n]
        if (point[0] - before[0], point[1] - before[1]) != (after[0] - point[0], after[1] - point[1]):
            out.append((float(point[0]), float(point[1])))
    return out or [(float(p[0]), float(p[1])) for p in loop]


def _inset(points: list[tuple[float, float]], amount: float) -> list[tuple[float, float]]:
    """Move every corner of a clockwise rectilinear loop ``amount`` toward the inside."""
    n = len(points)
    out = []
    for i, (px, py) in enumerate(points):
        bx, by = points[i - 1]
        ax, ay = points[(i + 1) % n]
        # inward normals (inside on the right of travel, y down): (dx, dy) -> (-dy, dx)
        n1 = _unit_normal(bx, by, px, py)
        n2 = _unit_normal(px, py, ax, ay)
        out.append((px + (n1[0] + n2[0]) * amount, py + (n1[1] + n2[1]) * amount))
    return out


def _unit_normal(x1: float, y1: float, x2: float, y2: float) -> tuple[float, float]:
    dx, dy = x2 - x1, y2 - y1
    length = abs(dx) + abs(dy) or 1.0
    return -dy / length, dx / length
