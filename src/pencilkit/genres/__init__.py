"""The genres pencilkit knows, registered in one place.

A genre is one package here exporting one :class:`~pencilkit.frame.genre.Genre`
object; adding a genre is adding its package and one line to :data:`GENRES`.
:func:`register` adds one at run time (a plug-in, or a test's toy genre).

>>> find_genre("Kuromasu").name
'kurodoko'
>>> [genre.name for genre in all_genres()]
['nurikabe', 'kurodoko', 'heyawake', 'hitori']
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import UnknownGenreError
from ..frame.board import Board
from ..frame.genre import Genre, Violation
from ..puzzle import Puzzle
from .heyawake import HEYAWAKE
from .hitori import HITORI
from .kurodoko import KURODOKO
from .nurikabe import NURIKABE

GENRES: list[Genre] = [NURIKABE, KURODOKO, HEYAWAKE, HITORI]
"""Every registered genre, in the order they are listed to a user."""


def register(genre: Genre) -> None:
    """Add a genre; its name and aliases must be new."""
    for other in GENRES:
        taken = {other.name, *other.aliases} & {genre.name, *genre.aliases}
        if taken:
            raise ValueError(f"genre {genre.name!r}: {', '.join(sorted(taken))} already names {other.name}")
    GENRES.append(genre)


def unregister(genre: Genre) -> None:
    """Remove a genre added with :func:`register`."""
    GENRES.remove(genre)


def all_genres() -> list[Genre]:
    return list(GENRES)


def titles() -> str:
    """The registered genres' titles in words (``Nurikabe, Kurodoko, Heyawake and Hitori``)."""
    names = [genre.title for genre in GENRES]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def find_genre(name: str) -> Genre:
    """The genre called ``name`` or one of its aliases (case-insensitive)."""
    key = name.strip().lower()
    for genre in GENRES:
        if key == genre.name or key in genre.aliases:
            return genre
    known = ", ".join(g.name for g in GENRES)
    raise UnknownGenreError(f"unknown genre {name!r}: pencilkit knows {known}")


def genre_of(puzzle: Puzzle) -> Genre:
    """The genre of a puzzle, after checking that its clues belong to it (``PuzzleError`` if not)."""
    genre = find_genre(puzzle.genre)
    genre.accepts(puzzle)
    return genre


def start_board(puzzle: Puzzle) -> Board:
    """The board solving ``puzzle`` starts from, as its genre sets it (:meth:`Genre.start`)."""
    return find_genre(puzzle.genre).start(puzzle)


def canonical(puzzle: Puzzle) -> Puzzle:
    """The puzzle under its genre's own name (not an alias), its clues checked against the genre."""
    genre = genre_of(puzzle)
    if puzzle.genre == genre.name:
        return puzzle
    return replace(puzzle, genre=genre.name)


__all__ = ["GENRES", "Genre", "Violation", "all_genres", "canonical", "find_genre", "genre_of", "register",
           "start_board", "titles", "unregister"]
