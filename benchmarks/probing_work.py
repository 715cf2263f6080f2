"""How much probing work a genre's corpus takes: trials, steps and passes, by probe.

Probing is most of the solving time in every genre, and a trial costs what
its technique calls cost, so the work is counted, not only timed.  Every
puzzle is solved from scratch on one core (as ``benchmarks/corpus.py``
does), with the frame's trial and pass functions wrapped to count them:

* trials, by probe (its step bound): how many, how many were refuted, how
  many stopped short of the bound (nothing more applied), the steps taken
  by those not refuted, and their CPU seconds (a trial run inside another is counted with
  its own probe, and its time within the outer one);
* passes, by probe: whether the pass skipped the probes whose surroundings
  had not changed or ran in full, and whether it found something (a pass's
  trials include those run inside its trials).

The wrappers add a few percent to the total.

    python benchmarks/probing_work.py heyawake
    python benchmarks/probing_work.py nurikabe --every 4

The tables go to stdout.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pencilkit
from pencilkit.formats.detect import read_puzzle
from pencilkit.frame import probing
from pencilkit.frame.board import Contradiction

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"


class Counts:
    """What the wrapped functions saw."""

    def __init__(self) -> None:
        self.trials: defaultdict[int, Counter[str]] = defaultdict(Counter)
        self.trial_seconds: defaultdict[int, float] = defaultdict(float)
        self.passes: defaultdict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
        self.pass_seconds: defaultdict[tuple[str, str, str], float] = defaultdict(float)
        self.trial_count = 0

    def wrap(self) -> None:
        """Replace :func:`probing.trial` and :meth:`probing.Prober._pass` with counting wrappers."""
        trial, run_pass = probing.trial, probing.Prober._pass

        def counted_trial(*args: Any, **kwargs: Any) -> Any:
            bound = args[5] if len(args) > 5 else kwargs["steps"]
            start = time.process_time()
            outcome = trial(*args, **kwargs)
            self.trial_seconds[bound] += time.process_time() - start
            self.trial_count += 1
            seen = self.trials[bound]
            seen["trials"] += 1
            if isinstance(outcome, Contradiction):
                seen["refuted"] += 1
            else:
                taken = outcome[1]
                seen["steps"] += taken
                seen["short"] += taken < bound
            return outcome

        def counted_pass(prober: probing.Prober, board: Any, memory: Any, order: Any, failed: Any, skip: bool,
                         ran: Any) -> Any:
            before = self.trial_count
            start = time.process_time()
            found = run_pass(prober, board, memory, order, failed, skip, ran)
            key = (prober.spec.name, "skipping" if skip else "full", "found" if found[0] else "none")
            self.pass_seconds[key] += time.process_time() - start
            self.passes[key]["passes"] += 1
            self.passes[key]["trials"] += self.trial_count - before
            return found

        probing.trial = counted_trial
        setattr(probing.Prober, "_pass", counted_pass)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("genre", help="nurikabe, kurodoko or heyawake")
    parser.add_argument("--corpus", type=Path, default=None, help="default: ../shared/corpus/<genre>.jsonl")
    parser.add_argument("--every", type=int, default=1, help="take every N-th puzzle (default all)")
    args = parser.parse_args()
    path = args.corpus or CORPUS / f"{args.genre}.jsonl"
    if not path.exists():
        print(f"no corpus at {path}", file=sys.stderr)
        return 2
    lines = [line for line in path.read_text().splitlines() if line.strip()][:: args.every]
    counts = Counts()
    counts.wrap()
    start = time.process_time()
    for line in lines:
        pencilkit.solve(read_puzzle(line))
    total = time.process_time() - start
    print(f"{len(lines)} puzzles from {path.name}: {total:.1f} s of CPU in all\n")
    print("| step bound | trials | refuted | stopped short | steps | s | us a trial |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for bound in sorted(counts.trials):
        seen, seconds = counts.trials[bound], counts.trial_seconds[bound]
        print(f"| {bound} | {seen['trials']:,} | {seen['refuted']:,} | {seen['short']:,} | {seen['steps']:,} "
              f"| {seconds:.1f} | {seconds / seen['trials'] * 1e6:.0f} |")
    print("\n| probe | pass | found | passes | trials | s |")
    print("| --- | --- | --- | --- | --- | --- |")
    for key in sorted(counts.passes):
        seen = counts.passes[key]
        print(f"| {' | '.join(key)} | {seen['passes']:,} | {seen['trials']:,} | {counts.pass_seconds[key]:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
