"""The probing techniques as the Python face shows them.

A genre's probes sit in its ladder at their levels, with their step bounds,
their inner ladders and their summaries, and the core's ladder is the same.
What a probe finds reads in the genre's words as a refutation ("if r2c3 were
sea, <the rule it broke>; so r2c3 is land") or as a finding of both values
("whether r2c3 is sea or land, it leads to ..."), names the cells it decides,
and holds in the solution; ``Ruleset.find`` leaves the board as it was, and
``Ruleset.trial`` replays a refutation's trial to the rule its reason names.
A genre written in Python (the toy Tally of :mod:`.toy_tally`) is probed
soundly, the core calling its technique and its check back inside the trials
and carrying its contradictions' words and its errors out.

How the core probes (the order of a pass, what it remembers of a board, the
sweep, the probes inside trials) is tested in Rust, ``core/src/probing/tests.rs``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest

from pencilkit import genres
from pencilkit.frame import oracle
from pencilkit.frame.board import Board
from pencilkit.frame.ladder import Step, Technique, Trace
from pencilkit.frame.levels import Level
from pencilkit.frame.ruleset import Ruleset
from pencilkit.genres import find_genre
from pencilkit.grid import cells
from pencilkit.puzzle import Answer, Puzzle

from .toy_tally import TALLY

REFUTED = re.compile(r"if (r\d+c\d+) were (\w+), (.+); so \1 is (\w+)")
EITHER_WAY = re.compile(r"whether (r\d+c\d+) is (\w+) or (\w+), it leads to (.+)")
PROBES = ("short_contradiction", "contradiction", "deep_contradiction")


def _bundled(name: str) -> tuple[Puzzle, int]:
    """A puzzle of pencilkit's bundled collections and the shaded cells of its solution."""
    genre = name.split("-")[1]
    text = (resources.files("pencilkit") / "collections" / f"{genre}.jsonl").read_text(encoding="utf-8")
    record: dict[str, Any] = next(r for r in map(json.loads, text.splitlines()) if r["name"] == name)
    return Puzzle.from_id(record["puzzle"]), Answer.from_rows(record["solution"]).shaded


def _stepwise(ruleset: Ruleset, board: Board) -> Iterator[tuple[Board, Step]]:
    """Each step of a solve, with a copy of the board it was taken on."""
    while True:
        before = board.copy()
        trace = ruleset.run(board, max_steps=1, trace=Trace())
        if not trace.count:
            return
        for step in trace.steps:
            yield before, step


def _reads(step: Step, board: Board, words: tuple[str, str]) -> str:
    """Which form a probe's step reads in (``refuted`` or ``either way``), checking that its words name
    the cells it decides in the genre's words."""
    grid = board.grid
    refuted, either = REFUTED.fullmatch(step.why), EITHER_WAY.fullmatch(step.why)
    if refuted:
        name, assumed, _, actual = refuted.groups()
        assert step.cells.bit_count() == 1 and name == grid.name(step.cells.bit_length() - 1)
        assert (actual, assumed) == ((words[0], words[1]) if step.shade else (words[1], words[0]))
        return "refuted"
    assert either, step.why
    name, first, second, outcome = either.groups()
    assert (first, second) == words and not (step.cells >> grid.cell(*_rc(name))) & 1
    parts = [f"{grid.names(mask)} {word}" for mask, word in zip((step.shade, step.unshade), words) if mask]
    assert outcome == " and ".join(parts)
    return "either way"


def _rc(name: str) -> tuple[int, int]:
    row, col = name[1:].split("c")
    return int(row) - 1, int(col) - 1


@pytest.mark.parametrize("genre,bounds", [("nurikabe", (6, 20, 40)), ("kurodoko", (4, 24, None))])
def test_the_probes_sit_in_the_ladder_at_their_levels(genre: str, bounds: tuple[int, int, int | None]) -> None:
    ruleset = find_genre(genre).ruleset
    short, long, deep = bounds
    expected = {"short_contradiction": (Level.HARD, short, Level.MEDIUM, False),
                "contradiction": (Level.EXPERT, long, Level.MEDIUM, True)}
    if deep is not None:
        expected["deep_contradiction"] = (Level.EXPERT, deep, Level.HARD, False)
    specs = {spec.name: spec for spec in ruleset.probes}
    assert {name: (s.level, s.max_steps, s.inner_level, s.sweep) for name, s in specs.items()} == expected
    shaded, unshaded = ruleset.words
    assert specs["short_contradiction"].summary == (
        f"If a cell were {unshaded} (or {shaded}), easy and medium techniques would break a rule "
        f"within {short} steps, so it is the other way.")
    assert specs["contradiction"].summary == f"The same within {long} steps."
    if deep is not None:
        assert f"the techniques up to hard would break a rule within {deep} steps" in specs["deep_contradiction"].summary
    names = [t.name for t in ruleset.ladder]
    assert [t.level for t in ruleset.ladder] == sorted(t.level for t in ruleset.ladder)
    for spec in specs.values():
        technique = ruleset.technique(spec.name)
        assert (technique.level, technique.summary, technique.find) == (spec.level, spec.summary, None)
        # a genre's technique comes before a probe of its level
        assert all(names.index(t.name) < names.index(spec.name) for t in ruleset.techniques if t.level <= spec.level)
    puzzle, _ = _bundled(f"pencilkit-{genre}-5x5-hard")
    assert ruleset.engine(puzzle).rungs() == [(t.name, int(t.level)) for t in ruleset.ladder]


@pytest.mark.parametrize("name", ["pencilkit-nurikabe-15x15-expert", "pencilkit-kurodoko-10x10-expert"])
def test_probe_steps_read_in_the_genres_words_and_hold(name: str) -> None:
    puzzle, solution = _bundled(name)
    genre = find_genre(puzzle.genre)
    ruleset = genre.ruleset
    forms: dict[str, set[str]] = {}
    board = genre.start(puzzle)
    for before, step in _stepwise(ruleset, board):
        assert not step.shade & ~solution and not step.unshade & solution, (step.technique, step.why)
        if step.technique in PROBES:
            forms.setdefault(step.technique, set()).add(_reads(step, before, ruleset.words))
    assert board.shaded == solution and not board.undecided
    assert {"short_contradiction", "contradiction"} <= set(forms)
    assert set().union(*forms.values()) == {"refuted", "either way"}


@pytest.mark.parametrize("name", ["pencilkit-nurikabe-10x10-hard", "pencilkit-kurodoko-15x15-hard"])
def test_a_short_contradiction_is_found_alone_and_its_trial_replays(name: str) -> None:
    """On the board where medium stalls, ``find`` gives the short probe's step and leaves the board; the
    first refutation's trial, run again, breaks the rule its reason names within the probe's bound, and
    the other value's trial breaks none."""
    puzzle, solution = _bundled(name)
    genre = find_genre(puzzle.genre)
    ruleset = genre.ruleset
    spec = next(spec for spec in ruleset.probes if spec.name == "short_contradiction")
    stalled = genre.start(puzzle)
    ruleset.run(stalled, max_level=Level.MEDIUM)
    key = stalled.key()
    found = ruleset.find("short_contradiction", stalled)
    assert stalled.key() == key and len(found) == 1
    assert (found[0].technique, found[0].level) == ("short_contradiction", Level.HARD)
    assert not ruleset.run(stalled.copy(), max_level=Level.MEDIUM).count
    before, step, refuted = next((before, step, REFUTED.fullmatch(step.why))
                                 for before, step in _stepwise(ruleset, genre.start(puzzle))
                                 if step.technique == "short_contradiction" and REFUTED.fullmatch(step.why))
    assert refuted is not None
    assumed, broke = refuted.group(2), refuted.group(3)
    wrong = (step.cells, 0) if assumed == ruleset.words[0] else (0, step.cells)
    key = before.key()
    taken, broken = ruleset.trial(before, *wrong, spec.inner_level, spec.max_steps)
    assert broken == broke
    assert all(t.level <= spec.inner_level and not t.cells & (before.shaded | before.unshaded) for t in taken)
    right = (wrong[1], wrong[0])
    taken, broken = ruleset.trial(before, *right, spec.inner_level, spec.max_steps)
    assert broken is None and all(not t.shade & ~solution and not t.unshade & solution for t in taken)
    assert before.key() == key


@pytest.fixture
def tally() -> Iterator[Ruleset]:
    genres.register(TALLY)
    yield TALLY.ruleset
    genres.unregister(TALLY)


def test_a_genre_written_in_python_is_probed_soundly(tally: Ruleset) -> None:
    """On small puzzles read off a random shading, where Tally's own technique stalls, each probe's
    steps hold in every solution (the brute-force oracle's) and read in Tally's words, their
    refutations ending in Tally's contradictions: its technique's or its check's."""
    rng = random.Random(7)
    forms: dict[str, int] = {"refuted": 0, "either way": 0}
    for _ in range(120):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
        grid = Puzzle.make("tally", rows, cols, {}).grid
        shaded = sum(1 << cell for cell in range(grid.size) if rng.random() < 0.4)
        counts = {cell: (grid.neighbours[cell] & shaded).bit_count()
                  for cell in range(grid.size) if not shaded >> cell & 1 and rng.random() < 0.5}
        if not any(counts.values()):
            continue
        puzzle = Puzzle.make("tally", rows, cols, {cell: n for cell, n in counts.items() if n})
        truth = oracle.solutions(TALLY, puzzle)
        board = TALLY.start(puzzle)
        tally.run(board, max_level=Level.EASY)
        for name in ("short_contradiction", "contradiction"):
            for step in tally.find(name, board):
                assert oracle.disagreement(truth, step.shade, step.unshade) == 0, step.why
                forms[_reads(step, board, tally.words)] += 1
                refuted = REFUTED.fullmatch(step.why)
                if refuted:
                    assert re.fullmatch(r"r\d+c\d+ (cannot see \d shaded neighbours|sees \d shaded, not \d)",
                                        refuted.group(3)), step.why
    assert forms["refuted"] >= 10 and forms["either way"] >= 1, forms


def test_an_error_of_a_python_technique_inside_a_trial_comes_out_as_it_is(tally: Ruleset) -> None:
    class Broke(Exception):
        pass

    def broke(board: Board) -> list[Step] | None:
        raise Broke(board.undecided)

    ruleset = Ruleset(techniques=[Technique("broke", Level.EASY, broke)], verify=TALLY.verify,
                      candidates=lambda board: list(cells(board.undecided)), probes=TALLY.probes(3, 12))
    puzzle = Puzzle.make("tally", 3, 3, {4: 2})
    board = ruleset.board(puzzle, 0, puzzle.clue_mask)
    with pytest.raises(Broke):
        ruleset.find("short_contradiction", board)
    assert board.key() == (0, 1 << 4)
