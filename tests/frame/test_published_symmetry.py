"""The symmetry drawn by default: as often as in published puzzles of the size, the same on every machine."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pencilkit.formats.detect import read_puzzle
from pencilkit.frame import generate as generation
from pencilkit.frame.generate import drawn, generate
from pencilkit.frame.generator import GenerationFailed, Generated, GenreGenerator
from pencilkit.frame.levels import Level
from pencilkit.frame.symmetry import Symmetry, as_published
from pencilkit.genres import find_genre
from pencilkit.puzzle import Puzzle

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
KINDS = (Symmetry.ROT4, Symmetry.ROT2, Symmetry.MIRROR)
RECORDED_DRAWS = "e2422ee2424e2ee2"
"""The last letter of the kind drawn for seeds 0-15 (none, rot2, rot4) from a table of 20% rot4, 50% rot2."""


def strongest(rows: int, cols: int, clues: int) -> Symmetry:
    """The first of rot4, rot2 and mirror that the clue positions keep, or none."""
    return next((kind for kind in KINDS if kind.fits(rows, cols) and kind.holds(rows, cols, clues)), Symmetry.NONE)


def kept(puzzle: Puzzle) -> Symmetry:
    """What a published puzzle keeps: its rooms' half turn where it has rooms (every room's image is a
    room), else the strongest symmetry of its clue positions."""
    if puzzle.rooms is None:
        return strongest(puzzle.rows, puzzle.cols, sum(1 << cell for cell, _ in puzzle.clues))
    turn = Symmetry.ROT2.maps(puzzle.rows, puzzle.cols)[1]
    images = {(room, puzzle.rooms[turn[cell]]) for cell, room in enumerate(puzzle.rooms)}
    return Symmetry.ROT2 if len(images) == len({room for room, _ in images}) == puzzle.room_count else Symmetry.NONE


@pytest.mark.parametrize("genre", ["kurodoko", "nurikabe", "heyawake", "hitori"])
def test_the_table_is_the_share_of_published_puzzles(genre: str) -> None:
    table = find_genre(genre).generator().published_symmetry
    if not table:
        pytest.skip(f"{genre}'s generator draws no symmetry by default")
    path = CORPUS / f"{genre}.jsonl"
    if not path.exists():
        pytest.skip(f"the published corpus is not beside the repository ({path})")
    counts: dict[int, Counter[Symmetry]] = {}
    for line in path.read_text().splitlines():
        puzzle = read_puzzle(line)
        most = next(most for most, _ in table if puzzle.rows * puzzle.cols <= most)
        counts.setdefault(most, Counter())[kept(puzzle)] += 1
    for most, shares in table:
        if most not in counts:
            assert shares == (), f"no published {genre} has at most {most} cells"
            continue
        total = sum(counts[most].values())
        for kind, share in shares:
            assert share == pytest.approx(counts[most][kind] / total, abs=0.01), (most, kind)
        assert sum(share for _, share in shares) == pytest.approx(1 - counts[most][Symmetry.NONE] / total, abs=0.02)


def test_draws_follow_the_table_and_the_seed() -> None:
    shares = ((100, ((Symmetry.ROT4, 0.2), (Symmetry.ROT2, 0.5))), (400, ((Symmetry.MIRROR, 1.0),)))
    drawn_10 = Counter(as_published(shares, 10, 10, seed) for seed in range(4000))
    assert drawn_10[Symmetry.ROT4] / 4000 == pytest.approx(0.2, abs=0.03)
    assert drawn_10[Symmetry.ROT2] / 4000 == pytest.approx(0.5, abs=0.03)
    assert drawn_10[Symmetry.NONE] / 4000 == pytest.approx(0.3, abs=0.03)
    assert {as_published(shares, 15, 20, seed) for seed in range(50)} == {Symmetry.MIRROR}
    # a 10x8 board has no quarter turns: a rot4 draw keeps the half turn
    assert {as_published(shares, 10, 8, seed) for seed in range(400)} == {Symmetry.ROT2, Symmetry.NONE}
    assert as_published((), 10, 10, 3) is Symmetry.NONE


def test_the_draws_are_the_same_on_every_machine() -> None:
    """Recorded draws: a seed's draw must not change with the machine or the Python hash seed."""
    shares = ((100, ((Symmetry.ROT4, 0.2), (Symmetry.ROT2, 0.5))),)
    assert "".join(as_published(shares, 10, 10, seed).value[-1] for seed in range(16)) == RECORDED_DRAWS


def test_generated_kurodoko_keep_the_drawn_symmetry_by_default() -> None:
    genre = find_genre("kurodoko")
    made = generate(genre, 7, 7, "easy", seed=11, count=8)
    for one in made:
        expected = drawn(genre.generator(), 7, 7, one.seed).symmetry
        assert one.symmetry is expected
        mask = sum(1 << cell for cell, _ in one.puzzle.clues)
        assert one.symmetry.holds(7, 7, mask)
    assert sum(one.symmetry is not Symmetry.NONE for one in made) >= 5  # 89% of published 7x7 keep one
    again = generate(genre, 7, 7, "easy", seed=11, count=8)
    assert [one.puzzle.id() for one in again] == [one.puzzle.id() for one in made]
    plain = generate(genre, 7, 7, "easy", seed=11, count=2, symmetry="none")
    assert all(one.symmetry is Symmetry.NONE for one in plain)


def test_a_drawn_symmetry_that_misses_the_level_gives_way(monkeypatch: pytest.MonkeyPatch) -> None:
    genre = find_genre("kurodoko")
    seed = next(seed for seed in range(100) if drawn(genre.generator(), 9, 9, seed).symmetry
                is not Symmetry.NONE)
    calls: list[tuple[Symmetry, float]] = []
    made_by_try: list[Generated] = []
    real = generation.generate_one

    def missing_when_symmetric(generator: GenreGenerator, *args: Any, **options: Any) -> Generated:
        calls.append((generator.symmetry, options["seconds"]))
        one = real(generator, *args, **options)
        made_by_try.append(one)
        return replace(one, rating=Level.EASY) if generator.symmetry is not Symmetry.NONE else one

    monkeypatch.setattr(generation, "generate_one", missing_when_symmetric)
    made = generation.generate(genre, 9, 9, "hard", seed=seed, seconds=8)[0]
    assert made.exact and made.symmetry is Symmetry.NONE and made.rating.label == "hard"
    assert [kind is Symmetry.NONE for kind, _ in calls] == [False, True]
    assert [seconds for _, seconds in calls] == [8 * generation.DRAWN_SHARE, 8 * (1 - generation.DRAWN_SHARE)]
    # the effort reported is both tries'
    assert made.attempts == sum(one.attempts for one in made_by_try)
    assert made.changes == sum(one.changes for one in made_by_try)
    assert made.seconds >= sum(one.seconds for one in made_by_try)


def test_when_both_tries_fail_the_error_counts_both(monkeypatch: pytest.MonkeyPatch) -> None:
    genre = find_genre("kurodoko")
    seed = next(seed for seed in range(100) if drawn(genre.generator(), 9, 9, seed).symmetry
                is not Symmetry.NONE)

    def failing(generator: GenreGenerator, *args: Any, **options: Any) -> Generated:
        raise GenerationFailed("none", attempts=3, changes=5)

    monkeypatch.setattr(generation, "generate_one", failing)
    with pytest.raises(GenerationFailed, match=r"found in 8 s \(6 attempts, 10 candidates\)") as failed:
        generation.generate(genre, 9, 9, "hard", seed=seed, seconds=8)
    assert (failed.value.attempts, failed.value.changes) == (6, 10)


@pytest.mark.parametrize("genre", ["nurikabe", "heyawake", "kurodoko"])
def test_small_boards_draw_no_symmetry(genre: str) -> None:
    """No published puzzle under 25 cells keeps one (and a tiny symmetric board seldom reaches a level)."""
    generator = find_genre(genre).generator()
    assert {drawn(generator, 4, 6, seed).symmetry for seed in range(200)} == {Symmetry.NONE}
    assert Symmetry.ROT2 in {drawn(generator, 5, 5, seed).symmetry for seed in range(200)}


def test_a_quarter_turn_the_shape_refuses_is_drawn_as_a_half_turn() -> None:
    """Nurikabe keep no quarter turn on an even side: a rot4 draw at 10x10 makes rot2, at 9x9 rot4."""
    generator = find_genre("nurikabe").generator()
    quarter = [seed for seed in range(400)
               if as_published(generator.published_symmetry, 10, 10, seed) is Symmetry.ROT4]
    assert quarter
    assert {drawn(generator, 10, 10, seed).symmetry for seed in quarter} == {Symmetry.ROT2}
    assert {drawn(generator, 9, 9, seed).symmetry for seed in quarter} == {Symmetry.ROT4}


