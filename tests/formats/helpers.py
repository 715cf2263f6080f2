"""Helpers shared by the format tests: corpus clue maps that need no genre, genre availability, small
hand-made Heyawake boards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pencilkit.errors import UnknownGenreError
from pencilkit.formats.url import rooms_from_borders
from pencilkit.genres import find_genre
from pencilkit.grid import Cell
from pencilkit.tokens import parse_shape, parse_tokens

from ..conftest import corpus_lines, load_corpus

__all__ = ["HEYAWAKE_SMALL", "L_ROOMS", "L_SOLUTION", "L_URL", "corpus_clues", "corpus_lines", "has_genre",
           "load_corpus", "need_genre", "random_rooms"]


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


L_ROOMS = "heyawake:3x3:0,.,1,.,.,.,.,.,?:0,1,1,1,1,2,2,2,2"
"""Rooms ``0 1 1 / 1 1 2 / 2 2 2``: the 1 sits on r1c3 and the ``?`` on r3c3, neither its room's top cell."""
L_URL = "https://puzz.link/p?" + "heyawake/3/3/i0n001./"  # pzpr ends a body that ends in "." with "/"
L_SOLUTION = ["---", "#--", "---"]

HEYAWAKE_SMALL = [  # (ID, solution): unique 5x5 puzzles with their solutions
    ("heyawake:5x5:1,0,.,1,.,.,.,.,.,.,.,0,.,1,.,.,0,.,.,.,.,.,1,.,.:"
     "0,1,1,2,2,0,3,4,2,2,0,5,4,6,6,0,7,4,6,6,0,7,8,6,6",
     ["---#-", "-#---", "--#--", "#--#-", "--#--"]),
    ("heyawake:5x5:2,.,.,.,.,.,.,1,.,0,0,0,.,.,.,.,.,1,.,.,.,.,.,.,.:"
     "0,0,1,2,2,0,0,3,3,4,5,6,3,3,4,7,6,8,8,9,7,6,8,8,9",
     ["#--#-", "-#---", "--#--", "#---#", "--#--"]),
    ("heyawake:5x5:2,.,.,.,0,.,.,.,.,.,1,.,.,0,.,1,.,.,.,.,.,0,.,.,.:"
     "0,0,0,0,1,0,0,0,0,1,2,2,2,3,1,4,4,4,4,1,5,6,6,7,7",
     ["-----", "#--#-", "--#--", "-#---", "#--#-"]),
]


def random_rooms(rng: random.Random, rows: int, cols: int, labels: int) -> tuple[int, ...]:
    """A random division of a board into rooms: random labels, each connected group one room."""
    marks = [rng.randrange(labels) for _ in range(rows * cols)]
    vertical = [marks[r * cols + c] != marks[r * cols + c + 1] for r in range(rows) for c in range(cols - 1)]
    horizontal = [marks[r * cols + c] != marks[(r + 1) * cols + c] for r in range(rows - 1) for c in range(cols)]
    return rooms_from_borders(rows, cols, vertical, horizontal)
