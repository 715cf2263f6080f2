"""The running server: ``pencilkit play`` itself, concurrency, and that no request blocks or corrupts another."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import pencilkit
from pencilkit.commands.play import address_of, bind, has_display
from pencilkit.errors import PencilkitError
from pencilkit.puzzle import Answer

from .conftest import LiveServer


def post(url: str, job: str, body: dict[str, Any], timeout: float = 60.0) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(f"{url}/api/{job}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_play_prints_a_loopback_address_and_serves_the_page(live_server: LiveServer) -> None:
    assert live_server.url.startswith("http://127.0.0.1:")
    with urllib.request.urlopen(live_server.url + "/", timeout=10) as response:
        assert b"pencilkit player" in response.read()


def test_a_slow_generation_does_not_block_quick_requests(live_server: LiveServer) -> None:
    puzzle = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
    for _ in range(4):  # let the workers finish starting: this test is about blocking, not start-up
        assert post(live_server.url, "parse", {"text": puzzle})[0] == 200
    slow: dict[str, Any] = {}

    def generate() -> None:
        start = time.perf_counter()
        slow["result"] = post(live_server.url, "generate",
                              {"genre": "heyawake", "rows": 25, "cols": 25, "level": "expert", "seed": 0,
                               "symmetry": "rot2", "time_budget": 4})  # takes its whole time
        slow["seconds"] = time.perf_counter() - start

    thread = threading.Thread(target=generate)
    thread.start()
    time.sleep(0.8)
    latencies = []
    quick: list[tuple[str, dict[str, Any]]] = [
        ("check", {"puzzle": puzzle, "answer": ["---", "-##", "-#-"]}),
        ("hint", {"puzzle": puzzle, "answer": ["...", "...", "..."]}),
        ("parse", {"text": puzzle}),
    ]
    while thread.is_alive() and len(latencies) < 30:
        for job, body in quick:
            start = time.perf_counter()
            status, _ = post(live_server.url, job, body)
            latencies.append(time.perf_counter() - start)
            assert status == 200
    assert thread.is_alive() or len(latencies) >= 6, "the generation ended too soon to test anything"
    thread.join(60)
    assert slow["result"][0] in (200, 503) and slow["seconds"] > 2
    assert max(latencies) < 1.5, latencies


def test_concurrent_requests_each_get_their_own_answer(live_server: LiveServer) -> None:
    made = pencilkit.generate("nurikabe", 6, 6, "easy", seed=3)[0]
    puzzle, solution = made.puzzle, made.solution
    grid = puzzle.grid
    free = [c for c in range(grid.size) if not puzzle.clue_mask >> c & 1]
    answers = []
    for k in range(24):
        flip = 1 << free[k % len(free)]
        answers.append(Answer(puzzle.rows, puzzle.cols, solution.shaded ^ flip, 0))

    def check(answer: Answer) -> tuple[Answer, int, dict[str, Any]]:
        status, data = post(live_server.url, "check", {"puzzle": puzzle.id(), "answer": answer.to_rows()})
        return answer, status, data

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(check, answers))
    for answer, status, data in results:
        assert status == 200
        expected = pencilkit.check(puzzle, answer)
        assert [(v["rule"], v["message"]) for v in data["violations"]] == [(v.rule, v.message) for v in expected]


def test_play_refuses_a_bad_port_with_one_line() -> None:
    result = subprocess.run([sys.executable, "-m", "pencilkit", "play", "--port", "70000", "--no-browser"],
                            check=False, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "--port" in result.stderr


def test_a_port_in_use_is_a_clear_error() -> None:
    taken = bind("127.0.0.1", 0)
    try:
        with pytest.raises(PencilkitError, match="cannot listen"):
            bind("127.0.0.1", taken.getsockname()[1])
    finally:
        taken.close()


def test_the_address_printed_is_the_port_bound() -> None:
    sock = bind("127.0.0.1", 0)
    try:
        port = sock.getsockname()[1]
        assert address_of(sock) == f"http://127.0.0.1:{port}/"
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
    finally:
        sock.close()


def test_a_browser_is_opened_only_where_there_is_a_display(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert not has_display()
    monkeypatch.setenv("DISPLAY", ":0")
    assert has_display()


def workers_of(pid: int) -> list[int]:
    """The worker processes (``spawn_main``) whose parent is ``pid``, from Linux /proc."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    command = handle.read()
            except OSError:
                continue
            if int(fields[1]) == pid and b"spawn_main" in command:
                out.append(int(entry))
    return out


def running(pid: int) -> bool:
    """Whether ``pid`` is alive (a zombie waiting to be reaped is not)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs Linux /proc to find the worker processes")
def test_ctrl_c_stops_at_once_without_a_traceback() -> None:
    server = LiveServer("--workers", "1", own_session=True)
    try:
        status, _ = post(server.url, "parse", {"text": "nurikabe:1x1:1"})
        assert status == 200
        workers = workers_of(server.process.pid)
        assert workers, "the server runs its jobs in worker processes"
        answer: dict[str, Any] = {}

        def generate() -> None:
            # an expert 25x25 with its clues turned four ways keeps the generator busy well past the
            # Ctrl+C (it finds none in 20 s); a plain one may finish within the first second
            answer["result"] = post(server.url, "generate", {"genre": "nurikabe", "rows": 25, "cols": 25,
                                                             "level": "expert", "time_budget": 20, "seed": 2,
                                                             "symmetry": "rot4"})

        thread = threading.Thread(target=generate)
        thread.start()
        time.sleep(1.0)
        start = time.perf_counter()
        os.killpg(server.process.pid, signal.SIGINT)  # what Ctrl+C in a terminal does
        code = server.process.wait(15)
        took = time.perf_counter() - start
        thread.join(15)
        _, err = server.process.communicate(timeout=5)
    finally:
        server.stop()
    assert code in (0, 130) and took < 5, (code, took)  # 130: the usual code after Ctrl+C
    assert "Traceback" not in err, err
    assert answer["result"][0] == 503 and "stopping" in answer["result"][1]["error"]
    assert not [pid for pid in workers if running(pid)], "no worker outlives the server"


def _abandon(url: str, job: str, body: dict[str, Any]) -> None:
    """Send a request and hang up without waiting for the answer, as a closed browser tab does."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    raw = json.dumps(body).encode()
    with socket.create_connection((parts.hostname, parts.port), timeout=5) as sock:
        sock.sendall(f"POST /api/{job} HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(raw)}\r\nConnection: close\r\n\r\n".encode() + raw)
        time.sleep(0.3)  # the server has started the job


def test_a_client_that_goes_away_stops_its_job(live_server: LiveServer) -> None:
    """Three abandoned 25x25 expert generations do not hold up the next small one (one worker)."""
    for _ in range(3):
        assert post(live_server.url, "parse", {"text": "nurikabe:1x1:1"})[0] == 200
    for seed in range(3):
        _abandon(live_server.url, "generate", {"genre": "nurikabe", "rows": 25, "cols": 25, "level": "expert",
                                               "seed": seed, "time_budget": 30})
    start = time.perf_counter()
    status, data = post(live_server.url, "generate", {"genre": "nurikabe", "rows": 7, "cols": 7, "level": "easy",
                                                      "seed": 1})
    seconds = time.perf_counter() - start
    assert status == 200 and data["generated"]["rating"] == "easy"
    assert seconds < 5, f"the small generation waited {seconds:.1f} s behind abandoned ones"


@pytest.mark.parametrize("length", ["abc", "-5", "1, 2"])
def test_a_request_that_cannot_be_parsed_gets_a_json_error(live_server: LiveServer, length: str) -> None:
    from urllib.parse import urlsplit

    parts = urlsplit(live_server.url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        sock.sendall(f"POST /api/parse HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {length}\r\n\r\n{{}}".encode())
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400") and b"content-type: application/json" in head.lower()
    assert b"content-security-policy" in head.lower()
    assert json.loads(body)["error"].startswith("bad HTTP request")
