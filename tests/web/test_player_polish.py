"""The player's polish in a real browser (headless Chromium, as test_browser.py): a board that grows with
the window and a remembered cell size, Restart and Pause, the print view, dark mode, the colour-blind
palette, screen-reader labels, a copied link (with marks), trial marks, messages that do not race, and a
longer wait for a generation with its progress and Cancel.

Each test reads the result off the page (sizes, computed colours, labels, the clipboard) so that it fails
when the feature breaks.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pencilkit

from .conftest import LiveServer, Shots, open_page
from .test_browser import HEYAWAKE, cell, centre, marks, open_puzzle, status

pytestmark = pytest.mark.usefixtures("browser")

SMALL = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
"""Unique: the sea is r2c2, r2c3 and r3c2 (cells 4, 5 and 7)."""
FIVE = "nurikabe:5x5:2,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,9"
"""Shading r2c2, r2c3, r3c2 and r3c3 (cells 6, 7, 11, 12) makes a 2x2 pool, which Check draws."""
PACK = "0123456789abcdefghijklmnopq"
SETTLE = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def collection_puzzle(genre: str, size: int, level: str) -> str:
    path = Path(pencilkit.__file__).parent / "collections" / f"{genre}.jsonl"
    for line in path.read_text().splitlines():
        entry = json.loads(line)
        if (entry["rows"], entry["rating"]) == (size, level):
            return str(entry["puzzle"])
    raise AssertionError(f"no {size}x{size} {level} {genre} in the bundled collection")


def blank(size: int) -> str:
    """A board with one clue covering it all (no solution, answered at once): for measuring the board."""
    tokens = ["."] * (size * size)
    tokens[0] = str(size * size)
    return f"nurikabe:{size}x{size}:" + ",".join(tokens)


def pack(board: list[int]) -> str:
    """The marks of a link, as the page packs them: three cells a character, base 3."""
    padded = board + [0, 0]
    return "".join(PACK[9 * padded[i] + 3 * padded[i + 1] + padded[i + 2]] for i in range(0, len(board), 3))


def box(page: Any, selector: str = "#board") -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} has no box"
    return dict(found)


def computed(page: Any, selector: str, prop: str) -> str:
    return str(page.locator(selector).first.evaluate(f"e => getComputedStyle(e).{prop}"))


def background(page: Any) -> str:
    return str(page.evaluate("() => getComputedStyle(document.documentElement).backgroundColor"))


def trial_cells(page: Any) -> list[int]:
    return sorted(int(x) for x in page.locator("rect.cell.trial").evaluate_all("els => els.map(e => e.dataset.cell)"))


def settle(page: Any) -> None:
    page.evaluate(SETTLE)


def reload(page: Any) -> None:
    page.reload()
    page.wait_for_function("() => window.pencilkitPlayer?.game?.puzzle")
    settle(page)


@pytest.fixture
def dark_desktop(browser: Any, request: pytest.FixtureRequest) -> Iterator[tuple[Any, Shots]]:
    """A desktop page whose system colour scheme is dark."""
    yield from open_page(browser, request, viewport={"width": 1100, "height": 900}, color_scheme="dark")


# -- 1. the board grows to the window; the cell size control ---------------------------


def test_the_board_grows_with_the_window(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, collection_puzzle("nurikabe", 10, "easy"))
    page.set_viewport_size({"width": 800, "height": 700})
    settle(page)
    small = box(page)
    page.set_viewport_size({"width": 1600, "height": 1300})
    settle(page)
    large = box(page)
    assert large["width"] > small["width"] + 250, (small, large)
    assert large["height"] <= 1300 and small["height"] <= 700, "the board fits the window's height"
    shots.take("1600")
    # a 25x25 board on a 1920x1080 screen takes the height left below the header (about 790 px, less the
    # action buttons, which stay on screen with it), not 600 px
    open_puzzle(page, live_server, blank(25))
    page.set_viewport_size({"width": 1920, "height": 1080})
    settle(page)
    big = box(page)
    assert 700 <= big["width"] <= 1080, big
    actions = box(page, ".actions")
    assert big["y"] + big["height"] <= actions["y"] and actions["y"] + actions["height"] <= 1080, (big, actions)
    around = box(page, ".status-bar")["height"] + box(page, ".actions")["height"]
    assert big["height"] + around <= 1080, "the board and the rows around it fit one screen"
    shots.take("25x25")


def test_the_cell_size_control_is_remembered(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, collection_puzzle("nurikabe", 10, "easy"))
    settle(page)
    fitted = box(page)["width"]
    assert page.get_attribute("#size-fit", "aria-pressed") == "true"
    page.click("#size-larger")
    settle(page)
    larger = box(page)["width"]
    assert larger > fitted * 1.15
    assert page.get_attribute("#size-fit", "aria-pressed") == "false"
    reload(page)
    assert box(page)["width"] == pytest.approx(larger, abs=1), "the chosen size survives a reload"
    page.click("#size-smaller")
    page.click("#size-smaller")
    page.click("#size-smaller")
    settle(page)
    assert box(page)["width"] < fitted * 0.8
    shots.take("smaller")
    page.click("#size-fit")
    settle(page)
    assert box(page)["width"] == pytest.approx(fitted, abs=1)
    reload(page)
    assert box(page)["width"] == pytest.approx(fitted, abs=1)
    assert page.get_attribute("#size-fit", "aria-pressed") == "true"


def test_a_phone_fits_a_big_board_and_may_zoom(live_server: LiveServer, phone: tuple[Any, Shots]) -> None:
    page, shots = phone
    open_puzzle(page, live_server, blank(25))
    settle(page)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert box(page)["width"] >= 340, "the board takes the phone's width"
    viewport = page.get_attribute('meta[name="viewport"]', "content") or ""
    assert "user-scalable=no" not in viewport.replace(" ", "") and "maximum-scale" not in viewport
    assert computed(page, "#board", "touchAction") == "pinch-zoom", "two fingers zoom the page over the board"
    shots.take("phone")


# -- 2. Restart and Pause ---------------------------------------------------------------


def test_restart_clears_the_marks_and_the_timer_after_a_confirm(live_server: LiveServer,
                                                                desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, SMALL)
    cell(page, 4).click()
    cell(page, 0).click()
    page.wait_for_function("() => window.pencilkitPlayer.game.elapsed >= 1100")
    assert page.locator("#timer").inner_text() != "0:00"
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#restart")
    assert marks(page)[4] == 1, "a dismissed confirm keeps the marks"
    asked: list[str] = []

    def accept(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    page.click("#restart")
    assert asked and "Restart" in asked[0]
    assert marks(page) == [0] * 9
    assert page.locator("#timer").inner_text() == "0:00"
    assert page.locator("rect.cell.shaded").count() == 0 and page.locator("#undo").is_disabled()
    shots.take("restarted")
    # after the solution was shown, a restart makes the puzzle playable again and the timer runs
    page.once("dialog", lambda dialog: dialog.accept())  # Show solution asks first
    page.click("#solution")
    assert "Solution shown" in status(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#restart")
    assert "Solution shown" not in status(page)
    assert page.evaluate("() => window.pencilkitPlayer.game.shown") is False
    page.wait_for_function("() => window.pencilkitPlayer.game.elapsed >= 1100")


def test_pause_hides_the_board_and_stops_the_timer(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, SMALL)
    page.wait_for_function("() => window.pencilkitPlayer.game.elapsed >= 600")
    page.click("#pause")
    assert not page.locator("#board").is_visible() and page.locator("#pause-cover").is_visible()
    frozen = page.evaluate("() => window.pencilkitPlayer.game.elapsed")
    shown = page.locator("#timer").inner_text()
    page.wait_for_timeout(1500)
    assert page.evaluate("() => window.pencilkitPlayer.game.elapsed") == frozen
    assert page.locator("#timer").inner_text() == shown
    assert page.evaluate("() => document.querySelector('#check').closest('[inert]') !== null"), \
        "the buttons rest while paused"
    shots.take("paused")
    page.click("#resume")
    assert page.locator("#board").is_visible() and not page.locator("#pause-cover").is_visible()
    page.wait_for_function("f => window.pencilkitPlayer.game.elapsed >= f + 900", arg=frozen)
    # hiding the tab pauses too
    page.evaluate("""() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
      delete document.visibilityState;
    }""")
    assert page.evaluate("() => window.pencilkitPlayer.paused") is True
    assert page.locator("#pause-cover").is_visible()
    page.click("#pause")
    assert page.locator("#board").is_visible()


# -- 3. print ------------------------------------------------------------------------------


def test_the_print_view_shows_the_puzzle_alone(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, HEYAWAKE)
    page.select_option("#theme", "dark")
    cell(page, 5).click()  # shaded on screen, not on paper
    rating = page.evaluate("() => window.pencilkitPlayer.game.rating")
    page.emulate_media(media="print")
    for selector in ("header h1", "#timer", "#pause", "#check", "#undo", "#trial", "#size-fit", "#theme", "#genre",
                     "#new-puzzle", "#paste", "#copy-link", "#edit-mode"):
        if page.locator(selector).count():
            assert not page.locator(selector).is_visible(), f"{selector} is printed"
    title = page.locator("#print-title")
    assert title.is_visible() and title.inner_text() == f"Heyawake · 4×4 · {rating}"
    assert page.locator("#board").is_visible()
    assert background(page) == "rgb(255, 255, 255)", "white paper even in the dark theme"
    assert computed(page, 'rect.cell[data-cell="5"]', "fill") == "rgb(255, 255, 255)", "no marks on paper"
    assert computed(page, "text.numeral", "fill") == "rgb(0, 0, 0)"
    assert computed(page, ".lines .frame", "stroke") == "rgb(0, 0, 0)"
    assert page.locator("text.numeral").count() == 2
    shots.take("print")
    page.emulate_media(media="screen")
    assert page.locator("#check").is_visible() and not title.is_visible()


def test_a_tall_board_prints_on_one_page(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    """The print width follows the rows too (--rows): 20 rows of 1.5 cm would not fit an A4 or Letter page."""
    page, shots = desktop
    tall = "nurikabe:20x4:80" + ",." * 79
    open_puzzle(page, live_server, tall)
    page.emulate_media(media="print")
    printed = box(page)
    cm = 96 / 2.54  # CSS pixels a centimetre
    assert printed["height"] <= 22.5 * cm, printed
    assert printed["width"] <= 4 * 1.5 * cm + 0.2 * cm and printed["height"] > 15 * cm, printed
    shots.take("tall")


# -- 4. dark mode and the colour-blind palette ------------------------------------------------


def test_dark_mode_follows_the_system_and_the_toggle_is_remembered(live_server: LiveServer,
                                                                   dark_desktop: tuple[Any, Shots]) -> None:
    page, shots = dark_desktop
    open_puzzle(page, live_server, SMALL)
    assert page.locator("#theme").input_value() == "auto"
    assert background(page) == "rgb(21, 23, 26)", "the system's dark scheme is followed"
    assert computed(page, 'rect.cell[data-cell="4"]', "fill") == "rgb(74, 80, 89)"
    shots.take("dark")
    page.select_option("#theme", "light")
    assert background(page) == "rgb(251, 250, 247)"
    reload(page)
    assert page.locator("#theme").input_value() == "light" and background(page) == "rgb(251, 250, 247)"
    page.emulate_media(color_scheme="light")
    page.select_option("#theme", "dark")
    assert background(page) == "rgb(21, 23, 26)", "Dark holds on a light system"
    page.select_option("#theme", "auto")
    assert background(page) == "rgb(251, 250, 247)"


def test_the_colourblind_palette_recolours_overlays_and_adds_shapes(live_server: LiveServer,
                                                                    desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, FIVE)
    for index in (6, 7, 11, 12):
        cell(page, index).click()
    page.click("#check")
    page.wait_for_selector(".overlay rect.violation")
    assert computed(page, ".overlay rect.violation", "stroke") == "rgb(210, 59, 47)"
    assert computed(page, ".overlay .glyph-violation", "display") == "none", "no shapes in the standard palette"
    page.check("#palette")
    assert computed(page, ".overlay rect.violation", "stroke") == "rgb(213, 94, 0)", "Okabe-Ito vermillion"
    glyphs = page.locator(".overlay .glyph-violation")
    assert glyphs.count() == 4 and glyphs.first.is_visible(), "hatching on each cell of the broken rule"
    assert "hatch" in (glyphs.first.get_attribute("fill") or "")
    shots.take("violation")
    reload(page)
    assert page.locator("#palette").is_checked(), "the palette is remembered"
    open_puzzle(page, live_server, SMALL)
    page.click("#hint")
    page.wait_for_function("() => window.pencilkitPlayer.hint?.kind === 'step'")
    shapes = page.locator(".overlay .glyph-hint-shade, .overlay .glyph-hint-unshade")
    assert shapes.count() >= 1 and shapes.first.is_visible(), "a hint's cells carry a shape"
    assert computed(page, ".overlay rect.mark.hint-shade, .overlay rect.mark.hint-unshade",
                    "stroke") == "rgb(0, 114, 178)", "Okabe-Ito blue"
    shots.take("hint")


# -- 5. screen-reader labels --------------------------------------------------------------------


def test_cells_announce_their_position_and_state(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, _ = desktop
    open_puzzle(page, live_server, SMALL)

    def label(index: int) -> str:
        return str(cell(page, index).get_attribute("aria-label"))

    def said() -> str:
        return str(page.locator("#board .board-live").inner_text())

    assert label(6) == "row 3, column 1, clue 5"
    assert label(4) == "row 2, column 2, empty"
    cell(page, 4).click()
    assert label(4) == "row 2, column 2, shaded" and said() == "row 2, column 2, shaded"
    cell(page, 4).click()
    assert label(4) == "row 2, column 2, dotted" and said() == "row 2, column 2, dotted"
    # the accessibility tree holds a grid of three rows of labelled cells
    assert page.get_by_role("grid").count() == 1 and page.get_by_role("row").count() == 3
    assert page.get_by_role("gridcell").count() == 9
    assert page.get_by_role("gridcell", name="row 2, column 2, dotted", exact=True).count() == 1
    # the keyboard cursor is the active descendant, and each move or mark is said
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#board", "aria-activedescendant") == "board-cell-5"
    assert said() == "row 2, column 3, empty"
    page.keyboard.press(" ")
    assert said() == "row 2, column 3, shaded" and label(5) == "row 2, column 3, shaded"
    page.click("#undo")
    assert label(5) == "row 2, column 3, empty", "labels follow undo"
    # the timer is named as one (a plain span may not carry a label), and it does not chatter
    assert page.get_by_role("timer", name="time", exact=True).count() == 1
    assert page.get_attribute("#timer", "aria-live") in (None, "off")
    # Pause changes its words to Resume, so it is a plain button, not a toggle whose name would change too
    page.click("#pause")
    assert page.get_by_role("button", name="Resume", exact=True).count() == 2
    assert page.get_attribute("#pause", "aria-pressed") is None


# -- 6. a link to the player ---------------------------------------------------------------------


def test_copy_link_puts_a_link_to_the_player_on_the_clipboard(live_server: LiveServer, browser: Any,
                                                              desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    open_puzzle(page, live_server, SMALL)
    page.click("#copy-link")
    page.wait_for_function("() => document.querySelector('#copy-note').textContent === 'Link copied.'")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == f"{live_server.url}/#{SMALL}"
    assert page.locator("#player-link").input_value() == copied and page.locator("#copy-note").is_visible()
    cell(page, 4).click()
    cell(page, 5).click()
    cell(page, 5).click()
    board = marks(page)
    page.check("#link-marks")
    page.click("#copy-link")
    page.wait_for_function("() => document.querySelector('#copy-note').textContent.includes('with your marks')")
    linked = page.evaluate("() => navigator.clipboard.readText()")
    assert linked == f"{live_server.url}/#{SMALL}~marks={pack(board)}"
    shots.take("copied")
    # another browser opens the link: the puzzle with those marks, which Undo takes off
    other = browser.new_context()
    try:
        elsewhere = other.new_page()
        elsewhere.goto(linked)
        elsewhere.wait_for_function("id => window.pencilkitPlayer?.game?.puzzle?.id === id", arg=SMALL)
        assert marks(elsewhere) == board
        assert "marks from the link" in elsewhere.locator("#message-text").inner_text()
        assert elsewhere.evaluate("() => location.hash") == f"#{SMALL}"
        elsewhere.click("#undo")
        assert marks(elsewhere) == [0] * 9
    finally:
        other.close()
    # a link opened in the same tab (only the #fragment changes) plays its puzzle with its marks
    five = [0] * 25
    five[6] = 1
    page.goto(f"{live_server.url}/#{FIVE}~marks={pack(five)}")
    page.wait_for_function("id => window.pencilkitPlayer.game.puzzle.id === id", arg=FIVE)
    page.wait_for_function("() => window.pencilkitPlayer.game.marks[6] === 1")
    assert marks(page) == five


# -- 7. trial marks ---------------------------------------------------------------------------------


def test_trial_marks_discard_accept_and_undo(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, FIVE)
    a, b = 6, 7
    cell(page, a).click()  # a normal mark
    sea = computed(page, f'rect.cell[data-cell="{a}"]', "fill")
    page.click("#trial")
    assert page.get_attribute("#trial", "aria-pressed") == "true"
    cell(page, a).click()  # shaded -> dotted, in trial
    cell(page, b).click()  # shaded, in trial
    assert marks(page)[a] == 2 and marks(page)[b] == 1
    trial_fill = computed(page, f'rect.cell[data-cell="{b}"]', "fill")
    assert trial_fill != sea, "a trial mark is drawn in a second colour"
    assert trial_cells(page) == [a, b]
    assert page.locator("rect.cell.shaded.trial").count() == 1 and page.locator("circle.dot.on.trial").count() == 1
    assert cell(page, b).get_attribute("aria-label") == "row 2, column 3, shaded (trial)"
    shots.take("trial")
    page.click("#trial-discard")
    assert marks(page)[a] == 1 and marks(page)[b] == 0, "discard puts back the marks from before the trial"
    assert trial_cells(page) == [] and page.get_attribute("#trial", "aria-pressed") == "false"
    assert page.locator("#trial-accept").is_disabled()
    page.click("#undo")
    assert marks(page)[a] == 2 and marks(page)[b] == 1 and trial_cells(page) == [a, b]
    page.click("#redo")
    assert marks(page)[a] == 1 and trial_cells(page) == []
    page.click("#undo")
    page.click("#trial-accept")
    assert marks(page)[a] == 2 and marks(page)[b] == 1 and trial_cells(page) == []
    assert computed(page, f'rect.cell[data-cell="{b}"]', "fill") == sea, "accepted: a normal mark"
    page.click("#undo")
    assert trial_cells(page) == [a, b], "undo goes back through the accept"
    page.click("#undo")
    assert marks(page)[b] == 0 and trial_cells(page) == [a]
    page.click("#redo")
    page.click("#redo")
    assert trial_cells(page) == [] and marks(page)[b] == 1
    # trial mode and its marks are kept with the game
    page.click("#trial")
    cell(page, 12).click()
    reload(page)
    assert page.locator('rect.cell.trial[data-cell="12"]').count() == 1
    assert page.get_attribute("#trial", "aria-pressed") == "true"


# -- gestures cut off, and a damaged store -------------------------------------------------------


def test_a_gesture_cut_off_leaves_no_mark(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    """A drag the browser cancels (a second finger starts a pinch) is taken back; one under way when another
    puzzle loads never lands on the new puzzle."""
    page, _ = desktop
    open_puzzle(page, live_server, SMALL)
    page.mouse.move(*centre(page, 4))
    page.mouse.down()
    assert page.locator("rect.cell.shaded").count() == 1, "the drag paints as it goes"
    page.evaluate("""() => {
      const board = window.pencilkitPlayer.board;
      board.root.dispatchEvent(new PointerEvent("pointercancel", { pointerId: board.drag.id, bubbles: true }));
    }""")
    page.mouse.up()
    assert marks(page) == [0] * 9 and page.locator("rect.cell.shaded").count() == 0
    assert page.locator("#undo").is_disabled()
    # a drag begun on one puzzle and ended on the next
    page.mouse.move(*centre(page, 4))
    page.mouse.down()
    page.evaluate("id => window.pencilkitPlayer.paste(id)", FIVE)
    page.wait_for_function("id => window.pencilkitPlayer.game.puzzle.id === id", arg=FIVE)
    page.mouse.move(*centre(page, 8))
    page.mouse.up()
    assert marks(page) == [0] * 25 and page.locator("#undo").is_disabled()
    assert page.evaluate("() => window.pencilkitPlayer.game.trial.length") == 25


@pytest.mark.parametrize("store", [
    {"current": SMALL, "games": None, "order": [SMALL]},
    {"current": SMALL, "games": [], "order": []},
    {"current": SMALL, "games": {SMALL: {"puzzle": {"id": SMALL, "rows": 3, "cols": 3}, "marks": [0] * 9}},
     "order": [SMALL]},
    {"current": SMALL, "games": {SMALL: {"puzzle": None, "marks": []}}, "order": [SMALL]},
], ids=["games-null", "games-list", "game-without-history", "game-without-puzzle"])
def test_a_damaged_store_never_stops_the_page(live_server: LiveServer, desktop: tuple[Any, Shots],
                                              store: dict[str, Any]) -> None:
    """What localStorage holds may be from another version or cut short: the page still plays."""
    page, _ = desktop
    page.goto(f"{live_server.url}/api/genres")
    page.evaluate("store => localStorage.setItem('pencilkit-player-v2', JSON.stringify(store))", store)
    open_puzzle(page, live_server, SMALL)
    cell(page, 4).click()
    assert marks(page)[4] == 1
    page.click("#undo")
    assert marks(page) == [0] * 9


def test_a_kept_game_missing_its_newer_parts_resumes(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    """A game kept before trial marks (no trial, history cut, no time) resumes with its marks."""
    page, _ = desktop
    open_puzzle(page, live_server, SMALL)
    cell(page, 4).click()
    page.goto(f"{live_server.url}/api/genres")  # the player keeps the game as it goes
    page.evaluate("""() => {
      const store = JSON.parse(localStorage.getItem('pencilkit-player-v2'));
      const game = store.games[store.current];
      for (const key of ["trial", "trialMode", "undo", "redo", "elapsed"]) delete game[key];
      localStorage.setItem('pencilkit-player-v2', JSON.stringify(store));
    }""")
    page.goto(f"{live_server.url}/")
    page.wait_for_function("id => window.pencilkitPlayer?.game?.puzzle?.id === id", arg=SMALL)
    assert marks(page)[4] == 1 and page.locator("#undo").is_disabled()
    page.wait_for_function("() => window.pencilkitPlayer.game.elapsed >= 600")
    assert ":" in page.locator("#timer").inner_text() and "NaN" not in page.locator("#timer").inner_text()
    cell(page, 0).click()
    page.click("#undo")
    assert marks(page)[0] == 0 and marks(page)[4] == 1


# -- the messages do not race ------------------------------------------------------------------------


def test_a_late_answer_never_overwrites_a_newer_message(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    held: dict[str, list[Any]] = {"solve": [], "check": [], "hint": []}

    def hold(routes: list[Any]) -> Any:
        return lambda route: routes.append(route)

    for name, routes in held.items():
        page.route(f"**/api/{name}", hold(routes))
    page.goto(f"{live_server.url}/#{SMALL}")
    page.wait_for_function("id => window.pencilkitPlayer?.game?.puzzle?.id === id", arg=SMALL)
    page.wait_for_function("() => document.querySelector('#status').textContent === 'checking the puzzle…'")
    # a hint while the puzzle is being checked: the hint answers, and the status goes back to the check
    page.click("#hint")
    page.wait_for_function("() => document.querySelector('#status').textContent === 'thinking…'")
    held["hint"].pop().continue_()
    page.wait_for_function("() => window.pencilkitPlayer.hint?.kind === 'step'")
    hint_text = page.locator("#message-text").inner_text()
    assert hint_text.startswith("Hint (")
    assert status(page) == "checking the puzzle…", "the solve still under way shows again"
    with page.expect_response("**/api/solve"):
        held["solve"].pop().continue_()
    page.wait_for_function("() => window.pencilkitPlayer.game.status === 'unique'")
    assert status(page) == "" and page.locator("#message-text").inner_text() == hint_text
    # a check asked before a hint answers after it: the hint stays
    page.click("#check")
    page.wait_for_function("() => document.querySelector('#status').textContent === 'checking your marks…'")
    page.click("#hint")
    page.wait_for_function("() => document.querySelector('#status').textContent === 'thinking…'")
    held["hint"].pop().continue_()
    page.wait_for_function("() => window.pencilkitPlayer.hint !== null")
    with page.expect_response("**/api/check"):
        held["check"].pop().continue_()
    settle(page)
    assert page.locator("#message-text").inner_text() == hint_text
    assert status(page) == "", "no work is left under way"
    shots.take("hint-kept")
    # a hint asked before a mark answers after it: dropped, since the marks changed
    page.click("#hint")
    page.wait_for_function("() => window.pencilkitPlayer.busy.length === 1")
    cell(page, 4).click()
    with page.expect_response("**/api/hint"):
        held["hint"].pop().continue_()
    settle(page)
    assert not page.locator("#message").is_visible() and page.locator(".overlay rect").count() == 0
    assert page.evaluate("() => window.pencilkitPlayer.hint") is None


# -- a longer wait for a generation --------------------------------------------------------------------


def test_a_longer_wait_shows_its_progress_and_can_be_cancelled(live_server: LiveServer,
                                                               desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, SMALL)
    limits = page.evaluate("() => window.pencilkitPlayer.limits")
    assert limits["max_generate_seconds"] == 120
    assert page.locator("#wait option").all_inner_texts() == ["10 s", "30 s", "1 min", "2 min"]
    assert page.locator("#wait").input_value() == "10"
    page.select_option("#wait", "30")
    held: list[Any] = []
    page.route("**/api/generate", lambda route: held.append(route))
    page.fill("#rows", "25")
    page.fill("#cols", "25")
    page.select_option("#level", "expert")
    page.click("#new-puzzle")
    page.wait_for_function("() => document.querySelector('#generating-text')?.textContent.includes('1 s of up to 30 s')")
    assert page.locator("#generating").is_visible() and page.locator("#generate-cancel").is_visible()
    assert "an expert 25×25 Nurikabe" in page.locator("#generating-text").inner_text()
    assert page.evaluate("() => document.querySelector('#generating-progress').value") >= 1
    assert held and held[0].request.post_data_json["time_budget"] == 30
    assert status(page) == "constructing a puzzle…"
    shots.take("waiting")
    page.click("#generate-cancel")
    assert not page.locator("#generating").is_visible()
    assert page.locator("#message-text").inner_text().startswith("Cancelled")
    assert page.evaluate("() => window.pencilkitPlayer.game.puzzle.id") == SMALL and status(page) == ""
    page.unroute("**/api/generate")
    # the wait chosen is kept, and sent with the next generation
    reload(page)
    assert page.locator("#wait").input_value() == "30"
    page.select_option("#wait", "60")
    with page.expect_request("**/api/generate") as asked:
        page.click("#presets button[data-level='easy']")
    assert asked.value.post_data_json["time_budget"] == 60
    page.wait_for_function("() => window.pencilkitPlayer.game.puzzle.rows === 7")
    assert not page.locator("#generating").is_visible()
