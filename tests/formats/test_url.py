"""puzz.link URLs: the body code, the variants people paste, round trips over the corpus, bad URLs."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from pencilkit import FormatError, Puzzle, parse
from pencilkit.cli import main
from pencilkit.formats import read_puzzle, write_puzzle
from pencilkit.formats.url import (
    MAX_CODED,
    decode_body,
    encode_body,
    encode_clue,
    format_url,
    looks_like_url,
    parse_url,
)

from .helpers import corpus_clues, load_corpus, need_genre

NURIKABE_5 = "nurikabe/5/5/g5k2o1k3g"
NURIKABE_5_ROWS = [
    ".5...",
    "..2..",
    ".....",
    "..1..",
    "...3.",
]
KURODOKO_5 = "kurodoko/5/5/i7g5l2l2g4i"
KURODOKO_5_ROWS = [
    "...7.",
    "5....",
    "..2..",
    "....2",
    ".4...",
]


def clues_of(rows: list[str]) -> dict[int, int | None]:
    """Clue map of single-character rows ('.' empty, '?' unknown, digits)."""
    width = len(rows[0])
    return {r * width + c: (None if ch == "?" else int(ch))
            for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}


# -- known URLs ----------------------------------------------------------------


def test_known_nurikabe_url_decodes_to_its_grid() -> None:
    puzzle = parse_url("https://puzz.link/p?" + NURIKABE_5)
    assert (puzzle.genre, puzzle.rows, puzzle.cols) == ("nurikabe", 5, 5)
    assert puzzle.clue_map == clues_of(NURIKABE_5_ROWS)
    assert format_url(puzzle) == "https://puzz.link/p?" + NURIKABE_5


def test_known_kurodoko_body_decodes_to_its_grid() -> None:
    assert decode_body("i7g5l2l2g4i", 5, 5) == clues_of(KURODOKO_5_ROWS)
    assert encode_body(clues_of(KURODOKO_5_ROWS), 5, 5) == "i7g5l2l2g4i"


def test_known_kurodoko_url_decodes_to_its_grid() -> None:
    need_genre("kurodoko")
    puzzle = parse_url("https://puzz.link/p?" + KURODOKO_5)
    assert (puzzle.genre, puzzle.rows, puzzle.cols) == ("kurodoko", 5, 5)
    assert puzzle.clue_map == clues_of(KURODOKO_5_ROWS)
    assert format_url(puzzle) == "https://puzz.link/p?" + KURODOKO_5


def test_columns_come_before_rows() -> None:
    puzzle = parse_url("https://puzz.link/p?nurikabe/3/2/1k")  # 3 columns, 2 rows
    assert (puzzle.rows, puzzle.cols) == (2, 3)
    assert format_url(Puzzle.from_id("nurikabe:2x3:1,.,.,.,.,.")) == "https://puzz.link/p?nurikabe/3/2/1k"


# -- the body code ---------------------------------------------------------------


@pytest.mark.parametrize(("number", "code"), [
    (None, "."), (0, "0"), (9, "9"), (15, "f"),
    (16, "-10"), (255, "-ff"),
    (256, "+100"), (4095, "+fff"),
    (4096, "=000"), (8191, "=fff"),
    (8192, "%000"), (12239, "%fcf"),
    (12240, "*0000"), (77775, "*ffff"),
    (77776, "$00000"), (MAX_CODED, "$fffff"),
])
def test_each_clue_code_round_trips(number: int | None, code: str) -> None:
    assert encode_clue(number) == code
    assert decode_body(code + "g", 1, 2) == {0: number}


def test_a_clue_beyond_the_code_cannot_be_written() -> None:
    with pytest.raises(FormatError, match="cannot be written"):
        encode_clue(MAX_CODED + 1)


@pytest.mark.parametrize("number", [16, 255, 256, 4095])
def test_large_clues_in_a_whole_puzzle(number: int) -> None:
    side = 64 if number >= 256 else 16
    puzzle = Puzzle.make("nurikabe", side, side, {0: 1, side * side - 1: number})
    url = format_url(puzzle)
    empties = side * side - 2
    run = "z" * (empties // 20) + (chr(ord("f") + empties % 20) if empties % 20 else "")
    assert url == f"https://puzz.link/p?nurikabe/{side}/{side}/1{run}{encode_clue(number)}"
    assert parse_url(url) == puzzle


@pytest.mark.parametrize(("empties", "run"), [
    (1, "g"), (19, "y"), (20, "z"), (21, "zg"), (40, "zz"), (41, "zzg"), (59, "zzy"), (100, "zzzzz"),
])
def test_runs_of_empty_cells_chain(empties: int, run: str) -> None:
    clues = {empties: 1}
    body = encode_body(clues, 1, empties + 1)
    assert body == run + "1"
    assert decode_body(body, 1, empties + 1) == clues
    trailing = encode_body({0: 2}, 1, empties + 1)
    assert trailing == "2" + run
    assert decode_body(trailing, 1, empties + 1) == {0: 2}


def test_long_runs_in_a_whole_puzzle() -> None:
    puzzle = Puzzle.make("nurikabe", 7, 9, {0: 3, 45: 2, 62: 1})
    url = format_url(puzzle)
    assert url == "https://puzz.link/p?nurikabe/9/7/3zzj2v1"  # 44 empties = 20+20+4, then 16
    assert parse_url(url) == puzzle


def test_random_clue_maps_round_trip_through_the_body() -> None:
    rng = random.Random(5)
    values = [None, 1, 7, 15, 16, 200, 255, 256, 999, 4095, 4096, 9000, 12239, 12240, 50000, 77776]
    for _ in range(400):
        rows, cols = rng.randint(1, 30), rng.randint(1, 30)
        density = rng.random()
        clues = {cell: rng.choice(values) for cell in range(rows * cols) if rng.random() < density * 0.5}
        body = encode_body(clues, rows, cols)
        assert decode_body(body, rows, cols) == clues, (rows, cols, body)


# -- variants people paste -----------------------------------------------------------


@pytest.mark.parametrize("url", [
    "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "http://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "http://pzv.jp/p.html?nurikabe/5/5/g5k2o1k3g",
    "https://pzv.jp/p?nurikabe/5/5/g5k2o1k3g",
    "https://pzprxs.vercel.app/p?nurikabe/5/5/g5k2o1k3g",
    "http://localhost:8000/pzprjs/p.html?nurikabe/5/5/g5k2o1k3g",
    "https://puzz.link/p?nurikabe_edit/5/5/g5k2o1k3g",
    "https://puzz.link/p?nurikabe_play/5/5/g5k2o1k3g",
    "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g/",
    "https://puzz.link/p?type=player&nurikabe/5/5/g5k2o1k3g",
    "https://puzz.link/p?type=player&lang=en&nurikabe/5/5/g5k2o1k3g",
    "https://puzz.link/p?v:nurikabe/5/5/g5k2o1k3g",
    "https://puzz.link/p?nurikabe/v:/5/5/g5k2o1k3g",
    "https://puzz.link/p?NURIKABE/5/5/g5k2o1k3g",
    "nurikabe/5/5/g5k2o1k3g",
    "?nurikabe/5/5/g5k2o1k3g",
    "  https://puzz.link/p?nurikabe/5/5/g5k2o1k3g\n",
])
def test_pasted_variants_read_the_same_puzzle(url: str) -> None:
    assert looks_like_url(url.strip())
    puzzle = read_puzzle(url)
    assert puzzle.clue_map == clues_of(NURIKABE_5_ROWS)
    assert write_puzzle(puzzle, "url") == "https://puzz.link/p?" + NURIKABE_5


def test_percent_escaped_code_is_read() -> None:
    assert decode_body("%25000g".replace("%25", "%"), 1, 2) == {0: 8192}
    puzzle = parse_url("https://puzz.link/p?nurikabe/100/100/" + "%25000" + "z" * 499 + "y")
    assert puzzle.clue_map == {0: 8192}


@pytest.mark.parametrize("number", [8192, 9216, 10000])
def test_the_at_code_of_pzpr_0_12_reads_as_the_percent_code(number: int) -> None:
    """pzpr.js 0.12 writes 8192-12239 with '@' and reads '@' or '%'; pencilkit writes '%' and reads both."""
    code = encode_clue(number)
    assert code.startswith("%")
    assert decode_body("@" + code[1:] + "g", 1, 2) == decode_body(code + "g", 1, 2) == {0: number}
    puzzle = Puzzle.make("nurikabe", 100, 100, {0: number})
    theirs = format_url(puzzle).replace("%", "@")
    assert parse_url(theirs) == parse_url(theirs.replace("@", "%40")) == puzzle


@pytest.mark.parametrize("number", [8784, 8799, 8944, 8959, 9216])
def test_clues_whose_code_looks_like_a_url_escape_read_back(number: int) -> None:
    """'%25X', '%2FX' and '%40X' are codes of clues too (8784-8799, 8944-8959, 9216-9231): a URL reads
    as it stands first, and only a URL that does not is read with its escapes undone."""
    puzzle = Puzzle.make("nurikabe", 100, 100, {0: number, 9999: 1})
    url = format_url(puzzle)
    assert url.split("/")[-1][:3].lower() in {"%25", "%2f", "%40"}
    assert parse_url(url) == puzzle
    assert parse_url(url.replace("%", "%25")) == puzzle  # the same URL escaped once more


def test_question_clues_are_dots() -> None:
    puzzle = parse("nurikabe:2x3:?,.,3,.,.,?")
    assert format_url(puzzle) == "https://puzz.link/p?nurikabe/3/2/.g3h./"  # "/" after a final ".", as pzpr
    assert parse_url(format_url(puzzle)) == puzzle
    assert parse_url("https://puzz.link/p?nurikabe/3/2/.g3h.") == puzzle


@pytest.mark.parametrize("text", [
    "nurikabe:5x5:.,5,.,.,.,.,.,2,.,.,.,.,.,.,.,.,.,1,.,.,.,.,.,3,.",
    "genre: nurikabe\ngrid:\n1.\n..",
    '{"genre":"nurikabe","puzzle":{"grid":["1."]}}',
    "#-#/---",
    "hello",
])
def test_other_formats_do_not_look_like_urls(text: str) -> None:
    assert not looks_like_url(text)


# -- round trips over the corpus ---------------------------------------------------


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_corpus_bodies_round_trip(genre: str) -> None:
    records = load_corpus(genre)
    for record in records:
        rows, cols, clues = corpus_clues(record)
        body = encode_body(clues, rows, cols)
        assert decode_body(body, rows, cols) == clues, record["name"]


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_corpus_url_puzzle_url_round_trip(genre: str) -> None:
    need_genre(genre)
    for record in load_corpus(genre):
        puzzle = read_puzzle(record["puzzle"])
        url = format_url(puzzle)
        again = read_puzzle(url)
        assert again == puzzle, record["name"]
        assert format_url(again) == url
        assert again.id() == record["puzzle"]


# -- bad URLs ------------------------------------------------------------------------


BAD_URLS = [
    ("https://puzz.link/p?lits/5/5/g5k2o1k3g", "unknown puzz.link genre 'lits'"),
    ("https://puzz.link/p?nurikabe/5/5/g5k2o1k", "truncated: it covers 23 of the 5x5 board's 25 cells"),
    ("https://puzz.link/p?nurikabe/5/5/g5k2o1k3gg", "past the last"),
    ("https://puzz.link/p?nurikabe/5/5/g5k2o1k3z", "covers 20 cells but only 1 is left"),
    ("https://puzz.link/p?nurikabe/5/5/g5k2o1k3-1", "cut short"),
    ("https://puzz.link/p?nurikabe/5/5/g5k2o1k3+x12", "is not '+' and 3 hex digits"),
    ("https://puzz.link/p?nurikabe/5/5/g5k2o1kA3g", "unknown character 'A'"),
    ("https://puzz.link/p?nurikabe/5/5", "truncated"),
    ("https://puzz.link/p?nurikabe/5", "has no size"),
    ("https://puzz.link/p?nurikabe/5/x/g5k2o1k3g", "number of rows 'x'"),
    ("https://puzz.link/p?nurikabe/0/5/g", "at least one row and one column"),
    ("https://puzz.link/p?nurikabe/500/500/g", "over the size cap"),
    ("https://puzz.link/p?nurikabe/5/5/g5k2o/1k3g", "extra '/' segment"),
    ("https://puzz.link/p?", "nothing after '?'"),
    ("https://puzz.link/", "no puzzle in URL"),
    ("https://puzz.link/p?nurikabe/2/1/1-ff", "out of range"),
]


@pytest.mark.parametrize(("url", "message"), BAD_URLS)
def test_bad_urls_name_the_problem(url: str, message: str) -> None:
    with pytest.raises(Exception) as info:
        read_puzzle(url)
    assert isinstance(info.value, FormatError) or type(info.value).__name__ in ("SizeError", "PuzzleError")
    assert message in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(("url", "message"), BAD_URLS[:4])
def test_cli_bad_url_is_one_line_and_exit_2(url: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_cli_bad_url_in_a_real_process() -> None:
    done = subprocess.run([sys.executable, "-m", "pencilkit", "show", "https://puzz.link/p?nurikabe/5/5/g5k"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr.strip().startswith("pencilkit: error: URL body is truncated")
    assert "Traceback" not in done.stderr


def test_url_is_accepted_wherever_a_puzzle_is_read(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "https://puzz.link/p?" + NURIKABE_5, "--format", "id"]) == 0
    assert capsys.readouterr().out.strip() == parse_url(NURIKABE_5).id()
    assert main(["solve", "https://puzz.link/p?nurikabe/3/3/l5g1", "--json"]) == 0
    assert '"status":"unique"' in capsys.readouterr().out
