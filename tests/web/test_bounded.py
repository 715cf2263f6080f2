"""Every resource bounded: a job ends with its client, a hint never holds up a check, a slow client
cannot hold a connection, and a client that hangs up mid-body is one line in the log.

The server runs in a thread of the test process (uvicorn with the player's
protocol), so that a test can set short limits and read the pools' counters
and the log.  No test compares a wall time with a constant: they wait for
states (with generous safety deadlines) and compare latencies with a baseline
measured in the same test.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import select
import socket
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette

from pencilkit.commands.play import bind
from pencilkit.web.limits import Limits
from pencilkit.web.protocol import JsonErrorProtocol
from pencilkit.web.server import Pool, create_app

SAFETY = 60.0
"""Seconds after which a wait for a state gives up: a hang, not a measure."""
SHORT = Limits(header_seconds=0.3, body_seconds=0.3, stop_seconds=0.3)
HARD_BOARD = (Path(__file__).with_name("hard_kurodoko_60x60.txt")).read_text().strip()
"""A 60x60 Kurodoko (random black cells, clues on 40% of the white ones) whose solve takes seconds, nearly
all in its exact stage (a SAT encoding of 4.8 million clauses), which looks at the cancel flag as it goes
(tests/engines/test_sat_budget.py)."""
SMALL = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
CHECK = {"puzzle": SMALL, "answer": ["---", "-##", "-#-"]}


@contextmanager
def serving(limits: Limits, **workers: int) -> Iterator[tuple[tuple[str, int], Starlette]]:
    """The app under ``limits``, served by uvicorn with the player's protocol in a thread: its address
    and the app (whose pools a test may look at)."""
    app = create_app(limits, **workers)
    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(app, http=JsonErrorProtocol, log_config=None))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        wait_for(lambda: server.started, "the server to start")
        yield sock.getsockname()[:2], app
    finally:
        server.should_exit = True
        thread.join(SAFETY)
        sock.close()


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + SAFETY
    while not condition():
        assert time.monotonic() < deadline, f"waited {SAFETY:g} s for {what}"
        time.sleep(0.02)


def head(address: tuple[str, int], job: str = "solve", length: int = 100, kind: str = "application/json",
         keep_alive: bool = False) -> bytes:
    close = "" if keep_alive else "Connection: close\r\n"
    return (f"POST /api/{job} HTTP/1.1\r\nHost: {address[0]}:{address[1]}\r\nContent-Type: {kind}\r\n"
            f"Content-Length: {length}\r\n{close}\r\n").encode()


def request(address: tuple[str, int], job: str, body: dict[str, Any], keep_alive: bool = False) -> bytes:
    raw = json.dumps(body).encode()
    return head(address, job, len(raw), keep_alive=keep_alive) + raw


def connect(address: tuple[str, int], data: bytes = b"") -> socket.socket:
    sock = socket.create_connection(address, timeout=SAFETY)
    sock.sendall(data)
    return sock


def trickle_until_answered(sock: socket.socket, byte: bytes, every: float = 0.05) -> None:
    """Send ``byte`` again and again until the server answers or closes (a client that never finishes)."""
    deadline = time.monotonic() + SAFETY
    while not select.select([sock], [], [], every)[0]:
        assert time.monotonic() < deadline, "the server never answered a trickling client"
        try:
            sock.sendall(byte)
        except OSError:  # closed under us: the answer is waiting to be read
            return


def read_answer(sock: socket.socket) -> tuple[int, dict[str, Any]]:
    """Everything the server sends until it closes: the status and the JSON body."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    top, _, body = data.partition(b"\r\n\r\n")
    assert top.startswith(b"HTTP/1.1 "), data[:200]
    return int(top.split()[1]), json.loads(body)


def read_kept(sock: socket.socket) -> bytes:
    """One answer on a connection kept alive (as many body bytes as it declares): its head."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += received(sock)
    top, _, body = data.partition(b"\r\n\r\n")
    match = re.search(rb"content-length: (\d+)", top, re.IGNORECASE)
    assert match, top
    while len(body) < int(match.group(1)):
        body += received(sock)
    return top


def received(sock: socket.socket) -> bytes:
    chunk = sock.recv(65536)
    assert chunk, "the server closed the connection"
    return chunk


def post(address: tuple[str, int], job: str, body: dict[str, Any]) -> tuple[int, float]:
    """POST on a fresh connection: the status and the seconds the answer took."""
    start = time.perf_counter()
    with connect(address, request(address, job, body)) as sock:
        status, _ = read_answer(sock)
    return status, time.perf_counter() - start


# -- slow clients -------------------------------------------------------------------------------------


def test_a_client_trickling_its_headers_gets_408_and_is_closed() -> None:
    with serving(SHORT, heavy_workers=1, hint_workers=1, light_workers=1) as (address, _):
        with connect(address, b"POST /api/solve HTTP/1.1\r\nX-Slow: ") as sock:
            trickle_until_answered(sock, b"a")
            status, data = read_answer(sock)
    assert status == 408 and "headers did not arrive" in data["error"]


def test_a_connection_that_sends_nothing_is_closed() -> None:
    with serving(SHORT, heavy_workers=1, hint_workers=1, light_workers=1) as (address, _):
        with connect(address) as sock:
            assert sock.recv(4096) == b""


@pytest.mark.parametrize("trickle", [False, True], ids=["short", "trickled"])
def test_a_body_that_does_not_arrive_gets_408_and_is_closed(trickle: bool) -> None:
    with serving(SHORT, heavy_workers=1, hint_workers=1, light_workers=1) as (address, _):
        with connect(address, head(address) + b'{"') as sock:
            if trickle:
                trickle_until_answered(sock, b" ")
            status, data = read_answer(sock)
    assert status == 408 and "body did not arrive" in data["error"]


def test_a_refused_request_cannot_hold_its_connection_with_an_unread_body() -> None:
    with serving(SHORT, heavy_workers=1, hint_workers=1, light_workers=1) as (address, _):
        with connect(address, head(address, kind="text/plain") + b"ab") as sock:
            trickle_until_answered(sock, b" ")
            status, data = read_answer(sock)  # ends only when the server closes
    assert status == 415 and data["error"] == "send the body as application/json"


def test_a_kept_alive_connection_times_its_next_headers() -> None:
    with serving(SHORT, heavy_workers=1, hint_workers=1, light_workers=1) as (address, _):
        with connect(address, request(address, "parse", {"text": "nurikabe:1x1:1"}, keep_alive=True)) as sock:
            assert read_kept(sock).startswith(b"HTTP/1.1 200")
            sock.sendall(b"POST /api/parse HTTP/1.1\r\n")
            trickle_until_answered(sock, b"X")
            status, _ = read_answer(sock)
    assert status == 408


# -- clients that go away --------------------------------------------------------------------------------


def test_a_client_gone_mid_body_is_one_line_in_the_log(caplog: pytest.LogCaptureFixture) -> None:
    with serving(Limits(), heavy_workers=1, hint_workers=1, light_workers=1) as (address, _):
        with connect(address, head(address) + b'{"'):
            time.sleep(0.2)  # the server is reading the body when the client hangs up
        wait_for(lambda: any(r.name == "pencilkit.web" for r in caplog.records), "the line in the log")
        assert post(address, "check", CHECK)[0] == 200
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.getMessage() for r in lines] == ["client went away during the request body of POST /api/solve"]
    assert lines[0].exc_info is None


def test_abandoned_hints_are_called_off_and_never_hold_up_a_check() -> None:
    """Two hints on a hard 60x60 board keep both hint workers busy: checks meanwhile take about as long
    as with nothing running; once their clients hang up, both are called off and the pool comes back."""
    limits = Limits(stop_seconds=0.5)
    with serving(limits, heavy_workers=1, hint_workers=2, light_workers=1) as (address, app):
        hints = app.state.pools["hint"]
        for _ in range(3):  # the light worker has started: this test is about blocking, not start-up
            assert post(address, "check", CHECK)[0] == 200
        baseline = statistics.median(post(address, "check", CHECK)[1] for _ in range(5))
        body = {"puzzle": HARD_BOARD, "answer": ["." * 60] * 60}
        clients = [connect(address, request(address, "hint", body)) for _ in range(2)]
        wait_for(lambda: hints.busy == 2, "both hints to run")
        busy = []
        for _ in range(5):
            status, seconds = post(address, "check", CHECK)
            assert status == 200 and hints.busy == 2, "the hints ended before the checks: not a hard board"
            busy.append(seconds)
        for client in clients:
            client.close()
        wait_for(lambda: hints.busy == 0, "the abandoned hints to end")
        assert hints.called_off == 2
        assert post(address, "hint", {"puzzle": SMALL, "answer": ["...", "...", "..."]})[0] == 200
    assert statistics.median(busy) < 20 * baseline, (baseline, busy)


def test_a_job_that_ignores_its_call_off_loses_its_worker() -> None:
    """A job called off (here, past its time) that runs on past ``stop_seconds`` has its worker ended and
    replaced; the next job runs on the new one."""

    async def scenario() -> tuple[int, int, int]:
        pool = Pool("test", 1, stop_seconds=0.2)
        pool.start()
        try:
            with pytest.raises(TimeoutError):
                async with asyncio.timeout(0.5):
                    await pool.run(time.sleep, SAFETY)  # looks at no cancel flag
            answer = await pool.run(abs, -3)
            return answer, pool.called_off, pool.ended
        finally:
            pool.stop()

    assert asyncio.run(scenario()) == (3, 1, 1)


def test_a_hint_job_called_off_stops_in_its_hint_too() -> None:
    """The hint's own step (the ladder from the player's marks) keeps the job's budget and cancel flag: with
    the solve kept by the worker already, a hint called off answers ``unavailable`` instead of a step."""
    from pencilkit.frame.budget import Cancel
    from pencilkit.web import jobs

    limits = Limits()
    body = {"puzzle": SMALL, "answer": ["...", "...", "..."]}
    status, answer = jobs.hint_job(body, limits)
    assert status == 200 and answer["kind"] == "step"  # and the worker keeps the solve
    called_off = Cancel()
    called_off.set()
    status, answer = jobs.hint_job(body, limits, called_off)
    assert status == 200 and answer["kind"] == "unavailable", answer
