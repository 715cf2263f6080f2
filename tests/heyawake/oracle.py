"""An independent Heyawake oracle for the tests: the rules written again from their words, and every
solution of a small board by exhaustive enumeration.

Nothing here uses pencilkit's Heyawake code: cells are ``(row, col)`` pairs,
rooms a list of labels, and the rules are checked the plain way.
"""

from __future__ import annotations

import itertools
import random

Cell = tuple[int, int]


def legal(rows: int, cols: int, rooms: list[list[int]], numbers: dict[int, int], black: set[Cell]) -> bool:
    """Whether the shading ``black`` keeps every rule."""
    for r, c in black:
        if (r + 1, c) in black or (r, c + 1) in black:
            return False
    white = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in black]
    if white:
        seen = {white[0]}
        todo = [white[0]]
        while todo:
            r, c = todo.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb not in seen and 0 <= nb[0] < rows and 0 <= nb[1] < cols and nb not in black:
                    seen.add(nb)
                    todo.append(nb)
        if len(seen) != len(white):
            return False
    for room, number in numbers.items():
        if sum(1 for r, c in black if rooms[r][c] == room) != number:
            return False
    lines = [[(r, c) for c in range(cols)] for r in range(rows)] + [[(r, c) for r in range(rows)] for c in range(cols)]
    for line in lines:
        start = 0
        while start < len(line):
            if line[start] in black:
                start += 1
                continue
            end = start
            while end + 1 < len(line) and line[end + 1] not in black:
                end += 1
            crossings = sum(1 for k in range(start, end) if rooms[line[k][0]][line[k][1]] != rooms[line[k + 1][0]][line[k + 1][1]])
            if crossings >= 2:
                return False
            start = end + 1
    return True


def solutions(rows: int, cols: int, rooms: list[list[int]], numbers: dict[int, int]) -> list[set[Cell]]:
    """Every solution, by trying every set of cells no two of which touch."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out = []
    for bits in itertools.product((False, True), repeat=len(cells)):
        black = {cell for cell, on in zip(cells, bits) if on}
        if legal(rows, cols, rooms, numbers, black):
            out.append(black)
    return out


def random_rooms(rows: int, cols: int, rng: random.Random) -> list[list[int]]:
    """Rooms of random rectangles up to 3x3, labelled in reading order of their first cells."""
    label = [[-1] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if label[r][c] >= 0:
                continue
            width = 1
            while c + width < cols and label[r][c + width] < 0 and width < 3 and rng.random() < 0.6:
                width += 1
            height = 1
            while r + height < rows and height < 3 and rng.random() < 0.5:
                height += 1
            for dr in range(height):
                for dc in range(width):
                    label[r + dr][c + dc] = count
            count += 1
    return label


def random_puzzle(rows: int, cols: int, rng: random.Random) -> tuple[list[list[int]], dict[int, int]]:
    """Random rooms with numbers on a random share of them: the counts of a random shading with no two
    blacks touching (so often a puzzle with no solution, one, or many)."""
    rooms = random_rooms(rows, cols, rng)
    black = set()
    for r in range(rows):
        for c in range(cols):
            if rng.random() < 0.3 and (r - 1, c) not in black and (r, c - 1) not in black:
                black.add((r, c))
    numbers = {}
    share = rng.uniform(0.3, 1.0)
    for room in {x for row in rooms for x in row}:
        if rng.random() < share:
            numbers[room] = sum(1 for r, c in black if rooms[r][c] == room)
    return rooms, numbers
