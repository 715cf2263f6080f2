"""The player's web server: the page, its static files and the JSON API.

Every API call is a POST of one JSON object to ``/api/<job>`` (``parse``,
``generate``, ``solve``, ``check``, ``hint``, and the editor's ``inspect`` and
``sheet``); ``GET /api/genres`` tells the page what it can do.  The work
itself runs in worker processes (:mod:`pencilkit.web.jobs`): the solver is
pure Python and holds the GIL, so only separate processes keep the server
answering while a generation runs.  Generation, solving, inspecting and print
sheets go to one pool, the quick calls (parse, check, hint) to another, so a
queue of slow generations never delays a check.

Bad input never reaches a 500: the body is limited in size and must be a JSON
object, each job checks its fields, and every error is a JSON object
``{"error": "..."}`` with a 4xx code (413 for a body over the limit).  A pool
with too many jobs waiting answers 503, and a job past its timeout 504.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
from collections.abc import AsyncIterator, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import jsontext
from .guard import LOCAL_HOSTS, Guard
from .jobs import JOBS, genres_json, run_job, use_flags, warm_up
from .limits import Limits

STATIC = Path(__file__).with_name("static")
HEAVY_JOBS = frozenset({"generate", "solve", "inspect", "sheet"})
"""Jobs that may run for seconds; the rest are quick."""

log = logging.getLogger("pencilkit.web")


class ApiError(Exception):
    """An answer other than 200, with a message for the page."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


DISCONNECT_POLL = 0.1
"""Seconds between two looks at whether the client of a running job is still there."""
MAX_SLOTS_WAITING = 64
"""Stop flags a pool has beyond one per worker: jobs waiting, and stopped ones not yet ended."""


@dataclass
class Pool:
    """A process pool, the number of jobs given to it and not yet answered, and their stop flags.

    Each job given to the pool takes a slot of ``flags``, an array the
    workers share; the server sets a job's flag when its client goes away or
    its time is up, and the worker's solve or generation stops at its next
    look (:func:`pencilkit.web.jobs.cancel_for`).
    """

    name: str
    workers: int
    executor: Executor | None = None
    pending: int = 0
    flags: Any = None
    free: list[int] = field(default_factory=list)

    def start(self) -> None:
        """Start every worker now, with Ctrl+C ignored from birth: the server stops them itself."""
        context = multiprocessing.get_context("spawn")
        slots = self.workers + MAX_SLOTS_WAITING
        self.flags = context.RawArray("b", slots)
        self.free = list(range(slots))
        self.executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=start_worker,
                                            initargs=(self.flags,))
        with sigint_ignored():
            for _ in range(self.workers):
                self.executor.submit(warm_up)

    def take_slot(self) -> int | None:
        """A free stop flag for a new job, lowered; ``None`` when every one is taken."""
        if not self.free:
            return None
        slot = self.free.pop()
        self.flags[slot] = 0
        return slot

    def release(self, slot: int, flags: Any) -> None:
        """Give a finished job's slot back (unless the pool was restarted since, with new flags)."""
        if flags is self.flags:
            self.free.append(slot)

    def restart(self) -> None:
        self.stop()
        self.start()

    def stop(self) -> None:
        """Stop at once: queued jobs are cancelled and running ones ended (their requests are gone)."""
        executor, self.executor = self.executor, None
        if executor is None:
            return
        processes = list(getattr(executor, "_processes", {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(5)


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """Ignore SIGINT while workers are spawned, so that they inherit the ignoring (main thread only)."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread (a test client): nothing to inherit
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def start_worker(flags: Any) -> None:
    """A worker leaves Ctrl+C to the server (which stops it), keeps the pool's stop flags and builds what
    its jobs need."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    use_flags(flags)
    warm_up()


def default_workers() -> tuple[int, int]:
    """Workers for the slow pool and the quick pool: one per core, at most four and two.

    A local player seldom runs more than a few generations at once, and every
    worker is a Python process with the engine loaded, started with the server.
    """
    cores = os.cpu_count() or 1
    return max(1, min(cores, 4)), max(1, min(cores, 2))


def create_app(limits: Limits | None = None, *, heavy_workers: int | None = None,
               light_workers: int | None = None, hosts: Iterable[str] = LOCAL_HOSTS) -> Starlette:
    """The player's application; its worker pools start and stop with it (the lifespan).

    ``hosts`` are the host names it answers to (:class:`~.guard.Guard`): this machine's own by default.
    """
    limits = limits or Limits()
    heavy_default, light_default = default_workers()
    pools = {
        "heavy": Pool("heavy", heavy_workers or heavy_default),
        "light": Pool("light", light_workers or light_default),
    }

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for pool in pools.values():
            pool.start()
        try:
            yield
        finally:
            for pool in pools.values():
                pool.stop()

    async def run(name: str, body: dict[str, Any], request: Request) -> Response:
        pool = pools["heavy" if name in HEAVY_JOBS else "light"]
        if pool.executor is None or app.state.stopping:
            raise ApiError(503, "the server is not running its workers")
        slot = pool.take_slot() if pool.pending < limits.max_pending else None
        if slot is None:
            raise ApiError(503, f"the server is busy ({pool.pending} {pool.name} jobs waiting): try again shortly")
        timeout = timeout_for(name, body, limits)
        pool.pending += 1
        flags = pool.flags
        try:
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(pool.executor, run_job, name, body, limits, slot)
            future.add_done_callback(lambda _: pool.release(slot, flags))
            answer = await until_done(future, timeout, request)
            if answer is None:  # the client went away: stop its job, nobody reads the answer
                flags[slot] = 1
                return JSONResponse({"error": "the client went away"}, status_code=499)
            status, payload = answer
        except TimeoutError:
            flags[slot] = 1
            raise ApiError(504, f"{name} took longer than {timeout:g} s and was given up") from None
        except BrokenProcessPool:
            if app.state.stopping:
                raise ApiError(503, "the server is stopping") from None
            log.error("a %s worker died; restarting the pool", pool.name)
            pool.restart()
            raise ApiError(503, "a worker stopped unexpectedly; it has been restarted: try again") from None
        finally:
            pool.pending -= 1
        return JSONResponse(payload, status_code=status)

    async def api_job(request: Request) -> Response:
        name = request.path_params["job"]
        if name == "genres":
            raise ApiError(405, "GET /api/genres: it takes no body", {"Allow": "GET"})
        if name not in JOBS:
            raise ApiError(404, f"no API call {name!r}: the calls are {', '.join(sorted(JOBS))}")
        body = await read_json(request, limits.max_body)
        return await run(name, body, request)

    async def api_genres(request: Request) -> Response:
        return JSONResponse(genres_json(limits))

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return JSONResponse({"error": exc.message}, status_code=exc.status, headers=exc.headers)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code, headers=exc.headers)

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("internal error on %s", request.url.path, exc_info=exc)
        return JSONResponse({"error": "internal error: see the server's log"}, status_code=500)

    routes = [
        Route("/", index),
        Route("/api/genres", api_genres, methods=["GET"]),
        Route("/api/{job}", api_job, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={ApiError: api_error, HTTPException: http_error, Exception: server_error},
        middleware=[Middleware(Guard, hosts=tuple(hosts))],
    )
    app.state.limits = limits
    app.state.pools = pools
    app.state.stopping = False
    return app


def stop_workers(app: Starlette) -> None:
    """End every job at once (on Ctrl+C): requests still waiting get 503 and the server can stop."""
    app.state.stopping = True
    for pool in app.state.pools.values():
        pool.stop()


async def until_done(future: asyncio.Future[Any], timeout: float, request: Request) -> Any:
    """The job's answer; ``None`` when the client goes away first; ``TimeoutError`` past ``timeout``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        left = end - loop.time()
        if left <= 0:
            raise TimeoutError
        done, _ = await asyncio.wait({future}, timeout=min(DISCONNECT_POLL, left))
        if done:
            return future.result()
        if await request.is_disconnected():
            return None


def timeout_for(name: str, body: dict[str, Any], limits: Limits) -> float:
    """The request's timeout: its own budget (when it names a valid one) plus the margin."""
    budget = body.get("time_budget")
    if isinstance(budget, bool) or not isinstance(budget, int | float) or not budget > 0:
        budget = None
    if name == "generate":
        return limits.generate_timeout(min(budget or limits.generate_seconds, limits.max_generate_seconds))
    if name in ("solve", "inspect"):
        return limits.solve_timeout(min(budget or limits.solve_seconds, limits.max_solve_seconds))
    if name in ("hint", "sheet"):
        return limits.solve_timeout(limits.solve_seconds)
    return limits.light_timeout


async def read_json(request: Request, limit: int) -> dict[str, Any]:
    """The request body as a JSON object, read no further than ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise ApiError(400, "bad Content-Length header")
        if int(declared) > limit:
            raise ApiError(413, f"the body is {declared} bytes, over the limit of {limit}")
    chunks: list[bytes] = []
    total = 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > limit:
            raise ApiError(413, f"the body is over the limit of {limit} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        raise ApiError(400, "empty body: send a JSON object")
    try:
        body = jsontext.loads(raw)
    except ValueError:  # bad JSON, or nested too deeply to read (a FormatError)
        raise ApiError(400, "the body is not valid JSON") from None
    if not isinstance(body, dict):
        raise ApiError(400, f"the body must be a JSON object, not {type(body).__name__}")
    return body
