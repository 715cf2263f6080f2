"""The player's workers end with it: a server killed outright (SIGKILL, the OOM killer) leaves no worker
process idling as an orphan of PID 1 (:mod:`pencilkit.workers`)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
import urllib.request
from typing import Any

import pytest

from pencilkit.web.server import default_workers

from .conftest import LiveServer

SMALL = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
LIVENESS = 10.0
"""Seconds the workers get to end once their server is killed: a liveness bound, far over what they need
(the kernel's signal is at once; the watching thread looks every half second)."""

pytestmark = pytest.mark.skipif(shutil.which("ps") is None, reason="needs ps to find the worker processes")


def post(url: str, job: str, body: dict[str, Any]) -> int:
    request = urllib.request.Request(f"{url}/api/{job}", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return int(response.status)


def workers_of(server: int) -> list[int]:
    """The worker processes ``server`` has spawned (not its resource tracker)."""
    children = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "--ppid", str(server)], capture_output=True,
                              text=True)
    return [int(line.split()[0]) for line in children.stdout.splitlines() if "spawn_main" in line]


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie that its new parent has not reaped yet does not)."""
    state = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True).stdout.strip()
    return bool(state) and not state.startswith("Z")


def test_the_workers_of_a_killed_server_end_with_it() -> None:
    """``pencilkit play`` answers a job in each of its pools (so each has its workers running), then is
    killed with SIGKILL alone: every worker it started ends within the liveness bound."""
    _, hint_workers, light_workers = default_workers()
    expected = 1 + hint_workers + light_workers  # --workers 1 for the heavy pool
    server = LiveServer("--workers", "1")
    workers: list[int] = []
    try:
        assert post(server.url, "check", {"puzzle": SMALL, "answer": ["---", "-##", "-#-"]}) == 200
        assert post(server.url, "solve", {"puzzle": SMALL}) == 200
        assert post(server.url, "hint", {"puzzle": SMALL, "answer": ["...", "...", "..."]}) == 200
        deadline = time.monotonic() + 60
        while len(workers) < expected and time.monotonic() < deadline:
            workers = workers_of(server.process.pid)
            time.sleep(0.05)
        assert len(workers) == expected, workers
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(30)
        deadline = time.monotonic() + LIVENESS
        while any(map(alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in workers if alive(pid)], "orphaned workers still running"
    finally:
        server.stop()
        for pid in filter(alive, workers):  # only when the test failed: leave no orphan behind
            os.kill(pid, signal.SIGKILL)
