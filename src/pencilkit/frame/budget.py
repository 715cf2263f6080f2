"""What a piece of work may spend: search nodes, seconds, and a flag that calls it off.

One :class:`Budget` goes with a piece of work from start to end, and the same
object crosses into the core: the ladder looks at it between steps and
between probes, search spends its nodes, the SAT engine stops at its
deadline, and a generator's loops ask it whether to go on.  A part of the
work gets a budget made ``within`` the whole (:func:`part`): it ends when
either does, so a part cannot outlive the whole, nor survive its
cancellation.  A :class:`Cancel` flag, set from any thread, ends every budget
made with it.

>>> budget = Budget(2)
>>> budget.spend(), budget.spend(), budget.spend()
(True, True, False)
>>> flag = Cancel()
>>> inner = part(Budget(seconds=60, cancel=flag), seconds=5)
>>> inner.expired(), flag.set(), inner.expired()
(False, None, True)
"""

from __future__ import annotations

from .._core import DEFAULT_NODES, Budget, Cancel, OutOfTime


def part(budget: Budget | None, *, seconds: float | None = None, nodes: int = DEFAULT_NODES) -> Budget:
    """A budget for a part of the work: ``nodes`` search nodes and ``seconds`` at most, ending when
    ``budget`` (the whole's, if any) does."""
    return Budget(nodes, seconds, within=budget)


__all__ = ["DEFAULT_NODES", "Budget", "Cancel", "OutOfTime", "part"]
