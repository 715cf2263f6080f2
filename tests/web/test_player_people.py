"""What people ran into in the player (headless Chromium, as test_browser.py; the API through its test client):
Show solution asks first and Undo takes it back to the game; big expert boards generate in the default wait,
and a wait that runs out says so in the words of the "Wait up to" menu; a paste that names no genre plays
once one is chosen beside the box; a drag paints as the puzzle apps do (erasing from a shaded cell, deciding
past a clue); Kurodoko clues are circled; the solved message leaves the board where it is, the buttons rest
while paused, Hint and Check give the focus back to the board, the keys h and c, and rows named "Row 3".

Each test fails on the page as it was before these changes.
"""

from __future__ import annotations

from typing import Any

import pytest

from pencilkit.formats import read_puzzle
from pencilkit.web.limits import Limits

from ..formats.real_data import PENPA_NURIKABE
from .conftest import LiveServer, Shots, api_client, open_page, post
from .test_browser import KURODOKO_URL, cell, centre, marks, open_puzzle, status
from .test_player_polish import FIVE, SMALL, box, settle
from .test_player_screen import SIZES, assert_inside

SOLVED_SMALL = [4, 5, 7]
"""The sea of SMALL: tapping these cells solves it."""
FIVE_GRID = "2....\n.....\n.....\n.....\n....9"
"""FIVE as a bare grid of rows, which names no genre."""


@pytest.fixture(params=list(SIZES))
def screen(browser: Any, request: pytest.FixtureRequest) -> Any:
    yield from open_page(browser, request, **SIZES[request.param])


def accept_next(page: Any) -> list[str]:
    """Accept the next dialog; the list its message goes into."""
    asked: list[str] = []

    def accept(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    return asked


def elapsed(page: Any) -> float:
    return float(page.evaluate("() => window.pencilkitPlayer.game.elapsed"))


def focused(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement?.id ?? ''"))


# -- 3. Show solution asks first, and Undo takes it back to the game ----------------------


def test_show_solution_asks_first_and_undo_takes_it_back(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, SMALL)
    cell(page, 4).click()
    page.wait_for_function("() => window.pencilkitPlayer.game.elapsed >= 1100")
    before = marks(page)
    # declined: the game goes on untouched
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#solution")
    assert marks(page) == before and page.evaluate("() => window.pencilkitPlayer.game.shown") is False
    assert "Solution shown" not in status(page) and not page.locator("#pause").is_disabled()
    ticking = elapsed(page)
    page.wait_for_function("t => window.pencilkitPlayer.game.elapsed >= t + 600", arg=ticking)
    # accepted: the solution shows and the timer stops
    asked = accept_next(page)
    page.click("#solution")
    assert asked and "solution" in asked[0].lower()
    assert "Solution shown" in status(page) and marks(page) != before
    assert page.locator("#pause").is_disabled()
    stopped = elapsed(page)
    page.wait_for_timeout(1200)
    assert elapsed(page) == stopped
    shots.take("shown")
    # Undo: the marks come back and the game is on again, its timer running on from where it stopped
    page.click("#undo")
    assert marks(page) == before
    assert page.evaluate("() => window.pencilkitPlayer.game.shown") is False
    assert "Solution shown" not in status(page)
    assert page.locator("#message").is_hidden()
    for button in ("#pause", "#check", "#hint", "#solution", "#redo"):
        assert not page.locator(button).is_disabled(), button
    assert stopped <= elapsed(page) < stopped + 1000
    page.wait_for_function("t => window.pencilkitPlayer.game.elapsed >= t + 900", arg=stopped)
    assert page.locator("#timer").inner_text() != "0:00"
    # Redo shows it again, without asking
    page.click("#redo")
    assert "Solution shown" in status(page) and page.locator("#pause").is_disabled()
    shots.take("redone")


# -- 5. big expert boards in the default wait; a wait that runs out ------------------------


@pytest.mark.parametrize("genre", ["kurodoko", "heyawake"])
def test_a_20x20_expert_board_generates_in_the_default_wait(genre: str) -> None:
    limits = Limits()
    with api_client(limits) as client:
        code, data = post(client, "generate", {"genre": genre, "rows": 20, "cols": 20, "level": "expert",
                                               "time_budget": limits.generate_seconds})
    assert code == 200, data
    assert (data["puzzle"]["genre"], data["puzzle"]["rows"], data["puzzle"]["cols"]) == (genre, 20, 20)
    assert data["generated"]["level"] == "expert"


def test_a_wait_that_runs_out_says_so_in_the_menus_words() -> None:
    with api_client(Limits()) as client:
        code, data = post(client, "generate", {"genre": "kurodoko", "rows": 25, "cols": 25, "level": "expert",
                                               "time_budget": 0.01})
    assert code == 503, data
    message = data["error"]
    assert "the wait of 0.01 s ran out" in message and "Wait up to" in message, message
    assert "time budget" not in message and "attempts" not in message, message
    assert "try a smaller board" in message


def test_a_20x20_expert_kurodoko_from_the_form(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, SMALL)
    page.select_option("#genre", "kurodoko")
    page.fill("#rows", "20")
    page.fill("#cols", "20")
    page.select_option("#level", "expert")
    assert page.eval_on_selector("#wait", "e => e.options[e.selectedIndex].text") == "10 s"
    page.click("#new-puzzle")
    page.wait_for_function("() => window.pencilkitPlayer.game.puzzle.rows === 20 || "
                           "document.querySelector('#message-text').textContent.startsWith('No new puzzle')",
                           timeout=60_000)
    game = page.evaluate("() => window.pencilkitPlayer.game")
    assert (game["puzzle"]["genre"], game["puzzle"]["cols"], game["rating"]) == ("kurodoko", 20, "expert"), \
        page.locator("#message-text").inner_text()
    shots.take("kurodoko-20")


# -- 6. a paste that names no genre ----------------------------------------------------------


def paste(page: Any, text: str) -> None:
    page.fill("#paste", text)
    page.click("#paste-play")


def test_a_penpa_url_without_a_genre_plays_once_one_is_chosen(live_server: LiveServer,
                                                               desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, SMALL)
    paste(page, PENPA_NURIKABE)
    page.wait_for_selector("#message:not([hidden])")
    said = page.locator("#message-text").inner_text()
    assert "names no genre" in said and "Genre menu beside Play" in said and "give one" not in said, said
    assert page.evaluate("() => window.pencilkitPlayer.game.puzzle.id") == SMALL
    assert page.locator("#paste-genre").is_visible()
    shots.take("asked")
    page.select_option("#paste-genre", "nurikabe")
    page.click("#paste-play")
    page.wait_for_function("() => window.pencilkitPlayer.game.puzzle.rows === 10")
    assert page.evaluate("() => window.pencilkitPlayer.game.puzzle.genre") == "nurikabe"


def test_a_bare_grid_plays_once_its_genre_is_chosen(live_server: LiveServer, screen: tuple[Any, Shots]) -> None:
    page, shots = screen
    open_puzzle(page, live_server, SMALL)
    # the paste box, its genre and Play sit inside the window (once scrolled to)
    page.locator("#paste-play").scroll_into_view_if_needed()
    for selector in ("#paste", "#paste-genre", "#paste-play"):
        assert_inside(page, selector, selector)
    labels = page.eval_on_selector("#paste-genre", "e => [...e.options].map(o => o.text)")
    assert labels[0] == "detect" and {"Nurikabe", "Kurodoko", "Heyawake"} <= set(labels), labels
    paste(page, FIVE_GRID)
    page.wait_for_selector("#message:not([hidden])")
    settle(page)
    said = page.locator("#message-text").inner_text()
    assert "choose its genre in the Genre menu beside Play" in said, said
    assert_inside(page, "#message-text", "the message")
    shots.take("asked")
    page.select_option("#paste-genre", "nurikabe")
    page.fill("#paste", FIVE_GRID)
    page.click("#paste-play")
    page.wait_for_function("id => window.pencilkitPlayer.game.puzzle.id === id", arg=FIVE)


# -- 7. a drag paints as the puzzle apps do ----------------------------------------------------


def drag_over(page: Any, cells: list[int]) -> None:
    """Press on the first cell, pass through each of the others, let go on the last."""
    page.mouse.move(*centre(page, cells[0]))
    page.mouse.down()
    for index in cells[1:]:
        page.mouse.move(*centre(page, index), steps=4)
    page.mouse.up()


def test_a_drag_from_a_shaded_cell_erases(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, FIVE)
    run = [5, 6, 7, 8]  # row 2, no clue
    drag_over(page, run)
    assert [marks(page)[i] for i in run] == [1, 1, 1, 1], "from an empty cell the drag shades"
    cell(page, 9).click()
    drag_over(page, [5, 6, 7, 8, 9])
    assert [marks(page)[i] for i in range(5, 10)] == [0] * 5, "from a shaded cell the drag erases"
    shots.take("erased")
    page.click("#undo")
    assert [marks(page)[i] for i in range(5, 10)] == [1] * 5, "the drag is one step"
    # a tap still cycles shade -> dot -> clear, and a drag from a dot erases
    cell(page, 5).click()
    assert marks(page)[5] == 2
    drag_over(page, [5, 6])
    assert marks(page)[5] == 0 and marks(page)[6] == 0


def test_a_drag_from_a_clue_takes_its_action_from_the_next_cell(live_server: LiveServer,
                                                                 desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, FIVE)
    drag_over(page, [0, 1, 2, 3])  # the 2 on r1c1, then three empty cells
    board = marks(page)
    assert board[0] == 0 and [board[i] for i in (1, 2, 3)] == [1, 1, 1]
    shots.take("from-a-clue")
    page.click("#undo")
    assert marks(page) == [0] * 25, "the drag is one step"
    # from a clue onto shaded cells: the drag erases
    drag_over(page, [0, 1, 2])
    drag_over(page, [0, 1, 2])
    assert marks(page) == [0] * 25


# -- 8. Kurodoko clues in circles -------------------------------------------------------------


def test_kurodoko_clues_are_circled_in_the_player(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    puzzle = read_puzzle(KURODOKO_URL)
    open_puzzle(page, live_server, puzzle.id())
    clues = sorted(i for i in range(puzzle.grid.size) if puzzle.token(i) != ".")
    rings = page.locator("#board circle.ring")
    assert sorted(int(x) for x in rings.evaluate_all("els => els.map(e => e.dataset.cell)")) == clues
    for index in clues:
        ring, square = box(page, f'#board circle.ring[data-cell="{index}"]'), box(page, f'rect.cell[data-cell="{index}"]')
        assert abs(ring["x"] + ring["width"] / 2 - (square["x"] + square["width"] / 2)) < 1
        assert 0.6 * square["width"] < ring["width"] < square["width"]
    stroke = rings.first.evaluate("e => getComputedStyle(e).stroke")
    assert stroke not in ("none", "", "rgba(0, 0, 0, 0)"), stroke
    shots.take("circled")
    open_puzzle(page, live_server, SMALL)
    assert page.locator("#board circle.ring").count() == 0, "Nurikabe clues are not circled"


# -- 11. solving, pausing, focus, keys, rows ---------------------------------------------------


def test_the_solved_message_leaves_the_board_where_it_is(live_server: LiveServer,
                                                         screen: tuple[Any, Shots]) -> None:
    page, shots = screen
    open_puzzle(page, live_server, SMALL)
    settle(page)
    top = box(page)["y"]
    for index in SOLVED_SMALL:
        cell(page, index).click()
    page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Solved')")
    settle(page)
    settle(page)
    assert abs(box(page)["y"] - top) < 0.5, "the board stays put when the puzzle is solved"
    assert_inside(page, "#status", "the solved message")
    assert_inside(page, "#board", "the board")
    shots.take("solved")


def test_the_solved_message_on_a_phone_with_a_long_title(live_server: LiveServer, phone: tuple[Any, Shots]) -> None:
    """A title as long as a genre gives (Kurodoko, a 10x10 board and its level) beside the timer and Pause."""
    page, shots = phone
    open_puzzle(page, live_server, SMALL)
    page.evaluate("""() => {
      const player = window.pencilkitPlayer;
      player.game.puzzle.title = "Kurodoko";
      player.game.rating = "expert";
      player.refresh();
    }""")
    settle(page)
    top = box(page)["y"]
    page.evaluate("() => { window.pencilkitPlayer.game.elapsed = 7000; }")
    for index in SOLVED_SMALL:
        cell(page, index).click()
    page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Solved in 0:0')")
    settle(page)
    settle(page)
    assert abs(box(page)["y"] - top) < 0.5, "the board stays put when the puzzle is solved"
    assert_inside(page, "#status", "the solved message")
    shots.take("solved")


def test_the_buttons_rest_while_paused(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, SMALL)
    page.click("#pause")
    for button in ("#check", "#hint", "#solution"):
        assert page.locator(button).is_disabled(), f"{button} looks at rest while paused"
    shots.take("paused")
    page.click("#resume")
    for button in ("#check", "#hint", "#solution"):
        assert not page.locator(button).is_disabled(), button


def test_hint_and_check_give_the_focus_back_to_the_board(live_server: LiveServer,
                                                         desktop: tuple[Any, Shots]) -> None:
    page, _ = desktop
    open_puzzle(page, live_server, SMALL)
    page.click("#hint")
    page.wait_for_function("() => window.pencilkitPlayer.hint !== null")
    assert focused(page) == "board"
    page.click("#check")
    page.wait_for_function("() => document.querySelector('#message-text').textContent.includes('wrong')")
    assert focused(page) == "board"
    # so the board's keys work at once
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    assert sum(1 for m in marks(page) if m == 1) == 1


def test_the_keys_h_and_c_hint_and_check(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, SMALL)
    assert "h hint" in page.locator(".how .keys").inner_text()
    assert "c check" in page.locator(".how .keys").inner_text()
    assert "h hint" in str(page.get_attribute("#board", "aria-label"))
    page.focus("#board")
    page.keyboard.press("h")
    page.wait_for_function("() => window.pencilkitPlayer.hint !== null")
    assert page.locator("#message-text").inner_text().startswith("Hint")
    shots.take("hint")
    page.keyboard.press("c")
    page.wait_for_function("() => document.querySelector('#message-text').textContent.includes('wrong')")
    assert focused(page) == "board"
    # typed in a field, the letters are letters
    ticket = page.evaluate("() => window.pencilkitPlayer.messageTicket")
    page.click("#paste")
    page.keyboard.type("hc")
    page.click("#puzzle-id")
    page.keyboard.press("h")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.pencilkitPlayer.messageTicket") == ticket
    assert page.input_value("#paste") == "hc"


def test_each_row_is_named_by_its_number(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, _ = desktop
    open_puzzle(page, live_server, SMALL)
    for r in (1, 2, 3):
        assert page.get_by_role("row", name=f"Row {r}", exact=True).count() == 1
    row = page.get_by_role("row", name="Row 2", exact=True)
    assert row.get_by_role("gridcell").count() == 3
    assert row.get_by_role("gridcell", name="row 2, column 2, empty", exact=True).count() == 1
    assert cell(page, 6).get_attribute("aria-label") == "row 3, column 1, clue 5"
