"""The JSON API through Starlette's test client (no browser), with its real worker processes.

Bad input of every kind must come back as a JSON ``{"error": ...}`` with a 4xx
code, never a 500; limits on body and board size hold; answers agree with
pencilkit's own solver and checker.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

import pencilkit
from pencilkit.puzzle import Answer, Puzzle
from pencilkit.web import jobs
from pencilkit.web.jobs import can_generate, certain_violations
from pencilkit.web.limits import Limits
from ..conftest import load_corpus
from .conftest import api_client, post

LIMITS = Limits(max_body=8 * 1024, max_side=20, max_generate_side=12, max_generate_seconds=20.0)
SMALL = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
SMALL_SOLUTION = ["---", "-##", "-#-"]
KURODOKO_URL = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i"
HEYAWAKE = "heyawake:4x4:.,0,.,.,.,2,.,.,.,.,.,.,.,.,.,.:0,1,1,1,0,2,3,3,0,2,3,3,0,2,3,3"
"""Four rooms: column 1, the rest of row 1 (a 0), the rest of column 2 (a 2 on r2c2, black in the
solution) and a 3x2 block."""
HEYAWAKE_SOLUTION = ["----", "-#--", "--#-", "-#--"]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with api_client(LIMITS) as c:
        yield c


def bad(client: TestClient, job: str, body: Any, status: int = 400) -> str:
    code, data = post(client, job, body)
    assert code == status, (code, data)
    assert isinstance(data.get("error"), str) and data["error"]
    return data["error"]


# -- the page and what it is told ------------------------------------------------


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'src="/static/player.js"' in page.text
    for name in ("player.js", "board.js", "player.css"):
        assert client.get(f"/static/{name}").status_code == 200


def test_genres_say_what_each_genre_can_do(client: TestClient) -> None:
    data = client.get("/api/genres").json()
    genres = {g["name"]: g for g in data["genres"]}
    assert set(genres) == {"nurikabe", "kurodoko", "heyawake", "hitori"}
    assert genres["nurikabe"]["generate"] is True
    for name in ("kurodoko", "heyawake", "hitori"):
        assert genres[name]["generate"] is can_generate(name), name
    assert {name: g["rooms"] for name, g in genres.items()} == {"nurikabe": False, "kurodoko": False,
                                                                "heyawake": True, "hitori": False}
    assert {name: g["circled"] for name, g in genres.items()} == {"nurikabe": False, "kurodoko": True,
                                                                  "heyawake": False, "hitori": False}
    # a Heyawake or Hitori number's cell may be black; a Nurikabe or Kurodoko clue keeps its cell white
    assert {name: g["shaded_clues"] for name, g in genres.items()} == {"nurikabe": False, "kurodoko": False,
                                                                       "heyawake": True, "hitori": True}
    assert {name: g["filled"] for name, g in genres.items()} == {"nurikabe": False, "kurodoko": False,
                                                                 "heyawake": False, "hitori": True}
    assert genres["heyawake"]["words"] == ["black", "white"] and "R4" in genres["heyawake"]["rules"]
    assert genres["hitori"]["title"] == "Hitori" and genres["hitori"]["words"] == ["black", "white"]
    assert "R1" in genres["hitori"]["rules"] and genres["hitori"]["summary"]
    # the New puzzle buttons: the usual three, Hitori's from 5x5 up; none larger than the API generates
    sides = {name: [(p["level"], p["rows"], p["cols"]) for p in g["presets"]] for name, g in genres.items()}
    assert sides["nurikabe"] == [("easy", 7, 7), ("medium", 8, 8), ("hard", 9, 9)]
    assert sides["hitori"][0] == ("easy", 5, 5) and max(rows for _, rows, _ in sides["hitori"]) > 9
    assert all(max(r, c) <= LIMITS.max_generate_side for found in sides.values() for _, r, c in found)
    assert data["levels"] == ["easy", "medium", "hard", "expert"]
    assert data["limits"]["max_side"] == LIMITS.max_side


# -- parse, solve, generate -------------------------------------------------------


def test_parse_reads_ids_and_urls(client: TestClient) -> None:
    code, data = post(client, "parse", {"text": KURODOKO_URL})
    assert code == 200
    expected = pencilkit.parse(KURODOKO_URL)
    assert data["puzzle"]["id"] == expected.id() and data["puzzle"]["url"] == KURODOKO_URL
    assert data["puzzle"]["tokens"] == expected.tokens() and data["puzzle"]["words"] == ["black", "white"]
    assert bad(client, "parse", {"text": "nurikabe:3x3:.,.,0"})
    assert "genre" in bad(client, "parse", {"text": "sudoku:3x3:.,.,.,.,.,.,.,.,."})


def test_solve_agrees_with_the_library(client: TestClient) -> None:
    code, data = post(client, "solve", {"puzzle": SMALL})
    assert code == 200 and data["status"] == "unique" and data["solution"] == SMALL_SOLUTION
    code, data = post(client, "solve", {"puzzle": "nurikabe:2x2:.,.,.,."})
    assert code == 200 and data["status"] in ("multiple", "unique", "none")
    assert data["status"] == pencilkit.solve(Puzzle.from_id("nurikabe:2x2:.,.,.,.")).status.value
    assert data["solution"] is None or data["status"] == "unique"


def test_generate_is_reproducible_and_true_to_its_rating(client: TestClient) -> None:
    request = {"genre": "nurikabe", "rows": 6, "cols": 5, "level": "easy", "seed": 11}
    code, first = post(client, "generate", request)
    assert code == 200
    code, again = post(client, "generate", request)
    assert again["puzzle"]["id"] == first["puzzle"]["id"]
    puzzle = Puzzle.from_id(first["puzzle"]["id"])
    assert (puzzle.rows, puzzle.cols) == (6, 5)
    solved = pencilkit.solve(puzzle)
    assert solved.status.value == "unique" and solved.answer is not None and solved.rating is not None
    assert solved.answer.to_rows() == first["generated"]["solution"]
    assert solved.rating.label == first["generated"]["rating"] == "easy"


def test_generate_takes_a_style(client: TestClient) -> None:
    base = {"genre": "nurikabe", "rows": 7, "level": "medium", "seed": 3}
    code, dense = post(client, "generate", {**base, "style": "dense"})
    assert code == 200
    code, default = post(client, "generate", base)
    assert code == 200 and default["puzzle"]["id"] != dense["puzzle"]["id"]
    assert "unknown style" in bad(client, "generate", {**base, "style": "sparse"})


def test_generate_takes_a_symmetry(client: TestClient) -> None:
    from pencilkit.frame.symmetry import Symmetry

    base = {"genre": "kurodoko", "rows": 7, "level": "medium", "seed": 3}
    code, made = post(client, "generate", {**base, "symmetry": "rot2"})
    assert code == 200 and made["generated"]["symmetry"] == "rot2"
    assert Symmetry.ROT2.holds(7, 7, pencilkit.parse(made["puzzle"]["id"]).clue_mask)
    assert "unknown symmetry" in bad(client, "generate", {**base, "symmetry": "spiral"})
    assert "two middle columns" in bad(client, "generate", {**base, "genre": "nurikabe", "rows": 6,
                                                            "symmetry": "mirror"})


def test_generation_a_genre_cannot_do_is_a_clear_400(monkeypatch: pytest.MonkeyPatch) -> None:
    """A genre without a generator (Kurodoko's came later) is refused in words the page shows."""
    monkeypatch.setattr(jobs, "can_generate", lambda name: name != "kurodoko")
    status, data = jobs.run_job("generate", {"genre": "kurodoko", "rows": 5, "cols": 5, "level": "easy"}, LIMITS)
    assert status == 400 and "not available" in data["error"] and "Kurodoko" in data["error"]
    listed = {g["name"]: g["generate"] for g in jobs.genres_json(LIMITS)["genres"]}
    assert listed["nurikabe"] is True and listed["kurodoko"] is False


def test_kurodoko_generates_when_its_generator_is_there(client: TestClient) -> None:
    if not can_generate("kurodoko"):
        pytest.skip("Kurodoko has no generator yet")
    code, data = post(client, "generate", {"genre": "kurodoko", "rows": 6, "cols": 6, "level": "easy", "seed": 4})
    assert code == 200 and data["puzzle"]["genre"] == "kurodoko"
    solved = pencilkit.solve(Puzzle.from_id(data["puzzle"]["id"]))
    assert solved.answer is not None and solved.answer.to_rows() == data["generated"]["solution"]


@pytest.mark.parametrize("body, words", [
    ({"genre": "nurikabe", "rows": 0, "level": "easy"}, "rows"),
    ({"genre": "nurikabe", "rows": 13, "level": "easy"}, "1 to 12"),
    ({"genre": "nurikabe", "rows": 5, "cols": "5", "level": "easy"}, "whole number"),
    ({"genre": "nurikabe", "rows": 5.5, "level": "easy"}, "whole number"),
    ({"genre": "nurikabe", "rows": True, "level": "easy"}, "whole number"),
    ({"genre": "nurikabe", "rows": 5, "level": "impossible"}, "unknown level"),
    ({"genre": "nurikabe", "rows": 5, "level": "search"}, "cannot generate"),
    ({"genre": "nurikabe", "rows": 2, "level": "expert"}, "2x2"),
    ({"genre": "nurikabe", "rows": 5, "level": "easy", "seed": -1}, "seed"),
    ({"genre": "nurikabe", "rows": 5, "level": "easy", "time_budget": 0}, "time_budget"),
    ({"genre": "nurikabe", "rows": 5, "level": "easy", "time_budget": 1e9}, "time_budget"),
    ({"genre": "nurikabe", "rows": 5, "level": "easy", "time_budget": "soon"}, "time_budget"),
    ({"genre": "chess", "rows": 5, "level": "easy"}, "unknown genre"),
    ({"rows": 5, "level": "easy"}, "genre"),
])
def test_generate_refuses_bad_requests(client: TestClient, body: dict[str, Any], words: str) -> None:
    assert words in bad(client, "generate", body)


# -- check and hint --------------------------------------------------------------


def test_check_names_and_locates_each_violation(client: TestClient) -> None:
    code, data = post(client, "check", {"puzzle": SMALL, "answer": SMALL_SOLUTION})
    assert code == 200 and data["correct"] and data["violations"] == []
    wrong = ["##.", "##.", "..."]
    code, data = post(client, "check", {"puzzle": SMALL, "answer": wrong})
    assert code == 200 and not data["correct"]
    expected = pencilkit.check(Puzzle.from_id(SMALL), Answer.from_rows(wrong))
    assert [v["rule"] for v in data["violations"]] == [v.rule for v in expected]
    pool = next(v for v in data["violations"] if v["rule"] == "R4")
    assert pool["indices"] == [0, 1, 3, 4] and pool["cells"] == ["r1c1", "r1c2", "r2c1", "r2c2"]
    assert data["unmarked"] == 5
    code, data = post(client, "check", {"puzzle": SMALL, "answer": "---\n-##\n-#-"})
    assert code == 200 and data["correct"]


def test_check_tells_certain_violations_from_those_unmarked_cells_could_mend(client: TestClient) -> None:
    puzzle = "nurikabe:5x5:2,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,9"
    code, data = post(client, "check", {"puzzle": puzzle, "answer": [".....", ".##..", ".##..", ".....", "....."]})
    assert code == 200 and not data["correct"]
    certain = {v["rule"] for v in data["violations"] if v["certain"]}
    assert certain == {"R4"}, data["violations"]
    assert any(not v["certain"] for v in data["violations"])
    # every cell marked: every violation is certain
    code, data = post(client, "check", {"puzzle": SMALL, "answer": ["##-", "##-", "---"]})
    assert data["violations"] and all(v["certain"] for v in data["violations"])


def test_no_violation_is_certain_on_marks_the_solution_completes() -> None:
    rng = random.Random(7)
    boards = [(made.puzzle, made.solution)
              for made in pencilkit.generate("nurikabe", 6, 6, "medium", seed=1, count=3)]
    for record in load_corpus("kurodoko")[:3]:
        boards.append((Puzzle.from_id(record["puzzle"]), Answer.from_rows(record["solution"])))
    checked = 0
    for puzzle, solution in boards:
        land = puzzle.grid.full & ~solution.shaded
        for _ in range(40):
            keep = sum(1 << c for c in range(puzzle.grid.size) if rng.random() < rng.random())
            marks = Answer(puzzle.rows, puzzle.cols, solution.shaded & keep, land & keep)
            found = {(v.rule, v.cells, v.message) for v in pencilkit.check(puzzle, marks)}
            assert not found & certain_violations(puzzle, marks), marks
            checked += bool(found)
    assert checked > 50, "most partial boards break some rule when unmarked cells count as unshaded"


def test_a_certain_violation_holds_in_every_completion() -> None:
    """On small boards, every completion of the marks (brute force) breaks each certain violation's rule."""
    rng = random.Random(11)
    puzzles = [Puzzle.from_id("nurikabe:3x3:2,.,.,.,.,.,.,.,2"), Puzzle.from_id("kurodoko:3x3:.,3,.,.,.,.,.,.,4"),
               Puzzle.from_id("nurikabe:3x4:3,.,.,.,.,.,.,.,.,.,.,1")]
    tried = 0
    for puzzle in puzzles:
        free = [c for c in range(puzzle.grid.size) if not puzzle.clue_mask >> c & 1]
        for _ in range(60):
            shaded = sum(1 << c for c in free if rng.random() < 0.3)
            unshaded = sum(1 << c for c in free if not shaded >> c & 1 and rng.random() < 0.4)
            marks = Answer(puzzle.rows, puzzle.cols, shaded, unshaded)
            certain = certain_violations(puzzle, marks)
            found = [v for v in pencilkit.check(puzzle, marks) if (v.rule, v.cells, v.message) in certain]
            open_cells = [c for c in free if not (shaded | unshaded) >> c & 1]
            for v in found:
                tried += 1
                for bits in range(1 << len(open_cells)):
                    extra = sum(1 << c for k, c in enumerate(open_cells) if bits >> k & 1)
                    completion = Answer(puzzle.rows, puzzle.cols, shaded | extra, 0)
                    rules = {w.rule for w in pencilkit.check(puzzle, completion)}
                    assert v.rule in rules, (puzzle.id(), marks.to_rows(), v.message, completion.to_rows())
    assert tried > 20


@pytest.mark.parametrize("answer, words", [
    (["###"], "1x3"),
    (["####", "####", "####"], "3x4"),
    (["#?#", "...", "..."], "unknown mark"),
    ([1, 2, 3], "answer"),
    (None, "answer"),
    ("#" * 5000, "too long"),
])
def test_check_refuses_bad_answers(client: TestClient, answer: Any, words: str) -> None:
    body = {"puzzle": SMALL} if answer is None else {"puzzle": SMALL, "answer": answer}
    assert words in bad(client, "check", body)


def test_hint_from_an_empty_board_is_a_sound_first_step(client: TestClient) -> None:
    puzzle = pencilkit.generate("nurikabe", 6, 6, "medium", seed=5)[0]
    code, hint = post(client, "hint", {"puzzle": puzzle.puzzle.id(), "answer": ["." * 6] * 6})
    assert code == 200 and hint["kind"] == "step"
    assert hint["technique"] and hint["level"] and hint["message"]
    solution = puzzle.solution
    assert hint["shade"] or hint["unshade"]
    assert all(solution.shaded >> c & 1 for c in hint["shade"])
    assert not any(solution.shaded >> c & 1 for c in hint["unshade"])


def test_hint_names_a_wrong_mark_and_knows_when_done(client: TestClient) -> None:
    code, hint = post(client, "hint", {"puzzle": SMALL, "answer": ["#..", "...", "..."]})
    assert code == 200 and hint["kind"] == "mistake" and hint["shade"] == [0] and "r1c1" in hint["message"]
    code, hint = post(client, "hint", {"puzzle": SMALL, "answer": [".-.", "...", "..."]})
    assert hint["kind"] == "step"
    code, hint = post(client, "hint", {"puzzle": SMALL, "answer": ["...", ".##", ".#."]})
    assert hint["kind"] == "solved"


def test_hint_on_a_puzzle_without_one_solution_says_so(client: TestClient) -> None:
    code, hint = post(client, "hint", {"puzzle": "nurikabe:2x3:.,.,.,.,.,.", "answer": ["...", "..."]})
    assert code == 200 and hint["kind"] == "unavailable" and "No hint" in hint["message"]


def test_hint_works_for_kurodoko(client: TestClient) -> None:
    code, hint = post(client, "hint", {"puzzle": KURODOKO_URL, "answer": ["....."] * 5})
    assert code == 200 and hint["kind"] == "step"
    solution = pencilkit.solve(pencilkit.parse(KURODOKO_URL)).answer
    assert solution is not None
    assert all(solution.shaded >> c & 1 for c in hint["shade"])
    assert not any(solution.shaded >> c & 1 for c in hint["unshade"])


# -- Heyawake: rooms, and numbers that may be black ------------------------------


def test_a_puzzle_tells_the_page_its_rooms_and_the_cells_that_take_no_mark(client: TestClient) -> None:
    code, data = post(client, "parse", {"text": HEYAWAKE})
    assert code == 200
    puzzle = data["puzzle"]
    assert puzzle["id"] == HEYAWAKE and puzzle["title"] == "Heyawake" and puzzle["words"] == ["black", "white"]
    assert puzzle["rooms"] == [0, 1, 1, 1, 0, 2, 3, 3, 0, 2, 3, 3, 0, 2, 3, 3]
    assert puzzle["fixed"] == [], "a Heyawake number's cell is played like any other"
    code, data = post(client, "parse", {"text": SMALL})
    assert data["puzzle"]["rooms"] is None and data["puzzle"]["fixed"] == [6, 8], "a Nurikabe clue takes no mark"
    code, data = post(client, "parse", {"text": KURODOKO_URL})
    kurodoko = pencilkit.parse(KURODOKO_URL)
    assert data["puzzle"]["rooms"] is None and data["puzzle"]["fixed"] == [cell for cell, _ in kurodoko.clues]
    assert "rooms" in bad(client, "parse", {"text": "heyawake:2x2:1,.,.,."})


def test_heyawake_solves_checks_and_hints_with_a_black_number(client: TestClient) -> None:
    code, data = post(client, "solve", {"puzzle": HEYAWAKE})
    assert code == 200 and data["status"] == "unique" and data["solution"] == HEYAWAKE_SOLUTION
    assert data["puzzle"]["rooms"] is not None
    code, data = post(client, "check", {"puzzle": HEYAWAKE, "answer": HEYAWAKE_SOLUTION})
    assert code == 200 and data["correct"] and data["violations"] == []
    code, data = post(client, "check", {"puzzle": HEYAWAKE, "answer": ["....", ".##.", "....", "...."]})
    certain = [v for v in data["violations"] if v["certain"]]
    assert [(v["rule"], v["indices"]) for v in certain] == [("R1", [5, 6])]
    code, hint = post(client, "hint", {"puzzle": HEYAWAKE, "answer": ["...."] * 4})
    assert code == 200 and hint["kind"] == "step" and (hint["shade"] or hint["unshade"])
    black = "".join(HEYAWAKE_SOLUTION)
    assert all(black[c] == "#" for c in hint["shade"]) and all(black[c] == "-" for c in hint["unshade"])
    code, hint = post(client, "hint", {"puzzle": HEYAWAKE, "answer": ["....", ".#..", "....", "...."]})
    assert hint["kind"] == "step", "the black 2 is right: the hint goes on from it"
    code, hint = post(client, "hint", {"puzzle": HEYAWAKE, "answer": [".#..", "....", "....", "...."]})
    assert hint["kind"] == "mistake" and hint["shade"] == [1], "a black 0 is a wrong mark like any other"


def test_heyawake_generates_with_its_rooms_or_says_it_cannot(client: TestClient,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    request = {"genre": "heyawake", "rows": 6, "level": "easy", "seed": 1}
    if can_generate("heyawake"):
        code, data = post(client, "generate", request)
        assert code == 200, data
        puzzle = Puzzle.from_id(data["puzzle"]["id"])
        assert data["puzzle"]["rooms"] == list(puzzle.rooms or ()) and len(data["puzzle"]["rooms"]) == 36
        assert data["puzzle"]["fixed"] == []
        solved = pencilkit.solve(puzzle)
        assert solved.answer is not None and solved.answer.to_rows() == data["generated"]["solution"]
    monkeypatch.setattr(jobs, "can_generate", lambda name: name != "heyawake")
    status, data = jobs.run_job("generate", request, LIMITS)
    assert status == 400 and "not available for Heyawake" in data["error"]


# -- limits and junk -------------------------------------------------------------


def test_the_body_limit_holds(client: TestClient) -> None:
    big = {"puzzle": SMALL, "answer": SMALL_SOLUTION, "padding": "x" * (LIMITS.max_body + 1)}
    assert "limit" in bad(client, "check", big, 413)
    raw = client.post("/api/check", content=b"{" + b" " * (LIMITS.max_body + 10) + b"}",
                      headers={"content-type": "application/json"})
    assert raw.status_code == 413 and "error" in raw.json()


def test_the_board_size_limit_holds(client: TestClient) -> None:
    side = LIMITS.max_side + 1
    puzzle = f"nurikabe:{side}x{side}:" + ",".join(["."] * (side * side - 1) + ["1"])
    for job in ("parse", "solve", "check", "hint"):
        body = {"text": puzzle} if job == "parse" else {"puzzle": puzzle, "answer": ["." * side] * side}
        assert "limit" in bad(client, job, body)


def test_unknown_calls_and_methods_are_json_errors(client: TestClient) -> None:
    response = client.post("/api/teleport", json={})
    assert response.status_code == 404 and "no API call" in response.json()["error"]
    response = client.get("/api/check")
    assert response.status_code == 405 and "error" in response.json()
    response = client.get("/nowhere")
    assert response.status_code == 404 and "error" in response.json()


@pytest.mark.parametrize("raw", [b"", b"   ", b"not json", b"[1, 2]", b'"text"', b"null", b"{", b"[" * 5000,
                                 b"\xff\xfe\x00", b'{"puzzle": 1}', b'{"puzzle": "' + b"9" * 5000 + b'"}'])
@pytest.mark.parametrize("job", ["parse", "generate", "solve", "check", "hint"])
def test_junk_bodies_are_4xx(client: TestClient, job: str, raw: bytes) -> None:
    response = client.post(f"/api/{job}", content=raw, headers={"content-type": "application/json"})
    assert 400 <= response.status_code < 500, (response.status_code, response.text)
    assert "error" in response.json()


def junk(rng: random.Random, depth: int = 0) -> Any:
    choice = rng.randrange(9 if depth < 3 else 6)
    if choice == 0:
        return rng.choice([None, True, False])
    if choice == 1:
        return rng.choice([0, -1, 1, 3, 7, 99, 10**30, 2**31])
    if choice == 2:
        return rng.choice([0.5, -3.0, 1e308, float("nan")]) if rng.random() < 0.9 else 1.0
    if choice in (3, 4, 5):
        return rng.choice(["", "nurikabe", "kurodoko", "easy", "expert", SMALL, KURODOKO_URL, "#-.", "x" * 300,
                           "nurikabe:3x3:.,.,.", "kurodoko:2x2:5,.,.,.", "https://puzz.link/p?nurikabe/3/3/",
                           "genre: nurikabe\ngrid:\n1 .\n. .", "\u0000\u00ff", "nurikabe:1x1:?"])
    if choice in (6, 7):
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["puzzle", "answer", "text", "genre", "rows", "cols", "level", "seed", "x"]):
            junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def test_random_junk_fields_never_make_a_500(client: TestClient) -> None:
    rng = random.Random(2026)
    fields = ["puzzle", "answer", "text", "genre", "rows", "cols", "level", "seed", "time_budget"]
    statuses = set()
    for _ in range(150):
        job = rng.choice(["parse", "solve", "check", "hint", "generate"])
        body = {name: junk(rng) for name in rng.sample(fields, rng.randrange(1, 6))}
        if job == "generate" and isinstance(body.get("time_budget"), int | float):
            body["time_budget"] = min(abs(body["time_budget"]), 2)  # keep the run short
        raw = json.dumps(body, allow_nan=True)
        response = client.post(f"/api/{job}", content=raw, headers={"content-type": "application/json"})
        assert response.status_code < 500, (job, raw, response.text)
        statuses.add(response.status_code)
    assert 400 in statuses
