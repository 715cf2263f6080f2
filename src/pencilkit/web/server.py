"""The player's web server: the page, its static files and the JSON API; every job ends with its client.

Every API call is a POST of one JSON object to ``/api/<job>`` (``parse``,
``generate``, ``solve``, ``check``, ``hint``, and the editor's ``inspect`` and
``sheet``); ``GET /api/genres`` tells the page what it can do.  The work
itself runs in worker processes (:mod:`pencilkit.web.jobs`), so that the
server keeps answering while a generation runs.  Generation, solving,
inspecting and print sheets go to one pool, hints (which solve the puzzle
first: seconds on a hard big board) to a second and the quick calls (parse,
check) to a third, so that no queue of slow jobs ever delays a check.

A job runs only while its client waits: when the connection closes, or the
job's time is up, the server calls the job off (its budget's cancel flag), and
a job that runs on regardless past :attr:`Limits.stop_seconds` loses its
worker process, which is replaced at once.  Every worker ends with the
server, even one killed outright (:mod:`pencilkit.workers`).  A client gets
:attr:`Limits.body_seconds` to send its body (then 408); the headers' deadline
is the protocol's (:mod:`pencilkit.web.protocol`).

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
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import jsontext
from ..workers import end_with
from .guard import LOCAL_HOSTS, Guard, Receive
from .jobs import JOBS, genres_json, run_job, use_stop_flag, warm_up
from .limits import Limits

STATIC = Path(__file__).with_name("static")
HEAVY_JOBS = frozenset({"generate", "solve", "inspect", "sheet"})
"""Jobs that may run for seconds or minutes: generating and solving."""
HINT_JOBS = frozenset({"hint"})
"""Jobs that solve the puzzle before they answer: quick on most boards, seconds on a hard big one."""
GONE = 499
"""The status logged for a request whose client went away (nobody reads the answer)."""

T = TypeVar("T")

log = logging.getLogger("pencilkit.web")


class ApiError(Exception):
    """An answer other than 200, with a message for the page."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


class ClientGone(Exception):
    """The client closed its connection while the server was still reading its request."""


class PoolStopped(Exception):
    """The pool stopped (the server is stopping) while a job waited for a worker."""


@dataclass(eq=False)
class Lane:
    """One worker process, which runs one job at a time, and the stop flag it watches.

    The server raises the flag when the job's client goes away or its time is
    up, and the worker's solve or generation stops at its next look
    (:func:`pencilkit.web.jobs.use_stop_flag`).  A lane is ended with its
    process; its pool starts another in its place.
    """

    executor: ProcessPoolExecutor
    flag: Any
    ended: bool = False

    @classmethod
    def start(cls) -> Lane:
        """Start a worker now, with Ctrl+C ignored from birth: the server stops it itself.  It ends with
        this process, even one killed (:func:`pencilkit.workers.end_with`), so start it on the thread that
        runs the server's event loop, which lives as long as the process does."""
        context = multiprocessing.get_context("spawn")
        flag = context.RawValue("b", 0)
        executor = ProcessPoolExecutor(1, mp_context=context, initializer=start_worker,
                                       initargs=(flag, os.getpid()))
        with sigint_ignored():
            executor.submit(warm_up)
        return cls(executor, flag)

    def submit(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """Run ``fn(*args)`` in the worker, its stop flag lowered."""
        self.flag.value = 0
        return asyncio.wrap_future(self.executor.submit(fn, *args))

    def end(self) -> list[BaseProcess]:
        """End the worker at once, and its job with it; the process, to be waited for or left to reap."""
        self.ended = True
        processes = list(getattr(self.executor, "_processes", {}).values())
        self.executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        return processes


@dataclass(eq=False)
class Pool:
    """Worker processes for one kind of job, a job at a time each; a job called off that runs on past
    ``stop_seconds`` loses its worker.

    ``pending`` counts the jobs given to the pool and not yet answered,
    ``called_off`` the running jobs the server told to stop, and ``ended``
    the workers ended because their job ran on (each replaced at once).
    """

    name: str
    workers: int
    stop_seconds: float = 2.0
    lanes: list[Lane] = field(default_factory=list)
    idle: list[Lane] = field(default_factory=list)
    waiting: deque[asyncio.Future[Lane]] = field(default_factory=deque)
    running: bool = False
    pending: int = 0
    called_off: int = 0
    ended: int = 0

    @property
    def busy(self) -> int:
        """Workers running a job (one called off included, until it ends)."""
        return len(self.lanes) - len(self.idle)

    def start(self) -> None:
        """Start every worker now, so that the first jobs do not wait for one."""
        self.lanes = [Lane.start() for _ in range(self.workers)]
        self.idle = list(self.lanes)
        self.running = True

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker, once one is free; cancelling the wait calls the job off.

        Raises :class:`PoolStopped` when the pool stops first, and
        ``BrokenProcessPool`` when the worker dies (or is stopped) under the job.
        """
        lane = await self.take()
        future = lane.submit(fn, *args)
        future.add_done_callback(lambda _: self.finished(lane, future))
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            self.call_off(lane, future)
            raise

    async def take(self) -> Lane:
        """A free worker, waiting for one in turn."""
        if not self.running:
            raise PoolStopped
        if self.idle:
            return self.idle.pop()
        turn: asyncio.Future[Lane] = asyncio.get_running_loop().create_future()
        self.waiting.append(turn)
        try:
            return await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # given a worker just as the wait was called off
                self.give(turn.result())
            raise

    def give(self, lane: Lane) -> None:
        """A worker is free: to the first job waiting, else to the idle ones."""
        if lane.ended or not self.running:
            return
        while self.waiting:
            turn = self.waiting.popleft()
            if not turn.done():
                turn.set_result(lane)
                return
        self.idle.append(lane)

    def finished(self, lane: Lane, future: asyncio.Future[Any]) -> None:
        """A job ended: its worker is free again, or replaced if it died under the job."""
        died = not future.cancelled() and isinstance(future.exception(), BrokenProcessPool)
        if died and not lane.ended:
            log.error("a %s worker died; starting another", self.name)
            self.replace(lane)
        else:
            self.give(lane)

    def call_off(self, lane: Lane, future: asyncio.Future[Any]) -> None:
        """Tell a running job to stop; end its worker if it is still running ``stop_seconds`` later."""
        if future.done():
            return
        lane.flag.value = 1
        self.called_off += 1
        asyncio.get_running_loop().call_later(self.stop_seconds, self.end_overdue, lane, future)

    def end_overdue(self, lane: Lane, future: asyncio.Future[Any]) -> None:
        """A job called off is still running: its worker is ended (and replaced)."""
        if future.done() or lane.ended:
            return
        log.warning("a %s job ran on %g s after it was called off; its worker was ended", self.name,
                    self.stop_seconds)
        self.ended += 1
        self.replace(lane)

    def replace(self, lane: Lane) -> None:
        """End a worker and start another in its place."""
        lane.end()
        self.lanes.remove(lane)
        if self.running:
            fresh = Lane.start()
            self.lanes.append(fresh)
            self.give(fresh)

    def stop(self) -> None:
        """Stop at once: jobs waiting get :class:`PoolStopped`, running ones end with their workers."""
        self.running = False
        for turn in self.waiting:
            if not turn.done():
                turn.set_exception(PoolStopped())
        self.waiting.clear()
        processes = [process for lane in self.lanes for process in lane.end()]
        for process in processes:
            process.join(5)
        self.lanes, self.idle = [], []


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


def start_worker(flag: Any, server: int) -> None:
    """A worker ends when ``server`` (its parent's process ID) dies, even by SIGKILL, instead of idling
    as an orphan; it leaves Ctrl+C to the server (which stops it), keeps its stop flag and builds what
    its jobs need."""
    end_with(server)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    use_stop_flag(flag)
    warm_up()


def default_workers() -> tuple[int, int, int]:
    """Workers for the heavy, hint and light pools: one per core, at most four, two and two.

    A local player seldom runs more than a few generations at once, and every
    worker is a Python process with the engine loaded, started with the server.
    """
    cores = os.cpu_count() or 1
    return max(1, min(cores, 4)), max(1, min(cores, 2)), max(1, min(cores, 2))


def pool_of(name: str) -> str:
    """The pool that runs a job: ``heavy`` for generating and solving, ``hint`` for hints, ``light`` for
    the rest."""
    if name in HEAVY_JOBS:
        return "heavy"
    return "hint" if name in HINT_JOBS else "light"


def create_app(limits: Limits | None = None, *, heavy_workers: int | None = None,
               light_workers: int | None = None, hint_workers: int | None = None,
               hosts: Iterable[str] = LOCAL_HOSTS) -> Starlette:
    """The player's application; its worker pools start and stop with it (the lifespan).

    ``hosts`` are the host names it answers to (:class:`~.guard.Guard`): this machine's own by default.
    """
    limits = limits or Limits()
    heavy_default, hint_default, light_default = default_workers()
    pools = {
        "heavy": Pool("heavy", heavy_workers or heavy_default, limits.stop_seconds),
        "hint": Pool("hint", hint_workers or hint_default, limits.stop_seconds),
        "light": Pool("light", light_workers or light_default, limits.stop_seconds),
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
        pool = pools[pool_of(name)]
        if not pool.running or app.state.stopping:
            raise ApiError(503, "the server is not running its workers")
        if pool.pending >= limits.max_pending:
            raise ApiError(503, f"the server is busy ({pool.pending} {pool.name} jobs waiting): try again shortly")
        timeout = timeout_for(name, body, limits)
        pool.pending += 1
        try:
            async with asyncio.timeout(timeout):
                answer = await unless_gone(pool.run(run_job, name, body, limits), request.receive)
        except TimeoutError:
            raise ApiError(504, f"{name} took longer than {timeout:g} s and was given up") from None
        except (BrokenProcessPool, PoolStopped):
            if app.state.stopping or not pool.running:
                raise ApiError(503, "the server is stopping") from None
            raise ApiError(503, "a worker stopped unexpectedly; another has been started: try again") from None
        finally:
            pool.pending -= 1
        if answer is None:  # nobody reads this answer: it is for the log
            return JSONResponse({"error": "the client went away"}, status_code=GONE)
        status, payload = answer
        return JSONResponse(payload, status_code=status)

    async def api_job(request: Request) -> Response:
        name = request.path_params["job"]
        if name == "genres":
            raise ApiError(405, "GET /api/genres: it takes no body", {"Allow": "GET"})
        if name not in JOBS:
            raise ApiError(404, f"no API call {name!r}: the calls are {', '.join(sorted(JOBS))}")
        body = await read_json(request, limits)
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

    async def client_gone(request: Request, exc: Exception) -> Response:
        log.warning("client went away during the request body of %s %s", request.method, request.url.path)
        return Response(status_code=GONE)

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
        exception_handlers={ApiError: api_error, HTTPException: http_error, ClientGone: client_gone,
                            Exception: server_error},
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


async def unless_gone(work: Awaitable[T], receive: Receive) -> T | None:
    """The work's result; ``None`` when the client goes away first, and the work is then cancelled."""
    task = asyncio.ensure_future(work)
    gone = asyncio.ensure_future(until_disconnected(receive))
    try:
        done, _ = await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        gone.cancel()
        if not task.done():
            task.cancel()
    return task.result() if task in done else None


async def until_disconnected(receive: Receive) -> None:
    """Return when the client closes its connection (once the body is read, that is all receive tells)."""
    while (await receive())["type"] != "http.disconnect":
        pass


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


async def read_json(request: Request, limits: Limits) -> dict[str, Any]:
    """The request body as a JSON object, read no further than ``limits.max_body`` bytes and for no
    longer than ``limits.body_seconds``."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise ApiError(400, "bad Content-Length header")
        if int(declared) > limits.max_body:
            raise ApiError(413, f"the body is {declared} bytes, over the limit of {limits.max_body}")
    try:
        async with asyncio.timeout(limits.body_seconds):
            raw = await read_body(request, limits.max_body)
    except TimeoutError:
        raise ApiError(408, f"the body did not arrive within {limits.body_seconds:g} s",
                       {"Connection": "close"}) from None
    except ClientDisconnect:
        raise ClientGone from None
    if not raw.strip():
        raise ApiError(400, "empty body: send a JSON object")
    try:
        body = jsontext.loads(raw)
    except ValueError:  # bad JSON, or nested too deeply to read (a FormatError)
        raise ApiError(400, "the body is not valid JSON") from None
    if not isinstance(body, dict):
        raise ApiError(400, f"the body must be a JSON object, not {type(body).__name__}")
    return body


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused (413) once it passes ``limit`` bytes."""
    chunks: list[bytes] = []
    total = 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > limit:
            raise ApiError(413, f"the body is over the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)
