"""Fixtures for the web player: a live server in a subprocess, and headless Chromium.

The browser tests drive Debian's chromium (``/usr/bin/chromium``) through
Playwright for Python; they are skipped, saying why, only when that browser or
Playwright is absent.  Every browser test leaves a screenshot under
``artifacts/screenshots/``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilkit.web.limits import Limits
from pencilkit.web.server import create_app

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = os.environ.get("PENCILKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
START_TIMEOUT = 60.0


@contextmanager
def api_client(limits: Limits) -> Iterator[TestClient]:
    """The app under ``limits`` on a test client, one worker per pool, reached as from a page on 127.0.0.1."""
    with TestClient(create_app(limits, heavy_workers=1, light_workers=1), raise_server_exceptions=False,
                    base_url="http://127.0.0.1:8000") as client:
        yield client


def post(client: TestClient, job: str, body: Any) -> tuple[int, dict[str, Any]]:
    """POST ``body`` to ``/api/<job>``: the status and the JSON answer (which every answer is)."""
    response = client.post(f"/api/{job}", json=body)
    assert response.headers["content-type"].startswith("application/json")
    return response.status_code, response.json()


class LiveServer:
    """``pencilkit play`` running in a subprocess on a free port of 127.0.0.1."""

    def __init__(self, *extra: str, own_session: bool = False) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pencilkit", "play", "--host", "127.0.0.1", "--port", "0", "--no-browser",
             *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
            start_new_session=own_session,
        )
        self.url = self._wait_for_address()

    def _wait_for_address(self) -> str:
        found: list[str] = []

        def read() -> None:
            assert self.process.stdout is not None
            found.append(self.process.stdout.readline())

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(START_TIMEOUT)
        line = found[0] if found else ""
        match = re.search(r"(http://\S+?)/? ", line)
        if not match:
            self.stop()
            err = self.process.stderr.read() if self.process.stderr else ""
            raise RuntimeError(f"pencilkit play did not print its address: {line!r} {err[-2000:]}")
        return match.group(1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


@pytest.fixture(scope="session")
def live_server() -> Iterator[LiveServer]:
    server = LiveServer("--workers", "1")
    try:
        yield server
    finally:
        server.stop()


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here, or ``None``."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install playwright)"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"no chromium at {CHROMIUM} (apt-get install -y chromium)"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    reason = chromium_missing()
    if reason:
        pytest.skip(f"browser tests need headless Chromium: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


class Shots:
    """Screenshots of one test, named after it, kept as artifacts."""

    def __init__(self, page: Any, test_name: str) -> None:
        self.page = page
        self.stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", test_name)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(self, label: str) -> Path:
        path = SCREENSHOTS / f"{self.stem}__{label}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


def open_page(browser: Any, request: pytest.FixtureRequest, **context: Any) -> Iterator[tuple[Any, Shots]]:
    ctx = browser.new_context(**context)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    shots = Shots(page, request.node.name)
    try:
        yield page, shots
        assert not errors, f"the page raised: {errors}"
    finally:
        try:
            shots.take("end")
        finally:
            ctx.close()


@pytest.fixture
def desktop(browser: Any, request: pytest.FixtureRequest) -> Iterator[tuple[Any, Shots]]:
    """A fresh desktop-sized page (its own localStorage) and its screenshots."""
    yield from open_page(browser, request, viewport={"width": 1100, "height": 900})


@pytest.fixture
def phone(browser: Any, request: pytest.FixtureRequest) -> Iterator[tuple[Any, Shots]]:
    """A fresh phone-sized page with touch, and its screenshots."""
    yield from open_page(browser, request, viewport={"width": 390, "height": 844}, is_mobile=True,
                         has_touch=True, device_scale_factor=2)
