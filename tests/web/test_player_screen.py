"""The board and its messages on one screen (headless Chromium, as test_browser.py), at 1920x1080, 1366x768
and a 390x844 phone: Fit sizes the board to the room left below the header (with the Rules open too), the
words of a Hint and a Check show inside the window with the board, and a New puzzle brings the board back on
screen.  Each size and board leaves a screenshot under ``artifacts/screenshots/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import LiveServer, Shots, open_page
from .test_browser import open_puzzle
from .test_player_polish import box, collection_puzzle, settle

pytestmark = pytest.mark.usefixtures("browser")

SIZES = {
    "1920x1080": {"viewport": {"width": 1920, "height": 1080}},
    "1366x768": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 2},
}


@pytest.fixture(params=list(SIZES))
def screen(browser: Any, request: pytest.FixtureRequest) -> Iterator[tuple[Any, Shots]]:
    yield from open_page(browser, request, **SIZES[request.param])


def window(page: Any) -> dict[str, int]:
    return dict(page.evaluate("() => ({ width: window.innerWidth, height: window.innerHeight })"))


def assert_inside(page: Any, selector: str, what: str) -> dict[str, float]:
    found = box(page, selector)
    size = window(page)
    assert found["y"] >= -0.5 and found["y"] + found["height"] <= size["height"] + 0.5, (what, found, size)
    assert found["x"] >= -0.5 and found["x"] + found["width"] <= size["width"] + 0.5, (what, found, size)
    return found


def message_shows(page: Any, shots: Shots, label: str) -> None:
    page.wait_for_selector("#message:not([hidden])")
    settle(page)
    text = page.locator("#message-text").inner_text().strip()
    assert text, f"{label}: the message has words"
    assert page.locator("#message-text").is_visible()
    assert_inside(page, "#message-text", f"{label}: the message is on screen")
    assert_inside(page, "#board", f"{label}: the board stays on screen with the message")
    shots.take(label)


@pytest.mark.parametrize("size", [10, 20])
def test_the_board_and_its_messages_fit_the_screen(live_server: LiveServer, screen: tuple[Any, Shots],
                                                   size: int) -> None:
    page, shots = screen
    open_puzzle(page, live_server, collection_puzzle("nurikabe", size, "easy"))
    settle(page)
    assert page.get_attribute("#size-fit", "aria-pressed") == "true"
    board = assert_inside(page, "#board", "the fitted board")
    assert board["width"] >= min(300, window(page)["width"] - 60), "the board is not shrunk to nothing"
    shots.take("fit")

    # the Rules opened push the board down: Fit shrinks it to stay on screen, and grows it back
    page.click("#rules summary")
    settle(page)
    settle(page)
    opened = assert_inside(page, "#board", "the board with the Rules open")
    assert opened["height"] < board["height"], (opened, board)
    page.click("#rules summary")
    settle(page)
    settle(page)
    assert abs(box(page)["height"] - board["height"]) <= 1

    page.click("#hint")
    page.wait_for_function("() => window.pencilkitPlayer.hint !== null")
    message_shows(page, shots, "hint")
    said = page.locator("#message-text").inner_text()
    page.click("#check")
    page.wait_for_function("said => document.querySelector('#message-text').textContent !== said", arg=said)
    message_shows(page, shots, "check")

    # from the controls at the page's foot, New puzzle brings the board back on screen
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.fill("#rows", "5")
    page.fill("#cols", "5")
    page.click("#new-puzzle")
    page.wait_for_function("() => window.pencilkitPlayer.game.puzzle.rows === 5", timeout=60_000)
    settle(page)
    top = box(page)["y"]
    assert 0 <= top < window(page)["height"], f"the new board's top is on screen: {top}"
    assert_inside(page, "#board", "the new board")
    shots.take("new")


def test_a_failed_generation_says_so_on_screen(live_server: LiveServer, screen: tuple[Any, Shots]) -> None:
    page, shots = screen
    open_puzzle(page, live_server, collection_puzzle("nurikabe", 10, "easy"))
    page.route("**/api/generate", lambda route: route.fulfill(
        status=500, content_type="application/json", body='{"error": "the generator broke"}'))
    # from the page's top (the board in view; the preset pressed from the keyboard) ...
    page.evaluate("() => { window.scrollTo(0, 0); document.querySelector('#presets button').click(); }")
    assert_failure_shown(page, shots, "top")
    # ... and from the controls at the page's foot
    page.evaluate("() => { window.pencilkitPlayer.hideMessage(); window.scrollTo(0, document.body.scrollHeight); }")
    page.click("#new-puzzle")
    assert_failure_shown(page, shots, "foot")


def assert_failure_shown(page: Any, shots: Shots, where: str) -> None:
    """The failed generation's words are in the message box, inside the viewport."""
    page.wait_for_function("() => document.querySelector('#message-text').textContent.includes('No new puzzle')")
    settle(page)
    assert "the generator broke" in page.locator("#message-text").inner_text()
    assert_inside(page, "#message-text", f"the generation's error, from the {where}")
    shots.take(f"failed-{where}")
