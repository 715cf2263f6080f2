"""Record what the engine says of every published puzzle: status, solution, rating and explained steps.

Each corpus puzzle is explained without a time limit (so the record does
not depend on the machine) and written as one JSON line of digests: the
status and the method that settled it, the rating, the solution, and three
digests of the ``explain --json`` steps (technique, level and cells; the
reasons; the chains behind the probes).  ``corpus.jsonl`` beside this file
is the record the engine is held to (:mod:`.test_corpus_record`).

    python -m tests.regression.record [--genre nurikabe ...] [--jobs 2] [--out FILE]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RECORD = HERE / "corpus.jsonl"
GENRES = ("nurikabe", "kurodoko", "heyawake", "hitori")
NO_LIMIT = 1e9
"""Seconds a solve may take here: none, in effect (a time limit would make the record depend on the machine)."""


def digest(items: Iterable[Any]) -> str:
    """A short digest of a list of JSON values."""
    text = "\n".join(json.dumps(item, sort_keys=True) for item in items)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record(line: str) -> dict[str, Any]:
    """What the engine says of one corpus line."""
    from pencilkit.api import explain
    from pencilkit.explanation import explanation_json
    from pencilkit.formats.detect import read_puzzle

    name = json.loads(line)["name"]
    solution = explain(read_puzzle(line), seconds=NO_LIMIT)
    out = explanation_json(solution)
    steps = out["steps"]
    words = [key for key in steps[0] if key not in ("technique", "level", "reason", "chain")] if steps else []
    return {
        "name": name,
        "status": out["status"],
        "method": out["method"],
        "rating": out["rating"],
        "solution": digest([out["solution"]]),
        "steps": len(steps),
        "cells": digest([[s["technique"], s["level"]] + [s[w] for w in words] for s in steps]),
        "reasons": digest([s["reason"] for s in steps]),
        "chains": digest([s.get("chain") for s in steps]),
    }


def corpus(genre: str) -> list[str]:
    from tests.conftest import CORPUS

    path = CORPUS / f"{genre}.jsonl"
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", choices=GENRES, help="default: every genre")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=RECORD)
    args = parser.parse_args()
    lines = [line for genre in args.genre or GENRES for line in corpus(genre)]
    done: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for n, found in enumerate(pool.map(record, lines, chunksize=1), 1):
            done.append(found)
            print(f"\r{n}/{len(lines)} {found['name']}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    args.out.write_text("".join(json.dumps(found) + "\n" for found in done), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
