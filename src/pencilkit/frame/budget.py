"""What a piece of work may spend: search nodes, a deadline, and a way to call it off.

One :class:`Budget` goes with a solve from start to end.  The ladder looks at
it between steps (the budget made :func:`active` for a block, so techniques
need no parameter for it), search spends its nodes, and what is left of its
time goes to an exact engine.  Past the deadline, or once ``cancelled()``
says so, the ladder raises :class:`OutOfTime` and search stops.  A budget
made active inside another ends when either does: a part of the work cannot
outlive the whole, nor survive its cancellation.

>>> budget = Budget(nodes=2)
>>> budget.spend(), budget.spend(), budget.spend()
(True, True, False)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar

from .._core import Budget as CoreBudget
from .._core import OutOfTime

DEFAULT_NODES = 200_000
"""Search nodes a count may spend unless told otherwise."""


class Budget:
    """Nodes and seconds a piece of work may spend, and an optional test that calls it off."""

    __slots__ = ("cancelled", "deadline", "nodes", "outer", "used")

    def __init__(self, nodes: int = DEFAULT_NODES, seconds: float | None = None, *,
                 cancelled: Callable[[], bool] | None = None) -> None:
        self.nodes = nodes
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.cancelled = cancelled
        self.outer: Budget | None = None
        """The budget that was active when this one became active (it ends this one too)."""
        self.used = 0

    @classmethod
    def until(cls, deadline: float | None, nodes: int = DEFAULT_NODES, *,
              cancelled: Callable[[], bool] | None = None) -> Budget:
        """A budget that ends at ``deadline`` (a ``time.perf_counter()`` value; ``None``: never)."""
        budget = cls(nodes, cancelled=cancelled)
        budget.deadline = deadline
        return budget

    def left(self) -> float | None:
        """Seconds left before the deadline (never negative); ``None`` without one."""
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def expired(self) -> bool:
        """Whether the deadline has passed or the work was called off (this budget's or the outer one's)."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            return True
        if self.cancelled is not None and self.cancelled():
            return True
        return self.outer is not None and self.outer.expired()

    def check(self) -> None:
        """Raise :class:`OutOfTime` once the budget has :meth:`expired`."""
        if self.expired():
            raise OutOfTime

    def core(self) -> CoreBudget:
        """This budget as the core takes it: the nodes and seconds left (the nodes the core spends are
        added to ``used`` by :meth:`absorb`)."""
        left = self.left()
        outer = self.outer.left() if self.outer is not None else None
        if outer is not None:
            left = outer if left is None else min(left, outer)
        return CoreBudget(max(0, self.nodes - self.used), left)

    def absorb(self, spent: CoreBudget) -> None:
        """Count the nodes a core budget made by :meth:`core` spent."""
        self.used += spent.used

    def spend(self) -> bool:
        """Take one search node; False when the nodes are gone, the deadline has passed or the work
        was called off (the clock is read every 16 nodes)."""
        self.used += 1
        if self.used > self.nodes:
            return False
        return not (self.used % 16 == 0 and self.expired())


_active: ContextVar[Budget | None] = ContextVar("pencilkit_budget", default=None)


@contextmanager
def active(budget: Budget) -> Iterator[Budget]:
    """Within the block, the ladder watches ``budget`` (:func:`check_time`), and the budget active
    before it: the block ends when either does."""
    outer = _active.get()
    if outer is not None and outer is not budget and budget.outer is None:
        budget.outer = outer
    token = _active.set(budget)
    try:
        yield budget
    finally:
        _active.reset(token)


def time_limit(seconds: float | None) -> AbstractContextManager[Budget]:
    """A block whose ladder runs stop after ``seconds`` (no limit for ``None``)."""
    return active(Budget(seconds=seconds))


def current() -> Budget | None:
    """The budget active in this block, if any."""
    return _active.get()


def check_time() -> None:
    """Raise :class:`OutOfTime` when the active budget has expired (nothing without one)."""
    budget = _active.get()
    if budget is not None:
        budget.check()


__all__ = ["DEFAULT_NODES", "Budget", "OutOfTime", "active", "check_time", "current", "time_limit"]
