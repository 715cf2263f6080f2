"""Independent solvers beside the technique ladder.

* :mod:`pencilkit.engines.sat` counts solutions with a SAT solver (python-sat):
  each genre brings its encoding (its package's ``sat.py``), connectivity comes
  by lazy cuts.  It owes nothing to the ladder, so the tests use it to
  cross-check the ladder on boards too large for brute force.
* :mod:`pencilkit.engines.cardinality` and :mod:`pencilkit.engines.separator`
  are its parts: counts as clauses, and the fewest cells that separate two
  groups (the cuts a disconnected model is given).

The ant-colony solver, which finds a Nurikabe solution but cannot prove it
unique, is Nurikabe's own (:mod:`pencilkit.genres.nurikabe.aco`);
``--engine`` picks among them (:mod:`pencilkit.commands.engines`).
"""
