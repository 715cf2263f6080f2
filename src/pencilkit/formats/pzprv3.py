"""pzprv3 files: puzz.link's own file format, the puzzle and the player's marks.

A file is ``pzprv3``, the genre's pzpr name, the rows and the columns, one
line each, then grids of space-separated tokens, each token followed by a
space.  Clues are numbers, ``-`` a ``?`` clue, ``.`` nothing; marks are ``#``
(shaded) and ``+`` (a dot: unshaded).  A genre's
:attr:`~pencilkit.frame.genre.Genre.pzpr_file` says how pzpr lays it out:
``merged`` (Nurikabe) writes clues and marks in one grid, ``apart``
(Kurodoko) writes the clues' grid and then the marks' grid.

>>> text = format_pzprv3(Puzzle.from_id("nurikabe:2x2:2,.,.,."))
>>> text
'pzprv3\\nnurikabe\\n2\\n2\\n2 . \\n. . \\n'
>>> parse_pzprv3(text)[0].id()
'nurikabe:2x2:2,.,.,.'
"""

from __future__ import annotations

from ..errors import FormatError
from ..genres import all_genres, canonical, find_genre
from ..puzzle import Answer, Puzzle
from ..tokens import check_shape

MAGIC = "pzprv3"


def looks_like_pzprv3(text: str) -> bool:
    return text.lstrip().split("\n", 1)[0].strip().lower().startswith(MAGIC)


def _layout(genre_name: str) -> str:
    genre = find_genre(genre_name)
    if genre.url_name is None or genre.pzpr_file is None:
        raise FormatError(f"pzprv3 has no file format for genre {genre.name!r}")
    return genre.pzpr_file


def format_pzprv3(puzzle: Puzzle, answer: Answer | None = None) -> str:
    """The pzprv3 file of ``puzzle``, with ``answer``'s marks when given (as pzpr writes it)."""
    layout = _layout(puzzle.genre)
    name = find_genre(puzzle.genre).url_name
    marks = answer or Answer(puzzle.rows, puzzle.cols, 0, 0)

    def clue(cell: int) -> str:
        token = puzzle.token(cell)
        return "-" if token == "?" else token

    def mark(cell: int) -> str:
        return "#" if marks.shaded >> cell & 1 else "+" if marks.unshaded >> cell & 1 else "."

    def grid(token_of: object) -> list[str]:
        assert callable(token_of)
        return ["".join(f"{token_of(r * puzzle.cols + c)} " for c in range(puzzle.cols)) for r in range(puzzle.rows)]

    if layout == "merged":
        rows = grid(lambda cell: clue(cell) if cell in puzzle.clue_map else mark(cell))
    else:
        rows = grid(clue) + grid(mark)
    return "\n".join([MAGIC, str(name), str(puzzle.rows), str(puzzle.cols), *rows]) + "\n"


def parse_pzprv3(text: str) -> tuple[Puzzle, Answer]:
    """The puzzle of a pzprv3 file and the marks in it."""
    lines = [line.strip() for line in text.strip().splitlines()]
    if len(lines) < 4 or not lines[0].lower().startswith(MAGIC):
        raise FormatError("not a pzprv3 file: expected pzprv3, the genre, the rows and the columns")
    url_names = {g.url_name: g.name for g in all_genres() if g.url_name is not None}
    pid = lines[1].split("/")[0].strip().lower()
    if pid not in url_names:
        raise FormatError(f"unknown pzprv3 genre {lines[1][:30]!r}: pencilkit reads {', '.join(sorted(url_names))}")
    genre = url_names[pid]
    try:
        rows, cols = int(lines[2]), int(lines[3])
    except ValueError:
        raise FormatError(f"bad pzprv3 size {lines[2][:10]!r} x {lines[3][:10]!r}: expected two numbers") from None
    check_shape(rows, cols)
    body = lines[4:]
    layout = _layout(genre)
    needed = rows if layout == "merged" else rows * 2
    grids = body[:needed]
    if len(grids) < rows:
        raise FormatError(f"the pzprv3 file has {len(grids)} grid rows, a {rows}x{cols} board needs {rows}")
    tokens = []
    for r, line in enumerate(grids):
        row = line.split()
        if len(row) != cols:
            raise FormatError(f"pzprv3 grid row {r + 1} has {len(row)} cells, the board has {cols} columns")
        tokens.append(row)
    clues: dict[int, int | None] = {}
    shaded = unshaded = 0
    for r in range(rows):
        for c in range(cols):
            cell = r * cols + c
            token = tokens[r][c]
            if token == "-":
                clues[cell] = None
            elif token.isdigit():
                if len(token) > 6:
                    raise FormatError(f"clue {token!r} at row {r + 1}, column {c + 1} is too large")
                clues[cell] = int(token)
            elif layout == "merged" and token in "#+":
                shaded |= (token == "#") << cell
                unshaded |= (token == "+") << cell
            elif token != ".":
                raise FormatError(f"unknown pzprv3 token {token[:10]!r} at row {r + 1}, column {c + 1}")
            if layout == "apart" and r + rows < len(tokens):
                mark = tokens[r + rows][c]
                if mark not in ("#", "+", ".") and not mark.isdigit() and mark != "-":
                    raise FormatError(f"unknown pzprv3 mark {mark[:10]!r} at row {r + 1}, column {c + 1}")
                shaded |= (mark == "#") << cell
                unshaded |= (mark == "+") << cell
    puzzle = canonical(Puzzle.make(genre, rows, cols, clues))
    return puzzle, Answer(rows, cols, shaded & ~puzzle.clue_mask, unshaded & ~puzzle.clue_mask)


__all__ = ["format_pzprv3", "looks_like_pzprv3", "parse_pzprv3"]
