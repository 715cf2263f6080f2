"""The command line's conventions: options before ``--`` still count, an option's value may start with ``-``,
one word for several solutions, counts with their nouns in the right number, and ``--time`` everywhere."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pencilkit.cli import build_parser, main
from pencilkit.commands import plural, status_word
from pencilkit.frame.solve import Status

PUZZLE = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
SOLUTION = "---/-##/-#-"  # its first row starts with -
SEVERAL = "nurikabe:2x2:?,.,.,."


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# -- options before --, and values that start with - ----------------------------


@pytest.mark.parametrize("argv", [
    ["check", PUZZLE, "--json", "--", SOLUTION],
    ["check", "--json", PUZZLE, "--", SOLUTION],
    ["check", PUZZLE, "--genre", "nurikabe", "--json", "--", SOLUTION],
    ["check", "--json", "--", PUZZLE, SOLUTION],
])
def test_check_honours_options_before_the_double_dash(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert json.loads(out) == {"correct": True, "violations": []}


def test_check_wrong_answer_after_the_double_dash_is_judged(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", PUZZLE, "--json", "--", "-#-/-##/-#-")
    assert code == 1 and json.loads(out)["correct"] is False


def test_hint_honours_options_before_the_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "hint", PUZZLE, "--json", "--", "---/.../...")
    assert (code, err) == (0, "")
    assert json.loads(out)["kind"] in ("step", "wrong")
    code, out, _ = run(capsys, "hint", PUZZLE, "--time", "30", "--", "---/.../...")
    assert code == 0 and not out.startswith("{")


def test_extra_words_after_the_double_dash_are_bad_input_without_the_wrong_advice(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", PUZZLE, "--json", "--", SOLUTION, "extra")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "extra" in err and "goes after --" not in err


def test_an_answer_starting_with_dash_without_double_dash_is_told_to_use_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", PUZZLE, SOLUTION)
    assert code == 2 and "pencilkit check PUZZLE -- ANSWER" in err


@pytest.mark.parametrize("option", ["--answer", "-a", "--ans"])
def test_render_answer_may_start_with_dash(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "render", PUZZLE, option, SOLUTION, "--check")
    assert (code, err) == (0, "")
    assert out.startswith("<svg") and out.count('class="shaded"') + out.count("<rect") > 1
    same, joined, _ = run(capsys, "render", PUZZLE, f"--answer={SOLUTION}", "--check")
    assert same == 0 and joined == out


def test_render_answer_breaking_rules_after_dash_value(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "render", PUZZLE, "--answer", "-#-/-##/-#-", "--check")
    assert code == 1 and err  # the rules it breaks, on stderr


def test_an_option_is_not_taken_as_the_value_of_the_one_before(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "render", PUZZLE, "--answer", "--check")
    assert code == 2 and out == "" and "--answer" in err and len(err.strip().splitlines()) == 1


def test_a_negative_value_is_refused_by_its_option_not_as_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", PUZZLE, "--time", "-5")
    assert code == 2 and "--time: expected a positive number, not '-5'" in err


# -- one word for several solutions ---------------------------------------------


def test_status_word() -> None:
    assert status_word(Status.MULTIPLE) == "several" and status_word("multiple") == "several"
    assert status_word(Status.UNIQUE) == "unique" and status_word(Status.NONE) == "none"
    assert Status.MULTIPLE.value == "multiple"  # the JSON value scripts and the web player read stays


def test_solve_rate_render_say_several_and_json_keeps_multiple(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", SEVERAL)
    assert code == 1 and out.startswith("several · rating -") and "multiple" not in out
    code, out, _ = run(capsys, "rate", SEVERAL)
    assert code == 1 and out.strip() == "unrated (several)"
    code, _, err = run(capsys, "render", SEVERAL, "--solution")
    assert code == 1 and "(several)" in err and "multiple" not in err
    code, out, _ = run(capsys, "inspect", SEVERAL)
    assert code == 1 and out.startswith("several solutions")
    assert json.loads(run(capsys, "solve", "--json", SEVERAL)[1])["status"] == "multiple"
    assert json.loads(run(capsys, "rate", "--json", SEVERAL)[1])["status"] == "multiple"


# -- counts and their nouns -------------------------------------------------------


def test_plural() -> None:
    assert plural(1, "candidate") == "1 candidate" and plural(0, "candidate") == "0 candidates"
    assert plural(2, "puzzle") == "2 puzzles" and plural(1, "failed try", "failed tries") == "1 failed try"
    assert plural(3, "failed try", "failed tries") == "3 failed tries"


def test_count_says_one_solution_and_one_node(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", PUZZLE)
    head = out.splitlines()[0]
    assert code == 0 and head.startswith("1 solution ·") and not re.search(r"\b1 (solutions|nodes)\b", head)


def test_generate_header_counts_candidates_in_the_right_number(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "generate", "nurikabe", "5x5", "--seed", "1", "--time", "20")
    match = re.search(r"· (\d+) (candidates?)$", out.splitlines()[0])
    assert code == 0 and match is not None
    assert match.group(2) == ("candidate" if match.group(1) == "1" else "candidates")


def test_collection_rate_counts_one_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    batch = tmp_path / "one.jsonl"
    batch.write_text(json.dumps({"name": "p0", "puzzle": PUZZLE}) + "\n")
    assert main(["collection", "rate", str(batch), "--db", str(tmp_path / "r.sqlite"), "--jobs", "1"]) == 0
    assert "1 easy; 1 puzzle in " in capsys.readouterr().err


# -- --time everywhere --------------------------------------------------------------


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv, "--help"]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("argv", [["generate"], ["collection", "build"], ["solve"], ["rate"], ["count"],
                                  ["inspect"], ["hint"], ["collection", "rate"]])
def test_every_time_budget_is_spelt_time(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(capsys, *argv)
    assert "--time SECONDS" in text and "--time-budget" not in text


@pytest.mark.parametrize("option", ["--time", "--time-budget"])
def test_generate_takes_time_and_the_old_name(option: str) -> None:
    args = build_parser("generate").parse_args(["generate", "nurikabe", "5x5", option, "7.5"])
    assert args.time_budget == 7.5
    assert build_parser("generate").parse_args(["generate", "nurikabe", "5x5"]).time_budget == 60.0


@pytest.mark.parametrize("option", ["--time", "--time-budget"])
def test_collection_build_takes_time_and_the_old_name(option: str) -> None:
    parser = build_parser("collection")
    args = parser.parse_args(["collection", "build", "--db", "x.sqlite", option, "3"])
    assert args.time_budget == 3.0
    assert parser.parse_args(["collection", "build", "--db", "x.sqlite"]).time_budget == 60.0


def test_generate_time_is_checked_under_either_name(capsys: pytest.CaptureFixture[str]) -> None:
    for option in ("--time", "--time-budget"):
        code, out, err = run(capsys, "generate", "nurikabe", "5x5", option, "-2")
        assert code == 2 and out == "" and f"{option}: expected a positive number, not '-2'" in err


def test_collection_build_with_time(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.sqlite"
    code = main(["collection", "build", "--sizes", "5x5", "--levels", "easy", "--count", "1", "--db", str(db),
                 "--jobs", "1", "--time", "20"])
    err = capsys.readouterr().err
    assert code == 0 and "1 made" in err and "1 puzzle asked for" in err


@pytest.mark.parametrize("option,value,fragment", [("--genre", "sudoku", "unknown genre 'sudoku'"),
                                                   ("--level", "godlike", "unknown level 'godlike'")])
def test_an_export_filter_that_names_nothing_is_bad_input(capsys: pytest.CaptureFixture[str], option: str,
                                                          value: str, fragment: str) -> None:
    assert main(["collection", "export", "--bundled", option, value]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and fragment in captured.err


def test_an_export_filter_takes_aliases_and_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["collection", "export", "--bundled", "--genre", "Kuromasu", "--level", "HARD",
                 "--format", "ids"]) == 0
    ids = capsys.readouterr().out.split()
    assert ids and all(puzzle.startswith("kurodoko:") for puzzle in ids)


def test_show_lists_only_the_exit_codes_it_uses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--help"]) == 0
    text = capsys.readouterr().out
    assert "2 bad input" in text and "1 no solution" not in text


def test_the_collection_listing_keeps_its_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.sqlite")
    assert main(["collection", "build", "--sizes", "5x5,10x10", "--levels", "easy", "--count", "1", "--db", db,
                 "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["collection", "list", "--db", db]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and len({line.index("easy") for line in lines}) == 1
