"""``collection``: build a collection of graded puzzles into a SQLite store, list it and export it."""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import Executor
from typing import Any

from ..errors import PencilkitError
from ..frame.symmetry import PUBLISHED
from ..io import write_file
from . import (
    MAX_COUNT,
    MAX_JOBS_PER_CORE,
    Command,
    add_time,
    emit_json,
    plural,
    positive,
    progress,
    status_word,
    whole_number,
    worker_count,
)

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
    build.add_argument("--count", type=whole_number(1, MAX_COUNT), default=1,
                       help="puzzles per genre, size and level (default 1)")
    build.add_argument("--seed", type=int, default=0, help="the collection's seed (default 0)")
    add_time(build, 60.0, "seconds per puzzle (default 60)")
    build.add_argument("--style", default=None, help="generation style (default: the genre's)")
    build.add_argument("--symmetry", default=PUBLISHED,
                       help="symmetry of the clue positions (Heyawake: of the rooms): published (the default: "
                            "each puzzle keeps one as often as published puzzles of its genre and size; Hitori "
                            "none), none, rot2, rot4 or mirror")
    build.add_argument("--db", required=True, help="the SQLite file (made if missing)")
    build.add_argument("--jobs", type=worker_count, default=os.cpu_count() or 1,
                       help=f"worker processes, at most {MAX_JOBS_PER_CORE} a core (default: every core)")
    build.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                       help="run on a Dask cluster instead of local processes (needs dask.distributed)")
    build.add_argument("--json", action="store_true", help="print the build's tally as JSON")
    build.add_argument("--score", default=None, metavar="LOW-HIGH",
                       help="a difficulty score range beside the levels, such as 330-360 (docs/difficulty.md)")
    build.add_argument("--spec", default=None, metavar="FILE.toml",
                       help="read the spec from a TOML file (keys: genre, sizes, levels, count, seed, "
                            "time_budget, style, symmetry); the options above are for what it leaves out")
    rate = sub.add_parser("rate", help="solve and rate an imported collection into the store",
                          description="Solve, prove unique and rate every puzzle of a JSON-lines file into the "
                                      "store; a run that is stopped resumes where it was.")
    rate.add_argument("puzzles", metavar="FILE.jsonl", help="one record a line with a 'puzzle' field")
    rate.add_argument("--db", required=True, help="the SQLite file (made if missing)")
    rate.add_argument("--time", type=positive, default=60.0, metavar="SECONDS", help="seconds a puzzle (default 60)")
    rate.add_argument("--json", action="store_true", help="print the ratings' tally as JSON")
    rate.add_argument("--jobs", type=worker_count, default=os.cpu_count() or 1,
                      help=f"worker processes, at most {MAX_JOBS_PER_CORE} a core (default: every core)")
    for name, text in (("list", "count the puzzles by genre, size and level"),
                       ("show", "print one puzzle, its solution and what the store knows of it"),
                       ("export", "write the puzzles as JSON lines, puzzle IDs, puzz.link URLs or print sheets")):
        action = sub.add_parser(name, help=text, description=text[0].upper() + text[1:] + ".")
        action.add_argument("--db", default=None, help="the SQLite file")
        action.add_argument("--bundled", action="store_true", help="the collection that ships with pencilkit")
        if name == "show":
            action.add_argument("which", metavar="N|SLOT",
                                help="its place in the listing order (1 is the first) or its slot, such as "
                                     "'nurikabe 7x7 easy #0'")
            action.add_argument("--json", action="store_true", help="print the record as JSON")
        if name == "list":
            action.add_argument("--json", action="store_true", help="print the counts as JSON")
        if name == "export":
            action.add_argument("--format", default="jsonl", choices=("jsonl", "ids", "urls", "pdf"),
                                help="jsonl (default), ids, urls, or pdf: print sheets, one PDF per genre and level "
                                     "with the solutions at the back, into the folder -o names")
            action.add_argument("--paper", default="a4", help="the sheets' paper (default a4)")
            action.add_argument("--genre", default=None, help="only this genre")
            action.add_argument("--level", default=None, help="only this level")
            action.add_argument("--output", "-o", default=None, help="write here instead of standard output")
            action.add_argument("--json", action="store_true",
                                help="IDs and URLs as JSON lines; with -o, print what was written as JSON")


def run(args: argparse.Namespace) -> int:
    actions = {"build": run_build, "rate": run_rate, "list": run_list, "show": run_show, "export": run_export}
    return actions[args.action](args)


def run_show(args: argparse.Namespace) -> int:
    records = _records(args)
    chosen = None
    if args.which.isdigit() and 1 <= int(args.which) <= len(records):
        chosen = records[int(args.which) - 1]
    else:
        chosen = next((r for r in records if r.get("slot", r.get("name")) == args.which), None)
    if chosen is None:
        raise PencilkitError(f"no puzzle {args.which!r}: give 1 to {len(records)} or a slot as 'collection list' "
                             "counts them")
    if args.json:
        print(json.dumps(chosen, indent=1))
        return 0
    from ..formats import read_puzzle

    puzzle = read_puzzle(chosen["puzzle"])
    score = "" if chosen.get("score") is None else f" · score {chosen['score']}"
    print(f"# {chosen.get('slot') or chosen.get('name')} · rating {chosen['rating']}{score} · seed {chosen.get('seed')}")
    print(puzzle)
    print("# solution")
    print("\n".join(chosen["solution"]))
    return 0


def run_build(args: argparse.Namespace) -> int:
    from ..store.build import build, local_pool
    from ..store.database import Store
    from ..store.spec import CollectionSpec
    from .generate import parse_scores

    if args.spec is not None:
        _read_spec(args)
    scores = None if args.score is None else parse_scores(args.score)
    spec = CollectionSpec.parse(args.genre, args.sizes, args.levels, count=args.count, seed=args.seed,
                                time_budget=args.time_budget, style=args.style, symmetry=args.symmetry,
                                scores=scores)
    pool = _dask_pool(args.scheduler) if args.scheduler else (lambda: local_pool(args.jobs))
    with Store(args.db) as store:
        described: list[object] = [spec.genres, spec.sizes, spec.levels, spec.count, spec.seed, spec.style]
        if spec.symmetry != "none" or spec.scores is not None:  # (older stores keep their spec text)
            described.append(spec.symmetry)
        if spec.scores is not None:
            described.append(list(spec.scores))
        spec_text = json.dumps(described)
        known = store.meta("spec")
        if known is not None and known != spec_text:
            raise PencilkitError(f"{args.db} holds another collection's spec: use a new --db for this one")
        store.set_meta("spec", spec_text)
        total = len(spec.slots())
        bar = progress(total)
        bar.update(len(store.done().keys() & {slot.key for slot in spec.slots()}))
        report = build(spec, store, pool, progress=bar.update)
        bar.close()
    if args.json:
        emit_json({"made": report.made, "skipped": report.skipped, "repeats": report.repeats,
                   "retried": report.retried, "failed": report.failed, "asked": total, "db": args.db})
    print(f"{report.made} made, {report.skipped} already there, {plural(report.repeats, 'repeat')} remade, "
          f"{plural(report.retried, 'failed try', 'failed tries')} retried, {len(report.failed)} failed; "
          f"{plural(total, 'puzzle')} asked for, "
          f"in {args.db}", file=sys.stderr)
    return 0 if not report.failed else 1


SPEC_KEYS = {"genre": str, "genres": str, "sizes": str, "levels": str, "count": int, "seed": int,
             "time_budget": float, "style": str, "symmetry": str, "score": str}


def _read_spec(args: argparse.Namespace) -> None:
    """Fill ``args`` from a TOML spec file (lists may be TOML arrays or comma-separated strings)."""
    import tomllib

    try:
        with open(args.spec, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as e:
        raise PencilkitError(f"{args.spec}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise PencilkitError(f"{args.spec}: not TOML: {e}") from None
    for key, value in data.items():
        kind = SPEC_KEYS.get(key)
        if kind is None:
            raise PencilkitError(f"{args.spec}: unknown key {key!r}: the keys are {', '.join(sorted(SPEC_KEYS))}")
        if isinstance(value, list) and kind is str:
            value = ",".join(str(item) for item in value)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise PencilkitError(f"{args.spec}: {key} must be {kind.__name__}, not {value!r}")
        setattr(args, "genre" if key == "genres" else key, value)


def run_rate(args: argparse.Namespace) -> int:
    from ..api import solve
    from ..io import is_json_lines, read_source
    from ..store.database import Store
    from .solving import EXIT_BAD_INPUT, batch_line, batch_records, rating_json, say_bad_line

    text = read_source(args.puzzles)
    if not is_json_lines(args.puzzles, text):
        raise PencilkitError(f"{args.puzzles}: expected JSON lines, one record with a 'puzzle' field a line")
    records = list(batch_records(text))
    with Store(args.db) as store:
        done = store.rated()

        def key(item: Any) -> str:
            number, record, _ = item
            return str(record["name"]) if record is not None and "name" in record else f"line {number}"

        todo = [item for item in records if key(item) not in done]
        bar = progress(len(records))
        bar.update(len(records) - len(todo))
        options = {"seconds": args.time}
        worst = 0
        from functools import partial

        from . import in_order

        for item, (line, code) in zip(todo, in_order(partial(batch_line, solve, rating_json, options), todo, args.jobs)):
            data = json.loads(line)
            if code == EXIT_BAD_INPUT:
                say_bad_line(item[0], data["error"])
            if item[1] is not None:
                data["puzzle"] = str(item[1]["puzzle"])
            store.add_rating(key(item), data)
            worst = max(worst, code)
            bar.update(1)
        bar.close()
        summary = store.ratings()
    if args.json:
        emit_json({"ratings": summary, "puzzles": len(records), "db": args.db})
    print(", ".join(f"{n} {status_word(label)}" for label, n in summary.items())
          + f"; {plural(len(records), 'puzzle')} in {args.db}",
          file=sys.stderr)
    return worst


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


def _ratings(args: argparse.Namespace) -> dict[str, int]:
    if args.bundled:
        return {}
    from ..store.database import Store

    with Store(args.db) as store:
        return store.ratings()


def run_list(args: argparse.Namespace) -> int:
    counts: dict[tuple[str, int, int, str], int] = {}
    for record in _records(args):
        key = (record["genre"], record["rows"], record["cols"], record.get("level") or record["rating"])
        counts[key] = counts.get(key, 0) + 1
    listed = sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1] * kv[0][2], kv[0]))
    rated = _ratings(args)
    if args.json:
        emit_json({"counts": [{"genre": genre, "rows": rows, "cols": cols, "level": level, "count": n}
                              for (genre, rows, cols, level), n in listed], "rated": rated})
        return 0
    for (genre, rows, cols, level), n in listed:
        print(f"{genre:10} {f'{rows}x{cols}':7} {level:8} {n}")
    if rated:
        print("rated: " + ", ".join(f"{n} {label}" for label, n in rated.items()))
    return 0


def _export_filter(args: argparse.Namespace) -> tuple[str | None, str | None]:
    """The genre and level an export keeps, by their canonical names: an unknown one is bad input, not an
    empty export."""
    from ..frame.levels import Level
    from ..genres import find_genre

    genre = None if args.genre is None else find_genre(args.genre).name
    level = None if args.level is None else Level.parse(args.level).label
    return genre, level


def run_export(args: argparse.Namespace) -> int:
    genre, level = _export_filter(args)
    records = [r for r in _records(args) if (genre is None or r["genre"] == genre)
               and (level is None or (r.get("level") or r["rating"]) == level)]
    if args.format == "pdf":
        files = export_sheets(records, args.output, args.paper, quiet=args.json)
        if args.json:
            emit_json({"format": "pdf", "puzzles": len(records), "files": files})
        return 0
    to_file = bool(args.output) and args.output != "-"
    lines = _export_lines(records, args.format, as_json=args.json and not to_file)
    text = "".join(line + "\n" for line in lines)
    if to_file:
        write_file(args.output, text)
        if args.json:
            emit_json({"format": args.format, "puzzles": len(records), "files": [args.output]})
    else:
        sys.stdout.write(text)
    return 0


def _export_lines(records: list[dict[str, Any]], kind: str, *, as_json: bool) -> list[str]:
    """One line a record: the record itself (``jsonl``), its puzzle ID (``ids``) or its puzz.link URL
    (``urls``); with ``as_json`` an ID or URL is a JSON line naming its genre, level and slot as well."""
    if kind == "jsonl":
        return [json.dumps(r, separators=(",", ":")) for r in records]
    if kind == "ids":
        texts = [str(r["puzzle"]) for r in records]
    else:
        from ..formats import read_puzzle, write_puzzle

        texts = [write_puzzle(read_puzzle(r["puzzle"]), "url") for r in records]
    if not as_json:
        return texts
    field = "puzzle" if kind == "ids" else "url"
    return [json.dumps({"genre": r["genre"], "level": r.get("level") or r["rating"], "slot": r.get("slot"),
                        field: text}, separators=(",", ":")) for r, text in zip(records, texts)]


def export_sheets(records: list[dict[str, Any]], folder: str | None, paper: str, *, quiet: bool = False) -> list[str]:
    """One PDF per genre and level (``<genre>-<level>.pdf``) in ``folder``: the puzzles, then their solutions;
    the files written (each named on stderr unless ``quiet``)."""
    from ..formats import read_puzzle
    from ..formats.export import svgs_to_pdf
    from ..formats.sheet import SheetEntry, layout_sheet
    from ..genres import find_genre
    from ..puzzle import Answer

    if not folder or folder == "-":
        raise PencilkitError("--format pdf writes one file per genre and level: give a folder with -o")
    if not os.path.isdir(folder):
        raise PencilkitError(f"{folder} is not a folder")
    groups: dict[tuple[str, str], list[SheetEntry]] = {}
    for record in records:
        level = record.get("level") or record["rating"]
        group = groups.setdefault((record["genre"], level), [])
        title = f"{record['rows']}x{record['cols']} #{len(group) + 1}"
        group.append(SheetEntry(read_puzzle(record["puzzle"]), title, record["rating"],
                                Answer.from_rows(record["solution"])))
    written = []
    for (genre, level), entries in sorted(groups.items()):
        pages = layout_sheet(entries, paper=paper, title=f"{find_genre(genre).title} · {level}")
        path = os.path.join(folder, f"{genre}-{level}.pdf")
        write_file(path, svgs_to_pdf(pages))
        if not quiet:
            print(path, file=sys.stderr)
        written.append(path)
    return written


COMMANDS = [
    Command("collection", "Build a collection of graded puzzles into a SQLite store; list and export it.",
            configure, run,
            exits="exit status: 0 done; 1 some puzzles could not be made (each is named on stderr); 2 bad input"),
]
