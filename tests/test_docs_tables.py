"""The docs say what is: each genre's technique table lists the ladder's techniques, in its order and levels,
and the module docstring's table does too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pencilkit

DOCS = Path(__file__).resolve().parents[1] / "docs"
GENRES = [genre.name for genre in pencilkit.all_genres()]
ROW = re.compile(r"^\| `?([a-z_]+)`? \| ([a-z]+) \|", re.M)
DOCSTRING_ROW = re.compile(r"^([a-z_]+) +(bookkeeping|easy|medium|hard|expert) ", re.M)


def ladder(name: str) -> list[tuple[str, str]]:
    return [(t.name, t.level.label) for t in pencilkit.find_genre(name).ruleset.ladder]


@pytest.mark.parametrize("name", GENRES)
def test_the_genre_doc_lists_the_ladder_in_order(name: str) -> None:
    page = DOCS / f"{name}.md"
    if not page.exists():
        pytest.skip(f"no docs/{name}.md")
    assert technique_table(page.read_text()) == ladder(name)


def technique_table(text: str) -> list[tuple[str, str]]:
    """The rows of the table whose header starts ``| technique | level |``."""
    lines = text.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith("| technique | level |"))
    table = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        table.append(line)
    return ROW.findall("\n".join(table))


@pytest.mark.parametrize("name", GENRES)
def test_the_techniques_docstring_lists_the_ladder_in_order(name: str) -> None:
    module = __import__(f"pencilkit.genres.{name}.techniques", fromlist=["TECHNIQUES"])
    assert DOCSTRING_ROW.findall(module.__doc__ or "") == ladder(name)
