"""Helpers shared by the format tests: corpus clue maps that need no genre, genre availability."""

from __future__ import annotations

from typing import Any

import pytest

from pencilkit.errors import UnknownGenreError
from pencilkit.genres import find_genre
from pencilkit.grid import Cell
from pencilkit.tokens import parse_shape, parse_tokens

from ..conftest import load_corpus

__all__ = ["corpus_clues", "has_genre", "load_corpus", "need_genre"]


def has_genre(name: str) -> bool:
    """Whether pencilkit has the genre registered (Kurodoko lands separately)."""
    try:
        find_genre(name)
    except UnknownGenreError:
        return False
    return True


def need_genre(name: str) -> None:
    if not has_genre(name):
        pytest.skip(f"the {name} genre is not registered in pencilkit yet")


def corpus_clues(record: dict[str, Any]) -> tuple[int, int, dict[Cell, int | None]]:
    """Shape and clue map of a corpus line, read straight from its ID tokens (no genre needed)."""
    _genre, shape, body = record["puzzle"].split(":", 2)
    rows, cols = parse_shape(shape)
    return rows, cols, parse_tokens(body.split(","), rows, cols)
