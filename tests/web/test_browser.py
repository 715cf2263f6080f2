"""The web player in a real browser: headless Chromium driven by Playwright.

Each test starts from a fresh browser context (empty localStorage), plays
through the page as a person would (clicks, a drag, taps, keys) and reads the
result off the page.  The expected answers come from pencilkit's own solver,
never from the page.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

import pencilkit
from pencilkit.puzzle import Puzzle

from .conftest import LiveServer, Shots

pytestmark = pytest.mark.usefixtures("browser")

KURODOKO_URL = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i"
HEYAWAKE = "heyawake:4x4:.,0,.,.,.,2,.,.,.,.,.,.,.,.,.,.:0,1,1,1,0,2,3,3,0,2,3,3,0,2,3,3"
"""Four rooms: column 1, the rest of row 1 (a 0 on r1c2), the rest of column 2 (a 2 on r2c2, black in
the solution) and a 3x2 block; its solution is ``----/-#--/--#-/-#--``."""


def with_drag_run(rows: int, cols: int) -> tuple[Puzzle, list[str], list[int]]:
    """A generated puzzle, its solution, and a row run of 3+ shaded cells to paint with one drag."""
    for seed in range(100):
        made = pencilkit.generate("nurikabe", rows, cols, "easy", seed=seed)[0]
        solution = made.solution.to_rows()
        for r, row in enumerate(solution):
            start = row.find("###")
            if start >= 0:
                end = start
                while end < cols and row[end] == "#":
                    end += 1
                return made.puzzle, solution, [r * cols + c for c in range(start, end)]
    raise AssertionError("no seed gave a puzzle with a run of three sea cells")


def open_puzzle(page: Any, server: LiveServer, puzzle_id: str) -> None:
    """Open the player on a puzzle (through the address's #fragment) and wait until it is solved server-side."""
    page.goto(f"{server.url}/#{quote(puzzle_id, safe=':,.?')}")
    page.wait_for_function("id => window.pencilkitPlayer?.game?.puzzle?.id === id", arg=puzzle_id)
    page.wait_for_function("() => window.pencilkitPlayer.game.status !== null")


def marks(page: Any) -> list[int]:
    return page.evaluate("() => window.pencilkitPlayer.game.marks.slice()")


def cell(page: Any, index: int) -> Any:
    return page.locator(f'rect.cell[data-cell="{index}"]')


def centre(page: Any, index: int) -> tuple[float, float]:
    box = cell(page, index).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, cells: list[int]) -> None:
    x0, y0 = centre(page, cells[0])
    x1, y1 = centre(page, cells[-1])
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def status(page: Any) -> str:
    return page.locator("#status").inner_text()


def test_play_to_solved_by_clicks_and_a_drag(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    puzzle, solution, run = with_drag_run(6, 6)
    open_puzzle(page, live_server, puzzle.id())
    cols = puzzle.cols
    drag(page, run)
    after_drag = marks(page)
    assert [after_drag[i] for i in run] == [1] * len(run), "the drag paints the run with the first cell's state"
    shots.take("after-drag")
    sea = [i for i, ch in enumerate("".join(solution)) if ch == "#" and i not in run]
    for index in sea[:-1]:
        cell(page, index).click()
    assert "Solved" not in status(page)
    cell(page, sea[-1]).click()
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('Solved')")
    assert page.locator("#board.solved").count() == 1
    final = marks(page)
    assert [i for i, m in enumerate(final) if m == 1] == sorted(run + sea)
    assert all(final[r * cols + c] == 0 for r in range(puzzle.rows) for c in range(cols)
               if solution[r][c] == "-")
    # a click on a solved board's cell cycles it on, and "solved" goes away
    land = next(i for i, ch in enumerate("".join(solution)) if ch == "-" and puzzle.token(i) == ".")
    cell(page, land).click()
    assert "Solved" not in status(page)


def test_a_click_cycles_shade_dot_clear_and_undo_redo(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    puzzle, _, _ = with_drag_run(5, 5)
    open_puzzle(page, live_server, puzzle.id())
    free = next(i for i in range(puzzle.grid.size) if puzzle.token(i) == ".")
    seen = []
    for _ in range(3):
        cell(page, free).click()
        seen.append(marks(page)[free])
    assert seen == [1, 2, 0]
    shots.take("cycled")
    page.click("#undo")
    assert marks(page)[free] == 2
    page.click("#undo")
    page.click("#undo")
    assert marks(page)[free] == 0
    page.click("#redo")
    assert marks(page)[free] == 1
    clue = next(i for i in range(puzzle.grid.size) if puzzle.token(i) != ".")
    cell(page, clue).click()
    assert marks(page)[clue] == 0, "a clue cell takes no mark"


def test_keyboard_play(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    puzzle = Puzzle.from_id("nurikabe:3x3:.,.,.,.,.,.,5,.,1")
    open_puzzle(page, live_server, puzzle.id())
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")  # r2c2
    page.keyboard.press(" ")
    page.keyboard.press("ArrowRight")  # r2c3
    page.keyboard.press("x")
    page.keyboard.press("ArrowUp")  # r1c3
    page.keyboard.press(".")
    assert marks(page) == [0, 0, 2, 0, 1, 2, 0, 0, 0]
    page.keyboard.press("Backspace")
    assert marks(page)[2] == 0
    shots.take("cursor")
    page.keyboard.press("Control+z")
    assert marks(page)[2] == 2
    page.keyboard.press("Control+y")
    assert marks(page)[2] == 0


def test_hint_gives_the_next_deduction_and_names_a_wrong_mark(live_server: LiveServer,
                                                              desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    puzzle, solution, _ = with_drag_run(6, 6)
    open_puzzle(page, live_server, puzzle.id())
    flat = "".join(solution)
    page.click("#hint")
    page.wait_for_selector("#message:not([hidden])")
    text = page.locator("#message").inner_text()
    assert text.startswith("Hint (")
    drawn = page.locator(".overlay rect.mark")
    assert drawn.count() >= 1
    shots.take("hint")
    hint = page.evaluate("() => window.pencilkitPlayer.hint")
    assert hint["kind"] == "step"
    assert all(flat[i] == "#" for i in hint["shade"]) and all(flat[i] == "-" for i in hint["unshade"])
    page.click("#apply")
    after = marks(page)
    assert all(after[i] == 1 for i in hint["shade"]) and all(after[i] == 2 for i in hint["unshade"] if puzzle.token(i) == ".")
    wrong = next(i for i, ch in enumerate(flat) if ch == "-" and puzzle.token(i) == "." and after[i] == 0)
    cell(page, wrong).click()
    page.click("#hint")
    page.wait_for_function("() => window.pencilkitPlayer.hint?.kind === 'mistake'")
    message = page.locator("#message").inner_text()
    assert puzzle.grid.name(wrong) in message and "wrong" in message
    assert page.locator(".overlay path.cross").count() == 1
    shots.take("mistake")


def test_check_shows_the_broken_rule_on_the_board(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    puzzle = Puzzle.from_id("nurikabe:5x5:2,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,9")
    open_puzzle(page, live_server, puzzle.id())
    block = [6, 7, 11, 12]  # r2c2, r2c3, r3c2, r3c3: a 2x2 pool
    for index in block:
        cell(page, index).click()
    page.click("#check")
    page.wait_for_selector("#message li")
    assert "broken by your marks" in page.locator("#message-text").inner_text()
    items = page.locator("#message li").all_inner_texts()
    assert items[0].startswith("R4"), items
    drawn = sorted(int(x) for x in page.locator(".overlay rect.violation").evaluate_all(
        "els => els.map(e => e.dataset.cell)"))
    assert drawn == block, "the broken rule is drawn on the board"
    shots.take("violation")
    assert "Solved" not in status(page)
    page.click("#undo")  # three sea cells: nothing wrong with the marks made, whatever the rest will be
    page.click("#check")
    page.wait_for_function("() => document.querySelector('#message-text').textContent.includes('Nothing is wrong')")
    assert page.locator("#message-text").inner_text() == "Nothing is wrong with your marks so far."
    assert page.locator("#message li").count() == 0 and page.locator(".overlay rect").count() == 0


def test_a_text_grid_pastes_with_its_lines(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, _ = desktop
    page.goto(live_server.url + "/")
    page.wait_for_function("() => window.pencilkitPlayer?.game?.puzzle")
    page.fill("#paste", "genre: nurikabe\ngrid:\n..3\n...\n1..")
    page.focus("#paste")
    page.keyboard.press("Enter")
    expected = pencilkit.parse("genre: nurikabe\ngrid:\n..3\n...\n1..")
    page.wait_for_function("id => window.pencilkitPlayer.game.puzzle.id === id", arg=expected.id())


def test_the_header_says_when_a_puzzle_is_not_unique(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, _ = desktop
    open_puzzle(page, live_server, "nurikabe:3x3:.,.,.,.,4,.,.,.,.")
    page.wait_for_function("() => window.pencilkitPlayer.game.status === 'multiple'")
    kicker = page.locator("#kicker").inner_text().lower()
    assert "more than one solution" in kicker and "unique" not in kicker
    page.fill("#paste", "nurikabe:3x3:.,.,.,.,.,.,5,.,1")
    page.click("#paste-play")
    page.wait_for_function("() => window.pencilkitPlayer.game.status === 'unique'")
    assert "unique solution" in page.locator("#kicker").inner_text().lower()


def test_an_empty_size_is_refused_before_asking_the_server(live_server: LiveServer,
                                                          desktop: tuple[Any, Shots]) -> None:
    page, _ = desktop
    page.goto(live_server.url + "/")
    page.wait_for_function("() => window.pencilkitPlayer?.game?.puzzle")
    page.fill("#rows", "")
    page.click("#new-puzzle")
    page.wait_for_selector("#message:not([hidden])")
    assert "whole numbers from 1 to" in page.locator("#message").inner_text()


def test_progress_is_kept_across_a_reload(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    puzzle, _, run = with_drag_run(5, 5)
    open_puzzle(page, live_server, puzzle.id())
    drag(page, run)
    free = next(i for i in range(puzzle.grid.size) if puzzle.token(i) == "." and i not in run)
    cell(page, free).click()
    cell(page, free).click()  # a dot
    before = marks(page)
    page.wait_for_timeout(1200)
    page.goto(live_server.url + "/")
    page.wait_for_function("id => window.pencilkitPlayer?.game?.puzzle?.id === id", arg=puzzle.id())
    assert marks(page) == before
    shots.take("reloaded")
    assert page.locator("rect.cell.shaded").count() == len(run)
    assert page.locator("circle.dot.on").count() == 1
    elapsed = page.evaluate("() => window.pencilkitPlayer.game.elapsed")
    assert elapsed >= 1000, "the timer carries on from where it was"
    page.click("#undo")
    assert marks(page)[free] == 1, "the history survives the reload too"
    kept = marks(page)
    other = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
    page.fill("#paste", other)
    page.click("#paste-play")
    page.wait_for_function("id => window.pencilkitPlayer.game.puzzle.id === id", arg=other)
    cell(page, 4).click()
    page.reload()
    page.wait_for_function("id => window.pencilkitPlayer?.game?.puzzle?.id === id", arg=other)
    assert marks(page)[4] == 1, "a reload opens the puzzle played last"
    page.fill("#paste", puzzle.id())
    page.click("#paste-play")
    page.wait_for_function("id => window.pencilkitPlayer.game.puzzle.id === id", arg=puzzle.id())
    assert marks(page) == kept, "a puzzle played before resumes where it was left"


def test_paste_an_id_and_a_puzzlink_url(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    page.goto(live_server.url + "/")
    page.wait_for_function("() => window.pencilkitPlayer?.game?.puzzle")
    page.fill("#paste", KURODOKO_URL)
    page.click("#paste-play")
    expected = pencilkit.parse(KURODOKO_URL)
    page.wait_for_function("id => window.pencilkitPlayer.game.puzzle.id === id", arg=expected.id())
    assert page.locator("#title").inner_text() == "Kurodoko"
    assert page.locator("text.numeral").count() == len(expected.clues)
    page.wait_for_function("() => window.pencilkitPlayer.game.status === 'unique'")
    genres = {g["name"]: g for g in page.evaluate("() => window.pencilkitPlayer.genres")}
    if not genres["kurodoko"]["generate"]:
        note = page.locator("#generate-note")
        assert note.is_visible() and "not available" in note.inner_text()
    shots.take("kurodoko")
    # play it to the end by clicks: the solver's answer
    solved = pencilkit.solve(expected).answer
    assert solved is not None
    solution = "".join(solved.to_rows())
    for index, ch in enumerate(solution):
        if ch == "#":
            cell(page, index).click()
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('Solved')")
    page.fill("#paste", "nurikabe:3x3:.,.,.,.,.,.,5,.,1")
    page.click("#paste-play")
    page.wait_for_function("() => window.pencilkitPlayer.game.puzzle.id === 'nurikabe:3x3:.,.,.,.,.,.,5,.,1'")
    page.fill("#paste", "nurikabe:3x3:.,.,0")
    page.click("#paste-play")
    page.wait_for_selector("#message:not([hidden])")
    assert "cannot be read" in page.locator("#message").inner_text()


def test_new_puzzle_from_a_preset(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    page.goto(live_server.url + "/")
    page.wait_for_function("() => window.pencilkitPlayer?.game?.puzzle")
    page.click("#presets button[data-level='medium']")
    page.wait_for_function("() => window.pencilkitPlayer.game.puzzle.rows === 8 && window.pencilkitPlayer.game.rating")
    game = page.evaluate("() => window.pencilkitPlayer.game")
    assert game["rating"] == "medium" and game["puzzle"]["cols"] == 8
    solved = pencilkit.solve(Puzzle.from_id(game["puzzle"]["id"]))
    assert solved.answer is not None and solved.rating is not None
    assert solved.answer.to_rows() == game["solution"] and solved.rating.label == "medium"
    page.once("dialog", lambda dialog: dialog.accept())  # Show solution asks first
    page.click("#solution")
    assert "Solution shown" in status(page)
    assert page.locator("rect.cell.shaded").count() == "".join(game["solution"]).count("#")
    shots.take("solution")


def test_a_phone_plays_by_touch(live_server: LiveServer, phone: tuple[Any, Shots]) -> None:
    page, shots = phone
    puzzle = Puzzle.from_id("nurikabe:3x3:.,.,.,.,.,.,5,.,1")
    open_puzzle(page, live_server, puzzle.id())
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, "nothing sticks out sideways on a phone"
    box = page.locator("#board").bounding_box()
    assert box is not None and box["width"] >= 300
    for index in (4, 5, 7):  # r2c2, r2c3, r3c2: the solution's sea
        x, y = centre(page, index)
        page.touchscreen.tap(x, y)
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('Solved')")
    shots.take("solved")


def test_a_genre_without_a_generator_says_so_and_can_still_be_pasted(live_server: LiveServer,
                                                                     desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop

    def without_kurodoko_generator(route: Any) -> None:
        response = route.fetch()
        info = response.json()
        for genre in info["genres"]:
            if genre["name"] == "kurodoko":
                genre["generate"] = False
        route.fulfill(response=response, json=info)

    page.route("**/api/genres", without_kurodoko_generator)
    open_puzzle(page, live_server, "nurikabe:3x3:.,.,.,.,.,.,5,.,1")
    page.select_option("#genre", "kurodoko")
    note = page.locator("#generate-note")
    assert note.is_visible() and "not available for Kurodoko" in note.inner_text()
    assert page.locator("#presets button:disabled").count() == 3 and page.locator("#new-puzzle").is_disabled()
    shots.take("note")
    page.fill("#paste", KURODOKO_URL)
    page.click("#paste-play")
    page.wait_for_function("() => window.pencilkitPlayer.game.puzzle.genre === 'kurodoko'")
    page.select_option("#genre", "nurikabe")
    assert not note.is_visible() and not page.locator("#new-puzzle").is_disabled()


def test_a_symmetric_puzzle_from_the_form(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    from pencilkit.frame.symmetry import Symmetry

    page, shots = desktop
    page.goto(live_server.url + "/")
    page.wait_for_function("() => window.pencilkitPlayer?.game?.puzzle")
    first = page.evaluate("() => window.pencilkitPlayer.game.puzzle.id")
    page.fill("#rows", "7")
    page.fill("#cols", "7")
    page.select_option("#level", "medium")
    page.select_option("#symmetry", "rot2")
    page.click("#new-puzzle")
    page.wait_for_function("(first) => window.pencilkitPlayer.game.puzzle.id !== first && "
                           "window.pencilkitPlayer.game.rating === 'medium'", arg=first)
    game = page.evaluate("() => window.pencilkitPlayer.game")
    puzzle = Puzzle.from_id(game["puzzle"]["id"])
    assert game["rating"] == "medium" and Symmetry.ROT2.holds(7, 7, puzzle.clue_mask)
    # a symmetry the board cannot have is refused in words, and the puzzle stays
    page.fill("#cols", "8")
    page.select_option("#symmetry", "mirror")
    page.click("#new-puzzle")
    page.wait_for_function("() => document.querySelector('#message-text').textContent.includes('middle columns')")
    assert page.evaluate("() => window.pencilkitPlayer.game.puzzle.id") == puzzle.id()
    shots.take("symmetric")


def test_kurodoko_from_a_preset(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, "nurikabe:3x3:.,.,.,.,.,.,5,.,1")
    genres = {g["name"]: g for g in page.evaluate("() => window.pencilkitPlayer.genres")}
    if not genres["kurodoko"]["generate"]:
        pytest.skip("Kurodoko has no generator yet")
    page.select_option("#genre", "kurodoko")
    page.click("#presets button[data-level='easy']")
    page.wait_for_function("() => window.pencilkitPlayer.game.puzzle.genre === 'kurodoko'")
    game = page.evaluate("() => window.pencilkitPlayer.game")
    assert (game["puzzle"]["rows"], game["rating"]) == (7, "easy")
    assert page.locator("#title").inner_text() == "Kurodoko"
    page.click("#hint")
    page.wait_for_function("() => window.pencilkitPlayer.hint?.kind === 'step'")
    shots.take("hint")


def numeral_fill(page: Any, index: int) -> str:
    return str(page.locator(f'text.numeral[data-cell="{index}"]').evaluate("e => getComputedStyle(e).fill"))


def test_heyawake_rooms_a_black_number_check_and_hint(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    puzzle = Puzzle.from_id(HEYAWAKE)
    solved = pencilkit.solve(puzzle).answer
    assert solved is not None
    solution = "".join(solved.to_rows())
    open_puzzle(page, live_server, HEYAWAKE)
    assert page.locator("#title").inner_text() == "Heyawake"
    assert page.evaluate("() => window.pencilkitPlayer.game.puzzle.rooms") == list(puzzle.rooms or ())
    walls = page.locator(".lines path.rooms").get_attribute("d") or ""
    # one straight run for each wall: left of column 2, left of column 3 below row 1, below row 1 right of column 1
    assert walls.count("M") == 3, walls
    assert page.locator("text.numeral").all_text_contents() == ["0", "2"]
    two, zero = 5, 1
    assert solution[two] == "#" and solution[zero] == "-"
    assert numeral_fill(page, two) != "rgb(255, 255, 255)"
    cell(page, two).click()
    assert marks(page)[two] == 1, "a Heyawake number's cell is shaded like any other"
    assert page.locator(f'rect.cell.shaded[data-cell="{two}"]').count() == 1
    assert numeral_fill(page, two) == "rgb(255, 255, 255)", "a number on a black cell is drawn white"
    cell(page, zero).click()
    cell(page, zero).click()
    assert marks(page)[zero] == 2, "a number's cell takes a dot too"
    shots.take("black-number")
    cell(page, 6).click()  # r2c3 beside the black 2: two black cells touch
    page.click("#check")
    page.wait_for_selector("#message li")
    assert "broken by your marks" in page.locator("#message-text").inner_text()
    assert page.locator("#message li").all_inner_texts()[0].startswith("R1")
    drawn = sorted(int(x) for x in page.locator(".overlay rect.violation").evaluate_all(
        "els => els.map(e => e.dataset.cell)"))
    assert drawn == [two, 6]
    shots.take("touching")
    page.click("#undo")
    page.click("#check")
    page.wait_for_function("() => document.querySelector('#message-text').textContent.includes('Nothing is wrong')")
    page.click("#hint")
    page.wait_for_function("() => window.pencilkitPlayer.hint?.kind === 'step'")
    hint = page.evaluate("() => window.pencilkitPlayer.hint")
    assert hint["shade"] or hint["unshade"]
    assert all(solution[i] == "#" for i in hint["shade"]) and all(solution[i] == "-" for i in hint["unshade"])
    assert page.locator("#message").inner_text().startswith("Hint (")
    shots.take("hint")
    page.click("#apply")
    after = marks(page)
    assert all(after[i] == 1 for i in hint["shade"]) and all(after[i] == 2 for i in hint["unshade"])
    for index, ch in enumerate(solution):
        if ch == "#" and marks(page)[index] != 1:
            cell(page, index).click()
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('Solved')")
    assert numeral_fill(page, two) == "rgb(255, 255, 255)"


def test_heyawake_from_a_preset(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    """A Heyawake preset plays a generated board of rooms, or (no generator, or none found in the time
    budget) says so in words and keeps the game being played."""
    page, shots = desktop
    before = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
    open_puzzle(page, live_server, before)
    genres = {g["name"]: g for g in page.evaluate("() => window.pencilkitPlayer.genres")}
    page.select_option("#genre", "heyawake")
    if not genres["heyawake"]["generate"]:
        note = page.locator("#generate-note")
        assert note.is_visible() and "not available for Heyawake" in note.inner_text()
        assert page.locator("#new-puzzle").is_disabled()
        return
    page.click("#presets button[data-level='easy']")
    page.wait_for_function("() => window.pencilkitPlayer.game.puzzle.genre === 'heyawake' || "
                           "document.querySelector('#message-text').textContent.startsWith('No new puzzle')",
                           timeout=90_000)
    game = page.evaluate("() => window.pencilkitPlayer.game")
    if game["puzzle"]["genre"] != "heyawake":
        message = page.locator("#message-text").inner_text()
        assert "try a smaller board" in message, message
        assert game["puzzle"]["id"] == before and page.locator("#title").inner_text() == "Nurikabe"
        shots.take("no-puzzle")
        return
    assert (game["puzzle"]["rows"], game["rating"]) == (7, "easy")
    assert len(game["puzzle"]["rooms"]) == 49 and page.locator(".lines path.rooms").count() == 1
    page.once("dialog", lambda dialog: dialog.accept())  # Show solution asks first
    page.click("#solution")
    assert page.locator("rect.cell.shaded").count() == "".join(game["solution"]).count("#")
    shots.take("solution")
