"""The Kurodoko checker names every broken rule with its cells."""

from __future__ import annotations

import json

import pencilkit
from pencilkit.genres import find_genre
from pencilkit.puzzle import Answer, Puzzle

from ..conftest import corpus_lines

PUZZLE = Puzzle.from_id("kurodoko:3x3:.,5,.,.,.,.,.,.,2")


def rules_of(rows: list[str], puzzle: Puzzle = PUZZLE) -> list[str]:
    return [v.rule for v in pencilkit.check(puzzle, Answer.from_rows(rows))]


def test_the_solution_is_correct() -> None:
    assert rules_of(["---", "--#", "#--"]) == []


def test_r1_a_black_clue() -> None:
    violations = pencilkit.check(PUZZLE, Answer.from_rows(["-#-", "---", "#--"]))
    r1 = [v for v in violations if v.rule == "R1"]
    assert len(r1) == 1 and r1[0].cells == 1 << 1 and r1[0].title == "printed cells"
    assert r1[0].to_json(PUZZLE.grid)["cells"] == ["r1c2"]


def test_r2_touching_blacks_name_the_pair() -> None:
    violations = pencilkit.check(PUZZLE, Answer.from_rows(["---", "-##", "---"]))
    r2 = [v for v in violations if v.rule == "R2"]
    assert len(r2) == 1 and r2[0].to_json(PUZZLE.grid)["cells"] == ["r2c2", "r2c3"]
    assert "share a side" in r2[0].message
    vertical = [v for v in pencilkit.check(PUZZLE, Answer.from_rows(["--#", "--#", "---"])) if v.rule == "R2"]
    assert vertical and vertical[0].to_json(PUZZLE.grid)["cells"] == ["r1c3", "r2c3"]


def test_r3_split_whites_list_the_parts() -> None:
    violations = pencilkit.check(PUZZLE, Answer.from_rows(["---", "#-#", "-#-"]))
    r3 = [v for v in violations if v.rule == "R3"]
    assert len(r3) == 1
    parts = r3[0].to_json(PUZZLE.grid)["components"]
    assert sorted(map(len, parts)) == [1, 1, 4]


def test_r4_counts_name_the_clue_and_what_it_sees() -> None:
    violations = pencilkit.check(PUZZLE, Answer.from_rows(["---", "---", "---"]))
    r4 = [v.to_json(PUZZLE.grid) for v in violations if v.rule == "R4"]
    assert [(v["clue"], v["number"], v["seen"]) for v in r4] == [("r3c3", 2, 5)]  # the 5 is right
    assert "too many" in r4[0]["message"]
    r4_few = [v for v in pencilkit.check(PUZZLE, Answer.from_rows(["#-#", "-#-", "---"])) if v.rule == "R4"]
    assert any("the 5 at r1c2 sees 1 white cells, too few" == v.message for v in r4_few)


def test_unmarked_cells_count_as_white() -> None:
    assert rules_of(["...", "..#", "#.."]) == []
    assert "R4" in rules_of(["...", "...", "..."])


def test_no_white_cells_break_no_connectivity() -> None:
    assert pencilkit.check(Puzzle.from_id("kurodoko:1x1:."), Answer.from_rows(["#"])) == []


def test_every_published_solution_passes() -> None:
    genre = find_genre("kurodoko")
    for line in corpus_lines("kurodoko"):
        record = json.loads(line)
        puzzle = pencilkit.parse(record["puzzle"])
        assert genre.check(puzzle, Answer.from_rows(record["solution"])) == [], record["name"]


def test_rules_text_lists_the_four_rules() -> None:
    text = find_genre("kurodoko").rules
    for code in ("R1", "R2", "R3", "R4"):
        assert code in text
