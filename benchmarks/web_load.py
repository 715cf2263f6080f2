"""Load on the web player's API: requests per second and latency, with every answer checked.

Starts ``pencilkit play`` on a free port of 127.0.0.1 (or uses ``--url``, which
must be a loopback address), then fires a bounded number of concurrent
requests (generate, solve, check and hint, mixed) from client threads over
keep-alive connections, and stops at ``--requests`` or ``--duration``,
whichever comes first.  Every answer is compared with what the library
computes for that very request:

* generate: the puzzle the seed makes when generated here, with the same solution;
* solve: the status, solution and rating the library gives;
* check: the violations of that request's own answer (each one flips a
  different cell of a solution, so a mixed-up answer shows);
* hint: on a correct partial board, a deduction true in the solution that names
  only unmarked cells; with one wrong mark, exactly that cell.

Prints a table per kind (count, errors, wrong answers, answered busy, p50, p95,
max), the overall rate and, for a server it started, the memory of the
server and its workers at the start and the end; exits 1 on any error or
wrong answer.  "Busy" is the documented 503 of a full queue, not an error.

    python benchmarks/web_load.py                          # 400 requests, 8 clients
    python benchmarks/web_load.py --requests 100000 --concurrency 20 --duration 60 \
        --mix generate=1,solve=2,check=2,hint=2           # the soak: 20 clients for a minute
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pencilkit
from pencilkit.grid import Mask
from pencilkit.puzzle import Answer

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass
class Case:
    """One request and how to judge its answer."""

    kind: str
    body: dict[str, Any]
    judge: Callable[[int, dict[str, Any]], str | None]
    """``None`` when the answer is right, else what is wrong."""


@dataclass
class Outcome:
    kind: str
    seconds: float
    error: str | None = None
    wrong: str | None = None
    busy: bool = False
    """Answered 503 because a queue was full (documented, not an error)."""


@dataclass
class Tally:
    outcomes: list[Outcome] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, outcome: Outcome) -> None:
        with self.lock:
            self.outcomes.append(outcome)


# -- the workload ------------------------------------------------------------------


def prepare(seed: int, size: int, puzzles: int, generate_seeds: int) -> dict[str, list[Callable[[random.Random], Case]]]:
    """Request makers by kind, each with its expected answer computed here."""
    made = pencilkit.generate("nurikabe", size, size, "easy", seed=seed, count=puzzles)
    expected_generated = {s: pencilkit.generate("nurikabe", size, size, "easy", seed=s)[0]
                          for s in range(seed + 1000, seed + 1000 + generate_seeds)}

    def generate_case(rng: random.Random) -> Case:
        s = rng.choice(list(expected_generated))
        want = expected_generated[s]

        def judge(status: int, data: dict[str, Any]) -> str | None:
            if status != 200:
                return f"status {status}"
            if data["puzzle"]["id"] != want.puzzle.id() or data["generated"]["solution"] != want.solution.to_rows():
                return f"seed {s} gave another puzzle"
            return None

        return Case("generate", {"genre": "nurikabe", "rows": size, "cols": size, "level": "easy", "seed": s}, judge)

    def check_case(rng: random.Random) -> Case:
        item = rng.choice(made)
        puzzle, solution = item.puzzle, item.solution
        free = [c for c in range(puzzle.grid.size) if not puzzle.clue_mask >> c & 1]
        flips = rng.sample(free, rng.randrange(0, 3))
        shaded = solution.shaded
        for cell in flips:
            shaded ^= 1 << cell
        answer = Answer(puzzle.rows, puzzle.cols, shaded, 0)
        want = [(v.rule, v.message) for v in pencilkit.check(puzzle, answer)]

        def judge(status: int, data: dict[str, Any]) -> str | None:
            if status != 200:
                return f"status {status}"
            got = [(v["rule"], v["message"]) for v in data["violations"]]
            return None if got == want else f"violations {got} for an answer whose own are {want}"

        return Case("check", {"puzzle": puzzle.id(), "answer": answer.to_rows()}, judge)

    def hint_case(rng: random.Random) -> Case:
        item = rng.choice(made)
        puzzle, solution = item.puzzle, item.solution
        grid = puzzle.grid
        full = grid.full
        keep: Mask = 0
        for cell in range(grid.size):
            if rng.random() < 0.4:
                keep |= 1 << cell
        marks = Answer(puzzle.rows, puzzle.cols, solution.shaded & keep, full & ~solution.shaded & keep)
        wrong = None
        if rng.random() < 0.3:
            free = [c for c in range(grid.size) if not puzzle.clue_mask >> c & 1]
            wrong = rng.choice(free)
            bit = 1 << wrong
            if solution.shaded & bit:
                marks = Answer(marks.rows, marks.cols, marks.shaded & ~bit, marks.unshaded | bit)
            else:
                marks = Answer(marks.rows, marks.cols, marks.shaded | bit, marks.unshaded & ~bit)
        decided = marks.shaded | marks.unshaded | puzzle.clue_mask

        def judge(status: int, data: dict[str, Any]) -> str | None:
            if status != 200:
                return f"status {status}"
            shade = sum(1 << c for c in data["shade"])
            unshade = sum(1 << c for c in data["unshade"])
            if wrong is not None:
                ok = data["kind"] == "mistake" and shade | unshade == 1 << wrong
                return None if ok else f"expected the mistake at {grid.name(wrong)}, got {data['kind']}"
            if data["kind"] == "solved":
                return None if marks.shaded == solution.shaded else "said solved on an unfinished board"
            if data["kind"] not in ("step", "reveal"):
                return f"unexpected hint kind {data['kind']}"
            if shade & ~solution.shaded or unshade & solution.shaded:
                return "the hint contradicts the solution"
            if (shade | unshade) & decided or not shade | unshade:
                return "the hint does not name new cells of this board"
            return None

        return Case("hint", {"puzzle": puzzle.id(), "answer": marks.to_rows()}, judge)

    solved = {item.puzzle.id(): pencilkit.solve(item.puzzle) for item in made}

    def solve_case(rng: random.Random) -> Case:
        item = rng.choice(made)
        want = solved[item.puzzle.id()]

        def judge(status: int, data: dict[str, Any]) -> str | None:
            if status != 200:
                return f"status {status}"
            rating = want.rating.label if want.rating is not None else None
            got = (data["status"], data["solution"], data["rating"])
            expected = (want.status.value, want.answer.to_rows() if want.answer else None, rating)
            return None if got == expected else f"solve gave {got}, the library {expected}"

        return Case("solve", {"puzzle": item.puzzle.id()}, judge)

    return {"generate": [generate_case], "solve": [solve_case], "check": [check_case], "hint": [hint_case]}


# -- the server and the clients ---------------------------------------------------------


def start_server(workers: int | None) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "pencilkit", "play", "--host", "127.0.0.1", "--port", "0", "--no-browser"]
    if workers:
        command += ["--workers", str(workers)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    match = re.search(r"(http://\S+?)/? ", line)
    if not match:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, match.group(1)


def connect(url: str, timeout: float = 120.0) -> http.client.HTTPConnection:
    parts = urlsplit(url)
    return http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=timeout)


def wait_ready(url: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            connection = connect(url, timeout=5)
            connection.request("GET", "/api/genres")
            if connection.getresponse().status == 200:
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def warm_up(url: str, calls: int) -> None:
    """Send untimed requests to both worker pools so that no timed request waits for a worker to start."""
    def call(job: str, body: dict[str, Any]) -> None:
        connection = connect(url)
        connection.request("POST", f"/api/{job}", body=json.dumps(body), headers={"Content-Type": "application/json"})
        connection.getresponse().read()
        connection.close()

    tiny = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
    threads = [threading.Thread(target=call, args=job)
               for job in [("solve", {"puzzle": tiny}), ("parse", {"text": tiny})] * calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def client(url: str, makers: dict[str, list[Callable[[random.Random], Case]]], weights: dict[str, float],
           budget: list[int], lock: threading.Lock, deadline: float, tally: Tally, seed: int) -> None:
    rng = random.Random(seed)
    connection = connect(url)
    kinds = list(weights)
    while time.monotonic() < deadline:
        with lock:
            if budget[0] <= 0:
                break
            budget[0] -= 1
        kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
        case = rng.choice(makers[kind])(rng)
        payload = json.dumps(case.body)
        start = time.perf_counter()
        try:
            connection.request("POST", f"/api/{kind}", body=payload, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            data = json.loads(response.read())
            seconds = time.perf_counter() - start
        except (OSError, http.client.HTTPException, ValueError) as broken:
            tally.add(Outcome(kind, time.perf_counter() - start, error=f"{type(broken).__name__}: {broken}"))
            connection.close()
            connection = connect(url)
            continue
        if response.status == 503 and "busy" in str(data.get("error")):
            tally.add(Outcome(kind, seconds, busy=True))
            continue
        if response.status != 200:
            tally.add(Outcome(kind, seconds, error=f"{response.status}: {data.get('error')}"))
            continue
        tally.add(Outcome(kind, seconds, wrong=case.judge(response.status, data)))
    connection.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(1, math.ceil(share * len(ordered))) - 1] if ordered else float("nan")


def report(tally: Tally, seconds: float) -> bool:
    rows = []
    kinds = sorted({o.kind for o in tally.outcomes})
    for kind in kinds + ["all"]:
        chosen = [o for o in tally.outcomes if kind in ("all", o.kind)]
        times = [o.seconds * 1000 for o in chosen]
        rows.append((kind, len(chosen), sum(o.error is not None for o in chosen),
                     sum(o.wrong is not None for o in chosen), sum(o.busy for o in chosen), len(chosen) / seconds,
                     percentile(times, 0.5), percentile(times, 0.95), max(times)))
    print("| kind | requests | errors | wrong answers | busy | req/s | p50 ms | p95 ms | max ms |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for kind, n, errors, wrong, busy, rate, p50, p95, top in rows:
        print(f"| {kind} | {n} | {errors} | {wrong} | {busy} | {rate:.1f} | {p50:.1f} | {p95:.1f} | {top:.1f} |")
    print(f"\n{len(tally.outcomes)} requests in {seconds:.1f} s")
    problems = [o for o in tally.outcomes if o.error or o.wrong]
    for o in problems[:10]:
        print(f"  {o.kind}: {o.error or o.wrong}", file=sys.stderr)
    return not problems


def memory_mb(pid: int) -> float:
    """Resident memory of a process and all its descendants, in MB (Linux /proc; NaN elsewhere)."""
    try:
        parents: dict[int, int] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        family, grew = {pid}, True
        while grew:
            more = {child for child, parent in parents.items() if parent in family} - family
            family |= more
            grew = bool(more)
        total = 0
        for member in family:
            for line in (Path("/proc") / str(member) / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        return total / 1024
    except OSError:
        return float("nan")


def parse_mix(text: str) -> dict[str, float]:
    mix = {}
    for part in text.split(","):
        name, _, weight = part.partition("=")
        if name.strip() not in ("generate", "solve", "check", "hint"):
            raise SystemExit(f"unknown request kind {name!r} in --mix")
        mix[name.strip()] = float(weight or 1)
    return mix


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=400, help="requests in all (default %(default)s)")
    parser.add_argument("--concurrency", type=int, default=8, help="client threads (default %(default)s)")
    parser.add_argument("--duration", type=float, default=60.0, help="stop after this many seconds (default %(default)s)")
    parser.add_argument("--mix", default="generate=1,check=4,hint=4", help="weights of the request kinds")
    parser.add_argument("--size", type=int, default=7, help="side of the puzzles (default %(default)s)")
    parser.add_argument("--workers", type=int, default=None, help="the server's generation workers")
    parser.add_argument("--url", default=None, help="a server already running on this machine (loopback only)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if not 1 <= args.requests <= 100_000 or not 1 <= args.concurrency <= 256 or not 0 < args.duration <= 3600:
        raise SystemExit("--requests 1..100000, --concurrency 1..256, --duration up to 3600 s")
    if args.url and urlsplit(args.url).hostname not in LOOPBACK:
        raise SystemExit("--url must be a server on this machine (127.0.0.1, localhost or ::1)")
    weights = parse_mix(args.mix)
    print(f"preparing {args.size}x{args.size} puzzles and their expected answers ...", file=sys.stderr)
    makers = prepare(args.seed, args.size, puzzles=12, generate_seeds=8)
    process = None
    url = args.url
    if url is None:
        process, url = start_server(args.workers)
    try:
        wait_ready(url)
        warm_up(url, 4)
        memory = [memory_mb(process.pid)] if process is not None else []
        tally = Tally()
        budget = [args.requests]
        lock = threading.Lock()
        start = time.perf_counter()
        deadline = time.monotonic() + args.duration
        threads = [threading.Thread(target=client, args=(url, makers, weights, budget, lock, deadline, tally,
                                                         args.seed * 1000 + k))
                   for k in range(args.concurrency)]
        for thread in threads:
            thread.start()
        while (alive := [thread for thread in threads if thread.is_alive()]):
            alive[0].join(15)
            if process is not None and any(thread.is_alive() for thread in threads):
                memory.append(memory_mb(process.pid))
        elapsed = time.perf_counter() - start
        if process is not None:
            memory.append(memory_mb(process.pid))
    finally:
        if process is not None:
            process.terminate()
            process.wait(30)
    print(f"{args.concurrency} clients, mix {args.mix}, {args.size}x{args.size} nurikabe, server {url}\n")
    fine = report(tally, elapsed)
    if memory:
        print(f"server and workers: {memory[0]:.0f} MB after warming up, {memory[-1]:.0f} MB at the end "
              f"(sampled about every 15 s: {', '.join(f'{m:.0f}' for m in memory)})")
    return 0 if fine else 1


if __name__ == "__main__":
    raise SystemExit(main())
