"""Hints in the terminal and the API, the techniques listed, and explanations that show their chains."""

from __future__ import annotations

import json
from importlib import resources

import pytest

import pencilkit
from pencilkit.cli import main
from pencilkit.frame.levels import Level
from pencilkit.genres import all_genres

PUZZLE = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_api_hint_starts_where_the_player_is() -> None:
    puzzle = pencilkit.parse(PUZZLE)
    first = pencilkit.hint(puzzle)
    assert first.kind == "step" and first.technique and first.shade | first.unshade
    solution = pencilkit.solve(puzzle).answer
    assert solution is not None
    assert not first.shade & ~solution.shaded and not first.unshade & solution.shaded  # true in the solution
    wrong = pencilkit.hint(puzzle, "#../.../...")
    assert wrong.kind == "mistake" and wrong.shade == 1
    assert pencilkit.hint(puzzle, solution).kind == "solved"
    assert pencilkit.hint(pencilkit.parse("nurikabe:1x3:.,2,.")).kind == "unavailable"


def test_the_hint_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", PUZZLE)
    assert code == 0 and out.startswith("[step · ") and "sea:" in out
    code, out, _ = run(capsys, "hint", PUZZLE, "--", "#../.../...")
    assert code == 0 and out.startswith("[mistake]") and "wrong marks: r1c1" in out
    code, out, _ = run(capsys, "hint", "nurikabe:1x3:.,2,.", "--json")
    assert code == 1 and json.loads(out)["kind"] == "unavailable"


def test_techniques_are_listed_cheapest_first_with_their_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "techniques", "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {g.name for g in all_genres()}
    for genre in all_genres():
        listed = data[genre.name]
        assert [t["name"] for t in listed] == [t.name for t in genre.ruleset.ladder]
        assert [Level.parse(t["level"]) for t in listed] == sorted(Level.parse(t["level"]) for t in listed)
        assert all(t["summary"] for t in listed)
        with_example = [t for t in listed if t["example"]]
        assert len(with_example) >= len(listed) - 3  # the bundled collection shows nearly every one at work
        for t in with_example:  # the example is a real first step of that technique on that puzzle
            steps = pencilkit.explain(pencilkit.parse(t["example"]["puzzle"])).steps
            assert next(s.why for s in steps if s.technique == t["name"]) == t["example"]["step"]
    code, out, _ = run(capsys, "techniques", "kurodoko")
    assert code == 0 and out.startswith("Kurodoko:") and "short_contradiction" in out and "e.g. " in out


def test_rate_json_counts_the_techniques_used(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", PUZZLE, "--json")
    data = json.loads(out)
    steps = pencilkit.explain(pencilkit.parse(PUZZLE)).steps
    assert code == 0 and sum(data["techniques"].values()) == len(steps) and data["rating"] == "easy"


def test_explain_opens_with_the_verdict_and_shows_a_probes_chain(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = "nurikabe:5x5:.,.,.,.,.,.,.,.,.,7,.,2,.,2,.,.,.,.,.,.,.,.,.,.,."
    code, out, _ = run(capsys, "explain", puzzle)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("unique · rating ")
    code, out, _ = run(capsys, "explain", puzzle, "--json")
    steps = json.loads(out)["steps"]
    chained = [s for s in steps if "chain" in s]
    for step in chained:
        assert step["technique"] in ("short_contradiction", "contradiction")
        assert step["chain"][-1].startswith("which breaks a rule: ")


def test_a_probe_chain_is_shown_step_by_step(capsys: pytest.CaptureFixture[str]) -> None:
    """A hard puzzle of the bundled collection: its refutations come with the steps that led to them."""
    text = resources.files("pencilkit").joinpath("collections/nurikabe.jsonl").read_text(encoding="utf-8")
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    hard = next(r for r in records if r["rating"] == "hard")
    code, out, _ = run(capsys, "explain", hard["puzzle"], "--json")
    chained = [s for s in json.loads(out)["steps"] if "chain" in s]
    assert code == 0 and chained and all(len(s["chain"]) >= 2 for s in chained)


def test_explain_prints_the_grid_when_search_finishes_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", PUZZLE, "--level", "bookkeeping")
    assert code == 0 and "Search finishes it: unique" in out
    assert out.rstrip().endswith("Solved:\n    ---\n    -##\n    -#-")
