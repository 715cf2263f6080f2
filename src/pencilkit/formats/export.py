"""Turning SVG drawings into PNG and PDF, through cairosvg (an optional dependency).

Install it with ``pip install 'pencilkit[render]'``; it needs the Cairo library
(Debian: ``libcairo2``).  Without it, SVG output still works and PNG or PDF
output is a one-line :class:`~pencilkit.errors.PencilkitError` saying what to
install.  Several PDF pages are merged into one file with pypdf.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from types import ModuleType

from ..errors import PencilkitError

INSTALL_HINT = "pip install 'pencilkit[render]'"


class MissingRendererError(PencilkitError):
    """PNG or PDF output asked for without the optional library that makes it."""


def _cairosvg() -> ModuleType:
    try:
        import cairosvg
    except ImportError:
        raise MissingRendererError(f"PNG and PDF output need cairosvg: {INSTALL_HINT}") from None
    except OSError as e:  # cairocffi found no Cairo library
        raise MissingRendererError(f"PNG and PDF output need the Cairo library ({e}); on Debian: apt-get install "
                                   "libcairo2") from None
    module: ModuleType = cairosvg
    return module


def svg_to_png(svg: str, *, scale: float = 2.0) -> bytes:
    """A PNG of ``svg`` at ``scale`` pixels per point (2 gives 144 dpi)."""
    if scale <= 0:
        raise PencilkitError(f"the PNG scale must be positive, not {scale}")
    # cairosvg measures in CSS pixels (96 to the inch) and our drawings in points (72): 1 pt = 4/3 px
    data: bytes = _cairosvg().svg2png(bytestring=svg.encode("utf-8"), scale=scale * 72 / 96,
                                      background_color="white")
    return data


def svg_to_pdf(svg: str) -> bytes:
    """A one-page PDF of ``svg`` at its natural (point) size."""
    data: bytes = _cairosvg().svg2pdf(bytestring=svg.encode("utf-8"))
    return data


def svgs_to_pdf(pages: Sequence[str]) -> bytes:
    """One PDF with a page per SVG, in order."""
    if not pages:
        raise PencilkitError("no pages to write")
    if len(pages) == 1:
        return svg_to_pdf(pages[0])
    try:
        from pypdf import PdfReader, PdfWriter
    except ImportError:
        raise MissingRendererError(f"a PDF of several pages needs pypdf: {INSTALL_HINT}") from None
    writer = PdfWriter()
    for page in pages:
        for pdf_page in PdfReader(io.BytesIO(svg_to_pdf(page))).pages:
            writer.add_page(pdf_page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
