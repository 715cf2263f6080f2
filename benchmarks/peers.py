"""Time pencilkit against a peer solver on one genre's published corpus, in the same run.

    python benchmarks/peers.py nurikabe|heyawake|kurodoko|hitori [--every N] [--peer PATH] [--corpus PATH] [--json]
        [--clock wall|cpu] [--order alternate|pencilkit-first] [--timeout S] [--seconds S] [--no-recursion]

The peers are not part of pencilkit and are built outside the repository, under
``../peers`` beside the checkout (its README.txt says how):

- nurikabe: semiexp's C++ Nurikabe solver (``peers/nurikabe/solver``), one process
  a puzzle, given the puzzle as a file and answering ``y`` to going on to 2- and
  3-step trial and error.  Puzzles with ``?`` clues cannot be given to it and
  count as not run.  Its clock restarts at each stage, so for a puzzle that needs
  2- or 3-step trial and error it reports only the last stage's time; a build
  with that one line changed, ``--peer ../peers/nurikabe_cumulative/solver``,
  reports the whole solve.
- heyawake: cspuz_core's ``solve_heyawake`` (SAT, Glucose backend) through a small
  Rust driver (``peers/heyawake_driver``) that reads corpus lines on stdin; one
  driver process serves the whole run, fed one puzzle at a time.
- kurodoko: Simon Tatham's Range (``peers/range_solver``: range.c's own solver
  with a standalone ``main``), one process a puzzle, given Range's game ID.  Its
  levels: deductions (what Range's generator requires of its puzzles), then
  recursion (the game's Solve: nested trial of cells without a depth limit,
  exponential on some puzzles).  Each puzzle goes to the deductions; when they
  stall, to the full Solve from scratch (the run timed then) under
  ``--timeout`` (10 s by default here: a 9x9 ran past 10 minutes), unless
  ``--no-recursion``.  What Range does not finish counts
  as not found, and so the table's times are over the puzzles it solves.
- hitori: puzzlekit's ``solve(..., "hitori")`` (OR-Tools, a MIP with connectivity
  cuts) through a Python driver (``peers/puzzlekit_driver.py``, run by the
  interpreter of ``peers/puzzlekit-venv``, which holds puzzlekit and OR-Tools)
  that reads corpus lines on stdin, as the Heyawake driver does.  It finds one
  solution and does not prove it unique, so it does less than pencilkit does.

Puzzles are taken in corpus order and each is solved by both, one right after
the other: with ``--order alternate`` (the default) pencilkit goes first on the
even-numbered puzzles of the sample and the peer on the odd ones;
``--order pencilkit-first`` always starts with pencilkit.  Both are warmed by one
untimed solve of the first puzzle.

A puzzle's times:

- pencilkit: wall (``perf_counter``) and CPU (``process_time``) seconds of
  ``pencilkit.solve(puzzle)`` in this warm process, from a parsed puzzle.
- peer engine: the time the peer reports for its own solve, without process
  start-up or reading: cspuz's and Range's monotonic wall time of the solve call
  and their CPU time over it; semiexp's ``clock()`` time, which is CPU time (it
  stands for both).
- peer process: the wall time of the peer's whole process, spawn to exit, and
  its CPU from the child's rusage; for the Heyawake driver, the round trip of one
  line through the running process (no CPU).

``--clock`` (default wall) picks what the table's median, p95 and ratio columns
compare: pencilkit's wall against the peer's engine wall, or CPU against CPU;
the other clock's medians have columns of their own.  Found: pencilkit's status
is unique and its answer equals the published solution; the peer decided every
cell and its grid equals the published solution.  Medians, p95s and ratios are
over the puzzles both found (``both``), so that each compares the same puzzles;
``ratio`` is pencilkit's median over the peer's (below 1: pencilkit faster).
Times in the table are milliseconds; totals are seconds.  ``--json`` prints the
table, the totals and every puzzle's result as one JSON document instead.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import select
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

import pencilkit
from pencilkit.formats.detect import read_puzzle
from size_classes import SIZE_CLASSES, size_class

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
PEERS = ROOT.parent / "peers"
DEFAULT_PEER = {
    "nurikabe": PEERS / "nurikabe" / "solver",
    "heyawake": PEERS / "heyawake_driver" / "target" / "release" / "heyawake_driver",
    "kurodoko": PEERS / "range_solver" / "range_solver",
    "hitori": PEERS / "puzzlekit_driver.py",
}
PEER_NAME = {"nurikabe": "semiexp", "heyawake": "cspuz", "kurodoko": "Range", "hitori": "puzzlekit"}
PUZZLEKIT_PYTHON = PEERS / "puzzlekit-venv" / "bin" / "python"
"""The interpreter of the venv that holds puzzlekit and OR-Tools (kept apart from pencilkit's)."""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def progress(items: list[str], label: str) -> Iterable[str]:
    if not sys.stderr.isatty():
        return items
    from tqdm import tqdm

    return tqdm(items, desc=label, unit="puzzle", file=sys.stderr)  # type: ignore[no-any-return]


@dataclass
class PeerRun:
    """One puzzle through the peer."""

    verdict: str
    """``solved``, ``partial``, ``inconsistent``, ``gave up``, ``timeout``, ``error`` or ``not run``."""
    engine: float | None = None
    """Seconds the peer reports for its solve (wall, or CPU where that is all it has)."""
    engine_cpu: float | None = None
    """CPU seconds the peer reports for its solve."""
    process: float | None = None
    """Wall seconds of the peer's process (for the Heyawake driver: the round trip of one line)."""
    process_cpu: float | None = None
    """CPU seconds (user + system) of the peer's process, where it ran as a process of its own."""
    rows: list[str] | None = None
    note: str = ""


@dataclass
class Result:
    name: str
    shape: str
    cells: int
    first: str
    pk_wall: float
    pk_cpu: float
    pk_status: str
    pk_found: bool
    peer_verdict: str
    peer_found: bool
    peer_engine: float | None
    peer_engine_cpu: float | None
    peer_process: float | None
    peer_process_cpu: float | None
    peer_note: str

    @property
    def peer_ran(self) -> bool:
        return self.peer_verdict != "not run"

    @property
    def both(self) -> bool:
        return self.pk_found and self.peer_found and self.peer_engine is not None


class Peer(Protocol):
    def run(self, record: dict[str, Any]) -> PeerRun: ...

    def close(self) -> dict[str, Any]: ...


def run_process(command: list[str], stdin: str | None, timeout: float, cwd: str | None = None) \
        -> tuple[subprocess.CompletedProcess[str] | None, float, float]:
    """Run ``command`` to its end: the finished process (None on a time-out), its wall and CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        done: subprocess.CompletedProcess[str] | None = subprocess.run(
            command, input=stdin, capture_output=True, text=True, timeout=timeout, cwd=cwd,
            stdin=None if stdin is not None else subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        done = None
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done, wall, cpu


def tokens(record: dict[str, Any]) -> tuple[int, int, list[str]]:
    """Rows, columns and clue tokens of a puzzle ID ``genre:RxC:t,t,...``."""
    _, shape, body = record["puzzle"].split(":", 2)
    rows, cols = (int(n) for n in shape.split("x"))
    return rows, cols, body.split(",")


class Semiexp:
    """semiexp's Nurikabe solver: a file ``H W`` then H*W tokens (0 for no clue), one process a puzzle."""

    SOLVED = re.compile(r"Successfully solved \(([-+0-9.eE]+)s\)")
    STEPS = re.compile(r"(\d)-steps? trial-and-error techniques were used")

    def __init__(self, path: Path, timeout: float) -> None:
        self.path = path
        self.timeout = timeout
        self.folder = tempfile.TemporaryDirectory(prefix="peers-nurikabe-")

    def run(self, record: dict[str, Any]) -> PeerRun:
        rows, cols, cells = tokens(record)
        if "?" in cells:
            return PeerRun("not run", note="? clue")
        if not (0 < rows < 120 and 0 < cols < 120):
            return PeerRun("not run", note="board too large")
        grid = ["0" if t == "." else t for t in cells]
        path = Path(self.folder.name) / "puzzle.txt"
        path.write_text(f"{rows} {cols}\n"
                        + "".join(" ".join(grid[r * cols:(r + 1) * cols]) + "\n" for r in range(rows)))
        done, wall, cpu = run_process([str(self.path), str(path)], "y\ny\n", self.timeout, self.folder.name)
        if done is None:
            return PeerRun("timeout", process=wall, process_cpu=cpu)
        out = done.stdout
        solved = self.SOLVED.search(out)
        if solved is None:
            verdict = "inconsistent" if "Inconsistent problem" in out else \
                "gave up" if "too difficult" in out else "error"
            return PeerRun(verdict, process=wall, process_cpu=cpu)
        steps = self.STEPS.search(out)
        step_count = int(steps.group(1)) if steps else 0
        # After the verdict: a line naming the technique, a blank line, then the rows (## sea, .. island, clues).
        lines = out[solved.end():].splitlines()
        start = next((i for i, line in enumerate(lines) if i > 0 and not line.strip()), len(lines)) + 1
        grid_rows = []
        for line in lines[start:start + rows]:
            marks = line.split()
            grid_rows.append("".join("#" if m == "##" else "-" for m in marks) if len(marks) == cols else "?")
        seconds = float(solved.group(1))
        return PeerRun("solved", engine=seconds, engine_cpu=seconds, process=wall, process_cpu=cpu, rows=grid_rows,
                       note=f"{step_count}-step" if step_count else "no trial")

    def close(self) -> dict[str, Any]:
        self.folder.cleanup()
        return {}


class LineDriver:
    """A driver that takes corpus lines on stdin and answers one JSON line a puzzle, one process for the run:
    cspuz's Heyawake driver, puzzlekit's Hitori driver."""

    def __init__(self, command: list[str], timeout: float) -> None:
        self.command = command
        self.timeout = timeout
        self.processes = 0
        self.process: subprocess.Popen[str] | None = None
        self.first: float | None = None

    def start(self) -> subprocess.Popen[str]:
        if self.process is None:
            self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            text=True, bufsize=1)
            self.processes += 1
        return self.process

    def stop(self, kill: bool) -> None:
        if self.process is None:
            return
        if kill:
            self.process.kill()
        else:
            assert self.process.stdin is not None
            self.process.stdin.close()
        self.process.wait()
        self.process = None

    def run(self, record: dict[str, Any]) -> PeerRun:
        start = time.perf_counter()
        process = self.start()
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps(record) + "\n")
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], self.timeout)
        if not ready:
            self.stop(kill=True)
            return PeerRun("timeout", process=time.perf_counter() - start)
        line = process.stdout.readline()
        wall = time.perf_counter() - start
        if self.first is None:
            self.first = wall
        if not line:
            self.stop(kill=True)
            return PeerRun("error", process=wall, note="driver died")
        answer = json.loads(line)
        if answer.get("name") != record["name"]:
            raise RuntimeError(f"driver answered {answer.get('name')} for {record['name']}")
        verdict = "solved" if answer["decided"] else "partial" if answer["consistent"] else "inconsistent"
        return PeerRun(verdict, engine=float(answer["seconds"]), engine_cpu=float(answer["cpu_seconds"]),
                       process=wall, rows=answer["rows"])

    def close(self) -> dict[str, Any]:
        self.stop(kill=False)
        return {"driver_first_s": self.first, "driver_processes": self.processes}


class Range:
    """Simon Tatham's Range solver: ``range_solver -l deduction|recursion WxH:desc``, one process a puzzle."""

    def __init__(self, path: Path, timeout: float, recursion: bool) -> None:
        self.path = path
        self.timeout = timeout
        self.recursion = recursion

    @staticmethod
    def game_id(record: dict[str, Any]) -> str:
        """Range's game ID: ``COLSxROWS:`` then, in reading order, runs of blank cells as letters
        (``a`` one to ``z`` 26) and clues as numbers, ``_`` between two clues side by side."""
        rows, cols, cells = tokens(record)
        out: list[str] = []
        run = 0
        for cell in [*cells, None]:
            if cell == ".":
                run += 1
                continue
            while run:
                step = min(run, 26)
                out.append(chr(ord("a") - 1 + step))
                run -= step
            if cell is None:
                break
            if out and out[-1][-1].isdigit():
                out.append("_")
            out.append(cell)
        return f"{cols}x{rows}:" + "".join(out)

    def run(self, record: dict[str, Any]) -> PeerRun:
        """Range's deductions first (the level its generator requires); when they stall and recursion is
        allowed, the game's full Solve (nested trial of cells, no depth limit) from scratch, which is the run
        timed then."""
        rows, cols, cells = tokens(record)
        if "?" in cells:
            return PeerRun("not run", note="? clue")
        if rows > 127 or cols > 127:
            return PeerRun("not run", note="board too large")
        run = self.solve(record, "deduction", rows)
        if run.verdict == "partial" and self.recursion:
            run = self.solve(record, "recursion", rows)
        return run

    def solve(self, record: dict[str, Any], level: str, rows: int) -> PeerRun:
        done, wall, cpu = run_process([str(self.path), "-l", level, self.game_id(record)], None, self.timeout)
        if done is None:
            return PeerRun("timeout", process=wall, process_cpu=cpu, note=level)
        lines = done.stdout.splitlines()
        fields = dict(line.split(": ", 1) for line in lines[:4] if ": " in line)
        if done.returncode != 0 or "verdict" not in fields:
            return PeerRun("error", process=wall, process_cpu=cpu, note=done.stderr.strip()[:80])
        verdict = {"contradiction": "inconsistent"}.get(fields["verdict"], fields["verdict"])
        seconds = fields["seconds"].split()  # "<wall> cpu: <cpu>"
        return PeerRun(verdict, engine=float(seconds[0]), engine_cpu=float(seconds[-1]), process=wall,
                       process_cpu=cpu, rows=lines[4:4 + rows], note=level)

    def close(self) -> dict[str, Any]:
        return {}


def make_peer(genre: str, path: Path, timeout: float, recursion: bool) -> Peer:
    if genre == "nurikabe":
        return Semiexp(path, timeout)
    if genre == "heyawake":
        return LineDriver([str(path)], timeout)
    if genre == "hitori":
        return LineDriver([str(PUZZLEKIT_PYTHON), str(path)], timeout)
    return Range(path, timeout, recursion)


def ms(value: float) -> str:
    return f"{1000 * value:.3f}"


def median_of(group: list[Result], key: Callable[[Result], float | None]) -> float | None:
    values = [v for v in map(key, group) if v is not None]
    return statistics.median(values) if values else None


def summary(results: list[Result], clock: str) -> list[dict[str, Any]]:
    """The table's rows: one a size bucket, then ``all``."""
    def pk(r: Result) -> float:
        return r.pk_wall if clock == "wall" else r.pk_cpu

    def peer(r: Result) -> float | None:
        return r.peer_engine if clock == "wall" else r.peer_engine_cpu

    table = []
    groups = [(name, [r for r in results if size_class(r.cells) == name]) for _, name in SIZE_CLASSES]
    for name, group in [*groups, ("all", results)]:
        if not group:
            continue
        both = [r for r in group if r.both]
        row: dict[str, Any] = {
            "size": name, "puzzles": len(group), "peer_ran": sum(r.peer_ran for r in group),
            "pk_found": sum(r.pk_found for r in group), "peer_found": sum(r.peer_found for r in group),
            "both": len(both),
        }
        if both:
            pk_times = [pk(r) for r in both]
            peer_times = [t for t in map(peer, both) if t is not None]
            row |= {
                "pk_median": statistics.median(pk_times), "pk_p95": percentile(pk_times, 0.95),
                "peer_median": statistics.median(peer_times), "peer_p95": percentile(peer_times, 0.95),
                "pk_wall_median": median_of(both, lambda r: r.pk_wall),
                "pk_cpu_median": median_of(both, lambda r: r.pk_cpu),
                "peer_wall_median": median_of(both, lambda r: r.peer_engine),
                "peer_cpu_median": median_of(both, lambda r: r.peer_engine_cpu),
                "peer_process_median": median_of(both, lambda r: r.peer_process),
                "peer_process_cpu_median": median_of(both, lambda r: r.peer_process_cpu),
            }
            row["ratio"] = row["pk_median"] / row["peer_median"] if row["peer_median"] > 0 else None
        table.append(row)
    return table


def render(table: list[dict[str, Any]], peer: str, clock: str) -> str:
    other = "cpu" if clock == "wall" else "wall"
    head = ["size", "puzzles", f"{peer} ran", "pencilkit found", f"{peer} found", "both",
            "pk median", "pk p95", f"{peer} median", f"{peer} p95", "ratio pk/peer",
            f"pk {other} median", f"{peer} {other} median", f"{peer} proc median", f"{peer} proc cpu median"]
    keys = ["pk_median", "pk_p95", "peer_median", "peer_p95", "ratio", f"pk_{other}_median", f"peer_{other}_median",
            "peer_process_median", "peer_process_cpu_median"]
    rows = [head]
    for row in table:
        cells = [row["size"], str(row["puzzles"]), str(row["peer_ran"]), str(row["pk_found"]),
                 str(row["peer_found"]), str(row["both"])]
        for key in keys:
            value = row.get(key)
            cells.append("-" if value is None else f"{value:.2f}" if key == "ratio" else ms(value))
        rows.append(cells)
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = ["| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths)) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def totals(results: list[Result], extra: dict[str, Any]) -> dict[str, Any]:
    def add(group: list[Result], key: Callable[[Result], float | None]) -> float:
        return sum(v for v in map(key, group) if v is not None)

    both = [r for r in results if r.both]
    timed = [r for r in results if r.peer_engine is not None]
    return {
        "both": {"puzzles": len(both), "pk_wall_s": add(both, lambda r: r.pk_wall),
                 "pk_cpu_s": add(both, lambda r: r.pk_cpu), "peer_wall_s": add(both, lambda r: r.peer_engine),
                 "peer_cpu_s": add(both, lambda r: r.peer_engine_cpu),
                 "peer_process_s": add(both, lambda r: r.peer_process)},
        "all": {"puzzles": len(results), "pk_wall_s": add(results, lambda r: r.pk_wall),
                "pk_cpu_s": add(results, lambda r: r.pk_cpu), "peer_timed": len(timed),
                "peer_wall_s": add(timed, lambda r: r.peer_engine),
                "peer_cpu_s": add(timed, lambda r: r.peer_engine_cpu),
                "peer_timeouts": sum(r.peer_verdict == "timeout" for r in results),
                "peer_not_run": sum(not r.peer_ran for r in results)},
        **extra,
    }


def solve_pencilkit(puzzle: pencilkit.Puzzle, seconds: float | None) -> tuple[pencilkit.Solution, float, float]:
    cpu = time.process_time()
    start = time.perf_counter()
    solution = pencilkit.solve(puzzle) if seconds is None else pencilkit.solve(puzzle, seconds=seconds)
    wall = time.perf_counter() - start
    return solution, wall, time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("genre", choices=sorted(DEFAULT_PEER), help="the corpus and its peer")
    parser.add_argument("--every", type=int, default=1, help="take every N-th puzzle (default all)")
    parser.add_argument("--peer", type=Path, default=None, help="the peer's program (default under ../peers)")
    parser.add_argument("--corpus", type=Path, default=None, help="default: ../shared/corpus/<genre>.jsonl")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="what the median, p95 and ratio columns compare (default wall)")
    parser.add_argument("--order", choices=("alternate", "pencilkit-first"), default="alternate",
                        help="who solves a puzzle first (default: alternate, pencilkit on even puzzles)")
    parser.add_argument("--timeout", type=float, default=None,
                        help="the peer's seconds a puzzle (default 60; for Range's recursion 10)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="pencilkit's budget a puzzle (default: pencilkit.solve's own)")
    parser.add_argument("--no-recursion", action="store_true",
                        help="kurodoko: stop Range at its deductions, without its (exponential) recursion")
    parser.add_argument("--slowest", type=int, default=5, help="list the K puzzles where pencilkit is most behind")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of the table")
    args = parser.parse_args()
    peer_path: Path = args.peer or DEFAULT_PEER[args.genre]
    name = PEER_NAME[args.genre]
    if not (peer_path.is_file() and os.access(peer_path, os.X_OK)):
        sys.exit(f"peers.py: no {name} program at {peer_path}: build it as {PEERS}/README.txt says, "
                 "or give its path with --peer")
    path = args.corpus or CORPUS / f"{args.genre}.jsonl"
    if not path.is_file():
        sys.exit(f"peers.py: no corpus at {path}")
    lines = [line for line in path.read_text().splitlines() if line.strip()][:: args.every]
    if not lines:
        sys.exit(f"peers.py: no puzzles in {path}")
    timeout: float = args.timeout if args.timeout is not None else 10.0 if args.genre == "kurodoko" else 60.0
    peer = make_peer(args.genre, peer_path, timeout, not args.no_recursion)

    results: list[Result] = []
    try:
        solve_pencilkit(read_puzzle(lines[0]), args.seconds)  # warm-ups, untimed
        peer.run(json.loads(lines[0]))
        for index, line in enumerate(progress(lines, args.genre)):
            record = json.loads(line)
            puzzle = read_puzzle(line)
            pencilkit_first = args.order == "pencilkit-first" or index % 2 == 0
            if pencilkit_first:
                solution, wall, cpu = solve_pencilkit(puzzle, args.seconds)
                run = peer.run(record)
            else:
                run = peer.run(record)
                solution, wall, cpu = solve_pencilkit(puzzle, args.seconds)
            pk_found = solution.status is pencilkit.Status.UNIQUE and solution.answer is not None \
                and solution.answer.to_rows() == record["solution"]
            peer_found = run.verdict == "solved" and run.rows == record["solution"]
            note = run.note if run.verdict != "solved" or peer_found else (run.note + " wrong grid").strip()
            results.append(Result(
                record["name"], f"{puzzle.rows}x{puzzle.cols}", puzzle.rows * puzzle.cols,
                "pencilkit" if pencilkit_first else "peer", wall, cpu, solution.status.value, pk_found,
                run.verdict, peer_found, run.engine, run.engine_cpu, run.process, run.process_cpu, note))
    finally:
        extra = peer.close()

    table = summary(results, args.clock)
    total = totals(results, extra)
    verdicts = Counter(r.peer_verdict for r in results)
    notes = Counter(r.peer_note for r in results if r.peer_note)
    failures = [r for r in results if not r.pk_found]
    if args.json:
        print(json.dumps({"genre": args.genre, "peer": str(peer_path), "corpus": str(path), "every": args.every,
                          "clock": args.clock, "order": args.order, "timeout": timeout, "table": table, "totals": total,
                          "peer_verdicts": verdicts, "peer_notes": notes,
                          "puzzles": [asdict(r) for r in results]}, indent=1))
        return 1 if failures else 0

    print(f"{len(results)} puzzles from {path.name} (every {args.every}), pencilkit vs {name} ({peer_path}); "
          f"{args.clock} clock; order: {args.order}; {name} timeout {timeout:g} s")
    print("times in ms; medians, p95s and ratios are over the puzzles both found\n")
    print(render(table, name, args.clock))
    b, a = total["both"], total["all"]
    print(f"\ntotal over the {b['puzzles']} puzzles both found: pencilkit {b['pk_wall_s']:.3f} s wall "
          f"({b['pk_cpu_s']:.3f} s CPU), {name} {b['peer_wall_s']:.3f} s engine ({b['peer_cpu_s']:.3f} s CPU, "
          f"{b['peer_process_s']:.3f} s process wall)")
    print(f"total over all {a['puzzles']} puzzles: pencilkit {a['pk_wall_s']:.3f} s wall ({a['pk_cpu_s']:.3f} s CPU); "
          f"{name} {a['peer_wall_s']:.3f} s engine ({a['peer_cpu_s']:.3f} s CPU) over the {a['peer_timed']} it timed "
          f"({a['peer_timeouts']} timed out, {a['peer_not_run']} not run)")
    if total.get("driver_first_s") is not None:
        print(f"{name} driver: {total['driver_processes']} process(es) for the run; start-up and warm-up solve "
              f"{total['driver_first_s']:.3f} s")
    print(f"{name} verdicts: " + ", ".join(f"{v} {n}" for v, n in verdicts.most_common()))
    if notes:
        print(f"{name} notes: " + ", ".join(f"{v} {n}" for v, n in notes.most_common()))
    if args.genre == "nurikabe" and "cumulative" not in peer_path.parent.name \
            and any(r.peer_note in ("2-step", "3-step") for r in results):
        print("  (semiexp's clock restarts at each stage: for the 2- and 3-step puzzles the stock build reports "
              "only the last stage; nurikabe_cumulative reports the whole solve)")
    missed = [r for r in results if r.peer_ran and not r.peer_found]
    if missed:
        print(f"{name} did not find: " + ", ".join(f"{r.name} ({r.shape}, {r.peer_verdict})" for r in missed))
    def pair(r: Result) -> tuple[float, float]:
        return (r.pk_wall, r.peer_engine or 0.0) if args.clock == "wall" else (r.pk_cpu, r.peer_engine_cpu or 0.0)

    behind = sorted((r for r in results if r.both and pair(r)[1] > 0), key=lambda r: pair(r)[0] / pair(r)[1],
                    reverse=True)
    if args.slowest and behind:
        print(f"most behind (pencilkit / {name}, {args.clock} ms): " + ", ".join(
            f"{r.name} {r.shape} {ms(pair(r)[0])}/{ms(pair(r)[1])}" for r in behind[: args.slowest]))
    for r in failures:
        print(f"PENCILKIT NOT FOUND: {r.name}: {r.pk_status}")
    for r in results:
        if r.peer_verdict == "solved" and not r.peer_found:
            print(f"{name.upper()} WRONG GRID: {r.name}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
