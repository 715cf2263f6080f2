"""The collection store: one SQLite file (WAL mode) that a killed run leaves whole.

Each finished slot is one row of ``puzzles``, written in its own transaction
the moment its worker answers, so a run stopped at any point (Ctrl+C, a kill,
a power cut) loses only the puzzles in flight, and the next run with the same
spec skips the slots that are done.  A slot that failed (no puzzle in its
budget, a worker that died) is a row of ``failures`` with its reason and the
attempts spent; it is retried once by the next run and then reported.

Only the driver writes; workers compute and hand back plain dictionaries.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import PencilkitError

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS puzzles (
    slot TEXT PRIMARY KEY,
    genre TEXT NOT NULL,
    rows INTEGER NOT NULL,
    cols INTEGER NOT NULL,
    level TEXT NOT NULL,
    idx INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    puzzle TEXT NOT NULL,
    canonical TEXT NOT NULL,
    solution TEXT NOT NULL,
    rating TEXT NOT NULL,
    exact INTEGER NOT NULL,
    style TEXT NOT NULL,
    stats TEXT NOT NULL,
    generator TEXT NOT NULL,
    seconds REAL NOT NULL,
    made REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzles_canonical ON puzzles (canonical);
CREATE TABLE IF NOT EXISTS ratings (
    key TEXT PRIMARY KEY,
    puzzle TEXT NOT NULL,
    status TEXT NOT NULL,
    rating TEXT,
    profile TEXT,
    matches INTEGER,
    seconds REAL NOT NULL,
    made REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS failures (
    slot TEXT PRIMARY KEY,
    attempt INTEGER NOT NULL,
    reason TEXT NOT NULL,
    tries INTEGER NOT NULL,
    made REAL NOT NULL
);
"""


@dataclass(frozen=True)
class Record:
    """One stored puzzle."""

    slot: str
    genre: str
    rows: int
    cols: int
    level: str
    index: int
    attempt: int
    seed: int
    puzzle: str
    canonical: str
    solution: list[str]
    rating: str
    exact: bool
    style: str
    stats: dict[str, Any]
    generator: str
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The exported form: one object per puzzle."""
        return {"puzzle": self.puzzle, "genre": self.genre, "rows": self.rows, "cols": self.cols,
                "level": self.level, "rating": self.rating, "score": self.stats.get("score"), "exact": self.exact,
                "seed": self.seed, "solution": self.solution, "style": self.style, "slot": self.slot, "stats": self.stats,
                "generator": self.generator, "seconds": round(self.seconds, 3)}


class Store:
    """A collection's SQLite file.  Use as a context manager."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as e:
            raise PencilkitError(f"{self.path}: not a pencilkit collection ({e})") from None
        version = self.meta("schema")
        if version is None:
            self.set_meta("schema", str(SCHEMA_VERSION))
        elif version != str(SCHEMA_VERSION):
            raise PencilkitError(f"{self.path}: collection schema {version}, this pencilkit reads {SCHEMA_VERSION}")

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.db.close()

    def meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def done(self) -> dict[str, tuple[int, str]]:
        """Each finished slot's attempt and canonical form."""
        return {slot: (attempt, canonical)
                for slot, attempt, canonical in self.db.execute("SELECT slot, attempt, canonical FROM puzzles")}

    def failures(self) -> dict[str, tuple[int, str, int]]:
        """Each failed slot's attempt, reason and tries."""
        return {slot: (attempt, reason, tries)
                for slot, attempt, reason, tries in self.db.execute("SELECT slot, attempt, reason, tries FROM failures")}

    def add(self, row: dict[str, Any]) -> None:
        """Store one finished slot (replacing what it held), in its own transaction."""
        with self.db:
            self.db.execute("DELETE FROM failures WHERE slot = ?", (row["slot"],))
            self.db.execute(
                "INSERT OR REPLACE INTO puzzles (slot, genre, rows, cols, level, idx, attempt, seed, puzzle, canonical,"
                " solution, rating, exact, style, stats, generator, seconds, made)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row["slot"], row["genre"], row["rows"], row["cols"], row["level"], row["index"], row["attempt"],
                 row["seed"], row["puzzle"], row["canonical"], json.dumps(row["solution"]), row["rating"],
                 int(row["exact"]), row["style"], json.dumps(row["stats"], sort_keys=True), row["generator"],
                 row["seconds"], time.time()))

    def fail(self, slot: str, attempt: int, reason: str) -> int:
        """Record a failed slot; the number of tries it has now had."""
        with self.db:
            row = self.db.execute("SELECT tries FROM failures WHERE slot = ? AND attempt = ?", (slot, attempt)).fetchone()
            tries = 1 if row is None else int(row[0]) + 1
            self.db.execute("INSERT OR REPLACE INTO failures (slot, attempt, reason, tries, made) VALUES (?, ?, ?, ?, ?)",
                            (slot, attempt, reason, tries, time.time()))
        return tries

    def rated(self) -> set[str]:
        """The keys of the imported puzzles rated already."""
        return {key for (key,) in self.db.execute("SELECT key FROM ratings")}

    def add_rating(self, key: str, data: dict[str, Any]) -> None:
        """Store the rating of one imported puzzle (its key: its name, or its line), in its own transaction."""
        matches = data.get("matches")
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO ratings (key, puzzle, status, rating, profile, matches, seconds, made)"
                            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            (key, data.get("puzzle", ""), data["status"], data.get("rating"), data.get("profile"),
                             None if matches is None else int(matches), data.get("seconds", 0.0), time.time()))

    def ratings(self) -> dict[str, int]:
        """How many imported puzzles got each rating (or status, when unrated)."""
        return {str(label): n for label, n in self.db.execute(
            "SELECT COALESCE(rating, status), COUNT(*) FROM ratings GROUP BY 1 ORDER BY 1")}

    def drop(self, slot: str) -> None:
        """Forget a slot's puzzle (it must be made again, at its next attempt)."""
        with self.db:
            self.db.execute("DELETE FROM puzzles WHERE slot = ?", (slot,))

    def records(self, *, genre: str | None = None, level: str | None = None) -> Iterator[Record]:
        """The stored puzzles in slot order (genre, size, level, index), optionally of one genre or level."""
        query = ("SELECT slot, genre, rows, cols, level, idx, attempt, seed, puzzle, canonical, solution, rating,"
                 " exact, style, stats, generator, seconds FROM puzzles")
        where, args = [], []
        if genre is not None:
            where.append("genre = ?")
            args.append(genre)
        if level is not None:
            where.append("level = ?")
            args.append(level)
        if where:
            query += " WHERE " + " AND ".join(where)
        query += " ORDER BY genre, rows * cols, rows, level, idx"
        for row in self.db.execute(query, args):
            yield Record(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9],
                         json.loads(row[10]), row[11], bool(row[12]), row[13], json.loads(row[14]), row[15], row[16])


__all__ = ["SCHEMA_VERSION", "Record", "Store"]
