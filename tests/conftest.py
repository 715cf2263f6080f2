"""Shared fixtures: the corpus location and small helpers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"


def load_corpus(genre: str) -> list[dict[str, Any]]:
    path = CORPUS / f"{genre}.jsonl"
    if not path.exists():
        pytest.skip(f"corpus file {path} is not present")
    with path.open() as handle:
        return [json.loads(line) for line in handle if line.strip()]
