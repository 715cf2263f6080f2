"""Collections: a real SQLite file, real worker processes, a real Dask LocalCluster, and a run killed for real."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

import pencilkit
from pencilkit.cli import main
from pencilkit.store import build as building
from pencilkit.store.build import _repeats, build, canonical, canonical_solution, local_pool
from pencilkit.store.database import Store
from pencilkit.store.spec import CollectionSpec

SPEC = dict(genres="nurikabe,kurodoko", sizes="5x5,6x6", levels="easy,medium", count=2, seed=11)


def contents(path: Path) -> dict[str, tuple[str, str, int]]:
    """Each slot's puzzle, solution and seed."""
    with Store(path) as store:
        return {r.slot: (r.puzzle, "/".join(r.solution), r.seed) for r in store.records()}


def made(path: Path) -> int:
    """Puzzles in a collection being built, counted read-only: a poll that never waits on the builder's writes."""
    try:
        with closing(sqlite3.connect(path.as_uri() + "?mode=ro", uri=True, timeout=1)) as db:
            return int(db.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0])
    except sqlite3.Error:  # no file yet, or no table yet
        return 0


def test_canonical_forms_agree_under_the_symmetries() -> None:
    puzzle = pencilkit.parse("nurikabe:3x4:2,.,.,.,.,.,.,1,.,.,.,3")
    turned = pencilkit.Puzzle.make("nurikabe", 4, 3, {2: 2, 4: 1, 9: 3})  # a quarter turn of it
    flipped = pencilkit.Puzzle.make("nurikabe", 3, 4, {3: 2, 4: 1, 8: 3})
    assert canonical(puzzle) == canonical(flipped)
    assert canonical(pencilkit.parse("nurikabe:3x3:1,.,.,.,.,.,.,.,2")) == canonical(
        pencilkit.parse("nurikabe:3x3:2,.,.,.,.,.,.,.,1"))
    assert canonical(turned) != canonical(puzzle)  # 4x3 is another shape: no quarter turns of a 3x4


def test_solutions_compare_under_the_symmetries() -> None:
    assert canonical_solution(["#-", "--"]) == canonical_solution(["--", "-#"]) == canonical_solution(["-#", "--"])
    assert canonical_solution(["#--", "---"]) != canonical_solution(["-#-", "---"])


def test_a_puzzle_whose_solution_an_earlier_slot_has_is_a_repeat() -> None:
    """Two puzzles of a collection never share a solution, even under a symmetry; an old form (puzzle
    alone) still counts its puzzle."""
    one, turned, other = (canonical_solution(rows) for rows in (["#-", "--"], ["--", "-#"], ["--", "--"]))
    done = {"a": (0, f"P1|{one}"), "b": (0, f"P2|{turned}"), "c": (0, f"P3|{other}"), "d": (0, "P1"), "e": (0, "P4")}
    assert _repeats(["a", "b", "c", "d", "e"], done) == ["b", "d"]


def test_a_build_makes_every_slot_once_unique_and_as_rated(tmp_path: Path) -> None:
    spec = CollectionSpec.parse(**SPEC)  # type: ignore[arg-type]
    with Store(tmp_path / "a.sqlite") as store:
        report = build(spec, store, lambda: local_pool(2), log=lambda line: None)
        records = list(store.records())
    assert report.made - report.repeats == len(spec.slots()) == len(records) == 16 and not report.failed
    assert len({r.canonical for r in records}) == len(records)  # no two alike under the symmetries
    assert len({canonical_solution(r.solution) for r in records}) == len(records)  # nor two solutions
    for record in records:
        solved = pencilkit.solve(pencilkit.parse(record.puzzle))
        assert solved.status is pencilkit.Status.UNIQUE and solved.answer is not None
        assert solved.answer.to_rows() == record.solution and solved.rating.label == record.rating == record.level
    again = build(spec, Store(tmp_path / "a.sqlite"), lambda: local_pool(1), log=lambda line: None)
    assert again.made == 0 and again.skipped == 16  # a second run finds everything done
    with sqlite3.connect(tmp_path / "a.sqlite") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_same_spec_makes_the_same_collection_on_any_number_of_workers(tmp_path: Path) -> None:
    spec = CollectionSpec.parse(**SPEC)  # type: ignore[arg-type]
    for name, jobs in (("one.sqlite", 1), ("two.sqlite", 2)):
        with Store(tmp_path / name) as store:
            build(spec, store, lambda jobs=jobs: local_pool(jobs), log=lambda line: None)
    assert contents(tmp_path / "one.sqlite") == contents(tmp_path / "two.sqlite")


def test_repeats_under_a_symmetry_are_made_again_in_slot_order(tmp_path: Path) -> None:
    """3x3 easy Nurikabe has few puzzles: ten slots must meet repeats, and keep none."""
    spec = CollectionSpec.parse("nurikabe", "3x3", "easy", count=10, seed=1, time_budget=5)
    with Store(tmp_path / "r.sqlite") as store:
        report = build(spec, store, lambda: ThreadPoolExecutor(2), log=lambda line: None)
        forms = [r.canonical for r in store.records()]
    assert report.repeats > 0
    assert len(forms) == len(set(forms)) and len(forms) + len(report.failed) == 10


def test_a_failing_slot_is_tried_twice_then_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = CollectionSpec.parse("nurikabe", "5x5", "easy", count=3, seed=2)
    bad = spec.slots()[1].key
    real = building.make_slot
    calls: list[str] = []

    def flaky(slot: Any, attempt: int, budget: float, style: str | None, symmetry: str = "none",
              scores: tuple[int, int] | None = None) -> dict[str, Any]:
        calls.append(slot.key)
        if slot.key == bad:
            raise RuntimeError("the worker fell over")
        return real(slot, attempt, budget, style, symmetry, scores)

    monkeypatch.setattr(building, "make_slot", flaky)
    lines: list[str] = []
    with Store(tmp_path / "f.sqlite") as store:
        report = build(spec, store, lambda: ThreadPoolExecutor(1), log=lines.append)
        assert report.made - report.repeats == 2 and list(report.failed) == [bad] and calls.count(bad) == 2
        assert store.failures()[bad][2] == 2 and "fell over" in lines[0]
    monkeypatch.setattr(building, "make_slot", real)
    with Store(tmp_path / "f.sqlite") as store:  # reported, not retried for ever
        assert list(build(spec, store, lambda: ThreadPoolExecutor(1), log=lambda line: None).failed) == [bad]


def _default_signals() -> None:
    """In the child, before it runs: SIGINT back to its default, even when the tests run where it is
    ignored (a background job of a shell), since a program inherits an ignored SIGINT."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _command(db: Path, jobs: int = 1) -> list[str]:
    """A build of 18 puzzles taking a few seconds: long enough to be cut mid-way however fast it starts."""
    return [sys.executable, "-m", "pencilkit", "collection", "build", "--genre", "nurikabe", "--sizes", "20x20,25x25",
            "--levels", "easy,medium,hard", "--count", "3", "--seed", "5", "--db", str(db), "--jobs", str(jobs)]


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The collection of :func:`_command`, built without interruption."""
    path = tmp_path_factory.mktemp("whole") / "whole.sqlite"
    subprocess.run(_command(path), check=True, capture_output=True)
    return path


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT, signal.SIGTERM])
def test_a_killed_build_resumes_to_the_same_collection(tmp_path: Path, how: signal.Signals, whole: Path) -> None:
    cut = tmp_path / "cut.sqlite"
    run = subprocess.Popen(_command(cut), stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                           preexec_fn=_default_signals)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and made(cut) < 3:
        time.sleep(0.02)
    os.killpg(run.pid, how)  # the driver and its workers, mid-run
    run.wait(30)
    partial = contents(cut)
    assert 3 <= len(partial) < 18
    subprocess.run(_command(cut), check=True, capture_output=True)
    assert contents(cut) == contents(whole)


def test_a_worker_killed_mid_run_costs_a_try_and_nothing_else(tmp_path: Path, whole: Path) -> None:
    """SIGKILL one worker: its pool breaks, the slots in flight count one failed try, a new pool makes them."""
    hit = tmp_path / "hit.sqlite"
    run = subprocess.Popen(_command(hit, jobs=2), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    victim = None
    while time.monotonic() < deadline and victim is None:
        children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(run.pid)], capture_output=True, text=True)
        workers = [int(pid) for pid in children.stdout.split()]
        if len(workers) >= 2 and made(hit) >= 2:
            victim = workers[-1]
        time.sleep(0.05)
    assert victim is not None
    os.kill(victim, signal.SIGKILL)
    _, err = run.communicate(timeout=120)
    assert run.returncode == 0, err
    retried = int(re.findall(r"(\d+) failed tr(?:y|ies) retried", err.decode())[-1])
    assert retried >= 1  # the killed worker's slot, at least, was tried again
    assert contents(hit) == contents(whole)


def _workers(driver: int) -> list[int]:
    """The worker processes ``driver`` has spawned (not its resource tracker)."""
    children = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "--ppid", str(driver)], capture_output=True, text=True)
    return [int(line.split()[0]) for line in children.stdout.splitlines() if "spawn_main" in line]


def _alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie that its new parent has not reaped yet does not)."""
    state = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True).stdout.strip()
    return bool(state) and not state.startswith("Z")


def test_the_workers_of_a_killed_driver_end_with_it(tmp_path: Path) -> None:
    """SIGKILL the driver alone: its workers, orphaned, end too instead of idling under PID 1.  (10 s is a
    liveness bound, far over the half second a worker takes to see its parent gone.)"""
    run = subprocess.Popen(_command(tmp_path / "o.sqlite", jobs=2), stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(workers) < 2:
            workers = _workers(run.pid)
            time.sleep(0.05)
        assert len(workers) == 2
        os.kill(run.pid, signal.SIGKILL)
        run.wait(30)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(map(_alive, workers)):
            time.sleep(0.05)
        assert not any(map(_alive, workers))
    finally:
        run.kill()
        for pid in filter(_alive, workers):  # only when the test failed: leave no orphan behind
            os.kill(pid, signal.SIGKILL)


def test_the_command_line_builds_lists_and_exports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.sqlite"
    assert main(["collection", "build", "--sizes", "5x5", "--levels", "easy", "--count", "2", "--db", str(db),
                 "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["collection", "list", "--db", str(db)]) == 0
    assert capsys.readouterr().out.split() == ["nurikabe", "5x5", "easy", "2"]
    assert main(["collection", "export", "--db", str(db), "--format", "urls"]) == 0
    urls = capsys.readouterr().out.split()
    assert len(urls) == 2 and all(u.startswith("https://puzz.link/p?nurikabe/5/5/") for u in urls)
    assert main(["collection", "export", "--bundled", "--format", "ids"]) == 0
    assert len(capsys.readouterr().out.split()) >= 16
    assert main(["collection", "build", "--sizes", "6x6", "--db", str(db)]) == 2  # another spec, same file
    assert "another collection's spec" in capsys.readouterr().err
    assert main(["collection", "list", "--db", str(tmp_path / "none.sqlite")]) == 2


def test_a_dask_cluster_builds_the_same_collection(tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed", reason="dask.distributed is not installed")
    spec = CollectionSpec.parse("nurikabe,kurodoko", "5x5", "easy,medium", count=2, seed=11)
    with Store(tmp_path / "local.sqlite") as store:
        build(spec, store, lambda: local_pool(1), log=lambda line: None)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        code = main(["collection", "build", "--genre", "nurikabe,kurodoko", "--sizes", "5x5", "--levels",
                     "easy,medium", "--count", "2", "--seed", "11", "--db", str(tmp_path / "dask.sqlite"),
                     "--scheduler", cluster.scheduler_address])
    assert code == 0
    assert contents(tmp_path / "dask.sqlite") == contents(tmp_path / "local.sqlite")


def test_print_sheets_one_pdf_per_genre_and_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("cairosvg", reason="print sheets need cairosvg")
    db = tmp_path / "s.sqlite"
    assert main(["collection", "build", "--genre", "nurikabe,kurodoko", "--sizes", "5x5", "--levels", "easy,medium",
                 "--db", str(db), "--jobs", "1"]) == 0
    out = tmp_path / "sheets"
    out.mkdir()
    assert main(["collection", "export", "--db", str(db), "--format", "pdf", "-o", str(out)]) == 0
    made = sorted(p.name for p in out.iterdir())
    assert made == ["kurodoko-easy.pdf", "kurodoko-medium.pdf", "nurikabe-easy.pdf", "nurikabe-medium.pdf"]
    from pypdf import PdfReader

    assert len(PdfReader(out / "nurikabe-easy.pdf").pages) == 2  # the puzzle, then its solution
    capsys.readouterr()
    assert main(["collection", "export", "--db", str(db), "--format", "pdf"]) == 2


def test_a_spec_file_gives_the_same_collection_as_the_options(tmp_path: Path) -> None:
    spec = tmp_path / "book.toml"
    spec.write_text('genres = ["nurikabe", "kurodoko"]\nsizes = "5x5"\nlevels = ["easy"]\ncount = 2\nseed = 9\n')
    assert main(["collection", "build", "--spec", str(spec), "--db", str(tmp_path / "t.sqlite"), "--jobs", "1"]) == 0
    assert main(["collection", "build", "--genre", "nurikabe,kurodoko", "--sizes", "5x5", "--levels", "easy",
                 "--count", "2", "--seed", "9", "--db", str(tmp_path / "o.sqlite"), "--jobs", "1"]) == 0
    assert contents(tmp_path / "t.sqlite") == contents(tmp_path / "o.sqlite")
    spec.write_text("colour = 'blue'\n")
    assert main(["collection", "build", "--spec", str(spec), "--db", str(tmp_path / "x.sqlite")]) == 2


def test_an_imported_collection_is_rated_into_the_store_and_resumes(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    batch = tmp_path / "in.jsonl"
    batch.write_text("\n".join(json.dumps({"name": f"p{k}", "puzzle": p}) for k, p in enumerate(
        ["nurikabe:3x3:.,.,.,.,.,.,5,.,1", "nurikabe:1x3:.,2,.", "kurodoko:3x3:.,5,.,.,.,.,.,.,2"])) + "\n")
    db = tmp_path / "rated.sqlite"
    assert main(["collection", "rate", str(batch), "--db", str(db), "--jobs", "2"]) == 1  # one has two solutions
    with Store(db) as store:
        assert store.ratings() == {"easy": 2, "multiple": 1} and store.rated() == {"p0", "p1", "p2"}
    capsys.readouterr()
    assert main(["collection", "rate", str(batch), "--db", str(db), "--jobs", "1"]) == 0  # all done already
    assert "2 easy, 1 several; 3 puzzles" in capsys.readouterr().err


def test_show_prints_one_puzzle_by_place_or_slot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "show.sqlite"
    assert main(["collection", "build", "--sizes", "5x5", "--levels", "easy", "--count", "2", "--db", str(db),
                 "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["collection", "show", "--db", str(db), "2", "--json"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["slot"] == "nurikabe 5x5 easy #1"
    assert main(["collection", "show", "--db", str(db), "nurikabe 5x5 easy #1"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# nurikabe 5x5 easy #1 · rating easy") and "\n".join(second["solution"]) in text
    assert main(["collection", "show", "--db", str(db), "3"]) == 2


def test_a_symmetric_collection_keeps_its_symmetry_and_refuses_what_cannot_have_it(tmp_path: Path) -> None:
    from pencilkit.errors import PencilkitError
    from pencilkit.frame.symmetry import Symmetry

    spec = CollectionSpec.parse("nurikabe,kurodoko", "7x7", "easy,hard", count=1, seed=5, symmetry="rot2")
    with Store(tmp_path / "s.sqlite") as store:
        report = build(spec, store, lambda: local_pool(2), log=lambda line: None)
        records = list(store.records())
    assert report.made - report.repeats == 4 and not report.failed  # a repeat is made again
    for record in records:
        puzzle = pencilkit.parse(record.puzzle)
        assert Symmetry.ROT2.holds(7, 7, puzzle.clue_mask), record.slot
    with pytest.raises(PencilkitError, match="two middle columns"):
        CollectionSpec.parse("nurikabe", "6x6", "easy", symmetry="mirror")
    with pytest.raises(PencilkitError, match="heyawake puzzles cannot be made with mirror"):
        CollectionSpec.parse("heyawake", "6x6", "easy", symmetry="mirror")
    with pytest.raises(PencilkitError, match="unknown symmetry"):
        CollectionSpec.parse("kurodoko", "6x6", "easy", symmetry="spiral")
    db = tmp_path / "c.sqlite"
    assert main(["collection", "build", "--genre", "kurodoko", "--sizes", "6x6", "--levels", "easy", "--symmetry",
                 "mirror", "--db", str(db), "--jobs", "1"]) == 0
    assert main(["collection", "build", "--genre", "kurodoko", "--sizes", "6x6", "--levels", "easy",
                 "--db", str(db), "--jobs", "1"]) == 2  # the same file, another spec (no symmetry)
