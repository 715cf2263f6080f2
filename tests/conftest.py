"""Shared fixtures: the corpus location and small helpers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"


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
