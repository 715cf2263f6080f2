"""The ant colony's parameters and selection schemes (what the command line offers before it runs one)."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import PencilkitError

SELECTIONS: dict[str, int] = {
    "raster": 0,
    "random": 1,
    "size-descending": 2,
    "size-ascending": 3,
    "farthest": 4,
    "nearest": 5,
}
"""The island selection schemes, by name, with their number in the paper's tables."""


@dataclass(frozen=True)
class AcoParameters:
    """The colony's fixed parameters (defaults: the ACS values, see the module docstring)."""

    ants: int = 10
    q0: float = 0.9
    """Greediness: the chance of taking the cell with most pheromone."""
    rho: float = 0.9
    """Global pheromone update rate."""
    xi: float = 0.1
    """Local pheromone update rate."""
    bve: float = 0.005
    """Best value evaporation rate."""
    tau0: float | None = None
    """Initial pheromone; ``None`` is ``1 / cells``."""
    selection: str = "random"

    def validate(self) -> None:
        """Raise ``PencilkitError`` for a parameter out of range."""
        if self.ants < 1:
            raise PencilkitError(f"--ants must be at least 1, not {self.ants}")
        for name in ("q0", "rho", "xi", "bve"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise PencilkitError(f"--{name} must be between 0 and 1, not {value}")
        if self.tau0 is not None and self.tau0 <= 0:
            raise PencilkitError(f"the initial pheromone must be positive, not {self.tau0}")
        if self.selection not in SELECTIONS:
            raise PencilkitError(f"unknown selection scheme {self.selection!r}: choose one of {', '.join(SELECTIONS)}")
