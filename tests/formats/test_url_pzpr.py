"""Interop with the real pzpr.js engine (the code behind puzz.link), run in node.

pzpr decodes every URL pencilkit writes to the same clue grid (for Heyawake, the
same rooms and the numbers on the rooms' top cells) and writes the same body
back; pzpr's own rule checker accepts every corpus solution, and on mutated
solutions its verdict (correct or not) matches pencilkit's ``check``; pzprv3
files are the ones pzpr writes and reads.  The Heyawake tests on hand-made
puzzles need no corpus.

Needs node and ``npm ci`` in ``tests/interop`` (CI runs it).  Without node the
tests skip; with node but without the installed package they fail and say so.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pencilkit import check, parse, read_puzzle
from pencilkit.formats.pzprv3 import format_pzprv3, parse_pzprv3
from pencilkit.formats.url import (
    decode_body,
    decode_room_body,
    encode_body,
    encode_room_body,
    format_url,
    pzpr_form,
)
from pencilkit.puzzle import Answer, Puzzle

from .helpers import (
    HEYAWAKE_SMALL,
    L_ROOMS,
    L_SOLUTION,
    corpus_clues,
    corpus_lines,
    load_corpus,
    need_genre,
    random_rooms,
)

INTEROP = Path(__file__).resolve().parent.parent / "interop"
NODE = shutil.which("node")
BASE = "https://puzz.link/p?"


def run_node(script: str, lines: list[str]) -> list[dict[str, Any]]:
    """Feed ``lines`` to a node script of tests/interop and read one JSON object back per line."""
    if NODE is None:
        pytest.skip("node is not installed: the pzpr.js interop tests need it")
    if not (INTEROP / "node_modules" / "pzpr").is_dir():
        pytest.fail(f"pzpr is not installed: run `npm ci --prefix {INTEROP}` (CI does)")
    done = subprocess.run([NODE, str(INTEROP / script)], input="\n".join(lines) + "\n", capture_output=True,
                          text=True, timeout=600, cwd=INTEROP, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    out = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert len(out) == len(lines), done.stderr[-2000:]
    return out


def pzpr_clues(decoded: dict[str, Any]) -> dict[int, int | None]:
    """pzpr's qnum list as a pencilkit clue map (-1 no clue, -2 a '?')."""
    return {cell: (None if q == -2 else q) for cell, q in enumerate(decoded["clues"]) if q != -1}


def body_of(url: str) -> str:
    """``genre/cols/rows/body`` of any pzpr-family URL."""
    return url.split("?", 1)[1]


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_pzpr_decodes_every_corpus_url_to_the_same_grid(genre: str) -> None:
    records = load_corpus(genre)
    urls = []
    for record in records:
        rows, cols, clues = corpus_clues(record)
        urls.append(f"{BASE}{genre}/{cols}/{rows}/{encode_body(clues, rows, cols)}")
    decoded = run_node("pzpr_decode.js", urls)
    for record, url, result in zip(records, urls, decoded):
        rows, cols, clues = corpus_clues(record)
        assert result["ok"], (record["name"], result)
        assert (result["genre"], result["rows"], result["cols"]) == (genre, rows, cols), record["name"]
        assert pzpr_clues(result) == clues, record["name"]
        assert body_of(result["url"]) == body_of(url), record["name"]


def test_pzpr_agrees_on_large_clues_and_long_runs() -> None:
    cases = [  # (rows, cols, clues): every number16 code pzpr 0.10 reads, runs past 20 cells
        (1, 2, {0: 16}), (1, 2, {1: 255}), (2, 200, {0: 256}), (64, 64, {4095: 4095}),
        (70, 70, {0: 8191}), (100, 100, {9999: 9999}), (1, 45, {44: 3}), (3, 30, {0: 1, 89: 2}),
        (5, 5, {0: None, 24: 1}), (1, 1, {}),
    ]
    urls = [f"{BASE}nurikabe/{cols}/{rows}/{encode_body(clues, rows, cols)}" for rows, cols, clues in cases]
    for (rows, cols, clues), url, result in zip(cases, urls, run_node("pzpr_decode.js", urls)):
        assert result["ok"], (url, result)
        assert (result["rows"], result["cols"]) == (rows, cols)
        assert pzpr_clues(result) == clues, url
        assert body_of(result["url"]) == body_of(url)
        assert decode_body(body_of(result["url"]).split("/", 3)[3], rows, cols) == clues


def test_pzpr_and_pencilkit_read_the_mirror_variants_alike() -> None:
    variants = [
        "http://pzv.jp/p.html?nurikabe/5/5/g5k2o1k3g",
        "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
        "https://pzprxs.vercel.app/p?nurikabe/5/5/g5k2o1k3g",
        "nurikabe/5/5/g5k2o1k3g",
    ]
    for url, result in zip(variants, run_node("pzpr_decode.js", variants)):
        assert result["ok"], (url, result)
        assert pzpr_clues(result) == read_puzzle(url).clue_map


def solution_requests(genre: str) -> tuple[list[dict[str, Any]], list[str]]:
    records = load_corpus(genre)
    requests = []
    for record in records:
        rows, cols, clues = corpus_clues(record)
        url = f"{BASE}{genre}/{cols}/{rows}/{encode_body(clues, rows, cols)}"
        requests.append({"url": url, "answer": record["solution"]})
    return requests, [record["name"] for record in records]


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_pzpr_accepts_every_corpus_solution(genre: str) -> None:
    requests, names = solution_requests(genre)
    verdicts = run_node("pzpr_check.js", [json.dumps(r) for r in requests])
    for name, verdict in zip(names, verdicts):
        assert verdict["ok"], (name, verdict)
        assert verdict["complete"], (name, verdict["text"])


def mutate(solution: list[str], clue_cells: set[int], rng: random.Random, flips: int) -> list[str]:
    """The solution with ``flips`` non-clue cells toggled between shaded and unshaded."""
    cols = len(solution[0])
    cells = [list(row) for row in solution]
    free = [i for i in range(len(solution) * cols) if i not in clue_cells]
    for cell in rng.sample(free, min(flips, len(free))):
        r, c = divmod(cell, cols)
        cells[r][c] = "-" if cells[r][c] == "#" else "#"
    return ["".join(row) for row in cells]


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_pzpr_and_pencilkit_agree_on_mutated_solutions(genre: str) -> None:
    need_genre(genre)
    rng = random.Random(2024)
    records = load_corpus(genre)
    sample = rng.sample(records, min(60, len(records)))
    requests, ours = [], []
    for record in sample:
        puzzle = read_puzzle(record["puzzle"])
        for flips in (1, 1, 2, 3):
            answer = mutate(record["solution"], set(puzzle.clue_map), rng, flips)
            requests.append({"url": format_url(puzzle), "answer": answer})
            ours.append((record["name"], answer, not check(puzzle, Answer.from_rows(answer))))
        # flipping a cell and its twin back can land on the solution again: that case is covered too
    verdicts = run_node("pzpr_check.js", [json.dumps(r) for r in requests])
    correct_seen = wrong_seen = 0
    for (name, answer, correct), verdict in zip(ours, verdicts):
        assert verdict["ok"], (name, verdict)
        assert verdict["complete"] == correct, (name, answer, verdict["text"])
        correct_seen += correct
        wrong_seen += not correct
    assert wrong_seen > 0  # the comparison must have exercised pzpr's failure verdicts


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_pzprv3_files_are_the_files_pzpr_writes_and_reads(genre: str) -> None:
    """pencilkit writes the very file pzpr writes for each corpus puzzle; with the published solution
    as marks, pzpr reads the same marks back and calls the board complete; pencilkit reads pzpr's file."""
    requests, names = solution_requests(genre)
    requests, names = requests[:120], names[:120]
    puzzles = [read_puzzle(r["url"]) for r in requests]
    written = run_node("pzpr_file.js", [json.dumps({"url": r["url"]}) for r in requests])
    answers = [Answer.from_rows(r["answer"]).finished() for r in requests]
    marked = []
    for puzzle, answer in zip(puzzles, answers):
        unshaded = answer.unshaded & ~puzzle.clue_mask
        marked.append(Answer(puzzle.rows, puzzle.cols, answer.shaded, unshaded))
    files = [format_pzprv3(p, a) for p, a in zip(puzzles, marked)]
    read = run_node("pzpr_file.js", [json.dumps({"file": f}) for f in files])
    for name, puzzle, answer, ours, theirs, back in zip(names, puzzles, marked, files, written, read):
        assert theirs["ok"] and back["ok"], (name, theirs, back)
        assert format_pzprv3(puzzle) == theirs["file"], name
        assert parse_pzprv3(theirs["file"])[0] == puzzle, name
        expected = "".join("#" if answer.shaded >> c & 1 else "+" if answer.unshaded >> c & 1 else "."
                           for c in range(puzzle.grid.size))
        assert back["marks"] == expected and back["complete"], name
        assert parse_pzprv3(back["file"]) == (puzzle, answer), name


# -- Heyawake: a board of rooms ------------------------------------------------------


def heyawake_corpus() -> list[tuple[str, Puzzle, list[str]]]:
    """Name, puzzle and published solution of every corpus Heyawake (skips when the corpus is absent)."""
    out = []
    for line in corpus_lines("heyawake"):
        record = json.loads(line)
        out.append((record["name"], read_puzzle(line), record["solution"]))
    return out


def pzpr_rooms_agree(puzzle: Puzzle, ours: str, result: dict[str, Any]) -> None:
    """pzpr read ``ours``, the URL pencilkit wrote for ``puzzle``, to the same rooms and numbers (each
    on its room's top cell), writes the same body back, and pencilkit reads pzpr's URL to the same puzzle."""
    assert result["ok"], (ours, result)
    assert (result["genre"], result["rows"], result["cols"]) == ("heyawake", puzzle.rows, puzzle.cols)
    assert tuple(result["rooms"]) == puzzle.rooms, ours
    assert pzpr_clues(result) == pzpr_form(puzzle).clue_map, ours
    assert body_of(result["url"]) == body_of(ours)
    assert read_puzzle(result["url"]) == pzpr_form(puzzle)


def test_pzpr_reads_the_heyawake_urls_pencilkit_writes_for_hand_made_puzzles() -> None:
    puzzles = [parse(pid) for pid, _ in HEYAWAKE_SMALL]
    puzzles.append(Puzzle.make("heyawake", 1, 40, {39: 20}, [0] * 40))  # a long code, numbers moved
    puzzles.append(Puzzle.make("heyawake", 1, 1, {0: 0}, [0]))
    puzzles.append(parse("heyawake:3x3:0,.,1,.,.,.,.,.,.:0,1,1,1,1,2,2,2,2"))  # the 1 off its top cell
    urls = [format_url(p) for p in puzzles]
    for puzzle, url, result in zip(puzzles, urls, run_node("pzpr_decode.js", urls)):
        pzpr_rooms_agree(puzzle, url, result)


def test_pzpr_agrees_on_random_rooms_and_numbers() -> None:
    """Bodies of random divisions into rooms, with numbers anywhere in their rooms (16 and more, long runs
    of rooms without one, ``?``), read alike by pzpr and pencilkit; pzpr reads a ``?`` as no number."""
    rng = random.Random(7)
    cases = []
    for shape in [(1, 1), (1, 7), (7, 1), (2, 2), (3, 5), (6, 6), (9, 4), (12, 12), (1, 60)] * 12:
        rows, cols = shape
        rooms = random_rooms(rng, rows, cols, rng.randint(1, 6) if rows * cols < 60 else 60)
        members: dict[int, list[int]] = {}
        for cell, room in enumerate(rooms):
            members.setdefault(room, []).append(cell)
        clues: dict[int, int | None] = {}
        for cells in members.values():
            if rng.random() < 0.5:
                clues[rng.choice(cells)] = rng.choice([None, 0, 1, 9, 15, 16, 255, 256, 4095])
        cases.append((rows, cols, rooms, clues, encode_room_body(clues, rooms, rows, cols)))
    urls = [f"{BASE}heyawake/{cols}/{rows}/{body}" for rows, cols, _, _, body in cases]
    for (rows, cols, rooms, clues, body), url, result in zip(cases, urls, run_node("pzpr_decode.js", urls)):
        assert result["ok"], (url, result)
        assert tuple(result["rooms"]) == rooms, url
        ours, ours_rooms = decode_room_body(body, rows, cols)
        assert ours_rooms == rooms
        numbers = {cell: number for cell, number in ours.items() if number is not None}
        assert pzpr_clues(result) == numbers, url
        theirs = body_of(result["url"]).split("/", 3)[3]
        assert decode_room_body(theirs, rows, cols) == (numbers, rooms), url
        if None not in clues.values():
            assert theirs == body, url


def test_pzpr_reads_heyawake_urls_pencilkit_writes_for_the_corpus() -> None:
    corpus = heyawake_corpus()
    urls = [format_url(puzzle) for _, puzzle, _ in corpus]
    for (name, puzzle, _), url, result in zip(corpus, urls, run_node("pzpr_decode.js", urls)):
        assert result["ok"], (name, result)
        pzpr_rooms_agree(puzzle, url, result)


def test_pzpr_accepts_the_hand_made_heyawake_solutions() -> None:
    cases = [*HEYAWAKE_SMALL, (L_ROOMS, L_SOLUTION)]
    requests = [json.dumps({"url": format_url(parse(pid)), "answer": solution}) for pid, solution in cases]
    for (pid, _), verdict in zip(cases, run_node("pzpr_check.js", requests)):
        assert verdict["ok"] and verdict["complete"], (pid, verdict)


def test_pzpr_accepts_every_corpus_heyawake_solution() -> None:
    corpus = heyawake_corpus()
    requests = [json.dumps({"url": format_url(puzzle), "answer": solution}) for _, puzzle, solution in corpus]
    for (name, _, _), verdict in zip(corpus, run_node("pzpr_check.js", requests)):
        assert verdict["ok"], (name, verdict)
        assert verdict["complete"], (name, verdict["text"])


def test_pzpr_and_pencilkit_agree_on_mutated_heyawake_solutions() -> None:
    rng = random.Random(2025)
    corpus = heyawake_corpus()
    requests, ours = [], []
    for name, puzzle, solution in rng.sample(corpus, min(60, len(corpus))):
        for flips in (1, 1, 2, 3):
            answer = mutate(solution, set(), rng, flips)  # a number's own cell may be black too
            requests.append(json.dumps({"url": format_url(puzzle), "answer": answer}))
            ours.append((name, answer, not check(puzzle, Answer.from_rows(answer))))
    wrong_seen = 0
    for (name, answer, correct), verdict in zip(ours, run_node("pzpr_check.js", requests)):
        assert verdict["ok"], (name, verdict)
        assert verdict["complete"] == correct, (name, answer, verdict["text"])
        wrong_seen += not correct
    assert wrong_seen > 0


def heyawake_files_agree(cases: list[tuple[str, Puzzle, Answer]]) -> None:
    """For each puzzle and complete answer: pencilkit writes the file pzpr writes for the puzzle's URL; pzpr
    reads pencilkit's file with the answer as marks to the same marks, calls it complete and writes the file
    of the puzzle in pzpr's form back; pencilkit reads pzpr's files to the same puzzle and marks."""
    written = run_node("pzpr_file.js", [json.dumps({"url": format_url(p)}) for _, p, _ in cases])
    read = run_node("pzpr_file.js", [json.dumps({"file": format_pzprv3(p, a)}) for _, p, a in cases])
    for (name, puzzle, answer), theirs, back in zip(cases, written, read):
        placed = pzpr_form(puzzle)
        by_url = replace(placed, clues=tuple((cell, n) for cell, n in placed.clues if n is not None))  # pzpr drops '?'
        assert theirs["ok"] and back["ok"], (name, theirs, back)
        assert format_pzprv3(by_url) == theirs["file"], name
        assert parse_pzprv3(theirs["file"]) == (by_url, Answer(puzzle.rows, puzzle.cols, 0, 0)), name
        expected = "".join("#" if answer.shaded >> c & 1 else "+" if answer.unshaded >> c & 1 else "."
                           for c in range(puzzle.grid.size))
        assert back["marks"] == expected and back["complete"], name
        assert back["file"] == format_pzprv3(placed, answer), name
        assert parse_pzprv3(back["file"]) == (placed, answer), name


def test_heyawake_pzprv3_files_agree_with_pzpr_on_hand_made_puzzles() -> None:
    cases = [(pid, parse(pid), Answer.from_rows(solution).finished())
             for pid, solution in [*HEYAWAKE_SMALL, (L_ROOMS, L_SOLUTION)]]
    heyawake_files_agree(cases)


def test_heyawake_pzprv3_files_agree_with_pzpr_on_the_corpus() -> None:
    corpus = heyawake_corpus()[:120]
    heyawake_files_agree([(name, puzzle, Answer.from_rows(solution).finished()) for name, puzzle, solution in corpus])
