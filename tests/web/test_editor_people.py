"""The editor as people meet it, in headless Chromium: what it says of an empty, a broken and an
under-clued board, the legend of its marks, its words on a phone, and a print sheet saved as SVG.

Each test makes its board as a person would (clicks, taps, keys) and checks the page's words and
marks against pencilkit's own answers (its inspection, the server's job run in this process).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pencilkit
from pencilkit.web import jobs

from .conftest import LiveServer, Shots
from .test_editor_browser import cell, editor_id, marked, new_board, open_editor, settle, type_clues

UNDER_CLUED = "nurikabe:3x5:.,.,3,.,.,.,.,.,.,.,.,.,.,.,."
"""One 3 on a 3x5 board: no solution, the solver's dead end being "the 3 at r1c3 has an island of 1"."""
CLASHING = "nurikabe:2x2:3,.,.,3"
"""Two 3s on four cells: no solution, and without either 3 there is one."""
ONE_ROOM = "heyawake:4x4:1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.:" + ",".join(["0"] * 16)
"""A Heyawake of a single room: several solutions, and no clue can mend that alone."""


def clues_of(puzzle_id: str) -> dict[int, str]:
    return {c: "?" if n is None else str(n) for c, n in pencilkit.parse(puzzle_id).clues}


def test_an_empty_board_asks_for_clues_in_neutral_words(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    for genre in ("nurikabe", "kurodoko", "heyawake"):
        new_board(page, genre, 5, 5)
        assert settle(page) == "empty", genre
        assert page.inner_text("#editor-status") == "Place clues to begin"
        assert "No solution" not in page.inner_text("#editor-report, .ed-report")
        red = page.evaluate("() => getComputedStyle(document.querySelector('#editor-status')).color")
        assert red != "rgb(210, 59, 47)", "the prompt is not in the colour of an error"
        assert page.locator("#editor-suggestion").is_hidden() and page.locator("#editor-legend").is_hidden()
    assert "room" in page.inner_text("#editor-detail"), "a board of rooms asks for rooms too"
    shots.take("empty")
    type_clues(page, {0: "1"})
    assert settle(page) != "empty", "a clue ends the prompt"


def test_an_under_clued_board_says_what_is_true_of_the_whole_board(live_server: LiveServer,
                                                                    desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "nurikabe", 3, 5)
    type_clues(page, clues_of(UNDER_CLUED))
    assert editor_id(page) == UNDER_CLUED
    assert settle(page) == "none"
    found = pencilkit.inspect(pencilkit.parse(UNDER_CLUED))
    assert found.contradiction and "island of 1" in found.contradiction, "the solver's dead end, not the board's"
    detail = page.inner_text("#editor-detail")
    assert "island of" not in detail and "too few" in detail and "whole board" in detail
    mending = jobs.mending(pencilkit.parse(UNDER_CLUED), 5.0)
    wanting = mending["wanting"][0]
    assert marked(page, "add") == [wanting["cell"]]
    suggestion = page.inner_text("#editor-suggestion-text")
    assert suggestion.startswith("Suggestion: Add a clue") and wanting["name"] in suggestion
    assert page.locator("#editor-apply").is_hidden(), "a suggestion in words has no Apply button"
    shots.take("under-clued")


def test_clashing_clues_are_named_and_marked(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "nurikabe", 2, 2)
    type_clues(page, clues_of(CLASHING))
    assert settle(page) == "none"
    assert marked(page, "clash") == [0, 3]
    detail = page.inner_text("#editor-detail")
    assert "the 3 at r1c1 and the 3 at r2c2 cannot all be met together" in detail
    suggestion = page.inner_text("#editor-suggestion-text")
    assert "r1c1" in suggestion and "removing one of them or changing its number may help" in suggestion
    shots.take("clashing")


def test_several_solutions_always_come_with_a_suggestion(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "kurodoko", 3, 3)
    type_clues(page, {0: "3"})
    assert settle(page) == "several"
    assert "more than one solution" in page.inner_text("#editor-detail")
    assert page.locator("#editor-suggestion").is_visible()
    assert page.inner_text("#editor-suggestion-text").startswith("Suggestion: ")
    shots.take("several")


def test_a_heyawake_of_too_few_rooms_is_told_to_draw_rooms(live_server: LiveServer,
                                                           desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "heyawake", 4, 4)
    type_clues(page, {0: "1"})
    assert editor_id(page) == ONE_ROOM
    assert settle(page) == "several"
    assert page.locator("#editor-suggestion").is_visible()
    suggestion = page.inner_text("#editor-suggestion-text")
    assert suggestion.startswith("Suggestion: Draw more rooms") and "only one room" in suggestion
    assert page.locator("#editor-apply").is_hidden()
    shots.take("one-room")


def test_the_marks_on_the_board_have_a_legend(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "kurodoko", 5, 5)
    several = "kurodoko:5x5:.,.,.,.,.,3,.,7,.,.,.,.,8,.,.,.,.,.,.,6,.,.,.,.,2"
    type_clues(page, clues_of(several))
    assert settle(page) == "several"
    legend = page.locator("#editor-legend")
    assert legend.is_visible()
    kinds = page.eval_on_selector_all("#editor-legend li", "els => els.map(e => e.dataset.kind)")
    drawn = page.eval_on_selector_all(".ed-marks .ed-mark", "els => [...new Set(els.map(e => e.classList[1]))]")
    assert set(kinds) == set(drawn) and {"differ", "suggest"} <= set(kinds)
    assert "differs between the two solutions" in legend.inner_text()
    page.click('#editor-views button[data-view="0"]')
    assert "shaded in the solution shown" in legend.inner_text()
    shots.take("legend")
    page.click("#editor-apply")
    assert settle(page) == "unique"
    kinds = page.eval_on_selector_all("#editor-legend li", "els => els.map(e => e.dataset.kind)")
    assert "step-shade" in kinds and "differ" not in kinds, "the legend follows the marks"
    page.click("#editor-clear")
    assert settle(page) == "empty" and legend.is_hidden(), "no marks, no legend"


def test_a_phone_gets_touch_instructions_that_work(live_server: LiveServer, phone: tuple[Any, Shots]) -> None:
    page, shots = phone
    open_editor(page, live_server)
    new_board(page, "nurikabe", 4, 4)
    how = page.inner_text("#editor-how")
    assert "right click" not in how and "Shift" not in how and "Tap a cell" in how
    cell(page, 5).tap()
    page.tap('#editor-palette button[data-key="3"]')
    assert editor_id(page).split(":")[2].split(",")[5] == "3"
    cell(page, 5).tap()  # "tap the cell again to count up"
    assert editor_id(page).split(":")[2].split(",")[5] == "4"
    page.tap('#editor-palette button[data-key="Delete"]')  # "Clear empties the cell"
    assert editor_id(page).split(":")[2].split(",")[5] == "."
    new_board(page, "heyawake", 4, 4)
    how = page.inner_text("#editor-how")
    assert "right click" not in how and "Shift" not in how and "tap a border" in how
    box = cell(page, 1).bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] - 1)  # "tap a border"
    assert page.evaluate("() => window.pencilkitEditor.wallSet.has('1-5')")
    shots.take("phone")


def test_a_desktop_keeps_mouse_and_key_instructions(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, _ = desktop
    open_editor(page, live_server)
    new_board(page, "heyawake", 4, 4)
    how = page.inner_text("#editor-how")
    assert "right click" in how and "Shift+arrow" in how


def test_without_pdfs_the_sheet_saves_every_page_as_svg(live_server: LiveServer, desktop: tuple[Any, Shots],
                                                        tmp_path: Path) -> None:
    """A server without cairosvg answers ``pdf: null`` (simulated here on the answer of the real server):
    the page saves the puzzle page and the solution page, and says so."""
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "kurodoko", 3, 3)
    type_clues(page, {1: "5", 8: "2"})
    assert settle(page) == "unique"

    def without_pdf(route: Any) -> None:
        data = route.fetch().json()
        data.update(pdf=None, note="PNG and PDF output need cairosvg: pip install 'pencilkit[render]'")
        route.fulfill(status=200, content_type="application/json", body=json.dumps(data))

    page.route("**/api/sheet", without_pdf)
    downloads: list[Any] = []
    page.on("download", lambda download: downloads.append(download))
    page.click("#editor-sheet")
    page.wait_for_function("() => !document.querySelector('#editor-note').textContent.startsWith('Laying')")
    page.wait_for_timeout(500)
    names = [d.suggested_filename for d in downloads]
    assert names == ["kurodoko-3x3-puzzle.svg", "kurodoko-3x3-solution.svg"]
    puzzle_page, solution_page = (Path(d.path()).read_text() for d in downloads)
    assert puzzle_page.startswith("<svg") and solution_page.startswith("<svg") and "solutions" in solution_page
    note = page.inner_text("#editor-note")
    assert "2 SVG files" in note and all(name in note for name in names) and "cairosvg" in note
    shots.take("svg-sheet")
