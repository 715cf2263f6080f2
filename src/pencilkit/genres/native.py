"""Genres of the core, put together from their package's files by role.

A genre whose techniques run in the core keeps the same files in its package:
``techniques.py`` (``TECHNIQUES``, cheapest first), ``wording.py``
(``SENTENCES`` and ``BROKEN``), ``sat.py`` (``encode``) and ``generate.py``
(``GENERATOR``).  :class:`CoreGenre` builds the ruleset, the SAT encoder and
the generator from them, so that the genre's class says only what is its own:
its names, rules, probe lengths and the shared kits whose sentences it uses.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, ClassVar

from ..frame.ruleset import Ruleset
from .encoded import SatFinished

if TYPE_CHECKING:
    from ..engines.sat import Encoder
    from ..frame.generator import GenreGenerator


class CoreGenre(SatFinished):
    """A genre of the core (``native`` is its name there) whose package has the usual files."""

    probe_steps: ClassVar[tuple[int, ...]] = (4, 24)
    """Steps within which the probes must refute an assumption: short (hard), long (expert)[, deep]."""
    kits: ClassVar[tuple[str, ...]] = ("black_white",)
    """The shared kits (modules of :mod:`pencilkit.genres`) whose reasons the genre's steps carry too."""

    def part(self, role: str) -> ModuleType:
        """The module of the genre's package that plays ``role`` (``techniques``, ``wording``, ...)."""
        return import_module(f"{type(self).__module__}.{role}")

    def build_ruleset(self) -> Ruleset:
        wording = [self.part("wording"), *(import_module(f"{__package__}.{kit}") for kit in self.kits)]
        return Ruleset(
            techniques=self.part("techniques").TECHNIQUES,
            native=self.name,
            probes=self.probes(*self.probe_steps),
            words=self.words,
            sentences={key: said for module in wording for key, said in module.SENTENCES.items()},
            broken={key: told for module in wording for key, told in module.BROKEN.items()},
        )

    def sat_encoder(self) -> Encoder:
        encode: Encoder = self.part("sat").encode
        return encode

    def generator(self) -> GenreGenerator:
        made: GenreGenerator = self.part("generate").GENERATOR
        return made
