"""Hitori in the web player and the editor: the API through its test client, the page in headless Chromium
(as test_browser.py).

What /api/genres says of Hitori (a number in every cell, any of them may be black, its own New puzzle
sizes); a pasted Hitori played to "solved" by clicks, a numbered cell shaded (its number drawn white) and
dotted (a ring around its number), a hint and a check in Hitori's words; the Hitori presets of the New puzzle
form; a 12x12 Hitori with its messages inside the window at 1920x1080, 1366x768 and a 390x844 phone; and in
the editor, numbers typed cell after cell (two digits make one number), a typed puzzle inspected as unique
and played.  What the page shows is checked against pencilkit's own answers.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from starlette.testclient import TestClient

import pencilkit
from pencilkit.puzzle import Puzzle
from pencilkit.web.limits import Limits

from ..conftest import load_corpus
from .conftest import LiveServer, Shots, api_client, open_page, post
from .test_browser import cell, marks, numeral_fill, open_puzzle, status
from .test_editor_browser import editor_id, new_board, open_editor
from .test_editor_browser import cell as editor_cell
from .test_editor_browser import settle as inspected
from .test_player_polish import SMALL, settle
from .test_player_screen import SIZES, assert_inside, message_shows

HITORI = "hitori:3x3:2,2,3,3,1,3,3,3,2"
HITORI_SOLUTION = ["#--", "--#", "#--"]
"""Black r1c1, r2c3 and r3c1 (cells 0, 5 and 6)."""
BLACK = [0, 5, 6]
WHITE_TEXT = "rgb(255, 255, 255)"


@cache
def hitori_12x12() -> str:
    """A generated 12x12 Hitori (the same on every run)."""
    return pencilkit.generate("hitori", 12, 12, "easy", seed=1)[0].puzzle.id()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with api_client(Limits(max_side=20, max_generate_side=15)) as c:
        yield c


# -- the API ---------------------------------------------------------------------------


def test_the_genres_tell_the_page_of_hitori(client: TestClient) -> None:
    hitori = {g["name"]: g for g in client.get("/api/genres").json()["genres"]}["hitori"]
    assert (hitori["title"], hitori["rooms"], hitori["circled"]) == ("Hitori", False, False)
    assert hitori["shaded_clues"] is True and hitori["filled"] is True
    assert [(p["level"], p["rows"]) for p in hitori["presets"]] == [
        ("easy", 5), ("medium", 8), ("hard", 10), ("expert", 10), ("hard", 15)]
    assert all(p["rows"] == p["cols"] for p in hitori["presets"])


def test_a_hitori_parses_with_every_cell_free(client: TestClient) -> None:
    code, data = post(client, "parse", {"text": HITORI})
    assert code == 200, data
    puzzle = data["puzzle"]
    assert puzzle["tokens"] == HITORI.split(":")[2].split(",")
    assert puzzle["fixed"] == [], "no Hitori number keeps its cell white"
    assert (puzzle["title"], puzzle["words"], puzzle["rooms"]) == ("Hitori", ["black", "white"], None)
    code, data = post(client, "solve", {"puzzle": HITORI})
    assert code == 200 and data["status"] == "unique" and data["solution"] == HITORI_SOLUTION


def test_check_and_hint_speak_of_hitori_rules(client: TestClient) -> None:
    code, data = post(client, "check", {"puzzle": HITORI, "answer": ["---", "---", "---"]})
    assert code == 200 and not data["correct"]
    assert {v["rule"] for v in data["violations"]} == {"R1"}
    assert all(v["title"] == "no repeats" and "appears more than once" in v["message"] for v in data["violations"])
    code, data = post(client, "check", {"puzzle": HITORI, "answer": ["##.", "...", "..."]})
    certain = [v for v in data["violations"] if v["certain"]]
    assert [(v["rule"], v["indices"]) for v in certain] == [("R2", [0, 1])], data
    code, data = post(client, "check", {"puzzle": HITORI, "answer": HITORI_SOLUTION})
    assert code == 200 and data["correct"] and not data["violations"]
    code, hint = post(client, "hint", {"puzzle": HITORI, "answer": ["...", "...", "..."]})
    assert code == 200 and hint["kind"] == "step", hint
    solution = "".join(HITORI_SOLUTION)
    assert hint["shade"] or hint["unshade"]
    assert all(solution[i] == "#" for i in hint["shade"]) and all(solution[i] == "-" for i in hint["unshade"])
    code, hint = post(client, "hint", {"puzzle": HITORI, "answer": ["-..", "...", "..."]})
    assert code == 200 and hint["kind"] == "mistake" and hint["unshade"] == [0], hint


def test_published_hitori_solve_as_published(client: TestClient) -> None:
    entries = [e for e in load_corpus("hitori") if e["rows"] <= 12 and e["cols"] <= 12][:6]
    assert entries
    for entry in entries:
        code, data = post(client, "solve", {"puzzle": entry["puzzle"]})
        assert code == 200 and data["status"] == "unique", (entry["name"], data)
        assert data["solution"] == entry["solution"], entry["name"]


def test_a_hitori_generates(client: TestClient) -> None:
    code, data = post(client, "generate", {"genre": "hitori", "rows": 5, "cols": 5, "level": "easy", "seed": 3})
    assert code == 200, data
    puzzle = Puzzle.from_id(data["puzzle"]["id"])
    assert (puzzle.genre, puzzle.rows, puzzle.cols) == ("hitori", 5, 5)
    assert all(token != "." for token in puzzle.tokens()), "a number in every cell"
    solved = pencilkit.solve(puzzle)
    assert solved.answer is not None and solved.answer.to_rows() == data["generated"]["solution"]


# -- the player ----------------------------------------------------------------------------


def paste(page: Any, text: str) -> None:
    """Play a puzzle pasted in the box under the board, and wait until the server has solved it."""
    page.fill("#paste", text)
    page.click("#paste-play")
    page.wait_for_function("id => window.pencilkitPlayer.game.puzzle.id === id", arg=text)
    page.wait_for_function("() => window.pencilkitPlayer.game.status !== null")


def test_a_pasted_hitori_plays_to_solved(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, SMALL)
    paste(page, HITORI)
    assert page.locator("#title").inner_text() == "Hitori"
    assert "appears twice" in page.locator("#blurb").inner_text()
    assert page.locator("text.numeral").all_text_contents() == list("223313332")
    assert page.locator("rect.cell.fixed").count() == 0, "every Hitori cell takes marks"
    # a hint first: Hitori's technique and its words
    page.click("#hint")
    page.wait_for_function("() => window.pencilkitPlayer.hint?.kind === 'step'")
    hint = page.evaluate("() => window.pencilkitPlayer.hint")
    assert page.locator("#message-text").inner_text().startswith(f"Hint ({hint['level']} · ")
    assert "r2c2" in page.locator("#message").inner_text()
    shots.take("hint")
    page.click("#apply")
    assert all(marks(page)[i] == 2 for i in hint["unshade"]) and all(marks(page)[i] == 1 for i in hint["shade"])
    # a numbered cell is shaded like any other, its number drawn white
    assert numeral_fill(page, 0) != WHITE_TEXT
    cell(page, 0).click()
    assert marks(page)[0] == 1 and page.locator('rect.cell.shaded[data-cell="0"]').count() == 1
    assert numeral_fill(page, 0) == WHITE_TEXT, "a number on a black cell is drawn white"
    # and dotted: a ring around its number
    cell(page, 8).click()
    cell(page, 8).click()
    assert marks(page)[8] == 2
    assert page.locator(".dot.ring-dot.on").count() == 1 + len(hint["unshade"])
    # two black cells side by side: Check names Hitori's rule
    cell(page, 1).click()
    page.click("#check")
    page.wait_for_selector("#message li")
    first = page.locator("#message li").all_inner_texts()[0]
    assert first.startswith("R2 no touching blacks"), first
    shots.take("touching")
    page.click("#undo")
    for index in BLACK[1:]:
        cell(page, index).click()
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('Solved')")
    assert [i for i, m in enumerate(marks(page)) if m == 1] == BLACK
    assert all(numeral_fill(page, i) == WHITE_TEXT for i in BLACK)
    shots.take("solved")


def test_hitori_presets_in_the_new_puzzle_form(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_puzzle(page, live_server, SMALL)
    usual = page.locator("#presets button").all_text_contents()
    page.select_option("#genre", "hitori")
    assert page.locator("#presets button").all_text_contents() == [
        "Easy 5×5", "Medium 8×8", "Hard 10×10", "Expert 10×10", "Hard 15×15"]
    page.click("#presets button[data-level='easy'][data-rows='5']")
    page.wait_for_function("() => window.pencilkitPlayer.game.puzzle.genre === 'hitori'", timeout=60_000)
    game = page.evaluate("() => window.pencilkitPlayer.game")
    assert (game["puzzle"]["rows"], game["puzzle"]["cols"], game["rating"]) == (5, 5, "easy")
    assert page.locator("text.numeral").count() == 25
    solved = pencilkit.solve(Puzzle.from_id(game["puzzle"]["id"]))
    assert solved.answer is not None and solved.answer.to_rows() == game["solution"]
    page.once("dialog", lambda dialog: dialog.accept())  # Show solution asks first
    page.click("#solution")
    assert page.locator("rect.cell.shaded").count() == "".join(game["solution"]).count("#")
    shots.take("solution")
    page.select_option("#genre", "nurikabe")
    assert page.locator("#presets button").all_text_contents() == usual


@pytest.fixture(params=list(SIZES))
def screen(browser: Any, request: pytest.FixtureRequest) -> Iterator[tuple[Any, Shots]]:
    yield from open_page(browser, request, **SIZES[request.param])


def test_a_12x12_hitori_and_its_messages_fit_the_screen(live_server: LiveServer,
                                                        screen: tuple[Any, Shots]) -> None:
    page, shots = screen
    open_puzzle(page, live_server, hitori_12x12())
    settle(page)
    assert page.locator("text.numeral").count() == 144
    board = assert_inside(page, "#board", "the fitted 12x12 Hitori")
    width = page.evaluate("() => window.innerWidth")
    assert board["width"] >= min(300, width - 60), "the board is not shrunk to nothing"
    shots.take("fit")
    page.click("#hint")
    page.wait_for_function("() => window.pencilkitPlayer.hint !== null")
    message_shows(page, shots, "hint")
    cell(page, 0).click()
    cell(page, 1).click()
    page.click("#check")
    page.wait_for_selector("#message li")
    message_shows(page, shots, "check")
    assert page.locator("#message li").all_inner_texts()[0].startswith("R2")


# -- the editor ----------------------------------------------------------------------------


def tokens(page: Any) -> list[str]:
    found: list[str] = page.evaluate("() => window.pencilkitEditor.state.tokens.slice()")
    return found


def test_the_editor_types_hitori_numbers_cell_after_cell(live_server: LiveServer,
                                                          desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "hitori", 12, 12)
    assert "every cell" in page.locator("#editor-detail").inner_text()
    editor_cell(page, 0).click()
    for key in "12":  # 1, then 2: the 12 (the largest on a 12x12 board), and the cursor moves on
        page.keyboard.press(key)
    assert tokens(page)[:2] == ["12", "."]
    assert page.evaluate("() => window.pencilkitEditor.cursor") == 1
    for key in "1590":  # 1 then 5 is no number here: the 5 starts the next cell; a 9 is done; no 0
        page.keyboard.press(key)
    assert tokens(page)[:5] == ["12", "1", "5", "9", "."]
    for key in "10":
        page.keyboard.press(key)
    assert tokens(page)[:5] == ["12", "1", "5", "9", "10"]
    assert page.evaluate("() => window.pencilkitEditor.cursor") == 5
    shots.take("typed")
    # a click on a cell, then digits, writes there; Backspace takes a digit away
    editor_cell(page, 20).click()
    page.keyboard.press("1")
    page.keyboard.press("1")
    assert tokens(page)[20] == "11"
    editor_cell(page, 0).click()
    page.keyboard.press("Backspace")
    assert tokens(page)[0] == "1"


def test_the_editor_makes_a_hitori_that_plays(live_server: LiveServer, desktop: tuple[Any, Shots]) -> None:
    page, shots = desktop
    open_editor(page, live_server)
    new_board(page, "hitori", 3, 3)
    editor_cell(page, 0).click()
    for key in "22331333":
        page.keyboard.press(key)
    assert editor_id(page) == "hitori:3x3:2,2,3,3,1,3,3,3,."
    assert inspected(page) in ("several", "unique", "none")
    page.keyboard.press("2")
    assert editor_id(page) == HITORI
    assert inspected(page) == "unique"
    expected = pencilkit.inspect(Puzzle.from_id(HITORI)).to_json()
    found = page.evaluate("() => window.pencilkitEditor.result.inspection")
    assert found["status"] == expected["status"] == "unique"
    assert found["solutions"] == expected["solutions"] == [HITORI_SOLUTION]
    assert page.locator("#editor-status").inner_text().startswith("Unique")
    # the solution shown: the black cells faint under their numbers
    page.click('#editor-views button[data-view="0"]')
    shaded = sorted(int(x) for x in page.eval_on_selector_all(".ed-shade", "els => els.map(e => e.dataset.cell)"))
    assert shaded == BLACK
    shots.take("unique")
    page.click("#editor-play")
    page.wait_for_function("id => window.pencilkitPlayer.game.puzzle.id === id", arg=HITORI)
    page.wait_for_function("() => window.pencilkitPlayer.game.status === 'unique'")
    assert page.locator("#title").inner_text() == "Hitori"
    for index in BLACK:
        cell(page, index).click()
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('Solved')")
    assert "Solved" in status(page)
    shots.take("played")
