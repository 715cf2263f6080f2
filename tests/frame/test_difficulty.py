"""The difficulty score: the level in the hundreds, and within a level the path's bottlenecks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pencilkit
from pencilkit.cli import main
from pencilkit.frame.difficulty import difficulty, phases
from pencilkit.frame.ladder import Step
from pencilkit.frame.levels import Level

E, M, H = Level.EASY, Level.MEDIUM, Level.HARD


def path(*phases_: tuple[str, Level, int]) -> list[Step]:
    """Steps in phases: ``(technique, level, steps)`` each."""
    return [Step(1, 0, "", name, level) for name, level, count in phases_ for _ in range(count)]


def test_steps_fall_into_phases_of_one_technique() -> None:
    steps = path(("a", E, 3), ("b", M, 1), ("a", E, 2))
    assert phases(steps) == [(E, 3), (M, 1), (E, 2)]


def test_the_hundreds_are_the_level() -> None:
    steps = path(("a", E, 5), ("p", H, 1))
    assert difficulty(steps, H).score // 100 == 3
    assert difficulty(path(("a", E, 5)), E).score // 100 == 1


def test_more_bottlenecks_score_higher() -> None:
    once = path(("a", E, 6), ("p", H, 1), ("a", E, 6))
    thrice = path(("a", E, 6), ("p", H, 1), ("a", E, 3), ("p", H, 1), ("a", E, 3), ("p", H, 1), ("a", E, 2))
    assert difficulty(thrice, H).score > difficulty(once, H).score
    assert difficulty(thrice, H).bottlenecks == 3 and difficulty(thrice, H).longest == 1


def test_bottlenecks_in_a_row_score_higher_than_spread_out() -> None:
    row = path(("a", E, 4), ("p", H, 1), ("q", H, 1), ("a", E, 4))
    apart = path(("a", E, 4), ("p", H, 1), ("a", E, 2), ("q", H, 1), ("a", E, 2))
    assert difficulty(row, H).longest == 2 and difficulty(apart, H).longest == 1
    assert difficulty(row, H).score > difficulty(apart, H).score


def test_a_phase_of_many_deductions_is_no_bottleneck() -> None:
    wide = path(("a", E, 2), ("p", H, 9))
    narrow = path(("a", E, 2), ("p", H, 1))
    assert difficulty(wide, H).bottlenecks == 0 and difficulty(narrow, H).bottlenecks == 1
    assert difficulty(wide, H).score < difficulty(narrow, H).score
    assert difficulty(wide, H).scarcity == pytest.approx(1 / 9)


def test_a_search_puzzle_is_scored_at_its_hardest_technique() -> None:
    stalled = path(("a", E, 3), ("p", H, 1), ("a", E, 1))
    found = difficulty(stalled, Level.SEARCH)
    assert 500 <= found.score < 600 and found.bottlenecks == 1


def test_the_score_stays_within_its_hundred() -> None:
    long = path(*[("pq"[k % 2], H, 1) for k in range(300)])
    assert difficulty(long, H).score == 399


def test_rate_shows_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = "hitori:3x3:2,2,3,3,1,3,3,3,2"
    assert main(["rate", puzzle, "--json"]) == 0
    rated = json.loads(capsys.readouterr().out)
    assert rated["difficulty"]["score"] // 100 == 1 and rated["difficulty"]["steps"]["easy"] > 0
    assert main(["rate", puzzle]) == 0
    assert capsys.readouterr().out.strip() == f"easy, score {rated['difficulty']['score']}"
    assert pencilkit.explain(pencilkit.parse(puzzle)).difficulty is not None
    assert pencilkit.solve(pencilkit.parse(puzzle)).difficulty is None  # nothing recorded


def test_generation_meets_a_score_range() -> None:
    made = pencilkit.generate("kurodoko", 6, 6, "medium", seed=4, scores=(240, 299))[0]
    assert made.exact and made.score is not None and 240 <= made.score <= 299
    plain = pencilkit.generate("kurodoko", 6, 6, "medium", seed=4)[0]
    assert plain.score is not None and plain.score // 100 == 2


def test_a_score_range_outside_the_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(pencilkit.PencilkitError, match="a hard puzzle scores 300-399"):
        pencilkit.generate("hitori", 6, 6, "hard", seed=1, scores=(100, 200))
    assert main(["generate", "hitori", "6x6", "--level", "hard", "--score", "high"]) == 2
    assert "write LOW-HIGH" in capsys.readouterr().err


def test_a_collection_keeps_each_puzzles_score(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "scored.sqlite")
    assert main(["collection", "build", "--genre", "hitori", "--sizes", "6x6", "--levels", "easy", "--count", "2",
                 "--score", "150-199", "--db", db, "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["collection", "export", "--db", db]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 2 and all(150 <= r["score"] <= 199 for r in records)
    assert main(["collection", "show", "1", "--db", db]) == 0
    assert f"score {records[0]['score']}" in capsys.readouterr().out.splitlines()[0]


def test_inspection_checks_name_search_and_thin_logic(monkeypatch: pytest.MonkeyPatch) -> None:
    from pencilkit.frame import published
    from pencilkit.frame.inspection import Inspection, Verdict
    from pencilkit.frame.solve import Solution, Status

    monkeypatch.setattr(published, "figures", lambda: {})  # nothing published to compare with

    puzzle = pencilkit.parse("hitori:3x3:2,2,3,3,1,3,3,3,2")
    thin = path(("a", E, 4), ("p", H, 1), ("q", H, 1), ("p", H, 2), ("a", E, 3))
    solved = Solution(puzzle, Status.UNIQUE, [], H, steps=thin)
    found = Inspection(puzzle, Verdict.UNIQUE, rating=H, solved=solved)
    assert [check["kind"] for check in found.checks] == ["thin"]
    assert "3 times in a row" in found.checks[0]["message"]
    stalled = Solution(puzzle, Status.UNIQUE, [], Level.SEARCH, steps=path(("a", E, 2)))
    searched = Inspection(puzzle, Verdict.UNIQUE, rating=Level.SEARCH, solved=stalled)
    assert [check["kind"] for check in searched.checks] == ["search"]
    easy = Solution(puzzle, Status.UNIQUE, [], E, steps=path(("a", E, 1), ("b", E, 1), ("c", E, 1), ("d", E, 1)))
    assert Inspection(puzzle, Verdict.UNIQUE, rating=E, solved=easy).checks == []
    assert found.to_json()["checks"] == found.checks


def test_a_level_or_score_unusual_for_the_size_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from pencilkit.frame import published
    from pencilkit.frame.difficulty import Difficulty

    figures = {"hitori": {"up to 10x10": {"most_cells": 100, "levels": {
        "easy": {"puzzles": 90, "p10": 130, "p50": 170, "p90": 194},
        "hard": {"puzzles": 40, "p10": 322, "p50": 335, "p90": 354},
        "expert": {"puzzles": 2, "p10": 422, "p50": 430, "p90": 440}}}}}
    monkeypatch.setattr(published, "figures", lambda: figures)

    def scored(level: Level, score: int) -> Difficulty:
        return Difficulty(level, score, {}, 1, 1, 1, 1.0)

    assert published.unusual("hitori", 64, scored(H, 340)) == []
    assert published.unusual("hitori", 64, scored(H, 390)) == [
        "a score of 390 is high for a published hard puzzle up to 10x10 (10th-90th percentile 322-354)"]
    assert published.unusual("hitori", 64, scored(Level.EXPERT, 430)) == [
        "few published hitori puzzles up to 10x10 are expert (2 of 132)"]
    assert published.unusual("hitori", 400, scored(H, 390)) == []  # no figures for 20x20
    assert published.unusual("nurikabe", 64, scored(H, 390)) == []


def test_the_shipped_figures_cover_every_genre() -> None:
    from pencilkit.frame.published import figures

    shipped = figures()
    assert set(shipped) >= {genre.name for genre in pencilkit.all_genres()}
    for classes in shipped.values():
        for entry in classes.values():
            for level, numbers in entry["levels"].items():
                assert Level.parse(level) and numbers["p10"] <= numbers["p50"] <= numbers["p90"]
