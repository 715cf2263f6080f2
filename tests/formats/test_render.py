"""Drawings: valid SVG, one numeral per clue, shading, dots, violations, room borders; PNG and PDF; print
sheets; the CLI."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from pencilkit import Answer, Puzzle, check, parse, read_answer, solve
from pencilkit.cli import main
from pencilkit.formats.sheet import PAPERS, SheetEntry, layout_sheet
from pencilkit.formats.svg import (
    SHADE,
    WRONG_LAND,
    WRONG_SHADE,
    Board,
    render_svg,
    room_border_runs,
)

from ..conftest import load_corpus

NS = "{http://www.w3.org/2000/svg}"
NURIKABE = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
NURIKABE_SOLUTION = ["-5###", "-#2-#", "-####", "-#1#-", "###3-"]
HEYAWAKE = "heyawake:4x4:.,0,.,.,.,2,.,.,.,.,.,.,.,.,.,.:0,1,1,1,0,2,3,3,0,2,3,3,0,2,3,3"
"""Four rooms: column 1, the rest of row 1 (a 0 on r1c2), the rest of column 2 (a 2 on r2c2, black in the
solution) and a 3x2 block."""
HEYAWAKE_SOLUTION = ["----", "-#--", "--#-", "-#--"]


def cairo_available() -> bool:
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


needs_cairo = pytest.mark.skipif(not cairo_available(), reason="cairosvg (and the Cairo library) not installed")


def parse_svg(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def texts(root: ET.Element, within: str = "clues") -> list[str]:
    found = []
    for group in root.iter(NS + "g"):
        if group.get("class") == within:
            found += [t.text or "" for t in group.iter(NS + "text")]
    return found


def rects_filled(root: ET.Element, fill: str) -> int:
    return sum(1 for r in root.iter(NS + "rect") if r.get("fill") == fill)


def solution_answer() -> Answer:
    return Answer.from_rows(row.replace("5", "-").replace("2", "-").replace("1", "-").replace("3", "-")
                            for row in NURIKABE_SOLUTION)


def test_solution_rows_are_really_the_solution() -> None:
    assert check(parse(NURIKABE), solution_answer()) == []


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_corpus_drawings_are_valid_svg_with_one_numeral_per_clue(genre: str) -> None:
    records = load_corpus(genre)
    for record in records[::20]:
        puzzle = parse(record["puzzle"])
        root = parse_svg(render_svg(puzzle))
        expected = sorted("?" if n is None else str(n) for _, n in puzzle.clues)
        assert sorted(texts(root)) == expected, record["name"]
        circles = [c for g in root.iter(NS + "g") if g.get("class") == "clues" for c in g.iter(NS + "circle")]
        assert len(circles) == (len(puzzle.clues) if genre == "kurodoko" else 0)


def test_question_clues_and_wide_numbers_are_drawn() -> None:
    puzzle = parse("nurikabe:3x4:?,.,.,.,.,.,.,.,.,.,.,12")
    root = parse_svg(render_svg(puzzle))
    assert sorted(texts(root)) == ["12", "?"]
    sizes = {t.text: float(t.get("font-size", "0")) for t in root.iter(NS + "text")}
    assert sizes["12"] < sizes["?"]


def test_the_board_has_a_bold_border_and_a_thin_grid() -> None:
    root = parse_svg(render_svg(parse(NURIKABE), cell=40))
    border = next(r for r in root.iter(NS + "rect") if r.get("class") == "border")
    grid = next(p for p in root.iter(NS + "path") if p.get("class") == "grid")
    assert float(border.get("stroke-width", "0")) > 2 * float(grid.get("stroke-width", "0"))
    assert (border.get("width"), border.get("height")) == ("200", "200")
    assert grid.get("d", "").count("M") == 8  # 4 inner lines each way on a 5x5 board


def test_a_solution_shades_its_cells_and_shows_no_dots() -> None:
    answer = solution_answer()
    root = parse_svg(render_svg(parse(NURIKABE), answer))
    assert rects_filled(root, SHADE) == answer.shaded.bit_count()
    assert not [g for g in root.iter(NS + "g") if g.get("class") == "dots"]


def test_a_partial_answer_shows_dots_on_its_unshaded_marks() -> None:
    puzzle = parse(NURIKABE)
    partial = read_answer("-....\n.#...\n--...\n.....\n.....")
    root = parse_svg(render_svg(puzzle, partial))
    dots = [c for g in root.iter(NS + "g") if g.get("class") == "dots" for c in g.iter(NS + "circle")]
    assert len(dots) == 3  # the three '-' marks (none on a clue)
    assert rects_filled(root, SHADE) == 1


def test_violations_are_tinted_and_outlined() -> None:
    puzzle = parse(NURIKABE)
    rows = ["-5###", "-#2-#", "-####", "-#1##", "###3-"]  # r4c5 shaded: a pool, and r5c5 cut off
    answer = Answer.from_rows(r.translate(str.maketrans("5213", "----")) for r in rows)
    violations = check(puzzle, answer)
    rules = {v.rule for v in violations}
    assert {"R4", "R1"} <= rules
    root = parse_svg(render_svg(puzzle, answer, violations=violations))
    outlines = [p for g in root.iter(NS + "g") if g.get("class") == "violations" for p in g.iter(NS + "path")]
    assert len(outlines) >= 2
    assert rects_filled(root, WRONG_SHADE) >= 4  # the 2x2 pool's cells are drawn dark red
    assert rects_filled(root, WRONG_LAND) >= 1  # the wrong island is drawn pink


def test_a_divided_sea_marks_only_the_cut_off_part() -> None:
    puzzle = parse("nurikabe:3x3:.,.,.,3,.,.,.,.,.")
    answer = read_answer("#-#\n--#\n###")  # the sea cell r1c1 is cut off from the rest
    violations = [v for v in check(puzzle, answer) if v.rule == "R3"]
    assert violations
    root = parse_svg(render_svg(puzzle, answer, violations=violations))
    assert rects_filled(root, WRONG_SHADE) == 1
    assert rects_filled(root, SHADE) == 5  # the rest of the sea, drawn as usual


def test_jupyter_shows_puzzles_and_answers_as_svg() -> None:
    from types import SimpleNamespace

    from pencilkit import notebook

    class Formatter:
        def __init__(self) -> None:
            self.renderers: dict[type, Any] = {}

        def for_type(self, kind: type, render: Any) -> None:
            self.renderers[kind] = render

    svg = Formatter()
    shell = SimpleNamespace(display_formatter=SimpleNamespace(formatters={"image/svg+xml": svg}))
    assert notebook.register(shell)
    assert not notebook.register()  # no IPython running here
    puzzle = parse(NURIKABE)
    assert sorted(texts(parse_svg(svg.renderers[type(puzzle)](puzzle)))) == ["1", "2", "3", "5"]
    answer = solution_answer()
    root = parse_svg(svg.renderers[type(answer)](answer))
    assert rects_filled(root, SHADE) == answer.shaded.bit_count()
    assert texts(root) == []


@needs_cairo
def test_png_output_is_a_png_of_the_right_size(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    assert main(["render", NURIKABE, "--solution", "-o", str(out), "--cell", "20", "--scale", "2"]) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(data[16:20], "big")
    assert width == 2 * (5 * 20 + 2 * 5)  # five cells plus a quarter-cell margin each side, at 2 px/pt


def test_cli_svg_to_stdout_and_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", NURIKABE]) == 0
    assert sorted(texts(parse_svg(capsys.readouterr().out))) == ["1", "2", "3", "5"]
    out = tmp_path / "s.svg"
    assert main(["render", NURIKABE, "--solution", "-o", str(out)]) == 0
    assert rects_filled(parse_svg(out.read_text()), SHADE) == solution_answer().shaded.bit_count()


def test_cli_check_draws_and_exits_1_on_a_wrong_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "wrong.svg"
    assert main(["render", NURIKABE, "--answer", "#####/#-#-#/#####/#-#-#/#####", "--check", "-o", str(out)]) == 1
    assert "R5" in capsys.readouterr().err
    assert [g for g in parse_svg(out.read_text()).iter(NS + "g") if g.get("class") == "violations"]
    good = "/".join(solution_answer().to_rows())
    assert main(["render", NURIKABE, f"--answer={good}", "--check", "-o", str(out)]) == 0


@pytest.mark.parametrize("argv", [
    ["render", NURIKABE, "-o", "x.doc"],
    ["render", NURIKABE, "--check"],
    ["render", NURIKABE, "nurikabe:1x1:1"],
    ["render", NURIKABE, "--answer", "##/##"],
    ["render", "https://puzz.link/p?nurikabe/5/5/g5"],
    ["render", NURIKABE, "--cell", "0"],
])
def test_cli_bad_render_input_is_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("pencilkit: error:") and err.count("\n") == 1


# -- sheets ----------------------------------------------------------------------


def sheet_entries(count: int) -> list[SheetEntry]:
    records = load_corpus("nurikabe")[:count]
    return [SheetEntry(parse(r["puzzle"]), r["name"], "hard", Answer.from_rows(r["solution"])) for r in records]


def test_sheet_pages_have_titles_ratings_and_solutions_last() -> None:
    entries = sheet_entries(6)
    pages = layout_sheet(entries, paper="letter", title="Test sheet")
    roots = [parse_svg(page) for page in pages]
    width, height = PAPERS["letter"]
    for root in roots:
        assert root.get("viewBox") == f"0 0 {width:g} {height:g}"
    puzzle_pages = [r for r in roots if not any("solutions" in (t.text or "") for t in r.iter(NS + "text"))]
    solution_pages = roots[len(puzzle_pages):]
    assert puzzle_pages and solution_pages
    assert all(any("solutions" in (t.text or "") for t in r.iter(NS + "text")) for r in solution_pages)
    all_text = [t.text or "" for r in puzzle_pages for t in r.iter(NS + "text")]
    for entry in entries:
        assert entry.title in all_text
    assert sum("hard" in t for t in all_text) == len(entries)
    assert sum(rects_filled(r, SHADE) for r in puzzle_pages) == 0
    assert sum(rects_filled(r, SHADE) for r in solution_pages) == sum(e.solution.shaded.bit_count()
                                                                      for e in entries if e.solution)
    assert f"page {len(pages)} of {len(pages)}" in [t.text for t in roots[-1].iter(NS + "text")]


def test_sheet_boards_fit_their_page() -> None:
    records = load_corpus("nurikabe")
    big = max(records, key=lambda r: r["rows"] * r["cols"])
    entries = [SheetEntry(parse(big["puzzle"]), big["name"])]
    width, height = PAPERS["a4"]
    for page in layout_sheet(entries):
        for rect in parse_svg(page).iter(NS + "rect"):
            if rect.get("class") == "border":
                assert float(rect.get("width", "0")) <= width and float(rect.get("height", "0")) <= height


def board_boxes(root: ET.Element) -> list[tuple[float, float, float, float]]:
    """Each board on a page as (x, y, width, height) in points: its group's translation, its border's size."""
    boxes = []
    for group in root.iter(NS + "g"):
        if group.get("class") == "board":
            x, y = (float(v) for v in group.get("transform", "")[len("translate("):-1].split())
            border = next(r for r in group.iter(NS + "rect") if r.get("class") == "border")
            boxes.append((x, y, float(border.get("width", "0")), float(border.get("height", "0"))))
    return boxes


def test_a_lone_puzzle_is_centred_and_drawn_at_a_size_to_write_in() -> None:
    """One puzzle on a sheet has the page to itself: centred across the page and down its printable area
    (under the header), its cells 12 to 15 mm; its solution page likewise, smaller."""
    entry = SheetEntry(parse(NURIKABE), "Nurikabe", "easy", solution_answer())
    width, height = PAPERS["a4"]
    top, bottom = 42.0 + 30.0, height - 42.0  # the printable area under the header
    mm = 25.4 / 72
    for k, page in enumerate(layout_sheet([entry], title="Nurikabe")):
        (x, y, w, h), = board_boxes(parse_svg(page))
        assert abs(x + w / 2 - width / 2) < 0.5, "centred across the page"
        assert abs(y + h / 2 - (top + bottom) / 2) < 30, "centred down the printable area (a label above it)"
        cell = w / 5 * mm
        assert (12 <= cell <= 15) if k == 0 else (5 <= cell <= 12), cell
    several = layout_sheet(sheet_entries(4), title="Test sheet")
    assert len(board_boxes(parse_svg(several[0]))) == 4, "several puzzles still share a page"


def test_a_sheet_names_its_genre_once_a_page() -> None:
    """The title says the genre; the puzzle's own title (the same) and its detail line do not repeat it."""
    entry = SheetEntry(parse(NURIKABE), "Nurikabe", "easy", solution_answer())
    pages = [parse_svg(page) for page in layout_sheet([entry], title="Nurikabe")]
    assert len(pages) == 2
    for root in pages:
        shown = [t.text or "" for t in root.iter(NS + "text")]
        assert sum(text.count("Nurikabe") for text in shown) == 1, shown
    shown = [t.text or "" for t in pages[0].iter(NS + "text")]
    assert "5×5 · easy" in shown, "the detail line keeps the size and the rating"
    other = layout_sheet([SheetEntry(parse(NURIKABE), "First")], title="pencilkit puzzles")[0]
    assert "Nurikabe · 5×5" in [t.text for t in parse_svg(other).iter(NS + "text")], "named where no title says it"


@needs_cairo
def test_cli_sheet_pdf_from_jsonl(tmp_path: Path) -> None:
    from pypdf import PdfReader

    source = tmp_path / "puzzles.jsonl"
    records = load_corpus("nurikabe")[:5]
    source.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    out = tmp_path / "sheet.pdf"
    assert main(["render", "--sheet", str(source), "nurikabe:3x3:.,.,.,.,.,.,5,.,1", "-o", str(out),
                 "--paper", "a4"]) == 0
    reader = PdfReader(str(out))
    assert len(reader.pages) >= 3  # six puzzles at four a page, then the solutions
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    text = "".join(page.extract_text() for page in reader.pages)
    assert records[0]["name"] in text and "solutions" in text


def test_cli_sheet_svg_pages(tmp_path: Path) -> None:
    out = tmp_path / "sheet.svg"
    assert main(["render", "--sheet", "nurikabe:3x3:.,.,.,.,.,.,5,.,1", NURIKABE, "-o", str(out)]) == 0
    pages = sorted(tmp_path.glob("sheet-*.svg"))
    assert len(pages) == 2  # one puzzle page, one solution page
    last = parse_svg(pages[-1].read_text())
    assert rects_filled(last, SHADE) == 3 + solution_answer().shaded.bit_count()


def test_answer_of_the_wrong_size_is_refused() -> None:
    with pytest.raises(ValueError):
        render_svg(Puzzle.from_id("nurikabe:2x2:1,.,.,."), read_answer("###"))


# -- boards of rooms (Heyawake) ---------------------------------------------------


def rooms_path(root: ET.Element) -> ET.Element | None:
    return next((p for p in root.iter(NS + "path") if p.get("class") == "rooms"), None)


def clue_fills(root: ET.Element) -> dict[str, str]:
    return {t.text or "": t.get("fill", "") for g in root.iter(NS + "g") if g.get("class") == "clues"
            for t in g.iter(NS + "text")}


def test_the_heyawake_solution_is_the_solvers() -> None:
    solved = solve(parse(HEYAWAKE))
    assert solved.answer is not None and solved.answer.to_rows() == HEYAWAKE_SOLUTION


def test_room_borders_are_bold_lines_between_rooms_over_the_thin_grid() -> None:
    root = parse_svg(render_svg(parse(HEYAWAKE), cell=36))
    walls = rooms_path(root)
    assert walls is not None
    # left of column 2 all the way down; left of column 3 below row 1; under row 1 right of column 1
    assert walls.get("d") == "M36 0V144M72 36V144M36 36H144"
    grid = next(p for p in root.iter(NS + "path") if p.get("class") == "grid")
    border = next(r for r in root.iter(NS + "rect") if r.get("class") == "border")
    assert grid.get("d", "").count("M") == 6, "the thin grid is drawn whole, the room borders over it"
    width = float(walls.get("stroke-width", "0"))
    assert width > 2 * float(grid.get("stroke-width", "0"))
    assert width <= float(border.get("stroke-width", "0")) and walls.get("stroke") == border.get("stroke")
    kinds = [e.get("class") for e in root.iter() if e.get("class") in ("grid", "rooms", "clues", "border")]
    assert kinds == ["grid", "rooms", "clues", "border"], "room borders lie over the grid, under the numbers"
    assert sorted(texts(root)) == ["0", "2"]


def test_a_board_without_rooms_draws_no_room_borders() -> None:
    assert rooms_path(parse_svg(render_svg(parse(NURIKABE), solution_answer()))) is None
    one_room = parse("heyawake:2x2:1,.,.,.:0,0,0,0")
    assert rooms_path(parse_svg(render_svg(one_room))) is None


def test_room_border_runs_are_as_long_as_they_can_be() -> None:
    # a 3x3 board: a 2x2 room in the top left, an L around it
    board = Board.of(parse("heyawake:3x3:.,.,.,.,.,.,.,.,.:0,0,1,0,0,1,1,1,1"))
    assert sorted(room_border_runs(board)) == [(0, 2, 2, 2), (2, 0, 2, 2)]


def test_a_number_on_a_black_cell_is_drawn_white_on_black() -> None:
    puzzle = parse(HEYAWAKE)
    root = parse_svg(render_svg(puzzle, Answer.from_rows(HEYAWAKE_SOLUTION)))
    assert clue_fills(root) == {"2": "#ffffff", "0": "#000000"}
    assert rects_filled(root, SHADE) == 3
    two = next(t for t in root.iter(NS + "text") if t.text == "2")
    square = next(r for r in root.iter(NS + "rect") if r.get("fill") == SHADE
                  and float(r.get("x", "0")) < float(two.get("x", "0")) < float(r.get("x", "0")) + 36)
    assert square.get("y") == "36", "the white 2 sits on its black cell, r2c2"


def test_a_wrong_black_number_stays_readable_on_its_red_cell() -> None:
    puzzle = parse(HEYAWAKE)
    answer = read_answer(".#..\n.#..\n....\n....")  # the 0 and the 2 black, touching
    violations = check(puzzle, answer)
    root = parse_svg(render_svg(puzzle, answer, violations=violations))
    assert rects_filled(root, WRONG_SHADE) == 2
    assert clue_fills(root) == {"0": "#ffffff", "2": "#ffffff"}


def test_a_heyawake_number_marked_white_gets_its_dot_in_a_corner() -> None:
    puzzle = parse(HEYAWAKE)
    partial = read_answer(".-..\n.#..\n-...\n....")  # the 0 at r1c2 marked white, r3c1 white
    root = parse_svg(render_svg(puzzle, partial, cell=36))
    dots = [(float(c.get("cx", "0")), float(c.get("cy", "0")), float(c.get("r", "0")))
            for g in root.iter(NS + "g") if g.get("class") == "dots" for c in g.iter(NS + "circle")]
    assert len(dots) == 2
    (nx, ny, nr), (px, py, pr) = sorted(dots, key=lambda d: d[1])
    assert (px, py) == (18, 90), "an unnumbered cell's dot is in its centre"
    assert 54 < nx < 72 and 18 < ny < 36 and nr < pr, "a number's dot is small, in its lower right corner"
    assert Board.of(puzzle).fixed == 0
    assert Board.of(parse(NURIKABE)).fixed == parse(NURIKABE).clue_mask, "a Nurikabe clue takes no dot"


def test_cli_draws_a_heyawake_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", HEYAWAKE, "--solution"]) == 0
    root = parse_svg(capsys.readouterr().out)
    assert rects_filled(root, SHADE) == 3 and clue_fills(root)["2"] == "#ffffff"
    assert rooms_path(root) is not None


def test_cli_sheet_of_heyawake_records_with_clues_and_rooms_rows(tmp_path: Path) -> None:
    record = {"name": "four rooms", "genre": "heyawake", "rows": 4, "cols": 4,
              "clues": [".0..", ".2..", "....", "...."], "rooms": ["0111", "0233", "0233", "0233"],
              "solution": HEYAWAKE_SOLUTION, "rating": "medium"}
    source = tmp_path / "heyawake.jsonl"
    source.write_text(json.dumps(record) + "\n" + json.dumps({**record, "name": "again"}) + "\n")
    out = tmp_path / "sheet.svg"
    assert main(["render", "--sheet", str(source), "-o", str(out)]) == 0
    first, last = (parse_svg(page.read_text()) for page in sorted(tmp_path.glob("sheet-*.svg")))
    assert "four rooms" in [t.text for t in first.iter(NS + "text")]
    assert sum(1 for p in first.iter(NS + "path") if p.get("class") == "rooms") == 2
    assert rects_filled(last, SHADE) == 6


def test_heyawake_corpus_drawings_have_their_numbers_and_room_borders() -> None:
    records = load_corpus("heyawake")
    for record in records[::25]:
        puzzle = parse(json.dumps(record))
        solution = Answer.from_rows(record["solution"])
        root = parse_svg(render_svg(puzzle, solution))
        assert sorted(texts(root)) == sorted("?" if n is None else str(n) for _, n in puzzle.clues), record["name"]
        walls = rooms_path(root)
        assert walls is not None and walls.get("d", "").count("M") == len(room_border_runs(Board.of(puzzle)))
        black_numbers = sum(1 for cell, _ in puzzle.clues if solution.shaded >> cell & 1)
        white = [t for g in root.iter(NS + "g") if g.get("class") == "clues" for t in g.iter(NS + "text")
                 if t.get("fill") == "#ffffff"]
        assert len(white) == black_numbers, record["name"]
