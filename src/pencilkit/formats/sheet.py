"""Print sheets: several puzzles with titles and ratings on A4 or Letter pages, solutions last.

Every puzzle gets a slot of the same size, in a grid of slots chosen from the
largest board (six small boards to a page, down to one large one), and never
more slots than there are puzzles: a lone puzzle has the page to itself,
centred.  The board is drawn as large as its slot allows, capped at a
comfortable cell size for pencil work (larger for a lone puzzle).  The
solutions follow on their own pages, smaller and more to a page, each under
the same title.  What the sheet's title already says is not said again: a
puzzle's own title that repeats the sheet's is left out, and so is the genre's
name in its detail line when a title names it.  Each page is one SVG document
in points, so it prints at its true size;
:func:`pencilkit.formats.export.svgs_to_pdf` makes one PDF of them.

>>> from pencilkit.puzzle import Puzzle
>>> entry = SheetEntry(Puzzle.from_id("nurikabe:2x2:2,.,.,."), "First", "easy")
>>> pages = layout_sheet([entry])
>>> len(pages), pages[0].count("<text")  # header, page number, title, rating line, one clue
(1, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ..errors import PencilkitError
from ..genres import find_genre
from ..puzzle import Answer, Puzzle
from .svg import FONT, Board, draw_board, fmt, svg_root

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (595.28, 841.89),
    "letter": (612.0, 792.0),
}
"""Page sizes in points (width, height)."""

MARGIN = 42.0
"""Page margin in points (about 15 mm)."""
HEADER = 30.0
"""Height of the page header (sheet title and page number)."""
LABEL = 30.0
"""Height of a slot's label (title line and rating line) above its board."""
GAP = 18.0
"""Space between slots."""
MAX_CELL = 30.0
"""Largest cell drawn on a puzzle page (about 10.6 mm: room to write)."""
MAX_SOLUTION_CELL = 14.0
"""Largest cell drawn on a solution page."""
MAX_LONE_CELL = 38.0
"""Largest cell drawn for a puzzle alone on its page (about 13.4 mm)."""
MAX_LONE_SOLUTION_CELL = 24.0
"""Largest cell drawn for a solution alone on its page (about 8.5 mm)."""


@dataclass(frozen=True)
class SheetEntry:
    """One puzzle on a sheet: its title, its rating label and (for the solution pages) its solution."""

    puzzle: Puzzle
    title: str
    rating: str | None = None
    solution: Answer | None = None


def slots_for(entries: Sequence[SheetEntry], *, solutions: bool = False) -> tuple[int, int]:
    """Columns and rows of slots per page, from the largest board on the sheet."""
    side = max(max(e.puzzle.rows, e.puzzle.cols) for e in entries)
    table: tuple[tuple[int, tuple[int, int]], ...]
    if solutions:
        table = ((8, (3, 4)), (12, (3, 3)), (20, (2, 3)), (30, (2, 2)))
        fallback = (1, 2)
    else:
        table = ((7, (2, 3)), (10, (2, 2)), (15, (1, 2)))
        fallback = (1, 1)
    for limit, grid in table:
        if side <= limit:
            return grid
    return fallback


def layout_sheet(
    entries: Sequence[SheetEntry],
    *,
    paper: str = "a4",
    title: str = "pencilkit puzzles",
    per_page: int | None = None,
    with_solutions: bool = True,
) -> list[str]:
    """The pages of a sheet as SVG documents: puzzle pages, then solution pages."""
    if not entries:
        raise PencilkitError("a sheet needs at least one puzzle")
    try:
        width, height = PAPERS[paper.lower()]
    except KeyError:
        raise PencilkitError(f"unknown paper {paper!r}: choose one of {', '.join(PAPERS)}") from None
    grid = _grid(_fewest(slots_for(entries), len(entries)), per_page)
    pages = _pages(entries, grid, width, height, title, _cap(grid, MAX_CELL, MAX_LONE_CELL), solutions=False)
    solved = [e for e in entries if e.solution is not None]
    if with_solutions and solved:
        sgrid = _fewest(slots_for(solved, solutions=True), len(solved))
        pages += _pages(solved, sgrid, width, height, f"{title}: solutions",
                        _cap(sgrid, MAX_SOLUTION_CELL, MAX_LONE_SOLUTION_CELL), solutions=True,
                        first_page=len(pages) + 1, sheet_title=title)
    total = len(pages)
    return [page.replace("{PAGE_COUNT}", str(total)) for page in pages]


def _fewest(grid: tuple[int, int], count: int) -> tuple[int, int]:
    """A grid of slots no larger than ``count`` puzzles need: no more columns than puzzles, no more rows
    than they fill."""
    columns, rows = grid
    columns = min(columns, count)
    return columns, min(rows, -(-count // columns))


def _cap(grid: tuple[int, int], max_cell: float, lone_cell: float) -> float:
    """The largest cell for a grid of slots: a puzzle alone on its page may be drawn larger."""
    return lone_cell if grid == (1, 1) else max_cell


def _grid(default: tuple[int, int], per_page: int | None) -> tuple[int, int]:
    if per_page is None:
        return default
    if not 1 <= per_page <= 24:
        raise PencilkitError(f"--per-page must be 1 to 24, not {per_page}")
    columns = 1 if per_page == 1 else 2 if per_page <= 6 else 3 if per_page <= 12 else 4
    return columns, -(-per_page // columns)


def _pages(entries: Sequence[SheetEntry], grid: tuple[int, int], width: float, height: float, title: str,
           max_cell: float, *, solutions: bool, first_page: int = 1, sheet_title: str | None = None) -> list[str]:
    columns, rows = grid
    said = sheet_title or title
    per_page = columns * rows
    slot_w = (width - 2 * MARGIN - (columns - 1) * GAP) / columns
    slot_h = (height - 2 * MARGIN - HEADER - (rows - 1) * GAP) / rows
    pages = []
    for first in range(0, len(entries), per_page):
        chunk = entries[first:first + per_page]
        parts = [f'<rect width="{fmt(width)}" height="{fmt(height)}" fill="#ffffff"/>']
        parts += _header(title, width, first_page + first // per_page)
        for k, entry in enumerate(chunk):
            x = MARGIN + (k % columns) * (slot_w + GAP)
            y = MARGIN + HEADER + (k // columns) * (slot_h + GAP)
            parts += _slot(entry, x, y, slot_w, slot_h, max_cell, solutions=solutions, said=said,
                           centred=per_page == 1)
        pages.append(svg_root(width, height, parts))
    return pages


def _header(title: str, width: float, number: int) -> list[str]:
    base = MARGIN + 12
    return [
        f'<g class="header" font-family="{FONT}" fill="#000000">',
        f'<text x="{fmt(MARGIN)}" y="{fmt(base)}" font-size="13" font-weight="bold">{escape(title, quote=False)}</text>',
        (f'<text x="{fmt(width - MARGIN)}" y="{fmt(base)}" font-size="10" text-anchor="end">'
         f"page {number} of {{PAGE_COUNT}}</text>"),
        f'<path d="M{fmt(MARGIN)} {fmt(base + 8)}H{fmt(width - MARGIN)}" stroke="#000000" stroke-width="0.6"/>',
        "</g>",
    ]


def _slot(entry: SheetEntry, x: float, y: float, w: float, h: float, max_cell: float, *,
          solutions: bool, said: str, centred: bool = False) -> list[str]:
    """One puzzle in its slot: its label lines above its board, the board centred across the slot (and
    down it too when ``centred``, a slot that is the whole page).  ``said`` is the sheet's title: the
    label does not repeat it."""
    puzzle = entry.puzzle
    label = LABEL if not solutions else LABEL * 0.6
    cell = min(max_cell, w / puzzle.cols, (h - label) / puzzle.rows)
    board_w = cell * puzzle.cols
    top = y + (h - label - cell * puzzle.rows) / 2 if centred else y
    bx = x + (w - board_w) / 2
    by = top + label
    lines = [f'<g class="slot" font-family="{FONT}" fill="#000000" text-anchor="middle">']
    centre = fmt(x + w / 2)
    title = "" if entry.title.strip().lower() == said.strip().lower() else entry.title
    if solutions:
        if title:
            lines.append(f'<text x="{centre}" y="{fmt(top + label - 6)}" font-size="9">'
                         f"{escape(title, quote=False)}</text>")
    else:
        if title:
            lines.append(f'<text x="{centre}" y="{fmt(top + 11)}" font-size="11.5" font-weight="bold">'
                         f"{escape(title, quote=False)}</text>")
        detail = _detail(entry, said)
        lines.append(f'<text x="{centre}" y="{fmt(top + 24)}" font-size="9" fill="#333333">'
                     f"{escape(detail, quote=False)}</text>")
    lines.append("</g>")
    answer = entry.solution if solutions else None
    lines += draw_board(Board.of(puzzle), answer, x=bx, y=by, cell=cell, dots=False)
    return lines


def _detail(entry: SheetEntry, said: str) -> str:
    """A puzzle's detail line: its genre (unless a title names it already), its size and its rating."""
    puzzle = entry.puzzle
    genre = find_genre(puzzle.genre).title
    named = genre.lower() in said.lower() or genre.lower() in entry.title.lower()
    parts = ([] if named else [genre]) + [f"{puzzle.rows}×{puzzle.cols}"] + ([entry.rating] if entry.rating else [])
    return " · ".join(parts)
