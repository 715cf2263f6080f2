"""Cardinality constraints as clauses (from ``pysat.card``), chosen by size.

>>> from pysat.formula import IDPool
>>> cardinality([1, 2, 3], 3, IDPool(start_from=4))
[[1], [2], [3]]
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

Clause = list[int]

SMALL_CARDINALITY = 40_000
"""Above this many (items x bound), cardinality uses a sorting network, not a sequential counter."""


def cardinality(literals: list[int], bound: int, pool: IDPool) -> list[Clause]:
    """Clauses for ``sum(literals) == bound`` (none hold for a bound out of range)."""
    if bound < 0 or bound > len(literals):
        return [[]]
    if bound == 0:
        return [[-lit] for lit in literals]
    if bound == len(literals):
        return [[lit] for lit in literals]
    if 2 * bound > len(literals):  # a big island: count the cells it leaves out instead
        return cardinality([-lit for lit in literals], len(literals) - bound, pool)
    kind = EncType.seqcounter if len(literals) * bound <= SMALL_CARDINALITY else EncType.sortnetwrk
    return list(CardEnc.equals(lits=literals, bound=bound, vpool=pool, encoding=kind).clauses)


def at_least(literals: list[int], bound: int, pool: IDPool) -> list[Clause]:
    """Clauses for ``sum(literals) >= bound``, by a modulo totalizer: about half the variables of a
    sequential counter on long islands, which makes narrowing faster."""
    if bound > len(literals):
        return [[]]
    if bound <= 0:
        return []
    return list(CardEnc.atleast(lits=literals, bound=bound, vpool=pool, encoding=EncType.mtotalizer).clauses)


def at_most_one(literals: list[int], pool: IDPool) -> list[Clause]:
    if len(literals) <= 6:
        return [[-a, -b] for i, a in enumerate(literals) for b in literals[i + 1:]]
    return list(CardEnc.atmost(lits=literals, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)
