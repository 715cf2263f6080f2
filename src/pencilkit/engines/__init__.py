"""Independent solvers beside the technique ladder.

* :mod:`pencilkit.engines.sat` counts solutions with a SAT solver (python-sat),
  one encoding per genre (:mod:`~pencilkit.engines.sat_nurikabe`,
  :mod:`~pencilkit.engines.sat_kurodoko`), connectivity by lazy cuts.  It owes
  nothing to the ladder, so the tests use it to cross-check the ladder on boards
  too large for brute force.
* :mod:`pencilkit.engines.aco` is the ant-colony solver of Amos, Crossley and
  Lloyd: it finds a Nurikabe solution but cannot prove uniqueness.
* :mod:`pencilkit.engines.choice` maps ``--engine`` names to solve functions
  that all return a :class:`~pencilkit.frame.solve.Solution`.
"""
