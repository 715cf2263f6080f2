"""Interop with the real pzpr.js engine (the code behind puzz.link), run in node.

pzpr decodes every URL pencilkit writes to the same clue grid (for Heyawake, the
same rooms and the numbers on the rooms' top cells) and writes the same body
back; pzpr's own rule checker accepts every corpus solution, and on mutated
solutions the rules it reports broken are the ones pencilkit's ``check`` finds;
pzprv3 files are the ones pzpr writes and reads.  The Heyawake tests on
hand-made puzzles need no corpus.

The engine is pzpr.js 0.12.0, the one behind puzz.link today, which is
published only inside the PyPI wheel ppbench and which ``scripts/test.sh``
unpacks into ``tests/interop/pzprjs-0.12`` (``tests/interop/pzpr_engine.js``
loads it).  Without node the tests skip; with node but without the unpacked
engine they fail and say how to install it.
"""

from __future__ import annotations

import functools
import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pencilkit import check, parse, read_puzzle
from pencilkit.formats.pzprv3 import format_pzprv3, parse_pzprv3
from pencilkit.formats.url import (
    address,
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
PZPR_JS = INTEROP / "pzprjs-0.12" / "dist" / "js" / "pzpr.js"
"""pzpr.js 0.12.0, which the node helpers load (``tests/interop/pzpr_engine.js``)."""


@pytest.fixture
def node() -> str:
    """The node executable, with pzpr.js 0.12 in place: skips without node, fails without the engine."""
    if NODE is None:
        pytest.skip("node is not installed: the pzpr.js interop tests need it")
    if not PZPR_JS.is_file():
        pytest.fail(f"pzpr.js 0.12 is missing: {PZPR_JS} is not there; scripts/test.sh unpacks it from the "
                    "PyPI wheel ppbench 0.1.0 (`python -m pip download --no-deps ppbench==0.1.0`)")
    return NODE


def run_node(node: str, script: str, lines: list[str]) -> list[dict[str, Any]]:
    """Feed ``lines`` to a node script of tests/interop; one JSON object back per line (one node process
    for the whole batch)."""
    done = subprocess.run([node, str(INTEROP / script)], input="\n".join(lines) + "\n", capture_output=True,
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


def bare_body(url: str) -> str:
    """The body alone of a pzpr-family URL, without the ``/`` pzpr puts after a body ending in ``.``."""
    return body_of(url).split("/", 3)[3].removesuffix("/")


def as_written_by_pzpr(text: str) -> str:
    """What pzpr writes for a pencilkit body (or URL): ``@`` for ``%``, its code of 8192-12239."""
    return text.replace("%", "@")


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_pzpr_decodes_every_corpus_url_to_the_same_grid(genre: str, node: str) -> None:
    records = load_corpus(genre)
    urls = []
    for record in records:
        rows, cols, clues = corpus_clues(record)
        urls.append(address(genre, rows, cols, encode_body(clues, rows, cols)))
    decoded = run_node(node, "pzpr_decode.js", urls)
    for record, url, result in zip(records, urls, decoded):
        rows, cols, clues = corpus_clues(record)
        assert result["ok"], (record["name"], result)
        assert (result["genre"], result["rows"], result["cols"]) == (genre, rows, cols), record["name"]
        assert pzpr_clues(result) == clues, record["name"]
        assert body_of(result["url"]) == as_written_by_pzpr(body_of(url)), record["name"]


def test_pzpr_agrees_on_large_clues_and_long_runs(node: str) -> None:
    cases: list[tuple[int, int, dict[int, int | None]]] = [
        # (rows, cols, clues): every number16 code pencilkit writes, runs past 20 cells, a final '?'
        (1, 2, {0: 16}), (1, 2, {1: 255}), (2, 200, {0: 256}), (64, 64, {4095: 4095}),
        (70, 70, {0: 8191}), (100, 100, {9999: 9999}), (1, 45, {44: 3}), (3, 30, {0: 1, 89: 2}),
        (5, 5, {0: None, 24: 1}), (1, 1, {}), (2, 3, {0: 1, 5: None}),
    ]
    urls = [address("nurikabe", rows, cols, encode_body(clues, rows, cols)) for rows, cols, clues in cases]
    for (rows, cols, clues), url, result in zip(cases, urls, run_node(node, "pzpr_decode.js", urls)):
        assert result["ok"], (url, result)
        assert (result["rows"], result["cols"]) == (rows, cols)
        assert pzpr_clues(result) == clues, url
        assert body_of(result["url"]) == as_written_by_pzpr(body_of(url))
        assert decode_body(bare_body(result["url"]), rows, cols) == clues


LEADING_ZEROS: list[tuple[dict[int, int | None], str, str]] = [
    # (clues on a 1x3 board, pencilkit's body, pzpr's body for the same clues)
    ({0: 4101}, "=005h", "=005h"),
    ({0: 8197, 2: 3}, "%005g3", "@005g3"),
    ({1: 8192, 2: 4096}, "g%000=000", "g@000=000"),
]  # ('*' and '$', for 12240 and more, no cell of a board pencilkit accepts needs)


def test_pzpr_writes_every_hex_digit_of_the_long_codes(node: str) -> None:
    """pzpr reads pencilkit's ``=`` and ``%`` codes, whose hex digits are all written, and writes them back
    as pencilkit does, leading zeros included (but ``@`` for ``%``): a body pencilkit reads to the same clues."""
    urls = [address("nurikabe", 1, 3, body) for _, body, _ in LEADING_ZEROS]
    for (clues, body, theirs), url, result in zip(LEADING_ZEROS, urls, run_node(node, "pzpr_decode.js", urls)):
        assert encode_body(clues, 1, 3) == body
        assert result["ok"] and pzpr_clues(result) == clues, (url, result)
        assert bare_body(result["url"]) == theirs
        assert decode_body(theirs, 1, 3) == clues, theirs


def test_pzpr_and_pencilkit_read_the_at_code_alike(node: str) -> None:
    """``@`` is pzpr's code of 8192-12239 (``%`` is a URL's escape character); pzpr and pencilkit both read
    it as ``%``."""
    cases = [(100, 100, "@70f" + "z" * 499 + "y", {0: 9999}), (1, 3, "g@000g", {1: 8192})]
    urls = [address("nurikabe", rows, cols, body) for rows, cols, body, _ in cases]
    for (rows, cols, body, clues), url, result in zip(cases, urls, run_node(node, "pzpr_decode.js", urls)):
        assert decode_body(body, rows, cols) == decode_body(body.replace("@", "%"), rows, cols) == clues
        assert result["ok"], (url, result)
        assert pzpr_clues(result) == clues, (url, pzpr_clues(result))


def test_pzpr_and_pencilkit_read_the_mirror_variants_alike(node: str) -> None:
    """pzpr and pencilkit read the same variants to the same clues: other hosts, a bare body, a final ``.``
    without pzpr's ``/``, the ``_edit`` and ``_play`` suffixes, a ``type=`` option, a ``v:/`` flag before
    or after the genre, and the genre name ``heyawacky``."""
    urls = [
        "http://pzv.jp/p.html?nurikabe/5/5/g5k2o1k3g",
        "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
        "https://pzprxs.vercel.app/p?nurikabe/5/5/g5k2o1k3g",
        "nurikabe/5/5/g5k2o1k3g",
        "https://puzz.link/p?nurikabe/3/1/.h",  # a final '.' without pzpr's '/' after it
        "https://puzz.link/p?nurikabe/v:/3/1/.h",
        "https://puzz.link/p?nurikabe_play/5/5/g5k2o1k3g",
        "https://puzz.link/p?nurikabe_edit/5/5/g5k2o1k3g",
        "https://puzz.link/p?type=player&nurikabe/5/5/g5k2o1k3g",
        "https://puzz.link/p?v:/nurikabe/5/5/g5k2o1k3g",
        "https://puzz.link/p?heyawacky/3/3/i0n0012",  # the Heyawake alias pencilkit reads (never writes)
    ]
    for url, result in zip(urls, run_node(node, "pzpr_decode.js", urls)):
        assert result["ok"], (url, result)
        assert pzpr_clues(result) == read_puzzle(url).clue_map, url


def solution_requests(genre: str) -> tuple[list[dict[str, Any]], list[str]]:
    records = load_corpus(genre)
    requests = []
    for record in records:
        rows, cols, clues = corpus_clues(record)
        url = address(genre, rows, cols, encode_body(clues, rows, cols))
        requests.append({"url": url, "answer": record["solution"]})
    return requests, [record["name"] for record in records]


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_pzpr_accepts_every_corpus_solution(genre: str, node: str) -> None:
    requests, names = solution_requests(genre)
    verdicts = run_node(node, "pzpr_check.js", [json.dumps(r) for r in requests])
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


RULE_OF_CODE = {
    "nurikabe": {"bkSizeNe": "R1", "bkNoNum": "R2", "bkNumGe2": "R2", "csDivide": "R3", "cs2x2": "R4"},
    "kurodoko": {"csAdjacent": "R2", "cuDivideRB": "R3", "nmSumViewNe": "R4"},
    "heyawake": {"csAdjacent": "R1", "cuDivideRB": "R2", "bkShadeNe": "R3", "bkUnshadeConsecGt3": "R4"},
}
"""pencilkit's rule for each of pzpr's fail codes.  A shaded clue (Nurikabe
R5, Kurodoko R1) has no code: pzpr's player cannot shade a clue cell, and its checker ignores one."""


def agree_on_mutations(node: str, genre: str, cases: list[tuple[str, Puzzle, list[str]]]) -> None:
    """pzpr reports broken exactly the rules (:data:`RULE_OF_CODE`) pencilkit's ``check`` finds broken in
    each answer: none when the answer is correct (a mutation may land on the solution again)."""
    requests = [json.dumps({"url": format_url(puzzle), "answer": answer}) for _, puzzle, answer in cases]
    wrong_seen = 0
    for (name, puzzle, answer), verdict in zip(cases, run_node(node, "pzpr_check.js", requests)):
        assert verdict["ok"], (name, verdict)
        ours = {violation.rule for violation in check(puzzle, Answer.from_rows(answer))}
        theirs = {RULE_OF_CODE[genre].get(code, code) for code in verdict["codes"]}
        assert theirs == ours, (name, answer, verdict["codes"], verdict["text"])
        assert verdict["complete"] == (not ours)
        wrong_seen += not verdict["complete"]
    assert wrong_seen > 0  # the comparison must have exercised pzpr's failure verdicts


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_pzpr_and_pencilkit_find_the_same_rules_broken_in_mutated_solutions(genre: str, node: str) -> None:
    need_genre(genre)
    rng = random.Random(2024)
    records = load_corpus(genre)
    cases = []
    for record in rng.sample(records, min(60, len(records))):
        puzzle = read_puzzle(record["puzzle"])
        for flips in (1, 1, 2, 3):
            cases.append((record["name"], puzzle, mutate(record["solution"], set(puzzle.clue_map), rng, flips)))
    agree_on_mutations(node, genre, cases)


VERDICTS = [  # (puzzle, answer, pzpr's fail codes, pencilkit's broken rules, pzpr notes undecided cells)
    ("nurikabe:2x3:1,.,1,.,.,.", ["-#-", "---"], ["bkNumGe2", "bkSizeNe"], {"R1", "R2"}, True),
    ("nurikabe:2x3:1,.,2,.,.,.", ["-#-", "#--"], ["csDivide", "bkSizeNe"], {"R1", "R3"}, True),
    ("kurodoko:3x3:.,4,.,.,.,.,.,.,.", ["---", "##-", "---"], ["csAdjacent", "nmSumViewNe"], {"R2", "R4"}, True),
    ("kurodoko:3x3:.,4,.,.,.,.,.,.,.", ["#--", "---", "---"], [], set(), True),
    ("heyawake:3x3:0,.,.,1,.,.,2,.,.:0,1,1,1,1,2,2,2,2", ["#--", "---", "--#"], ["bkShadeNe"], {"R3"}, True),
    # pzpr wants a shaded cell in Kurodoko and Heyawake, pencilkit does not; pencilkit wants a sea, pzpr does not
    ("heyawake:1x2:0,.:0,0", ["--"], ["brNoShade"], set(), True),
    ("kurodoko:1x2:2,.", ["--"], ["brNoShade"], set(), True),
    ("nurikabe:1x1:1", ["-"], [], {"R3"}, False),
]

TEXTS = {  # pzpr's English words for each fail code
    "bkNumGe2": "An area of unshaded cells has more than one number.",
    "bkSizeNe": "The number is not equal to the size of the area.",
    "csDivide": "The shaded cells are divided.",
    "csAdjacent": "Some shaded cells are adjacent.",
    "nmSumViewNe": "A cell containing a clue number sees a different number of cells in the four orthogonal "
                   "directions.",
    "bkShadeNe": "The number of shaded cells in the room and the number written in the room is different.",
    "brNoShade": "There are no shaded cells on the board.",
}


def test_what_pzpr_reports_for_hand_made_answers(node: str) -> None:
    """pzpr reports its fail codes, in its words, and notes the cells left neither
    shaded nor dotted (an answer here has no dots), without calling the answer wrong for them."""
    requests = [json.dumps({"url": format_url(parse(pid)), "answer": answer}) for pid, answer, *_ in VERDICTS]
    for (pid, answer, codes, rules, undecided), verdict in zip(VERDICTS, run_node(node, "pzpr_check.js", requests)):
        assert verdict["ok"], (pid, verdict)
        assert verdict["codes"] == codes, (pid, verdict)
        assert verdict["complete"] == (not codes)
        assert verdict["text"] == ("\n".join(TEXTS[code] for code in codes) or "Complete!")
        assert verdict["undecided"] == undecided, pid
        assert {violation.rule for violation in check(parse(pid), Answer.from_rows(answer))} == rules, pid


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_pzprv3_files_are_the_files_pzpr_writes_and_reads(genre: str, node: str) -> None:
    """pencilkit writes the very file pzpr writes for each corpus puzzle; with the published solution
    as marks (every cell shaded or dotted), pzpr reads the same marks back and calls the board complete,
    with no cell undecided; pencilkit reads pzpr's file."""
    requests, names = solution_requests(genre)
    requests, names = requests[:120], names[:120]
    puzzles = [read_puzzle(r["url"]) for r in requests]
    written = run_node(node, "pzpr_file.js", [json.dumps({"url": r["url"]}) for r in requests])
    answers = [Answer.from_rows(r["answer"]).finished() for r in requests]
    marked = []
    for puzzle, answer in zip(puzzles, answers):
        unshaded = answer.unshaded & ~puzzle.clue_mask
        marked.append(Answer(puzzle.rows, puzzle.cols, answer.shaded, unshaded))
    files = [format_pzprv3(p, a) for p, a in zip(puzzles, marked)]
    read = run_node(node, "pzpr_file.js", [json.dumps({"file": f}) for f in files])
    for name, puzzle, answer, ours, theirs, back in zip(names, puzzles, marked, files, written, read):
        assert theirs["ok"] and back["ok"], (name, theirs, back)
        assert format_pzprv3(puzzle) == theirs["file"], name
        assert parse_pzprv3(theirs["file"])[0] == puzzle, name
        expected = "".join("#" if answer.shaded >> c & 1 else "+" if answer.unshaded >> c & 1 else "."
                           for c in range(puzzle.grid.size))
        assert back["marks"] == expected and back["complete"] and not back["undecided"], name
        assert parse_pzprv3(back["file"]) == (puzzle, answer), name


def test_pencilkit_reads_the_pekes_pzpr_saves_after_the_marks(node: str) -> None:
    """pzpr's Kurodoko and Heyawake players may put pekes (crosses) on the borders between cells, and
    its file then has a grid of borders after the marks; pencilkit, which has no pekes, reads such a file
    to the same puzzle and marks.  Its Nurikabe has no borders, and its file no pekes."""
    cases = [(parse(pid), Answer.from_rows(solution).finished())
             for pid, solution in [(HEYAWAKE_SMALL[0][0], HEYAWAKE_SMALL[0][1]),
                                   ("kurodoko:2x3:.,2,.,.,.,.", ["#--", "---"]),
                                   ("nurikabe:2x3:2,.,.,.,.,1", ["-##", "##-"])]]
    plain = [format_pzprv3(puzzle, answer) for puzzle, answer in cases]
    for (puzzle, answer), ours, theirs in zip(cases, plain, run_node(node, "pzpr_file.js", [
            json.dumps({"file": file, "peke": True}) for file in plain])):
        assert theirs["ok"], theirs
        pekes = puzzle.genre != "nurikabe"
        assert (theirs["file"] != ours) == pekes, theirs["file"]
        assert theirs["file"].startswith(ours)
        if pekes:
            assert "-1 " in theirs["file"].removeprefix(ours)  # a peke on the first border
        assert parse_pzprv3(theirs["file"]) == parse_pzprv3(ours)
        assert parse_pzprv3(ours)[0] == puzzle


# -- Heyawake: a board of rooms ------------------------------------------------------


def heyawake_corpus() -> list[tuple[str, Puzzle, list[str]]]:
    """Name, puzzle and published solution of every corpus Heyawake (skips when the corpus is absent)."""
    return list(_heyawake_corpus(tuple(corpus_lines("heyawake"))))


@functools.cache
def _heyawake_corpus(lines: tuple[str, ...]) -> tuple[tuple[str, Puzzle, list[str]], ...]:
    """The corpus read once for all the tests (reading checks each number against its room)."""
    records = [json.loads(line) for line in lines]
    return tuple((record["name"], read_puzzle(line), record["solution"]) for record, line in zip(records, lines))


def pzpr_rooms_agree(puzzle: Puzzle, ours: str, result: dict[str, Any]) -> None:
    """pzpr read ``ours``, the URL pencilkit wrote for ``puzzle``, to the same rooms and numbers (each
    on its room's top cell, a ``?`` too), writes the body pencilkit writes for what it read, and
    pencilkit reads pzpr's URL to the same puzzle."""
    theirs = pzpr_form(puzzle)
    assert result["ok"], (ours, result)
    assert (result["genre"], result["rows"], result["cols"]) == ("heyawake", puzzle.rows, puzzle.cols)
    assert tuple(result["rooms"]) == puzzle.rooms, ours
    assert pzpr_clues(result) == theirs.clue_map, ours
    assert body_of(result["url"]) == as_written_by_pzpr(body_of(format_url(theirs)))
    assert read_puzzle(result["url"]) == theirs


def test_pzpr_reads_the_heyawake_urls_pencilkit_writes_for_hand_made_puzzles(node: str) -> None:
    puzzles = [parse(pid) for pid, _ in HEYAWAKE_SMALL]
    puzzles.append(Puzzle.make("heyawake", 1, 40, {39: 20}, [0] * 40))  # a long code, numbers moved
    puzzles.append(Puzzle.make("heyawake", 1, 1, {0: 0}, [0]))
    puzzles.append(parse("heyawake:3x3:0,.,1,.,.,.,.,.,.:0,1,1,1,1,2,2,2,2"))  # the 1 off its top cell
    puzzles.append(parse(L_ROOMS))  # and a '?' off its top cell, at the end of the body
    urls = [format_url(p) for p in puzzles]
    for puzzle, url, result in zip(puzzles, urls, run_node(node, "pzpr_decode.js", urls)):
        pzpr_rooms_agree(puzzle, url, result)


def test_pzpr_agrees_on_random_rooms_and_numbers(node: str) -> None:
    """Bodies of random divisions into rooms, with numbers anywhere in their rooms (16 and more, long runs
    of rooms without one, ``?``), read alike by pzpr and pencilkit (a ``?`` as a ``?``), and
    written back by pzpr to the very body pencilkit wrote."""
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
    urls = [address("heyawake", rows, cols, body) for rows, cols, _, _, body in cases]
    questions = 0
    for (rows, cols, rooms, clues, body), url, result in zip(cases, urls, run_node(node, "pzpr_decode.js", urls)):
        assert result["ok"], (url, result)
        assert tuple(result["rooms"]) == rooms, url
        ours, ours_rooms = decode_room_body(body, rows, cols)
        assert ours_rooms == rooms
        assert pzpr_clues(result) == ours, url
        theirs = bare_body(result["url"])
        assert theirs == body, url
        assert decode_room_body(theirs, rows, cols) == (ours, rooms), url
        questions += None in clues.values()
    assert questions > 0


def test_pzpr_reads_heyawake_urls_pencilkit_writes_for_the_corpus(node: str) -> None:
    corpus = heyawake_corpus()
    urls = [format_url(puzzle) for _, puzzle, _ in corpus]
    for (name, puzzle, _), url, result in zip(corpus, urls, run_node(node, "pzpr_decode.js", urls)):
        assert result["ok"], (name, result)
        pzpr_rooms_agree(puzzle, url, result)


def test_pzpr_accepts_the_hand_made_heyawake_solutions(node: str) -> None:
    cases = [*HEYAWAKE_SMALL, (L_ROOMS, L_SOLUTION)]
    requests = [json.dumps({"url": format_url(parse(pid)), "answer": solution}) for pid, solution in cases]
    for (pid, _), verdict in zip(cases, run_node(node, "pzpr_check.js", requests)):
        assert verdict["ok"] and verdict["complete"], (pid, verdict)


def test_pzpr_accepts_every_corpus_heyawake_solution(node: str) -> None:
    corpus = heyawake_corpus()
    requests = [json.dumps({"url": format_url(puzzle), "answer": solution}) for _, puzzle, solution in corpus]
    for (name, _, _), verdict in zip(corpus, run_node(node, "pzpr_check.js", requests)):
        assert verdict["ok"], (name, verdict)
        assert verdict["complete"], (name, verdict["text"])


def test_pzpr_and_pencilkit_find_the_same_rules_broken_in_mutated_heyawake_solutions(node: str) -> None:
    rng = random.Random(2025)
    corpus = heyawake_corpus()
    cases = []
    for name, puzzle, solution in rng.sample(corpus, min(60, len(corpus))):
        for flips in (1, 1, 2, 3):
            cases.append((name, puzzle, mutate(solution, set(), rng, flips)))  # a number's own cell may be black
    agree_on_mutations(node, "heyawake", cases)


def heyawake_files_agree(node: str, cases: list[tuple[str, Puzzle, Answer]]) -> None:
    """For each puzzle and complete answer: pencilkit writes the file pzpr writes for the puzzle's URL; pzpr
    reads pencilkit's file with the answer as marks to the same marks, calls it complete (no cell
    undecided) and writes the file of the puzzle in pzpr's form back; pencilkit reads pzpr's files to the
    same puzzle and marks."""
    written = run_node(node, "pzpr_file.js", [json.dumps({"url": format_url(p)}) for _, p, _ in cases])
    read = run_node(node, "pzpr_file.js", [json.dumps({"file": format_pzprv3(p, a)}) for _, p, a in cases])
    for (name, puzzle, answer), theirs, back in zip(cases, written, read):
        placed = pzpr_form(puzzle)
        assert theirs["ok"] and back["ok"], (name, theirs, back)
        assert format_pzprv3(placed) == theirs["file"], name
        assert parse_pzprv3(theirs["file"]) == (placed, Answer(puzzle.rows, puzzle.cols, 0, 0)), name
        expected = "".join("#" if answer.shaded >> c & 1 else "+" if answer.unshaded >> c & 1 else "."
                           for c in range(puzzle.grid.size))
        assert back["marks"] == expected and back["complete"] and not back["undecided"], name
        assert back["file"] == format_pzprv3(placed, answer), name
        assert parse_pzprv3(back["file"]) == (placed, answer), name


def test_heyawake_pzprv3_files_agree_with_pzpr_on_hand_made_puzzles(node: str) -> None:
    cases = [(pid, parse(pid), Answer.from_rows(solution).finished())
             for pid, solution in [*HEYAWAKE_SMALL, (L_ROOMS, L_SOLUTION)]]
    heyawake_files_agree(node, cases)


def test_heyawake_pzprv3_files_agree_with_pzpr_on_the_corpus(node: str) -> None:
    corpus = heyawake_corpus()[:120]
    heyawake_files_agree(node, [(name, puzzle, Answer.from_rows(solution).finished())
                                  for name, puzzle, solution in corpus])
