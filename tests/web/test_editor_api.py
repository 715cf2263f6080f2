"""The editor's calls (``inspect``, ``sheet``) through Starlette's test client, with real worker processes.

Answers agree with the library; bad input is a 4xx JSON error naming the
problem; a job whose client calls it off stops at once.
"""

from __future__ import annotations

import base64
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

import pencilkit
from pencilkit.frame.budget import Cancel
from pencilkit.web import jobs
from pencilkit.web.limits import Limits
from pencilkit.web.server import HEAVY_JOBS, timeout_for

from .conftest import api_client, post

LIMITS = Limits(max_body=8 * 1024, max_side=20, max_solve_seconds=20.0)
SEVERAL = "kurodoko:5x5:.,.,.,.,.,3,.,7,.,.,.,.,8,.,.,.,.,.,.,6,.,.,.,.,2"
HEYAWAKE = "heyawake:4x4:.,0,.,.,.,2,.,.,.,.,.,.,.,.,.,.:0,1,1,1,0,2,3,3,0,2,3,3,0,2,3,3"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with api_client(LIMITS) as c:
        yield c


def test_inspect_agrees_with_the_library(client: TestClient) -> None:
    code, data = post(client, "inspect", {"puzzle": SEVERAL})
    assert code == 200 and data["puzzle"]["id"] == SEVERAL and data["puzzle"]["url"]
    found = data["inspection"]
    library = pencilkit.inspect(pencilkit.parse(SEVERAL)).to_json()
    for key in ("status", "solutions", "differ", "suggestion", "rating"):
        assert found[key] == library[key], key
    code, data = post(client, "inspect", {"puzzle": HEYAWAKE, "time_budget": 5})
    assert code == 200 and data["inspection"]["status"] == "unique" and data["puzzle"]["rooms"]
    assert data["inspection"]["hardest"]["technique"] == "room_patterns"


@pytest.mark.parametrize(("body", "words"), [
    ({}, "missing field 'puzzle'"),
    ({"puzzle": 7}, "must be a string"),
    ({"puzzle": "nurikabe:2x2:9,.,.,."}, "out of range"),
    ({"puzzle": "heyawake:2x2:1,.,.,1:0,0,0,0"}, "has two numbers"),
    ({"puzzle": "nurikabe:3x3:1,.,."}, "3x3"),
    ({"puzzle": "kurodoko:21x21:" + ",".join(["."] * 441)}, "over the player's limit"),
    ({"puzzle": SEVERAL, "time_budget": 0}, "time_budget"),
    ({"puzzle": SEVERAL, "time_budget": 999}, "at most 20"),
    ({"puzzle": SEVERAL, "time_budget": "soon"}, "number of seconds"),
])
def test_inspect_refuses_bad_input_in_words(client: TestClient, body: dict[str, Any], words: str) -> None:
    code, data = post(client, "inspect", body)
    assert 400 <= code < 500 and words in data["error"], (code, data)


def test_a_body_that_is_not_a_json_object_is_a_4xx(client: TestClient) -> None:
    for raw in (b"[1, 2]", b"{", b""):
        response = client.post("/api/inspect", content=raw, headers={"content-type": "application/json"})
        assert response.status_code == 400 and "error" in response.json()


def test_inspect_runs_with_the_slow_jobs_and_its_budget_sets_its_timeout() -> None:
    assert {"inspect", "sheet"} <= HEAVY_JOBS
    assert timeout_for("inspect", {"time_budget": 4}, LIMITS) == 4 + LIMITS.margin_seconds
    assert timeout_for("inspect", {}, LIMITS) == LIMITS.solve_seconds + LIMITS.margin_seconds


def test_an_inspection_called_off_stops_at_once() -> None:
    """A newer edit calls the older inspection off (the server raises its stop flag): it ends unknown."""
    big = pencilkit.generate("kurodoko", 9, 9, "easy", seed=2)[0].puzzle
    start = time.perf_counter()
    called_off = Cancel()
    called_off.set()
    code, data = jobs.inspect_job({"puzzle": big.id()}, LIMITS, cancel=called_off)
    assert code == 200 and data["inspection"]["status"] == "unknown"
    assert time.perf_counter() - start < 2.0
    code, data = jobs.inspect_job({"puzzle": big.id()}, LIMITS)
    assert data["inspection"]["status"] == "unique"


def test_a_print_sheet_has_the_puzzle_and_its_solution(client: TestClient) -> None:
    code, data = post(client, "sheet", {"puzzle": HEYAWAKE, "title": "My Heyawake"})
    assert code == 200 and len(data["pages"]) == 2
    assert all(page.startswith("<svg") for page in data["pages"]) and "My Heyawake" in data["pages"][0]
    if data["pdf"] is None:
        assert data["note"]
    else:
        assert base64.b64decode(data["pdf"]).startswith(b"%PDF")
    code, data = post(client, "sheet", {"puzzle": SEVERAL})
    assert code == 200 and len(data["pages"]) == 1, "no solution page for a puzzle without one solution"
    code, data = post(client, "sheet", {"puzzle": SEVERAL, "paper": "napkin"})
    assert code == 400 and "unknown paper" in data["error"]


def test_the_page_takes_each_genres_facts_from_the_server(client: TestClient) -> None:
    """The editor draws clues in circles and borders for rooms as ``/api/genres`` says, naming no genre."""
    response = client.get("/api/genres")
    assert response.status_code == 200
    told = {g["name"]: g for g in response.json()["genres"]}
    for genre in pencilkit.all_genres():
        assert (told[genre.name]["circled"], told[genre.name]["rooms"]) == (genre.circled_clues, genre.has_rooms)
    assert {g["circled"] for g in told.values()} == {True, False}, "the corpus of genres has both kinds"


UNDER_CLUED = "nurikabe:3x5:.,.,3,.,.,.,.,.,.,.,.,.,.,.,."
CLASHING = "nurikabe:2x2:3,.,.,3"


def test_a_board_without_solution_is_told_what_mends_it(client: TestClient) -> None:
    """For none, ``mending`` names what is true of the whole board: the clues that cannot hold together
    (each taken away leaves a solution), else a cell where one more clue gives one."""
    code, data = post(client, "inspect", {"puzzle": CLASHING})
    found = data["inspection"]
    assert code == 200 and found["status"] == "none"
    assert [c["cell"] for c in found["mending"]["clashing"]] == [0, 3] and not found["mending"]["wanting"]
    for other in ("nurikabe:2x2:3,.,.,.", "nurikabe:2x2:.,.,.,3"):
        assert pencilkit.solve(pencilkit.parse(other)).status.value in ("unique", "multiple")
    code, data = post(client, "inspect", {"puzzle": UNDER_CLUED})
    mending = data["inspection"]["mending"]
    assert not mending["clashing"] and len(mending["wanting"]) == 1
    tokens = UNDER_CLUED.split(":")[2].split(",")
    tokens[mending["wanting"][0]["cell"]] = "?"
    more = pencilkit.parse("nurikabe:3x5:" + ",".join(tokens))
    assert pencilkit.solve(more).status.value in ("unique", "multiple"), "one more clue there gives a solution"
    code, data = post(client, "inspect", {"puzzle": SEVERAL})
    assert "mending" not in data["inspection"], "only a board without solution is looked into"


def test_without_cairosvg_the_sheet_job_gives_every_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """No cairosvg (its import made to fail): no PDF, a note why, and both pages, each labelled."""
    from pencilkit.formats import export

    def missing() -> None:
        raise export.MissingRendererError("PNG and PDF output need cairosvg: pip install 'pencilkit[render]'")

    monkeypatch.setattr(export, "_cairosvg", missing)
    code, data = jobs.sheet_job({"puzzle": HEYAWAKE}, LIMITS)
    assert code == 200 and data["pdf"] is None and "cairosvg" in data["note"]
    assert len(data["pages"]) == 2 and data["labels"] == ["puzzle", "solution"]
    assert "solutions" in data["pages"][1] and all(page.startswith("<svg") for page in data["pages"])


def test_the_sheet_job_names_the_genre_once_a_page(client: TestClient) -> None:
    code, data = post(client, "sheet", {"puzzle": HEYAWAKE})
    assert code == 200 and len(data["pages"]) == 2
    for page in data["pages"]:
        shown = re.findall(r"<text[^>]*>([^<]*)</text>", page)
        assert sum(text.count("Heyawake") for text in shown) == 1, shown
