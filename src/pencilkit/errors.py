"""Errors a user can cause.

Every error that bad input can provoke is a :class:`PencilkitError` whose
message names the problem (token, row, column).  The CLI prints the message on
one line and exits with code 2; the web server answers 400 with it.
"""

from __future__ import annotations


class PencilkitError(ValueError):
    """Base class of every error caused by input (a puzzle, an answer, an option)."""


class FormatError(PencilkitError):
    """Text that is not a puzzle or answer in any format pencilkit reads."""


class PuzzleError(PencilkitError):
    """A well-formed puzzle whose clues cannot belong to its genre (clue 0, clue too large)."""


class UnknownGenreError(PencilkitError):
    """A genre name that no registered genre answers to."""


class SizeError(PencilkitError):
    """A board larger than the size cap, or with no cells."""
