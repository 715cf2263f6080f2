"""The editor in a real browser: headless Chromium driven by Playwright against ``pencilkit play``.

Each test starts from a fresh browser context, opens the page in edit mode
(``?edit=1``, with a small puzzle in the address so that the player does not
generate one) and makes a puzzle as a person would: clicks, keys and drags
on the editor's board.  What the page shows is checked against pencilkit's
own answers (its inspection, its count of solutions, its rule checker),
never against the page itself.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

import pencilkit
from pencilkit.formats.url import format_url
from pencilkit.genres import find_genre
from pencilkit.puzzle import Answer, Puzzle

from .conftest import LiveServer, Shots

pytestmark = pytest.mark.usefixtures("browser")

PLAYED = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
KURODOKO = "kurodoko:3x3:.,5,.,.,.,.,.,.,2"
SEVERAL = "kurodoko:5x5:.,.,.,.,.,3,.,7,.,.,.,.,8,.,.,.,.,.,.,6,.,.,.,.,2"
HEYAWAKE = "heyawake:4x4:.,0,.,.,.,2,.,.,.,.,.,.,.,.,.,.:0,1,1,1,0,2,3,3,0,2,3,3,0,2,3,3"
"""Four rooms: column 1, the rest of row 1 (a 0), the rest of column 2 (a 2) and a 3x2 block."""


def open_editor(page: Any, server: LiveServer) -> None:
    """The page in edit mode, the player holding a small pasted puzzle (so that it generates none)."""
    page.goto(f"{server.url}/?edit=1#{quote(PLAYED, safe=':,.?')}")
    page.wait_for_function("() => document.body.classList.contains('editing') && "
                           "window.pencilkitEditor.genres.length > 0")


def new_board(page: Any, genre: str, rows: int, cols: int) -> None:
    page.select_option("#editor-genre", genre)
    page.fill("#editor-rows", str(rows))
    page.fill("#editor-cols", str(cols))
    page.click("#editor-new")
    settle(page)
    assert editor_id(page) == f"{genre}:{rows}x{cols}:" + ",".join(["."] * (rows * cols)) + (
        ":" + ",".join(["0"] * (rows * cols)) if genre == "heyawake" else "")


def settle(page: Any) -> str:
    """Wait for the inspection of the board as it is now; its verdict."""
    page.wait_for_function("() => document.querySelector('#editor-status').dataset.verdict !== 'checking'",
                           timeout=60_000)
    verdict: str = page.get_attribute("#editor-status", "data-verdict")
    return verdict


def editor_id(page: Any) -> str:
    value: str = page.input_value("#editor-id")
    return value


def cell(page: Any, index: int) -> Any:
    return page.locator(f'rect.ed-cell[data-cell="{index}"]')


def centre(page: Any, index: int) -> tuple[float, float]:
    box = cell(page, index).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, start: int, end: int) -> None:
    """Press on one cell's centre and let go on another's."""
    (x0, y0), (x1, y1) = centre(page, start), centre(page, end)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=6)
    page.mouse.up()


def marked(page: Any, kind: str) -> list[int]:
    return sorted(int(i) for i in page.eval_on_selector_all(f".ed-mark.{kind}", "els => els.map(e => e.dataset.cell)"))


def rings(page: Any) -> int:
    """The circles drawn around clues (for a genre printed so: ``Genre.circled_clues``)."""
    count: int = page.locator("#editor-board .ed-ring").count()
    return count


def inspection(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("() => window.pencilkitEditor.result.inspection")
    return found


def type_clues(page: Any, clues: dict[int, str]) -> None:
    """Select each cell by a click and type its clue."""
    for index, token in clues.items():
        cell(page, index).click()
        for key in token:
            page.keyboard.press(key)


def test_clues_by_click_and_keys_change_the_status(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "kurodoko", 3, 3)
    assert page.get_attribute("#editor-status", "data-verdict") == "empty", "a board without clues asks for them"
    # keys: select r1c1, move right, type 5
    cell(page, 0).click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("5")
    assert settle(page) == "several"
    # clicks: select r3c3, then each click counts its clue up (1, then 2)
    cell(page, 8).click()
    assert editor_id(page) == "kurodoko:3x3:.,5,.,.,.,.,.,.,."
    cell(page, 8).click()
    cell(page, 8).click()
    assert editor_id(page) == KURODOKO
    assert rings(page) == (2 if find_genre("kurodoko").circled_clues else 0)
    expected = pencilkit.inspect(pencilkit.parse(KURODOKO))
    assert settle(page) == "unique" and expected.rating is not None
    scored = expected.difficulty
    assert scored is not None
    assert page.inner_text("#editor-status") == f"Unique · rated {expected.rating.label}, score {scored.score}"
    assert expected.hardest is not None
    assert expected.hardest.technique.replace("_", " ") in page.inner_text("#editor-detail")
    shots.take("unique")
    # right click counts down, backspace erases, two digits typed quickly make one number, Ctrl+Z undoes
    cell(page, 8).click(button="right")
    assert editor_id(page).endswith(",1")
    page.keyboard.press("Backspace")
    assert editor_id(page).endswith(",.")
    page.keyboard.press("Control+z")
    assert editor_id(page).endswith(",1")
    page.keyboard.press("Control+y")
    assert editor_id(page).endswith(",.")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("?")
    assert editor_id(page) == "kurodoko:3x3:.,5,.,.,.,?,.,.,."
    new_board(page, "nurikabe", 4, 4)
    cell(page, 5).click()
    page.keyboard.press("1")
    page.keyboard.press("2")
    assert editor_id(page).split(":")[2].split(",")[5] == "12"
    assert rings(page) == (1 if find_genre("nurikabe").circled_clues else 0)
    assert settle(page) == pencilkit.inspect(pencilkit.parse(editor_id(page))).verdict.value
    page.keyboard.press("7")  # a clue past the board's 16 cells starts a new number instead
    assert editor_id(page).split(":")[2].split(",")[5] == "7"
    assert page.evaluate("() => window.pencilkitPlayer.game.puzzle.id") == PLAYED, "the player's game is untouched"


def test_several_solutions_show_where_two_solutions_differ(live_server: LiveServer,
                                                           desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "kurodoko", 5, 5)
    puzzle = pencilkit.parse(SEVERAL)
    type_clues(page, {c: str(n) for c, n in puzzle.clues})
    assert editor_id(page) == SEVERAL
    assert settle(page) == "several"
    found = inspection(page)
    first, second = (Answer.from_rows(rows) for rows in found["solutions"])
    assert not pencilkit.check(puzzle, first) and not pencilkit.check(puzzle, second) and first != second
    differ = first.shaded ^ second.shaded
    assert marked(page, "differ") == [i for i in range(25) if differ >> i & 1]
    assert "highlighted" in page.inner_text("#editor-detail")
    shots.take("differ")
    page.click('#editor-views button[data-view="1"]')
    shaded = sorted(int(i) for i in page.eval_on_selector_all(".ed-shade", "els => els.map(e => e.dataset.cell)"))
    assert shaded == [i for i in range(25) if second.shaded >> i & 1]
    shots.take("second-solution")


def test_the_suggestion_applied_makes_the_puzzle_unique(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "kurodoko", 5, 5)
    type_clues(page, {c: str(n) for c, n in pencilkit.parse(SEVERAL).clues})
    assert settle(page) == "several"
    suggestion = inspection(page)["suggestion"]
    assert marked(page, "suggest") == [suggestion["cell"]]
    assert suggestion["message"] in page.inner_text("#editor-suggestion").replace("Write", "write")
    page.click("#editor-apply")
    assert editor_id(page) == suggestion["puzzle"]
    assert settle(page) == "unique"
    assert pencilkit.count_solutions(pencilkit.parse(editor_id(page)), limit=2).count == 1
    assert page.locator("#editor-suggestion").is_hidden()
    shots.take("applied")


def test_heyawake_rooms_by_keys_drags_and_clicks_on_borders(live_server: LiveServer,
                                                            desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "heyawake", 4, 4)
    # column 1 walled off with Shift+arrows
    cell(page, 0).click()
    for _ in range(4):
        page.keyboard.press("Shift+ArrowRight")
        page.keyboard.press("ArrowDown")
    assert editor_id(page).endswith(":0,1,1,1,0,1,1,1,0,1,1,1,0,1,1,1")
    # the border under r1c2 by a drag, under r1c3 by a click on it, under r1c4 by Shift+ArrowDown
    drag(page, 1, 5)
    box = cell(page, 2).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 1)
    assert page.locator("path.ed-wall-open").get_attribute("d"), "a border that closes no room yet is drawn open"
    cell(page, 3).click()
    page.keyboard.press("Shift+ArrowDown")
    assert editor_id(page).endswith(":0,1,1,1,0,2,2,2,0,2,2,2,0,2,2,2")
    # the border right of column 2, rows 2-4: a drag across it in each row
    for a, b in ((5, 6), (9, 10), (13, 14)):
        drag(page, a, b)
    assert editor_id(page).endswith(":" + HEYAWAKE.split(":")[3])
    type_clues(page, {1: "0", 5: "2"})
    assert editor_id(page) == HEYAWAKE
    expected = pencilkit.inspect(pencilkit.parse(HEYAWAKE))
    assert settle(page) == "unique" and expected.hardest is not None
    assert marked(page, "step-shade") == [i for i in range(16) if expected.hardest.shade >> i & 1]
    assert marked(page, "step-unshade") == [i for i in range(16) if expected.hardest.unshade >> i & 1]
    shots.take("heyawake")
    # a room takes one number: a number typed elsewhere in the room moves it
    type_clues(page, {9: "1"})
    assert editor_id(page).split(":")[2].split(",")[5] == "." and editor_id(page).split(":")[2].split(",")[9] == "1"


def test_export_the_id_the_url_a_print_sheet_and_play_it(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "kurodoko", 3, 3)
    type_clues(page, {1: "5", 8: "2"})
    assert settle(page) == "unique"
    puzzle = Puzzle.from_id(editor_id(page))
    assert puzzle.id() == KURODOKO
    assert page.get_attribute("#editor-url", "href") == format_url(puzzle)
    with page.expect_download() as sheet:
        page.click("#editor-sheet")
    assert sheet.value.suggested_filename == "kurodoko-3x3.pdf"
    with open(sheet.value.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"
    page.click("#editor-play")
    page.wait_for_function("id => window.pencilkitPlayer.game?.puzzle.id === id && "
                           "!document.body.classList.contains('editing')", arg=KURODOKO)
    assert page.locator("#board").is_visible() and page.locator("#editor").is_hidden()
    shots.take("playing")


def test_a_quick_second_edit_aborts_the_first_check_and_its_answer_is_never_shown(
        live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "kurodoko", 3, 3)
    held: list[Any] = []
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.post_data or ""))

    def hold_the_first(route: Any) -> None:
        if not held:
            held.append(route)  # its answer is kept back until the second edit is shown
        else:
            route.continue_()

    page.route("**/api/inspect", hold_the_first)
    first_id = "kurodoko:3x3:.,5,.,.,.,.,.,.,."
    with page.expect_request("**/api/inspect"):
        type_clues(page, {1: "5"})
    assert editor_id(page) == first_id and page.get_attribute("#editor-status", "data-verdict") == "checking"
    type_clues(page, {8: "2"})
    assert settle(page) == "unique"
    assert any(first_id in body for body in failed), "the first request was aborted"
    try:
        held[0].continue_()  # the first answer arrives late, for a request the page has dropped
    except Exception:  # noqa: BLE001 - Playwright may refuse a route whose request is gone
        pass
    page.wait_for_timeout(800)
    assert page.get_attribute("#editor-status", "data-verdict") == "unique"
    shown = page.evaluate("() => window.pencilkitEditor.shown")
    assert first_id not in shown and shown[-1] == KURODOKO
    assert page.evaluate("() => window.pencilkitEditor.result.puzzle.id") == KURODOKO
    shots.take("second-shown")
