"""The engine says of every published puzzle what the record says: the same status and method, rating,
solution, and the same explained steps (technique, level and cells; reasons; the chains behind probes).

The record (``corpus.jsonl``) is what the engine said when its techniques
moved into the core; :mod:`.record` makes it again.  A change that alters a
step on purpose re-records it and says which steps changed and why.
"""

from __future__ import annotations

import json

import pytest

from ..conftest import corpus_lines
from .record import GENRES, RECORD, record

CHUNKS = 6
"""Pieces each genre's corpus is cut into, so that test workers share it."""


def _recorded() -> dict[str, dict[str, object]]:
    return {found["name"]: found for found in map(json.loads, RECORD.read_text(encoding="utf-8").splitlines())}


@pytest.mark.parametrize("genre", GENRES)
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_puzzle_is_solved_and_explained_as_recorded(genre: str, chunk: int) -> None:
    recorded = _recorded()
    lines = corpus_lines(genre)[chunk::CHUNKS]
    differ = []
    for line in lines:
        found = record(line)
        want = recorded.get(found["name"])
        assert want is not None, f"{found['name']} is not in the record: run python -m tests.regression.record"
        changed = sorted(key for key in want if want[key] != found[key])
        if changed:
            differ.append(f"{found['name']}: {', '.join(changed)}")
    assert not differ, f"{len(differ)} of {len(lines)} differ from the record:\n" + "\n".join(differ[:20])
