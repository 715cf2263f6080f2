"""``collection``: build a collection of graded puzzles into a SQLite store, list it and export it."""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import Executor
from typing import Any

from ..errors import PencilkitError
from ..io import write_file
from . import Command, count, positive

BUNDLED = "bundled"


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    sub.required = True
    build = sub.add_parser("build", help="make every puzzle of the spec the store does not hold yet",
                           description="Make every puzzle of the spec the store does not hold yet; a run that "
                                       "is stopped resumes where it was.")
    build.add_argument("--genre", default="nurikabe", help="comma-separated genres (default nurikabe)")
    build.add_argument("--sizes", default="7x7", help="comma-separated RxC shapes (default 7x7)")
    build.add_argument("--levels", default="easy,medium,hard,expert", help="comma-separated levels (default all)")
    build.add_argument("--count", type=count, default=1, help="puzzles per genre, size and level (default 1)")
    build.add_argument("--seed", type=int, default=0, help="the collection's seed (default 0)")
    build.add_argument("--time-budget", type=positive, default=60.0, metavar="SECONDS",
                       help="seconds per puzzle (default 60)")
    build.add_argument("--style", default=None, help="generation style (default: the genre's)")
    build.add_argument("--db", required=True, help="the SQLite file (made if missing)")
    build.add_argument("--jobs", type=count, default=os.cpu_count() or 1,
                       help="worker processes (default: every core)")
    build.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                       help="run on a Dask cluster instead of local processes (needs dask.distributed)")
    for name, text in (("list", "count the puzzles by genre, size and level"),
                       ("export", "write the puzzles as JSON lines, puzzle IDs or puzz.link URLs")):
        action = sub.add_parser(name, help=text, description=text[0].upper() + text[1:] + ".")
        action.add_argument("--db", default=None, help="the SQLite file")
        action.add_argument("--bundled", action="store_true", help="the collection that ships with pencilkit")
        if name == "export":
            action.add_argument("--format", default="jsonl", choices=("jsonl", "ids", "urls"))
            action.add_argument("--genre", default=None, help="only this genre")
            action.add_argument("--level", default=None, help="only this level")
            action.add_argument("--output", "-o", default=None, help="write here instead of standard output")


def run(args: argparse.Namespace) -> int:
    return {"build": run_build, "list": run_list, "export": run_export}[args.action](args)


def run_build(args: argparse.Namespace) -> int:
    from ..store.build import build, local_pool
    from ..store.database import Store
    from ..store.spec import CollectionSpec

    spec = CollectionSpec.parse(args.genre, args.sizes, args.levels, count=args.count, seed=args.seed,
                                time_budget=args.time_budget, style=args.style)
    if args.jobs < 1:
        raise PencilkitError(f"--jobs must be positive, not {args.jobs}")
    pool = _dask_pool(args.scheduler) if args.scheduler else (lambda: local_pool(args.jobs))
    with Store(args.db) as store:
        spec_text = json.dumps([spec.genres, spec.sizes, spec.levels, spec.count, spec.seed, spec.style])
        known = store.meta("spec")
        if known is not None and known != spec_text:
            raise PencilkitError(f"{args.db} holds another collection's spec: use a new --db for this one")
        store.set_meta("spec", spec_text)
        total = len(spec.slots())
        bar = _progress(total)
        bar.update(len(store.done().keys() & {slot.key for slot in spec.slots()}))
        report = build(spec, store, pool, progress=bar.update)
        bar.close()
    print(f"{report.made} made, {report.skipped} already there, {report.repeats} repeats remade, "
          f"{report.retried} failed tries retried, {len(report.failed)} failed; {total} puzzles asked for, "
          f"in {args.db}", file=sys.stderr)
    return 0 if not report.failed else 1


def _dask_pool(address: str) -> Any:
    try:
        from dask import distributed
    except ImportError:
        raise PencilkitError("--scheduler needs dask.distributed: pip install 'dask[distributed]'") from None

    class DaskExecutor(Executor):
        """The cluster as a ``concurrent.futures`` executor; shutting it down closes the client."""

        def __init__(self) -> None:
            cluster: Any = distributed  # untyped: its calls are checked by the tests that use a real cluster
            try:
                self.client = cluster.Client(address, timeout=10)
            except OSError as e:
                raise PencilkitError(f"cannot reach the Dask scheduler at {address}: {e}") from None
            self.inner = self.client.get_executor(pure=False)

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            return self.inner.submit(fn, *args, **kwargs)

        def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
            self.inner.shutdown(wait=wait)
            self.client.close()

    return DaskExecutor


def _records(args: argparse.Namespace) -> list[dict[str, Any]]:
    if args.bundled == (args.db is not None):
        raise PencilkitError("give one of --db FILE and --bundled")
    if args.bundled:
        from importlib.resources import files

        folder = files("pencilkit") / "collections"
        out: list[dict[str, Any]] = []
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".jsonl"):
                out.extend(json.loads(line) for line in entry.read_text(encoding="utf-8").splitlines() if line.strip())
        return out
    from ..store.database import Store

    if not os.path.isfile(args.db):
        raise PencilkitError(f"{args.db}: no such collection")
    with Store(args.db) as store:
        return [record.to_json() for record in store.records()]


def run_list(args: argparse.Namespace) -> int:
    counts: dict[tuple[str, int, int, str], int] = {}
    for record in _records(args):
        key = (record["genre"], record["rows"], record["cols"], record.get("level") or record["rating"])
        counts[key] = counts.get(key, 0) + 1
    for (genre, rows, cols, level), n in sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1] * kv[0][2], kv[0])):
        print(f"{genre:10} {rows}x{cols:<4} {level:8} {n}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    records = [r for r in _records(args) if (args.genre is None or r["genre"] == args.genre)
               and (args.level is None or (r.get("level") or r["rating"]) == args.level)]
    if args.format == "jsonl":
        lines = [json.dumps(r, separators=(",", ":")) for r in records]
    elif args.format == "ids":
        lines = [r["puzzle"] for r in records]
    else:
        from ..formats import read_puzzle, write_puzzle

        lines = [write_puzzle(read_puzzle(r["puzzle"]), "url") for r in records]
    text = "".join(line + "\n" for line in lines)
    if args.output and args.output != "-":
        write_file(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


class _Quiet:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int) -> Any:
    if not sys.stderr.isatty():
        return _Quiet()
    from tqdm import tqdm

    return tqdm(total=total, unit="puzzle", file=sys.stderr)


COMMANDS = [
    Command("collection", "Build a collection of graded puzzles into a SQLite store; list and export it.",
            configure, run,
            exits="exit status: 0 done; 1 some puzzles could not be made (each is named on stderr); 2 bad input"),
]
