"""Nurikabe's repairs and second-solution oracle, checked against brute force and the driver."""

from __future__ import annotations

import random

import pytest

import pencilkit
from pencilkit.frame import oracle
from pencilkit.frame.board import Board
from pencilkit.frame.generate import (
    Assessment,
    Candidate,
    GenreGenerator,
    Outcome,
    RivalCheck,
    assess,
    confirm,
)
from pencilkit.frame.levels import Level
from pencilkit.genres import find_genre, start_board
from pencilkit.genres.nurikabe import generate as nurikabe_generate
from pencilkit.genres.nurikabe.generate import (
    NurikabeCandidate,
    NurikabeGenerator,
    easy_cap,
    remove_rival,
)
from pencilkit.genres.nurikabe.layout import Layout, is_valid, repair_layout
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


def check_sat_rivals(seed: int) -> dict[str, int]:
    """The SAT oracle against brute force on random small layouts stalled at easy; verdict counts."""
    generator = NurikabeGenerator()
    seen = {"unique": 0, "rival": 0}
    for layout in small_layouts(15, seed):
        candidate = NurikabeCandidate(layout)
        board = stalled(layout, Level.EASY)
        if board.undecided.bit_count() > 16:
            continue
        found = generator.find_rival(candidate, board, Level.EXPERT, None)
        assert found is not None and found.settled
        others = [s for s in oracle.solutions(find_genre(candidate.puzzle.genre), candidate.puzzle, completions(board))
                  if s != candidate.solution.shaded]
        if not others:
            assert found.rival is None, candidate.puzzle.id()
            seen["unique"] += 1
        else:
            assert found.rival is not None, candidate.puzzle.id()
            assert found.rival.shaded in others
            seen["rival"] += 1
    assert seen["unique"] + seen["rival"] >= 8
    return seen


def test_sat_rival_agrees_with_brute_force() -> None:
    totals = {"unique": 0, "rival": 0}
    for seed in range(4):
        for key, value in check_sat_rivals(seed).items():
            totals[key] += value
    assert totals["unique"] >= 3 and totals["rival"] >= 3, totals


def test_below_expert_the_frame_searches() -> None:
    layout = small_layouts(1, 0)[0]
    candidate = NurikabeCandidate(layout)
    board = stalled(layout, Level.EASY)
    assert nurikabe_generate.SAT_FROM == Level.EXPERT
    assert NurikabeGenerator(style="dense").find_rival(candidate, board, Level.HARD, None) is None


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


class _OracleGenerator(GenreGenerator):
    """A generator that answers every look for a second solution with a fixed verdict."""

    def __init__(self, verdict: RivalCheck) -> None:
        self.verdict = verdict
        self.asked = 0

    def max_level(self, rows: int, cols: int) -> Level:
        return Level.EXPERT

    def start(self, rows: int, cols: int, target: Level, rng: random.Random,
              deadline: float | None = None) -> Candidate | None:
        raise AssertionError("not used")

    def repair(self, candidate: Candidate, assessment: Assessment, target: Level,
               rng: random.Random, deadline: float | None = None) -> Candidate | None:
        raise AssertionError("not used")

    def find_rival(self, candidate: Candidate, board: Board, target: Level,
                   deadline: float | None) -> RivalCheck | None:
        self.asked += 1
        return self.verdict


@pytest.fixture(scope="module")
def expert_5x5() -> NurikabeCandidate:
    made = pencilkit.generate("nurikabe", 5, 5, "expert", seed=3)[0]
    assert made.exact
    return NurikabeCandidate(Layout(5, 5, tuple(made.puzzle.grid.components(made.solution.unshaded)),
                                    _clue_cells(made)))


def _clue_cells(made: pencilkit.Generated) -> tuple[int, ...]:
    islands = made.puzzle.grid.components(made.solution.unshaded)
    return tuple(next(c for c, _ in made.puzzle.clues if island >> c & 1) for island in islands)


def test_the_genre_oracle_replaces_the_search(expert_5x5: NurikabeCandidate) -> None:
    # Without an oracle, a search with no nodes leaves the candidate unknown.
    blind = assess(expert_5x5, GENRE, Level.EXPERT, nodes=0)
    assert blind.outcome is Outcome.UNKNOWN
    # The oracle's "no second solution" lets the ladder go on to the target.
    sure = _OracleGenerator(RivalCheck(None))
    assert assess(expert_5x5, GENRE, Level.EXPERT, nodes=0, generator=sure).outcome is Outcome.EXACT
    assert sure.asked == 1
    # Its rival is reported as it is.
    rival = Answer(5, 5, 0b1, expert_5x5.puzzle.grid.full & ~0b1)
    verdict = assess(expert_5x5, GENRE, Level.EXPERT, nodes=0, generator=_OracleGenerator(RivalCheck(rival)))
    assert verdict.outcome is Outcome.MULTIPLE and verdict.rival is rival
    # The Nurikabe generator's own oracle proves it unique.
    real = assess(expert_5x5, GENRE, Level.EXPERT, nodes=0, generator=NurikabeGenerator())
    assert real.outcome is Outcome.EXACT and real.rating == Level.EXPERT


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
def test_expert_generation_goes_on_when_sat_runs_out_of_conflicts(
        style: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rival check that runs out hands over to the frame's search (dense) or leaves the candidate
    unknown, to be repaired where it stalled (published); either way the puzzle is exact."""
    calls = []
    original = nurikabe_generate.NurikabeGenerator.find_rival
    solve_once = nurikabe_generate.SatSession._solve_once

    def counted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        answer = original(self, *args, **kwargs)
        calls.append(answer)
        return answer

    def out_of_conflicts_at_times(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        """Every third check's solver calls run out of conflicts (a stand-in for a hard check)."""
        return None if len(calls) % 3 == 0 else solve_once(self, *args, **kwargs)

    monkeypatch.setattr(nurikabe_generate.SatSession, "_solve_once", out_of_conflicts_at_times)
    monkeypatch.setattr(nurikabe_generate.NurikabeGenerator, "find_rival", counted)
    made = pencilkit.generate("nurikabe", 10, 10, "expert", seed=1, style=style)[0]
    if style == "dense":
        assert None in calls  # some check ran out and went back to the search
    else:
        assert RivalCheck(None, settled=False) in calls
    assert made.exact
    truth = pencilkit.solve(made.puzzle)
    assert truth.status.value == "unique" and truth.rating == Level.EXPERT
