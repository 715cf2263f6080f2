"""Shared fixtures: the corpus location and small helpers."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("PENCILKIT_CORPUS", ROOT.parent / "shared" / "corpus"))
"""The published puzzles: ``$PENCILKIT_CORPUS``, else ``../shared/corpus`` beside the checkout."""

settings.register_profile("default", max_examples=80, deadline=None)
settings.register_profile("nightly", max_examples=3000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
"""Property tests run 80 examples each (``HYPOTHESIS_PROFILE=nightly``: 3,000)."""


def corpus_lines(genre: str) -> list[str]:
    """The lines of the genre's published corpus beside the checkout; skips the test (or the
    module, when called at import) with a reason when it is absent, as in a bare clone."""
    path = CORPUS / f"{genre}.jsonl"
    if not path.exists():
        pytest.skip(f"corpus file {path} is not present", allow_module_level=True)
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load_corpus(genre: str) -> list[dict[str, Any]]:
    """The records of the genre's published corpus (skipping as :func:`corpus_lines` does)."""
    return [json.loads(line) for line in corpus_lines(genre)]
