"""The examples in the docstrings of the format, drawing and conversion modules run and hold."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from pencilkit.commands import convert
from pencilkit.formats import sheet, svg, url


@pytest.mark.parametrize("module", [url, svg, sheet, convert], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
