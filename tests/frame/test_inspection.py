"""``pencilkit.inspect``: what a puzzle being made has, checked against counts of its solutions.

Every verdict is checked against pencilkit's count of solutions (the SAT
engine from the empty board), every pair of solutions against the genre's
rule checker, and every suggested clue by counting the solutions of the
puzzle with it: one when it is said to make the puzzle unique, and in any
case without the solution it is said to remove.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import pencilkit
from pencilkit import Inspection, Level, Puzzle, Verdict
from pencilkit.frame.budget import Budget, Cancel
from pencilkit.frame.generator import ClueChange
from pencilkit.frame.inspection import suggest
from pencilkit.genres import genre_of
from pencilkit.grid import cells

UNIQUE = {
    "nurikabe": "nurikabe:3x3:.,.,.,.,.,.,5,.,1",
    "kurodoko": "kurodoko:3x3:.,5,.,.,.,.,.,.,2",
    "heyawake": "heyawake:4x4:.,0,.,.,.,2,.,.,.,.,.,.,.,.,.,.:0,1,1,1,0,2,3,3,0,2,3,3,0,2,3,3",
}
NONE = {
    "nurikabe": "nurikabe:1x1:1",
    "kurodoko": "kurodoko:1x3:3,.,1",
    "heyawake": "heyawake:2x2:2,.,.,.:0,0,0,0",
}
SEVERAL = {
    "nurikabe": [
        "nurikabe:1x3:.,2,.",
        "nurikabe:5x5:.,.,1,.,.,.,3,.,.,.,.,.,.,6,.,.,.,.,.,.,.,.,.,.,.",
        "nurikabe:5x5:.,.,2,.,.,.,3,.,.,.,.,.,.,5,.,.,.,.,.,.,.,.,.,.,.",
        "nurikabe:5x5:.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,5,.,5,.,.",
    ],
    "kurodoko": [
        "kurodoko:5x5:.,.,.,.,.,3,.,7,.,.,.,.,8,.,.,.,.,.,.,6,.,.,.,.,2",
        "kurodoko:4x4:.,.,.,.,.,4,.,.,.,.,.,.,.,.,.,.",
        "kurodoko:3x3:.,.,.,.,.,.,.,.,.",
    ],
    "heyawake": [
        "heyawake:5x5:.,.,1,0,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,."
        ":0,0,1,2,3,4,4,4,2,3,4,4,4,2,3,5,5,5,2,3,5,5,5,2,3",
        "heyawake:4x4:.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.:0,1,1,1,0,2,3,3,0,2,3,3,0,2,3,3",
    ],
}
"""Puzzles with several solutions; the first of each genre has a clue that makes it unique."""


def count(puzzle: Puzzle) -> int:
    """Solutions of ``puzzle``, counted to two (exhaustively)."""
    result = pencilkit.count_solutions(puzzle, limit=2, seconds=60)
    assert result.exhaustive
    return result.count


def is_solution(puzzle: Puzzle, answer: pencilkit.Answer) -> bool:
    return not pencilkit.check(puzzle, answer)


@pytest.mark.parametrize("genre", sorted(UNIQUE))
def test_a_unique_puzzle_has_its_rating_and_the_step_of_its_hardest_technique(genre: str) -> None:
    puzzle = pencilkit.parse(UNIQUE[genre])
    found = pencilkit.inspect(puzzle)
    solved = pencilkit.explain(puzzle)
    assert found.verdict is Verdict.UNIQUE and count(puzzle) == 1
    assert found.rating is solved.rating and found.rating is not Level.SEARCH
    assert [a.to_rows() for a in found.solutions] == [solved.answer.to_rows()]
    step = found.hardest
    assert step is not None and found.step_number is not None and found.before is not None
    first = next(k for k, s in enumerate(solved.steps) if s.level == solved.rating)
    assert step.level == found.rating and found.step_number == first + 1
    assert (step.technique, step.shade, step.unshade) == (solved.steps[first].technique, solved.steps[first].shade,
                                                          solved.steps[first].unshade)
    # the cells known before it are the start and the steps before it, all true in the solution
    known = found.before
    assert not known.shaded & ~found.solutions[0].shaded and not known.unshaded & found.solutions[0].shaded
    assert not step.cells & (known.shaded | known.unshaded), "the step decides cells not known before it"
    data = found.to_json()
    assert data["status"] == "unique" and data["hardest"]["number"] == first + 1
    assert data["hardest"]["shade"] == list(cells(step.shade)) and data["suggestion"] is None


def test_a_unique_puzzle_the_techniques_cannot_finish_shows_where_they_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    """With its techniques taken away (only bookkeeping left), the ladder stalls at once and the exact count
    proves the puzzle unique: rated search, the open cells shown, no step."""
    puzzle = pencilkit.parse(UNIQUE["kurodoko"])
    genre = genre_of(puzzle)
    ruleset = genre.ruleset
    bare = replace(ruleset, techniques=[t for t in ruleset.techniques if t.level == Level.BOOKKEEPING], probes=())
    monkeypatch.setattr(genre, "ruleset", bare)
    found = pencilkit.inspect(puzzle)
    assert found.verdict is Verdict.UNIQUE and found.rating is Level.SEARCH and found.hardest is None
    assert found.solved is not None and found.solved.stalled is not None
    assert found.stuck == found.solved.stalled.unmarked != 0
    assert found.to_json()["stuck"] == list(cells(found.stuck))


@pytest.mark.parametrize("genre", sorted(NONE))
def test_a_puzzle_without_a_solution_says_which_rule_breaks(genre: str) -> None:
    puzzle = pencilkit.parse(NONE[genre])
    found = pencilkit.inspect(puzzle)
    assert count(puzzle) == 0
    assert found.verdict is Verdict.NONE and found.solutions == [] and found.contradiction
    assert found.to_json()["status"] == "none"


@pytest.mark.parametrize("puzzle_id", [p for ids in SEVERAL.values() for p in ids])
def test_several_solutions_are_two_real_ones_and_the_suggestion_holds(puzzle_id: str) -> None:
    puzzle = pencilkit.parse(puzzle_id)
    found = pencilkit.inspect(puzzle, seconds=30)
    assert count(puzzle) == 2 and found.verdict is Verdict.SEVERAL
    first, second = found.solutions
    assert is_solution(puzzle, first) and is_solution(puzzle, second) and first != second
    assert found.differ == first.shaded ^ second.shaded != 0
    assert found.to_json()["differ"] == list(cells(first.shaded ^ second.shaded))
    suggestion = found.suggestion
    assert suggestion is not None
    changed = suggestion.puzzle
    assert changed == suggestion.change.apply(puzzle)
    genre_of(changed)  # its clues suit the genre
    removed = found.solutions[suggestion.removes]
    assert not is_solution(changed, removed), "the suggestion removes the solution it names"
    solutions = count(changed)
    assert solutions == 1 if suggestion.unique else solutions >= 1
    data = found.to_json()["suggestion"]
    assert data["puzzle"] == changed.id() and data["cell"] == suggestion.cell and data["unique"] is suggestion.unique


@pytest.mark.parametrize("genre", sorted(SEVERAL))
def test_the_first_puzzle_of_each_genre_gets_a_clue_that_makes_it_unique(genre: str) -> None:
    puzzle = pencilkit.parse(SEVERAL[genre][0])
    found = pencilkit.inspect(puzzle, seconds=30)
    assert found.suggestion is not None and found.suggestion.unique
    assert count(found.suggestion.puzzle) == 1
    assert "the puzzle is then unique" in found.suggestion.describe(puzzle)


def test_the_suggestion_words_say_what_changes() -> None:
    grow = pencilkit.parse(SEVERAL["nurikabe"][2])
    found = pencilkit.inspect(grow, seconds=30)
    assert found.suggestion is not None
    text = found.suggestion.describe(grow)
    move = found.suggestion.moved_from is not None
    where = grow.grid.name(found.suggestion.cell)
    assert text.startswith(f"move the {grow.token(found.suggestion.moved_from)}" if move
                           else f"make the {grow.token(found.suggestion.cell)} at {where}")
    write = pencilkit.parse(SEVERAL["kurodoko"][0])
    suggestion = pencilkit.inspect(write, seconds=30).suggestion
    assert suggestion is not None and suggestion.moved_from is None
    assert suggestion.describe(write).startswith(f"write {suggestion.number} in {write.grid.name(suggestion.cell)}")


@pytest.mark.parametrize("puzzle_id", [ids[0] for ids in SEVERAL.values()] + [SEVERAL["nurikabe"][3]])
def test_every_change_the_generator_offers_removes_the_rival_and_keeps_a_solution(puzzle_id: str) -> None:
    """The generator's repair, as :meth:`rival_clues` offers it: each change breaks the rival and leaves a
    puzzle with a solution (the kept one itself, for a clue read off it or a clue moved in its island)."""
    puzzle = pencilkit.parse(puzzle_id)
    genre = genre_of(puzzle)
    first, second = pencilkit.inspect(puzzle, seconds=30).solutions
    changes = genre.generator().rival_clues(puzzle, first, second)
    assert changes
    for change in changes:
        changed = change.apply(puzzle)
        assert not is_solution(changed, second)
        keeps = is_solution(changed, first)
        if puzzle.genre != "nurikabe" or change.moved_from is not None:
            assert keeps, change
        assert keeps or count(changed) >= 1, change


def test_nurikabe_offers_new_islands_and_grown_ones_where_the_rival_has_land() -> None:
    puzzle = pencilkit.parse("nurikabe:5x5:.,.,2,.,.,.,3,.,.,.,.,.,.,5,.,.,.,.,.,.,.,.,.,.,.")
    first, second = pencilkit.inspect(puzzle, seconds=30).solutions
    changes = genre_of(puzzle).generator().rival_clues(puzzle, first, second)
    kinds = set()
    for change in changes:
        if change.moved_from is not None:
            kinds.add("moved")
            assert first.unshaded >> change.cell & 1 and second.shaded >> change.cell & 1
            assert change.number == puzzle.clue_map[change.moved_from]
        elif change.cell in puzzle.clue_map:  # an island grown by a sea cell the rival makes land
            kinds.add("grown")
            assert change.number == puzzle.clue_map[change.cell] + 1
        else:
            kinds.add("new")
            assert change.number == 1 and first.shaded >> change.cell & 1 and second.unshaded >> change.cell & 1
    assert {"moved", "grown"} <= kinds, changes


def test_nurikabe_starts_an_island_of_1_where_the_rival_has_land_away_from_every_island() -> None:
    puzzle = pencilkit.parse("nurikabe:5x5:.,.,.,.,.,.,.,.,.,.,.,6,.,.,.,.,.,.,.,.,5,.,.,.,.")
    first = pencilkit.Answer.from_rows(["#####", "#---#", "#---#", "#####", "-----"])
    second = pencilkit.Answer.from_rows(["-####", "----#", "#-###", "###-#", "----#"])
    assert is_solution(puzzle, first) and is_solution(puzzle, second)
    changes = genre_of(puzzle).generator().rival_clues(puzzle, first, second)
    assert ClueChange(0, 1) in changes
    changed = ClueChange(0, 1).apply(puzzle)
    assert not is_solution(changed, second) and count(changed) >= 1


def test_a_clue_change_applies_to_a_copy() -> None:
    puzzle = Puzzle.from_id("nurikabe:1x3:.,2,.")
    moved = ClueChange(2, 2, moved_from=1).apply(puzzle)
    assert moved.id() == "nurikabe:1x3:.,.,2" and puzzle.id() == "nurikabe:1x3:.,2,."
    assert ClueChange(0, None).apply(puzzle).id() == "nurikabe:1x3:?,2,."


def _called_off() -> Cancel:
    """A cancel flag already set."""
    flag = Cancel()
    flag.set()
    return flag


def test_out_of_time_or_called_off_is_unknown() -> None:
    puzzle = pencilkit.parse(SEVERAL["kurodoko"][0])
    for found in (pencilkit.inspect(puzzle, seconds=1e-9), pencilkit.inspect(puzzle, cancel=_called_off())):
        assert isinstance(found, Inspection) and found.verdict is Verdict.UNKNOWN
        assert found.solutions == [] and found.suggestion is None
        assert found.to_json()["status"] == "unknown"


def test_an_inspection_called_off_in_the_exact_count_stops_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ladder stalls on this puzzle and the SAT engine counts; a newer edit arriving then ends the
    inspection unknown, with no count of its own left running (and no suggestion counted)."""
    from pencilkit.engines import sat

    puzzle = pencilkit.parse(SEVERAL["kurodoko"][0])
    solved = pencilkit.inspect(puzzle).solved
    assert solved is not None and solved.method == "sat"
    stop = Cancel()
    relaxed = sat._relaxed

    def encode_then_stop(*args: Any, **kwargs: Any) -> Any:
        stop.set()  # the exact stage starts by encoding the stalled board
        return relaxed(*args, **kwargs)

    monkeypatch.setattr(sat, "_relaxed", encode_then_stop)
    found = pencilkit.inspect(puzzle, seconds=None, cancel=stop)
    assert stop.is_set() and found.verdict is Verdict.UNKNOWN and found.suggestion is None
    assert found.solved is not None and found.solved.method == "sat"


def test_suggestions_called_off_give_the_first_change_unproven() -> None:
    puzzle = pencilkit.parse(SEVERAL["kurodoko"][0])
    first, second = pencilkit.inspect(puzzle).solutions
    genre = genre_of(puzzle)
    proven = suggest(genre, puzzle, first, second)
    called_off = suggest(genre, puzzle, first, second, budget=Budget(cancel=_called_off()))
    assert proven is not None and proven.unique
    assert called_off is not None and not called_off.unique
    assert called_off.change == genre.generator().rival_clues(puzzle, first, second)[0]
    assert not is_solution(called_off.puzzle, second)


def test_a_genre_without_a_generator_has_no_suggestion(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = pencilkit.parse(SEVERAL["kurodoko"][0])
    genre = genre_of(puzzle)

    def refuse() -> None:
        raise pencilkit.PencilkitError("generation not supported")

    monkeypatch.setattr(genre, "generator", refuse)
    found = pencilkit.inspect(puzzle)
    assert found.verdict is Verdict.SEVERAL and found.suggestion is None and len(found.solutions) == 2
