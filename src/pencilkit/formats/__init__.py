"""Reading and writing puzzles and answers.

One module per format (puzzle ID, text grid, JSON, puzz.link URL, pzprv3
file, Janko text, penpa-edit URL); :func:`read_puzzle` detects which one a
text is in.  Every parser reports bad input as a
:class:`~pencilkit.errors.FormatError` naming the token, row or column.
"""

from .detect import FORMATS, read_answer, read_puzzle, write_puzzle

__all__ = ["FORMATS", "read_answer", "read_puzzle", "write_puzzle"]
