"""The statistics of ``benchmarks/published_look.py`` on hand-made puzzles, and its table cells (no corpus
needed)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

import pencilkit
from pencilkit.puzzle import Answer, Puzzle

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture(scope="module")
def look() -> ModuleType:
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))  # the script imports its neighbour ``timing``
    return importlib.import_module("published_look")


SYMMETRIC = pencilkit.parse("nurikabe:5x5:4,.,.,.,.,.,.,2,.,.,.,.,.,.,.,.,.,2,.,.,.,.,.,.,1")
"""Clues at a1, c2, d4 and e5: a half turn maps them onto each other (a unique puzzle)."""
SYMMETRIC_SOLUTION = Answer.from_rows(["-####", "-#--#", "-####", "-#--#", "####-"])
ASYMMETRIC = pencilkit.parse("nurikabe:5x5:.,.,.,.,.,.,.,.,4,.,.,4,.,.,.,.,.,.,.,.,.,.,1,.,.")
ASYMMETRIC_SOLUTION = Answer.from_rows(["#####", "#-#-#", "--#--", "-###-", "##-##"])


def test_nurikabe_statistics(look: ModuleType) -> None:
    p, s = SYMMETRIC, SYMMETRIC_SOLUTION
    assert look.clue_density(p, s) == pytest.approx(4 / 25)
    assert look.clue_symmetry(p, s) is True
    assert look.clue_symmetry(ASYMMETRIC, ASYMMETRIC_SOLUTION) is False
    assert look.black_share(p, s) == pytest.approx(16 / 25)  # land 9 = 4 + 2 + 2 + 1
    assert look.ones_share(p, s) == pytest.approx(1 / 4)
    assert look.mean_clue(p, s) == pytest.approx(9 / 4)
    assert look.largest_island(p, s) == 4
    assert look.island_p90(p, s) == 4
    assert sorted(look.islands(ASYMMETRIC, ASYMMETRIC_SOLUTION)) == [1, 4, 4]
    assert look.ones_share(ASYMMETRIC, ASYMMETRIC_SOLUTION) == pytest.approx(1 / 3)


def test_symmetry_kinds(look: ModuleType) -> None:
    """A mirror or a diagonal is enough; the numbers need not match."""
    mirror = pencilkit.parse("kurodoko:3x4:2,.,.,5,.,.,.,.,.,.,.,.")
    diagonal = pencilkit.parse("kurodoko:3x3:.,2,.,3,.,.,.,.,4")
    lopsided = pencilkit.parse("kurodoko:3x4:2,.,5,.,.,.,.,.,.,.,.,.")
    blank = Answer.from_rows(["----"] * 3)
    assert look.clue_symmetry(mirror, blank) is True
    assert look.clue_symmetry(diagonal, Answer.from_rows(["---"] * 3)) is True
    assert look.clue_symmetry(lopsided, blank) is False


def test_symmetric_pairs_alike(look: ModuleType) -> None:
    """Half the pairs of the half turn match (4 with 1, 2 with 2); none on clues that keep no symmetry."""
    assert look.pairs_alike(SYMMETRIC, SYMMETRIC_SOLUTION) == pytest.approx(1 / 2)
    assert look.pairs_alike(ASYMMETRIC, ASYMMETRIC_SOLUTION) is None
    mirror = pencilkit.parse("kurodoko:3x4:2,.,.,5,.,.,.,.,.,3,3,.")
    assert look.pairs_alike(mirror, Answer.from_rows(["----"] * 3)) == pytest.approx(1 / 2)


def test_kurodoko_statistics(look: ModuleType) -> None:
    tokens = ["."] * 36
    tokens[0], tokens[13], tokens[35] = "11", "2", "5"  # a1, b3 and f6
    p = pencilkit.parse("kurodoko:6x6:" + ",".join(tokens))
    s = Answer.from_rows(["------"] * 6)
    assert look.mean_clue(p, s) == pytest.approx(6)
    assert look.big_clue_share(p, s) == pytest.approx(1 / 3)
    assert look.clue_reach(p, s) == pytest.approx(6 / 11)
    assert look.clue_symmetry(p, s) is False


L_ROOMS = pencilkit.parse("heyawake:3x3:1,.,.,.,.,.,.,.,.:0,0,1,0,2,1,3,3,1")
"""Rooms: an L of three cells, a column of three, one cell and two cells (a unique puzzle)."""


def test_heyawake_rooms(look: ModuleType) -> None:
    s = Answer.from_rows(["#--", "-#-", "---"])
    assert look.cells_per_room(L_ROOMS, s) == pytest.approx(9 / 4)
    assert look.non_rectangular_rooms(L_ROOMS, s) == pytest.approx(1 / 4)
    assert look.single_cell_rooms(L_ROOMS, s) == pytest.approx(1 / 4)
    assert look.numbered_rooms(L_ROOMS, s) == pytest.approx(1 / 4)
    assert look.zero_share(L_ROOMS, s) == 0
    assert look.mean_clue(L_ROOMS, s) == 1
    assert look.black_share(L_ROOMS, s) == pytest.approx(2 / 9)
    assert look.room_symmetry(L_ROOMS, s) is False
    pinwheel = pencilkit.parse("heyawake:3x3:0,.,.,.,.,.,.,.,.:0,0,1,2,3,1,2,4,4")
    assert look.room_symmetry(pinwheel, s) is True  # a half turn maps each room onto a room
    assert look.non_rectangular_rooms(pinwheel, s) == 0
    assert look.zero_share(pinwheel, s) == 1
    unnumbered = Puzzle.from_id("heyawake:3x3:.,.,.,.,.,.,.,.,.:0,0,1,2,3,1,2,4,4")
    assert look.zero_share(unnumbered, s) is None


def test_hitori_statistics(look: ModuleType) -> None:
    p = pencilkit.parse("hitori:3x3:1,1,2,1,3,2,3,2,3")
    s = Answer.from_rows(["#-#", "---", "#-#"])
    assert look.repeat_share(p, s) == pytest.approx(7 / 9)  # a1 repeats in its row and column: once
    assert look.top_over_side(p, s) == 1
    assert look.clue_density(p, s) == 1
    assert look.black_share(p, s) == pytest.approx(4 / 9)


def test_comparison_cells(look: ModuleType) -> None:
    island = next(stat for stat in look.STATISTICS["nurikabe"] if stat.label == "largest island")
    rows = look.comparison(island, [5.0, 6.0, 30.0], [float(x) for x in range(1, 11)])
    assert rows[0][1:] == ["6", "5.5", "3-8", "1-9", "ok"]
    assert rows[1][0] == "largest island, generated p90" and rows[1][1] == "30" and rows[1][-1] == "high"
    flag = next(stat for stat in look.STATISTICS["heyawake"] if stat.flag and "room" in stat.label)
    assert look.comparison(flag, [1.0, 0.0], [0.0, 0.0, 1.0])[0][1:] == ["50%", "33%", "-", "-", "high"]
    assert look.comparison(flag, [], [1.0])[0][-1] == "-"
    assert look.mark(0.1, 0.2, 0.4) == "low"


def test_published_records_and_absent_corpus(look: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    record = {"name": "hand-made", "genre": "heyawake", "rows": 3, "cols": 3,
              "clues": ["1 . .", ". . .", ". . ."], "rooms": ["0 0 1", "0 2 1", "3 3 1"],
              "solution": ["#--", "-#-", "---"]}
    path = tmp_path / "heyawake.jsonl"
    path.write_text(json.dumps(record) + "\n")
    [(puzzle, solution)] = list(look.published(path))
    assert puzzle.rooms == L_ROOMS.rooms and solution.shaded.bit_count() == 2
    sample = look.measure(look.STATISTICS["heyawake"], [(puzzle, solution)])
    assert sample["rooms not rectangles"] == [0.25] and sample["room layout symmetric"] == [0.0]
    monkeypatch.setattr(look, "CORPUS", tmp_path / "nowhere")
    assert look.main(["kurodoko"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
