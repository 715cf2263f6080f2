"""Nurikabe's repairs and the driver's look for a second solution, checked against brute force."""

from __future__ import annotations

import random

import pytest

import pencilkit
from pencilkit.frame import oracle
from pencilkit.frame.board import Board
from pencilkit.frame.generate import assess, confirm
from pencilkit.frame.generator import Assessment, Candidate, GenreGenerator, Outcome
from pencilkit.frame.levels import Level
from pencilkit.frame.search import count
from pencilkit.genres import find_genre, start_board
from pencilkit.genres.nurikabe.generate import (
    NurikabeCandidate,
    NurikabeGenerator,
    easy_cap,
    remove_rival,
)
from pencilkit.genres.nurikabe.painting import Layout, is_valid, repair_layout
from pencilkit.grid import cells
from pencilkit.puzzle import Answer

GENRE = find_genre("nurikabe")


def small_layouts(count: int, seed: int, shapes: tuple[tuple[int, int], ...] = ((4, 4), (4, 5), (5, 5))
                  ) -> list[Layout]:
    """Random valid layouts of small boards, clues at random."""
    rng = random.Random(seed)
    out: list[Layout] = []
    while len(out) < count:
        rows, cols = rng.choice(shapes)
        layout = repair_layout(rows, cols, rng, cap=rng.choice([2, 4, 6]))
        if layout is not None:
            out.append(layout)
    return out


def completions(board: Board) -> list[int]:
    """Every shading that agrees with the board's decided cells (for the brute-force oracle)."""
    free = list(cells(board.undecided))
    return [board.shaded | sum(1 << c for i, c in enumerate(free) if bits >> i & 1)
            for bits in range(1 << len(free))]


def stalled(layout: Layout, level: Level) -> Board:
    board = start_board(layout.puzzle())
    GENRE.ruleset.run(board, max_level=level)
    return board


def check_near_rivals(seed: int) -> dict[str, int]:
    """The driver's search (nearest the intended solution first) against brute force on random small
    layouts stalled at easy; verdict counts."""
    seen = {"unique": 0, "rival": 0}
    for layout in small_layouts(15, seed):
        candidate = NurikabeCandidate(layout)
        board = stalled(layout, Level.EASY)
        if board.undecided.bit_count() > 16:
            continue
        intended = candidate.solution.shaded
        found = count(board, GENRE.ruleset, limit=2, near=intended)
        assert found.exhaustive
        assert found.solutions[0].shaded == intended  # met first: every branch tries it first
        others = [s for s in oracle.solutions(find_genre(candidate.puzzle.genre), candidate.puzzle, completions(board))
                  if s != intended]
        rivals = [s.shaded for s in found.solutions[1:]]
        if not others:
            assert not rivals, candidate.puzzle.id()
            seen["unique"] += 1
        else:
            assert rivals and rivals[0] in others, candidate.puzzle.id()
            seen["rival"] += 1
    assert seen["unique"] + seen["rival"] >= 8
    return seen


def test_the_near_search_agrees_with_brute_force() -> None:
    totals = {"unique": 0, "rival": 0}
    for seed in range(4):
        for key, value in check_near_rivals(seed).items():
            totals[key] += value
    assert totals["unique"] >= 3 and totals["rival"] >= 3, totals


@pytest.mark.parametrize("seed", range(3))
def test_remove_rival_leaves_the_rival_broken(seed: int) -> None:
    """Whichever repair it picks, the rival is no longer a solution and the layout stays valid."""
    rng = random.Random(seed)
    genre = find_genre("nurikabe")
    tried = 0
    for layout in small_layouts(80, seed + 10, ((3, 3), (3, 4), (2, 5))):
        puzzle = layout.puzzle()
        rivals = [s for s in oracle.solutions(find_genre(puzzle.genre), puzzle) if s != layout.solution().shaded]
        if not rivals:
            continue
        rival = Answer(layout.rows, layout.cols, rivals[0], layout.grid.full & ~rivals[0])
        changed = remove_rival(layout, rival, rng)
        if changed is None:
            continue
        tried += 1
        assert is_valid(changed)
        assert genre.check(changed.puzzle(), rival), f"{puzzle.id()} -> {changed.puzzle().id()}"
        assert not genre.check(changed.puzzle(), changed.solution())
    assert tried >= 5


@pytest.fixture(scope="module")
def expert_5x5() -> NurikabeCandidate:
    made = pencilkit.generate("nurikabe", 5, 5, "expert", seed=3)[0]
    assert made.exact
    return NurikabeCandidate(Layout(5, 5, tuple(made.puzzle.grid.components(made.solution.unshaded)),
                                    _clue_cells(made)))


def _clue_cells(made: pencilkit.Generated) -> tuple[int, ...]:
    islands = made.puzzle.grid.components(made.solution.unshaded)
    return tuple(next(c for c, _ in made.puzzle.clues if island >> c & 1) for island in islands)


def test_a_search_that_runs_out_leaves_the_candidate_to_the_ladder(expert_5x5: NurikabeCandidate) -> None:
    """A search with no nodes cannot tell whether a second solution exists, but the ladder up to the
    target, sound, proves the candidate unique when it finishes; told not to settle, ``assess`` leaves
    the candidate unknown, with the screening ladder's board."""
    settled = assess(expert_5x5, GENRE, Level.EXPERT, nodes=0)
    assert settled.outcome is Outcome.EXACT and settled.rating == Level.EXPERT
    unsettled = assess(expert_5x5, GENRE, Level.EXPERT, nodes=0, settle=False)
    screened = GENRE.start(expert_5x5.puzzle)
    GENRE.ruleset.run(screened, max_level=Level.MEDIUM)
    assert unsettled.outcome is Outcome.UNKNOWN and unsettled.open_cells == screened.undecided.bit_count() > 0
    from pencilkit.frame import generate as driver

    with pytest.MonkeyPatch.context() as patch:  # a board past the settling size is left unknown too
        patch.setattr(driver, "SETTLE_CELLS", 24)
        assert assess(expert_5x5, GENRE, Level.EXPERT, nodes=0).outcome is Outcome.UNKNOWN
    # With nodes the search proves the candidate unique, and the ladder goes on to the target.
    found = assess(expert_5x5, GENRE, Level.EXPERT)
    assert found.outcome is Outcome.EXACT and found.rating == Level.EXPERT


def test_confirm_checks_both_levels(expert_5x5: NurikabeCandidate) -> None:
    confirm(expert_5x5, GENRE, Level.EXPERT)
    with pytest.raises(RuntimeError, match="did not rate hard"):
        confirm(expert_5x5, GENRE, Level.HARD)
    easy = NurikabeCandidate(Layout(3, 3, (0b001001111, 0b100000000), (6, 8)))
    with pytest.raises(RuntimeError, match="finished by the ladder below"):
        confirm(easy, GENRE, Level.EXPERT)


def test_easy_cap_shrinks_with_the_board() -> None:
    caps = [easy_cap(n, n) for n in range(1, 26)]
    assert caps == sorted(caps, reverse=True)
    assert easy_cap(10, 10) == 4 and easy_cap(15, 15) == 3 and easy_cap(20, 20) == 2
    generator = NurikabeGenerator("repair", style="dense")
    rng = random.Random(5)
    for rows, cols in [(8, 8), (15, 15), (20, 20)]:
        candidate = None
        while candidate is None:
            candidate = generator.start(rows, cols, Level.EASY, rng)
        assert isinstance(candidate, NurikabeCandidate)
        assert max(island.bit_count() for island in candidate.layout.islands) <= easy_cap(rows, cols)


def test_expert_generation_is_reproducible() -> None:
    first = pencilkit.generate("nurikabe", 6, 6, "expert", seed=4)[0]
    second = pencilkit.generate("nurikabe", 6, 6, "expert", seed=4)[0]
    assert first.exact and first.puzzle.id() == second.puzzle.id()
    assert first.changes == second.changes


class _SameCandidateGenerator(GenreGenerator):
    """Every start and every repair gives the same easy candidate."""

    def __init__(self, candidate: NurikabeCandidate) -> None:
        self.candidate = candidate

    def max_level(self, rows: int, cols: int) -> Level:
        return Level.EXPERT

    def start(self, rows: int, cols: int, target: Level, rng: random.Random,
              deadline: float | None = None) -> Candidate | None:
        return self.candidate

    def repair(self, candidate: Candidate, assessment: Assessment, target: Level,
               rng: random.Random, deadline: float | None = None) -> Candidate | None:
        return NurikabeCandidate(self.candidate.layout)


def test_a_candidate_met_again_is_not_assessed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    from pencilkit.frame import generate as driver

    calls = []
    real = driver.assess

    def counting(*args: object, **kwargs: object) -> Assessment:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(driver, "assess", counting)
    easy = NurikabeCandidate(Layout(3, 3, (0b001001111, 0b100000000), (6, 8)))
    made = driver.generate_one(_SameCandidateGenerator(easy), GENRE, 3, 3, Level.HARD, seed=0,
                               seconds=0.3)
    assert not made.exact and made.changes > 10
    assert len(calls) == 1


@pytest.mark.parametrize("style", ["dense", "published"])
def test_expert_generation_goes_on_when_searches_run_out(style: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A search for a second solution that runs out leaves the candidate unknown (no settling ladder here),
    to be repaired where the ladder stalled; the run still ends with an exact puzzle."""
    from pencilkit.frame import generate as driver

    monkeypatch.setattr(driver, "SETTLE_CELLS", 0)

    exhaustive: list[bool] = []
    real = driver.count

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        found = real(*args, **kwargs)
        exhaustive.append(found.exhaustive)
        return found

    monkeypatch.setattr(driver, "count", counted)
    made = driver.generate_one(NurikabeGenerator(style=style), GENRE, 10, 10, Level.EXPERT, seed=1, nodes=12)
    assert False in exhaustive  # some search ran out of its nodes
    assert made.exact
    truth = pencilkit.solve(made.puzzle)
    assert truth.status.value == "unique" and truth.rating == Level.EXPERT
